"""The one resumable-sweep driver of the red/black square (private): every method's loop.

The recursion ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))`` of
document 000's "Problem 14" (:mod:`stoplib.redblack.rules`) is swept over the square
``[0..n_red] x [0..n_black]`` by tiles, in process (:mod:`.solver`), as a Dask graph
(:mod:`.distributed`) or on a CUDA GPU (:mod:`.gpu`). What is the same for the three is
here, once: :func:`drive` resumes from a checkpoint, runs the sweep's steps under a
progress bar in cells, writes the frontier atomically at an interval, at the end and on
SIGINT/SIGTERM (then re-raises the signal), and builds the :class:`SweepResult`. A method
supplies only a :class:`Sweep`: its parameters, its frontier arrays, and ``step`` (compute
the next tiles). None of the three imports another; they import this.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from .checkpoint import DEFAULT_INTERVAL, Checkpointer, CheckpointError

__all__ = ["DEFAULT_TILE", "PROGRESS_CELLS", "SweepResult"]

#: Tile side of the tiled kernel: large enough that the per-diagonal overhead is
#: small, small enough that a tile anti-diagonal at n = 100,000 has ~25 tiles
#: for two threads (``benchmarks/bench_redblack.py --tune``).
DEFAULT_TILE = 2048
#: Sweeps with more cell updates than this show a progress bar.
PROGRESS_CELLS = 2e10


def _no_boundary() -> np.ndarray:
    return np.zeros(0, dtype=np.int64)


@dataclass(frozen=True)
class SweepResult:
    """One sweep of the square (methods "tiled", "dask", "cuda").

    Attributes
    ----------
    value : float
        ``V(n_red, n_black)``.
    diag : numpy.ndarray
        ``V(i, i)`` for ``i < n_diag`` (empty unless asked for).
    method : str
        ``"tiled"``, ``"dask"`` or ``"cuda"``.
    seconds : float
        Wall-clock seconds of the sweep, summed over the sessions of a
        resumed run.
    tasks : int
        Steps run by this call: chunks of tile anti-diagonals ("tiled"), Dask
        tasks (big tiles) or CUDA kernel launches; 0 when a finished checkpoint
        answered.
    boundary : numpy.ndarray of int64
        Each row's first zero, ``boundary[r] = min{b : V(r, b) = 0}`` (-1 where
        the row has none up to ``n_black``); empty unless the tiled sweep was
        asked for it.
    """

    value: float
    diag: np.ndarray
    method: str
    seconds: float
    tasks: int
    boundary: np.ndarray = field(default_factory=_no_boundary)


class Sweep:
    """What a method gives :func:`drive`: the computation, its frontier, and its step.

    A subclass sets ``method``, ``params`` (what the sweep computes; a checkpoint must
    match them), ``arrays`` (the frontier: ``rowbuf``, ``colbuf``, ``diag`` and the
    method's own) and ``total_cells``, and implements :meth:`done`, :meth:`step`,
    :meth:`cells` and :meth:`progress`; the other hooks default to nothing.
    """

    method = ""
    desc = "sweep"
    params: dict = {}
    total_cells = 0.0

    # -- the method's step ---------------------------------------------------------
    def done(self) -> bool:
        """Whether every tile is computed."""
        raise NotImplementedError

    def step(self) -> None:
        """Compute the next tiles (about a second of work, or one finished task)."""
        raise NotImplementedError

    def cells(self) -> float:
        """Estimated cells done so far (for the bar and the checkpoint)."""
        raise NotImplementedError

    def progress(self) -> dict:
        """Where the wavefront is (ints), written to the checkpoint and read by :meth:`restore`."""
        raise NotImplementedError

    # -- hooks with a default ------------------------------------------------------
    def restore(self, state, path) -> None:
        """Take the arrays and progress of a checkpoint (checked: a :class:`CheckpointError`
        if they do not fit this sweep)."""
        self.arrays = dict(state.arrays)

    def start(self, stopping) -> None:
        """Before the first step (Dask submits its graph; ``stopping()`` says a signal came)."""

    def frontier(self) -> dict:
        """The arrays to write (a GPU copies them back first)."""
        return self.arrays

    def cancel(self) -> None:
        """A signal came: stop what is queued (Dask cancels its futures)."""

    def finish(self) -> None:
        """After the last step (a GPU waits for its stream)."""

    def close(self) -> None:
        """Always, last (Dask releases what is left)."""

    @property
    def tasks(self) -> int:
        """Steps this call ran (see :attr:`SweepResult.tasks`)."""
        return getattr(self, "_tasks", 0)

    def value(self) -> float:
        """``V(n_red, n_black)``: the last entry of the right column."""
        return float(self.arrays["colbuf"][-1])


def drive(sweep: Sweep, checkpoint=None, every: float = DEFAULT_INTERVAL,
          show_progress: bool = False) -> SweepResult:
    """Run ``sweep`` to the end: resume, step, save, stop on a signal, return the result.

    With ``checkpoint`` (a path), a file there written for the same ``sweep.params``
    is resumed (or, if finished, answers at once with ``tasks = 0``); the frontier is
    written every ``every`` seconds, at the end, and when SIGINT or SIGTERM arrives
    (then the signal is re-raised: ``KeyboardInterrupt``, or the previous SIGTERM
    handler). Every bit of the result is the same whether the sweep ran in one go or
    was resumed: each tile is computed from the same inputs by the same code.
    """
    ck = Checkpointer(checkpoint, sweep.params, every)
    seconds0 = 0.0
    state = ck.load()
    if state is not None:
        sweep.restore(state, ck.path)
        seconds0 = float(state.progress.get("seconds") or 0.0)
        if state.progress.get("complete"):
            if not sweep.done():
                raise CheckpointError(f"checkpoint {ck.path} says complete, but its progress is not at the end")
            return _result(sweep, seconds0, 0)
    bar = _CellBar(sweep.total_cells, sweep.cells(), sweep.desc, show_progress)
    t_start = time.monotonic()

    def save(complete: bool = False) -> None:
        ck.save({**sweep.progress(), "complete": complete, "cells": sweep.cells(),
                 "seconds": seconds0 + time.monotonic() - t_start}, sweep.frontier())

    def stop_if_signalled() -> None:
        if ck.stop_signal is not None:
            sweep.cancel()
            bar.close()
            save()
            ck.finish_interrupted()

    steps = 0
    try:
        with ck:
            sweep.start(lambda: ck.stop_signal is not None)
            stop_if_signalled()
            while not sweep.done():
                before = sweep.cells()
                sweep.step()
                steps += 1
                bar.update(sweep.cells() - before)
                if not sweep.done() and ck.due():
                    stop_if_signalled()
                    save()
            sweep.finish()
            save(complete=True)
            if ck.stop_signal is not None:
                bar.close()
                ck.finish_interrupted()
    finally:
        bar.close()
        sweep.close()
    return _result(sweep, seconds0 + time.monotonic() - t_start, sweep.tasks or steps)


def _result(sweep: Sweep, seconds: float, tasks: int) -> SweepResult:
    arrays = sweep.frontier()
    return SweepResult(value=sweep.value(), diag=arrays["diag"], method=sweep.method, seconds=seconds,
                       tasks=int(tasks), boundary=arrays.get("bnd", _no_boundary()))


class _CellBar:
    """A tqdm bar counting (estimated, fractional) cells: ``update`` takes cells.

    The bar counts whole cells with SI prefixes ("13.9T/50.0T, 4.1Gcell/s");
    :func:`stoplib.workbook.progressbar.progress` takes an int ``total`` of at
    most 10**18, and the document's 133,787,000-card sweep has about 9e15 cells.
    """

    def __init__(self, total: float, done: float, desc: str, show: bool):
        from ..workbook.progressbar import progress

        self.shown = float(done)
        self.bar = progress(total=int(math.ceil(total)), initial=int(self.shown),
                            desc=desc, unit="cell", unit_scale=True, disable=None if show else True)
        self._at = int(self.shown)

    def update(self, cells: float) -> None:
        self.shown += cells
        step = int(self.shown) - self._at
        if step > 0:
            self.bar.update(step)
            self._at += step

    def close(self) -> None:
        self.bar.close()


class _CellCount:
    """Estimated live cells in the tiles ``I + J < dt`` (for the progress bar:
    cells done, cells per second, ETA). Rows are sampled; the live width of row
    ``r`` is taken as ``min(n_black, r + 1.2 sqrt(r) + 2)`` (the stop region's
    boundary, :func:`stoplib.redblack._costs.sum_live_cells_estimate`).
    ``tile_cols`` is the tiles' width when it differs from their height (CUDA)."""

    def __init__(self, n_red: int, n_black: int, tile: int, tile_cols: int | None = None):
        stride = max(1, n_red // 4096)
        r = np.arange(1, n_red + 1, stride, dtype=np.float64)
        self.weight = np.full(len(r), float(stride))
        if len(r):
            self.weight[-1] = n_red - r[-1] + 1.0
        self.width = np.minimum(float(n_black), r + 1.2 * np.sqrt(r) + 2.0)
        self.ti = np.floor((r - 1.0) / tile)
        self.tile = float(tile if tile_cols is None else tile_cols)
        self.total = float(np.dot(self.weight, self.width))

    def __call__(self, dt: int) -> float:
        cols = np.clip((dt - self.ti) * self.tile, 0.0, None)
        return float(np.dot(self.weight, np.minimum(self.width, cols)))
