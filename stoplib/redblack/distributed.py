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
to a file exactly like the in-process sweep's
(:mod:`stoplib.redblack.checkpoint`: at an interval, at the end, on
Ctrl-C/SIGTERM; atomic, checksummed), and the same call resumes from it,
with any number of workers: the bits do not depend on the cluster.

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
import time
import uuid
from dataclasses import dataclass
from operator import getitem

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int, check_path, check_real
from ._kernels import _block
from .checkpoint import DEFAULT_INTERVAL, Checkpointer, CheckpointError
from .rules import DASK_STARTUP_SECONDS, check_counts, work_estimate

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
#: Seconds per big tile for the driver and the scheduler beyond its sweep (the cell
#: estimate of the progress bar, a submit, two edge futures, a result), and for
#: :func:`cluster_estimate`'s simulated schedule: measured on the 2-core Intel Xeon of
#: ``stoplib.util.timing.machine()``, 2026-11-23 while shared (about 5,000 simulated tasks per second).
SECONDS_PER_TASK = 2.5e-3
SECONDS_PER_SIMULATED_TASK = 2.5e-4
#: Bytes per big tile held by the driver and the scheduler (futures, keys, dicts).
BYTES_PER_TASK = 4000.0
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


def _tasks(n_red: int, n_black: int, tile: int, block: int) -> float:
    """The number of big tiles of a sweep (a float: it may be astronomically large)."""
    m = max(1, block // tile)
    rows = math.ceil(math.ceil(n_red / tile) / m)
    cols = math.ceil(math.ceil(n_black / tile) / m)
    return float(rows) * float(cols)


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
    from dask.distributed import as_completed

    from ._sweep import DEFAULT_TILE, PROGRESS_CELLS, SweepResult, _CellBar

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
    est = work_estimate(n_red, n_black, "dask", tile)
    tasks = _tasks(n_red, n_black, tile, block if block is not None else MIN_BLOCK)
    seconds = est.seconds + tasks * SECONDS_PER_TASK
    if scheduler is not None:
        seconds -= DASK_STARTUP_SECONDS
    elif n_workers is not None:
        seconds += 0.05 * n_workers
    limit_time = checkpoint is None
    budget.check(budget.Estimate(
        f"dask_sweep({n_red}, {n_black})", seconds if limit_time else 0.0,
        est.bytes + tasks * BYTES_PER_TASK + 8.0 * n_diag,
        f"{est.cells:.3g} cell updates at {est.basis}, and {tasks:.3g} big tiles at "
        f"{SECONDS_PER_TASK:g} s and {BYTES_PER_TASK:g} bytes each"))
    t_start = time.monotonic()
    diag = np.zeros(n_diag)
    if n_red == 0 or n_black == 0:
        return SweepResult(float(n_red if n_black == 0 else 0.0), diag, "dask",
                           time.monotonic() - t_start, 0)

    client, opened, workers = _client_for(scheduler, n_workers)
    try:
        if block is None:
            block = default_block(n_red, n_black, tile, workers)
        g = _Grid(n_red, n_black, tile, block)
        params = {"sweep": "dask", "n_red": n_red, "n_black": n_black, "tile": tile,
                  "block": block, "fast": True, "n_diag": n_diag}
        budget.check(budget.Estimate(f"dask_sweep({n_red}, {n_black}) with block = {block}",
                                     (est.seconds + g.rows * g.cols * SECONDS_PER_TASK) if limit_time else 0.0,
                                     est.bytes + g.rows * g.cols * BYTES_PER_TASK,
                                     f"{g.rows * g.cols} big tiles"))
        ck = Checkpointer(checkpoint, params, checkpoint_every)
        rowbuf = np.zeros(n_black + 1)
        colbuf = np.arange(n_red + 1, dtype=np.float64)
        col_done = np.zeros(g.cols, dtype=np.int64)   # finished big tiles, a prefix of each column
        row_done = np.zeros(g.rows, dtype=np.int64)   # ... and of each row
        seconds0 = 0.0
        state = ck.load()
        if state is not None:
            state.require(checkpoint, {"rowbuf": (np.float64, n_black + 1), "colbuf": (np.float64, n_red + 1),
                                       "diag": (np.float64, n_diag), "col_done": (np.int64, g.cols),
                                       "row_done": (np.int64, g.rows)})
            a = state.arrays
            rowbuf, colbuf, diag = a["rowbuf"], a["colbuf"], a["diag"]
            col_done, row_done = a["col_done"], a["row_done"]
            seconds0 = float(state.progress.get("seconds") or 0.0)
            if (col_done < 0).any() or (col_done > g.rows).any() or (row_done < 0).any() \
                    or (row_done > g.cols).any() or col_done.sum() != row_done.sum():
                raise CheckpointError(f"checkpoint {checkpoint} does not fit this sweep "
                                      f"(its finished big tiles are not a staircase)")
            if state.progress.get("complete"):
                return SweepResult(float(colbuf[n_red]), diag, "dask", seconds0, 0)
        cells = {(i, j): g.cells(i, j) for i in range(g.rows) for j in range(g.cols)}
        total = sum(cells.values())
        done = sum(c for (i, j), c in cells.items() if i < col_done[j])
        if show_progress is None:
            show_progress = checkpoint is not None or float(n_red) * float(n_black) > PROGRESS_CELLS
        bar = _CellBar(total, done, "dask sweep", show_progress)
        futures, pending = {}, {}
        # The edge futures of each big tile, held until the tiles that read them have run:
        # a cancel (Ctrl-C) recurses from a big tile into its edges, and distributed's
        # scheduler asserts that every key it meets there is still wanted by a client.
        edges = {}

        def release_edge(key, which):
            pair = edges.get(key)
            if pair is not None and pair[which] is not None:
                pair[which].release()
                pair[which] = None
                if pair[0] is None and pair[1] is None:
                    del edges[key]

        def held():
            return [f for _, _, f in futures.values()] + [f for pair in edges.values() for f in pair
                                                          if f is not None]

        def submit_graph():
            """The big tiles still to do, in anti-diagonal order (Dask runs earlier
            submissions first); each depends on the edges of the one above and the
            one to its left, or starts from the frontier."""
            token = uuid.uuid4().hex
            for d in range(g.rows + g.cols - 1):
                if ck.stop_signal is not None:
                    return
                for i in range(max(0, d - g.cols + 1), min(g.rows - 1, d) + 1):
                    j = d - i
                    if i < col_done[j]:
                        continue
                    r0, r1 = g.r_range(i)
                    b0, b1 = g.b_range(j)
                    if i == col_done[j]:
                        top = None if i == 0 else client.scatter(rowbuf[b0:b1 + 1].copy())
                    else:
                        top = edges[i - 1, j][0]
                    if j == row_done[i]:
                        left = None if j == 0 else client.scatter(colbuf[r0:r1 + 1].copy())
                    else:
                        left = edges[i, j - 1][1]
                    lo, hi = g.diagonal(i, j, n_diag)
                    fut = client.submit(_run_block, n_red, n_black, tile, *g.ti(i), *g.tj(j),
                                        top, left, n_diag if hi > lo else 0, pure=False,
                                        key=f"redblack-block-{i}-{j}-{token}")
                    futures[fut.key] = (i, j, fut)
                    edges[i, j] = [client.submit(getitem, fut, 0, pure=False),
                                   client.submit(getitem, fut, 1, pure=False)]

        def apply_ready():
            """Move finished big tiles into the frontier, in staircase order."""
            nonlocal done
            moved = True
            while moved:
                moved = False
                for (i, j), (bottom, right, dseg) in list(pending.items()):
                    if col_done[j] == i and row_done[i] == j:
                        r0, r1 = g.r_range(i)
                        b0, b1 = g.b_range(j)
                        rowbuf[b0:b1 + 1] = bottom
                        colbuf[r0:r1 + 1] = right
                        lo, hi = g.diagonal(i, j, n_diag)
                        if hi > lo:
                            diag[lo:hi] = dseg[lo - r0:hi - r0]
                        col_done[j] += 1
                        row_done[i] += 1
                        done += cells[i, j]
                        bar.update(cells[i, j])
                        del pending[i, j]
                        moved = True

        def frontier(complete=False):
            return ({"complete": complete, "seconds": seconds0 + time.monotonic() - t_start,
                     "cells": done, "blocks_done": int(col_done.sum()),
                     "blocks": g.rows * g.cols},
                    {"rowbuf": rowbuf, "colbuf": colbuf, "diag": diag,
                     "col_done": col_done, "row_done": row_done})

        def stop_on_signal():
            client.cancel(held())
            futures.clear()
            edges.clear()
            bar.close()
            ck.save(*frontier())
            ck.finish_interrupted()

        try:
            with ck:
                submit_graph()
                tasks = len(futures)
                if ck.stop_signal is not None:
                    stop_on_signal()
                for fut in as_completed([f for _, _, f in futures.values()]):
                    i, j, _ = futures.pop(fut.key)
                    pending[i, j] = fut.result()
                    fut.release()
                    # the edges this tile read are not needed any more, nor its own
                    # edges that no tile reads (the last row's bottom, the last column's right)
                    release_edge((i - 1, j), 0)
                    release_edge((i, j - 1), 1)
                    if i == g.rows - 1:
                        release_edge((i, j), 0)
                    if j == g.cols - 1:
                        release_edge((i, j), 1)
                    apply_ready()
                    if futures and ck.due():
                        if ck.stop_signal is not None:
                            stop_on_signal()
                        ck.save(*frontier())
                ck.save(*frontier(complete=True))
                if ck.stop_signal is not None:
                    bar.close()
                    ck.finish_interrupted()
        finally:
            bar.close()
            if futures or edges:  # interrupted or failed: stop what is still queued
                client.cancel(held())
                futures.clear()
                edges.clear()
        if int(col_done.sum()) != g.rows * g.cols:
            raise RuntimeError("the Dask sweep ended with big tiles missing")
        return SweepResult(float(colbuf[n_red]), diag, "dask",
                           seconds0 + time.monotonic() - t_start, tasks)
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
    tasks = _tasks(n_red, n_black, tile, block)
    budget.check(budget.Estimate(f"cluster_estimate({n_red}, {n_black}, workers={workers}, block={block})",
                                 tasks * SECONDS_PER_SIMULATED_TASK, tasks * 600.0 + workers * 32.0,
                                 f"{tasks:.3g} big tiles simulated at {1 / SECONDS_PER_SIMULATED_TASK:g} per s"))
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
    tile = check_int("tile", kwargs.get("tile", 2048), 8, 1 << 16)
    block = kwargs.get("block")
    if block is not None:
        block = check_int("block", block, tile, 1 << 40)
    spent = [0.0]

    def simulated(workers):
        """One simulated schedule, after checking the search's running cost against the budget."""
        b = block if block is not None else default_block(n_red, n_black, tile, workers)
        tasks = _tasks(n_red, n_black, tile, b)
        spent[0] += tasks * SECONDS_PER_SIMULATED_TASK
        budget.check(budget.Estimate(
            f"workers_for({n_red}, {n_black}, hours={hours:g})", spent[0], tasks * 600.0,
            f"the simulated schedules so far and one of {tasks:.3g} big tiles for {workers} workers, "
            f"at {1 / SECONDS_PER_SIMULATED_TASK:g} big tiles per s"))
        return cluster_estimate(n_red, n_black, workers, rate, **kwargs)

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
