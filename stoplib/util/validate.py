"""Input checks shared by every public function: clear errors, nothing clipped.

Every check raises ``TypeError`` for a value of the wrong kind and ``ValueError`` for
a value out of range, with a message that names the argument, the valid range and
the value received. NumPy scalars are accepted like their Python counterparts
(``np.int64(26)`` is a card count); booleans are not numbers here (``True`` is not
26 cards), and no value is ever clipped into range.
"""
from __future__ import annotations

import math
import numbers
import numpy as np

__all__ = ["check_int", "check_real", "check_bool", "check_choice", "check_str", "check_instance",
           "check_callable", "check_path", "MissingFileError"]


class MissingFileError(FileNotFoundError, ValueError):
    """A file the call needs does not exist (both a ``FileNotFoundError`` and a ``ValueError``)."""


def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


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
    if isinstance(value, bool) or type(value).__name__ == "bool_" or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {_show(value)}")
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
    try:
        ok = isinstance(value, str) and value in choices
    except TypeError:
        ok = False
    if not ok:
        if not isinstance(value, str):
            raise TypeError(f"{name} must be one of {', '.join(map(repr, choices))}; got "
                            f"{type(value).__name__} {_show(value)}")
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {_show(value)}")
    return value


def check_real(name: str, value, low: float | None = None, high: float | None = None,
               allow_nan: bool = False, allow_inf: bool = False) -> float:
    """Return ``value`` as a float after checking its type and range.

    Ints, floats and NumPy real scalars are accepted; booleans, strings and complex
    numbers are not. An int too large for a float is out of range (``ValueError``),
    not an ``OverflowError``. ``low``/``high`` are inclusive bounds.

    Examples
    --------
    >>> check_real("x", 3)
    3.0
    >>> check_real("x", 10**400)
    Traceback (most recent call last):
    ...
    ValueError: x must be a finite number, got 10000...
    >>> check_real("p", 1.5, 0, 1)
    Traceback (most recent call last):
    ...
    ValueError: p must be in 0..1, got 1.5
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_" or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__} {_show(value)}")
    try:
        number = float(value)
    except OverflowError:
        raise ValueError(f"{name} must be a finite number, got {_show(value)}") from None
    for bound_name, bound in (("low", low), ("high", high)):
        if bound is not None and not (isinstance(bound, numbers.Real) and not isinstance(bound, bool)
                                      and abs(bound) < 1e308):
            raise TypeError(f"{bound_name} must be a finite real number or None, got {_show(bound)}")
    if math.isnan(number) and not allow_nan:
        raise ValueError(f"{name} must be a number, not nan")
    if math.isinf(number) and not allow_inf:
        raise ValueError(f"{name} must be a finite number, got {_show(value)}")
    if low is not None and high is not None and not (low <= number <= high):
        raise ValueError(f"{name} must be in {low:g}..{high:g}, got {number:g}")
    if low is not None and number < low:
        raise ValueError(f"{name} must be >= {low:g}, got {number:g}")
    if high is not None and number > high:
        raise ValueError(f"{name} must be <= {high:g}, got {number:g}")
    return number


def check_bool(name: str, value) -> bool:
    """Return ``value`` if it is a bool (or a NumPy bool); truthy strings and ints are refused.

    Examples
    --------
    >>> check_bool("parallel", True)
    True
    >>> check_bool("parallel", np.True_)
    True
    >>> check_bool("parallel", "no")
    Traceback (most recent call last):
    ...
    TypeError: parallel must be True or False, got str 'no'
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {type(value).__name__} {_show(value)}")


def check_str(name: str, value, max_length: int = 10_000, allow_empty: bool = True) -> str:
    """Return ``value`` if it is a str of at most ``max_length`` characters.

    Examples
    --------
    >>> check_str("deck", "Ah Kd")
    'Ah Kd'
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__} {_show(value)}")
    if len(value) > max_length:
        raise ValueError(f"{name} must be at most {max_length} characters, got {len(value)}")
    if not allow_empty and not value.strip():
        raise ValueError(f"{name} must not be empty")
    return value


def check_instance(name: str, value, cls):
    """Return ``value`` if it is an instance of ``cls`` (a class or a tuple of classes).

    Examples
    --------
    >>> check_instance("seed", 3.5, int)
    Traceback (most recent call last):
    ...
    TypeError: seed must be a int, got float 3.5
    """
    if not isinstance(value, cls):
        names = " or ".join(c.__name__ for c in (cls if isinstance(cls, tuple) else (cls,)))
        raise TypeError(f"{name} must be a {names}, got {type(value).__name__} {_show(value)}")
    return value


def check_callable(name: str, value):
    """Return ``value`` if it is callable.

    Examples
    --------
    >>> check_callable("fn", len) is len
    True
    """
    if not callable(value):
        raise TypeError(f"{name} must be callable, got {type(value).__name__} {_show(value)}")
    return value



def check_path(name: str, value, must_exist: bool = False, kind: str | None = None):
    """Return ``value`` as a ``pathlib.Path`` (it must be a str or path-like).

    Parameters
    ----------
    must_exist : bool
        Raise :class:`MissingFileError` when nothing is there.
    kind : {"file", "dir", None}
        What must be there when it exists.

    Examples
    --------
    >>> check_path("root", ".").is_dir()
    True
    """
    import os
    from pathlib import Path

    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be a path (str or pathlib.Path), got {type(value).__name__} {_show(value)}")
    text = os.fspath(value)
    if not isinstance(text, str) or not text or "\x00" in text or len(text) > 4096:
        raise ValueError(f"{name} must be a non-empty path without NUL characters, got {_show(value)}")
    path = Path(text)
    try:
        exists = path.exists()
    except OSError as exc:  # a name too long for the file system, say
        raise ValueError(f"{name} is not a usable path ({exc.strerror}): {_show(value)}") from None
    if exists:
        if kind == "file" and not path.is_file():
            raise ValueError(f"{name} must be a file, got the folder {path}")
        if kind == "dir" and not path.is_dir():
            raise ValueError(f"{name} must be a folder, got the file {path}")
    elif must_exist:
        raise MissingFileError(2, f"{name}: nothing at this path", str(path))
    return path
