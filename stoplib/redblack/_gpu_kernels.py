"""The CUDA kernel of :mod:`stoplib.redblack.gpu` (private; imported only when a GPU sweep runs).

One launch sweeps every tile of one tile anti-diagonal of the red/black
recursion ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``
(document 000's "Problem 14"), one CUDA block per tile, one thread per row of
the tile, values passed systolically through shared memory (see
:mod:`stoplib.redblack.gpu`). ``numba.cuda`` is a global of this module so that
numba's simulator (``NUMBA_ENABLE_CUDASIM=1``) can stand in for it.
"""
from numba import cuda, float64

__all__ = []


def make_tile_diagonal(tile_rows: int, tile_cols: int):
    """The kernel for one tile anti-diagonal, compiled for one tile shape (the
    shared buffer's size must be a compile-time constant). Not ``cache=True``:
    the simulator cannot cache, and a real GPU compiles it in about a second."""
    T, W = tile_rows, tile_cols

    @cuda.jit
    def tile_diagonal(n_red, n_black, dt, i_first, rowbuf, colbuf, diag, n_diag):
        ti = i_first + cuda.blockIdx.x
        tj = dt - ti
        r0 = 1 + ti * T
        b0 = 1 + tj * W
        h = min(T, n_red - r0 + 1)
        w = min(W, n_black - b0 + 1)
        i = cuda.threadIdx.x
        if tj > 0 and colbuf[r0 + h - 1] == 0.0:
            return  # the whole tile is in the stop region (the same for every thread)
        buf = cuda.shared.array((2, T), float64)
        r = r0 + i
        left = 0.0
        if i < h:
            left = colbuf[r]                      # V(r, b0 - 1)
        for s in range(h + w - 1):
            j = s - i
            if i < h and j >= 0 and j < w:
                b = b0 + j
                if i == 0:
                    up = rowbuf[b]                # V(r0 - 1, b): the row above the tile
                else:
                    up = buf[(s + 1) % 2, i - 1]  # thread i - 1, one step earlier
                inv = 1.0 / (r + b)
                go = (r * (up + 1.0) + b * (left - 1.0)) * inv
                v = go if go > 0.0 else 0.0
                left = v
                buf[s % 2, i] = v
                if r == b and r < n_diag:
                    diag[r] = v
                if i == h - 1:
                    rowbuf[b] = v                 # the tile's bottom row
            cuda.syncthreads()
        if i < h:
            colbuf[r] = left                      # the tile's right column

    return tile_diagonal
