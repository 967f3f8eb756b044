"""The red/black figures of large decks (notebook 03): fits, residuals, the correction
term, boundaries and the frontier sweeps. Private: re-exported by :mod:`stoplib.redblack.plots`."""
from __future__ import annotations

import math

import numpy as np

from ..util.validate import check_bool, check_instance, check_int, check_real, check_str
from ..workbook import style
from .asymptotics import CorrectionFit, GrowthFits, _points, bridge_boundary, bridge_constant
from .rules import check_counts
from .simulation import SamplePaths, SimulationResult
from .solver import policy_table, stopping_boundary, value

from ._plotting import (  # noqa: F401  (shared with _plots_large)
    DRAW, STOP,
    C, MAX_IMAGE_CELLS, MAX_PANEL_CARDS, _FRAMED, _OUTSIDE, _array, _boundary, _check_ax,
    _check_axes, _check_lim, _check_title, _patch)

__all__ = ["plot_fits", "plot_residuals", "plot_correction", "plot_ratio", "plot_boundary_comparison",
           "plot_frontier_correction"]


# ---------------------------------------------------------------------------
# Large decks (notebook 03)
# ---------------------------------------------------------------------------
@style.styled
def plot_fits(ax, fits: GrowthFits, xlim=None, ylim=None):
    """Exact values and the three fitted curves against ``n`` (the document's "√ vs log"
    figure). The curves are evaluated on a fine grid *inside* ``xlim`` (1,000 evenly spaced
    points plus 400 geometric ones), so a zoomed panel shows them as smooth as the data.

    Examples
    --------
    >>> from stoplib.redblack.asymptotics import fit_growth
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
    >>> from stoplib.redblack.asymptotics import fit_growth
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
def plot_ratio(ax, n, values, slopes=None, legend: bool = True):
    """``V(n, n)/√n`` against ``n`` (log axis) with the bridge constant ``c``, the document's
    0.5 and any fitted ``slopes`` (``{label: value}``) as horizontal lines.

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> n = np.arange(1, 100)
    >>> plot_ratio(ax, n, 0.52 * np.sqrt(n)).get_ylabel()
    'V(n, n) / √n'
    """
    _check_ax(ax)
    _, c = bridge_constant()
    n, v = _points(n, values)
    if slopes is not None:
        if not isinstance(slopes, dict) or len(slopes) > 3:
            raise TypeError("slopes must be None or a dict of up to 3 {label: slope}")
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
def plot_correction(ax, n, values, c=None, fits=(), points=()):
    """``V(n, n) − c√n`` on a log ``n`` axis, with fitted corrections drawn from their
    first fitted ``n`` out to 1.5 × 10⁸, and extra points with error bars.

    Parameters
    ----------
    ax : matplotlib Axes
    n, values : arrays
        Exact values.
    c : float or None
        The slope (None: the bridge constant).
    fits : sequence of :class:`stoplib.redblack.asymptotics.CorrectionFit`
    points : sequence of (n, value, label, half_width)
        Extra values (e.g. the document's 133,787,000-card figure), drawn as their
        correction ``value − c√n`` with an error bar of ``half_width``.

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> n = np.arange(1, 100)
    >>> plot_correction(ax, n, 0.52 * np.sqrt(n)).get_ylabel()
    'V(n, n) − c√n ($)'
    """
    _check_ax(ax)
    c = bridge_constant()[1] if c is None else check_real("c", c, -1e6, 1e6)
    n, v = _points(n, values)
    if isinstance(fits, (str, bytes)) or not hasattr(fits, "__iter__"):
        raise TypeError(f"fits must be a sequence of CorrectionFit, got {type(fits).__name__}")
    fits = [check_instance(f"fits[{i}]", f, CorrectionFit) for i, f in enumerate(fits)][:3]
    if isinstance(points, (str, bytes)) or not hasattr(points, "__iter__"):
        raise TypeError(f"points must be a sequence of (n, value, label, half_width), got {type(points).__name__}")
    checked = []
    for i, pt in enumerate(list(points)[:2]):
        if isinstance(pt, (str, bytes)) or not hasattr(pt, "__len__") or len(pt) != 4:
            raise TypeError(f"points[{i}] must be (n, value, label, half_width), got {pt!r}"[:120])
        checked.append((check_int(f"points[{i}] n", pt[0], 1, 2**53), check_real(f"points[{i}] value", pt[1]),
                        check_str(f"points[{i}] label", pt[2], 200),
                        check_real(f"points[{i}] half_width", pt[3], 0.0, 1e15)))
    points = checked
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
def plot_boundary_comparison(n_red: int, axes=None):
    """The exact DP stopping boundary against the bridge's rule, in two panels.

    Left: the winnings ``b − r`` at which you stop against the cards left ``r + b``, for
    the exact DP and for ``α √(cards left)``. Right: both minus ``α √(cards left)``, with
    the band ``α √(cards left) ± ½`` marked, where the difference is visible. Returns the two axes
    (of an explicit ``Figure`` when ``axes`` is None).

    Examples
    --------
    >>> axes = plot_boundary_comparison(20)
    >>> axes[0].get_xlabel(), style.small_text(axes[0].figure)
    ('cards left when you stop, r + b', [])
    """
    n_red = check_int("n_red", n_red, 1, 10**6)
    if axes is None:
        _, axes = style.figure(1, 2, figsize=(12.0, 4.0))
    ax, ax2 = _check_axes(axes, 2)[:2]
    alpha, _ = bridge_constant()
    r = np.arange(1, n_red + 1)
    exact = np.asarray(stopping_boundary(n_red))[1:]
    bridge = bridge_boundary(n_red)[1:]
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



# -- the frontier (issue 13; stoplib.redblack.frontier holds the numbers) --


@style.styled
def plot_frontier_correction(ax, n=None, values=None, fits=None, extrapolation=None,
                             model: str | None = None, n_min: int = 100, sweeps=None):
    """``c√n − V(n, n)`` on log axes out to the largest sweep, the fitted correction and its
    next term ``−b n^−1/4`` extended to 1.5 × 10⁸, and ``V(133,787,000)`` extrapolated with
    its error bar beside the document's $6,038.22 (the part of its printed interval above
    the axis) and $6,038.32 (negative here: named in the legend).

    Parameters
    ----------
    ax : matplotlib Axes
    n, values : arrays or None
        Exact ``V(n, n)`` (None: the committed frontier constants,
        :func:`~.frontier.frontier_points`; a notebook passes what
        :func:`~.frontier.load_frontier` read).
    fits, extrapolation : or None
        :func:`~.frontier.correction_fit` / :func:`~.frontier.extrapolate_133m` of them
        (None: computed here).
    model : str or None
        The fitted model drawn (None: the extrapolation's).
    n_min : int
        Smallest ``n`` drawn.
    sweeps : sequence of (n, value) or None
        The full sweeps, marked apart (None: :data:`~.frontier.FRONTIER`).

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> plot_frontier_correction(ax).get_yscale()
    'log'
    """
    from . import document as doc
    from ._rounding import rounded_interval
    from .frontier import FRONTIER, correction_fit, extrapolate_133m, frontier_points

    from .frontier import CorrectionFits, Extrapolation, _data

    _check_ax(ax)
    n_min = check_int("n_min", n_min, 1, 2**53)
    if n is None and values is None:
        n, values = frontier_points(n_min)
    n, values = _data(n, values, n_min)
    fits = correction_fit(n, values) if fits is None else check_instance("fits", fits, CorrectionFits)
    ex = extrapolate_133m(n, values) if extrapolation is None else \
        check_instance("extrapolation", extrapolation, Extrapolation)
    model = ex.model if model is None else check_str("model", model, 200)
    if model not in fits.fits:
        raise ValueError(f"model must be one of {list(fits.fits)}, got {model!r}")
    sweeps = [row[:2] for row in FRONTIER] if sweeps is None else sweeps
    if isinstance(sweeps, (str, bytes)) or not hasattr(sweeps, "__iter__"):
        raise TypeError(f"sweeps must be a sequence of (n, value), got {type(sweeps).__name__}")
    sweeps = list(sweeps)
    if not 1 <= len(sweeps) <= 1000 or not all(hasattr(x, "__len__") and len(x) == 2 for x in sweeps):
        raise ValueError("sweeps must hold 1 to 1000 pairs (n, value)")
    big = np.array([(check_real("sweeps n", a, 1.0, 2.0**53), check_real("sweeps value", b, 0.0, 1e15))
                    for a, b in sweeps], dtype=float).reshape(-1, 2)
    if not (big[:, 0] == np.floor(big[:, 0])).all():
        raise ValueError("sweeps must hold whole numbers of cards n")
    c, target = fits.c, float(ex.target)
    gap = c * math.sqrt(target)
    grid = np.geomspace(max(n_min, fits.n_min), 1.5e8, 400)
    b, se = fits.next_term(model)
    lo, hi = rounded_interval(f"{doc.VALUE_133M_BODY:.2f}")
    keep = n >= n_min
    ax.plot(n[keep], c * np.sqrt(n[keep]) - values[keep], ".", color=C["black"], ms=3,
            label="computed (log-spaced n)")
    ax.plot(big[:, 0], c * np.sqrt(big[:, 0]) - big[:, 1], "o", color=C["blue"], ms=6,
            label=f"full sweeps, up to n = {int(big[:, 0].max()):,}")
    ax.plot(grid, -fits.fits[model].correction(grid), color=C["orange"], lw=1.5,
            label=f"fit on n ≥ {fits.n_min:,}: {model.replace('^-', '^−')}")
    if np.isfinite(b):
        ax.plot(grid, -b * grid ** -0.25, "--", color=C["green"], lw=1.2,
                label=f"its next term −b n^−1/4, b = {b:.4f} ± {se:.4f}".replace("= -", "= −"))
    ax.errorbar([target], [gap - ex.estimate], yerr=[[ex.error], [ex.error]], fmt="D",
                color=C["vermillion"], ms=6, capsize=4,
                label=f"V({int(target):,}) = {ex.estimate:,.5f} ± {ex.error:.5f}")
    if gap - lo > 0:
        ax.plot([target * 1.25] * 2, [max(gap - hi, 1e-5), gap - lo], color=C["grey"], lw=3,
                label=f"document {doc.VALUE_133M_BODY:,.2f} (c√n − V from {gap - hi:+.4f} to "
                      f"{gap - lo:+.4f})".replace("-", "−"))
    ax.plot([], [], " ", label=f"document {doc.VALUE_133M_INTRO:,.2f} (c√n − V = "
                               f"{gap - doc.VALUE_133M_INTRO:+.3f}, below the axis)".replace("-", "−"))
    ax.set(xscale="log", yscale="log", ylim=(1e-4, None), xlim=(n_min * 0.8, 2.5e8),
           xlabel="n (red cards = black cards)", ylabel="c√n − V(n, n)  ($)")
    ax.legend(loc="lower left")
    return ax
