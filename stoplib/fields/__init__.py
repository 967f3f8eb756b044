"""The increasing-fields game (document 001), moving into rooms (issue 9)."""
from .solver import *  # noqa: F401,F403
from .solver import __all__  # noqa: F401
