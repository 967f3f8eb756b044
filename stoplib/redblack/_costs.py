"""The red/black card game ("Problem 14"): what a call would cost, before it starts.

Every public function of :mod:`stoplib.redblack` whose cost grows with its arguments
builds its :class:`stoplib.util.budget.Estimate` here (this is the only module of the
game that does) and passes it to :func:`stoplib.util.budget.check`, which refuses it
above the limits (30 minutes and 4 GiB unless raised on purpose with
``stoplib.util.budget.allow`` or ``STOPLIB_MAX_SECONDS`` / ``STOPLIB_MAX_BYTES``). A
refusal names the call, the estimate, the rate it rests on and the limit, and is
instant. A sweep given a ``checkpoint=`` file can be stopped and resumed, so it has no
time limit (the memory limit still applies).

The recursion whose cells are counted is document 000's
``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``; the fast
kernels skip the stop region (``b`` beyond about ``r + 1.2 sqrt(r)``), so they update
about :func:`sum_live_cells_estimate` cells.

The rates
---------
Cell updates (or cards, states, points) per second after compilation, medians of
``benchmarks/bench_redblack.py``, ``bench_redblack_sim.py`` and
``bench_redblack_frontier.py`` on the project's 2-core Intel Xeon (Sapphire Rapids,
AVX-512, KVM; ``stoplib.util.timing.machine()``) when it is quiet. Measured again on
2026-11-23 while it was shared (load average about 10): 5 to 15 times slower, which is
what a refusal's "would take about" means on a busy machine. They only size requests,
so that an absurd one is refused before it starts; the benchmarks print each estimate
beside the measured time.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_choice, check_int, check_real, check_str
from .rules import check_counts

__all__: list[str] = []   # private: the public functions use it; work_estimate is exported by the package

# ---------------------------------------------------------------------------------------- the DP
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
#: The systolic kernel's rate measured on an NVIDIA H200 (``data/redblack_gpu_runs.csv``: 2.39e11
#: cells/s for n = 10,000,000, 2.46e11 for 16,800,000), rounded down. Method "cuda" now runs the
#: register-strip wavefront kernel, which no session lent a GPU has timed yet; it is built to be
#: faster, so this rate over-estimates its time (a budget errs on the safe side).
RATE_CUDA = 2.0e11
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

# ----------------------------------------------------------------------- Dask and CUDA sweeps
#: Seconds per big tile for the driver and the scheduler beyond its sweep (the cell
#: estimate of the progress bar, a submit, two edge futures, a result), and for
#: ``cluster_estimate``'s simulated schedule: measured on the 2-core Intel Xeon of
#: ``stoplib.util.timing.machine()``, 2026-11-23 while shared (about 5,000 simulated tasks per second).
SECONDS_PER_TASK = 2.5e-3
SECONDS_PER_SIMULATED_TASK = 2.5e-4
#: Bytes per big tile held by the driver and the scheduler (futures, keys, dicts).
BYTES_PER_TASK = 4000.0
#: numba's CUDA simulator runs every thread of a block as a Python thread: seconds per
#: thread started, and per thread-step (each thread of a tile takes ``tile_rows +
#: tile_cols - 1`` steps), on the 2-core Intel Xeon of ``stoplib.util.timing.machine()``,
#: 2026-11-23, while it was shared (load average about 10) (26/26 in 8 x 8 tiles: 1.4 s; 100/100 in 32 x 32: 6.6 s).
SIMULATOR_SECONDS_PER_THREAD = 1.1e-2
SIMULATOR_SECONDS_PER_STEP = 2.5e-5
#: Seconds per kernel launch on a real GPU (enqueue; NOT MEASURED, a nominal figure).
SECONDS_PER_LAUNCH = 1e-5

# ------------------------------------------------------------------------------- simulation
# Measured on 2026-11-23 while the machine was shared (load average about 10) and scaled by
# the 5x that the quiet machine's DP benchmarks run faster (benchmarks/bench_redblack_sim.py).
#: Cards dealt per second by ``simulate`` on both cores (``parallel=True``; 5.6e7 measured while shared).
RATE_CARDS_PARALLEL = 2.5e8
#: ... on one core (``parallel=False``).
RATE_CARDS_SERIAL = 1.5e8
#: Path cells (games x (cards + 1)) written per second by ``sample_paths`` (1.3e7 while shared).
RATE_PATH_CELLS = 6.0e7
#: States per second of the forward pass of ``winnings_distribution`` (4e7 while shared).
RATE_FORWARD = 2.0e8
#: Cards dealt per game, as a share of the deck, under the optimal policy: about 0.71
#: for a balanced deck (measured from 5/5 to 20000/20000), up to 1 when red cards are
#: the majority, 0 when the deck starts in the stop region.
DRAW_SHARE_BALANCED = 0.75
#: Largest policy table (cells) read directly; larger decks use the stopping boundary.
MAX_POLICY_CELLS = 4_000_000

# ------------------------------------------------------------- the claims, twins and variants
#: Cells per second of the document's C program emulated with numba (it recomputes the
#: table for every n: about n^3 / 3 cells), and of the one float32 sweep; measured while
#: shared (load average about 9: 2e7 per s for both) and scaled by the 5x of a quiet machine.
RATE_C_PROGRAM = 1.0e8
RATE_FLOAT32_SWEEP = 1.0e8
#: Paths x running maxima per second of ``omniscient_value_bruteforce`` (dict updates in Python).
RATE_OMNISCIENT_BRUTEFORCE = 1.2e6
#: Seconds of ``value_with_replacement_topdown`` per (n_red + n_black + 1)**4 (0.03 s for
#: 60/60, 0.41 s for 100/100; the memoised recursion slows as it deepens).
SECONDS_REPLACEMENT_TOPDOWN = 2.5e-10
#: Cards dealt per second by ``simulate_reference`` (plain Python).
RATE_REFERENCE_CARDS = 3.0e5
#: Seconds of ``omniscient_value`` per (terms x bits of ``C(n, k)``): each term of the sum is
#: the previous one times a small fraction, an O(bits) big-int step.
SECONDS_PER_OMNISCIENT_BIT = 1.2e-9

# ------------------------------------------------------------------------------ asymptotics
#: Seconds per point of ``fit_growth`` (three statsmodels fits), of ``fit_stacked`` (the
#: three fits, then one on four copies), and per point and term of ``fit_correction``.
SECONDS_PER_POINT_GROWTH = 6e-6
SECONDS_PER_POINT_STACKED = 2e-5
SECONDS_PER_POINT_TERM = 5e-7
#: Bytes per point of a fit (the frame, the design matrices, the results' copies).
BYTES_PER_POINT = 600.0
#: Rows per second and bytes per row of ``bridge_boundary`` (NumPy).
BOUNDARY_ROWS_PER_SECOND = 5e7
_BOUNDARY_BYTES = 64.0


# ======================================================================== the DP's cells
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

    def budget_estimate(self, what: str, extra_bytes: float = 0.0, limit_time: bool = True) -> budget.Estimate:
        """The same as a :class:`stoplib.util.budget.Estimate` for the call ``what`` (no time
        when ``limit_time`` is False: a resumable sweep)."""
        return budget.Estimate(what, self.seconds if limit_time else 0.0, self.bytes + extra_bytes,
                               f"{self.cells:.3g} cell updates at {self.basis}")


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


def sum_live_cells_estimate(n_red: int, n_black: int) -> float:
    """Rough count of the cells outside the stop region, ``b < r + 1.2 sqrt(r) + 2``.

    Examples
    --------
    >>> 0.5e10 < sum_live_cells_estimate(100_000, 100_000) < 0.6e10
    True
    """
    n_red, n_black = check_counts(n_red, n_black)
    r = np.linspace(0.0, float(n_red), 257)
    width = np.minimum(float(n_black), r + 1.2 * np.sqrt(r) + 2.0)
    return float(np.trapezoid(width, r)) + float(n_red) + float(n_black) + 1.0


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
    if tile is not None:
        tile = check_int("tile", tile, 8, 1 << 40)
    return _work(n_red, n_black, method, tile)


def _work(n_red: int, n_black: int, method: str, tile: int | None = None) -> WorkEstimate:
    """:func:`work_estimate` of checked arguments."""
    slower = tile_factor(tile) if tile is not None and method in ("tiled", "dask") else 1.0
    cells = (float(n_red) + 1.0) * (float(n_black) + 1.0)
    edge = 8.0 * (float(n_red) + float(n_black) + 2.0)    # one float64 array of a row or a column
    seconds_extra = 0.0
    basis = f"{RATES[method]:.2g} cell updates/s measured for method {method!r}"
    if method in ("row", "diagonal", "tiled", "dask", "cuda"):
        cells = sum_live_cells_estimate(n_red, n_black)   # these skip the stop region
        mem = 2.0 * edge
        if method == "dask":
            seconds_extra = DASK_STARTUP_SECONDS
            basis += f", plus {DASK_STARTUP_SECONDS:g} s to start a LocalCluster"
            mem = 4.0 * edge       # the frontier, and the edges in flight
        if method == "cuda":
            basis = (f"{RATE_CUDA:.2g} cell updates/s for method 'cuda' (the systolic kernel's rate on an H200; "
                     "the wavefront kernel not yet timed on a GPU)")
    elif method == "topdown":
        mem = cells * _TOPDOWN_BYTES
    elif method == "exact":
        mem = (float(n_black) + 1.0) * _FRACTION_BYTES
    elif method == "exact_table":
        mem = cells * (_FRACTION_BYTES + 8.0)
    else:  # "table"
        mem = cells * 8.0
    if slower > 1.0:
        basis += f", {slower:.3g} times slower with tiles of {tile} cells"
    return WorkEstimate(method, cells, cells * slower / RATES[method] + seconds_extra, mem / 1e9, basis)


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
    return _check(est, what, limit_time, resumable, extra_bytes)


def _check(est: WorkEstimate, what: str, limit_time: bool = True, resumable: bool = False,
           extra_bytes: float = 0.0) -> WorkEstimate:
    """:func:`check_work` of an estimate already made (checked arguments)."""
    try:
        budget.check(est.budget_estimate(what, extra_bytes, limit_time))
    except budget.BudgetError as err:
        if limit_time and resumable and est.seconds > budget.limits()[0]:
            raise budget.BudgetError(f"{err}; or give a checkpoint= file: a sweep that can be stopped "
                                     f"and resumed has no time limit") from None
        raise
    return est


def _check_cells(n_red: int, n_black: int, method: str, what: str, limit_time: bool = True,
                 resumable: bool = False, tile: int | None = None, extra_bytes: float = 0.0) -> WorkEstimate:
    """:func:`check_work` for callers whose arguments are already checked."""
    return _check(_work(n_red, n_black, method, tile), what, limit_time, resumable, extra_bytes)


def time_method_cost(method: str, n_red: int, n_black: int, repeats: int, picked: str) -> budget.Estimate:
    """``time_method``: ``repeats`` timed runs and a warm-up of ``picked``, and (for the
    skipping kernels) the live-cell count."""
    one = _work(n_red, n_black, picked)
    count = 0.0 if picked in ("topdown", "exact") else _work(n_red, n_black, "tiled").seconds
    return budget.Estimate(f"time_method({method!r}, {n_red}, {n_black}, repeats={repeats})",
                           (repeats + 1) * one.seconds + count, one.bytes,
                           f"{repeats} timed runs and a warm-up at {one.basis}")


# ============================================================================ Dask, CUDA
def dask_tasks(n_red: int, n_black: int, tile: int, block: int) -> float:
    """The number of big tiles of a Dask sweep (a float: it may be astronomically large)."""
    m = max(1, block // tile)
    rows = math.ceil(math.ceil(n_red / tile) / m)
    cols = math.ceil(math.ceil(n_black / tile) / m)
    return float(rows) * float(cols)


def dask_sweep_cost(n_red: int, n_black: int, tile: int, tasks: float, n_diag: int, limit_time: bool,
                    startup: float, what: str | None = None) -> budget.Estimate:
    """``dask_sweep``: the cells at the Dask rate, ``tasks`` big tiles at their overhead,
    and ``startup`` seconds for the cluster (negative: a cluster given, none started)."""
    est = _work(n_red, n_black, "dask", tile)
    seconds = est.seconds + tasks * SECONDS_PER_TASK + startup
    return budget.Estimate(
        what or f"dask_sweep({n_red}, {n_black})", seconds if limit_time else 0.0,
        est.bytes + tasks * BYTES_PER_TASK + 8.0 * n_diag,
        f"{est.cells:.3g} cell updates at {est.basis}, and {tasks:.3g} big tiles at "
        f"{SECONDS_PER_TASK:g} s and {BYTES_PER_TASK:g} bytes each")


def schedule_cost(what: str, tasks: float, workers: int = 0, spent: float = 0.0) -> budget.Estimate:
    """``cluster_estimate`` / ``workers_for``: ``tasks`` big tiles simulated (plus ``spent``
    seconds of schedules simulated before, for a search)."""
    seconds = spent + tasks * SECONDS_PER_SIMULATED_TASK
    return budget.Estimate(what, seconds, tasks * 600.0 + workers * 32.0,
                           f"{tasks:.3g} big tiles simulated at {1 / SECONDS_PER_SIMULATED_TASK:g} per s"
                           + (f", after {spent:.3g} s of earlier schedules" if spent else ""))


def cuda_sweep_cost(n_red: int, n_black: int, tile_rows: int, tile_cols: int, n_diag: int, in_simulator: bool,
                    limit_time: bool) -> budget.Estimate:
    """``cuda_sweep``: on a GPU the cells at the nominal rate, in the simulator every
    thread-step of every tile (dead tiles included: an upper bound)."""
    est = _work(n_red, n_black, "cuda")
    n_ti = -(-n_red // tile_rows)
    n_tj = -(-n_black // tile_cols)
    if in_simulator:
        threads = float(n_ti) * float(n_tj) * tile_rows
        steps = threads * (tile_rows + tile_cols - 1.0)
        seconds = threads * SIMULATOR_SECONDS_PER_THREAD + steps * SIMULATOR_SECONDS_PER_STEP
        basis = (f"{threads:.3g} threads and {steps:.3g} thread-steps in numba's CUDA simulator at "
                 f"{SIMULATOR_SECONDS_PER_THREAD:g} s and {SIMULATOR_SECONDS_PER_STEP:g} s each")
    else:
        seconds = est.seconds + float(n_ti + n_tj) * SECONDS_PER_LAUNCH
        basis = f"{est.cells:.3g} cell updates at {est.basis}"
    return budget.Estimate(f"cuda_sweep({n_red}, {n_black})", seconds if limit_time else 0.0,
                           est.bytes + 8.0 * n_diag, basis)


#: numba's simulator on the wavefront kernel, seconds per thread started and per
#: thread-step (a step: ``strip`` cells and two emulated shuffles of four barriers), fitted
#: to four decks from 26 x 26 to 70 x 70 (2 to 13 s each, within a factor of 3 of the
#: estimate) on the 2-core Intel Xeon of ``stoplib.util.timing.machine()``, 2026-11-28,
#: while shared, with Python's default thread switch interval.
SIMULATOR_SECONDS_PER_WAVEFRONT_THREAD = 1.5e-2
SIMULATOR_SECONDS_PER_WAVEFRONT_STEP = 6.0e-4


def cuda_wavefront_cost(n_red: int, n_black: int, tile_rows: int, tile_cols: int, n_diag: int, in_simulator: bool,
                        limit_time: bool, kernel: str, strip: int, chains: int) -> budget.Estimate:
    """What a sweep would cost (:func:`cuda_sweep_cost`; the wavefront in the simulator
    at its own rates: every thread-step of every tile, dead tiles included, an upper bound)."""
    est = cuda_sweep_cost(n_red, n_black, tile_rows, tile_cols, n_diag, in_simulator, limit_time)
    if kernel == "systolic" or not in_simulator:
        return est
    lanes = tile_rows // strip
    threads = float(-(-n_red // tile_rows)) * float(-(-n_black // tile_cols)) * lanes
    steps = threads * (tile_cols + lanes * chains + strip)
    seconds = threads * SIMULATOR_SECONDS_PER_WAVEFRONT_THREAD + steps * SIMULATOR_SECONDS_PER_WAVEFRONT_STEP
    return budget.Estimate(est.what, seconds if limit_time else 0.0, est.bytes,
                           f"{threads:.3g} threads and {steps:.3g} thread-steps in numba's CUDA simulator at "
                           f"{SIMULATOR_SECONDS_PER_WAVEFRONT_THREAD:g} s and "
                           f"{SIMULATOR_SECONDS_PER_WAVEFRONT_STEP:g} s each")


# ============================================================================= simulation
def draws_per_game(n_red: int, n_black: int) -> float:
    """Estimated cards dealt per game under the optimal policy (see ``DRAW_SHARE_BALANCED``)."""
    if n_red == 0 or n_black >= n_red + 1.2 * math.sqrt(n_red) + 2.0:
        return 0.0  # the deck starts in the stop region (boundary(r) < r + 1.2 sqrt(r) + 2)
    share = 1.0 if n_red > n_black else DRAW_SHARE_BALANCED
    return share * (n_red + n_black)


def policy_cost(n_red: int, n_black: int, replacement: bool, what: str = "the policy") -> budget.Estimate:
    """What the policy costs: a table, or the stopping boundary of big decks."""
    if replacement or (n_red + 1) * (n_black + 1) <= MAX_POLICY_CELLS:
        est = _work(n_red, n_black, "table")
        return budget.Estimate(what, est.seconds, est.bytes * 1.2, f"a table of {est.cells:.3g} cells at {est.basis}")
    est = _work(n_red, n_red + 2 * math.isqrt(n_red) + 8, "tiled")
    return budget.Estimate(what, est.seconds, est.bytes,
                           f"the stopping boundary: {est.cells:.3g} cell updates at {est.basis}")


def simulate_cost(n_red: int, n_black: int, n_games: int, replacement: bool, parallel: bool,
                  chunk: int) -> budget.Estimate:
    """What ``simulate`` would cost (``benchmarks/bench_redblack_sim.py`` prints it beside
    the measured time): the policy, then about ``n_games`` x cards dealt per game."""
    pol = policy_cost(n_red, n_black, replacement)
    dealt = float(n_games) * ((n_red + n_black) if replacement else draws_per_game(n_red, n_black))
    rate = RATE_CARDS_PARALLEL if parallel else RATE_CARDS_SERIAL
    n_out = n_red + n_black + 1
    return budget.Estimate(
        f"simulate({n_red}, {n_black}, n_games={n_games})", pol.seconds + dealt / rate,
        max(pol.bytes, 8.0 * n_out * (2 + 2 * min(32, -(-n_games // chunk)))),
        f"{pol.basis}, then about {dealt:.3g} cards dealt at {rate:.2g} cards/s")


def sample_paths_cost(n_red: int, n_black: int, n_paths: int, replacement: bool) -> budget.Estimate:
    """What ``sample_paths`` would cost: the policy, then the paths."""
    pol = policy_cost(n_red, n_black, replacement)
    cells = float(n_paths) * (n_red + n_black + 1)
    return budget.Estimate(f"sample_paths({n_red}, {n_black}, n_paths={n_paths})",
                           pol.seconds + cells / RATE_PATH_CELLS, max(pol.bytes, 8.0 * cells),
                           f"{pol.basis}, then {cells:.3g} path cells at {RATE_PATH_CELLS:.2g} cells/s, 8 bytes each")


def winnings_cost(n_red: int, n_black: int, replacement: bool) -> budget.Estimate:
    """What ``winnings_distribution`` would cost: the policy, then the forward pass."""
    pol = policy_cost(n_red, n_black, replacement)
    cells = (n_red + 1.0) * (n_black + 1.0)
    return budget.Estimate(f"winnings_distribution({n_red}, {n_black})", pol.seconds + cells / RATE_FORWARD,
                           pol.bytes + 8.0 * cells,
                           f"{pol.basis}, then {cells:.3g} states at {RATE_FORWARD:.2g} states/s")


# ================================================================= claims, twins, variants
def c_program_cost(n_max: int) -> budget.Estimate:
    """``c_program_values``: the program recomputes the table for every n."""
    cells = (n_max + 1.0) ** 3 / 3.0
    return budget.Estimate(f"c_program_values({n_max})", cells / RATE_C_PROGRAM, 16.0 * (n_max + 1),
                           f"{cells:.3g} cells (the program recomputes every n) at {RATE_C_PROGRAM:.2g} per s")


def float32_sweep_cost(n_max: int) -> budget.Estimate:
    """``float32_balanced_values``: one sweep of the square."""
    cells = (n_max + 1.0) ** 2
    return budget.Estimate(f"float32_balanced_values({n_max})", cells / RATE_FLOAT32_SWEEP,
                           16.0 * (n_max + 1), f"{cells:.3g} cells at {RATE_FLOAT32_SWEEP:.2g} per s")


def omniscient_bruteforce_cost(n_red: int, n_black: int, work: float) -> budget.Estimate:
    """``omniscient_value_bruteforce``: ``work`` path counts."""
    return budget.Estimate(f"omniscient_value_bruteforce({n_red}, {n_black})", work / RATE_OMNISCIENT_BRUTEFORCE,
                           work * 100.0, f"{RATE_OMNISCIENT_BRUTEFORCE:.2g} path counts/s")


def replacement_topdown_cost(n_red: int, n_black: int) -> budget.Estimate:
    """``value_with_replacement_topdown``: a memoised recursion over (good, bad, winnings)."""
    return budget.Estimate(f"value_with_replacement_topdown({n_red}, {n_black})",
                           SECONDS_REPLACEMENT_TOPDOWN * (n_red + n_black + 1) ** 4,
                           2 * (n_red + 1) * (n_black + 1) * 250.0,
                           f"{SECONDS_REPLACEMENT_TOPDOWN:.2g} s x (cards + 1)^4")


def simulate_reference_cost(n_red: int, n_black: int, n_games: int) -> budget.Estimate:
    """``simulate_reference``: the exact table, then every card dealt in Python."""
    table = _work(n_red, n_black, "exact_table")
    cards = float(n_games) * (n_red + n_black)
    return budget.Estimate(f"simulate_reference({n_red}, {n_black}, {n_games})",
                           table.seconds + cards / RATE_REFERENCE_CARDS, table.bytes,
                           f"the exact table at {table.basis}, and up to {cards:.3g} cards "
                           f"dealt at {RATE_REFERENCE_CARDS:.2g} cards/s")


def omniscient_cost(n_red: int, n_black: int) -> budget.Estimate:
    """``omniscient_value``: exact binomials of up to ``n_red + n_black`` bits."""
    terms = n_red - max(0, n_red - n_black)
    bits = float(n_red + n_black) + 1.0  # C(n, k) < 2**n
    return budget.Estimate(
        f"omniscient_value({n_red}, {n_black})", SECONDS_PER_OMNISCIENT_BIT * (terms + 2.0) * bits, 6.0 * bits / 8.0,
        f"{terms} exact binomials of up to {bits:.3g} bits at {SECONDS_PER_OMNISCIENT_BIT:.2g} s per term-bit")


def replacement_value_cost(n_red: int, n_black: int) -> budget.Estimate:
    """``value_with_replacement``: every cell, one row of memory."""
    full = _work(n_red, n_black, "table")
    return budget.Estimate(f"value_with_replacement({n_red}, {n_black})", full.seconds, 8.0 * (n_black + 1),
                           f"{full.cells:.3g} cells at {full.basis}")


# ============================================================================ asymptotics
def bridge_boundary_cost(n_red: int) -> budget.Estimate:
    """``bridge_boundary``: a few NumPy arrays of ``n_red + 1`` rows."""
    return budget.Estimate(f"bridge_boundary({n_red})", (n_red + 1.0) / BOUNDARY_ROWS_PER_SECOND,
                           (n_red + 1.0) * _BOUNDARY_BYTES, f"{BOUNDARY_ROWS_PER_SECOND:.2g} rows/s of NumPy")


def fit_cost(what: str, points: int, seconds_per_point: float) -> budget.Estimate:
    """A statsmodels fit of ``points`` points."""
    return budget.Estimate(what, points * seconds_per_point, points * BYTES_PER_POINT,
                           f"{seconds_per_point:.2g} s and {BYTES_PER_POINT:g} bytes per point (statsmodels)")
