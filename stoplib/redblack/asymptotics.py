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

Fits
----
:func:`fit_growth` repeats the document's ``lm`` fits with statsmodels' formula
API; :func:`fit_stacked` reproduces its odd combined fit (run on four stacked
copies of the data, 91,897 residual degrees of freedom); :func:`fit_correction`
fits ``V(n, n) - c sqrt(n)`` with ``c`` fixed, and :func:`extrapolate`
compares several such models at a far ``n``. The single-precision data the
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
from dataclasses import dataclass, field

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int, check_real
from .rules import MAX_CARDS, check_counts

__all__ = [
    "bridge_constant", "bridge_solution", "bridge_equation", "bridge_boundary",
    "bridge_value", "BridgeSolution", "fit_growth", "fit_stacked", "fit_sqrt", "GrowthFits",
    "fit_correction", "CorrectionFit", "extrapolate", "FORMULAS",
]

_SQRT2PI = math.sqrt(2.0 * math.pi)

# Cost of the fits on the 2-core Intel Xeon of ``stoplib.util.timing.machine()``
# (statsmodels' formula API; 10**5 and 10**6 points, 2026-11-23, while it was shared (load average about 10)).
#: Seconds per point of :func:`fit_growth` (three fits).
SECONDS_PER_POINT_GROWTH = 6e-6
#: Seconds per point of :func:`fit_stacked` (the three fits, then one on four copies).
SECONDS_PER_POINT_STACKED = 2e-5
#: Seconds per point and per term of :func:`fit_correction`.
SECONDS_PER_POINT_TERM = 5e-7
#: Bytes per point of a fit (the frame, the design matrices, the results' copies).
BYTES_PER_POINT = 600.0
#: Bytes of the arrays :func:`bridge_boundary` holds per red-card count.
_BOUNDARY_BYTES = 64.0


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
    budget.check(budget.Estimate(f"bridge_boundary({n_red})", (n_red + 1.0) / 5e7,
                                 (n_red + 1.0) * _BOUNDARY_BYTES, "5e7 rows/s of NumPy"))
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


# ---------------------------------------------------------------------------
# Fits (statsmodels formula API, as the document's R ``lm``)
# ---------------------------------------------------------------------------
FORMULAS = {
    "log": "value ~ np.log(n)",
    "sqrt": "value ~ np.sqrt(n)",
    "log+sqrt": "value ~ np.log(n) + np.sqrt(n)",
}


def _points(n, values):
    """``(n, values)`` as 1-D float arrays of the same non-zero length: ``n`` whole
    numbers >= 0 (ints, or floats that are whole), ``values`` finite reals; never
    bools, strings, complex numbers or objects."""
    try:
        n = np.asarray(n)
        values = np.asarray(values)
    except (ValueError, TypeError) as err:
        raise TypeError(f"n and values must be arrays of numbers ({err})") from None
    if n.ndim != 1 or values.shape != n.shape or n.size == 0:
        raise ValueError(f"n and values must be non-empty 1-D arrays of the same length, got "
                         f"shapes {n.shape} and {values.shape}")
    if n.dtype.kind not in "iuf":
        raise TypeError(f"n must be an array of card counts (ints), got dtype {n.dtype}")
    if values.dtype.kind not in "iuf":
        raise TypeError(f"values must be an array of real numbers, got dtype {values.dtype}")
    n = n.astype(float)
    values = values.astype(float)
    if not (np.isfinite(n).all() and (n == np.floor(n)).all()):
        raise ValueError("n must hold whole numbers of cards")
    if (n < 0).any() or (n > MAX_CARDS).any():
        raise ValueError(f"n must be in 0..{MAX_CARDS}")
    if not np.isfinite(values).all():
        raise ValueError("values must be finite")
    return n, values


def _fit_cost(what: str, points: int, seconds_per_point: float) -> None:
    budget.check(budget.Estimate(what, points * seconds_per_point, points * BYTES_PER_POINT,
                                 f"{seconds_per_point:.2g} s and {BYTES_PER_POINT:g} bytes per point "
                                 f"(statsmodels)"))


def _frame(n, values, drop_zero=True, allow_zero=False):
    import pandas as pd

    n, values = _points(n, values)
    df = pd.DataFrame({"n": n, "value": values})
    if drop_zero:
        df = df[df.n > 0].reset_index(drop=True)
    elif (df.n == 0).any() and not allow_zero:
        raise ValueError("n = 0 cannot enter a log fit; use drop_zero=True")
    if len(df) < 4:
        raise ValueError(f"need at least 4 points with n > 0 to fit, got {len(df)}")
    return df


@dataclass
class GrowthFits:
    """The three OLS fits of :func:`fit_growth` (statsmodels results).

    Attributes
    ----------
    log, sqrt, log_sqrt : statsmodels RegressionResultsWrapper
        ``value ~ log(n)``, ``value ~ sqrt(n)``, ``value ~ log(n) + sqrt(n)``.
    data : pandas.DataFrame
        The points fitted (columns ``n``, ``value``).
    """

    log: object
    sqrt: object
    log_sqrt: object
    data: object = field(repr=False)

    @property
    def results(self) -> dict:
        return {"log": self.log, "sqrt": self.sqrt, "log+sqrt": self.log_sqrt}

    def summaries(self) -> dict:
        """``{name: summary text}`` (statsmodels' ``summary()``)."""
        return {k: str(r.summary()) for k, r in self.results.items()}

    def coefficients(self):
        """One row per fit: coefficients, standard errors, residual SE, R^2, df."""
        import pandas as pd

        rows = []
        for name, r in self.results.items():
            p, se = r.params, r.bse
            rows.append({
                "fit": name,
                "intercept": p["Intercept"], "intercept_se": se["Intercept"],
                "log_coef": p.get("np.log(n)", np.nan), "log_se": se.get("np.log(n)", np.nan),
                "sqrt_coef": p.get("np.sqrt(n)", np.nan), "sqrt_se": se.get("np.sqrt(n)", np.nan),
                "residual_se": math.sqrt(r.scale), "r_squared": r.rsquared,
                "df_resid": int(r.df_resid),
            })
        return pd.DataFrame(rows)

    def residual_quantiles(self):
        """Min, quartiles and max of each fit's residuals (R's ``summary`` header)."""
        import pandas as pd

        q = [0.0, 0.25, 0.5, 0.75, 1.0]
        return pd.DataFrame({k: r.resid.quantile(q).to_numpy() for k, r in self.results.items()},
                            index=["min", "1q", "median", "3q", "max"])

    def predict(self, n) -> "object":
        """Predictions of the three fits at ``n`` (a DataFrame)."""
        import pandas as pd

        new = pd.DataFrame({"n": np.asarray(n, dtype=float).ravel()})
        out = {"n": new.n.to_numpy()}
        for k, r in self.results.items():
            out[k] = np.asarray(r.predict(new))
        return pd.DataFrame(out)


def fit_growth(n, values, drop_zero: bool = True) -> GrowthFits:
    """OLS fits of ``value`` on ``log(n)``, ``sqrt(n)`` and both, like the document.

    Parameters
    ----------
    n : array of int
        Card counts (red cards per colour, the document's ``Cards``).
    values : array of float
        ``V(n, n)``.
    drop_zero : bool
        Drop ``n = 0`` (its log is undefined), as the document does.

    Returns
    -------
    GrowthFits

    Examples
    --------
    >>> n = np.arange(1, 200)
    >>> fits = fit_growth(n, 0.5 * np.sqrt(n) - 0.02)
    >>> round(float(fits.sqrt.params["np.sqrt(n)"]), 9)
    0.5
    """
    import statsmodels.formula.api as smf

    drop_zero = check_bool("drop_zero", drop_zero)
    df = _frame(n, values, drop_zero)
    _fit_cost(f"fit_growth of {len(df)} points", len(df), SECONDS_PER_POINT_GROWTH)
    res = {k: smf.ols(f, data=df).fit() for k, f in FORMULAS.items()}
    return GrowthFits(log=res["log"], sqrt=res["sqrt"], log_sqrt=res["log+sqrt"], data=df)


def fit_stacked(n, values, drop_zero: bool = True):
    """The document's printed ``log + sqrt`` fit, reproduced: the same OLS run on
    the data stacked with the three fits' predictions (four copies of ``n``).

    The document prints "2.68411 on 91897 degrees of freedom": 91,897 =
    4 x 22,975 - 3, so its ``lm(Value ~ log(Cards) + sqrt(Cards))`` ran after
    ``df`` had been ``rbind``-ed with the ``log``, ``sqrt`` and ``log + sqrt``
    predictions. Since the four blocks share ``n``, this fits the average of the
    data and the three prediction columns.

    Examples
    --------
    >>> n = np.arange(1, 50); r = fit_stacked(n, np.sqrt(n))
    >>> int(r.df_resid)
    193
    """
    import pandas as pd
    import statsmodels.formula.api as smf

    drop_zero = check_bool("drop_zero", drop_zero)
    _fit_cost(f"fit_stacked of {np.size(n)} points", np.size(n), SECONDS_PER_POINT_STACKED)
    fits = fit_growth(n, values, drop_zero)
    df = fits.data
    stacked = pd.concat([df] + [df.assign(value=np.asarray(r.fittedvalues))
                                for r in (fits.log, fits.sqrt, fits.log_sqrt)],
                        ignore_index=True)
    return smf.ols(FORMULAS["log+sqrt"], data=stacked).fit()


def fit_sqrt(n, values):
    """OLS ``value ~ sqrt(n)`` keeping every point, ``n = 0`` included.

    The document's printed square-root fit has one more residual degree of
    freedom than its log fit and a largest residual equal to minus its
    intercept: it kept ``n = 0``, which the log fit cannot. This reproduces it.

    Examples
    --------
    >>> n = np.arange(0, 50); r = fit_sqrt(n, 0.5 * np.sqrt(n))
    >>> int(r.df_resid), round(float(r.params["np.sqrt(n)"]), 9)
    (48, 0.5)
    """
    import statsmodels.formula.api as smf

    df = _frame(n, values, drop_zero=False, allow_zero=True)
    _fit_cost(f"fit_sqrt of {len(df)} points", len(df), SECONDS_PER_POINT_GROWTH / 3)
    return smf.ols(FORMULAS["sqrt"], data=df).fit()


def _check_powers(name: str, powers) -> tuple:
    """``powers`` as a tuple of 1 to 8 distinct exponents in [-4, 0] (0 is a constant)."""
    if isinstance(powers, (str, bytes)) or not hasattr(powers, "__iter__"):
        raise TypeError(f"{name} must be a sequence of exponents, got {type(powers).__name__}")
    powers = tuple(powers)
    if not 1 <= len(powers) <= 8:
        raise ValueError(f"{name} must hold 1 to 8 exponents, got {len(powers)}")
    powers = tuple(check_real(f"{name}[{i}]", p, -4.0, 0.0) for i, p in enumerate(powers))
    if len({_term_name(p) for p in powers}) != len(powers):
        raise ValueError(f"{name} must be distinct exponents (to 6 digits), got {powers}")
    return powers


def _check_models(models) -> dict:
    """``models`` as a dict of 1 to 50 names (str) -> exponents (:func:`_check_powers`)."""
    if not isinstance(models, dict):
        raise TypeError(f"models must be a dict {{name: exponents}}, got {type(models).__name__}")
    if not 1 <= len(models) <= 50:
        raise ValueError(f"models must hold 1 to 50 models, got {len(models)}")
    out = {}
    for name, powers in models.items():
        if not isinstance(name, str):
            raise TypeError(f"models: names must be str, got {type(name).__name__} {name!r}")
        out[name] = _check_powers(f"models[{name!r}]", powers)
    return out


def _term_name(p: float) -> str:
    return "one" if p == 0 else "n_pow_" + f"{p:g}".replace("-", "m").replace(".", "_")


@dataclass
class CorrectionFit:
    """OLS fit of ``V(n, n) - c sqrt(n)`` on powers of ``n`` (``c`` fixed).

    Attributes
    ----------
    c : float
    powers : tuple of float
        Exponents of ``n`` in the model (0 is a constant).
    result : statsmodels RegressionResultsWrapper
    n_min, n_max : int
        Range of ``n`` fitted.
    """

    c: float
    powers: tuple
    result: object
    n_min: int
    n_max: int

    @property
    def label(self) -> str:
        """The model as matplotlib mathtext, e.g. ``$c\\sqrt{n} + a + b\\,n^{-1/4}$``."""
        from fractions import Fraction

        names = iter("abdefghk")
        parts = []
        for p in self.powers:
            name = next(names)
            parts.append(name if p == 0 else f"{name}\\,n^{{{Fraction(p).limit_denominator(12)}}}")
        return "$c\\sqrt{n} + " + " + ".join(parts) + "$"

    def correction(self, n) -> np.ndarray:
        """The fitted correction at ``n``."""
        n = np.asarray(n, dtype=float)
        out = np.zeros_like(n)
        for p in self.powers:
            out = out + self.result.params[_term_name(p)] * (n ** p if p != 0 else 1.0)
        return out

    def predict(self, n) -> np.ndarray:
        """``c sqrt(n) + correction(n)``."""
        n = np.asarray(n, dtype=float)
        return self.c * np.sqrt(n) + self.correction(n)


def fit_correction(n, values, powers=(0.0, -0.25, -0.5), c: float | None = None,
                   n_min: int = 1000, n_max: int | None = None) -> CorrectionFit:
    """Fit ``V(n, n) - c sqrt(n) = sum_k beta_k n^{p_k}`` by OLS, ``c`` fixed.

    Parameters
    ----------
    n, values : arrays
        Card counts and exact values.
    powers : sequence of float
        Exponents (0 for a constant), each <= 0.
    c : float or None
        The slope; None uses :func:`bridge_constant`.
    n_min, n_max : int
        Fit only ``n_min <= n <= n_max``.

    Examples
    --------
    >>> n = np.arange(1000, 5000)
    >>> f = fit_correction(n, 0.52 * np.sqrt(n) + 0.3 * n ** -0.5, powers=(-0.5,), c=0.52)
    >>> round(float(f.result.params.iloc[0]), 9)
    0.3
    """
    import pandas as pd
    import statsmodels.formula.api as smf

    powers = _check_powers("powers", powers)
    n_min = check_int("n_min", n_min, 1, MAX_CARDS)
    n_max = None if n_max is None else check_int("n_max", n_max, n_min, MAX_CARDS)
    c = bridge_constant()[1] if c is None else check_real("c", c, -1e6, 1e6)
    n, values = _points(n, values)
    hi = np.inf if n_max is None else n_max
    keep = (n >= n_min) & (n <= hi)
    if keep.sum() < len(powers) + 2:
        raise ValueError(f"only {int(keep.sum())} points in {n_min}..{n_max}; "
                         f"need at least {len(powers) + 2}")
    _fit_cost(f"fit_correction of {int(keep.sum())} points", int(keep.sum()),
              SECONDS_PER_POINT_TERM * (len(powers) + 1))
    nn = n[keep]
    df = pd.DataFrame({"d": values[keep] - c * np.sqrt(nn)})
    for p in powers:
        df[_term_name(p)] = nn ** p if p != 0 else 1.0
    formula = "d ~ 0 + " + " + ".join(_term_name(p) for p in powers)
    res = smf.ols(formula, data=df).fit()
    return CorrectionFit(c=float(c), powers=powers, result=res, n_min=int(nn.min()),
                         n_max=int(nn.max()))


def extrapolate(n, values, targets, models=None, n_min: int = 1000, n_max=None):
    """Predictions at ``targets`` from several correction models (a DataFrame,
    one row per model, one column per target).

    Examples
    --------
    >>> n = np.arange(1000, 3000)
    >>> t = extrapolate(n, 0.5220376759871238 * np.sqrt(n), [10_000], models={"a": (0.0,)})
    >>> round(float(t.loc["a", 10_000]), 6)
    52.203768
    """
    import pandas as pd

    if models is None:
        models = {
            "a": (0.0,),
            "a + b n^-1/2": (0.0, -0.5),
            "b n^-1/4": (-0.25,),
            "b n^-1/4 + d n^-1/2": (-0.25, -0.5),
            "a + b n^-1/4 + d n^-1/2": (0.0, -0.25, -0.5),
        }
    models = _check_models(models)
    if isinstance(targets, (str, bytes)) or not hasattr(targets, "__iter__"):
        raise TypeError(f"targets must be a sequence of card counts, got {type(targets).__name__}")
    targets = list(targets)
    if not 1 <= len(targets) <= 10_000:
        raise ValueError(f"targets must hold 1 to 10,000 card counts, got {len(targets)}")
    targets = [check_int(f"targets[{i}]", t, 1, MAX_CARDS) for i, t in enumerate(targets)]
    rows = {}
    for name, powers in models.items():
        f = fit_correction(n, values, powers=powers, n_min=n_min, n_max=n_max)
        rows[name] = f.predict(np.array(targets, dtype=float))
    return pd.DataFrame.from_dict(rows, orient="index", columns=targets)
