r"""The red/black card game ("Problem 14") for large decks: the Brownian-bridge limit, and fits.

The question
------------
Document 000 computes ``V(n, n)``, the value of optimal play with ``n`` red and
``n`` black cards, up to ``n = 133,787,000``, fits ``V`` against ``log n`` and
``sqrt n``, and conjectures that ``V(n, n) / sqrt(n) -> 0.5``. This module
derives the true limit and provides the fits; the exact values they are fitted
to come from :func:`stoplib.redblack.balanced_values` (one sweep of the
recursion of :mod:`stoplib.redblack.rules`).

The Brownian-bridge limit (Shepp 1969; Ekstrom and Wanntorp 2009)
------------------------------------------------------------------
Let ``S_k`` be the winnings after ``k`` of the ``L = 2n`` cards. It is a walk of
+-1 steps pinned at ``S_0 = S_L = 0``, with
``Var S_k = k (L - k) / (L - 1)``, so ``S_{sL} / sqrt(L)`` tends to a standard
Brownian bridge ``B_s`` on ``[0, 1]`` (``Var B_s = s (1 - s)``). Optimal
stopping of the walk tends to optimal stopping of the bridge, whose value
function, by Brownian scaling, has the form
``W(t, x) = sqrt(1 - t) g(x / sqrt(1 - t))``. In the continuation region ``W``
solves ``W_t - x/(1-t) W_x + W_xx / 2 = 0`` (the bridge has drift
``-x / (1 - t)``), which for ``g`` reads

    g''(y) - y g'(y) - g(y) = 0.

Its solutions are ``e^{y^2/2}`` (which blows up as ``y -> -inf``, so it cannot
be a value) and ``g(y) = C e^{y^2/2} Phi(y)`` with ``Phi`` the standard normal
cdf (check: ``g' = y g + C / sqrt(2 pi)``, ``g'' = g + y g'``). One stops when
``x >= alpha sqrt(1 - t)``, where ``g`` meets the payoff ``y`` smoothly:

* smooth fit ``g'(alpha) = 1``: ``alpha * alpha + C / sqrt(2 pi) = 1``, so
  ``C = sqrt(2 pi) (1 - alpha^2)``;
* continuity ``g(alpha) = alpha``: **alpha = (1 - alpha^2) sqrt(2 pi)
  exp(alpha^2 / 2) Phi(alpha)**.

The left side minus the right is ``-sqrt(2 pi)/2 < 0`` at 0 and ``1 > 0`` at 1
and increasing in between, so there is one root, ``alpha = 0.839923675692...``
(bisection to the last bit, then checked). The bridge's value from ``(0, 0)``
is ``W(0, 0) = g(0) = sqrt(2 pi) (1 - alpha^2) / 2 = 0.369136...``, and for the
card game

    V(n, n) ~ sqrt(2 n) * 0.369136... = c sqrt(n),   c = sqrt(pi) (1 - alpha^2)
            = 0.522037675987...

with ``n`` the number of red cards (the document's "Cards"). In card terms the
rule is: **stop as soon as winnings >= alpha * sqrt(cards left)**; with ``r``
red and ``b`` black cards left (winnings ``b - r`` in a balanced deck) that is
``b - r >= alpha sqrt(r + b)`` (:func:`bridge_boundary`). The constant 0.5 of
the document is not it: at ``n = 133,787,000``, ``0.5 sqrt(n) = 5783.3`` while
``c sqrt(n) = 6038.218``.

Fits (:mod:`stoplib.redblack.fits`)
-----------------------------------
``fit_growth`` repeats the document's ``lm`` fits with statsmodels' formula API;
``fit_stacked`` reproduces its odd combined fit (run on four stacked copies of the
data, 91,897 residual degrees of freedom); ``fit_correction`` fits
``V(n, n) - c sqrt(n)`` with ``c`` fixed, and ``extrapolate`` compares several such
models at a far ``n``. The single-precision data the
document fitted, and the precision of its printed numbers, are in
:mod:`stoplib.redblack.claims`; the figures in :mod:`stoplib.redblack.plots`.

Source
------
Document 000, Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net, October
2022 (https://gwern.net/problem-14), "Approximating"; its
printed fits are in :mod:`stoplib.redblack.document`.
L. A. Shepp, "Explicit solutions to some problems of optimal stopping",
Ann. Math. Statist. 40 (1969); E. Ekstrom and H. Wanntorp, "Optimal stopping of
a Brownian bridge", J. Appl. Probab. 46 (2009).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..util import budget
from ..util.validate import check_int, check_real
from . import _costs
from .rules import MAX_CARDS, check_counts

__all__ = [
    "bridge_constant", "bridge_solution", "bridge_equation", "bridge_boundary",
    "bridge_value", "BridgeSolution", "boundary_comparison", "BoundaryComparison",
]

_SQRT2PI = math.sqrt(2.0 * math.pi)

# ---------------------------------------------------------------------------
# The Brownian bridge
# ---------------------------------------------------------------------------
def _phi_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def bridge_equation(alpha: float) -> float:
    """``alpha - (1 - alpha^2) sqrt(2 pi) exp(alpha^2/2) Phi(alpha)``; zero at the boundary constant.

    Examples
    --------
    >>> bridge_equation(0.0) < 0 < bridge_equation(1.0)
    True

    ``alpha`` must be in [-30, 30] (its root is 0.84; past 37 ``exp(alpha^2 / 2)``
    overflows a double).
    """
    a = check_real("alpha", alpha, -30.0, 30.0)
    return a - (1.0 - a * a) * _SQRT2PI * math.exp(0.5 * a * a) * _phi_cdf(a)


@dataclass(frozen=True)
class BridgeSolution:
    """The solved Brownian-bridge stopping problem.

    Attributes
    ----------
    alpha : float
        Stop the standard bridge at the first ``t`` with ``B_t >= alpha sqrt(1 - t)``.
    bridge_value : float
        Value of the standard bridge from ``(0, 0)``: ``sqrt(2 pi) (1 - alpha^2) / 2``.
    c : float
        ``V(n, n) ~ c sqrt(n)``, ``n`` red cards: ``sqrt(2) * bridge_value``.
    c_cards : float
        The same per square root of all cards ``L = 2n``: ``V ~ c_cards sqrt(L)``.
    residual : float
        ``bridge_equation(alpha)``.
    bracket : tuple of float
        The final bisection bracket (adjacent doubles).
    """

    alpha: float
    bridge_value: float
    c: float
    c_cards: float
    residual: float
    bracket: tuple


def bridge_solution() -> BridgeSolution:
    """Solve the bridge's boundary equation by bisection to full double precision.

    Bisection on ``[0, 1]`` halves the bracket until its ends are adjacent
    doubles (at most about 60 steps); the end with the smaller residual is
    returned. See the module docstring for the derivation.

    Examples
    --------
    >>> s = bridge_solution()
    >>> round(s.alpha, 10), round(s.bridge_value, 10), round(s.c, 10)
    (0.8399236757, 0.3691363807, 0.522037676)
    """
    lo, hi = 0.0, 1.0
    f_lo = bridge_equation(lo)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        f_mid = bridge_equation(mid)
        if f_mid == 0.0:
            lo = hi = mid
            break
        if (f_mid < 0.0) == (f_lo < 0.0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    alpha = lo if abs(bridge_equation(lo)) <= abs(bridge_equation(hi)) else hi
    value = _SQRT2PI * (1.0 - alpha * alpha) / 2.0
    return BridgeSolution(alpha=alpha, bridge_value=value, c=math.sqrt(2.0) * value,
                          c_cards=value, residual=bridge_equation(alpha), bracket=(lo, hi))


def bridge_constant() -> tuple[float, float]:
    """``(alpha, c)``: the bridge's stopping constant and ``V(n, n) ~ c sqrt(n)``.

    ``alpha = 0.8399236756...`` solves
    ``alpha = (1 - alpha^2) sqrt(2 pi) exp(alpha^2 / 2) Phi(alpha)`` (Shepp 1969);
    ``c = sqrt(2) * sqrt(2 pi) (1 - alpha^2) / 2 = 0.5220376759...`` with ``n``
    the number of red (= black) cards. Derivation in the module docstring.

    Examples
    --------
    >>> alpha, c = bridge_constant()
    >>> round(alpha, 6), round(c, 6)
    (0.839924, 0.522038)
    """
    s = bridge_solution()
    return s.alpha, s.c


def bridge_boundary(n_red: int, shift: float = 0.0) -> np.ndarray:
    """The bridge's stopping rule in card terms: for ``r = 0 .. n_red`` red cards
    left, the fewest black cards ``b`` with ``b - r >= alpha sqrt(r + b) - shift``.

    (Winnings are ``b - r`` when the deck started balanced; with ``shift = 0``
    the rule is "stop once winnings >= alpha * sqrt(cards left)".) Solving the
    quadratic in ``m = b - r``, ``(m + shift)^2 >= alpha^2 (2 r + m)``, then
    correcting the rounding. Compare with
    :func:`stoplib.redblack.stopping_boundary` (the exact DP boundary), which
    ``shift = 0.5`` (a half-dollar continuity correction) reproduces in almost
    every row.

    Examples
    --------
    >>> bridge_boundary(5).tolist()
    [0, 3, 5, 6, 7, 9]
    >>> bridge_boundary(5, shift=0.5).tolist()
    [0, 2, 4, 5, 7, 8]
    """
    n_red = check_int("n_red", n_red, 0, MAX_CARDS)
    shift = check_real("shift", shift, 0.0, 1.0)
    if shift == 1.0:
        raise ValueError("shift must be in [0, 1), got 1")
    return _bridge_boundary(n_red, shift)


def _bridge_boundary(n_red: int, shift: float = 0.0) -> np.ndarray:
    budget.check(_costs.bridge_boundary_cost(n_red))
    alpha, _ = bridge_constant()
    a2 = alpha * alpha
    r = np.arange(n_red + 1, dtype=np.float64)
    lin = 2.0 * shift - a2
    disc = lin * lin - 4.0 * (shift * shift - 2.0 * r * a2)
    m = np.ceil((-lin + np.sqrt(np.maximum(disc, 0.0))) / 2.0)
    m = np.maximum(m, 0.0)

    def stops(mm):
        return mm - alpha * np.sqrt(2.0 * r + mm) + shift >= 0.0

    m = np.where((m >= 1) & stops(np.maximum(m - 1, 0.0)), m - 1, m)  # rounding: one step down
    m = np.where(stops(m), m, m + 1)                 # or one step up
    b = (r + m).astype(np.int64)
    b[0] = 0
    return b


@dataclass(frozen=True)
class BoundaryComparison:
    """The exact stopping boundary beside the Brownian bridge's rule, for ``r = 0 .. n_red``.

    Attributes
    ----------
    n_red : int
    alpha : float
        The bridge's stopping constant (:func:`bridge_constant`).
    exact : numpy.ndarray of int64
        :func:`stoplib.redblack.stopping_boundary` (the DP's fewest black cards to stop at).
    bridge, shifted : numpy.ndarray of int64
        :func:`bridge_boundary` with ``shift = 0`` and ``shift = 0.5``.
    """

    n_red: int
    alpha: float
    exact: np.ndarray
    bridge: np.ndarray
    shifted: np.ndarray

    @property
    def lead(self) -> np.ndarray:
        """``exact[r] - r`` for ``r = 1 .. n_red``: how far ahead the exact game stops."""
        return self.exact[1:] - np.arange(1, self.n_red + 1)

    @property
    def level_gap(self) -> np.ndarray:
        """The exact stop lead minus ``alpha sqrt(cards left)``, for ``r = 1 .. n_red``."""
        r = np.arange(1, self.n_red + 1)
        return self.lead - self.alpha * np.sqrt(r + self.exact[1:])


def boundary_comparison(n_red: int) -> BoundaryComparison:
    """The exact DP stopping boundary and the bridge's rule (plain and shifted by half a
    dollar), computed once for the figures and tables that compare them.

    Examples
    --------
    >>> c = boundary_comparison(5)
    >>> c.exact.tolist(), c.bridge.tolist(), c.shifted.tolist()
    ([0, 2, 4, 5, 7, 8], [0, 3, 5, 6, 7, 9], [0, 2, 4, 5, 7, 8])
    """
    from .solver import _stopping_boundary

    n_red = check_int("n_red", n_red, 1, 10**7)
    return BoundaryComparison(n_red, bridge_constant()[0], np.asarray(_stopping_boundary(n_red), dtype=np.int64),
                              _bridge_boundary(n_red), _bridge_boundary(n_red, 0.5))


def bridge_value(n_red: int, n_black: int) -> float:
    """The bridge approximation of ``V(n_red, n_black)`` (value of the rest of the game).

    With ``L = r + b`` cards left and ``y = (b - r) / sqrt(L)``, the expected final
    winnings under the bridge's rule are ``sqrt(L) g(y)`` with
    ``g(y) = sqrt(2 pi)(1 - alpha^2) e^{y^2/2} Phi(y)`` for ``y < alpha`` and
    ``g(y) = y`` after; subtracting the current winnings ``b - r`` gives the
    value of the rest of the game.

    Examples
    --------
    >>> round(bridge_value(26, 26), 4)
    2.662
    """
    n_red, n_black = check_counts(n_red, n_black)
    cards = n_red + n_black
    if cards == 0:
        return 0.0
    alpha, _ = bridge_constant()
    scale = math.sqrt(cards)
    y = (n_black - n_red) / scale
    if y >= alpha:
        return 0.0
    # e^{y^2/2} Phi(y) = erfcx(-y / sqrt 2) / 2: finite for every y (for y -> -inf it is
    # about 1 / (|y| sqrt(2 pi)), where exp and Phi alone overflow and underflow)
    from scipy.special import erfcx

    g = _SQRT2PI * (1.0 - alpha * alpha) * 0.5 * float(erfcx(-y / math.sqrt(2.0)))
    return scale * g - (n_black - n_red)
