"""The red/black card game ("Problem 14"): document 000's claims, checked.

Each function here sets one of the document's numbers or programs beside
ours; the notebooks state "agrees" or "differs" from them, and each ends with
the verdict table of :func:`verdicts`.

The verdict tables (:func:`verdicts`)
    One row per number or claim of the document, by notebook (01: the value,
    the spreadsheet and the programs; 02: the simulation, the omniscient
    player and the fixed-1/2 mistake; 03: the growth law, the fits and
    133,787,000 cards), built and judged by the workbook's one verdict module
    (:mod:`stoplib.workbook.verdicts`: its schema, its rule, its styler).
Running times (:func:`document_timings`)
    The document's timings beside ours, each with its machine (ours: with its
    load when taken, :func:`stoplib.util.timing.stamp`).

The spreadsheet (:func:`spreadsheet_comparison`)
    Han Zheng's 27 x 27 sheet, cell by cell, under two readings: the naive one
    (cells are ``V(r, b)``, red across) and the spreadsheet's own (cells are
    the expected final winnings ``(b - r) + V(r, b)``, red down the side,
    :func:`stoplib.redblack.variants.holdings_table`).
The C program in single precision (:func:`c_program_values`, :func:`float32_balanced_values`)
    The document's C program keeps its table in ``float``. ``c_program_values``
    emulates it literally (``O(n^3)``), ``float32_balanced_values`` gets the same
    numbers from one ``O(n^2)`` sweep; its values ``0..22,974`` are the data of
    the document's fits. :func:`float32_drift_exponent` measures how fast the
    single-precision drift grows.
Printed precision (:func:`rounding_error_bound`)
    How far rounding could have moved a computed ``V(n, n)`` (which values print
    as the document's "6038.22" is :func:`stoplib.workbook.verdicts.printed_interval`).

The recursion behind them all::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1)).

The document's fits (log against square root) are repeated in
:mod:`stoplib.redblack.asymptotics`.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14); its printed numbers, by section, are
in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np
from numba import njit

from ..util import budget
from ..util.validate import check_choice, check_instance, check_int, check_real
from ..workbook import verdicts as verdict_table
from . import _costs
from . import document as doc
from .asymptotics import bridge_constant
from .fits import _check_points
from .solver import MethodTiming, _value_table

__all__ = [
    "spreadsheet_comparison", "SpreadsheetComparison", "c_program_values",
    "float32_balanced_values", "float32_drift_exponent", "rounding_error_bound",
    "verdicts", "NOTEBOOKS", "document_timings",
]


# ---------------------------------------------------------------------------
# Han Zheng's spreadsheet
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SpreadsheetComparison:
    """Cell-by-cell comparison of the printed spreadsheet with a reading of it."""

    reading: str
    table: "object"  # pandas.DataFrame: row_label, col_label, red, black, printed, ours, matches
    n_cells: int
    n_match: int

    @property
    def n_differ(self) -> int:
        return self.n_cells - self.n_match


def _printed_digits_match(ours: float, printed: str, digits: int = 4) -> bool:
    """Does ``ours``, rounded to ``digits`` significant digits, print as ``printed``?"""
    return float(f"{ours:.{digits}g}") == float(printed)


def spreadsheet_comparison(reading: str = "holdings") -> SpreadsheetComparison:
    """Compare every cell of Han Zheng's spreadsheet (document 000) with our DP.

    Parameters
    ----------
    reading : {"holdings", "value"}
        ``"holdings"``: rows are red cards left, columns black cards left, and
        a cell is the expected final winnings of the 26/26 game counting what
        is already held, ``(b - r) + V(r, b)``
        (:func:`stoplib.redblack.variants.holdings_table`).
        ``"value"``: the naive reading, columns red ("Good #") and rows black,
        a cell being ``V(r, b)`` itself.

    Returns
    -------
    SpreadsheetComparison
        ``table`` has one row per cell; a cell matches when our number,
        rounded to 4 significant digits as the spreadsheet prints, equals it.

    Examples
    --------
    >>> spreadsheet_comparison("holdings").n_match
    729
    """
    check_choice("reading", reading, ("holdings", "value"))
    return _spreadsheet_comparison(reading)


def _spreadsheet_comparison(reading: str) -> SpreadsheetComparison:
    import pandas as pd

    n = 26
    vt = _value_table(n, n)
    records = []
    for row_label, cells in zip(doc.SPREADSHEET_ROW_LABELS, doc.SPREADSHEET_CELLS_TEXT):
        for col_label, text in zip(doc.SPREADSHEET_LABELS, cells):
            if reading == "holdings":
                r, b = row_label, col_label
                ours = (b - r) + vt[r, b]
            else:
                r, b = col_label, row_label
                ours = vt[r, b]
            records.append(dict(row_label=row_label, col_label=col_label, red=r, black=b,
                                printed=float(text), printed_text=text, ours=float(ours),
                                matches=_printed_digits_match(float(ours), text)))
    df = pd.DataFrame.from_records(records)
    return SpreadsheetComparison(reading, df, len(df), int(df["matches"].sum()))


# ---------------------------------------------------------------------------
# The C program: a table of single-precision floats
# ---------------------------------------------------------------------------
@njit(cache=True)
def _c_program(n_max, tab, out):
    # the document's C program: a two-row table of single-precision floats,
    # arithmetic in double (``r*1.0/(r+b)``), rounded to float on every store
    for i in range(n_max + 1):
        for r in range(i + 1):
            for b in range(i + 1):
                if r == 0:
                    x = 0.0
                elif b == 0:
                    x = float(r)
                else:
                    x = (r * 1.0 / (r + b) * (tab[(r - 1) % 2, b] + 1.0)
                         + b * 1.0 / (r + b) * (tab[r % 2, b - 1] - 1.0))
                    x = max(0.0, x)
                tab[r % 2, b] = np.float32(x)
        out[i] = tab[i % 2, i]


def c_program_values(n_max: int) -> np.ndarray:
    """``V(i, i)``, ``i = 0..n_max``, as the document's C program computes them.

    That program stores its table in single-precision ``float``; printed with
    ``%f`` a few of its values differ from the double-precision ones in the
    sixth decimal. Cost ``O(n_max^3)``: small ``n_max`` only (the slow twin of
    :func:`float32_balanced_values`).

    Examples
    --------
    >>> round(float(c_program_values(26)[26]), 7)
    2.6244757
    """
    return _c_program_values(check_int("n_max", n_max, 0, 2000))


def _c_program_values(n_max: int) -> np.ndarray:
    budget.check(_costs.c_program_cost(n_max))
    tab = np.zeros((2, n_max + 1), dtype=np.float32)
    out = np.zeros(n_max + 1, dtype=np.float32)
    _c_program(n_max, tab, out)
    return out.astype(np.float64)


@njit(cache=True)
def _float32_sweep(n_max, row, out):
    """One row-by-row sweep storing every cell as float32, arithmetic in double,
    exactly like the document's C program; ``out[i]`` = cell ``(i, i)``."""
    for b in range(n_max + 1):
        row[b] = np.float32(0.0)
    out[0] = 0.0
    for r in range(1, n_max + 1):
        row[0] = np.float32(r)
        for b in range(1, n_max + 1):
            x = (r * 1.0 / (r + b) * (np.float64(row[b]) + 1.0)
                 + b * 1.0 / (r + b) * (np.float64(row[b - 1]) - 1.0))
            if x < 0.0:
                x = 0.0
            row[b] = np.float32(x)
            if b == r:
                out[r] = row[b]


def float32_balanced_values(n_max: int) -> np.ndarray:
    """``V(i, i)``, ``i = 0..n_max``, as the document's single-precision C program
    computes them, from ONE sweep.

    The C program recomputes every ``i`` from scratch (``O(n^3)``), but a cell's
    float32 value depends only on ``(r, b)`` (the same operations in the same
    order whatever ``i`` is), so one ``O(n^2)`` sweep gives all of them. The
    slow twin is :func:`c_program_values`. Its text file of
    values ``0..22,974`` (printed with ``%f``) is what the document's fits use.

    Examples
    --------
    >>> round(float(float32_balanced_values(26)[26]), 6)
    2.624476
    """
    return _float32_balanced_values(check_int("n_max", n_max, 0, 2**31 - 2))


def _float32_balanced_values(n_max: int) -> np.ndarray:
    budget.check(_costs.float32_sweep_cost(n_max))
    row = np.zeros(n_max + 1, dtype=np.float32)
    out = np.zeros(n_max + 1, dtype=np.float32)
    _float32_sweep(n_max, row, out)
    return out.astype(np.float64)


def float32_drift_exponent(n: np.ndarray, drift: np.ndarray, n_min: int = 1000):
    """Fit ``|drift| ~ A n^p`` (log-log OLS, ``n >= n_min``); return ``(A, p)``.

    Examples
    --------
    >>> n = np.array([1000, 2000, 4000]); A, p = float32_drift_exponent(n, 3e-9 * n ** 1.5)
    >>> round(p, 6)
    1.5
    """
    n, d = _check_points(n, drift)
    d = np.abs(d)
    n_min = check_int("n_min", n_min, 1, 2**53)
    keep = (n >= n_min) & (d > 0)
    if keep.sum() < 2:
        raise ValueError("need at least two points with n >= n_min and nonzero drift")
    p, logA = np.polyfit(np.log(n[keep]), np.log(d[keep]), 1)
    return float(math.exp(logA)), float(p)


# ---------------------------------------------------------------------------
# Printed precision
# ---------------------------------------------------------------------------
def rounding_error_bound(n: int, eps: float = 2.0 ** -53, roundings: int = 4) -> float:
    """First-order bound on the floating-point drift of a computed ``V(n, n)``.

    Each cell is ``max(0, p (A + 1) + q (B - 1))``: a convex combination and a
    ``max`` with 0, both non-expansive, so the error at ``(n, n)`` is at most the
    expected sum, along the random path of the game (at most ``2n`` cells), of
    the new rounding error made at each cell, about ``roundings * eps * |value|``.
    The values met along the path are of order ``|winnings| + c sqrt(cards left)``,
    which this bounds by ``2 c sqrt(n) + 1``. So the drift is at most about
    ``2 n * roundings * eps * (2 c sqrt(n) + 1)``, whatever the evaluation order.
    (``eps = 2**-24`` gives the single-precision bound.)

    Examples
    --------
    >>> rounding_error_bound(133_787_000) < 0.005
    True
    """
    n = check_int("n", n, 0, 2**53)
    eps = check_real("eps", eps, 0.0, 1.0)
    if not 0.0 < eps < 1.0:
        raise ValueError(f"eps must be in (0, 1), got {eps!r}")
    roundings = check_int("roundings", roundings, 1, 100)
    return _rounding_error_bound(n, eps, roundings)


def _rounding_error_bound(n: int, eps: float = 2.0 ** -53, roundings: int = 4) -> float:
    _, c = bridge_constant()
    return 2.0 * n * roundings * eps * (2.0 * c * math.sqrt(n) + 1.0)


# ---------------------------------------------------------------------------
# The verdict tables and the running times
# ---------------------------------------------------------------------------
#: The notebooks with a verdict table, and the results each one passes to :func:`verdicts`.
NOTEBOOKS = {
    "01_redblack_dp": (),
    "02_redblack_monte_carlo": ("simulation", "mistake", "paths"),
    "03_redblack_sqrt_vs_log": ("values", "extrapolation", "frontier"),
}
#: What a notebook's verdicts may be given besides (01: the committed sweeps, for its rows on
#: memory and on "millions of cards").
OPTIONAL = {"01_redblack_dp": ("frontier",)}


def _check_results(results: dict) -> None:
    """Each result :func:`verdicts` may be given is of the class it must be."""
    import pandas as pd

    from .simulation import SamplePaths, SimulationResult

    kinds = {"simulation": SimulationResult, "mistake": SimulationResult, "paths": SamplePaths,
             "extrapolation": (pd.Series, pd.DataFrame)}
    for key, cls in kinds.items():
        if key in results:
            check_instance(key, results[key], cls)
    # (frontier imports this module: its FrontierData is recognised by name, not imported)
    if "frontier" in results and type(results["frontier"]).__name__ != "FrontierData":
        raise TypeError(f"frontier must be a FrontierData (stoplib.redblack.frontier.load_frontier()), "
                        f"got {type(results['frontier']).__name__}")
    if "values" in results:
        v = results["values"]
        try:
            v = np.asarray(v)
        except (ValueError, TypeError):
            v = np.asarray([])
        if v.dtype.kind not in "iuf" or v.ndim != 1:
            raise TypeError(f"values must be a 1-D array of V(n, n), got {type(results['values']).__name__}")
        if not np.isfinite(v.astype(float)).all():
            raise ValueError("values must be finite")


def verdicts(notebook: str, **results):
    """The verdict table of one notebook: every number and claim of document 000 it covers.

    Rows are built and judged by :mod:`stoplib.workbook.verdicts` (its rule: a printed
    number agrees when ours prints the same at the digits shown, a random estimate when it
    is within 4 standard errors; running times, memory, compilers and plot settings of the
    document are "context", never "differs").

    Parameters
    ----------
    notebook : str
        One of :data:`NOTEBOOKS`.
    **results
        What the notebook computed and the table quotes (the keys of ``NOTEBOOKS[notebook]``):
        for 02, ``simulation`` and ``mistake`` (the :class:`~stoplib.redblack.SimulationResult`
        of the real game and of the fixed-1/2 model, 26/26) and ``paths`` (the 49 sample
        games); for 03, ``values`` (``V(n, n)`` for ``n = 0..N``, ``N >= 22,974``) and
        ``extrapolation`` (the validated models' predictions of ``V(133,787,000)`` from
        those values, a Series or a one-column DataFrame) and ``frontier`` (the committed
        sweeps, :func:`stoplib.redblack.frontier.load_frontier`: the rows on 133,787,000 and
        "l = 2m" use them). Notebook 01 needs nothing (its rows are cheap to recompute) and
        may pass ``frontier`` for its rows on memory and "millions of cards".

    Returns
    -------
    pandas.DataFrame
        A checked verdict table (:func:`stoplib.workbook.verdicts.table`): its columns,
        one verdict of the rule per row, exactly one headline row.

    Examples
    --------
    >>> from stoplib.redblack import sample_paths, simulate
    >>> table = verdicts("02_redblack_monte_carlo", simulation=simulate(26, 26, 1000, seed=1),
    ...                  mistake=simulate(26, 26, 1000, seed=2, replacement=True), paths=sample_paths(26, 26, 49))
    >>> int(table.headline.sum()), table.loc[table.headline, "verdict"].item()
    (1, 'agrees')
    """
    from . import _verdicts

    check_choice("notebook", notebook, tuple(NOTEBOOKS))
    needed = NOTEBOOKS[notebook]
    missing = [k for k in needed if k not in results]
    extra = [k for k in results if k not in needed and k not in OPTIONAL.get(notebook, ())]
    if missing or extra:
        raise TypeError(f"verdicts({notebook!r}) needs exactly {list(needed)}; "
                        f"missing {missing}, unexpected {extra}")
    _check_results(results)
    builder = {"01_redblack_dp": _verdicts.rows_01, "02_redblack_monte_carlo": _verdicts.rows_02,
               "03_redblack_sqrt_vs_log": _verdicts.rows_03}[notebook]
    checks = SimpleNamespace(c_program_values=_c_program_values, spreadsheet_comparison=_spreadsheet_comparison,
                             float32_balanced_values=_float32_balanced_values,
                             rounding_error_bound=_rounding_error_bound)   # checked arguments: the internals
    return verdict_table.table(notebook, builder(checks, **results))


def document_timings(diagonal: MethodTiming, tiled: MethodTiming):
    """The document's running times for ``V(100,000, 100,000)`` beside ours.

    Parameters
    ----------
    diagonal, tiled : stoplib.redblack.MethodTiming
        Our timings of ``value(100_000, 100_000, method="diagonal")`` and ``"tiled"``
        (:func:`stoplib.redblack.time_method`): the document's diagonal programs compare
        with the first, its block programs with the second. Each carries its machine and
        the load when it was taken.

    Returns
    -------
    pandas.DataFrame
        One row per timing the document prints: ``program``, ``document seconds``,
        ``document machine``, ``our method``, ``our seconds``, ``machine``, ``load`` and
        ``taken`` (ours). Running times on different machines are context, not a race.

    Examples
    --------
    >>> from stoplib.redblack import time_method
    >>> t = document_timings(time_method("diagonal", 300, 300), time_method("tiled", 300, 300))
    >>> list(t["our method"].unique()), "load" in t
    (['diagonal', 'tiled'], True)
    """
    import pandas as pd

    check_instance("diagonal", diagonal, MethodTiming)
    check_instance("tiled", tiled, MethodTiming)
    for name, t in (("diagonal", diagonal), ("tiled", tiled)):
        if t.method != name:
            raise ValueError(f"{name} must be a timing of method {name!r}, got method {t.method!r}")
    laptop = "FeepingCreature's laptop"
    ripper = f"{doc.THREADRIPPER_CORES}-core AMD Ryzen Threadripper 1950X"
    rows = [
        ("C diagonal, first version, Clang", doc.DIAGONAL_SECONDS["clang"], laptop, diagonal),
        ("C diagonal, first version, GCC", doc.DIAGONAL_SECONDS["gcc"], laptop, diagonal),
        ("C diagonal, second version, Clang", doc.DIAGONAL2_SECONDS["clang"], laptop, diagonal),
        ("C diagonal, second version, GCC", doc.DIAGONAL2_SECONDS["gcc"], laptop, diagonal),
        ("spin-lock diagonal, one thread, GCC", doc.SPINLOCK_SECONDS["one thread"], ripper, diagonal),
        (f"spin-lock diagonal, {doc.SPINLOCK_BEST_THREADS} threads, GCC", doc.SPINLOCK_SECONDS["12 threads"],
         ripper, tiled),
        ("spin-lock diagonal with _Atomic(bool)", doc.SPINLOCK_SECONDS["_Atomic(bool)"], ripper, tiled),
        (f"blocks of {doc.BLOCK_SIZE_100K}, {doc.BLOCK_THREADS} threads, Clang", doc.BLOCKS_SECONDS["clang"],
         ripper, tiled),
        (f"blocks of {doc.BLOCK_SIZE_100K}, {doc.BLOCK_THREADS} threads, GCC", doc.BLOCKS_SECONDS["gcc"],
         ripper, tiled),
        ("blocks + skipping", doc.SKIPPING_SECONDS, ripper, tiled),
        ("blocks + skipping, Clang PGO", doc.PGO_SECONDS["real"], ripper, tiled),
    ]
    return pd.DataFrame([{"program": p, "document seconds": s, "document machine": m, "our method": t.method,
                          "our seconds": t.seconds, "n": t.n_red, "machine": t.machine, "load": t.load,
                          "taken": t.taken} for p, s, m, t in rows])
