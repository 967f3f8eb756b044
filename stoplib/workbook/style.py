"""One figure style for the whole workbook, applied by every plotting function and widget.

After "Ten Simple Rules for Better Figures" (Rougier, Droettboom and Bourne, PLOS
Computational Biology 10(9), 2014): text no smaller than 8 pt at the exported size,
a colour-blind-safe palette (Okabe and Ito's eight colours; never red against green
as the only cue), light grids, no top/right spines, legends without frames, the
mathtext minus sign, constrained layout.

Plotting functions draw inside :func:`context` (or are decorated with :func:`styled`)
and create their figures with :func:`figure`, which returns an explicit
``matplotlib.figure.Figure`` that is *not* registered with pyplot: widget callbacks
that share pyplot's global state can send half-drawn images, explicit figures cannot.

Examples
--------
>>> fig, ax = figure(figsize=(4, 3))
>>> _ = ax.plot([0, 1], [0, 1], color=COLORS["blue"])
>>> small_text(fig)
[]
"""
from __future__ import annotations

import functools
from contextlib import contextmanager

import matplotlib as mpl
from cycler import cycler
from matplotlib.figure import Figure

from ..util.validate import check_bool, check_callable, check_instance, check_int, check_real

__all__ = ["COLORS", "CYCLE", "SEQUENTIAL", "DIVERGING", "AGREE", "DIFFER", "OPEN",
           "MIN_FONT_PT", "RC", "apply", "context", "styled", "figure", "small_text", "png_bytes", "show"]

#: Okabe and Ito's colour-blind-safe palette, by name.
COLORS = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "green": "#009E73",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "sky": "#56B4E9",
    "yellow": "#F0E442",
    "black": "#000000",
    "grey": "#8C8C8C",
}
#: The order in which lines take colours.
CYCLE = [COLORS[k] for k in ("blue", "orange", "green", "vermillion", "purple", "sky", "black", "yellow")]
#: Colour map for magnitudes (perceptually uniform, colour-blind safe).
SEQUENTIAL = "viridis"
#: Colour map for signed quantities centred on zero (purple-orange, colour-blind safe).
DIVERGING = "PuOr_r"
#: Colours that say "agrees with the document", "differs" and "open / not comparable".
AGREE, DIFFER, OPEN = COLORS["blue"], COLORS["orange"], "#D9D9D9"
#: Smallest font size, in points at the exported size.
MIN_FONT_PT = 8.0

RC = {
    "font.size": 10.0,
    "axes.titlesize": 11.0,
    "axes.labelsize": 10.0,
    "xtick.labelsize": 9.0,
    "ytick.labelsize": 9.0,
    "legend.fontsize": 9.0,
    "legend.title_fontsize": 9.0,
    "figure.titlesize": 12.0,
    "axes.prop_cycle": cycler(color=CYCLE),
    "image.cmap": SEQUENTIAL,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.35,
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "axes.unicode_minus": True,
    "axes.formatter.use_mathtext": True,
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "pdf.fonttype": 42,
    "svg.fonttype": "path",
    "lines.linewidth": 1.6,
    "patch.linewidth": 0.6,
}


def apply() -> None:
    """Make the workbook style the default for this Python session (notebooks call it once)."""
    mpl.rcParams.update(RC)


@contextmanager
def context():
    """A context in which new figures, axes and text take the workbook style."""
    with mpl.rc_context(RC):
        yield


def styled(fn):
    """Decorator: run a plotting function inside :func:`context`."""
    check_callable("fn", fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with context():
            return fn(*args, **kwargs)
    return wrapper


def figure(nrows: int = 1, ncols: int = 1, figsize=(6.4, 4.0), squeeze: bool = True, **subplot_kw):
    """A styled, pyplot-free ``Figure`` and its axes (like ``plt.subplots``).

    Parameters
    ----------
    nrows, ncols : int
        Grid of axes.
    figsize : (float, float)
        Size in inches (the exported size: text keeps its point size).
    squeeze : bool
        As in ``plt.subplots``.
    **subplot_kw
        Passed to ``Figure.subplots`` (``sharex``, ``subplot_kw``, ``gridspec_kw`` ...).

    Returns
    -------
    (matplotlib.figure.Figure, Axes or array of Axes)
    """
    nrows = check_int("nrows", nrows, 1, 12)
    ncols = check_int("ncols", ncols, 1, 12)
    squeeze = check_bool("squeeze", squeeze)
    figsize = _check_figsize(figsize)
    with context():
        fig = Figure(figsize=figsize, layout="constrained")
        axes = fig.subplots(nrows, ncols, squeeze=squeeze, **subplot_kw)
    return fig, axes


def _check_figsize(figsize):
    if not isinstance(figsize, (tuple, list)) or len(figsize) != 2:
        raise TypeError(f"figsize must be a pair (width, height) in inches, got {figsize!r}"[:120])
    return tuple(check_real(f"figsize[{k}]", x, 0.5, 40.0) for k, x in enumerate(figsize))


def small_text(fig, min_pt: float = MIN_FONT_PT) -> list[str]:
    """The visible texts of ``fig`` smaller than ``min_pt`` points (empty when the figure complies).

    Tick labels, titles, axis labels, legends, annotations and table cells are all checked.
    """
    from matplotlib.text import Text

    check_instance("fig", fig, Figure)
    min_pt = check_real("min_pt", min_pt, 0.0, 100.0)
    bad = []
    for text in fig.findobj(Text):
        if not text.get_visible() or not text.get_text().strip():
            continue
        size = text.get_fontsize()
        if size < min_pt - 1e-9:
            bad.append(f"{text.get_text()[:30]!r} at {size:.1f} pt")
    return bad


def png_bytes(fig, dpi: int = 100) -> bytes:
    """Render ``fig`` to PNG bytes without pyplot (what widget panels display)."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    check_instance("fig", fig, Figure)
    dpi = check_int("dpi", dpi, 10, 600)
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()


def show(fig, dpi: int = 100):
    """Display ``fig`` in a notebook as a complete PNG (no pyplot needed).

    A cell ends with ``sl.style.show(fig)``; the returned ``IPython.display.Image``
    is what Jupyter shows, identical in JupyterLab, nbviewer and on GitHub.
    """
    from IPython.display import Image

    return Image(data=png_bytes(fig, dpi=dpi), format="png")
