"""``python -m stoplib.holdem verify FILE``: deal every deck of a file again with the slow twin
(:mod:`stoplib.holdem.verify`)."""
import sys

from .verify import main

__all__: list[str] = []

if __name__ == "__main__":
    sys.exit(main())
