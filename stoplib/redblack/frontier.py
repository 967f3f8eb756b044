r"""The red/black card game ("Problem 14") at the frontier: ``V(n, n)`` to ten million, and beyond.

The recursion (:mod:`stoplib.redblack.rules`)::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))

was swept to ``n = 10,000,000`` cards of each colour by the resumable tiled
wavefront (``balanced_values(n, checkpoint=...)``, ``benchmarks/frontier.py``).
The results live in one place, the committed CSV files, which only that script writes
and nothing copies:

``data/redblack_frontier.csv``
    ``n, value, method, seconds, machine``: one row per finished sweep (1, 2, 5 and 10
    million), ``V(n, n)`` to 12 decimals.
``data/redblack_frontier_grid.csv``
    ``V(n, n)`` at log-spaced ``n`` from 100 up to the largest sweep, read off its diagonal.
``data/redblack_frontier_2m_block_reading.csv``
    ``V(2,000,000, 2,000,000 + x)`` for the document's "l = 2m ($818.1)".

Sessions lent a GPU swept further (``data/redblack_gpu_runs.csv``, written from
``benchmarks/gpu_redblack_session.py``): :func:`load_frontier` reads their whole sweeps too, so
that one object says how far the exact values reach (:attr:`FrontierData.n_exact`); the fits
use the CPU sweeps only, and the GPU's values past them (:meth:`FrontierData.beyond`) test them.

:func:`load_frontier` reads them, sealed by ``data/redblack_frontier.sha256`` and checked
on every read (:mod:`stoplib.redblack._frontier_files`: columns, types, monotonicity, the
square-root law, agreement where two files hold the same value): a truncated or edited file
fails loudly. Reading never recomputes a sweep; the tests recompute the small entries.

The correction to the square-root law
-------------------------------------
``V(n, n) ~ c sqrt(n)`` with Shepp's bridge constant ``c = 0.5220376759...``
(:mod:`stoplib.redblack.asymptotics`). The rest, ``V(n, n) - c sqrt(n)``, is
negative and shrinks like a power of ``n``: by a factor of about 0.6 per decade
between ``10^3`` and ``10^7`` (``n^{-0.22}``). Powers of ``n^{-1/4}`` are what
the lattice of a +-1 walk adds to a Brownian stopping problem: for the
Chow-Robbins game the stopping boundary is ``alpha sqrt(n) - 1/2 + C n^{-1/4}``
with ``C = -2 zeta(-1/2) sqrt(alpha / pi)`` (Elton 2025; conjectured by
Christensen and Fischer 2022). :func:`correction_fit` fits

    ``V(n, n) - c sqrt(n) = a + b n^{-1/4} + e n^{-1/2} + f n^{-3/4}``

and its sub-models (``MODELS``; ``c`` fixed) by OLS (statsmodels) on the
committed points (the grid and the sweeps) with ``n >= n_min``, and reports every coefficient with its
standard error; ``b n^{-1/4}`` is the fitted next term.

V(133,787,000) with an honest error bar
---------------------------------------
:func:`extrapolate_133m` extrapolates by a factor of 13.4 past the largest
sweep. Regression standard errors alone would be dishonest (the residuals are
deterministic lattice wiggles, not noise, and the model is a guess), so the
half-width adds four parts:

1. **backtest**: the same fits, made on ``n <= n_max / 10`` only, predict the
   computed ``V(n_max)``; the error of the chosen model over that factor of 10
   stands for its error over the next factor of 13.4 (a safe stand-in: the
   correction, and so what a wrong model gets wrong, shrinks with ``n``);
2. **model spread**: the largest distance from the estimate to the prediction
   of any model that backtested within five times the best model's error;
3. **regression**: twice the OLS standard error of the chosen model's prediction;
4. **rounding**: :func:`stoplib.redblack.claims.rounding_error_bound` of the
   largest computed value (a worst-case bound on its floating-point drift).

The estimate is the prediction of the model with the smallest backtest error.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14): "l = 2m ($818.1, ~2m10s)" and "the
exact value of l = 133,787,000 turns out to be $6,038.22" (body; $6,038.32 in the
introduction), see :mod:`stoplib.redblack.document`.
J. H. Elton, "Exact solution to the Chow-Robbins game for almost all n",
Adv. Appl. Probab. (2025); S. Christensen and S. Fischer, "On the
sqrt(n)-boundary of the Chow-Robbins game" (2022).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..util.validate import check_int, check_real
from ..workbook.verdicts import printed_interval
from . import document as doc
from .asymptotics import bridge_constant
from .fits import _check_models, _check_points, _fit_correction, _term_name
from .claims import _rounding_error_bound
from .rules import MAX_CARDS

__all__ = [
    "MODELS", "frontier_table", "frontier_points", "correction_fit", "CorrectionFits",
    "extrapolate_133m", "Extrapolation", "claim_2m", "load_frontier", "FrontierData",
]

#: The correction models fitted to ``V(n, n) - c sqrt(n)``: name -> exponents of n (0: a constant).
MODELS = {
    "a": (0.0,),
    "a + e n^-1/2": (0.0, -0.5),
    "b n^-1/4": (-0.25,),
    "b n^-1/4 + e n^-1/2": (-0.25, -0.5),
    "a + b n^-1/4 + e n^-1/2": (0.0, -0.25, -0.5),
    "b n^-1/4 + e n^-1/2 + f n^-3/4": (-0.25, -0.5, -0.75),
    "a + b n^-1/4 + e n^-1/2 + f n^-3/4": (0.0, -0.25, -0.5, -0.75),
}


def frontier_table():
    """The committed frontier sweeps (:func:`load_frontier`), with ``c sqrt(n)`` and the correction.

    Returns
    -------
    pandas.DataFrame
        Columns ``n``, ``value``, ``method``, ``seconds``, ``machine``,
        ``c_sqrt_n`` and ``correction`` (``value - c_sqrt_n``).

    Examples
    --------
    >>> t = frontier_table()
    >>> int(t.n.iloc[0]), bool((t.correction < 0).all())
    (1000000, True)
    """
    c = bridge_constant()[1]
    t = _load().sweeps
    t["c_sqrt_n"] = c * np.sqrt(t.n.to_numpy(dtype=float))
    t["correction"] = t.value - t.c_sqrt_n
    return t


def frontier_points(n_min: int = 1):
    """``(n, V(n, n))`` of the committed grid and sweeps together (:func:`load_frontier`),
    sorted, ``n >= n_min``.

    Examples
    --------
    >>> n, v = frontier_points(1_000_000)
    >>> int(n[0]), round(float(v[0]), 6)
    (1000000, 522.033533)
    """
    return _load().points(check_int("n_min", n_min, 1, MAX_CARDS))


def _data(n, values, n_min):
    if (n is None) != (values is None):
        raise ValueError("give both n and values, or neither (the committed frontier)")
    if n is None:
        return _load().points(1)
    n = np.asarray(n)
    if n.dtype.kind not in "iu":
        raise TypeError(f"n must be an array of ints, got dtype {n.dtype}")
    n, values = _check_points(n, values)
    return n.astype(np.int64), values


def _models(models):
    return dict(MODELS) if models is None else _check_models(models)


@dataclass
class CorrectionFits:
    """OLS fits of ``V(n, n) - c sqrt(n)`` (``c`` fixed), one per model.

    Attributes
    ----------
    c : float
        The bridge constant.
    fits : dict of str to stoplib.redblack.fits.CorrectionFit
    n_min, n_max : int
        The range fitted.
    """

    c: float
    fits: dict = field(repr=False)
    n_min: int = 0
    n_max: int = 0

    def table(self):
        """One row per model: each term's coefficient and standard error, the
        residual standard error and the number of points.

        Term columns are named by exponent: ``one``, ``n^-0.25``, ``n^-0.5``, ``n^-0.75``
        (and ``se n^-0.25`` ...)."""
        import pandas as pd

        rows = []
        for name, f in self.fits.items():
            r = {"model": name, "points": int(f.result.nobs),
                 "residual_se": math.sqrt(f.result.scale)}
            for p in sorted({p for g in self.fits.values() for p in g.powers}, reverse=True):
                key = "one" if p == 0 else f"n^{p:g}"
                t = _term_name(p)
                r[key] = float(f.result.params[t]) if p in f.powers else np.nan
                r[f"se {key}"] = float(f.result.bse[t]) if p in f.powers else np.nan
            rows.append(r)
        return pd.DataFrame(rows).set_index("model")

    def next_term(self, model: str) -> tuple[float, float]:
        """``(b, standard error)`` of the ``n^{-1/4}`` term of ``model`` (the fitted
        next term after ``c sqrt(n)``; NaN for a model without it)."""
        f = self.fits[model]
        if -0.25 not in f.powers:
            return float("nan"), float("nan")
        t = _term_name(-0.25)
        return float(f.result.params[t]), float(f.result.bse[t])

    def predict(self, model: str, n) -> np.ndarray:
        """``c sqrt(n) + correction(n)`` of one model."""
        return self.fits[model].predict(np.asarray(n, dtype=float))

    def prediction_se(self, model: str, n: float) -> float:
        """OLS standard error of one model's mean prediction at ``n``."""
        import pandas as pd

        f = self.fits[model]
        row = pd.DataFrame({_term_name(p): [float(n) ** p if p != 0 else 1.0] for p in f.powers})
        return float(f.result.get_prediction(row).se_mean[0])


def correction_fit(n=None, values=None, models=None, n_min: int = 10_000,
                   n_max: int | None = None) -> CorrectionFits:
    """Fit ``V(n, n) - c sqrt(n)`` with each correction model by OLS (``c`` fixed).

    Parameters
    ----------
    n, values : arrays or None
        Card counts and exact ``V(n, n)``; None (both) uses the committed
        frontier (:func:`load_frontier`).
    models : dict or None
        ``{name: exponents}`` (None: ``MODELS``).
    n_min, n_max : int
        Fit only ``n_min <= n <= n_max``.

    Returns
    -------
    CorrectionFits

    Examples
    --------
    >>> f = correction_fit()
    >>> b, se = f.next_term("b n^-1/4 + e n^-1/2")
    >>> -0.2 < b < -0.1, se < 0.01
    (True, True)
    """
    n_min = check_int("n_min", n_min, 1, MAX_CARDS)
    if n_max is not None:
        n_max = check_int("n_max", n_max, n_min, MAX_CARDS)
    n, values = _data(n, values, n_min)
    return _correction_fit(n, values, _models(models), n_min, n_max)


def _correction_fit(n, values, models: dict, n_min: int, n_max: int | None) -> CorrectionFits:
    c = bridge_constant()[1]
    fits = {name: _fit_correction(n.astype(float), values, p, c, n_min, n_max) for name, p in models.items()}
    first = next(iter(fits.values()))
    return CorrectionFits(c=c, fits=fits, n_min=first.n_min, n_max=first.n_max)


@dataclass
class Extrapolation:
    """``V(target, target)`` extrapolated from the frontier, with its error bar.

    Attributes
    ----------
    target : int
    estimate : float
        The chosen model's prediction.
    error : float
        Half-width of the error bar: the sum of ``components``.
    model : str
        The chosen model (smallest backtest error).
    components : dict
        ``backtest``, ``model_spread``, ``regression`` (2 SE) and ``rounding``.
    predictions : pandas.DataFrame
        Per model: ``prediction``, ``se``, ``backtest_error`` (fit on
        ``n <= n_max / 10``, predict the computed ``V(n_max)``), ``plausible``.
    n_max : int
        The largest computed ``n`` used.
    derivation : str
        The error bar in words.
    """

    target: int
    estimate: float
    error: float
    model: str
    components: dict
    predictions: object = field(repr=False)
    n_max: int = 0
    derivation: str = field(default="", repr=False)

    @property
    def low(self) -> float:
        return self.estimate - self.error

    @property
    def high(self) -> float:
        return self.estimate + self.error

    def document_comparison(self):
        """The document's two figures for 133,787,000 beside the estimate.

        ``printed_low/high`` is the interval of values that print as the
        document's number; ``agrees`` says whether it meets ``[low, high]``."""
        import pandas as pd

        rows = []
        for label, text in (("body ($6,038.22)", f"{doc.VALUE_133M_BODY:.2f}"),
                            ("introduction ($6,038.32)", f"{doc.VALUE_133M_INTRO:.2f}")):
            lo, hi = printed_interval(text)
            rows.append({"document": label, "printed": float(text), "printed_low": lo,
                         "printed_high": hi, "estimate": self.estimate, "error": self.error,
                         "agrees": bool(lo <= self.high and self.low < hi)})
        return pd.DataFrame(rows)


def extrapolate_133m(n=None, values=None, target: int = doc.CARDS_133M, models=None,
                     n_min: int = 10_000, plausible_factor: float = 5.0) -> Extrapolation:
    """Extrapolate ``V(target, target)`` with an honest error bar (module docstring).

    Parameters
    ----------
    n, values : arrays or None
        Exact ``V(n, n)``; None (both) uses the committed frontier.
    target : int
        The deck to extrapolate to (default the document's 133,787,000).
    models : dict or None
        Candidate correction models (None: ``MODELS``).
    n_min : int
        Smallest ``n`` fitted.
    plausible_factor : float
        Models whose backtest error is within this factor of the best one's
        count in the model spread.

    Returns
    -------
    Extrapolation

    Examples
    --------
    >>> e = extrapolate_133m()
    >>> 6038.2 < e.low < e.estimate < e.high < 6038.23
    True
    """
    n_min = check_int("n_min", n_min, 1, MAX_CARDS)
    n, values = _data(n, values, n_min)
    target = check_int("target", target, 2, MAX_CARDS)
    plausible_factor = check_real("plausible_factor", plausible_factor, 1.0, 1e6)
    return _extrapolate_133m(n, values, target, _models(models), n_min, plausible_factor)


def _extrapolate_133m(n, values, target: int, models: dict, n_min: int, plausible_factor: float) -> "Extrapolation":
    import pandas as pd

    n_max = int(n.max())
    if target <= n_max:
        raise ValueError(f"target must exceed the largest computed n = {n_max:,}, got {target:,}")
    v_max = float(values[n == n_max][0])
    full = _correction_fit(n, values, models, n_min, None)
    back = _correction_fit(n, values, models, n_min, max(n_min, n_max // 10))
    rows = []
    for name in models:
        rows.append({"model": name, "prediction": float(full.predict(name, [target])[0]),
                     "se": full.prediction_se(name, target),
                     "backtest_error": float(back.predict(name, [n_max])[0]) - v_max})
    t = pd.DataFrame(rows).set_index("model")
    best = t.backtest_error.abs().idxmin()
    t["plausible"] = t.backtest_error.abs() <= plausible_factor * abs(t.backtest_error[best])
    estimate = float(t.prediction[best])
    comp = {
        "backtest": abs(float(t.backtest_error[best])),
        "model_spread": float((t.prediction[t.plausible] - estimate).abs().max()),
        "regression": 2.0 * float(t.se[best]),
        "rounding": _rounding_error_bound(n_max),
    }
    error = float(sum(comp.values()))
    text = (f"V({target:,}) = {estimate:.6f} +- {error:.6f}: the prediction of "
            f"'{best}' fitted on {full.n_min:,} <= n <= {n_max:,}. The half-width adds "
            f"its backtest error {comp['backtest']:.2e} (fitted on n <= {n_max // 10:,}, it "
            f"predicts the computed V({n_max:,}) that far off), the spread {comp['model_spread']:.2e} "
            f"of the {int(t.plausible.sum())} models that backtest within {plausible_factor:g}x "
            f"of it, twice its regression standard error ({comp['regression']:.2e}) and the "
            f"rounding bound of V({n_max:,}) ({comp['rounding']:.2e}).")
    return Extrapolation(target=target, estimate=estimate, error=error, model=best,
                         components=comp, predictions=t, n_max=n_max, derivation=text)


def _block_sizes(x: int, near: int = 1000, count: int = 4) -> list:
    """Block sizes 100..5000 for which the C program sweeps ``x`` rows past 2,000,000
    (``BLOCK_SIZE * ceil(2,000,000 / BLOCK_SIZE) - 2,000,000 == x``), nearest 1,000 first."""
    sizes = [bs for bs in range(100, 5001) if (-2_000_000) % bs == x]
    return sorted(sorted(sizes, key=lambda bs: abs(bs - near))[:count])


def claim_2m():
    """Document 000's "l = 2m ($818.1)" against the readings of ``l`` we computed.

    The readings: ``l`` = 2,000,000 of each colour (what the program's
    ``NUM_CARDS`` means), 2,000,000 in all, 2^21 of each colour, the ``n`` whose
    ``V(n, n)`` is $818.1, and the program run with a ``BLOCK_SIZE`` that does
    not divide 2,000,000 (it says it must): it then sweeps
    ``R = BLOCK_SIZE * ceil(2,000,000 / BLOCK_SIZE)`` rows and prints its
    value-plus-cash ``V(2,000,000, R) + (R - 2,000,000)`` at that corner.

    Each row: the reading, the deck, the value it gives, and whether it prints
    as "818.1" (``agrees_6_digits``: within the ``%g`` output's six significant
    digits, ``[818.0995, 818.1005)``; ``agrees_1_decimal``: within the prose's
    one decimal, ``[818.05, 818.15)``).

    Examples
    --------
    >>> t = claim_2m()
    >>> bool(t.agrees_1_decimal.iloc[0])
    False
    """
    return _claim_2m(_load())


def _claim_2m(data: "FrontierData"):
    import pandas as pd

    front = dict(zip(data.sweeps.n.astype(int), data.sweeps.value.astype(float)))
    grid = list(zip(data.grid.n.astype(int), data.grid.value.astype(float)))
    rows = []
    if 2_000_000 in front:
        rows.append(("2,000,000 of each colour (what the program's NUM_CARDS means)",
                     2_000_000, 2_000_000, front[2_000_000], 0))
    if 1_000_000 in front:
        rows.append(("2,000,000 cards in all", 1_000_000, 1_000_000, front[1_000_000], 0))
    pts = dict(grid)
    if 2 ** 21 in pts:
        rows.append(("2^21 = 2,097,152 of each colour", 2 ** 21, 2 ** 21, pts[2 ** 21], 0))
    for k, v in grid:  # the decks whose V(n, n) prints as $818.1: l read as a number near 2.46m
        if 818.05 <= v < 818.15 and k != 2 ** 21:
            rows.append((f"{k:,} of each colour", k, k, v, 0))
    reading = data.block_reading
    for x, v in zip(reading.x.astype(int), reading.value.astype(float)):
        # every 50th x, and every x whose value plus cash is within 0.50 of 818.1
        if x > 0 and (x % 50 == 0 or abs(v + x - doc.VALUE_2000000) < 0.5):
            sizes = _block_sizes(x)
            rows.append((f"2,000,000 with BLOCK_SIZE in {sizes or 'none of 100..5000'} "
                         f"(x = {x} extra rows): V + x", 2_000_000, 2_000_000 + x, v + x, x))
    lo6, hi6 = 818.0995, 818.1005
    lo1, hi1 = printed_interval(f"{doc.VALUE_2000000:.1f}")
    t = pd.DataFrame(rows, columns=["reading", "n_red", "n_black", "value", "x"])
    t["agrees_6_digits"] = (t.value >= lo6) & (t.value < hi6)
    t["agrees_1_decimal"] = (t.value >= lo1) & (t.value < hi1)
    return t


@dataclass
class FrontierData:
    """The committed frontier results, as read from ``data/`` by :func:`load_frontier`.

    Attributes
    ----------
    sweeps : pandas.DataFrame
        ``data/redblack_frontier.csv``: ``n, value, method, seconds, machine``, one row per
        finished sweep, sorted by ``n``.
    grid : pandas.DataFrame
        ``data/redblack_frontier_grid.csv``: ``n, value`` at log-spaced ``n`` from the
        diagonal of the largest sweep.
    block_reading : pandas.DataFrame
        ``data/redblack_frontier_2m_block_reading.csv``: ``x, n_black, value,
        value_plus_cash`` for ``V(2,000,000, 2,000,000 + x)`` (empty if the file is absent).
    folder : pathlib.Path
        Where they were read.
    gpu_values : pandas.DataFrame
        ``n, value, sweep_n``: the ``V(n, n)`` read off the diagonals of the whole GPU sweeps of
        ``data/redblack_gpu_runs.csv`` (:func:`stoplib.redblack.recorded_gpu_runs`), one row per ``n``.
    gpu_sweeps : pandas.DataFrame
        ``n, seconds, cells_per_s, device``: those whole GPU sweeps, smallest first.

    Every chapter that states how far the exact values reach reads it here (:attr:`n_exact`,
    :attr:`n_max`, :meth:`beyond`), so that the chapters cannot disagree.
    """

    sweeps: object
    grid: object
    block_reading: object
    folder: object = None
    gpu_values: object = None
    gpu_sweeps: object = None

    @property
    def n_max(self) -> int:
        """The largest ``n`` of the CPU sweeps (``data/redblack_frontier.csv``), the fits' range."""
        return int(self.sweeps.n.max())

    @property
    def n_exact(self) -> int:
        """The largest ``n`` whose ``V(n, n)`` is committed, by a CPU or a GPU sweep."""
        gpu = self.gpu_values
        return max(self.n_max, int(gpu.n.max()) if gpu is not None and len(gpu) else 0)

    def beyond(self):
        """The committed exact ``V(n, n)`` past the CPU sweeps (``n > n_max``, from GPU sweeps):
        ``n, value, sweep_n``, never used by the fits, so a test of their extrapolation."""
        gpu = self.gpu_values
        if gpu is None:
            return self.sweeps.iloc[:0][["n", "value"]].assign(sweep_n=self.sweeps.n.iloc[:0])
        return gpu[gpu.n > self.n_max].reset_index(drop=True)

    @property
    def largest(self):
        """The row of the largest sweep (``n``, ``value``, ``method``, ``seconds``, ``machine``)."""
        return self.sweeps.iloc[int(self.sweeps.n.to_numpy().argmax())]

    def points(self, n_min: int = 1):
        """``(n, V(n, n))`` of the grid and the sweeps together, sorted, ``n >= n_min``."""
        n_min = check_int("n_min", n_min, 1)
        pts = dict(zip(self.grid.n.astype(int), self.grid.value.astype(float)))
        pts.update(zip(self.sweeps.n.astype(int), self.sweeps.value.astype(float)))
        n = np.array(sorted(k for k in pts if k >= n_min), dtype=np.int64)
        return n, np.array([pts[k] for k in n], dtype=np.float64)

    def fits(self) -> CorrectionFits:
        """:func:`correction_fit` of :meth:`points` (default models and range)."""
        n, v = self.points()
        return _correction_fit(n, v, dict(MODELS), 10_000, None)

    def extrapolation(self) -> Extrapolation:
        """:func:`extrapolate_133m` of :meth:`points` (default models and range)."""
        n, v = self.points()
        return _extrapolate_133m(n, v, doc.CARDS_133M, dict(MODELS), 10_000, 5.0)

    def claim_2m(self):
        """:func:`claim_2m` of these files."""
        return _claim_2m(self)

    @staticmethod
    def block_sizes(x: int) -> list:
        """The ``BLOCK_SIZE`` values (100..5000, nearest 1,000 first, at most four) that make
        the C program sweep ``x`` black cards past 2,000,000."""
        return _block_sizes(check_int("x", x, 0))


def _default_folder():
    from pathlib import Path

    # the committed results live in the repository that holds this package, whatever the
    # working directory (JupyterLab, the runner, a test's temporary copy)
    return Path(__file__).resolve().parents[2] / "data"


def _load() -> FrontierData:
    """The committed files of the repository's ``data/`` folder (:func:`load_frontier`)."""
    return load_frontier(None)


def load_frontier(folder=None) -> FrontierData:
    """Read the committed frontier results (``data/redblack_frontier*.csv``), checked.

    The sweeps took hours (``benchmarks/frontier.py``, the files' only writer); this reads
    what they wrote, so it sees every row the files hold now. Reading never recomputes
    anything, and checks everything it reads (:mod:`stoplib.redblack._frontier_files`): the
    SHA-256 seal ``redblack_frontier.sha256``, the columns and their types, values with 12
    decimals, increasing in ``n`` and within 0.25 below ``c sqrt(n)``, and the same value
    wherever two files hold it. The tables are read once per version of the files.

    Parameters
    ----------
    folder : path or None
        The folder holding the CSV files; None: the ``data/`` folder of the repository
        that holds this package (the committed results, whatever ``STOPLIB_OUTPUT_DIR``
        or the working directory say).

    Returns
    -------
    FrontierData
        Fresh copies of the tables (a caller may change them freely).

    Raises
    ------
    stoplib.util.validate.MissingFileError
        If the folder, a file or the seal is missing.
    ValueError
        If a file does not match its seal, is not such a CSV file, or holds counts or values
        that break a check (the message names the file and the check).

    Examples
    --------
    >>> f = load_frontier()
    >>> f.n_max >= 1_000_000, int(f.grid.n.iloc[0]), f.n_exact >= f.n_max
    (True, 100, True)
    """
    from ..util.validate import MissingFileError, check_path

    folder = _default_folder() if folder is None else check_path("folder", folder, must_exist=True, kind="dir")
    if not folder.is_dir():
        raise MissingFileError(2, "no such folder", str(folder))
    stamp = tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size)
                  for p in sorted(folder.glob("redblack_frontier*")) if p.is_file())
    tables = _read(str(folder), stamp)
    reading = tables["block_reading"]
    if reading is None:
        import pandas as pd

        reading = pd.DataFrame({"x": np.zeros(0, dtype=np.int64), "n_black": np.zeros(0, dtype=np.int64),
                                "value": np.zeros(0), "value_plus_cash": np.zeros(0)})
    from ._frontier_files import gpu_tables

    gpu = gpu_tables(folder)
    return FrontierData(sweeps=tables["sweeps"].copy(), grid=tables["grid"].copy(), block_reading=reading.copy(),
                        folder=folder, gpu_values=gpu["values"], gpu_sweeps=gpu["sweeps"])


@lru_cache(maxsize=8)
def _read(folder: str, stamp: tuple) -> dict:
    from pathlib import Path

    from ._frontier_files import read

    return read(Path(folder))
