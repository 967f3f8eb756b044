"""The frontier figure of the red/black game (issue 13; private: :mod:`stoplib.redblack.plots`
exports it): ``c sqrt(n) - V(n, n)`` of the recursion ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1)
+ b/(r+b) (V(r, b-1) - 1))`` of document 000's "Problem 14" out to the committed sweeps, and
``V(133,787,000)`` extrapolated (the numbers are in :mod:`stoplib.redblack.frontier`).
"""
from __future__ import annotations

import math

import numpy as np

from ..util.validate import check_instance, check_int, check_real, check_str
from ..workbook import style
from ..workbook.verdicts import printed_interval
from ._plot_checks import _check_ax

__all__ = ["plot_frontier_correction"]

C = style.COLORS


def _pairs(name: str, pairs, allow_empty: bool = False):
    """``pairs``, a sequence of ``(n, value)``, as a checked ``(k, 2)`` float array."""
    if isinstance(pairs, (str, bytes)) or not hasattr(pairs, "__iter__"):
        raise TypeError(f"{name} must be a sequence of (n, value), got {type(pairs).__name__}")
    pairs = list(pairs)
    if not (0 if allow_empty else 1) <= len(pairs) <= 1000 or not all(hasattr(x, "__len__") and len(x) == 2
                                                                      for x in pairs):
        raise ValueError(f"{name} must hold {'0' if allow_empty else '1'} to 1000 pairs (n, value)")
    out = np.array([(check_real(f"{name} n", a, 1.0, 2.0**53), check_real(f"{name} value", b, 0.0, 1e15))
                    for a, b in pairs], dtype=float).reshape(-1, 2)
    if not (out[:, 0] == np.floor(out[:, 0])).all():
        raise ValueError(f"{name} must hold whole numbers of cards n")
    return out


@style.styled
def plot_frontier_correction(ax, n, values, fits, extrapolation, sweeps, model: str | None = None,
                             n_min: int = 100, unseen=()):
    """``c√n − V(n, n)`` on log axes out to the largest sweep, the fitted correction and its
    next term ``−b n^−1/4`` extended to 1.5 × 10⁸, and ``V(133,787,000)`` extrapolated with
    its error bar beside the document's $6,038.22 (the part of its printed interval above
    the axis) and $6,038.32 (negative here: named in the legend). Draws what it is given.

    Parameters
    ----------
    ax : matplotlib Axes
    n, values : arrays
        Exact ``V(n, n)``: :meth:`~.frontier.FrontierData.points` of the committed files
        (:func:`~.frontier.load_frontier`).
    fits, extrapolation : CorrectionFits, Extrapolation
        :meth:`~.frontier.FrontierData.fits` / :meth:`~.frontier.FrontierData.extrapolation`
        of them (or :func:`~.frontier.correction_fit` / :func:`~.frontier.extrapolate_133m`).
    sweeps : sequence of (n, value)
        The full sweeps, marked apart (``FrontierData.sweeps[["n", "value"]]``).
    model : str or None
        The fitted model drawn (None: the extrapolation's).
    n_min : int
        Smallest ``n`` drawn.
    unseen : sequence of (n, value)
        Exact values the fits did not use (the GPU sweeps past the CPU's:
        :meth:`~.frontier.FrontierData.beyond`), drawn apart as a test of the extrapolation.

    Examples
    --------
    >>> from stoplib.redblack.frontier import load_frontier
    >>> f = load_frontier()
    >>> fig, ax = style.figure()
    >>> n, v = f.points()
    >>> sweeps = f.sweeps[["n", "value"]].to_numpy()
    >>> plot_frontier_correction(ax, n, v, f.fits(), f.extrapolation(), sweeps).get_yscale()
    'log'
    """
    from . import document as doc
    from .fits import _check_points
    from .frontier import CorrectionFits, Extrapolation

    _check_ax(ax)
    n_min = check_int("n_min", n_min, 1, 2**53)
    n, values = _check_points(n, values)
    fits = check_instance("fits", fits, CorrectionFits)
    ex = check_instance("extrapolation", extrapolation, Extrapolation)
    model = ex.model if model is None else check_str("model", model, 200)
    if model not in fits.fits:
        raise ValueError(f"model must be one of {list(fits.fits)}, got {model!r}")
    big = _pairs("sweeps", sweeps)
    far = _pairs("unseen", unseen, allow_empty=True)
    keep = n >= n_min
    if not keep.any():
        raise ValueError(f"n must hold a point n >= n_min = {n_min:,}")
    c, target = fits.c, float(ex.target)
    gap = c * math.sqrt(target)
    grid = np.geomspace(max(n_min, fits.n_min), 1.5e8, 400)
    b, se = fits.next_term(model)
    lo, hi = printed_interval(f"{doc.VALUE_133M_BODY:.2f}")
    ax.plot(n[keep], c * np.sqrt(n[keep]) - values[keep], ".", color=C["black"], ms=3,
            label="computed (log-spaced n)")
    ax.plot(big[:, 0], c * np.sqrt(big[:, 0]) - big[:, 1], "o", color=C["blue"], ms=6,
            label=f"full sweeps{' (fitted)' if len(far) else ''}, up to n = {int(big[:, 0].max()):,}")
    if len(far):
        ax.plot(far[:, 0], c * np.sqrt(far[:, 0]) - far[:, 1], "s", mfc="none", mec=C["vermillion"], mew=1.5,
                ms=7, label="exact, not fitted: " + ", ".join(f"n = {int(k):,}" for k in far[:, 0]))
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
