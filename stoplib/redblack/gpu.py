"""The red/black card game ("Problem 14") on a GPU: a systolic wavefront of tiles in numba-cuda.

The recursion (:mod:`stoplib.redblack.rules`)::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))

The square is cut into tiles of ``tile_rows`` rows by ``tile_cols`` columns.
One kernel launch runs every tile of one tile anti-diagonal (they are
independent: each reads the bottom row of the tile above and the right column
of the tile to its left, and writes its own); launches follow each other on
the GPU's stream, so the host only enqueues them. Inside a tile, one CUDA
block of ``tile_rows`` threads sweeps *systolically*: thread ``i`` owns row
``r0 + i``, keeps its left neighbour ``V(r, b - 1)`` in a register, and at
step ``s`` computes column ``b0 + s - i`` from the value thread ``i - 1``
computed at step ``s - 1`` (passed through a two-slot shared-memory buffer,
one ``syncthreads`` per step). Thread 0 reads the row above the tile from
global memory, the last thread writes the tile's bottom row, and every
thread writes its row's last value (the right column). Global memory holds
only the two edges (``O(n)``); a tile wholly in the stop region (the value
left of its last row is 0) returns at once, as in the CPU kernel.

:func:`cuda_sweep` drives it (checkpoints as in :mod:`stoplib.redblack.checkpoint`:
the device edges are copied back and written at the interval, at the end and
on Ctrl-C/SIGTERM). ``method="cuda"`` of :func:`stoplib.redblack.value` and
:func:`stoplib.redblack.balanced_values` calls it, and ``method="auto"`` does
so for large decks when :func:`gpu_available` (a real device, never numba's
simulator).

Testing without a GPU: with ``NUMBA_ENABLE_CUDASIM=1`` set before numba is
imported, numba runs the same kernel in its CUDA simulator (threads in
Python: small decks only). The simulator's arithmetic is plain IEEE double, so
its values equal the CPU kernel's exact (non-``fastmath``) path bit for bit
(``tests/redblack/test_gpu.py``). On a real GPU, NVVM contracts ``a*b + c``
into fused multiply-adds, so the last bits may differ from the CPU's (about
1e-13 relative at ``n = 10^6``).

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14), section
"Faster?": "GPUs: small
local arithmetic calculations done in parallel with minimal control-flow or
long-range dependencies scream for a GPU implementation".
"""
from __future__ import annotations

import time
from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int, check_path, check_real
from .checkpoint import DEFAULT_INTERVAL, Checkpointer, CheckpointError
from .rules import check_counts, work_estimate

__all__ = ["gpu_available", "simulated", "cuda_sweep", "TILE_ROWS", "TILE_COLS"]

#: Threads per CUDA block = rows per tile.
TILE_ROWS = 128
#: Columns per tile: a tile takes ``TILE_ROWS + TILE_COLS - 1`` steps, so a wide
#: tile keeps most threads busy (``TILE_COLS / (TILE_ROWS + TILE_COLS)``).
TILE_COLS = 1024
#: Kernel launches between two looks at the progress (a ``synchronize``).
SYNC_EVERY = 256
#: numba's CUDA simulator runs every thread of a block as a Python thread: seconds per
#: thread started, and per thread-step (each thread of a tile takes ``tile_rows +
#: tile_cols - 1`` steps), on the 2-core Intel Xeon of ``stoplib.util.timing.machine()``,
#: 2026-11-23, while it was shared (load average about 10) (26/26 in 8 x 8 tiles: 1.4 s; 100/100 in 32 x 32: 6.6 s).
SIMULATOR_SECONDS_PER_THREAD = 1.1e-2
SIMULATOR_SECONDS_PER_STEP = 2.5e-5
#: Seconds per kernel launch on a real GPU (enqueue; NOT MEASURED, a nominal figure).
SECONDS_PER_LAUNCH = 1e-5


def simulated() -> bool:
    """True when numba's CUDA simulator is on (``NUMBA_ENABLE_CUDASIM=1``).

    Examples
    --------
    >>> isinstance(simulated(), bool)
    True
    """
    from numba import config

    return bool(config.ENABLE_CUDASIM)


def gpu_available() -> bool:
    """True when numba finds a real CUDA device (its simulator does not count).

    Examples
    --------
    >>> isinstance(gpu_available(), bool)
    True
    """
    if simulated():
        return False
    from numba import cuda

    try:
        return bool(cuda.is_available())
    except Exception:  # a broken driver is no GPU
        return False


@lru_cache(maxsize=8)
def _kernel(tile_rows: int, tile_cols: int):
    """The kernel for one tile shape (:func:`._gpu_kernels.make_tile_diagonal`)."""
    from ._gpu_kernels import make_tile_diagonal

    return make_tile_diagonal(tile_rows, tile_cols)


def _estimate(n_red, n_black, tile_rows, tile_cols, in_simulator, limit_time) -> budget.Estimate:
    """What a sweep would cost: on a GPU the cells at the nominal rate, in the simulator
    every thread-step of every tile (dead tiles included: an upper bound)."""
    est = work_estimate(n_red, n_black, "cuda")
    n_ti = -(-n_red // tile_rows)
    n_tj = -(-n_black // tile_cols)
    launches = float(n_ti + n_tj)
    if in_simulator:
        threads = float(n_ti) * float(n_tj) * tile_rows
        steps = threads * (tile_rows + tile_cols - 1.0)
        seconds = threads * SIMULATOR_SECONDS_PER_THREAD + steps * SIMULATOR_SECONDS_PER_STEP
        basis = (f"{threads:.3g} threads and {steps:.3g} thread-steps in numba's CUDA simulator at "
                 f"{SIMULATOR_SECONDS_PER_THREAD:g} s and {SIMULATOR_SECONDS_PER_STEP:g} s each")
    else:
        seconds = est.seconds + launches * SECONDS_PER_LAUNCH
        basis = f"{est.cells:.3g} cell updates at {est.basis}"
    return budget.Estimate(f"cuda_sweep({n_red}, {n_black})", seconds if limit_time else 0.0,
                           est.bytes, basis)


def cuda_sweep(n_red: int, n_black: int, n_diag: int = 0, tile_rows: int = TILE_ROWS,
               tile_cols: int = TILE_COLS, checkpoint=None,
               checkpoint_every: float = DEFAULT_INTERVAL, show_progress: bool | None = None):
    """Sweep ``[0..n_red] x [0..n_black]`` on the GPU (or numba's CUDA simulator).

    Parameters
    ----------
    n_red, n_black : int
        The deck (the sweep gives ``V(n_red, n_black)``).
    n_diag : int
        Also return ``V(i, i)`` for ``i < n_diag`` (``<= n_red + 1``).
    tile_rows : int
        Rows per tile = threads per CUDA block, 1..1024.
    tile_cols : int
        Columns per tile, >= 1.
    checkpoint, checkpoint_every
        A resumable run, as in :func:`stoplib.redblack.balanced_values`.
    show_progress : bool or None
        A tqdm bar in cells (None: for big sweeps or with a checkpoint).

    Returns
    -------
    stoplib.redblack.SweepResult
        ``value``, ``diag``, ``method="cuda"``, ``seconds``, ``tasks`` (kernel launches).

    Raises
    ------
    ValueError
        If there is no CUDA device and the simulator is off.

    Examples
    --------
    >>> if gpu_available() or simulated():
    ...     r = cuda_sweep(26, 26, tile_rows=8, tile_cols=8)
    ...     print(round(r.value, 9))
    ... else:
    ...     print(2.624475549)
    2.624475549
    """
    from ._sweep import PROGRESS_CELLS, SweepResult, _CellBar, _CellCount

    n_red, n_black = check_counts(n_red, n_black)
    n_diag = check_int("n_diag", n_diag, 0, n_red + 1)
    tile_rows = check_int("tile_rows", tile_rows, 1, 1024)
    tile_cols = check_int("tile_cols", tile_cols, 1, 1 << 20)
    if checkpoint is not None:
        checkpoint = check_path("checkpoint", checkpoint, kind="file")
    checkpoint_every = check_real("checkpoint_every", checkpoint_every, 0.0)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    in_simulator = simulated()
    if not (in_simulator or gpu_available()):
        raise ValueError("method='cuda' needs a CUDA GPU, and numba finds none "
                         "(numba.cuda.is_available() is False); set NUMBA_ENABLE_CUDASIM=1 "
                         "before numba is imported to run numba's (slow) CUDA simulator")
    est = _estimate(n_red, n_black, tile_rows, tile_cols, in_simulator, checkpoint is None)
    budget.check(budget.Estimate(est.what, est.seconds, est.bytes + 8.0 * n_diag, est.basis))
    t_start = time.monotonic()
    rowbuf = np.zeros(n_black + 1)
    colbuf = np.arange(n_red + 1, dtype=np.float64)
    diag = np.zeros(n_diag)
    if n_red == 0 or n_black == 0:
        return SweepResult(float(n_red if n_black == 0 else 0.0), diag, "cuda",
                           time.monotonic() - t_start, 0)
    from numba import cuda

    n_ti = -(-n_red // tile_rows)
    n_tj = -(-n_black // tile_cols)
    n_dt = n_ti + n_tj - 1
    params = {"sweep": "cuda", "n_red": n_red, "n_black": n_black, "tile_rows": tile_rows,
              "tile_cols": tile_cols, "n_diag": n_diag}
    ck = Checkpointer(checkpoint, params, checkpoint_every)
    dt, seconds0 = 0, 0.0
    state = ck.load()
    if state is not None:
        state.require(checkpoint, {"rowbuf": (np.float64, n_black + 1), "colbuf": (np.float64, n_red + 1),
                                   "diag": (np.float64, n_diag)}, ("dt",))
        rowbuf, colbuf, diag = (state.arrays[k] for k in ("rowbuf", "colbuf", "diag"))
        dt, seconds0 = state.progress["dt"], float(state.progress.get("seconds") or 0.0)
        if dt > n_dt:
            raise CheckpointError(f"checkpoint {checkpoint} does not fit this sweep (dt = {dt} of {n_dt})")
        if state.progress.get("complete"):
            return SweepResult(float(colbuf[n_red]), diag, "cuda", seconds0, 0)
    kernel = _kernel(tile_rows, tile_cols)
    d_row, d_col = cuda.to_device(rowbuf), cuda.to_device(colbuf)
    d_diag = cuda.to_device(diag if n_diag else np.zeros(1))
    cells = _CellCount(n_red, n_black, tile_rows)  # its tile rows are ours

    def done_cells(d):
        # tiles (I, J) with I + J < d: a row in tile row I has min(width, (d - I) tile_cols) done
        cols = np.clip((d - cells.ti) * tile_cols, 0.0, None)
        return float(np.dot(cells.weight, np.minimum(cells.width, cols)))

    done = done_cells(dt)
    if show_progress is None:
        show_progress = checkpoint is not None or float(n_red) * float(n_black) > PROGRESS_CELLS
    bar = _CellBar(cells.total, done, "cuda sweep", show_progress)
    launches = 0

    def frontier(complete=False):
        d_row.copy_to_host(rowbuf)
        d_col.copy_to_host(colbuf)
        if n_diag:
            d_diag.copy_to_host(diag)
        return ({"dt": dt, "n_dt": n_dt, "complete": complete, "cells": done,
                 "seconds": seconds0 + time.monotonic() - t_start},
                {"rowbuf": rowbuf, "colbuf": colbuf, "diag": diag})

    try:
        with ck:
            while dt < n_dt:
                i_first, i_last = max(0, dt - n_tj + 1), min(n_ti - 1, dt)
                kernel[i_last - i_first + 1, tile_rows](n_red, n_black, dt, i_first,
                                                        d_row, d_col, d_diag, n_diag)
                launches += 1
                dt += 1
                if launches % SYNC_EVERY == 0 or dt == n_dt:
                    cuda.synchronize()
                    now = done_cells(dt)
                    bar.update(now - done)
                    done = now
                    if dt < n_dt and ck.due():
                        ck.save(*frontier())
                        if ck.stop_signal is not None:
                            bar.close()
                            ck.finish_interrupted()
            cuda.synchronize()
            prog, arrays = frontier(complete=True)
            ck.save(prog, arrays)
            if ck.stop_signal is not None:
                bar.close()
                ck.finish_interrupted()
    finally:
        bar.close()
    return SweepResult(float(colbuf[n_red]), diag, "cuda", prog["seconds"], launches)
