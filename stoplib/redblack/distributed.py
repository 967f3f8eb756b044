"""The red/black card game ("Problem 14") past one machine: the tiled wavefront as a Dask task graph.

The recursion (:mod:`stoplib.redblack.rules`)::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))

is swept over the square by *big tiles* (``block`` cells a side, a multiple of
the small ``tile`` of the in-process kernel). A big tile needs only the row
above it and the column left of it, so the graph has one task per big tile,
depending on the task above (its bottom row) and the task to its left (its
right column); a task receives and returns edge arrays, never the table.
Inside, a worker sweeps the big tile's small tiles with the same numba code
as the in-process kernel (``_kernels._block``, serial and ``nogil``, one
worker thread per core), so the values are bit-identical to
:func:`stoplib.redblack.value`'s ``"tiled"`` method. A big tile wholly in the
stop region (the value left of its last row is 0) returns zeros at once.

:func:`dask_sweep` builds the graph, runs it with ``dask.distributed`` on a
``LocalCluster`` of this machine (threads; the default) or on any cluster
given a scheduler address or a ``Client``, and collects the edges as the big
tiles finish. That collection is the frontier: a staircase of finished big
tiles, with the bottom row of the last one in each column and the right
column of the last one in each row. With ``checkpoint=PATH`` it is written
to a file by the one sweep driver that the in-process and CUDA sweeps use too
(:func:`stoplib.redblack._sweep.drive`; :mod:`stoplib.redblack.checkpoint`: at an
interval, at the end, on Ctrl-C/SIGTERM; atomic, checksummed), and the same call
resumes from it, with any number of workers: the bits do not depend on the cluster.
This module supplies only the step: submit the graph, and move each finished big
tile into the frontier.

Running it on a real cluster
----------------------------
Install stoplib (and its numba) on every machine, start a scheduler and
workers with one thread per core (``dask scheduler`` on one machine,
``dask worker tcp://HOST:8786 --nworkers auto --nthreads 1`` on each other
machine), and pass the address: ``balanced_values(n, method="dask",
scheduler="tcp://HOST:8786", checkpoint="run.ckpt")``. The client needs only
``O(n)`` memory (the frontier) and the network carries ``O(n^2 / block)``
doubles in all. The README has a worked estimate of the cluster that would
compute document 000's 133,787,000 cards in a day.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14),
section "Faster?":
"cluster parallelization: for larger problems, network overhead/latency
becomes less of an issue and parallelizing across multiple computers
becomes useful".
"""
from __future__ import annotations

import heapq
import math
import os
import re
import uuid
from dataclasses import dataclass
from operator import getitem

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int, check_path, check_real
from . import _costs
from ._costs import DASK_STARTUP_SECONDS
from ._kernels import _block
from ._sweep import DEFAULT_TILE, PROGRESS_CELLS, Sweep, SweepResult, drive
from .checkpoint import DEFAULT_INTERVAL, CheckpointError
from .rules import check_counts

__all__ = ["dask_sweep", "default_block", "BLOCKS_PER_WORKER", "MIN_BLOCK", "cluster_estimate",
           "ClusterEstimate", "workers_for"]

#: The default big tile gives about this many big tiles per side for each worker
#: thread: enough that the wavefront keeps every worker busy after a short ramp.
BLOCKS_PER_WORKER = 8
#: ... but no smaller than this side (about 1e8 cells, 10 ms of work or more), so
#: that a task's work stays far above its cost to the scheduler (about a millisecond).
MIN_BLOCK = 16_384
#: Most workers of the default LocalCluster (threads of this process).
MAX_LOCAL_WORKERS = 256
#: What a scheduler address looks like: ``tcp://host:8786``, ``tls://...``, ``inproc://...``.
_ADDRESS = re.compile(r"^(tcp|tls|inproc|ucx|ws|wss)://[A-Za-z0-9_.\-\[\]:/]+$")


def default_block(n_red: int, n_black: int, tile: int, workers: int) -> int:
    """Big-tile side for a sweep of ``[0..n_red] x [0..n_black]`` on ``workers``
    worker threads: about ``BLOCKS_PER_WORKER * workers`` big tiles along the
    longer side but at least ``MIN_BLOCK``, rounded up to a multiple of ``tile``.

    Examples
    --------
    >>> default_block(1_000_000, 1_000_000, 2048, 2)
    63488
    >>> default_block(10_000, 10_000, 2048, 2)
    16384
    """
    n_red, n_black = check_counts(n_red, n_black)
    tile = check_int("tile", tile, 8, 1 << 16)
    workers = check_int("workers", workers, 1, 10**6)
    side = max(n_red, n_black, 1)
    per = max(MIN_BLOCK, math.ceil(side / (BLOCKS_PER_WORKER * workers)))
    return math.ceil(per / tile) * tile


def _run_block(n_red, n_black, tile, ti0, ti1, tj0, tj1, top, left, n_diag):
    """One task: sweep a big tile from its top row and left column.

    ``top`` / ``left`` are None for the square's own edges (``V(0, b) = 0``,
    ``V(r, 0) = r``). Returns ``(bottom row, right column, diag)`` where
    ``diag[r - r0] = V(r, r)`` for the big tile's rows below ``n_diag``.
    """
    r0, b0 = 1 + ti0 * tile, 1 + tj0 * tile
    r1, b1 = min(n_red, ti1 * tile), min(n_black, tj1 * tile)
    top = np.zeros(b1 - b0 + 1) if top is None else np.array(top, dtype=np.float64)
    left = (np.arange(r0, r1 + 1, dtype=np.float64) if left is None
            else np.array(left, dtype=np.float64))
    diag = np.zeros(max(0, min(r1 + 1, n_diag) - r0))
    if tj0 > 0 and left[-1] == 0.0:
        # dead: V(r1, b0 - 1) = 0 puts the whole big tile in the stop region
        return np.zeros_like(top), np.zeros_like(left), diag
    _block(n_red, n_black, tile, ti0, ti1, tj0, tj1, top, left, diag, True)
    return top, left, diag


class _Grid:
    """The big tiles: block row I covers small-tile rows ``I*m .. (I+1)*m - 1``."""

    def __init__(self, n_red, n_black, tile, block):
        self.n_red, self.n_black, self.tile = n_red, n_black, tile
        self.m = block // tile
        self.n_ti = -(-n_red // tile)
        self.n_tj = -(-n_black // tile)
        self.rows = -(-self.n_ti // self.m)
        self.cols = -(-self.n_tj // self.m)

    def ti(self, i):
        return i * self.m, min(self.n_ti, (i + 1) * self.m)

    def tj(self, j):
        return j * self.m, min(self.n_tj, (j + 1) * self.m)

    def r_range(self, i):  # global rows r0..r1 of block row i
        a, b = self.ti(i)
        return 1 + a * self.tile, min(self.n_red, b * self.tile)

    def b_range(self, j):
        a, b = self.tj(j)
        return 1 + a * self.tile, min(self.n_black, b * self.tile)

    def diagonal(self, i, j, n_diag):
        """Rows ``lo .. hi - 1`` of the main diagonal inside big tile (i, j) (``hi <= lo``: none)."""
        r0, r1 = self.r_range(i)
        b0, b1 = self.b_range(j)
        return max(r0, b0), min(r1, b1, n_diag - 1) + 1

    def cells(self, i, j) -> float:
        """Estimated live cells of big tile (i, j) (``b < r + 1.2 sqrt(r) + 2``)."""
        r0, r1 = self.r_range(i)
        b0, b1 = self.b_range(j)
        r = np.linspace(r0, r1, 64)
        width = np.clip(np.minimum(b1, r + 1.2 * np.sqrt(r) + 2.0) - b0 + 1, 0, b1 - b0 + 1)
        return float(width.mean() * (r1 - r0 + 1))


def _check_scheduler(scheduler):
    """None, a scheduler address (str) or a ``distributed.Client``; checked before anything starts."""
    if scheduler is None:
        return None
    if isinstance(scheduler, str):
        if len(scheduler) > 500 or not _ADDRESS.match(scheduler):
            raise ValueError(f"scheduler must be a scheduler address such as 'tcp://host:8786', "
                             f"got {scheduler[:80]!r}")
        return scheduler
    from dask.distributed import Client

    if isinstance(scheduler, Client):
        return scheduler
    raise TypeError(f"scheduler must be None, a scheduler address (str) or a "
                    f"distributed.Client, got {type(scheduler).__name__}")


def _client_for(scheduler, n_workers):
    """(client, what to close at the end, worker threads)."""
    from dask.distributed import Client, LocalCluster

    if scheduler is None:
        workers = n_workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                               dashboard_address=None)
        try:
            client = Client(cluster)
        except BaseException:
            cluster.close()
            raise
        return client, (client, cluster), workers
    if isinstance(scheduler, str):
        try:
            client = Client(scheduler, timeout="20s")
        except (OSError, TimeoutError) as err:
            raise ValueError(f"no Dask scheduler answers at {scheduler!r} ({err})") from None
        return client, (client,), max(1, sum(w["nthreads"] for w in
                                             client.scheduler_info()["workers"].values()))
    return scheduler, (), max(1, sum(w["nthreads"] for w in
                                     scheduler.scheduler_info()["workers"].values()))


class _DaskSweep(Sweep):
    """The wavefront as a Dask graph: :meth:`start` submits every big tile still to do, a
    step waits for the next one to finish and moves the finished staircase into the
    frontier (``rowbuf``, ``colbuf``, ``diag`` and, per column and row, how many big tiles
    are done: ``col_done``, ``row_done``)."""

    method = "dask"
    desc = "dask sweep"

    def __init__(self, client, n_red, n_black, tile, block, n_diag):
        self.client, self.n_diag = client, n_diag
        self.g = g = _Grid(n_red, n_black, tile, block)
        self.params = {"sweep": "dask", "n_red": n_red, "n_black": n_black, "tile": tile,
                       "block": block, "fast": True, "n_diag": n_diag}
        self.arrays = {"rowbuf": np.zeros(n_black + 1), "colbuf": np.arange(n_red + 1, dtype=np.float64),
                       "diag": np.zeros(n_diag), "col_done": np.zeros(g.cols, dtype=np.int64),
                       "row_done": np.zeros(g.rows, dtype=np.int64)}
        self.live = {(i, j): g.cells(i, j) for i in range(g.rows) for j in range(g.cols)}
        self.total_cells = sum(self.live.values())
        self.futures, self.pending, self._iter, self._tasks, self._done = {}, {}, None, 0, 0.0
        # The edge futures of each big tile, held until the tiles that read them have run:
        # a cancel (Ctrl-C) recurses from a big tile into its edges, and distributed's
        # scheduler asserts that every key it meets there is still wanted by a client.
        self.edges = {}

    def restore(self, state, path) -> None:
        g = self.g
        state.require(path, {k: (v.dtype, v.size) for k, v in self.arrays.items()})
        self.arrays = {k: state.arrays[k] for k in self.arrays}
        col_done, row_done = self.arrays["col_done"], self.arrays["row_done"]
        if (col_done < 0).any() or (col_done > g.rows).any() or (row_done < 0).any() \
                or (row_done > g.cols).any() or col_done.sum() != row_done.sum():
            raise CheckpointError(f"checkpoint {path} does not fit this sweep "
                                  f"(its finished big tiles are not a staircase)")
        self._done = sum(c for (i, j), c in self.live.items() if i < col_done[j])

    def done(self) -> bool:
        return int(self.arrays["col_done"].sum()) == self.g.rows * self.g.cols

    def cells(self) -> float:
        return self._done

    def progress(self) -> dict:
        return {"blocks_done": int(self.arrays["col_done"].sum()), "blocks": self.g.rows * self.g.cols}

    def start(self, stopping) -> None:
        """Submit the big tiles still to do, in anti-diagonal order (Dask runs earlier
        submissions first); each depends on the edges of the one above and the one to its
        left, or starts from the frontier."""
        from dask.distributed import as_completed

        g, a, client = self.g, self.arrays, self.client
        token = uuid.uuid4().hex
        for d in range(g.rows + g.cols - 1):
            if stopping():
                return
            for i in range(max(0, d - g.cols + 1), min(g.rows - 1, d) + 1):
                j = d - i
                if i < a["col_done"][j]:
                    continue
                r0, r1 = g.r_range(i)
                b0, b1 = g.b_range(j)
                if i == a["col_done"][j]:
                    top = None if i == 0 else client.scatter(a["rowbuf"][b0:b1 + 1].copy())
                else:
                    top = self.edges[i - 1, j][0]
                if j == a["row_done"][i]:
                    left = None if j == 0 else client.scatter(a["colbuf"][r0:r1 + 1].copy())
                else:
                    left = self.edges[i, j - 1][1]
                lo, hi = g.diagonal(i, j, self.n_diag)
                fut = client.submit(_run_block, g.n_red, g.n_black, g.tile, *g.ti(i), *g.tj(j),
                                    top, left, self.n_diag if hi > lo else 0, pure=False,
                                    key=f"redblack-block-{i}-{j}-{token}")
                self.futures[fut.key] = (i, j, fut)
                self.edges[i, j] = [client.submit(getitem, fut, 0, pure=False),
                                    client.submit(getitem, fut, 1, pure=False)]
        self._tasks = len(self.futures)
        self._iter = as_completed([f for _, _, f in self.futures.values()])

    def step(self) -> None:
        """Wait for the next big tile; move every finished one into the frontier, in staircase order."""
        g, a = self.g, self.arrays
        fut = next(self._iter)
        i, j, _ = self.futures.pop(fut.key)
        self.pending[i, j] = fut.result()
        fut.release()
        # the edges this tile read are not needed any more, nor its own edges that
        # no tile reads (the last row's bottom, the last column's right)
        self._release((i - 1, j), 0)
        self._release((i, j - 1), 1)
        if i == g.rows - 1:
            self._release((i, j), 0)
        if j == g.cols - 1:
            self._release((i, j), 1)
        moved = True
        while moved:
            moved = False
            for (i, j), (bottom, right, dseg) in list(self.pending.items()):
                if a["col_done"][j] == i and a["row_done"][i] == j:
                    r0, r1 = g.r_range(i)
                    b0, b1 = g.b_range(j)
                    a["rowbuf"][b0:b1 + 1] = bottom
                    a["colbuf"][r0:r1 + 1] = right
                    lo, hi = g.diagonal(i, j, self.n_diag)
                    if hi > lo:
                        a["diag"][lo:hi] = dseg[lo - r0:hi - r0]
                    a["col_done"][j] += 1
                    a["row_done"][i] += 1
                    self._done += self.live[i, j]
                    del self.pending[i, j]
                    moved = True
        if self.futures and self.done():
            raise RuntimeError("the Dask sweep finished its big tiles with tasks still queued")
        if not self.futures and not self.done():
            raise RuntimeError("the Dask sweep ended with big tiles missing")

    def _release(self, key, which) -> None:
        pair = self.edges.get(key)
        if pair is not None and pair[which] is not None:
            pair[which].release()
            pair[which] = None
            if pair[0] is None and pair[1] is None:
                del self.edges[key]

    def cancel(self) -> None:
        held = [f for _, _, f in self.futures.values()] + [f for pair in self.edges.values()
                                                            for f in pair if f is not None]
        if held:
            self.client.cancel(held)
        self.futures.clear()
        self.edges.clear()

    close = cancel   # interrupted or failed: stop what is still queued

    @property
    def tasks(self) -> int:
        return self._tasks


def dask_sweep(n_red: int, n_black: int, tile: int | None = None, n_diag: int = 0,
               block: int | None = None, scheduler=None, n_workers: int | None = None,
               checkpoint=None, checkpoint_every: float = DEFAULT_INTERVAL,
               show_progress: bool | None = None):
    """Sweep ``[0..n_red] x [0..n_black]`` as a Dask graph of big tiles.

    Parameters
    ----------
    n_red, n_black : int
        The deck (the sweep gives ``V(n_red, n_black)``).
    tile : int or None
        The small tile of the numba kernel (None: ``solver.DEFAULT_TILE``);
        the bits equal those of the in-process sweep with the same tile.
    n_diag : int
        Also return ``V(i, i)`` for ``i < n_diag`` (``<= n_red + 1``).
    block : int or None
        Big-tile side, a multiple of ``tile`` (None: :func:`default_block`).
    scheduler : None, str or distributed.Client
        None: a ``LocalCluster`` of ``n_workers`` single-threaded workers in
        this process (closed at the end); a scheduler address
        (``"tcp://host:8786"``); or a ``Client``, used as is.
    n_workers : int or None
        Workers of the default ``LocalCluster`` (None: one per core).
    checkpoint, checkpoint_every
        A resumable run, as in :func:`stoplib.redblack.balanced_values`.
    show_progress : bool or None
        A tqdm bar in cells (None: for big sweeps or with a checkpoint).

    Returns
    -------
    stoplib.redblack.SweepResult
        ``value``, ``diag``, ``method="dask"``, ``seconds``, ``tasks``.

    Examples
    --------
    >>> r = dask_sweep(300, 300, tile=32, block=64, n_diag=301, n_workers=2)
    >>> round(r.value, 9), bool(r.diag[300] == r.value), r.tasks
    (9.018086894, True, 25)
    """
    # everything is checked before a cluster starts
    n_red, n_black = check_counts(n_red, n_black)
    tile = DEFAULT_TILE if tile is None else check_int("tile", tile, 8, 1 << 16)
    n_diag = check_int("n_diag", n_diag, 0, n_red + 1)
    if n_workers is not None:
        n_workers = check_int("n_workers", n_workers, 1, MAX_LOCAL_WORKERS)
    if block is not None:
        block = check_int("block", block, tile, 1 << 40)
        if block % tile:
            raise ValueError(f"block must be a multiple of tile = {tile}, got {block}")
    scheduler = _check_scheduler(scheduler)
    if n_workers is not None and scheduler is not None:
        raise ValueError("n_workers is for the default LocalCluster (scheduler=None)")
    if checkpoint is not None:
        checkpoint = check_path("checkpoint", checkpoint, kind="file")
    checkpoint_every = check_real("checkpoint_every", checkpoint_every, 0.0)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    return _dask(n_red, n_black, tile, n_diag, block, scheduler, n_workers, checkpoint, checkpoint_every,
                 show_progress)


def _dask(n_red, n_black, tile, n_diag, block, scheduler, n_workers, checkpoint, checkpoint_every,
          show_progress) -> SweepResult:
    """:func:`dask_sweep` of checked arguments: the budget, the cluster, the driver."""
    limit_time = checkpoint is None
    startup = -DASK_STARTUP_SECONDS if scheduler is not None else (0.05 * n_workers if n_workers else 0.0)
    budget.check(_costs.dask_sweep_cost(n_red, n_black, tile,
                                        _costs.dask_tasks(n_red, n_black, tile, block or MIN_BLOCK),
                                        n_diag, limit_time, startup))
    if n_red == 0 or n_black == 0:
        return SweepResult(float(n_red if n_black == 0 else 0.0), np.zeros(n_diag), "dask", 0.0, 0)
    client, opened, workers = _client_for(scheduler, n_workers)
    try:
        if block is None:
            block = default_block(n_red, n_black, tile, workers)
        tasks = _costs.dask_tasks(n_red, n_black, tile, block)
        budget.check(_costs.dask_sweep_cost(n_red, n_black, tile, tasks, n_diag, limit_time, 0.0,
                                            f"dask_sweep({n_red}, {n_black}) with block = {block}"))
        if show_progress is None:
            show_progress = checkpoint is not None or float(n_red) * float(n_black) > PROGRESS_CELLS
        return drive(_DaskSweep(client, n_red, n_black, tile, block, n_diag), checkpoint, checkpoint_every,
                     show_progress)
    finally:
        for thing in opened:
            thing.close()


# ---------------------------------------------------------------------------
# How big a cluster? (the README's worked estimate)
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ClusterEstimate:
    """The simulated run of a Dask sweep on ``workers`` single-threaded workers.

    Attributes
    ----------
    workers : int
    block : int
        Big-tile side.
    tasks : int
        Big tiles (dead ones included: they cost only ``overhead``).
    cells : float
        Estimated live cells.
    hours : float
        Wall-clock time of the simulated schedule.
    efficiency : float
        ``cells / rate / workers / seconds``: the share of the workers' time spent
        sweeping (the rest is the wavefront's ramp and drain, and task overhead);
        1.0 for an empty deck.
    """

    workers: int
    block: int
    tasks: int
    cells: float
    hours: float
    efficiency: float


def cluster_estimate(n_red: int, n_black: int, workers: int, rate: float,
                     overhead: float = 0.05, tile: int = 2048,
                     block: int | None = None) -> ClusterEstimate:
    """Simulate a Dask sweep: each big tile takes its estimated live cells / ``rate``
    seconds plus ``overhead``, starts when the tiles above and to its left are done and
    a worker is free (earliest anti-diagonal first, as the scheduler runs them).

    Parameters
    ----------
    n_red, n_black : int
        The deck.
    workers : int
        Single-threaded workers (one per core).
    rate : float
        Cell updates per second of one worker (the serial tiled kernel on one core).
    overhead : float
        Seconds per task for the scheduler and the network.
    tile, block : int
        As in :func:`dask_sweep` (``block`` None: :func:`default_block`).

    Examples
    --------
    >>> e = cluster_estimate(1_000_000, 1_000_000, 2, 7.5e9)
    >>> e.tasks, 0.5 < e.efficiency <= 1.0
    (256, True)
    """
    n_red, n_black = check_counts(n_red, n_black)
    workers = check_int("workers", workers, 1, 10**6)
    rate = check_real("rate", rate, 1.0, 1e18)
    overhead = check_real("overhead", overhead, 0.0, 1e6)
    tile = check_int("tile", tile, 8, 1 << 16)
    block = default_block(n_red, n_black, tile, workers) if block is None else \
        check_int("block", block, tile, 1 << 40)
    if block % tile:
        raise ValueError(f"block must be a multiple of tile = {tile}, got {block}")
    return _cluster_estimate(n_red, n_black, workers, rate, overhead, tile, block)


def _cluster_estimate(n_red, n_black, workers, rate, overhead, tile, block) -> ClusterEstimate:
    """:func:`cluster_estimate` of checked arguments."""
    tasks = _costs.dask_tasks(n_red, n_black, tile, block)
    budget.check(_costs.schedule_cost(f"cluster_estimate({n_red}, {n_black}, workers={workers}, block={block})",
                                      tasks, workers))
    g = _Grid(n_red, n_black, tile, block)
    if g.rows * g.cols == 0:  # an empty deck: nothing to sweep
        return ClusterEstimate(workers=workers, block=block, tasks=0, cells=0.0, hours=0.0, efficiency=1.0)
    live = {(i, j): g.cells(i, j) for i in range(g.rows) for j in range(g.cols)}
    cost = {key: c / rate + overhead for key, c in live.items()}
    done = {}
    ready = [(0, 0, 0)]          # (anti-diagonal, i, j): the scheduler's priority
    free = [0.0] * workers       # when each worker is next free
    heapq.heapify(free)
    finish = 0.0
    while ready:
        _, i, j = heapq.heappop(ready)
        start = max(heapq.heappop(free), done.get((i - 1, j), 0.0), done.get((i, j - 1), 0.0))
        end = start + cost[i, j]
        heapq.heappush(free, end)
        done[i, j] = end
        finish = max(finish, end)
        for a, b in ((i + 1, j), (i, j + 1)):
            if a < g.rows and b < g.cols and (a == 0 or (a - 1, b) in done) and \
                    (b == 0 or (a, b - 1) in done):
                heapq.heappush(ready, (a + b, a, b))
    cells = sum(live.values())
    return ClusterEstimate(workers=workers, block=block, tasks=g.rows * g.cols, cells=cells,
                           hours=finish / 3600.0, efficiency=cells / rate / workers / finish)


def workers_for(n_red: int, n_black: int, hours: float, rate: float, **kwargs) -> ClusterEstimate:
    """The fewest single-threaded workers whose simulated sweep (:func:`cluster_estimate`)
    ends within ``hours``.

    Examples
    --------
    >>> workers_for(1_000_000, 1_000_000, 1 / 60, 7.5e9).workers
    2
    """
    hours = check_real("hours", hours, 0.0, 1e9)
    if hours == 0.0:
        raise ValueError("hours must be > 0")
    n_red, n_black = check_counts(n_red, n_black)
    unknown = sorted(set(kwargs) - {"overhead", "tile", "block"})
    if unknown:
        raise TypeError(f"workers_for() got unexpected keyword arguments {unknown} (overhead, tile, block)")
    rate = check_real("rate", rate, 1.0, 1e18)
    overhead = check_real("overhead", kwargs.get("overhead", 0.05), 0.0, 1e6)
    tile = check_int("tile", kwargs.get("tile", 2048), 8, 1 << 16)
    block = kwargs.get("block")
    if block is not None:
        block = check_int("block", block, tile, 1 << 40)
        if block % tile:
            raise ValueError(f"block must be a multiple of tile = {tile}, got {block}")
    spent = [0.0]

    def simulated(workers):
        """One simulated schedule, after checking the search's running cost against the budget."""
        b = block if block is not None else default_block(n_red, n_black, tile, workers)
        tasks = _costs.dask_tasks(n_red, n_black, tile, b)
        budget.check(_costs.schedule_cost(f"workers_for({n_red}, {n_black}, hours={hours:g})", tasks,
                                          spent=spent[0]))
        spent[0] += tasks * _costs.SECONDS_PER_SIMULATED_TASK
        return _cluster_estimate(n_red, n_black, workers, rate, overhead, tile, b)

    lo, hi = 1, 1
    while simulated(hi).hours > hours:
        lo, hi = hi + 1, hi * 2
        if hi > 10**5:
            raise ValueError(f"no cluster of up to 100,000 workers finishes in {hours} hours")
    while lo < hi:
        mid = (lo + hi) // 2
        if simulated(mid).hours <= hours:
            hi = mid
        else:
            lo = mid + 1
    return simulated(lo)
