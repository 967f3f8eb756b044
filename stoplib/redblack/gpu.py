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

:func:`cuda_sweep` gives the one sweep driver (:func:`stoplib.redblack._sweep.drive`,
shared with the in-process and Dask sweeps) its step: a step enqueues ``SYNC_EVERY``
launches and waits for them; the driver writes the checkpoint
(:mod:`stoplib.redblack.checkpoint`: the device edges copied back, at the interval, at
the end and on Ctrl-C/SIGTERM). ``method="cuda"`` of :func:`stoplib.redblack.value` and
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

from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.cuda import check_cuda, gpu_available, quiet_low_occupancy, simulated
from ..util.validate import check_bool, check_int, check_path, check_real
from . import _costs
from ._sweep import PROGRESS_CELLS, Sweep, SweepResult, _CellCount, drive
from .checkpoint import DEFAULT_INTERVAL, CheckpointError
from .rules import check_counts

__all__ = ["gpu_available", "simulated", "cuda_sweep", "recorded_gpu_runs", "TILE_ROWS", "TILE_COLS"]

#: Threads per CUDA block = rows per tile.
TILE_ROWS = 128
#: Columns per tile: a tile takes ``TILE_ROWS + TILE_COLS - 1`` steps, so a wide
#: tile keeps most threads busy (``TILE_COLS / (TILE_ROWS + TILE_COLS)``).
TILE_COLS = 1024
#: Kernel launches between two looks at the progress (a ``synchronize``): one step of the driver.
SYNC_EVERY = 256


@lru_cache(maxsize=8)
def _kernel(tile_rows: int, tile_cols: int):
    """The kernel for one tile shape (:func:`._gpu_kernels.make_tile_diagonal`)."""
    from ._gpu_kernels import make_tile_diagonal

    return make_tile_diagonal(tile_rows, tile_cols)


def _launch(kernel, tile_rows, n_red, n_black, dt, n_ti, n_tj, d_row, d_col, d_diag, n_diag) -> None:
    """Enqueue the launch of tile anti-diagonal ``dt``: one CUDA block per tile on it."""
    i_first, i_last = max(0, dt - n_tj + 1), min(n_ti - 1, dt)
    kernel[i_last - i_first + 1, tile_rows](n_red, n_black, dt, i_first, d_row, d_col, d_diag, n_diag)


class _CudaSweep(Sweep):
    """The wavefront on the GPU: the frontier (``rowbuf``, ``colbuf``, ``diag``) lives in
    device memory; a step enqueues ``SYNC_EVERY`` launches (one tile anti-diagonal each)
    and synchronises; :meth:`frontier` copies the edges back for the checkpoint."""

    method = "cuda"
    desc = "cuda sweep"

    def __init__(self, n_red, n_black, n_diag, tile_rows, tile_cols):
        self.n_red, self.n_black, self.n_diag = n_red, n_black, n_diag
        self.tile_rows, self.tile_cols = tile_rows, tile_cols
        self.n_ti, self.n_tj = -(-n_red // tile_rows), -(-n_black // tile_cols)
        self.n_dt = self.n_ti + self.n_tj - 1
        self.params = {"sweep": "cuda", "n_red": n_red, "n_black": n_black, "tile_rows": tile_rows,
                       "tile_cols": tile_cols, "n_diag": n_diag}
        self.arrays = {"rowbuf": np.zeros(n_black + 1), "colbuf": np.arange(n_red + 1, dtype=np.float64),
                       "diag": np.zeros(n_diag)}
        self.dt, self.launches, self._device = 0, 0, None
        self._count = _CellCount(n_red, n_black, tile_rows, tile_cols)
        self.total_cells = self._count.total

    def restore(self, state, path) -> None:
        state.require(path, {k: (v.dtype, v.size) for k, v in self.arrays.items()}, ("dt",))
        self.arrays = {k: state.arrays[k] for k in self.arrays}
        self.dt = state.progress["dt"]
        if self.dt > self.n_dt:
            raise CheckpointError(f"checkpoint {path} does not fit this sweep (dt = {self.dt} of {self.n_dt})")

    def start(self, stopping) -> None:
        from numba import cuda

        a = self.arrays
        self._kernel = _kernel(self.tile_rows, self.tile_cols)
        self._device = (cuda.to_device(a["rowbuf"]), cuda.to_device(a["colbuf"]),
                        cuda.to_device(a["diag"] if self.n_diag else np.zeros(1)))

    def done(self) -> bool:
        return self.dt >= self.n_dt

    def step(self) -> None:
        from numba import cuda

        with quiet_low_occupancy():  # the wavefront's short ends launch few blocks, by nature
            for _ in range(min(SYNC_EVERY, self.n_dt - self.dt)):
                _launch(self._kernel, self.tile_rows, self.n_red, self.n_black, self.dt, self.n_ti, self.n_tj,
                        *self._device, self.n_diag)
                self.launches += 1
                self.dt += 1
        cuda.synchronize()

    def cells(self) -> float:
        return self._count(self.dt)

    def progress(self) -> dict:
        return {"dt": self.dt, "n_dt": self.n_dt}

    def frontier(self) -> dict:
        if self._device is not None:
            d_row, d_col, d_diag = self._device
            d_row.copy_to_host(self.arrays["rowbuf"])
            d_col.copy_to_host(self.arrays["colbuf"])
            if self.n_diag:
                d_diag.copy_to_host(self.arrays["diag"])
        return self.arrays

    def finish(self) -> None:
        from numba import cuda

        cuda.synchronize()

    @property
    def tasks(self) -> int:
        return self.launches


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
    n_red, n_black = check_counts(n_red, n_black)
    n_diag = check_int("n_diag", n_diag, 0, n_red + 1)
    tile_rows = check_int("tile_rows", tile_rows, 1, 1024)
    tile_cols = check_int("tile_cols", tile_cols, 1, 1 << 20)
    if checkpoint is not None:
        checkpoint = check_path("checkpoint", checkpoint, kind="file")
    checkpoint_every = check_real("checkpoint_every", checkpoint_every, 0.0)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    return _cuda(n_red, n_black, n_diag, tile_rows, tile_cols, checkpoint, checkpoint_every, show_progress)


def _cuda(n_red, n_black, n_diag, tile_rows, tile_cols, checkpoint, checkpoint_every, show_progress) -> SweepResult:
    """:func:`cuda_sweep` of checked arguments: the device, the budget, the driver."""
    check_cuda()
    in_simulator = simulated()
    budget.check(_costs.cuda_sweep_cost(n_red, n_black, tile_rows, tile_cols, n_diag, in_simulator,
                                        checkpoint is None))
    if n_red == 0 or n_black == 0:
        return SweepResult(float(n_red if n_black == 0 else 0.0), np.zeros(n_diag), "cuda", 0.0, 0)
    if show_progress is None:
        show_progress = checkpoint is not None or float(n_red) * float(n_black) > PROGRESS_CELLS
    return drive(_CudaSweep(n_red, n_black, n_diag, tile_rows, tile_cols), checkpoint, checkpoint_every,
                 show_progress)


#: The columns of ``data/redblack_gpu_runs.csv``.
RUN_COLUMNS = ("what", "n", "seconds", "cells", "cells_per_s", "value", "cpu_value", "rel_diff", "note",
               "device", "host", "taken")


def recorded_gpu_runs(path=None):
    """The GPU runs a session lent a GPU recorded (``data/redblack_gpu_runs.csv``), checked.

    Written from the output of ``benchmarks/gpu_redblack_session.py`` (and one timing of
    ``n = 10,000,000`` run beside it): ``method="cuda"`` at 100,000, 1,000,000 and
    10,000,000 cards, the host's tiled sweep at 100,000, and the ``V(k, k)`` read from two
    whole sweeps, of 11,000,000 cards (252 s) and of 16,800,000 cards (575 s, run as two
    device calls, the second resumed from the first's checkpoint). Every row names its
    device and host. ``cpu_value`` is the CPU's value of the same ``V(n, n)`` where one
    exists (the tiled sweep of the same run, or ``data/redblack_frontier.csv``), and
    ``rel_diff`` their relative difference.

    Parameters
    ----------
    path : path or None
        The CSV file; None: ``data/redblack_gpu_runs.csv`` of the repository holding this package.

    Returns
    -------
    pandas.DataFrame
        One row per run or value, columns :data:`RUN_COLUMNS`.

    Raises
    ------
    stoplib.util.validate.MissingFileError
        If the file is missing.
    ValueError
        If its columns are not :data:`RUN_COLUMNS`, or a row's ``value`` and ``cpu_value``
        differ by more than its recorded ``rel_diff``.

    Examples
    --------
    >>> runs = recorded_gpu_runs()
    >>> bool((runs.dropna(subset=["cpu_value"]).rel_diff < 1e-12).all())
    True
    """
    from ..workbook.config import read_committed_csv

    runs = read_committed_csv("redblack_gpu_runs.csv", RUN_COLUMNS, path)
    both = runs.dropna(subset=["value", "cpu_value", "rel_diff"])
    rel = (both.value - both.cpu_value).abs() / both.cpu_value
    bad = both[rel > both.rel_diff * 1.05 + 1e-17]  # rel_diff may be the largest over every V(i, i) compared
    if len(bad):
        raise ValueError(f"{path or 'data/redblack_gpu_runs.csv'}: row(s) {bad.index.tolist()} differ from the CPU "
                         "by more than their rel_diff")
    return runs
