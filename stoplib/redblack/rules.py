"""The red/black card game ("Problem 14"): the rules, the state, and the limits.

The game
--------
A deck holds ``r`` red cards (each pays +$1) and ``b`` black cards (each costs
-$1), shuffled uniformly. You turn cards over one at a time, without
replacement, and may stop at any moment (also before the first card) keeping
what you have won so far. What is the expected payoff of optimal play?

The state and the recursion
---------------------------
Only the counts of cards left matter, so a state is the pair ``(r, b)`` of
non-negative ints (red and black cards left), and the value of the rest of the
game, net of what you already hold, is a function ``V(r, b)``::

    V(0, b) = 0                     (only black cards left: stop)
    V(r, 0) = r                     (only red cards left: take them all)
    V(r, b) = max(0, r/(r+b) * (V(r-1, b) + 1) + b/(r+b) * (V(r, b-1) - 1))

The ``0`` in the ``max`` is stopping, the other term is drawing one more card.
The stop region is simple: for each ``r`` the cells with ``b >= boundary(r)``
are exactly 0, ``boundary`` is non-decreasing in ``r`` and ``boundary(r)`` is
about ``r + 1.2 sqrt(r)``. With ``n_red`` red and ``n_black`` black cards at
the start, what you hold in state ``(r, b)`` is ``(n_red - r) - (n_black - b)``.

This module holds what every other room of :mod:`stoplib.redblack` checks a
request against: :func:`check_counts` turns user input into a valid state, and
:func:`work_estimate` says what a computation would cost (cell updates,
seconds, memory) so that :func:`check_work` can refuse one that is absurdly long
or large for this machine *before* it starts, through the project's one budget
(:mod:`stoplib.util.budget`). The solver itself is in :mod:`stoplib.redblack.solver`.

Limits
------
Every public function whose cost grows with its arguments asks
:func:`stoplib.util.budget.check` first, with the estimate built here from the
rates ``RATES`` measured by ``benchmarks/bench_redblack.py`` (and
``bench_redblack_sim.py``, ``bench_redblack_frontier.py``); above the limits
(30 minutes and 4 GiB by default) the call is refused with a
:class:`~stoplib.util.budget.BudgetError` (a ``ValueError``) stating the
estimate, its basis and the limit. Raise the limits on purpose::

    from stoplib.util import budget
    with budget.allow(seconds=4 * 3600, bytes=16 * 2**30):
        v = stoplib.redblack.value(3_000_000, 3_000_000)

or for a session with ``STOPLIB_MAX_SECONDS`` / ``STOPLIB_MAX_BYTES``. A sweep
given a ``checkpoint=`` file can be stopped and resumed, so it has no time limit
(the memory limit still applies). Two methods also have caps of their own, which
the budget does not raise: "topdown" memoises every state in a dict
(``MAX_TOPDOWN_CELLS``) and "exact" keeps Fractions of hundreds of digits
(``MAX_EXACT_CELLS``); they are teaching twins, the float methods are the tools.
Card counts above ``MAX_CARDS = 2**53`` are refused outright: the kernels hold
``r`` and ``b`` as doubles, which are exact only up to 2**53.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14), gwern's write-up of
Timothy Falcon's / Nigel Coldwell's interview problem 14; its printed numbers
are in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_choice, check_int, check_real, check_str

__all__ = [
    "check_counts", "check_work", "work_estimate", "WorkEstimate", "sum_live_cells_estimate",
    "tile_factor", "ESTIMATED_METHODS", "MAX_CARDS", "MAX_TOPDOWN_CELLS", "MAX_EXACT_CELLS", "RATES",
]

#: Largest card count of either colour: the kernels hold ``r`` and ``b`` as doubles.
MAX_CARDS = 2**53
#: Top-down recursion memoises every state in a dict: cap the number of states.
MAX_TOPDOWN_CELLS = 2_000_000
#: Exact rationals grow to hundreds of digits: cap the cells of the table.
MAX_EXACT_CELLS = 250_000

# ---------------------------------------------------------------------------
# Rates: cell updates per second after compilation, medians of
# benchmarks/bench_redblack.py (and bench_redblack_frontier.py for Dask) on the
# project's 2-core Intel Xeon (Sapphire Rapids, AVX-512, KVM;
# ``stoplib.util.timing.machine()``) when it is quiet. Measured again on
# 2026-11-23 while it was shared (load average about 10): 5 to 15 times slower
# (tiled 8e8, diagonal 1e9, row 6e7, topdown 2.8e5, exact 2.7e4 cells/s), which is
# what a budget refusal's "would take about" means on a busy machine. They are
# used only to estimate what a call would cost, so that an absurd one is refused
# before it starts; ``benchmarks/bench_redblack.py`` prints estimate beside measured.
# ---------------------------------------------------------------------------
#: memoised recursion in plain Python (twins.value_topdown)
RATE_TOPDOWN = 1.2e6
#: Fractions, row by row (twins.value_exact, value_table_exact); the cost of a cell
#: grows slowly with the digits of its numerator, this is the rate near 300 x 300
RATE_EXACT = 1.0e5
#: numba row sweep, one core (V(100000, 100000) in 28.8 s)
RATE_ROW = 1.8e8
#: numba anti-diagonal sweep (SIMD), one core
RATE_DIAGONAL = 9.7e9
#: numba tiled wavefront, both cores (about 7.5e9 per core; V(100000, 100000) in 0.35 s)
RATE_TILED = 1.5e10
#: the whole table (value_table, holdings_table, replacement_table), one core
RATE_TABLE = 3.0e8
#: the tiled kernel as a Dask graph on a LocalCluster of this machine
#: (bench_redblack_frontier.py); on a real cluster about workers x this
RATE_DASK = 1.2e10
#: NOT MEASURED: no GPU was lent to the sessions that wrote and hardened the CUDA
#: path. A nominal figure (an H100's fp64 throughput / ~20 flops per cell, halved),
#: used only to refuse absurd requests; replace it by a measurement.
RATE_CUDA = 1.0e11
#: Small tiles are slower per cell (short diagonals, more tiles to schedule): the
#: "tiled" and "dask" rates are for the default tile of 2048 and are divided by
#: ``max(1, TILE_SLOWDOWN / tile) * (1 + 8 / tile)`` (balanced_values(30000) with
#: tiles of 8, 16, 64, 256 and 2048 cells: 190, 68, 18, 2.7 and 1 times the time).
TILE_SLOWDOWN = 1024.0
#: seconds to start (and close) a LocalCluster of this machine for a Dask sweep
#: (0.6 s measured while shared for the first one of a process, 0.1 s after that)
DASK_STARTUP_SECONDS = 1.0

RATES = {"topdown": RATE_TOPDOWN, "exact": RATE_EXACT, "exact_table": RATE_EXACT, "row": RATE_ROW,
         "diagonal": RATE_DIAGONAL, "tiled": RATE_TILED, "table": RATE_TABLE, "dask": RATE_DASK,
         "cuda": RATE_CUDA}
#: The methods :func:`work_estimate` knows: :func:`~stoplib.redblack.value`'s methods
#: (but "auto", which picks one of them), "table" (a float table of every cell:
#: ``value_table``, ``policy_table``, ``holdings_table``, ``replacement_table``) and
#: "exact_table" (``value_table_exact``).
ESTIMATED_METHODS = ("topdown", "row", "diagonal", "tiled", "dask", "cuda", "exact", "table",
                     "exact_table")

#: Bytes per memoised state of "topdown" (the dict entry, its key tuple and float).
_TOPDOWN_BYTES = 250.0
#: Bytes per Fraction of "exact" at the sizes it allows (numerators of hundreds of digits).
_FRACTION_BYTES = 400.0


def check_counts(n_red, n_black) -> tuple[int, int]:
    """Return ``(n_red, n_black)`` as ints after checking they are card counts.

    Raises ``TypeError`` for anything but an int (bools and floats included;
    NumPy integers are ints) and ``ValueError`` for a negative count or one
    above ``MAX_CARDS``, naming the argument.

    Examples
    --------
    >>> check_counts(26, 26)
    (26, 26)
    >>> check_counts(3, -1)
    Traceback (most recent call last):
    ...
    ValueError: n_black must be in 0..9007199254740992, got -1
    """
    n_red = check_int("n_red", n_red, 0, MAX_CARDS)
    n_black = check_int("n_black", n_black, 0, MAX_CARDS)
    return n_red, n_black


def _describe_rate(rate: float, unit: str = "cell updates/s") -> str:
    return f"{rate:.2g} {unit}"


@dataclass(frozen=True)
class WorkEstimate:
    """What a computation would cost: cell updates, seconds, memory.

    Attributes
    ----------
    method : str
    cells : float
        Cell updates (the skipping kernels: cells outside the stop region).
    seconds : float
        Estimated wall-clock seconds on this project's 2-core machine.
    memory_gb : float
        Peak memory of what the call allocates, in GB (1e9 bytes).
    basis : str
        The rate or model behind ``seconds``.
    """

    method: str
    cells: float
    seconds: float
    memory_gb: float
    basis: str = ""

    @property
    def bytes(self) -> float:
        """``memory_gb`` in bytes."""
        return self.memory_gb * 1e9

    def describe(self) -> str:
        """The estimate in words: cell updates, time and memory, and their basis."""
        return (f"about {self.cells:.3g} cell updates, {budget.describe_seconds(self.seconds)} "
                f"({self.basis}) and {budget.describe_bytes(self.bytes)} of memory")

    def budget_estimate(self, what: str) -> budget.Estimate:
        """The same as a :class:`stoplib.util.budget.Estimate` for the call ``what``."""
        return budget.Estimate(what, self.seconds, self.bytes, f"{self.cells:.3g} cell updates at {self.basis}")


def _f(n: int) -> float:
    """A count as a float (counts are at most ``MAX_CARDS``, so this is exact)."""
    return float(n)


def tile_factor(tile: int) -> float:
    """How many times slower per cell the tiled kernel is with tiles of ``tile`` cells
    than with the default tile (1 for tiles of 1024 cells and more).

    Examples
    --------
    >>> tile_factor(2048), tile_factor(64)
    (1.0, 18.0)
    """
    tile = check_int("tile", tile, 1)
    return max(1.0, TILE_SLOWDOWN / tile) * (1.0 + 8.0 / tile) if tile < TILE_SLOWDOWN else 1.0


def work_estimate(n_red: int, n_black: int, method: str = "tiled", tile: int | None = None) -> WorkEstimate:
    """Estimate cell updates, time and memory of one computation.

    The row, diagonal and tiled kernels (and their Dask and CUDA versions) skip
    the stop region (about half the square when ``n_black >= n_red``);
    "topdown", "exact", "table" (:func:`stoplib.redblack.value_table` and the
    other tables) and "exact_table" (:func:`stoplib.redblack.value_table_exact`)
    visit every cell. Seconds are cells over the measured rate ``RATES[method]``
    (plus the start of a ``LocalCluster`` for "dask"); memory counts the arrays
    the method allocates.

    Parameters
    ----------
    n_red, n_black : int
        The deck.
    method : str
        One of ``ESTIMATED_METHODS``.
    tile : int or None
        The tile side of "tiled" and "dask" (None: the default, 2048): small
        tiles are slower per cell (:func:`tile_factor`).

    Returns
    -------
    WorkEstimate

    Examples
    --------
    >>> est = work_estimate(100_000, 100_000, "tiled")
    >>> est.cells < 1e10, est.memory_gb < 0.01
    (True, True)
    """
    n_red, n_black = check_counts(n_red, n_black)
    check_choice("method", method, ESTIMATED_METHODS)
    slower = 1.0
    if tile is not None:
        tile = check_int("tile", tile, 8, 1 << 40)
        if method in ("tiled", "dask"):
            slower = tile_factor(tile)
    cells = (_f(n_red) + 1.0) * (_f(n_black) + 1.0)
    edge = 8.0 * (_f(n_red) + _f(n_black) + 2.0)    # one float64 array of a row or a column
    seconds_extra = 0.0
    basis = f"{_describe_rate(RATES[method])} measured for method {method!r}"
    if method in ("row", "diagonal", "tiled", "dask", "cuda"):
        # these skip the stop region: cells with b < boundary(r) ~ r + 1.2 sqrt(r)
        cells = sum_live_cells_estimate(n_red, n_black)
        mem = 2.0 * edge
        if method == "row":
            mem = 2.0 * edge       # the row and the table of reciprocals
        if method == "dask":
            seconds_extra = DASK_STARTUP_SECONDS
            basis += f", plus {DASK_STARTUP_SECONDS:g} s to start a LocalCluster"
            mem = 4.0 * edge       # the frontier, and the edges in flight
        if method == "cuda":
            basis = f"{_describe_rate(RATE_CUDA)} for method 'cuda' (nominal: NOT MEASURED on a GPU)"
    elif method == "topdown":
        mem = cells * _TOPDOWN_BYTES
    elif method == "exact":
        mem = (_f(n_black) + 1.0) * _FRACTION_BYTES
    elif method == "exact_table":
        mem = cells * (_FRACTION_BYTES + 8.0)
    else:  # "table"
        mem = cells * 8.0
    if slower > 1.0:
        basis += f", {slower:.3g} times slower with tiles of {tile} cells"
    return WorkEstimate(method, cells, cells * slower / RATES[method] + seconds_extra, mem / 1e9, basis)


def sum_live_cells_estimate(n_red: int, n_black: int) -> float:
    """Rough count of the cells outside the stop region, ``b < r + 1.2 sqrt(r) + 2``.

    Examples
    --------
    >>> 0.5e10 < sum_live_cells_estimate(100_000, 100_000) < 0.6e10
    True
    """
    n_red, n_black = check_counts(n_red, n_black)
    r = np.linspace(0.0, _f(n_red), 257)
    width = np.minimum(_f(n_black), r + 1.2 * np.sqrt(r) + 2.0)
    return float(np.trapezoid(width, r)) + _f(n_red) + _f(n_black) + 1.0


def check_work(n_red: int, n_black: int, method: str, what: str, limit_time: bool = True,
               resumable: bool = False, tile: int | None = None, extra_bytes: float = 0.0) -> WorkEstimate:
    """Refuse a computation over the work or memory budget (:mod:`stoplib.util.budget`),
    saying what it would need; ``what`` names the request in the message.

    ``limit_time=False`` (a sweep with a checkpoint, which can be stopped and
    resumed) checks memory only; ``resumable=True`` (a call that takes
    ``checkpoint=``) adds that way out to a refusal for time; ``tile`` is the
    tile side of "tiled" and "dask" (None: the default); ``extra_bytes`` the
    memory of what the call keeps besides the sweep (``balanced_values``: the
    diagonal). Returns the estimate when the call may go on.

    Examples
    --------
    >>> check_work(26, 26, "row", "value(26, 26)").method
    'row'
    >>> check_work(10**8, 10**8, "tiled", "value(10**8, 10**8)")
    Traceback (most recent call last):
    ...
    stoplib.util.budget.BudgetError: value(10**8, 10**8) would take about ... days (...); the limit is 30 minutes...
    """
    est = work_estimate(n_red, n_black, method, tile)
    what = check_str("what", what, 1000)
    limit_time = check_bool("limit_time", limit_time)
    resumable = check_bool("resumable", resumable)
    extra_bytes = check_real("extra_bytes", extra_bytes, 0.0, 1e30)
    full = est.budget_estimate(what)
    full = budget.Estimate(full.what, full.seconds, full.bytes + extra_bytes, full.basis)
    try:
        budget.check(full if limit_time else budget.Estimate(what, 0.0, full.bytes, full.basis))
    except budget.BudgetError as err:
        if limit_time and resumable and full.seconds > budget.limits()[0]:
            raise budget.BudgetError(f"{err}; or give a checkpoint= file: a sweep that can be stopped "
                                     f"and resumed has no time limit") from None
        raise
    return est
