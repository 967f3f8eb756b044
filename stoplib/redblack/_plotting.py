"""Shared helpers of the red/black figures (:mod:`stoplib.redblack.plots`): colours,
legend placement and argument checks. Private: the figures are in ``plots``."""
from __future__ import annotations

import math

import numpy as np

from ..util.validate import check_bool, check_instance, check_int, check_real, check_str
from ..workbook import style
from .asymptotics import CorrectionFit, GrowthFits, _points, bridge_boundary, bridge_constant
from .rules import check_counts
from .simulation import SamplePaths, SimulationResult
from .solver import policy_table, stopping_boundary, value


C = style.COLORS
#: Colours of the policy maps: draw, stop.
DRAW, STOP = C["sky"], C["orange"]
_OUTSIDE = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0}
#: A legend drawn over an image needs a frame, or a patch of the background colour vanishes.
_FRAMED = {"frameon": True, "framealpha": 1.0, "facecolor": "white", "edgecolor": "0.6"}


#: Most cells a heat map or policy map draws (a figure has fewer pixels than this).
MAX_IMAGE_CELLS = 10_000_000
#: Most cards of each colour :func:`plot_position_panel` draws (its policy map is one
#: cell per position).
MAX_PANEL_CARDS = 3000


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


def _patch(color, label):
    from matplotlib.patches import Patch

    return Patch(facecolor=color, edgecolor="none", label=label)
