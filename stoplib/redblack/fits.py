"""The red/black card game ("Problem 14"): the document's growth fits, and fits of the correction
to the square-root law (whose constant :mod:`stoplib.redblack.asymptotics` derives).

Document 000 fits ``V(n, n)`` of the recursion
``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))`` against ``log n`` and
``sqrt n`` with R's ``lm``: :func:`fit_growth` repeats them with statsmodels' formula API,
:func:`fit_sqrt` its square-root fit that kept ``n = 0``, :func:`fit_stacked` its odd combined
fit (run on four stacked copies of the data, 91,897 residual degrees of freedom).
:func:`fit_correction` fits ``V(n, n) - c sqrt(n)`` on powers of ``n`` with the bridge
constant ``c`` fixed (:func:`stoplib.redblack.asymptotics.bridge_constant`), and
:func:`extrapolate` compares several such models at a far ``n``.

Source
------
Document 000, Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14), "Approximating"; its printed fits are in
:mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int, check_real
from . import _costs
from ._costs import SECONDS_PER_POINT_GROWTH, SECONDS_PER_POINT_STACKED, SECONDS_PER_POINT_TERM
from .asymptotics import bridge_constant
from .rules import MAX_CARDS

__all__ = ["fit_growth", "fit_stacked", "fit_sqrt", "GrowthFits", "fit_correction", "CorrectionFit",
           "extrapolate", "FORMULAS"]


def _bridge_c() -> float:
    return bridge_constant()[1]


# ---------------------------------------------------------------------------
# Fits (statsmodels formula API, as the document's R ``lm``)
# ---------------------------------------------------------------------------
FORMULAS = {
    "log": "value ~ np.log(n)",
    "sqrt": "value ~ np.sqrt(n)",
    "log+sqrt": "value ~ np.log(n) + np.sqrt(n)",
}


def _check_points(n, values):
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
    budget.check(_costs.fit_cost(what, points, seconds_per_point))


def _frame(n, values, drop_zero=True, allow_zero=False):
    import pandas as pd

    n, values = _check_points(n, values)
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
    return _fit_growth(n, values, check_bool("drop_zero", drop_zero))


def _fit_growth(n, values, drop_zero: bool = True) -> GrowthFits:
    import statsmodels.formula.api as smf

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
    return _fit_stacked(n, values, check_bool("drop_zero", drop_zero))


def _fit_stacked(n, values, drop_zero: bool = True):
    import pandas as pd
    import statsmodels.formula.api as smf

    _fit_cost(f"fit_stacked of {np.size(n)} points", np.size(n), SECONDS_PER_POINT_STACKED)
    fits = _fit_growth(n, values, drop_zero)
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
    return _fit_sqrt(n, values)


def _fit_sqrt(n, values):
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
    powers = _check_powers("powers", powers)
    n_min = check_int("n_min", n_min, 1, MAX_CARDS)
    n_max = None if n_max is None else check_int("n_max", n_max, n_min, MAX_CARDS)
    c = _bridge_c() if c is None else check_real("c", c, -1e6, 1e6)
    n, values = _check_points(n, values)
    return _fit_correction(n, values, powers, c, n_min, n_max)


def _fit_correction(n, values, powers, c, n_min, n_max) -> CorrectionFit:
    """:func:`fit_correction` of checked arguments (``n``, ``values`` as float arrays)."""
    import pandas as pd
    import statsmodels.formula.api as smf

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
    n_min = check_int("n_min", n_min, 1, MAX_CARDS)
    n_max = None if n_max is None else check_int("n_max", n_max, n_min, MAX_CARDS)
    n, values = _check_points(n, values)
    c = _bridge_c()
    rows = {}
    for name, powers in models.items():
        f = _fit_correction(n, values, powers, c, n_min, n_max)
        rows[name] = f.predict(np.array(targets, dtype=float))
    return pd.DataFrame.from_dict(rows, orient="index", columns=targets)
