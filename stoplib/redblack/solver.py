"""The red/black card game ("Problem 14"): exact and fast dynamic programming.

The game
--------
A deck holds ``r`` red cards (each pays +$1) and ``b`` black cards (each costs
-$1), shuffled uniformly. You turn cards over one at a time, without
replacement, and may stop at any moment (also before the first card) keeping
what you have won so far. What is the expected payoff of optimal play?

The recursion
-------------
Only the counts of cards left matter, so the value of the rest of the game,
net of what you already hold, is a function ``V(r, b)`` of two integers::

    V(0, b) = 0                     (only black cards left: stop)
    V(r, 0) = r                     (only red cards left: take them all)
    V(r, b) = max(0, r/(r+b) * (V(r-1, b) + 1) + b/(r+b) * (V(r, b-1) - 1))

The ``0`` in the ``max`` is stopping, the other term is drawing one more card.
Because ``V`` depends only on ``(r, b)``, one sweep over the square
``[0..N] x [0..N]`` gives ``V(i, i)`` for every ``i <= N`` at once.

The stop region is simple: for each ``r`` the cells with ``b >= boundary(r)``
are exactly 0, and ``boundary`` is non-decreasing in ``r`` (``V`` increases in
``r`` and decreases in ``b``). The fast kernels skip those cells, and whole
tiles of them.

Methods (``value(n_red, n_black, method=...)``)
------------------------------------------------
``"topdown"``   memoised recursion in plain Python (the teaching version).
``"row"``       bottom-up, row by row, one array of ``n_black + 1`` floats.
``"diagonal"``  bottom-up along anti-diagonals ``k = r + b`` (one reciprocal
                per diagonal, an inner loop that compiles to SIMD code).
``"tiled"``     a wavefront over square tiles, ``prange`` over the tiles of one
                tile anti-diagonal, each tile swept diagonally; cells and whole
                tiles inside the stop region are skipped. Memory ``O(N)``: only
                the edges of tiles are kept. The same sweep records ``V(i, i)``
                (:func:`balanced_values`) and each row's first zero
                (:func:`stopping_boundary`) as it passes them.
``"exact"``     the same recursion in ``fractions.Fraction``.

The fast inner loops come in two twins, ``_diag_update_exact`` (IEEE
arithmetic) and ``_diag_update_fast`` (``fastmath``); both compile to AVX-512
code on this machine (``kernel.inspect_asm`` shows ``vmaxpd`` on ``zmm``
registers) and the tests compare them. Float results of all methods agree
to 1e-12 relative; "exact" is the reference.

Also here: the table and policy (:func:`value_table`, :func:`policy_table`),
the omniscient player (:func:`omniscient_value`), the document's with-replacement
mistake (:func:`value_with_replacement`), the spreadsheet's own quantity
(:func:`holdings_table`, :func:`spreadsheet_comparison`) and its C program in
single precision (:func:`c_program_values`). The simulator and the asymptotics
live in :mod:`stoplib.redblack_sim` and :mod:`stoplib.redblack_asymptotics` and
are re-exported at the end.

Limits
------
Requests whose time (at the rates measured on this 2-core machine) would
exceed ``MAX_SECONDS`` or whose tables would exceed ``MAX_TABLE_GB`` are
refused with a message saying what they would need; "topdown" and "exact"
have their own caps (``MAX_TOPDOWN_CELLS``, ``MAX_EXACT_CELLS``).

Source
------
Document 000 (``shared/seeds/000_cd0610b35b05a9e7.txt``), gwern's write-up of
Timothy Falcon's / Nigel Coldwell's interview problem 14, with Han Zheng's
spreadsheet, R, Haskell and C programs. Its printed numbers are in
:mod:`stoplib.sources.doc000_redblack`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

import numpy as np
from numba import njit, prange

from .util.validate import check_choice, check_int

__all__ = [
    "METHODS", "value", "balanced_values", "value_table", "value_table_exact",
    "policy_table", "stopping_boundary", "omniscient_value",
    "omniscient_value_bruteforce", "value_with_replacement",
    "value_with_replacement_topdown", "holdings_table", "spreadsheet_comparison",
    "c_program_values", "work_estimate", "WorkEstimate", "SpreadsheetComparison",
    "live_cells", "time_method", "MethodTiming",
]

METHODS = ("auto", "topdown", "row", "diagonal", "tiled", "exact")

# ---------------------------------------------------------------------------
# Limits. Rates are cell updates per second measured on this project's 2-core
# AMD EPYC machine (benchmarks/bench_redblack.py); they are used only to say
# how long a refused request would have taken.
# ---------------------------------------------------------------------------
#: Longest computation (estimated seconds) a float method will start.
MAX_SECONDS = 1800.0
#: Largest array (GB) a table function will allocate.
MAX_TABLE_GB = 2.0
#: Top-down recursion memoises every state in a dict: cap the number of states.
MAX_TOPDOWN_CELLS = 2_000_000
#: Exact rationals grow to hundreds of digits: cap the cells of the table.
MAX_EXACT_CELLS = 250_000

RATES = {  # cell updates per second after compilation: medians of benchmarks/bench_redblack.py
    "topdown": 1.2e6,  # on the quiet 2-core AMD EPYC development machine
    "exact": 1.5e5,
    "row": 1.8e8,
    "diagonal": 9.7e9,
    "tiled": 1.5e10,
    "table": 3.0e8,
}

#: Tile side of the tiled kernel: large enough that the per-diagonal overhead is
#: small, small enough that a tile anti-diagonal at n = 100,000 has ~25 tiles
#: for two threads (``benchmarks/bench_redblack.py --tune``).
DEFAULT_TILE = 2048
#: Vector loops run over a multiple of PAD cells (4 x 8 doubles with AVX-512).
PAD = 32


@dataclass(frozen=True)
class WorkEstimate:
    """What a computation would cost: cell updates, seconds, memory."""

    method: str
    cells: float
    seconds: float
    memory_gb: float

    def describe(self) -> str:
        secs = self.seconds
        when = (f"{secs:.3g} s" if secs < 120 else
                f"{secs / 60:.3g} minutes" if secs < 7200 else
                f"{secs / 3600:.3g} hours" if secs < 172800 else f"{secs / 86400:.3g} days")
        return (f"about {self.cells:.3g} cell updates, {when} at the measured "
                f"{RATES[self.method]:.2g} updates/s of method {self.method!r} on this "
                f"2-core machine, and {self.memory_gb:.3g} GB of memory")


def work_estimate(n_red: int, n_black: int, method: str = "tiled") -> WorkEstimate:
    """Estimate cell updates, time and memory of one computation.

    The row, diagonal and tiled kernels skip the stop region (about half
    the square when ``n_black >= n_red``); "topdown", "exact" and "table"
    (:func:`value_table`) visit every cell.

    Examples
    --------
    >>> est = work_estimate(100_000, 100_000, "tiled")
    >>> est.cells < 1e10
    True
    """
    cells = float(n_red + 1) * float(n_black + 1)
    mem = 8.0 * (n_red + n_black + 2) / 1e9
    if method in ("row", "diagonal", "tiled"):
        # these skip the stop region: cells with b < boundary(r) ~ r + 1.2 sqrt(r)
        cells = sum_live_cells_estimate(n_red, n_black)
        if method == "tiled":
            mem = 8.0 * (2 * (n_red + n_black + 2)) / 1e9
    elif method in ("topdown", "exact"):
        mem = cells * (200e-9 if method == "topdown" else 400e-9)
    elif method == "table":
        mem = cells * 8.0 / 1e9
    return WorkEstimate(method, cells, cells / RATES[method], mem)


def sum_live_cells_estimate(n_red: int, n_black: int) -> float:
    """Rough count of the cells outside the stop region, ``b < r + 1.2 sqrt(r) + 2``."""
    r = np.linspace(0.0, float(n_red), 257)
    width = np.minimum(float(n_black), r + 1.2 * np.sqrt(r) + 2.0)
    return float(np.trapezoid(width, r)) + n_red + n_black + 1.0


def _check_counts(n_red, n_black):
    n_red = check_int("n_red", n_red, 0)
    n_black = check_int("n_black", n_black, 0)
    return n_red, n_black


def _check_work(n_red: int, n_black: int, method: str, what: str) -> None:
    est = work_estimate(n_red, n_black, method)
    if est.seconds > MAX_SECONDS:
        raise ValueError(
            f"{what} would need {est.describe()}; the limit is "
            f"stoplib.redblack.MAX_SECONDS = {MAX_SECONDS:g} s. Use smaller counts "
            f"(or raise MAX_SECONDS if you really mean it).")
    if est.memory_gb > MAX_TABLE_GB:
        raise ValueError(
            f"{what} would need {est.memory_gb:.3g} GB of memory ({est.describe()}); "
            f"the limit is stoplib.redblack.MAX_TABLE_GB = {MAX_TABLE_GB:g} GB.")


# ---------------------------------------------------------------------------
# Exact and teaching versions (plain Python)
# ---------------------------------------------------------------------------
def _value_topdown(n_red: int, n_black: int) -> float:
    """Memoised recursion, exactly as the recursion reads (float).

    The teaching version: ``v`` calls itself on the two successor states and a
    ``functools.cache`` dictionary remembers every state, so memory grows like
    ``(n_red + 1)(n_black + 1)`` entries (capped at ``MAX_TOPDOWN_CELLS``).
    To keep Python's recursion depth below about 130 frames, ``v`` is first
    asked for the corners of 64 x 64 blocks in increasing order; each call
    then recurses only into the block it opens.
    """
    cells = (n_red + 1) * (n_black + 1)
    if cells > MAX_TOPDOWN_CELLS:
        raise ValueError(
            f"method 'topdown' memoises every state: {cells} states for "
            f"({n_red}, {n_black}) is above MAX_TOPDOWN_CELLS = {MAX_TOPDOWN_CELLS} "
            f"(about {cells * 200 / 1e9:.2g} GB of dictionary, {cells / RATES['topdown']:.3g} s); "
            f"use method='row', 'diagonal' or 'tiled'")

    @cache
    def v(r: int, b: int) -> float:
        if r == 0:
            return 0.0
        if b == 0:
            return float(r)
        go = (r * (v(r - 1, b) + 1.0) + b * (v(r, b - 1) - 1.0)) / (r + b)
        return max(0.0, go)

    for r in [*range(0, n_red, 64), n_red]:
        for b in [*range(0, n_black, 64), n_black]:
            v(r, b)
    result = v(n_red, n_black)
    v.cache_clear()
    return result


def value_table_exact(n_red: int, n_black: int) -> np.ndarray:
    """The table of exact values ``V(r, b)`` as ``fractions.Fraction``.

    Parameters
    ----------
    n_red, n_black : int
        Largest counts; at most ``MAX_EXACT_CELLS`` cells in all.

    Returns
    -------
    numpy.ndarray of object, shape (n_red + 1, n_black + 1)
        ``out[r, b]`` is ``V(r, b)`` as a Fraction.

    Examples
    --------
    >>> value_table_exact(2, 2)[2, 2]
    Fraction(2, 3)
    """
    n_red, n_black = _check_counts(n_red, n_black)
    cells = (n_red + 1) * (n_black + 1)
    if cells > MAX_EXACT_CELLS:
        raise ValueError(
            f"an exact table of {n_red + 1} x {n_black + 1} = {cells} Fractions is above "
            f"MAX_EXACT_CELLS = {MAX_EXACT_CELLS} (numerators grow to hundreds of digits; "
            f"about {cells / RATES['exact']:.3g} s); use a float method")
    out = np.empty((n_red + 1, n_black + 1), dtype=object)
    zero = Fraction(0)
    for r in range(n_red + 1):
        for b in range(n_black + 1):
            if r == 0:
                out[r, b] = zero
            elif b == 0:
                out[r, b] = Fraction(r)
            else:
                go = (r * (out[r - 1, b] + 1) + b * (out[r, b - 1] - 1)) / (r + b)
                out[r, b] = go if go > 0 else zero
    return out


def _value_exact(n_red: int, n_black: int) -> Fraction:
    cells = (n_red + 1) * (n_black + 1)
    if cells > MAX_EXACT_CELLS:
        raise ValueError(
            f"method 'exact' needs {cells} Fraction cells, above MAX_EXACT_CELLS = "
            f"{MAX_EXACT_CELLS}; use a float method")
    row = [Fraction(0)] * (n_black + 1)  # row r = 0
    zero = Fraction(0)
    for r in range(1, n_red + 1):
        row[0] = Fraction(r)
        for b in range(1, n_black + 1):
            go = (r * (row[b] + 1) + b * (row[b - 1] - 1)) / (r + b)
            row[b] = go if go > 0 else zero
    return row[n_black]


# ---------------------------------------------------------------------------
# numba kernels
# ---------------------------------------------------------------------------
@njit(cache=True)
def _table(n_red, n_black, out, fixed_half=False):
    """Fill ``out[r, b] = V(r, b)`` row by row (plain reference kernel).

    ``fixed_half=True`` fills the document's mistaken model instead, where a
    red card comes with probability 1/2 whatever the counts.
    """
    for b in range(n_black + 1):
        out[0, b] = 0.0
    for r in range(1, n_red + 1):
        out[r, 0] = r
        for b in range(1, n_black + 1):
            w_red, w_black = (1.0, 1.0) if fixed_half else (r, b)  # weights of the two draws
            go = (w_red * (out[r - 1, b] + 1.0) + w_black * (out[r, b - 1] - 1.0)) / (w_red + w_black)
            out[r, b] = go if go > 0.0 else 0.0


@njit(cache=True)
def _row_sweep(n_red, n_black, row, inv):
    """Bottom-up row by row in one array (``row[b]`` holds ``V(r, b)``).

    ``inv[k] = 1 / k`` is tabulated once, so the loop has no division. Row
    ``r`` stops at its first zero: beyond it every cell of this row and of the
    previous row is 0 (the stop region), and ``row`` already holds zeros.
    Returns ``V(n_red, n_black)``.
    """
    for b in range(n_black + 1):
        row[b] = 0.0
    for r in range(1, n_red + 1):
        row[0] = r
        for b in range(1, n_black + 1):
            go = (r * (row[b] + 1.0) + b * (row[b - 1] - 1.0)) * inv[r + b]
            if go > 0.0:
                row[b] = go
            else:
                row[b] = 0.0
                break
    return row[n_black]


@njit(cache=True)
def _diag_update_exact(up, left, out, rf, bf, inv):
    # out[t] = max(0, (r (up+1) + b (left-1)) / k) along one anti-diagonal,
    # r = rf + t, b = bf - t, inv = 1/k
    for t in range(out.shape[0]):
        r = rf + t
        b = bf - t
        go = (r * (up[t] + 1.0) + b * (left[t] - 1.0)) * inv
        out[t] = go if go > 0.0 else 0.0


@njit(cache=True, fastmath=True)
def _diag_update_fast(up, left, out, rf, bf, inv):
    # identical to _diag_update_exact, compiled with fastmath so max() and the
    # float counters vectorise (tested against the exact twin)
    for t in range(out.shape[0]):
        r = rf + t
        b = bf - t
        go = (r * (up[t] + 1.0) + b * (left[t] - 1.0)) * inv
        out[t] = max(go, 0.0)


@njit(cache=True)
def _diagonal_sweep(n_red, n_black, prev, cur, fast):
    """Anti-diagonal sweep: diagonal ``k = r + b``, indexed by ``r``.

    ``prev`` and ``cur`` are two distinct arrays of length ``n_red + 1``
    (distinct arrays let LLVM vectorise the inner loop). Cells ``r < lo`` of
    a diagonal are known to lie in the stop region and are skipped.
    Returns ``V(n_red, n_black)``.
    """
    prev[0] = 0.0  # diagonal k = 0: the cell (0, 0)
    lo = 0         # cells r < lo of the current diagonal are 0
    for k in range(1, n_red + n_black + 1):
        r_lo = max(0, k - n_black)
        r_hi = min(n_red, k)
        # interior cells r in [a, c]: r >= 1, b = k - r >= 1
        a = max(r_lo, 1, lo)
        c = min(r_hi, k - 1)
        if a <= c:
            inv = 1.0 / k
            up = prev[a - 1:c]
            left = prev[a:c + 1]
            out = cur[a:c + 1]
            if fast:
                _diag_update_fast(up, left, out, float(a), float(k - a), inv)
            else:
                _diag_update_exact(up, left, out, float(a), float(k - a), inv)
        # boundary cells
        if r_lo == 0:
            cur[0] = 0.0          # (0, k): only black left
        if r_hi == k:
            cur[k] = k            # (k, 0): only red left
        if a > r_lo and a - 1 >= 0:
            cur[a - 1] = 0.0      # the cell below the first computed one is 0
        # advance lo over the zero prefix of this diagonal
        if lo < r_lo:
            lo = r_lo
        new_lo = max(lo, 1)
        while new_lo <= c and cur[new_lo] == 0.0:
            new_lo += 1
        if new_lo > lo and new_lo - 1 >= a:
            lo = new_lo
        tmp = prev
        prev = cur
        cur = tmp
    return prev[n_red]


# ------------------------------ tiled wavefront -----------------------------
@njit(cache=True)
def _tile(r0, b0, h, w, rowbuf, colbuf, diag_out, bnd, prev, cur, fast):
    """Sweep one tile: rows ``r0 .. r0+h-1``, columns ``b0 .. b0+w-1`` (r0, b0 >= 1).

    In: ``rowbuf[b] = V(r0 - 1, b)`` for the tile's columns and
    ``colbuf[r] = V(r, b0 - 1)`` for its rows. Out: ``rowbuf[b] = V(r0+h-1, b)``
    and ``colbuf[r] = V(r, b0+w-1)``. ``diag_out[r] = V(r, r)`` for the cells
    of the tile with ``r == b`` (if ``diag_out`` is long enough), and
    ``bnd[r]`` = the first ``b`` with ``V(r, b) == 0`` for the rows whose first
    zero lies in this tile (if ``bnd`` is long enough).

    Local anti-diagonal ``d = i + j`` (``i = r - r0``, ``j = b - b0``) is stored
    in ``cur[i + 1]``; ``cur[0]`` holds the cell above the tile in column
    ``b0 + d + 1`` and ``cur[d + 2]`` the cell left of the tile in row
    ``r0 + d + 1`` (the "extended" diagonal), so each diagonal reads
    ``up = prev[i]`` and ``left = prev[i + 1]``.
    """
    nd = len(diag_out)
    nb = len(bnd)
    # extended diagonal d = -1: i = -1 (row above, column b0) and i = 0 (left, row r0)
    prev[0] = rowbuf[b0]
    prev[1] = colbuf[r0]
    lo = 0  # rows i < lo of the current diagonal are known zero (stop region)
    for d in range(h + w - 1):
        i_lo = max(0, d - w + 1)
        i_hi = min(h - 1, d)
        a = max(i_lo, lo)
        if a <= i_hi:
            k = r0 + b0 + d
            inv = 1.0 / k
            # round the length up to a multiple of PAD so the vector loop has no
            # scalar remainder; the extra cells land in slots never read as data
            n_cells = (i_hi - a + 1 + PAD - 1) // PAD * PAD
            up = prev[a:a + n_cells]
            left = prev[a + 1:a + 1 + n_cells]
            out = cur[a + 1:a + 1 + n_cells]
            if fast:
                _diag_update_fast(up, left, out, float(r0 + a), float(b0 + d - a), inv)
            else:
                _diag_update_exact(up, left, out, float(r0 + a), float(b0 + d - a), inv)
        if a > i_lo:
            cur[a] = 0.0  # the known-zero cell a - 1, read as "up" next diagonal
        # record the main diagonal r == b: i - j = b0 - r0 => i = (d + b0 - r0) / 2
        s = d + b0 - r0
        if s >= 0 and s % 2 == 0:
            i = s // 2
            if i_lo <= i <= i_hi:
                rr = r0 + i
                if rr < nd:
                    diag_out[rr] = cur[i + 1] if i >= a else 0.0
        # write the tile's edges: bottom row (i = h - 1) and right column (j = w - 1)
        if i_hi == h - 1:
            rowbuf[b0 + d - (h - 1)] = cur[h] if h - 1 >= a else 0.0
        if i_lo == d - w + 1 and d - w + 1 >= 0:
            colbuf[r0 + i_lo] = cur[i_lo + 1] if i_lo >= a else 0.0
        # extended elements for the next diagonal d + 1
        if d + 1 < w:
            cur[0] = rowbuf[b0 + d + 1]
        if d + 1 < h:
            cur[d + 2] = colbuf[r0 + d + 1]
        # advance lo over this diagonal's zero prefix (rows fully in the stop region)
        if lo < i_lo:
            lo = i_lo
        # A row entering the prefix here has its first zero here: its left
        # neighbour was not zero (else the row would have entered earlier), or,
        # at the tile's left edge, the value left of the tile tells.
        m = a
        while m <= i_hi and cur[m + 1] == 0.0:
            if r0 + m < nb and (m < d or prev[m + 1] > 0.0):
                bnd[r0 + m] = b0 + d - m
            m += 1
        if m > lo:
            lo = m
        tmp = prev
        prev = cur
        cur = tmp


@njit(cache=True)
def _tile_range(n_red, n_black, tile, dt, colbuf, i_lo):
    """Tiles (I, dt - I) of tile anti-diagonal ``dt``: first live I and last I."""
    n_ti = (n_red + tile - 1) // tile
    n_tj = (n_black + tile - 1) // tile
    first = max(0, dt - n_tj + 1)
    last = min(n_ti - 1, dt)
    if i_lo < first:
        i_lo = first
    # dead tiles (whole tile in the stop region) are a prefix in I: the cell
    # left of the tile's last row is already 0
    while i_lo <= last:
        tj = dt - i_lo
        r_last = min(n_red, (i_lo + 1) * tile)
        if tj > 0 and colbuf[r_last] == 0.0:
            i_lo += 1
        else:
            break
    return i_lo, last


@njit(cache=True)
def _tile_body(n_red, n_black, tile, dt, ti, rowbuf, colbuf, diag_out, bnd, fast):
    tj = dt - ti
    r0 = 1 + ti * tile
    b0 = 1 + tj * tile
    h = min(tile, n_red - r0 + 1)
    w = min(tile, n_black - b0 + 1)
    prev = np.zeros(tile + 2 + 2 * PAD)
    cur = np.zeros(tile + 2 + 2 * PAD)
    _tile(r0, b0, h, w, rowbuf, colbuf, diag_out, bnd, prev, cur, fast)


@njit(cache=True)
def _interleave(k, m):
    """Map the k-th of m parallel iterations to a tile offset so that a static
    split in two halves hands one thread the even offsets and the other the
    odd ones (neighbouring tiles cost about the same)."""
    half = (m + 1) // 2
    return 2 * k if k < half else 2 * (k - half) + 1


@njit(cache=True, parallel=True)
def _tiled_parallel(n_red, n_black, tile, rowbuf, colbuf, diag_out, bnd, fast,
                    dt_start, dt_stop, i_lo):
    """Tile anti-diagonals ``dt_start .. dt_stop - 1``; returns the first live
    tile row reached (pass it to the next call)."""
    for dt in range(dt_start, dt_stop):
        i_lo, last = _tile_range(n_red, n_black, tile, dt, colbuf, i_lo)
        m = last - i_lo + 1
        if m == 1:
            _tile_body(n_red, n_black, tile, dt, i_lo, rowbuf, colbuf, diag_out, bnd, fast)
            continue
        for k in prange(m):
            ti = i_lo + _interleave(k, m)
            _tile_body(n_red, n_black, tile, dt, ti, rowbuf, colbuf, diag_out, bnd, fast)
    return i_lo


@njit(cache=True)
def _tiled_serial(n_red, n_black, tile, rowbuf, colbuf, diag_out, bnd, fast,
                  dt_start, dt_stop, i_lo):
    """Serial twin of :func:`_tiled_parallel` (same tiles, same order of work
    within each tile, so bit-identical results)."""
    for dt in range(dt_start, dt_stop):
        i_lo, last = _tile_range(n_red, n_black, tile, dt, colbuf, i_lo)
        for ti in range(i_lo, last + 1):
            _tile_body(n_red, n_black, tile, dt, ti, rowbuf, colbuf, diag_out, bnd, fast)
    return i_lo


#: Sweeps with more cell updates than this show a progress bar.
PROGRESS_CELLS = 2e10


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
        from .workbook.progress import progress

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
    n_red, n_black = _check_counts(n_red, n_black)
    check_choice("method", method, METHODS)
    if method == "auto":
        method = "row" if (n_red + 1) * (n_black + 1) <= 250_000 else "tiled"
    if method == "exact":
        return _value_exact(n_red, n_black)
    if method == "topdown":
        return _value_topdown(n_red, n_black)
    _check_work(n_red, n_black, method, f"value({n_red}, {n_black}, method={method!r})")
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
    _check_work(n_max, n_max, "tiled", f"balanced_values({n_max})")
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
    n_red, n_black = _check_counts(n_red, n_black)
    _check_work(n_red, n_black, "table", f"value_table({n_red}, {n_black})")
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
    _check_work(n_red, width, "tiled", f"stopping_boundary({n_red})")
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
    n_red, n_black = _check_counts(n_red, n_black)
    return _live_cells(n_red, n_black)


@lru_cache(maxsize=64)
def _live_cells(n_red: int, n_black: int) -> int:
    _check_work(n_red, n_black, "tiled", f"live_cells({n_red}, {n_black})")
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
    from .util.timing import median_time

    n_red, n_black = _check_counts(n_red, n_black)
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


# ---------------------------------------------------------------------------
# The omniscient player
# ---------------------------------------------------------------------------
def omniscient_value(n_red: int, n_black: int) -> Fraction:
    """Expected payoff of a player who knows the order of the deck.

    Such a player stops at the highest point of the walk, so the value is the
    expected maximum prefix sum ``E[max_{0<=t<=n} S_t]`` of a uniformly random
    arrangement of ``n_red`` (+1) and ``n_black`` (-1) cards (``S_0 = 0``).
    By the reflection principle the number of arrangements whose walk reaches
    level ``m >= max(0, r - b)`` is ``C(r + b, b + m)``, so

        E[max] = max(0, r - b) + sum_{m > max(0, r-b)}^{r} C(r+b, b+m) / C(r+b, r).

    Examples
    --------
    >>> omniscient_value(2, 2)
    Fraction(5, 6)
    >>> round(float(omniscient_value(26, 26)), 2)
    4.04
    """
    n_red, n_black = _check_counts(n_red, n_black)
    if n_red + n_black > 20_000:
        raise ValueError(f"omniscient_value sums binomials of n_red + n_black = "
                         f"{n_red + n_black} > 20000 cards exactly; too large")
    n = n_red + n_black
    total = comb(n, n_red)
    floor = max(0, n_red - n_black)
    tail = sum(comb(n, n_black + m) for m in range(floor + 1, n_red + 1))
    return floor + Fraction(tail, total)


def omniscient_value_bruteforce(n_red: int, n_black: int) -> Fraction:
    """The omniscient value by counting lattice paths (the slow exact twin).

    A DP over ``(reds used, blacks used, running maximum)`` counts the
    arrangements with each final maximum prefix sum; no reflection principle.

    Examples
    --------
    >>> omniscient_value_bruteforce(2, 2)
    Fraction(5, 6)
    """
    n_red, n_black = _check_counts(n_red, n_black)
    if (n_red + 1) * (n_black + 1) * (n_red + 1) > 2_000_000:
        raise ValueError("omniscient_value_bruteforce is for small decks "
                         "((n_red+1)^2 (n_black+1) <= 2e6)")
    # counts[i][j] = {running max: number of paths} after i reds and j blacks
    counts = [[None] * (n_black + 1) for _ in range(n_red + 1)]
    counts[0][0] = {0: 1}
    for i in range(n_red + 1):
        for j in range(n_black + 1):
            if i == 0 and j == 0:
                continue
            acc: dict = {}
            s = i - j
            if i > 0:
                for mx, c in counts[i - 1][j].items():
                    key = max(mx, s)
                    acc[key] = acc.get(key, 0) + c
            if j > 0:
                for mx, c in counts[i][j - 1].items():
                    acc[mx] = acc.get(mx, 0) + c
            counts[i][j] = acc
    final = counts[n_red][n_black]
    total = sum(final.values())
    return Fraction(sum(mx * c for mx, c in final.items()), total)


# ---------------------------------------------------------------------------
# The document's mistake, its spreadsheet, its C program
# ---------------------------------------------------------------------------
@njit(cache=True)
def _with_replacement(n_red, n_black, row):
    for b in range(n_black + 1):
        row[b] = 0.0
    for r in range(1, n_red + 1):
        row[0] = r
        for b in range(1, n_black + 1):
            go = 0.5 * (row[b] + 1.0) + 0.5 * (row[b - 1] - 1.0)
            row[b] = go if go > 0.0 else 0.0
    return row[n_black]


def value_with_replacement(n_red: int, n_black: int) -> float:
    """The document's first (mistaken) R program, reproduced on purpose (about $2.86).

    The R code tracks ``(good, bad, winnings)`` and computes
    ``V = max(winnings, F)`` with ``F = winnings`` when ``good <= 0``,
    ``F = winnings + good`` when ``bad <= 0``, and otherwise
    ``F = 0.5 V(good-1, bad, winnings+1) + 0.5 V(good, bad-1, winnings-1)``:
    the chance of a red card is stuck at 1/2 while the counts still run down.

    What this computes, honestly: optimal stopping of a fair +-1 coin-flip walk
    that ends when either ``n_red`` heads or ``n_black`` tails have come up;
    if the tails run out first you collect the heads still "owed". It is
    neither the real game (probabilities that follow the deck) nor sampling
    with replacement (which would have no end tied to the counts). Since
    ``V(good, bad, w) = w + W(good, bad)``, one table ``W`` suffices.

    Examples
    --------
    >>> round(value_with_replacement(26, 26), 2)
    2.86
    """
    n_red, n_black = _check_counts(n_red, n_black)
    _check_work(n_red, n_black, "row", f"value_with_replacement({n_red}, {n_black})")
    return float(_with_replacement(n_red, n_black, np.empty(n_black + 1)))


def value_with_replacement_topdown(n_red: int, n_black: int) -> float:
    """Slow twin of :func:`value_with_replacement`: the R recursion literally,
    winnings in the state, memoised (small decks only).

    Examples
    --------
    >>> round(value_with_replacement_topdown(3, 3), 6) == round(value_with_replacement(3, 3), 6)
    True
    """
    n_red, n_black = _check_counts(n_red, n_black)
    if n_red + n_black > 200:
        raise ValueError("value_with_replacement_topdown is for n_red + n_black <= 200")

    @cache
    def f(good, bad, winnings):
        if good <= 0:
            return float(winnings)
        if bad <= 0:
            return float(winnings + good)
        return 0.5 * v(good - 1, bad, winnings + 1) + 0.5 * v(good, bad - 1, winnings - 1)

    @cache
    def v(good, bad, winnings):
        return max(float(winnings), f(good, bad, winnings))

    return v(n_red, n_black, 0)


@njit(cache=True)
def _holdings(n_red, n_black, out):
    # W(g, b) = max(holding, g/(g+b) W(g-1, b) + b/(g+b) W(g, b-1)),
    # holding = (n_red - g) - (n_black - b)
    for g in range(n_red + 1):
        for b in range(n_black + 1):
            hold = (n_red - g) - (n_black - b)
            if g == 0 or b == 0:
                out[g, b] = hold + g  # no choice left that matters: take the reds
            else:
                go = (g * out[g - 1, b] + b * out[g, b - 1]) / (g + b)
                out[g, b] = go if go > hold else hold


def holdings_table(n_red: int, n_black: int) -> np.ndarray:
    """Expected final winnings of an ``n_red``/``n_black`` game from each position,
    counting the money already held (the spreadsheet's quantity).

    ``out[g, b]`` is for ``g`` red and ``b`` black cards left, after holding
    ``(n_red - g) - (n_black - b)``. It is the literal spreadsheet rule "the
    maximum of what we are currently holding or the expected return of a
    gamble", and equals ``holding + V(g, b)``.

    Examples
    --------
    >>> t = holdings_table(2, 2)
    >>> round(float(t[1, 2]), 6), round(float(t[2, 1]), 6)
    (1.0, 0.333333)
    """
    n_red, n_black = _check_counts(n_red, n_black)
    _check_work(n_red, n_black, "table", f"holdings_table({n_red}, {n_black})")
    out = np.empty((n_red + 1, n_black + 1))
    _holdings(n_red, n_black, out)
    return out


@dataclass(frozen=True)
class SpreadsheetComparison:
    """Cell-by-cell comparison of the printed spreadsheet with a reading of it."""

    reading: str
    table: "object"  # pandas.DataFrame: row_label, col_label, red, black, printed, ours, matches
    n_cells: int
    n_match: int

    @property
    def n_differ(self) -> int:
        return self.n_cells - self.n_match


def _printed_digits_match(ours: float, printed: str, digits: int = 4) -> bool:
    """Does ``ours``, rounded to ``digits`` significant digits, print as ``printed``?"""
    return float(f"{ours:.{digits}g}") == float(printed)


def spreadsheet_comparison(reading: str = "holdings") -> SpreadsheetComparison:
    """Compare every cell of Han Zheng's spreadsheet (document 000) with our DP.

    Parameters
    ----------
    reading : {"holdings", "value"}
        ``"holdings"``: rows are red cards left, columns black cards left, and
        a cell is the expected final winnings of the 26/26 game counting what
        is already held, ``(b - r) + V(r, b)`` (:func:`holdings_table`).
        ``"value"``: the naive reading, columns red ("Good #") and rows black,
        a cell being ``V(r, b)`` itself.

    Returns
    -------
    SpreadsheetComparison
        ``table`` has one row per cell; a cell matches when our number,
        rounded to 4 significant digits as the spreadsheet prints, equals it.

    Examples
    --------
    >>> spreadsheet_comparison("holdings").n_match
    729
    """
    import pandas as pd

    from .sources import doc000_redblack as doc

    check_choice("reading", reading, ("holdings", "value"))
    n = 26
    vt = value_table(n, n)
    records = []
    for row_label, cells in zip(doc.SPREADSHEET_ROW_LABELS, doc.SPREADSHEET_CELLS_TEXT):
        for col_label, text in zip(doc.SPREADSHEET_LABELS, cells):
            if reading == "holdings":
                r, b = row_label, col_label
                ours = (b - r) + vt[r, b]
            else:
                r, b = col_label, row_label
                ours = vt[r, b]
            records.append(dict(row_label=row_label, col_label=col_label, red=r, black=b,
                                printed=float(text), printed_text=text, ours=float(ours),
                                matches=_printed_digits_match(float(ours), text)))
    df = pd.DataFrame.from_records(records)
    return SpreadsheetComparison(reading, df, len(df), int(df["matches"].sum()))


@njit(cache=True)
def _c_program(n_max, tab, out):
    # the document's C program: a two-row table of single-precision floats,
    # arithmetic in double (``r*1.0/(r+b)``), rounded to float on every store
    for i in range(n_max + 1):
        for r in range(i + 1):
            for b in range(i + 1):
                if r == 0:
                    x = 0.0
                elif b == 0:
                    x = float(r)
                else:
                    x = (r * 1.0 / (r + b) * (tab[(r - 1) % 2, b] + 1.0)
                         + b * 1.0 / (r + b) * (tab[r % 2, b - 1] - 1.0))
                    x = max(0.0, x)
                tab[r % 2, b] = np.float32(x)
        out[i] = tab[i % 2, i]


def c_program_values(n_max: int) -> np.ndarray:
    """``V(i, i)``, ``i = 0..n_max``, as the document's C program computes them.

    That program stores its table in single-precision ``float``; printed with
    ``%f`` a few of its values differ from the double-precision ones in the
    sixth decimal. Cost ``O(n_max^3)``: small ``n_max`` only.

    Examples
    --------
    >>> round(float(c_program_values(26)[26]), 7)
    2.6244757
    """
    n_max = check_int("n_max", n_max, 0, 2000)
    tab = np.zeros((2, n_max + 1), dtype=np.float32)
    out = np.zeros(n_max + 1, dtype=np.float32)
    _c_program(n_max, tab, out)
    return out.astype(np.float64)


# The Monte Carlo simulator and the large-deck asymptotics live in their own
# modules (they import this one lazily, inside functions, so there is no cycle).
from .redblack_sim import sample_paths, simulate  # noqa: E402
from .redblack_asymptotics import bridge_constant  # noqa: E402

__all__ += ["simulate", "sample_paths", "bridge_constant"]
