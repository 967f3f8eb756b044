"""The red/black card game ("Problem 14") on a GPU: wavefronts of tiles in numba-cuda.

The recursion (:mod:`stoplib.redblack.rules`)::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))

The square is cut into tiles of ``tile_rows`` rows by ``tile_cols`` columns.
One kernel launch runs every tile of one tile anti-diagonal (they are
independent: each reads the bottom row of the tile above and the right column
of the tile to its left, and writes its own); launches follow each other on
the GPU's stream, so the host only enqueues them. Global memory holds only the
two edges (``O(n)``); a tile wholly in the stop region (the value left of its
last row is 0) returns at once, as in the CPU kernel. Two kernels sweep a tile:

``kernel="wavefront"`` (the default; :mod:`._gpu_wavefront`)
    One warp per tile of ``32 x strip`` rows: each lane holds a strip of ``strip``
    rows in registers and the warp sweeps a skewed wavefront, the value below a
    strip passing to the next lane by ``shfl_up_sync``; the reciprocals ``1/(r+b)``
    come from a table (one load per step, in a sliding window of registers), so no
    division is left in the loop. The host also stops launching the tiles that an
    earlier launch found dead. It is designed for 1e12 float64 cells/s and more on an
    H200 (see :data:`DESIGN`).
``kernel="systolic"`` (the first GPU kernel, kept to compare)
    One block of ``tile_rows`` threads per tile, thread ``i`` owning row ``r0 + i``,
    values passed through a two-slot shared-memory buffer with one ``syncthreads``
    per step and one division per cell; 2.5e11 cells/s on an H200
    (``data/redblack_gpu_runs.csv``).

Both compute every cell as ``(r (up + 1) + b (left - 1)) * inv`` with ``inv`` the
correctly rounded ``1/(r + b)`` (the systolic kernel divides per cell, the wavefront
reads the same doubles from its table) and ``max(v, 0)`` exactly, so they give the
same bits wherever the compiler contracts the same multiply-add (it does, in the
PTX of both: ``fma(left - 1, b, (up + 1) r)``); ``benchmarks/gpu_redblack_session.py``
checks it on the device.

:func:`cuda_sweep` gives the one sweep driver (:func:`stoplib.redblack._sweep.drive`,
shared with the in-process and Dask sweeps) its step: a step enqueues ``SYNC_EVERY``
launches and waits for them; the driver writes the checkpoint
(:mod:`stoplib.redblack.checkpoint`: the device edges copied back, at the interval, at
the end and on Ctrl-C/SIGTERM). ``method="cuda"`` of :func:`stoplib.redblack.value` and
:func:`stoplib.redblack.balanced_values` calls it with the wavefront kernel, and
``method="auto"`` does so for large decks when :func:`gpu_available` (a real device,
never numba's simulator).

Testing without a GPU: with ``NUMBA_ENABLE_CUDASIM=1`` set before numba is
imported, numba runs the same kernels in its CUDA simulator (threads in
Python: small decks only; the wavefront's warp shuffles are emulated with the
hardware's semantics, and its tiles may have fewer than 32 lanes there). The
simulator's arithmetic is plain IEEE double, so its values equal the CPU kernel's
exact (non-``fastmath``) path bit for bit (``tests/redblack/test_gpu.py``). On a real
GPU, NVVM contracts ``a*b + c`` into fused multiply-adds, so the last bits may
differ from the CPU's (about 1e-14 relative at ``n = 10^6``).

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
from ..util.validate import check_bool, check_choice, check_int, check_path, check_real
from . import _costs
from ._sweep import PROGRESS_CELLS, Sweep, SweepResult, _CellCount, drive
from .checkpoint import DEFAULT_INTERVAL, CheckpointError
from .rules import check_counts

__all__ = ["gpu_available", "simulated", "cuda_sweep", "recorded_gpu_runs", "KERNELS", "TILE_ROWS",
           "TILE_COLS", "STRIP", "CHAINS", "DESIGN"]

#: The GPU kernels of :func:`cuda_sweep` (the first is the default).
KERNELS = ("wavefront", "systolic")
#: Rows per strip (one lane's registers) of the wavefront kernel.
STRIP = 8
#: Independent chains of cells per lane (sub-strips a step apart) of the wavefront kernel.
CHAINS = 1
#: Rows per tile of the wavefront kernel: a warp of 32 lanes times ``STRIP``.
TILE_ROWS = 32 * STRIP
#: Columns per tile of the wavefront kernel: a tile takes ``TILE_COLS + 31 * CHAINS``
#: steps, so the skew costs 3%; wider tiles would leave too few tiles per launch
#: to fill the GPU at ``n = 10^6`` and cost more in the last wave of each launch.
TILE_COLS = 1024
#: Tiles (warps) per CUDA block of the wavefront kernel.
TILES_PER_BLOCK = 2
#: Threads per block = rows per tile of the systolic kernel, and its columns per tile
#: (a tile takes ``rows + cols - 1`` steps).
SYSTOLIC_ROWS, SYSTOLIC_COLS = 128, 1024
#: Kernel launches between two looks at the progress (a ``synchronize``): one step of the driver.
SYNC_EVERY = 256
#: Why the wavefront kernel should pass 1e12 float64 cells/s on an H200: read off the
#: sm_90 machine code of the default shape (``benchmarks/gpu_redblack_session.py --sass``:
#: numba 0.68.1, NVVM and ptxas 13.0), not yet measured on a GPU.
DESIGN = (
    "One step of a lane (the 8 cells of its strip in one column) is 87 instructions on a tile off the "
    "diagonal, 41 of them float64: per cell DADD up+1, DADD left-1, DMUL r(up+1), DFMA, DMUL by 1/k "
    "(5, i.e. 6 flops), plus a DADD a step for b; max(v, 0) is SHF and 2 LOP3 on the integer units; no "
    "division (the reciprocals come from a table, one load a step). So a warp-cell costs 10.9 issue "
    "slots and 10.25 float64-pipe cycles (16 float64 lanes a scheduler): an SM peaks near 128 / 10.9 "
    "= 11.7 cells a clock, 3.1e12 cells/s on 132 SMs at 1.98 GHz (the 6 flops a cell then reach 55% "
    "of the 34 TFLOPS peak). 94 registers a thread, no spills: 10 blocks of 2 warps, 20 warps an SM, "
    "5 a scheduler; a step's chain of 8 dependent cells (DADD, DMUL, DFMA, DMUL, SHF, LOP3: about 40 "
    "cycles each) issues its 87 instructions over about 350 cycles, so 4 warps keep a scheduler busy. "
    "1e12 cells/s is a third of that ceiling, leaving room for the skew of each tile (3%), the last "
    "wave of each launch (10-15%) and the latency not hidden.")


@lru_cache(maxsize=16)
def _kernel(kind: str, *shape):
    """A kernel, compiled once per shape: ``("systolic", tile_rows, tile_cols)``
    (:func:`._gpu_kernels.make_tile_diagonal`), ``("wavefront", lanes, strip, chains,
    tiles_per_block, relu)`` (:func:`._gpu_wavefront.make_wavefront`) or ``("reciprocals",)``."""
    if kind == "systolic":
        from ._gpu_kernels import make_tile_diagonal

        return make_tile_diagonal(*shape)
    from . import _gpu_wavefront

    if kind == "reciprocals":
        return _gpu_wavefront.make_reciprocals()
    return _gpu_wavefront.make_wavefront(*shape)


#: How each wavefront shape ``(lanes, strip, chains)`` computes ``max(v, 0)``: "bits" or
#: "select" (after the error that made the intrinsic fail), for the benchmark's report.
RELU_USED: dict = {}


def _wavefront_kernel(lanes: int, strip: int, chains: int):
    """The wavefront kernel with ``max(v, 0)`` on the integer units, or, if this numba
    cannot build that intrinsic, as a plain conditional (the same values)."""
    shape = (lanes, strip, chains)
    if not RELU_USED.get(shape, "").startswith("select ("):  # not yet failed: try the intrinsic
        try:
            kernel = _kernel("wavefront", *shape, TILES_PER_BLOCK, "bits")
            RELU_USED[shape] = "select, in the simulator" if simulated() else "bits"
            return kernel
        except Exception as err:  # noqa: BLE001 (an older or newer numba-cuda: fall back, same arithmetic)
            RELU_USED[shape] = f"select ({type(err).__name__}: {str(err)[:200]})"
    return _kernel("wavefront", *shape, TILES_PER_BLOCK, "select")


def _launch(kernel, tile_rows, n_red, n_black, dt, n_ti, n_tj, d_row, d_col, d_diag, n_diag) -> None:
    """Enqueue the launch of tile anti-diagonal ``dt``: one CUDA block per tile on it."""
    i_first, i_last = max(0, dt - n_tj + 1), min(n_ti - 1, dt)
    kernel[i_last - i_first + 1, tile_rows](n_red, n_black, dt, i_first, d_row, d_col, d_diag, n_diag)


class _CudaSweep(Sweep):
    """The systolic kernel on the GPU: the frontier (``rowbuf``, ``colbuf``, ``diag``) lives in
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
        self._kernel = _kernel("systolic", self.tile_rows, self.tile_cols)
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


#: ``lo[slot]`` before a launch: no live tile seen (the kernel lowers it with ``atomic.min``).
_NO_TILE = np.iinfo(np.int64).max


def _launch_wavefront(kernel, sweep, dt, i_first, i_last, slot) -> None:
    """Enqueue the wavefront kernel on the tiles ``i_first .. i_last`` of tile anti-diagonal ``dt``."""
    d_row, d_col, d_diag = sweep._device
    m = i_last - i_first + 1
    kernel[-(-m // TILES_PER_BLOCK), sweep.lanes * TILES_PER_BLOCK](
        sweep.n_black, dt, i_first, m, sweep.tile_cols, d_row, d_col, d_diag, sweep.n_diag, sweep._rcp, sweep._lo,
        slot)


class _WavefrontSweep(_CudaSweep):
    """The wavefront kernel on the GPU (:mod:`._gpu_wavefront`). As :class:`_CudaSweep`,
    plus: the rows are swept in whole tiles (the rows past ``n_red`` hold ``V`` of a larger
    deck, which no cell of the asked square reads, so no lane needs a test), the table of
    reciprocals is filled on the device, and each launch records its first live tile row:
    after a step's ``SYNC_EVERY`` launches, the tile rows before the last launch's first
    live one are dead on every later tile anti-diagonal too (a dead tile's right neighbour
    sees the same 0 on its left), so they are not launched again. Skipping them changes
    no bit: a dead tile writes nothing."""

    desc = "cuda wavefront"

    def __init__(self, n_red, n_black, n_diag, tile_rows, tile_cols, strip, chains):
        super().__init__(n_red, n_black, n_diag, tile_rows, tile_cols)
        self.lanes, self.strip, self.chains = tile_rows // strip, strip, chains
        self.params = {"sweep": "cuda-wavefront", "n_red": n_red, "n_black": n_black, "tile_rows": tile_rows,
                       "tile_cols": tile_cols, "strip": strip, "chains": chains, "n_diag": n_diag}
        self.rows = self.n_ti * tile_rows
        self.arrays["colbuf"] = np.arange(self.rows + 1, dtype=np.float64)
        self.i_lo = 0  # tile rows before it are dead for every tile anti-diagonal from self.dt on

    def start(self, stopping) -> None:
        from numba import cuda

        super().start(stopping)
        self._kernel = _wavefront_kernel(self.lanes, self.strip, self.chains)
        # the largest k a lane reads: its window runs strip + 1 past the last step's cells
        self._rcp = cuda.device_array(self.rows + self.n_black + self.tile_rows + self.lanes * self.chains
                                      + 2 * self.strip + 8)
        threads = 32 if simulated() else 256
        _kernel("reciprocals")[max(1, min(4096, self._rcp.size // (threads * 64))), threads](self._rcp)
        self._lo = cuda.to_device(np.full(SYNC_EVERY, _NO_TILE, dtype=np.int64))

    def step(self) -> None:
        self._lo.copy_to_device(np.full(SYNC_EVERY, _NO_TILE, dtype=np.int64))
        last = None
        with quiet_low_occupancy():  # the wavefront's short ends launch few blocks, by nature
            for slot in range(min(SYNC_EVERY, self.n_dt - self.dt)):
                i_first = max(self.dt - self.n_tj + 1, 0, self.i_lo)
                i_last = min(self.n_ti - 1, self.dt)
                if i_first <= i_last:
                    _launch_wavefront(self._kernel, self, self.dt, i_first, i_last, slot)
                    self.launches += 1
                    last = (slot, i_last)
                self.dt += 1
        lo = self._lo.copy_to_host()  # waits for the launches
        if last is not None:
            slot, i_last = last
            self.i_lo = max(self.i_lo, int(lo[slot]) if lo[slot] != _NO_TILE else i_last + 1)

    def value(self) -> float:
        return float(self.arrays["colbuf"][self.n_red])


def cuda_sweep(n_red: int, n_black: int, n_diag: int = 0, tile_rows: int | None = None,
               tile_cols: int | None = None, checkpoint=None,
               checkpoint_every: float = DEFAULT_INTERVAL, show_progress: bool | None = None, *,
               kernel: str = "wavefront", strip: int | None = None, chains: int | None = None):
    """Sweep ``[0..n_red] x [0..n_black]`` on the GPU (or numba's CUDA simulator).

    Parameters
    ----------
    n_red, n_black : int
        The deck (the sweep gives ``V(n_red, n_black)``).
    n_diag : int
        Also return ``V(i, i)`` for ``i < n_diag`` (``<= n_red + 1``).
    tile_rows : int or None
        Rows per tile. "wavefront": ``lanes x strip`` with ``lanes`` (threads per tile)
        32 on a GPU, or 1, 2, 4, 8, 16 or 32 in numba's simulator; None:
        :data:`TILE_ROWS`. "systolic": threads per CUDA block, 1..1024; None: 128.
    tile_cols : int or None
        Columns per tile, 1..2**20; None: :data:`TILE_COLS` (1024 for both kernels).
    checkpoint, checkpoint_every
        A resumable run, as in :func:`stoplib.redblack.balanced_values`.
    show_progress : bool or None
        A tqdm bar in cells (None: for big sweeps or with a checkpoint).
    kernel : {"wavefront", "systolic"}
        The GPU kernel (see the module docstring); both give the same values.
    strip : int or None
        "wavefront": rows per lane, 1..32, dividing ``tile_rows`` (None: :data:`STRIP`).
    chains : int or None
        "wavefront": independent sub-strips per lane, dividing ``strip`` (None: :data:`CHAINS`).

    Returns
    -------
    stoplib.redblack.SweepResult
        ``value``, ``diag``, ``method="cuda"``, ``seconds``, ``tasks`` (kernel launches).

    Raises
    ------
    ValueError
        If there is no CUDA device and the simulator is off, an argument is out of its
        range, or a wavefront tile has other than 32 lanes on a real GPU.

    Examples
    --------
    >>> if gpu_available() or simulated():
    ...     r = cuda_sweep(26, 26, tile_rows=8, tile_cols=8, strip=2)
    ...     print(round(r.value, 9))
    ... else:
    ...     print(2.624475549)
    2.624475549
    """
    n_red, n_black = check_counts(n_red, n_black)
    n_diag = check_int("n_diag", n_diag, 0, n_red + 1)
    kernel = check_choice("kernel", kernel, KERNELS)
    tile_cols = check_int("tile_cols", TILE_COLS if tile_cols is None else tile_cols, 1, 1 << 20)
    tile_rows, strip, chains = _check_shape(kernel, tile_rows, strip, chains)
    if checkpoint is not None:
        checkpoint = check_path("checkpoint", checkpoint, kind="file")
    checkpoint_every = check_real("checkpoint_every", checkpoint_every, 0.0)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    return _cuda(n_red, n_black, n_diag, tile_rows, tile_cols, checkpoint, checkpoint_every, show_progress,
                 kernel, strip, chains)


def _check_shape(kernel: str, tile_rows, strip, chains) -> tuple:
    """``(tile_rows, strip, chains)`` of one kernel, checked, with their defaults."""
    if kernel == "systolic":
        for name, v in (("strip", strip), ("chains", chains)):
            if v is not None:
                raise ValueError(f"{name} is for kernel='wavefront', got {name}={v!r} with kernel='systolic'")
        return check_int("tile_rows", SYSTOLIC_ROWS if tile_rows is None else tile_rows, 1, 1024), 1, 1
    strip = check_int("strip", STRIP if strip is None else strip, 1, 32)
    chains = check_int("chains", CHAINS if chains is None else chains, 1, strip)
    if strip % chains:
        raise ValueError(f"chains must divide strip ({strip}), got {chains}")
    tile_rows = check_int("tile_rows", 32 * strip if tile_rows is None else tile_rows, strip, 32 * strip)
    lanes = tile_rows // strip
    if tile_rows % strip or lanes & (lanes - 1):
        raise ValueError(f"tile_rows must be strip ({strip}) times 1, 2, 4, 8, 16 or 32 lanes, got {tile_rows}")
    return tile_rows, strip, chains


def _cuda(n_red, n_black, n_diag, tile_rows, tile_cols, checkpoint, checkpoint_every, show_progress,
          kernel="wavefront", strip=STRIP, chains=CHAINS) -> SweepResult:
    """:func:`cuda_sweep` of checked arguments: the device, the budget, the driver."""
    check_cuda()
    in_simulator = simulated()
    if kernel == "wavefront" and tile_rows != 32 * strip and not in_simulator:
        raise ValueError(f"a wavefront tile has 32 lanes on a GPU: tile_rows must be 32 * strip = {32 * strip}, "
                         f"got {tile_rows}")
    budget.check(_costs.cuda_wavefront_cost(n_red, n_black, tile_rows, tile_cols, n_diag, in_simulator,
                                            checkpoint is None, kernel, strip, chains))
    if n_red == 0 or n_black == 0:
        return SweepResult(float(n_red if n_black == 0 else 0.0), np.zeros(n_diag), "cuda", 0.0, 0)
    if show_progress is None:
        show_progress = checkpoint is not None or float(n_red) * float(n_black) > PROGRESS_CELLS
    sweep = (_CudaSweep(n_red, n_black, n_diag, tile_rows, tile_cols) if kernel == "systolic" else
             _WavefrontSweep(n_red, n_black, n_diag, tile_rows, tile_cols, strip, chains))
    return drive(sweep, checkpoint, checkpoint_every, show_progress)


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
