"""Progress bars for long work (tqdm: a widget in Jupyter, text in a terminal).

Set ``STOPLIB_PROGRESS=0`` to silence them (the tests do).
"""
from __future__ import annotations

import os

from tqdm.auto import tqdm

from ..util.validate import check_bool, check_int, check_str

__all__ = ['enabled', 'progress']


def enabled() -> bool:
    """True unless ``STOPLIB_PROGRESS`` is set to 0/false/off."""
    return os.environ.get("STOPLIB_PROGRESS", "1").strip().lower() not in {"0", "false", "off", "no"}


def progress(iterable=None, total=None, desc=None, disable=None, **kwargs):
    """A tqdm progress bar that respects ``STOPLIB_PROGRESS``.

    Examples
    --------
    >>> sum(progress(range(3), disable=True))
    3
    """
    if iterable is not None and not hasattr(iterable, "__iter__"):
        raise TypeError(f"iterable must be iterable or None, got {type(iterable).__name__}")
    if total is not None:
        total = check_int("total", total, 0, 10**18)
    if desc is not None:
        desc = check_str("desc", desc, 200)
    if disable is None:
        disable = not enabled()
    disable = check_bool("disable", disable)
    return tqdm(iterable, total=total, desc=desc, disable=disable, **kwargs)
