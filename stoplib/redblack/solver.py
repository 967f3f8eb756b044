"""The red/black card game ("Problem 14"): the fast solver, numba kernels behind a validated API.

The recursion (see :mod:`stoplib.redblack.rules`)::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1)).

Because ``V`` depends only on ``(r, b)``, one sweep over the square
``[0..N] x [0..N]`` gives ``V(i, i)`` for every ``i <= N`` at once. The stop
region (``V = 0`` for ``b >= boundary(r)``) is skipped by the fast kernels, and
whole tiles of it.

Methods (``value(n_red, n_black, method=...)``)
------------------------------------------------
``"topdown"``   memoised recursion in plain Python (the teaching version,
                :func:`stoplib.redblack.twins.value_topdown`).
``"row"``       bottom-up, row by row, one array of ``n_black + 1`` floats.
``"diagonal"``  bottom-up along anti-diagonals ``k = r + b`` (one reciprocal
                per diagonal, an inner loop that compiles to SIMD code).
``"tiled"``     a wavefront over square tiles, ``prange`` over the tiles of one
                tile anti-diagonal, each tile swept diagonally; cells and whole
                tiles inside the stop region are skipped. Memory ``O(N)``: only
                the edges of tiles are kept. The same sweep records ``V(i, i)``
                (:func:`balanced_values`) and each row's first zero
                (:func:`stopping_boundary`) as it passes them.
``"dask"``      the tiled wavefront as a Dask task graph, one task per big
                tile, passing only edges (:mod:`stoplib.redblack.distributed`);
                the same bits as "tiled".
``"cuda"``      a wavefront of tiles on a CUDA GPU, cells in registers
                (:mod:`stoplib.redblack.gpu`).
``"exact"``     the same recursion in ``fractions.Fraction``
                (:func:`stoplib.redblack.twins.value_exact`).

The sweeping methods ("tiled", "dask", "cuda") take ``checkpoint=PATH``: the
frontier of the sweep is written to ``PATH`` at an interval, at the end and on
Ctrl-C/SIGTERM, and the same call resumes from it with the same bits
(:mod:`stoplib.redblack.checkpoint`).

The numba kernels are in :mod:`stoplib.redblack._kernels`; this module
validates the input once (:func:`stoplib.redblack.rules.check_counts`), refuses
requests beyond the work and memory budget (:mod:`stoplib.redblack._costs`,
:mod:`stoplib.util.budget`), allocates the arrays, and gives the one sweep driver
(:func:`stoplib.redblack._sweep.drive`, shared with the Dask and CUDA sweeps) its
step: ``_TiledSweep.step`` runs the kernel over the next chunk of tile
anti-diagonals. Public functions validate, then call private ``_name`` internals
(never another public function). Float results of all methods agree to 1e-12
relative; "exact" is the reference.

Also here: the table and the policy (:func:`value_table`, :func:`policy_table`),
one deck's value, boundary and policy at once (:func:`position`, for the position
figure and panel), the cells the skipping kernels update (:func:`live_cells`) and a
timing helper (:func:`time_method`). The game's variants (omniscient player, the document's
fixed-1/2 mistake, the spreadsheet's holdings) are in
:mod:`stoplib.redblack.variants`.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14), gwern's write-up of
problem 14 with Han Zheng's spreadsheet, R, Haskell and C programs; the
methods above are the document's programs, from its R recursion to its tiled
C wavefront. Its printed numbers are in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_choice, check_int, check_path, check_real
from . import _costs
from ._kernels import _diagonal_sweep, _row_sweep, _table, _tiled_parallel, _tiled_serial
from ._sweep import DEFAULT_TILE, PROGRESS_CELLS, Sweep, SweepResult, _CellCount, drive
from .checkpoint import DEFAULT_INTERVAL, CheckpointError
from .rules import MAX_CARDS, check_counts
from .twins import _value_exact, _value_topdown

__all__ = [
    "METHODS", "SWEEP_METHODS", "GPU_MIN_CELLS", "DEFAULT_TILE", "PROGRESS_CELLS", "SweepResult",
    "value", "balanced_values", "value_table", "policy_table", "stopping_boundary", "live_cells",
    "position", "Position", "time_method", "MethodTiming",
]

METHODS = ("auto", "topdown", "row", "diagonal", "tiled", "dask", "cuda", "exact")
#: The methods that sweep by tiles and can write and resume a checkpoint.
SWEEP_METHODS = ("tiled", "dask", "cuda")
#: ``method="auto"`` uses the GPU, when there is one, from this many cells of the table up
#: (below it the CPU kernels finish before a GPU would have warmed up).
GPU_MIN_CELLS = 1e10


# ---------------------------------------------------------------------------
# The tiled wavefront: its step for the one sweep driver (stoplib.redblack._sweep)
# ---------------------------------------------------------------------------
def _sweep_params(n_red, n_black, tile, fast, n_diag, boundary) -> dict:
    """What a tiled sweep computes (a checkpoint must match all of it)."""
    return {"sweep": "tiled", "n_red": int(n_red), "n_black": int(n_black), "tile": int(tile),
            "fast": bool(fast), "n_diag": int(n_diag), "boundary": bool(boundary)}


class _TiledSweep(Sweep):
    """The in-process wavefront: a step runs the numba kernel (``prange`` over the tiles of
    one tile anti-diagonal) over the next chunk of tile anti-diagonals, about a second of
    work. The frontier is ``rowbuf``, ``colbuf``, ``diag``, ``bnd``, the next tile
    anti-diagonal ``dt`` and the first live tile row ``i_lo``."""

    method = "tiled"

    def __init__(self, n_red, n_black, tile, parallel, fast, n_diag, boundary, desc):
        self.n_red, self.n_black, self.tile, self.parallel, self.fast = n_red, n_black, tile, parallel, fast
        self.params = _sweep_params(n_red, n_black, tile, fast, n_diag, boundary)
        self.desc = desc
        bnd = np.full(n_red + 1 if boundary else 0, -1, dtype=np.int64)
        if boundary:
            bnd[0] = 0
        self.arrays = {"rowbuf": np.zeros(n_black + 1),                     # V(0, b) = 0
                       "colbuf": np.arange(n_red + 1, dtype=np.float64),     # V(r, 0) = r
                       "diag": np.zeros(n_diag), "bnd": bnd}
        self.n_dt = (n_red + tile - 1) // tile + (n_black + tile - 1) // tile - 1
        self.dt, self.i_lo = 0, 0
        self._count = _CellCount(n_red, n_black, tile)
        self.total_cells = self._count.total
        self._chunk, self._target = 1, 1.0     # tile anti-diagonals per step; seconds per step

    def restore(self, state, path) -> None:
        a = self.arrays
        state.require(path, {k: (v.dtype, v.size) for k, v in a.items()}, ("dt", "i_lo"))
        self.arrays = {k: state.arrays[k] for k in a}
        self.dt, self.i_lo = state.progress["dt"], state.progress["i_lo"]
        if self.dt > self.n_dt or self.i_lo > (self.n_red + self.tile - 1) // self.tile:
            raise CheckpointError(f"checkpoint {path} does not fit this sweep "
                                  f"(dt = {self.dt} of {self.n_dt}, i_lo = {self.i_lo})")

    def done(self) -> bool:
        return self.dt >= self.n_dt

    def step(self, stop: int | None = None) -> None:
        a = self.arrays
        kernel = _tiled_parallel if self.parallel else _tiled_serial   # looked up now: tests slow it down
        stop = min(self.n_dt, self.dt + self._chunk) if stop is None else stop
        t0 = time.perf_counter()
        self.i_lo = kernel(self.n_red, self.n_black, self.tile, a["rowbuf"], a["colbuf"], a["diag"], a["bnd"],
                           self.fast, self.dt, stop, self.i_lo)
        took = time.perf_counter() - t0
        self.dt = stop
        self._chunk = max(1, int(self._chunk * min(4.0, self._target / max(took, 1e-4))))

    def cells(self) -> float:
        return self._count(self.dt)

    def progress(self) -> dict:
        return {"dt": self.dt, "n_dt": self.n_dt, "i_lo": self.i_lo}


def _tiled(n_red: int, n_black: int, tile: int = DEFAULT_TILE, parallel: bool = True,
           fast: bool = True, n_diag: int = 0, boundary: bool = False,
           show_progress: bool | None = None, desc: str = "tiled sweep",
           checkpoint=None, checkpoint_every: float = DEFAULT_INTERVAL) -> SweepResult:
    """Run the tiled wavefront (checked arguments); a :class:`~stoplib.redblack.SweepResult`.

    ``diag[i] = V(i, i)`` for ``i < n_diag``; with ``boundary=True``, ``boundary[r]`` is
    the first ``b <= n_black`` with ``V(r, b) = 0`` (-1 where the row has no zero up to
    ``n_black``). Large sweeps, and every sweep with a ``checkpoint`` file, go through the
    one driver (:func:`stoplib.redblack._sweep.drive`: chunks of about a second under a
    progress bar in cells, the frontier written every ``checkpoint_every`` seconds, at the
    end and on SIGINT/SIGTERM, resumed by a call with the same arguments); the others run
    the kernel once. The chunking and the resume point do not change any bit of the result.
    """
    sweep = _TiledSweep(n_red, n_black, tile, parallel, fast, n_diag, boundary, desc)
    if n_red == 0 or n_black == 0:
        return SweepResult(float(n_red if n_black == 0 else 0), sweep.arrays["diag"], "tiled", 0.0, 0,
                           sweep.arrays["bnd"])
    if show_progress is None:
        show_progress = float(n_red) * float(n_black) > PROGRESS_CELLS
    if show_progress or checkpoint is not None:
        return drive(sweep, checkpoint, checkpoint_every, show_progress)
    t0 = time.monotonic()
    sweep.step(stop=sweep.n_dt)
    return SweepResult(sweep.value(), sweep.arrays["diag"], "tiled", time.monotonic() - t0, 1,
                       sweep.arrays["bnd"])


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------
def _check_checkpoint_args(checkpoint, checkpoint_every):
    """``(checkpoint as a Path or None, checkpoint_every as a float)``."""
    if checkpoint is not None:
        checkpoint = check_path("checkpoint", checkpoint, kind="file")
    checkpoint_every = check_real("checkpoint_every", checkpoint_every, 0.0)
    return checkpoint, checkpoint_every


def _gpu_ready() -> bool:
    """A real CUDA device is present (numba's simulator does not count)."""
    from .gpu import gpu_available

    return gpu_available()


def _pick_method(method: str, cells: float, checkpoint) -> str:
    if method != "auto":
        return method
    if cells >= GPU_MIN_CELLS and _gpu_ready():
        return "cuda"
    if checkpoint is not None:
        return "tiled"
    return "row" if cells <= 250_000 else "tiled"


def value(n_red: int, n_black: int, method: str = "auto", *, checkpoint=None,
          checkpoint_every: float = DEFAULT_INTERVAL, scheduler=None):
    """Expected payoff ``V(n_red, n_black)`` of optimal play.

    Parameters
    ----------
    n_red, n_black : int
        Red (+$1) and black (-$1) cards in the deck, ``>= 0``.
    method : {"auto", "topdown", "row", "diagonal", "tiled", "dask", "cuda", "exact"}
        How to compute it (see the module docstring). ``"auto"`` uses the
        GPU (``"cuda"``) for decks of at least ``GPU_MIN_CELLS`` cells when a
        CUDA device is present (never numba's simulator), else ``"row"`` for
        small decks and the parallel ``"tiled"`` kernel otherwise.
        ``"dask"`` runs the tiled wavefront as a Dask task graph
        (:mod:`stoplib.redblack.distributed`), ``"cuda"`` on the GPU
        (:mod:`stoplib.redblack.gpu`). ``"exact"`` returns a
        :class:`fractions.Fraction`.
    checkpoint : str, os.PathLike or None
        A file for the sweep's frontier (methods "tiled", "dask", "cuda";
        "auto" then means "cuda" or "tiled"): written every
        ``checkpoint_every`` seconds, at the end and on Ctrl-C/SIGTERM; the
        same call again resumes from it, or returns at once if it holds a
        finished sweep (:mod:`stoplib.redblack.checkpoint`). With a
        checkpoint the time limit of :mod:`stoplib.util.budget` does not apply
        (the memory limit does).
    checkpoint_every : float
        Seconds between two writes of the checkpoint.
    scheduler : None, str or distributed.Client
        For ``method="dask"``: None starts a ``LocalCluster``; a scheduler
        address (``"tcp://host:8786"``) or a ``Client`` uses that cluster.

    Returns
    -------
    float or fractions.Fraction

    Raises
    ------
    TypeError
        If a count is not an int (bools and floats included), or
        ``checkpoint`` is not a path.
    ValueError
        If a count is negative or above ``rules.MAX_CARDS``, ``method`` is
        unknown, the computation would be absurdly long or large for this
        machine (a :class:`stoplib.util.budget.BudgetError`: the message says
        what it would need, the limit, and how to raise it), a checkpoint is
        asked of a method that has none, or ``method="cuda"`` finds no CUDA
        device.
    stoplib.redblack.CheckpointError
        If the checkpoint file is corrupt, truncated or from another computation.

    Examples
    --------
    >>> round(value(26, 26), 9)
    2.624475549
    >>> value(26, 26, method="exact")
    Fraction(41984711742427, 15997372030584)
    """
    n_red, n_black = check_counts(n_red, n_black)
    check_choice("method", method, METHODS)
    checkpoint, checkpoint_every = _check_checkpoint_args(checkpoint, checkpoint_every)
    method = _pick_method(method, float(n_red + 1) * float(n_black + 1), checkpoint)
    if checkpoint is not None and method not in SWEEP_METHODS:
        raise ValueError(f"checkpoint needs a method in {SWEEP_METHODS}, got method={method!r}")
    scheduler = _check_scheduler(scheduler, method)
    return _value(n_red, n_black, method, checkpoint, checkpoint_every, scheduler)


def _check_scheduler(scheduler, method: str):
    if scheduler is not None and method != "dask":
        raise ValueError(f"scheduler is for method='dask', got method={method!r}")
    if scheduler is None:
        return None
    from .distributed import _check_scheduler as check

    return check(scheduler)


def _value(n_red: int, n_black: int, method: str = "tiled", checkpoint=None,
           checkpoint_every: float = DEFAULT_INTERVAL, scheduler=None):
    """:func:`value` of checked arguments and a picked method (never "auto")."""
    if method == "exact":
        return _value_exact(n_red, n_black)
    if method == "topdown":
        return _value_topdown(n_red, n_black)
    if method in ("cuda", "dask"):
        return _swept(n_red, n_black, method, DEFAULT_TILE, 0, checkpoint, checkpoint_every, scheduler).value
    _costs._check_cells(n_red, n_black, method, f"value({n_red}, {n_black}, method={method!r})",
                        limit_time=checkpoint is None, resumable=method == "tiled")
    if method == "row":
        inv = 1.0 / np.arange(n_red + n_black + 1, dtype=np.float64).clip(1.0)
        return float(_row_sweep(n_red, n_black, np.empty(n_black + 1), inv))
    if method == "diagonal":
        return float(_diagonal_sweep(n_red, n_black, np.empty(n_red + 1), np.empty(n_red + 1), True))
    return _tiled(n_red, n_black, checkpoint=checkpoint, checkpoint_every=checkpoint_every).value


def _swept(n_red, n_black, method, tile, n_diag, checkpoint, checkpoint_every, scheduler) -> SweepResult:
    """The Dask or CUDA sweep of checked arguments (each checks its own budget)."""
    if method == "dask":
        from .distributed import _dask

        return _dask(n_red, n_black, tile, n_diag, None, scheduler, None, checkpoint, checkpoint_every, None)
    from .gpu import TILE_COLS, TILE_ROWS, _cuda

    return _cuda(n_red, n_black, n_diag, TILE_ROWS, TILE_COLS, checkpoint, checkpoint_every, None)


def balanced_values(n_max: int, tile: int = DEFAULT_TILE, *, method: str = "auto",
                    checkpoint=None, checkpoint_every: float = DEFAULT_INTERVAL,
                    scheduler=None) -> np.ndarray:
    """``V(i, i)`` for every ``i = 0 .. n_max`` from one sweep.

    One tiled wavefront over the square ``[0..n_max]^2`` records the cells on
    the main diagonal as it passes them; memory is ``O(n_max)``: the sweep
    keeps one row edge and one column edge (``V`` along the last row of the
    tiles above and the last column of the tiles to the left) plus two short
    diagonals per tile in flight, never the square. Sweeps of more than
    ``PROGRESS_CELLS`` cells (n_max above about 140,000), and every sweep with
    a checkpoint, show a tqdm progress bar with cells done, cells per second
    and the ETA (silenced by ``STOPLIB_PROGRESS=0``). About 1 s for
    n_max = 100,000 and under a minute for 1,000,000 on this 2-core machine.

    Parameters
    ----------
    n_max : int
        Largest number of cards of each colour.
    tile : int
        Tile side (cells) of the "tiled" and "dask" sweeps; the default was
        tuned on this 2-core machine (benchmarks/bench_redblack.py --tune).
    method : {"auto", "tiled", "dask", "cuda"}
        ``"auto"``: "cuda" for ``n_max`` of at least ``sqrt(GPU_MIN_CELLS)``
        when a CUDA device is present, else "tiled". See :func:`value`.
    checkpoint, checkpoint_every, scheduler
        As in :func:`value`: a file that makes the sweep resumable (the same
        call again resumes from it; the time limit of :mod:`stoplib.util.budget`
        does not apply), the seconds between writes, the Dask cluster.

    Returns
    -------
    numpy.ndarray of float64, shape (n_max + 1,)
        The same bits whatever the method ("tiled", "dask", resumed or not;
        "cuda" agrees to about 1e-13 relative).

    Examples
    --------
    >>> np.round(balanced_values(4), 6)
    array([0.      , 0.5     , 0.666667, 0.85    , 1.      ])
    """
    n_max = check_int("n_max", n_max, 0, MAX_CARDS)
    tile = check_int("tile", tile, 8, 1 << 16)
    check_choice("method", method, ("auto",) + SWEEP_METHODS)
    checkpoint, checkpoint_every = _check_checkpoint_args(checkpoint, checkpoint_every)
    method = _pick_method(method, float(n_max + 1) ** 2, checkpoint)
    if method == "row":
        method = "tiled"
    scheduler = _check_scheduler(scheduler, method)
    return _balanced_values(n_max, tile, method, checkpoint, checkpoint_every, scheduler)


def _balanced_values(n_max: int, tile: int = DEFAULT_TILE, method: str = "tiled", checkpoint=None,
                     checkpoint_every: float = DEFAULT_INTERVAL, scheduler=None) -> np.ndarray:
    """:func:`balanced_values` of checked arguments and a picked method."""
    if method == "tiled":  # the Dask and CUDA sweeps check their own budget
        _costs._check_cells(n_max, n_max, method, f"balanced_values({n_max}, tile={tile})",
                            limit_time=checkpoint is None, resumable=True, tile=tile,
                            extra_bytes=8.0 * (n_max + 1))
        diag = _tiled(n_max, n_max, tile=tile, n_diag=n_max + 1, desc="balanced_values",
                      checkpoint=checkpoint, checkpoint_every=checkpoint_every).diag
    else:
        diag = _swept(n_max, n_max, method, tile, n_max + 1, checkpoint, checkpoint_every, scheduler).diag
    diag[0] = 0.0
    return diag


def value_table(n_red: int, n_black: int) -> np.ndarray:
    """The table ``V(r, b)`` for ``r <= n_red``, ``b <= n_black``.

    Returns
    -------
    numpy.ndarray of float64, shape (n_red + 1, n_black + 1)
        ``out[r, b] = V(r, b)``.

    Examples
    --------
    >>> t = value_table(2, 3)
    >>> t.shape, float(t[2, 2]), float(t[1, 2])
    ((3, 4), 0.6666666666666666, 0.0)
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _value_table(n_red, n_black)


def _value_table(n_red: int, n_black: int, what: str = "value_table") -> np.ndarray:
    _costs._check_cells(n_red, n_black, "table", f"{what}({n_red}, {n_black})")
    out = np.empty((n_red + 1, n_black + 1))
    _table(n_red, n_black, out)
    return out


def policy_table(n_red: int, n_black: int) -> np.ndarray:
    """Where drawing is strictly better than stopping (ties: stop).

    ``out[r, b]`` is True iff ``r/(r+b) (V(r-1,b)+1) + b/(r+b) (V(r,b-1)-1) > 0``,
    i.e. iff ``V(r, b) > 0``. With no red card left it is always False.

    Examples
    --------
    >>> policy_table(1, 2).astype(int)
    array([[0, 0, 0],
           [1, 1, 0]])
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _value_table(n_red, n_black, "policy_table") > 0.0


def stopping_boundary(n_red: int) -> np.ndarray:
    """For ``r = 0 .. n_red``, the fewest black cards at which stopping is optimal.

    ``boundary[r] = min{b >= 0 : V(r, b) = 0}``: with ``r`` red cards left you
    draw while fewer than ``boundary[r]`` black cards are left and stop as
    soon as ``b >= boundary[r]`` (ties, where drawing is worth exactly 0, count
    as stopping). ``boundary[0] = 0`` (nothing to win), and ``boundary[r] > r``
    for ``r >= 1``: you draw even when you are behind by a little. The
    boundary is non-decreasing in ``r``. This is independent of how many cards
    the game started with, so one array serves every deck.

    Examples
    --------
    >>> stopping_boundary(5).tolist()
    [0, 2, 4, 5, 7, 8]
    """
    return _stopping_boundary(check_int("n_red", n_red, 0, MAX_CARDS // 2))


def _stopping_boundary(n_red: int) -> np.ndarray:
    width = n_red + 2 * int(math.isqrt(n_red)) + 8
    while True:
        # one tiled sweep of [0..n_red] x [0..width] records each row's first zero
        _costs._check_cells(n_red, width, "tiled", f"stopping_boundary({n_red})")
        bnd = _tiled(n_red, width, boundary=True).boundary
        if np.all(bnd[1:] > 0):
            return bnd
        width *= 2


def live_cells(n_red: int, n_black: int) -> int:
    """Number of interior cells ``1 <= r <= n_red, 1 <= b <= n_black`` outside the
    stop region (``b < boundary(r)``): the cell updates the skipping kernels do.

    Examples
    --------
    >>> live_cells(2, 2), live_cells(26, 26)
    (3, 425)
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _live_cells(n_red, n_black)


@lru_cache(maxsize=64)
def _live_cells(n_red: int, n_black: int) -> int:
    _costs._check_cells(n_red, n_black, "tiled", f"live_cells({n_red}, {n_black})")
    return _live_from_boundary(_tiled(n_red, n_black, boundary=True).boundary, n_black)


def _live_from_boundary(bnd: np.ndarray, n_black: int) -> int:
    """Interior live cells from a boundary recorded over ``[0..n_red] x [0..n_black]``
    (``-1``: the row has no zero up to ``n_black``, all its cells are live)."""
    b = np.asarray(bnd[1:], dtype=np.int64)
    per_row = np.where(b > 0, np.minimum(b, n_black + 1) - 1, n_black)
    return int(per_row.sum())


@dataclass(frozen=True)
class Position:
    """One deck at once: its value, the stopping boundary and the policy of every position
    reachable from it (what the position figure and panel show).

    Attributes
    ----------
    n_red, n_black : int
    value : float
        ``V(n_red, n_black)``.
    boundary : numpy.ndarray of int64
        :func:`stopping_boundary` of ``max(n_red, 1)`` red cards.
    policy : numpy.ndarray of bool, shape (n_red + 1, n_black + 1)
        :func:`policy_table` of the deck.
    stop_from : int
        The fewest black cards at which to stop with ``n_red`` red cards left (0 when
        ``n_red`` is 0).
    """

    n_red: int
    n_black: int
    value: float
    boundary: np.ndarray
    policy: np.ndarray
    stop_from: int

    @property
    def action(self) -> str:
        """``"draw"`` when the deck is worth playing, else ``"stop"``."""
        return "draw" if self.value > 0 else "stop"


def position(n_red: int, n_black: int) -> Position:
    """The value, stopping boundary and policy of one deck, computed once.

    Examples
    --------
    >>> p = position(5, 6)
    >>> round(p.value, 6), p.stop_from, p.policy.shape, p.action
    (0.549784, 8, (6, 7), 'draw')
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _position(n_red, n_black)


def _position(n_red: int, n_black: int) -> Position:
    table = _value_table(n_red, n_black, "position")
    bnd = _stopping_boundary(max(n_red, 1))
    return Position(n_red, n_black, float(table[n_red, n_black]), bnd, table > 0.0,
                    int(bnd[n_red]) if n_red > 0 else 0)


@dataclass(frozen=True)
class MethodTiming:
    """Wall-clock time of one method on one deck (median of ``repeats``), with the machine
    and its load average when it was taken (:func:`stoplib.util.timing.stamp`): a timing
    is comparable only with others of the same machine at a similar load."""

    method: str
    n_red: int
    n_black: int
    seconds: float
    cells: int
    cells_per_second: float
    value: float
    repeats: int
    machine: str = ""
    load: float = 0.0
    taken: str = ""


def time_method(method: str, n_red: int, n_black: int, repeats: int = 1) -> MethodTiming:
    """Time ``value(n_red, n_black, method)`` (after one untimed warm-up call on a
    small deck, so compilation is not counted).

    ``cells`` counts the cell updates the method really does: the whole square
    for "topdown" and "exact", the cells outside the stop region for the
    skipping kernels ("row", "diagonal", "tiled"). ``machine``, ``load`` (the
    highest one-minute load average seen before and after) and ``taken`` say where
    and when.

    Examples
    --------
    >>> t = time_method("row", 50, 50)
    >>> t.method, t.cells > 0, t.seconds >= 0, t.load >= 0
    ('row', True, True, True)
    """
    from ..util.timing import load_average, median_time, stamp

    n_red, n_black = check_counts(n_red, n_black)
    check_choice("method", method, METHODS)
    repeats = check_int("repeats", repeats, 1, 1000)
    picked = _pick_method(method, float(n_red + 1) * float(n_black + 1), None)
    budget.check(_costs.time_method_cost(method, n_red, n_black, repeats, picked))
    small = (min(n_red, 30), min(n_black, 30))
    _value(*small, _pick_method(method, float(small[0] + 1) * float(small[1] + 1), None))  # compile / load cache
    load = load_average()
    seconds, result = median_time(lambda: _value(n_red, n_black, picked), repeats)
    when = stamp()
    cells = (n_red + 1) * (n_black + 1) if picked in ("topdown", "exact") else _live_cells(n_red, n_black)
    return MethodTiming(method, n_red, n_black, seconds, cells, cells / seconds if seconds > 0 else float("inf"),
                        float(result), repeats, when["machine"], max(round(load, 2), when["load"]), when["taken"])
