"""The numba kernels of the red/black solver (private; the API is :mod:`stoplib.redblack.solver`).

Every kernel fills arrays it is given with values of the recursion of
:mod:`stoplib.redblack.rules` (document 000's "Problem 14")::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1)).

Nothing here validates input or allocates results (only per-tile scratch rows):
:mod:`.solver` does that and calls one kernel per request (the tiled wavefront
through the one sweep driver, ``_sweep.drive``, to which ``solver._TiledSweep``
hands it in chunks of tile anti-diagonals).

``_table``
    The whole table, row by row (the plain reference kernel; also the
    document's fixed-1/2 mistake, ``fixed_half=True``, for
    :func:`stoplib.redblack.variants.replacement_table`).
``_row_sweep``
    Bottom-up row by row in one array, stopping each row at its first zero.
``_diagonal_sweep``
    Bottom-up along anti-diagonals ``k = r + b``, skipping the stop region.
``_tiled_parallel`` / ``_tiled_serial``
    The wavefront over square tiles (``prange`` over the tiles of one tile
    anti-diagonal, each tile swept diagonally by ``_tile``); the serial twin
    does the same tiles in the same order of work, so results are
    bit-identical. Whole tiles inside the stop region are skipped.

The inner loops come in two twins, ``_diag_update_exact`` (IEEE arithmetic)
and ``_diag_update_fast`` (``fastmath``); both compile to packed SIMD code
(``kernel.inspect_asm`` shows ``vmaxpd``: on ``zmm`` registers on the AVX-512
Intel Xeon development machine, on ``ymm`` where LLVM prefers 256-bit vectors;
``benchmarks/bench_redblack.py`` prints the count) and the tests compare them
(``tests/redblack/test_solver.py``).
"""
import numpy as np
from numba import njit, prange

#: Vector loops run over a multiple of PAD cells (4 x 8 doubles with AVX-512).
PAD = 32


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
def _tile(r0, b0, h, w, rowbuf, colbuf, diag_out, bnd, prev, cur, fast, roff=0, boff=0):
    """Sweep one tile: rows ``r0 .. r0+h-1``, columns ``b0 .. b0+w-1`` (r0, b0 >= 1).

    In: ``rowbuf[b] = V(r0 - 1, b)`` for the tile's columns and
    ``colbuf[r] = V(r, b0 - 1)`` for its rows. Out: ``rowbuf[b] = V(r0+h-1, b)``
    and ``colbuf[r] = V(r, b0+w-1)``. ``diag_out[r] = V(r, r)`` for the cells
    of the tile with ``r == b`` (if ``diag_out`` is long enough), and
    ``bnd[r]`` = the first ``b`` with ``V(r, b) == 0`` for the rows whose first
    zero lies in this tile (if ``bnd`` is long enough).

    The buffers may hold a window of the square: row-indexed arrays
    (``colbuf``, ``diag_out``, ``bnd``) are read at ``r - roff`` and
    ``rowbuf`` at ``b - boff`` (the whole-square driver passes 0, 0; a
    big tile of the Dask graph passes its own origin). The arithmetic
    depends only on ``r``, ``b`` and the values read, so a tile gives the
    same bits whichever window holds its edges.

    Local anti-diagonal ``d = i + j`` (``i = r - r0``, ``j = b - b0``) is stored
    in ``cur[i + 1]``; ``cur[0]`` holds the cell above the tile in column
    ``b0 + d + 1`` and ``cur[d + 2]`` the cell left of the tile in row
    ``r0 + d + 1`` (the "extended" diagonal), so each diagonal reads
    ``up = prev[i]`` and ``left = prev[i + 1]``.
    """
    nd = len(diag_out)
    nb = len(bnd)
    # extended diagonal d = -1: i = -1 (row above, column b0) and i = 0 (left, row r0)
    prev[0] = rowbuf[b0 - boff]
    prev[1] = colbuf[r0 - roff]
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
                if 0 <= rr - roff < nd:
                    diag_out[rr - roff] = cur[i + 1] if i >= a else 0.0
        # write the tile's edges: bottom row (i = h - 1) and right column (j = w - 1)
        if i_hi == h - 1:
            rowbuf[b0 - boff + d - (h - 1)] = cur[h] if h - 1 >= a else 0.0
        if i_lo == d - w + 1 and d - w + 1 >= 0:
            colbuf[r0 - roff + i_lo] = cur[i_lo + 1] if i_lo >= a else 0.0
        # extended elements for the next diagonal d + 1
        if d + 1 < w:
            cur[0] = rowbuf[b0 - boff + d + 1]
        if d + 1 < h:
            cur[d + 2] = colbuf[r0 - roff + d + 1]
        # advance lo over this diagonal's zero prefix (rows fully in the stop region)
        if lo < i_lo:
            lo = i_lo
        # A row entering the prefix here has its first zero here: its left
        # neighbour was not zero (else the row would have entered earlier), or,
        # at the tile's left edge, the value left of the tile tells.
        m = a
        while m <= i_hi and cur[m + 1] == 0.0:
            if 0 <= r0 - roff + m < nb and (m < d or prev[m + 1] > 0.0):
                bnd[r0 - roff + m] = b0 + d - m
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
def _tile_body(n_red, n_black, tile, dt, ti, rowbuf, colbuf, diag_out, bnd, fast, roff=0, boff=0):
    tj = dt - ti
    r0 = 1 + ti * tile
    b0 = 1 + tj * tile
    h = min(tile, n_red - r0 + 1)
    w = min(tile, n_black - b0 + 1)
    prev = np.zeros(tile + 2 + 2 * PAD)
    cur = np.zeros(tile + 2 + 2 * PAD)
    _tile(r0, b0, h, w, rowbuf, colbuf, diag_out, bnd, prev, cur, fast, roff, boff)


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


# ------------------------- one big tile (the Dask path) ----------------------
@njit(cache=True, nogil=True)
def _block(n_red, n_black, tile, ti0, ti1, tj0, tj1, top, left, diag, fast):
    """Sweep the big tile made of the small tiles ``ti0 <= I < ti1``,
    ``tj0 <= J < tj1`` of the whole square's tile grid, serially, tile
    anti-diagonal by tile anti-diagonal (the Dask path,
    :mod:`stoplib.redblack.distributed`; ``nogil`` so that worker threads run
    big tiles side by side).

    ``top[b - b0]`` holds ``V(r0 - 1, b)`` for the big tile's columns
    (``b0 = 1 + tj0 * tile``) and ``left[r - r0]`` holds ``V(r, b0 - 1)`` for
    its rows (``r0 = 1 + ti0 * tile``); on return they hold its bottom row
    and right column. ``diag[r - r0] = V(r, r)`` for its cells on the main
    diagonal. The small tiles and the work inside each are those of
    :func:`_tiled_serial`, so the bits are the same. Returns the number of
    small tiles swept (dead ones, wholly in the stop region, are skipped).
    """
    r0 = 1 + ti0 * tile
    bnd = np.zeros(0, dtype=np.int64)
    swept = 0
    i_lo = ti0
    for dt in range(ti0 + tj0, ti1 + tj1 - 1):
        first = max(ti0, dt - tj1 + 1)
        last = min(ti1 - 1, dt - tj0)
        if i_lo < first:
            i_lo = first
        while i_lo <= last:  # dead prefix, as in _tile_range
            r_last = min(n_red, (i_lo + 1) * tile)
            if dt - i_lo > 0 and left[r_last - r0] == 0.0:
                i_lo += 1
            else:
                break
        for ti in range(i_lo, last + 1):
            _tile_body(n_red, n_black, tile, dt, ti, top, left, diag, bnd, fast,
                       r0, 1 + tj0 * tile)
            swept += 1
    return swept
