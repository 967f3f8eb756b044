"""The large-deck figures of the red/black game (notebook 03; private: :mod:`stoplib.redblack.plots`
exports them): the document's fits of ``V(n, n)`` (the recursion
``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))`` of document 000's
"Problem 14") and their residuals, ``V(n, n)/sqrt(n)`` against the bridge constant, the
correction ``V(n, n) - c sqrt(n)``, and the exact stopping boundary beside the bridge's rule.
Each draws the results it is given (:mod:`stoplib.redblack.fits`,
:func:`stoplib.redblack.asymptotics.boundary_comparison`) and computes nothing.
"""
from __future__ import annotations

import math

import numpy as np

from ..util.validate import check_bool, check_instance, check_int, check_real, check_str
from ..workbook import style
from ._plot_checks import _check_ax, _check_axes, _check_lim, _seq
from .asymptotics import BoundaryComparison
from .fits import CorrectionFit, GrowthFits, _check_points

__all__ = ["plot_fits", "plot_residuals", "plot_ratio", "plot_correction", "plot_boundary_comparison"]

C = style.COLORS
_OUTSIDE = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0}


@style.styled
def plot_fits(ax, fits: GrowthFits, xlim=None, ylim=None):
    """Exact values and the three fitted curves against ``n`` (the document's "√ vs log"
    figure). The curves are evaluated on a fine grid *inside* ``xlim`` (1,000 evenly spaced
    points plus 400 geometric ones), so a zoomed panel shows them as smooth as the data.

    Examples
    --------
    >>> from stoplib.redblack.fits import fit_growth
    >>> n = np.arange(1, 100)
    >>> fig, ax = style.figure()
    >>> [float(x) for x in plot_fits(ax, fit_growth(n, 0.52 * np.sqrt(n)), xlim=(0, 50)).get_xlim()]
    [0.0, 50.0]
    """
    _check_ax(ax)
    check_instance("fits", fits, GrowthFits)
    xlim, ylim = _check_lim(xlim, "xlim"), _check_lim(ylim, "ylim")
    df = fits.data
    lo, hi = (float(df.n.min()), float(df.n.max())) if xlim is None else xlim
    inside = df[(df.n >= lo) & (df.n <= hi)]
    sub = inside.iloc[:: max(1, len(inside) // 3000)]
    ax.plot(sub.n, sub.value, ".", color=C["black"], ms=3, label="exact V(n, n)", rasterized=len(sub) > 500)
    start = max(lo, float(df.n.min()))
    grid = np.union1d(np.linspace(start, hi, 1000), np.geomspace(start, hi, 400))
    pred = fits.predict(grid)
    for k, color, ls in (("log", C["vermillion"], "--"), ("sqrt", C["blue"], "-"), ("log+sqrt", C["green"], ":")):
        ax.plot(pred.n, pred[k], color=color, ls=ls, lw=1.8, label=f"{k.replace('sqrt', '√')} fit")
    ax.set_xlim(lo, hi)
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) ($)")
    ax.legend(loc="lower right")
    return ax


@style.styled
def plot_residuals(fits: GrowthFits, figsize=(11.0, 3.4)):
    """Residuals of each fit against ``n`` (log axis), one panel per fit, each with its own
    vertical scale (they differ by four orders of magnitude). Returns a ``Figure``.

    Examples
    --------
    >>> from stoplib.redblack.fits import fit_growth
    >>> n = np.arange(1, 100)
    >>> fig = plot_residuals(fit_growth(n, 0.52 * np.sqrt(n) + 0.01 * np.log(n)))
    >>> len(fig.axes), style.small_text(fig)
    (3, [])
    """
    check_instance("fits", fits, GrowthFits)
    fig, axes = style.figure(1, 3, figsize=figsize)
    n = fits.data.n.to_numpy()
    pick = np.unique(np.geomspace(1, len(n), 3000).astype(int)) - 1   # every small n, fewer large ones
    for ax, (k, r) in zip(axes, fits.results.items()):
        ax.axhline(0, color=C["grey"], lw=0.8)
        ax.plot(n[pick], np.asarray(r.resid)[pick], ".", ms=2.5, color=C["blue"], rasterized=True)
        ax.set_xscale("log")
        ax.set_title(f"{k.replace('sqrt', '√')} fit: residual SE {math.sqrt(r.scale):.3g}")
        ax.set_xlabel("n")
        ax.set_ylabel("residual ($)")
    return fig


@style.styled
def plot_ratio(ax, n, values, c, slopes=None, legend: bool = True):
    """``V(n, n)/√n`` against ``n`` (log axis) with the bridge constant ``c``
    (:func:`stoplib.redblack.bridge_constant`), the document's 0.5 and any fitted
    ``slopes`` (``{label: value}``) as horizontal lines.

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> n = np.arange(1, 100)
    >>> plot_ratio(ax, n, 0.52 * np.sqrt(n), c=0.522038).get_ylabel()
    'V(n, n) / √n'
    """
    _check_ax(ax)
    c = check_real("c", c, 0.0, 10.0)
    n, v = _check_points(n, values)
    if slopes is not None:
        if not isinstance(slopes, dict):
            raise TypeError(f"slopes must be None or a dict {{label: slope}}, got {type(slopes).__name__}")
        _seq("slopes", slopes, 3)
        slopes = {check_str("slopes label", k, 200): check_real(f"slopes[{k!r}]", x, -1e6, 1e6)
                  for k, x in slopes.items()}
    legend = check_bool("legend", legend)
    keep = n > 0
    nn, vv = n[keep], v[keep]
    if nn.size == 0:
        raise ValueError("n must hold at least one n > 0")
    idx = np.unique(np.geomspace(1, nn.size, 1500).astype(int)) - 1
    ax.plot(nn[idx], vv[idx] / np.sqrt(nn[idx]), ".", color=C["black"], ms=3, label="exact V(n, n) / √n")
    ax.axhline(c, color=C["blue"], lw=1.8, label=f"bridge constant c = {c:.6f}")
    ax.axhline(0.5, color=C["vermillion"], lw=1.8, ls="--", label="document's limit 0.5")
    for (label, slope), ls in zip((slopes or {}).items(), (":", "-.", (0, (5, 2)))):
        ax.axhline(slope, color=C["orange"], lw=1.4, ls=ls, label=f"{label}: {slope:.6f}")
    ax.set_xscale("log")
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) / √n")
    if legend:
        ax.legend(**_OUTSIDE)
    return ax


@style.styled
def plot_correction(ax, n, values, c, fits=(), points=()):
    """``V(n, n) − c√n`` on a log ``n`` axis, with fitted corrections drawn from their
    first fitted ``n`` out to 1.5 × 10⁸, and extra points with error bars.

    Parameters
    ----------
    ax : matplotlib Axes
    n, values : arrays
        Exact values.
    c : float
        The slope (the bridge constant, :func:`stoplib.redblack.bridge_constant`).
    fits : sequence of :class:`stoplib.redblack.fits.CorrectionFit`
    points : sequence of (n, value, label, half_width)
        Extra values (e.g. the document's 133,787,000-card figure), drawn as their
        correction ``value − c√n`` with an error bar of ``half_width``.

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> n = np.arange(1, 100)
    >>> plot_correction(ax, n, 0.52 * np.sqrt(n), c=0.522038).get_ylabel()
    'V(n, n) − c√n ($)'
    """
    _check_ax(ax)
    c = check_real("c", c, -1e6, 1e6)
    n, v = _check_points(n, values)
    fits = [check_instance(f"fits[{i}]", f, CorrectionFit) for i, f in enumerate(_seq("fits", fits, 3))]
    points = _seq("points", points, 2)
    for i, pt in enumerate(points):
        if isinstance(pt, (str, bytes)) or not hasattr(pt, "__len__") or len(pt) != 4:
            raise TypeError(f"points[{i}] must be (n, value, label, half_width), got {pt!r}"[:120])
        points[i] = (check_int(f"points[{i}] n", pt[0], 1, 2**53), check_real(f"points[{i}] value", pt[1]),
                     check_str(f"points[{i}] label", pt[2], 200), check_real(f"points[{i}] half_width", pt[3], 0, 1e15))
    keep = n > 0
    if not keep.any():
        raise ValueError("n must hold at least one n > 0")
    idx = np.unique(np.geomspace(1, keep.sum(), 800).astype(int)) - 1
    nn, vv = n[keep][idx], v[keep][idx]
    ax.plot(nn, vv - c * np.sqrt(nn), ".", color=C["black"], ms=3, label="exact")
    for f, color in zip(fits, (C["blue"], C["green"], C["purple"])):
        grid = np.geomspace(f.n_min, 1.5e8, 400)
        ax.plot(grid, f.correction(grid), color=color, lw=1.6,
                label=f"fit {f.label} on n = {f.n_min:,}..{f.n_max:,}")
    for (pn, pv, label, half), color in zip(points, (C["vermillion"], C["orange"])):
        ax.errorbar([pn], [pv - c * math.sqrt(pn)], yerr=[[half], [half]], fmt="o", ms=5, capsize=4,
                    color=color, label=label)
    ax.axhline(0, color=C["grey"], lw=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) − c√n ($)")
    ax.legend(loc="upper left")
    return ax


@style.styled
def plot_boundary_comparison(comparison: BoundaryComparison, axes=None):
    """The exact DP stopping boundary against the bridge's rule, in two panels.

    Left: the winnings ``b − r`` at which you stop against the cards left ``r + b``, for
    the exact DP and for ``α √(cards left)``. Right: both minus ``α √(cards left)``, with
    the band ``α √(cards left) ± ½`` marked, where the difference is visible. ``comparison``
    is a :class:`~stoplib.redblack.asymptotics.BoundaryComparison`. Returns the two axes
    (of an explicit ``Figure`` when ``axes`` is None).

    Examples
    --------
    >>> from stoplib.redblack.asymptotics import boundary_comparison
    >>> axes = plot_boundary_comparison(boundary_comparison(20))
    >>> axes[0].get_xlabel(), style.small_text(axes[0].figure)
    ('cards left when you stop, r + b', [])
    """
    comparison = check_instance("comparison", comparison, BoundaryComparison)
    if axes is None:
        _, axes = style.figure(1, 2, figsize=(12.0, 4.0))
    ax, ax2 = _check_axes(axes, 2)[:2]
    alpha = comparison.alpha
    r = np.arange(1, comparison.n_red + 1)
    exact = np.asarray(comparison.exact)[1:]
    bridge = np.asarray(comparison.bridge)[1:]
    cards_e, win_e = r + exact, exact - r
    cards_b, win_b = r + bridge, bridge - r
    ax.plot(cards_e, win_e, ".", color=C["black"], ms=2.5, label="exact DP: stop at winnings b − r",
            rasterized=True)
    grid = np.linspace(0, cards_e[-1], 600)
    ax.plot(grid, alpha * np.sqrt(grid), color=C["vermillion"], lw=1.2, label=f"α √(cards left), α = {alpha:.4f}")
    ax.set_xlabel("cards left when you stop, r + b")
    ax.set_ylabel("winnings at which you stop ($)")
    ax.legend(loc="lower right")
    ax2.plot(cards_b, win_b - alpha * np.sqrt(cards_b), "o", color=C["sky"], ms=3.5, mew=0,
             label="bridge rule, rounded up to whole dollars", rasterized=True)
    ax2.plot(cards_e, win_e - alpha * np.sqrt(cards_e), ".", color=C["black"], ms=2, label="exact DP",
             rasterized=True)  # on top: where both rules agree the black dot sits inside the blue one
    ax2.axhline(0, color=C["vermillion"], lw=1.2, label="α √(cards left)")
    for y, label in ((-0.5, "α √(cards left) ± ½"), (0.5, None)):
        ax2.axhline(y, color=C["vermillion"], lw=1.2, ls="--", label=label)
    ax2.set_xscale("log")
    ax2.set_xlabel("cards left when you stop, r + b")
    ax2.set_ylabel("stop level − α √(cards left) ($)")
    ax2.legend(**_OUTSIDE)
    return np.array([ax, ax2])

