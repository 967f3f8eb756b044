"""The register-tiled wavefront kernel of :mod:`stoplib.redblack.gpu` (private; imported only when a GPU sweep runs).

The recursion of document 000's "Problem 14"::

    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))

computed as ``(r (up + 1) + b (left - 1)) * inv[r + b]``, with ``inv[k] = 1/k`` read from
a table of reciprocals (:func:`make_reciprocals` fills it on the device with the same
IEEE division the systolic kernel does per cell, so every product is the same double).

One warp sweeps one tile of ``lanes x strip`` rows by ``tile_cols`` columns:

* lane ``t`` holds a *strip* of ``strip`` consecutive rows in registers (``L0 ..``: the
  value left of each cell; ``R0 ..``: the row numbers as doubles);
* the warp sweeps a skewed wavefront: at step ``s`` lane ``t`` computes column
  ``j = s - t`` of its strip, top to bottom, so the cell above its first row is the
  last cell lane ``t - 1`` computed one step earlier, passed by ``shfl_up_sync``;
  lane 0 reads the row above the tile instead, prefetched one chunk of 32 columns
  ahead by the whole warp (coalesced) and handed to it by ``shfl_sync``;
* with ``chains > 1`` a lane's strip is cut into that many sub-strips, each one step
  behind the one above it (a lane is then ``chains`` virtual lanes): the sub-strips of
  one step are independent chains of arithmetic the GPU can overlap;
* the reciprocals of a step lie in a window of ``strip - chains + 1`` consecutive ``k``
  that slides by one per step: one table load per step and no register moves, the
  step loop being unrolled by the window's length so that each slot has a fixed name;
* ``max(v, 0)`` clears the bits of a negative ``v`` on the integer units (:func:`relu_bits`),
  leaving five float64 instructions a cell (two adds, two multiplies, one multiply-add);
* only the tile's borders touch global memory: its left column and the row above it
  are read, its right column and bottom row written; ``V(i, i)`` is written where a
  strip crosses the main diagonal.

A launch sweeps every live tile of one tile anti-diagonal (one warp per tile,
``tiles_per_block`` warps per block); a tile wholly in the stop region (the value
left of its last row is 0) returns at once, and the first live tile row of each
launch is recorded (``cuda.atomic.min``) so that the host launches no dead tiles later.

Why code generation: a strip's registers must be named at compile time (an array
indexed at run time would live in local memory, and a sliding window would cost a
register move per slot per step), so :func:`make_wavefront` writes the kernel's
Python source for one ``(lanes, strip, chains, tiles_per_block)`` with the loops over
cells unrolled, and compiles it with ``cuda.jit``; :func:`wavefront_source` returns
that source, to read.

In numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``, threads in Python), whose
built-in version has no warp shuffles, :func:`_sim_shfl_up_sync` and
:func:`_sim_shfl_sync` stand in for them with the hardware's semantics (the lanes of
a 32-thread warp), exchanging values through the simulated block and its barrier. There a
tile may also have fewer lanes than a warp (1, 2, 4, 8 or 16), so that small decks
cross several tiles, warps and strips; on a real GPU a tile has 32 lanes.
"""
from __future__ import annotations

import linecache
import threading
from functools import lru_cache

from numba import cuda

__all__ = []

#: Threads of a warp.
WARP = 32


def wavefront_source(lanes: int, strip: int, chains: int, tiles_per_block: int, diag: bool = True) -> str:
    """The kernel's Python source for one shape (see the module docstring).

    ``U(x)`` reinterprets an index as unsigned (numba then adds no negative-index
    wrap-around, and ``U(j) < U(w)`` tests ``0 <= j < w`` at once); ``relu(v)`` is
    ``v if v > 0.0 else 0.0``. ``diag=False`` leaves out the branch that writes ``V(i, i)``
    (to read the machine code of the tiles off the diagonal, which never take it).
    """
    out = []
    _prologue(out.append, lanes, strip, chains, tiles_per_block)
    win = strip - chains + 1         # reciprocal window: k = K + s + o, o in [0, win)
    out.append(f"    for sb in range(0, n_steps, {win}):")
    out.append(f"        jb = sb - lane * {chains}")
    for u in range(win):
        _step(out.append, lanes, strip, chains, u, diag)
    out.extend(f"    colbuf[U(rf + {i})] = L{i}" for i in range(strip))
    return "\n".join(out) + "\n"


def _prologue(put, T, S, G, tiles_per_block) -> None:
    """A lane's tile, its strip's registers, its reciprocal window and its prefetch of the row above."""
    H = T * S
    put("def wavefront(n_black, dt, i_first, n_tiles, tile_cols, rowbuf, colbuf, diag, n_diag, rcp, lo, slot):")
    put("    tid = cuda.threadIdx.x")
    put(f"    lane = tid & {T - 1}")
    put(f"    tile = cuda.blockIdx.x * {tiles_per_block} + tid // {T}")
    put("    if tile >= n_tiles:")
    put("        return")
    put("    ti = i_first + tile")
    put("    tj = dt - ti")
    put(f"    r0 = 1 + ti * {H}")
    put("    b0 = 1 + tj * tile_cols")
    put("    w = n_black - b0 + 1")
    put("    if w > tile_cols:")
    put("        w = tile_cols")
    put(f"    if tj > 0 and colbuf[U(r0 + {H - 1})] == 0.0:")
    put("        return  # the whole tile is in the stop region (the same test for every lane)")
    put("    if lane == 0:")
    put("        cuda.atomic.min(lo, slot, ti)  # the first live tile row of this launch")
    put(f"    wbase = (tid & {WARP - 1}) - lane  # this tile's first lane in its hardware warp")
    put(f"    rf = r0 + lane * {S}")
    put(f"    has_diag = r0 < n_diag and r0 < b0 + w and b0 < r0 + {H}  # does the tile cross r == b?")
    for i in range(S):
        put(f"    L{i} = colbuf[U(rf + {i})]")
        put(f"    R{i} = float(rf + {i})")
    put(f"    K = r0 + b0 + lane * {S - G}")
    for o in range(S - G + 1):
        put(f"    Q{o} = rcp[U(K + {o})]")
    for g in range(G):
        put(f"    B{g} = float(b0 - lane * {G} - {g})")
    for g in range(1, G):
        put(f"    C{g} = 0.0")
    put("    bottom = 0.0")
    put("    TQ = rowbuf[U(b0 + lane)] if lane < w else 0.0")
    put(f"    TN = rowbuf[U(b0 + {T} + lane)] if {T} + lane < w else 0.0")
    put(f"    n_steps = w + {T * G - 1}")
    put(f"    n_steps += (-n_steps) % {S - G + 1}")


def _step(put, T, S, G, u, diag=True) -> None:
    """Step ``s = sb + u`` of the unrolled loop: sub-strip ``g`` computes column ``j = s - lane G - g``."""
    sub = S // G
    win = S - G + 1
    put(f"        # step s = sb + {u}: sub-strip g of this lane computes column j = s - lane * {G} - g")
    put(f"        s = sb + {u}")
    put("        up = shfl_up_sync(0xFFFFFFFF, bottom, 1)")
    put(f"        tv = shfl_sync(0xFFFFFFFF, TQ, wbase + (s & {T - 1}))")
    put("        if lane == 0:")
    put("            up = tv")
    put(f"        if (s & {T - 1}) == {T - 1}:")
    put("            TQ = TN")
    put(f"            c = s + {T + 1} + lane")
    put("            TN = rowbuf[U(b0 + c)] if c < w else 0.0")
    for g in reversed(range(G)):      # last first: C{g} still holds the previous step's carry
        put(f"        j = jb + {u - g}")
        put("        if U(j) < U(w):")
        top = "up" if g == 0 else f"C{g}"
        for i in range(sub):
            row = g * sub + i
            slot = (u + g * (sub - 1) + i) % win
            put(f"            L{row} = relu((R{row} * ({top} + 1.0) + B{g} * (L{row} - 1.0)) * Q{slot})")
            top = f"L{row}"
        if g < G - 1:
            put(f"            C{g + 1} = {top}")
        else:
            put(f"            bottom = {top}")
            put(f"            if lane == {T - 1}:")
            put(f"                rowbuf[U(b0 + j)] = {top}")
        if not diag:
            continue
        put("            if has_diag:")
        put(f"                d = b0 + j - rf - {g * sub}")
        put(f"                if U(d) < {sub} and rf + {g * sub} + d < n_diag:")
        pick = " + ".join(f"L{g * sub + i} * (d == {i})" for i in range(sub))  # exact: one term is L_d, the rest 0
        put(f"                    diag[U(rf + {g * sub} + d)] = {pick}")
    for g in range(G):
        put(f"        B{g} += 1.0")
    put(f"        Q{u} = rcp[U(K + s + {win})]")


def _exec(source: str, name: str, namespace: dict):
    """Run generated source, registered with ``linecache`` so that tracebacks and
    ``inspect`` (numba reads a function's source for its messages) find it."""
    filename = f"<stoplib.redblack generated {name}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 (our own generated source)
    return namespace[name]


def _namespace(relu: str) -> dict:
    """The generated kernel's globals: the real shuffles on a GPU, stand-ins in the simulator;
    ``relu`` "bits" (:func:`_relu_bits`, on a GPU) or "select" (a plain conditional)."""
    from numba import config, uint64

    if config.ENABLE_CUDASIM:
        return {"cuda": cuda, "shfl_up_sync": _sim_shfl_up_sync, "shfl_sync": _sim_shfl_sync,
                "U": _sim_unsigned, "relu": _relu_select}
    return {"cuda": cuda, "shfl_up_sync": cuda.shfl_up_sync, "shfl_sync": cuda.shfl_sync, "U": uint64,
            "relu": _relu_bits_intrinsic() if relu == "bits" else cuda.jit(device=True, inline=True)(_relu_select)}


def make_wavefront(lanes: int, strip: int, chains: int, tiles_per_block: int, relu: str = "bits"):
    """The wavefront kernel for one shape, compiled now by ``cuda.jit`` for :data:`SIGNATURE`
    (not ``cache=True``: the source is generated, the simulator cannot cache, and a GPU
    compiles it in seconds)."""
    py = _exec(wavefront_source(lanes, strip, chains, tiles_per_block), "wavefront", _namespace(relu))
    return cuda.jit(signature())(py)


def signature():
    """The kernel's argument types (see :func:`wavefront_source`)."""
    from numba import float64, int64

    f8 = float64[::1]
    return (int64, int64, int64, int64, int64, f8, f8, f8, int64, f8, int64[::1], int64)


def _relu_select(v):
    """``max(v, 0)`` as the systolic kernel writes it."""
    return v if v > 0.0 else 0.0


@lru_cache(maxsize=1)
def _relu_bits_intrinsic():
    """:func:`relu_bits` for the CUDA target."""
    try:
        from numba.cuda.extending import intrinsic
    except ImportError:  # pragma: no cover (numba-cuda versions differ)
        from numba.core.extending import intrinsic as _intrinsic

        intrinsic = _intrinsic(target="cuda")
    return relu_bits(intrinsic)


def relu_bits(intrinsic):
    """``max(v, 0)`` for a double that is never NaN nor -0 (true of every cell), as a numba
    intrinsic made by the decorator ``intrinsic`` (the CUDA one here; a test builds the CPU
    one from the same code): clear all 64 bits when the sign bit is set, one arithmetic
    shift of the high word and two logic ops on the integer units. A plain ``v if v > 0.0
    else 0.0`` compiles to the IEEE ``max.f64``, which on sm_90 costs a float64 compare
    (``DSETP.MAX``) and four or five more instructions per cell."""
    from llvmlite import ir
    from numba import types

    @intrinsic
    def relu(typingctx, v):  # noqa: ARG001
        if v != types.float64:
            return None

        def codegen(context, builder, sig, args):  # noqa: ARG001
            i32 = ir.IntType(32)
            pair = ir.VectorType(i32, 2)  # (low word, high word)
            x = builder.bitcast(args[0], pair)
            keep = builder.not_(builder.ashr(builder.extract_element(x, ir.Constant(i32, 1)), ir.Constant(i32, 31)))
            both = builder.insert_element(builder.insert_element(ir.Constant(pair, None), keep, ir.Constant(i32, 0)),
                                          keep, ir.Constant(i32, 1))
            return builder.bitcast(builder.and_(x, both), ir.DoubleType())

        return types.float64(types.float64), codegen

    return relu


def _fill_reciprocals(rcp):
    """``rcp[k] = 1/k`` (``rcp[0] = 0``), a grid-stride loop: the IEEE division the
    systolic kernel does per cell, so the same doubles."""
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for k in range(start, rcp.shape[0], stride):
        if k == 0:
            rcp[k] = 0.0
        else:
            rcp[k] = 1.0 / k


def make_reciprocals():
    """The kernel that fills the table of reciprocals."""
    return cuda.jit(_fill_reciprocals)


# ------------------------------------------------------------ the simulator's warp shuffles
def _sim_exchange(value, source_lane):
    """Every live thread of the simulated block posts ``value``; each gets the value that
    lane ``source_lane(its lane)`` of its own 32-thread warp posted. Two barriers: one after
    the posts, one before the next exchange may overwrite them."""
    me = threading.current_thread()
    box = me._manager.__dict__.setdefault("_stoplib_shuffle_box", {})
    tid = me.thread_id
    box[tid] = value
    me.syncthreads()
    lane = tid % WARP
    got = box.get(tid - lane + source_lane(lane), value)  # a lane of another tile may have exited
    me.syncthreads()
    return got


def _sim_unsigned(x):
    """``numba.uint64(x)`` in the simulator: the two's-complement bits as a Python int."""
    return int(x) & 0xFFFFFFFFFFFFFFFF


def _sim_shfl_up_sync(mask, value, delta):  # noqa: ARG001 (every lane takes part)
    """``cuda.shfl_up_sync`` in the simulator: lane ``l`` gets lane ``l - delta``'s value (its own if ``l < delta``)."""
    return _sim_exchange(value, lambda lane: lane - delta if lane >= delta else lane)


def _sim_shfl_sync(mask, value, src):  # noqa: ARG001
    """``cuda.shfl_sync`` in the simulator: every lane gets lane ``src % 32``'s value."""
    return _sim_exchange(value, lambda lane: src % WARP)
