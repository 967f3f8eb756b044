"""Ten Thousand and solitaire Pig (document 002), mid-move: see the next commit."""
from .solver import *  # noqa: F401,F403
from .solver import pig, PigResult  # noqa: F401
