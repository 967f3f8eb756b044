"""Input checks shared by every public function: clear errors, nothing clipped."""
from __future__ import annotations

import numbers

__all__ = ['check_int', 'check_choice']


def check_int(name: str, value, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int after checking its type and range.

    Booleans and floats are rejected (``True`` is not a card count, nor is
    ``26.0``). ``low``/``high`` are inclusive bounds.

    Examples
    --------
    >>> check_int("n_red", 26, 0)
    26
    >>> check_int("n_red", -1, 0)
    Traceback (most recent call last):
    ...
    ValueError: n_red must be >= 0, got -1
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    value = int(value)
    if low is not None and high is not None and not (low <= value <= high):
        raise ValueError(f"{name} must be in {low}..{high}, got {value}")
    if low is not None and value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be <= {high}, got {value}")
    return value


def check_choice(name: str, value, choices) -> str:
    """Check that ``value`` is one of ``choices``.

    Examples
    --------
    >>> check_choice("method", "row", ("row", "tiled"))
    'row'
    """
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")
    return value
