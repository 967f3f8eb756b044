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
``"exact"``     the same recursion in ``fractions.Fraction``
                (:func:`stoplib.redblack.twins.value_exact`).

The numba kernels are in :mod:`stoplib.redblack._kernels`; this module
validates the input (:func:`stoplib.redblack.rules.check_counts`), refuses
requests beyond the limits (:func:`stoplib.redblack.rules.check_work`),
allocates the arrays and drives the tiled sweep (``_tiled``: chunks of tile
anti-diagonals under a progress bar). Float results of all methods agree to
1e-12 relative; "exact" is the reference.

Also here: the table and the policy (:func:`value_table`, :func:`policy_table`),
the cells the skipping kernels update (:func:`live_cells`) and a timing helper
(:func:`time_method`). The game's variants (omniscient player, the document's
fixed-1/2 mistake, the spreadsheet's holdings) are in
:mod:`stoplib.redblack.variants`.

Source
------
Document 000 (``shared/seeds/000_cd0610b35b05a9e7.txt``), gwern's write-up of
problem 14 with Han Zheng's spreadsheet, R, Haskell and C programs; the
methods above are the document's programs, from its R recursion to its tiled
C wavefront. Its printed numbers are in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..util.validate import check_choice, check_int
from ._kernels import _diagonal_sweep, _row_sweep, _table, _tiled_parallel, _tiled_serial
from .rules import check_counts, check_work
from .twins import value_exact, value_topdown

__all__ = [
    "METHODS", "DEFAULT_TILE", "PROGRESS_CELLS", "value", "balanced_values", "value_table",
    "policy_table", "stopping_boundary", "live_cells", "time_method", "MethodTiming",
]

METHODS = ("auto", "topdown", "row", "diagonal", "tiled", "exact")

#: Tile side of the tiled kernel: large enough that the per-diagonal overhead is
#: small, small enough that a tile anti-diagonal at n = 100,000 has ~25 tiles
#: for two threads (``benchmarks/bench_redblack.py --tune``).
DEFAULT_TILE = 2048
#: Sweeps with more cell updates than this show a progress bar.
PROGRESS_CELLS = 2e10


# ---------------------------------------------------------------------------
# The driver of the tiled wavefront
# ---------------------------------------------------------------------------
def _tiled(n_red: int, n_black: int, tile: int = DEFAULT_TILE, parallel: bool = True,
           fast: bool = True, n_diag: int = 0, boundary: bool = False,
           show_progress: bool | None = None, desc: str = "tiled sweep"):
    """Run the tiled wavefront.

    Returns ``(V(n_red, n_black), diag, bnd)``: ``diag[i] = V(i, i)`` for
    ``i < n_diag``; with ``boundary=True``, ``bnd[r]`` is the first ``b <= n_black``
    with ``V(r, b) = 0`` (-1 where the row has no zero up to ``n_black``).
    Large sweeps run in chunks of tile anti-diagonals under a progress bar.
    """
    rowbuf = np.zeros(n_black + 1)                     # V(0, b) = 0
    colbuf = np.arange(n_red + 1, dtype=np.float64)    # V(r, 0) = r
    diag_out = np.zeros(n_diag)
    bnd = np.full(n_red + 1 if boundary else 0, -1, dtype=np.int64)
    if boundary:
        bnd[0] = 0
    if n_red == 0:
        return 0.0, diag_out, bnd
    if n_black == 0:
        return float(n_red), diag_out, bnd
    kernel = _tiled_parallel if parallel else _tiled_serial
    n_dt = (n_red + tile - 1) // tile + (n_black + tile - 1) // tile - 1
    if show_progress is None:
        show_progress = float(n_red) * float(n_black) > PROGRESS_CELLS
    if not show_progress:
        kernel(n_red, n_black, tile, rowbuf, colbuf, diag_out, bnd, fast, 0, n_dt, 0)
    else:
        from ..workbook.progressbar import progress

        step = max(1, n_dt // 200)
        bar = progress(total=n_dt, desc=desc, unit="tile diagonal")
        i_lo = 0
        try:
            for start in range(0, n_dt, step):
                stop = min(n_dt, start + step)
                i_lo = kernel(n_red, n_black, tile, rowbuf, colbuf, diag_out, bnd, fast,
                              start, stop, i_lo)
                bar.update(stop - start)
        finally:
            bar.close()
    return float(colbuf[n_red]), diag_out, bnd


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------
def value(n_red: int, n_black: int, method: str = "auto"):
    """Expected payoff ``V(n_red, n_black)`` of optimal play.

    Parameters
    ----------
    n_red, n_black : int
        Red (+$1) and black (-$1) cards in the deck, ``>= 0``.
    method : {"auto", "topdown", "row", "diagonal", "tiled", "exact"}
        How to compute it (see the module docstring). ``"auto"`` uses
        ``"row"`` for small decks and the parallel ``"tiled"`` kernel
        otherwise. ``"exact"`` returns a :class:`fractions.Fraction`.

    Returns
    -------
    float or fractions.Fraction

    Raises
    ------
    TypeError
        If a count is not an int (bools and floats included).
    ValueError
        If a count is negative, ``method`` is unknown, or the computation
        would be absurdly long or large for this machine (the message says
        what it would need).

    Examples
    --------
    >>> round(value(26, 26), 9)
    2.624475549
    >>> value(26, 26, method="exact")
    Fraction(41984711742427, 15997372030584)
    """
    n_red, n_black = check_counts(n_red, n_black)
    check_choice("method", method, METHODS)
    if method == "auto":
        method = "row" if (n_red + 1) * (n_black + 1) <= 250_000 else "tiled"
    if method == "exact":
        return value_exact(n_red, n_black)
    if method == "topdown":
        return value_topdown(n_red, n_black)
    check_work(n_red, n_black, method, f"value({n_red}, {n_black}, method={method!r})")
    if method == "row":
        inv = 1.0 / np.arange(n_red + n_black + 1, dtype=np.float64).clip(1.0)
        return float(_row_sweep(n_red, n_black, np.empty(n_black + 1), inv))
    if method == "diagonal":
        prev = np.empty(n_red + 1)
        cur = np.empty(n_red + 1)
        return float(_diagonal_sweep(n_red, n_black, prev, cur, True))
    return _tiled(n_red, n_black)[0]


def balanced_values(n_max: int, tile: int = DEFAULT_TILE) -> np.ndarray:
    """``V(i, i)`` for every ``i = 0 .. n_max`` from one sweep.

    One tiled wavefront over the square ``[0..n_max]^2`` records the cells on
    the main diagonal as it passes them; memory is ``O(n_max)``: the sweep
    keeps one row edge and one column edge (``V`` along the last row of the
    tiles above and the last column of the tiles to the left) plus two short
    diagonals per tile in flight, never the square. Sweeps of more than
    ``PROGRESS_CELLS`` cells (n_max above about 140,000) show a tqdm progress
    bar (silenced by ``STOPLIB_PROGRESS=0``). About 1 s for n_max = 100,000
    and under a minute for 1,000,000 on this 2-core machine.

    Parameters
    ----------
    n_max : int
        Largest number of cards of each colour.
    tile : int
        Tile side (cells); the default was tuned on this 2-core machine
        (benchmarks/bench_redblack.py --tune).

    Returns
    -------
    numpy.ndarray of float64, shape (n_max + 1,)

    Examples
    --------
    >>> np.round(balanced_values(4), 6)
    array([0.      , 0.5     , 0.666667, 0.85    , 1.      ])
    """
    n_max = check_int("n_max", n_max, 0)
    tile = check_int("tile", tile, 8, 1 << 16)
    check_work(n_max, n_max, "tiled", f"balanced_values({n_max})")
    diag = _tiled(n_max, n_max, tile=tile, n_diag=n_max + 1, desc="balanced_values")[1]
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
    check_work(n_red, n_black, "table", f"value_table({n_red}, {n_black})")
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
    return value_table(n_red, n_black) > 0.0


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
    n_red = check_int("n_red", n_red, 0)
    width = n_red + 2 * int(math.isqrt(n_red)) + 8
    check_work(n_red, width, "tiled", f"stopping_boundary({n_red})")
    while True:
        # one tiled sweep of [0..n_red] x [0..width] records each row's first zero
        bnd = _tiled(n_red, width, boundary=True)[2]
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
    check_work(n_red, n_black, "tiled", f"live_cells({n_red}, {n_black})")
    return _live_from_boundary(_tiled(n_red, n_black, boundary=True)[2], n_black)


def _live_from_boundary(bnd: np.ndarray, n_black: int) -> int:
    """Interior live cells from a boundary recorded over ``[0..n_red] x [0..n_black]``
    (``-1``: the row has no zero up to ``n_black``, all its cells are live)."""
    b = np.asarray(bnd[1:], dtype=np.int64)
    per_row = np.where(b > 0, np.minimum(b, n_black + 1) - 1, n_black)
    return int(per_row.sum())


@dataclass(frozen=True)
class MethodTiming:
    """Wall-clock time of one method on one deck (median of ``repeats``)."""

    method: str
    n_red: int
    n_black: int
    seconds: float
    cells: int
    cells_per_second: float
    value: float
    repeats: int


def time_method(method: str, n_red: int, n_black: int, repeats: int = 1) -> MethodTiming:
    """Time ``value(n_red, n_black, method)`` (after one untimed warm-up call on a
    small deck, so compilation is not counted).

    ``cells`` counts the cell updates the method really does: the whole square
    for "topdown" and "exact", the cells outside the stop region for the
    skipping kernels ("row", "diagonal", "tiled").

    Examples
    --------
    >>> t = time_method("row", 50, 50)
    >>> t.method, t.cells > 0, t.seconds >= 0
    ('row', True, True)
    """
    from ..util.timing import median_time

    n_red, n_black = check_counts(n_red, n_black)
    check_choice("method", method, METHODS)
    repeats = check_int("repeats", repeats, 1, 1000)
    value(min(n_red, 30), min(n_black, 30), method=method)  # compile / load cache
    seconds, result = median_time(lambda: value(n_red, n_black, method=method), repeats)
    if method in ("topdown", "exact"):
        cells = (n_red + 1) * (n_black + 1)
    else:
        cells = live_cells(n_red, n_black)
    return MethodTiming(method, n_red, n_black, seconds, cells,
                        cells / seconds if seconds > 0 else float("inf"), float(result), repeats)
