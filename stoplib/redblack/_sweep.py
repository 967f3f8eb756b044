"""What every sweep of the red/black square shares (private): the tile size, the progress
estimate, and the result of the Dask and CUDA sweeps.

The recursion ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))`` of
document 000's "Problem 14" (:mod:`stoplib.redblack.rules`) is swept by tiles in
:mod:`.solver` (in process), :mod:`.distributed` (Dask) and :mod:`.gpu` (CUDA); they
import these from here so that none imports another.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["DEFAULT_TILE", "PROGRESS_CELLS", "SweepResult"]

#: Tile side of the tiled kernel: large enough that the per-diagonal overhead is
#: small, small enough that a tile anti-diagonal at n = 100,000 has ~25 tiles
#: for two threads (``benchmarks/bench_redblack.py --tune``).
DEFAULT_TILE = 2048
#: Sweeps with more cell updates than this show a progress bar.
PROGRESS_CELLS = 2e10


@dataclass(frozen=True)
class SweepResult:
    """One sweep of the square by the Dask or CUDA path.

    Attributes
    ----------
    value : float
        ``V(n_red, n_black)``.
    diag : numpy.ndarray
        ``V(i, i)`` for ``i < n_diag`` (empty unless asked for).
    method : str
        ``"dask"`` or ``"cuda"``.
    seconds : float
        Wall-clock seconds of the sweep, summed over the sessions of a
        resumed run.
    tasks : int
        Dask tasks (big tiles) or CUDA kernel launches run by this call.
    """

    value: float
    diag: np.ndarray
    method: str
    seconds: float
    tasks: int


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
    boundary, :func:`stoplib.redblack.rules.sum_live_cells_estimate`)."""

    def __init__(self, n_red: int, n_black: int, tile: int):
        stride = max(1, n_red // 4096)
        r = np.arange(1, n_red + 1, stride, dtype=np.float64)
        self.weight = np.full(len(r), float(stride))
        if len(r):
            self.weight[-1] = n_red - r[-1] + 1.0
        self.width = np.minimum(float(n_black), r + 1.2 * np.sqrt(r) + 2.0)
        self.ti = np.floor((r - 1.0) / tile)
        self.tile = float(tile)
        self.total = float(np.dot(self.weight, self.width))

    def __call__(self, dt: int) -> float:
        cols = np.clip((dt - self.ti) * self.tile, 0.0, None)
        return float(np.dot(self.weight, np.minimum(self.width, cols)))
