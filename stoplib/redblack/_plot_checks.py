"""Checks of the figures' inputs (private): :mod:`stoplib.redblack.plots` draws the red/black
game of document 000 ("Problem 14": ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b)
(V(r, b-1) - 1))``), and every ``plot_*`` function checks what it is given with these first:
axes by class, arrays of numbers (never strings, objects or complex numbers, at most
``MAX_IMAGE_CELLS`` entries), titles, axis limits and stopping boundaries.
"""
from __future__ import annotations

import numpy as np

from ..util.validate import check_instance, check_real, check_str

__all__ = []

#: Most cells a heat map or policy map draws (a figure has fewer pixels than this).
MAX_IMAGE_CELLS = 10_000_000


def _check_ax(ax, name="ax"):
    from matplotlib.axes import Axes

    return check_instance(name, ax, Axes)


def _check_axes(axes, count, name="axes"):
    """``axes`` as a list of at least ``count`` matplotlib Axes."""
    from matplotlib.axes import Axes

    flat = list(np.ravel(np.asarray(axes, dtype=object))) if not isinstance(axes, Axes) else [axes]
    if len(flat) < count or not all(isinstance(a, Axes) for a in flat):
        raise TypeError(f"{name} must be {count} or more matplotlib Axes, got {type(axes).__name__}")
    return flat


def _check_title(title, name="title"):
    return None if title is None else check_str(name, title, 500)


def _check_lim(lim, name):
    """None, or a pair (low, high) of finite numbers with low < high."""
    if lim is None:
        return None
    if isinstance(lim, (str, bytes)) or not hasattr(lim, "__len__") or len(lim) != 2:
        raise TypeError(f"{name} must be None or a pair (low, high), got {lim!r}"[:120])
    lo, hi = (check_real(f"{name}[{i}]", x, -1e300, 1e300) for i, x in enumerate(lim))
    if not lo < hi:
        raise ValueError(f"{name} must have low < high, got {lim!r}")
    return lo, hi


def _array(name, a, ndim, kinds="iuf"):
    """``a`` as a NumPy array of ``ndim`` dimensions and one of ``kinds`` (never objects,
    strings or complex numbers), non-empty, at most ``MAX_IMAGE_CELLS`` entries."""
    try:
        arr = np.asarray(a)
    except (ValueError, TypeError) as err:
        raise TypeError(f"{name} must be an array, got {type(a).__name__} ({err})") from None
    if arr.dtype.kind not in kinds:
        raise TypeError(f"{name} must be an array of numbers, got dtype {arr.dtype}")
    if arr.ndim != ndim or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty {ndim}-D array, got shape {arr.shape}")
    if arr.size > MAX_IMAGE_CELLS:
        raise ValueError(f"{name} has {arr.size:,} entries; a figure shows at most {MAX_IMAGE_CELLS:,}")
    return arr


def _boundary(boundary):
    """A stopping boundary: a 1-D array of whole numbers >= 0 (ints, or whole floats)."""
    b = _array("boundary", boundary, 1)
    if b.dtype.kind == "f" and not (np.isfinite(b).all() and (b == np.floor(b)).all()):
        raise ValueError("boundary must hold whole numbers of black cards")
    if (b < 0).any() or (b > 2**53).any():
        raise ValueError("boundary must hold counts in 0..2**53")
    return b.astype(np.int64)


def _seq(name, items, most):
    """``items`` as a list of at most ``most`` entries (a figure has colours for that many)."""
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise TypeError(f"{name} must be a sequence, got {type(items).__name__}")
    items = list(items)
    if len(items) > most:
        raise ValueError(f"{name} must hold at most {most} entries (one colour each), got {len(items)}")
    return items
