"""One vector step of the counter game's turn pass, written as LLVM IR (private).

numba compiles :func:`._kernels_counter._side_lanes`'s lane loops to scalar code: with the lane count a
compile-time constant the loop is unrolled before the loop vectorizer runs, and numba leaves LLVM's SLP
vectorizer off; with a run-time count the loop is vectorized, but every option then reloads and stores
the running best through memory behind a run-time alias check (measured on the development VM: 1.5x
over the scalar pass, against 4.4x for this step). :func:`_best_option` states the step directly on
``W``-wide vectors, so the running best, the next best and where the best leads, of ``W`` lanes, stay in
registers across a roll's options.

The arithmetic is the scalar code's, operation for operation (one compare, one select per value, the
product and the sum rounded separately, no fused multiply-add): the pass is bit-identical to the
engine's one-count pass, which ``tests/race/test_counter.py`` checks.
"""
from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

__all__: list[str] = []   # private

#: Lanes per vector: four doubles (256 bits, which every x86-64 CPU with AVX runs natively; LLVM splits
#: the vectors on narrower hardware, with the same results).
W = 4


@intrinsic
def _best_option(typingctx, base, cells, at, here, lo, hi, g, to, marg, c_at, m_at, acc, p):
    """Lanes ``W g .. W g + W - 1`` of one roll outcome whose options are ``lo .. hi - 1``.

    Option ``o`` is worth ``base[here + at[o] + W g + i]`` in lane ``i`` and leads to the cell
    ``cells[here + at[o] + W g + i]``. Per lane: the cell of the best option (the first of equals) is
    stored at ``to[c_at + W g + i]``, its margin over the next best (options that both win, worth 1.0, are
    not told apart; ``inf`` with no other option) at ``marg[m_at + W g + i]``, and ``p`` times its value
    is added to ``acc[W g + i]``. ``to`` and ``marg`` are flat views; the caller keeps every index in range
    (``hi > lo``)."""
    arrays = {"base": (base, types.float64), "cells": (cells, types.int32), "at": (at, types.int64),
              "to": (to, types.int32), "marg": (marg, types.float64), "acc": (acc, types.float64)}
    for kind, dtype in arrays.values():
        if not (isinstance(kind, types.Array) and kind.ndim == 1 and kind.dtype == dtype):
            return None                 # numba then reports the call as mistyped
    if not all(isinstance(x, types.Integer) and x.bitwidth == 64 for x in (here, lo, hi, g, c_at, m_at)):
        return None
    if not isinstance(p, types.Float):
        return None
    sig = types.void(base, cells, at, here, lo, hi, g, to, marg, c_at, m_at, acc, types.float64)

    def codegen(context, builder, signature, args):
        a_base, a_cells, a_at, a_here, a_lo, a_hi, a_g, a_to, a_marg, a_cat, a_mat, a_acc, a_p = args
        kinds = signature.args
        f64, i32, i64 = ir.DoubleType(), ir.IntType(32), ir.IntType(64)
        vf, vi = ir.VectorType(f64, W), ir.VectorType(i32, W)

        def data(k, value):
            return context.make_array(kinds[k])(context, builder, value).data

        base_d, cells_d, at_d, to_d, marg_d, acc_d = (data(0, a_base), data(1, a_cells), data(2, a_at),
                                                      data(7, a_to), data(8, a_marg), data(11, a_acc))

        def load(ptr, k, vt):
            return builder.load(builder.bitcast(builder.gep(ptr, [k]), vt.as_pointer()), align=4 if vt is vi else 8)

        def store(value, ptr, k, vt):
            builder.store(value, builder.bitcast(builder.gep(ptr, [k]), vt.as_pointer()), align=4 if vt is vi else 8)

        def splat(x, vt):
            one = builder.insert_element(ir.Constant(vt, ir.Undefined), x, ir.Constant(i32, 0))
            return builder.shuffle_vector(one, ir.Constant(vt, ir.Undefined), ir.Constant(vi, [0] * W))

        lane0 = builder.mul(a_g, ir.Constant(i64, W))
        row = builder.add(a_here, lane0)
        best, second, cell = cgutils.alloca_once(builder, vf), cgutils.alloca_once(builder, vf), \
            cgutils.alloca_once(builder, vi)   # promoted to registers by LLVM
        x0 = builder.add(row, builder.load(builder.gep(at_d, [a_lo])))
        builder.store(load(base_d, x0, vf), best)
        builder.store(ir.Constant(vf, [float("-inf")] * W), second)
        builder.store(load(cells_d, x0, vi), cell)
        wins = ir.Constant(vf, [1.0] * W)
        first = builder.add(a_lo, ir.Constant(i64, 1))
        with cgutils.for_range(builder, builder.sub(a_hi, first)) as loop:
            x = builder.add(row, builder.load(builder.gep(at_d, [builder.add(first, loop.index)])))
            v = load(base_d, x, vf)
            b, s = builder.load(best), builder.load(second)
            better = builder.fcmp_ordered(">", v, b)
            other = builder.select(better, b, v)       # the value that is not (or no longer) the best
            runner = builder.and_(builder.fcmp_ordered("<", other, wins), builder.fcmp_ordered(">", other, s))
            builder.store(builder.select(runner, other, s), second)
            builder.store(builder.select(better, v, b), best)
            builder.store(builder.select(better, load(cells_d, x, vi), builder.load(cell)), cell)
        b = builder.load(best)
        store(builder.load(cell), to_d, builder.add(a_cat, lane0), vi)
        store(builder.fsub(b, builder.load(second)), marg_d, builder.add(a_mat, lane0), vf)
        total = load(acc_d, lane0, vf)
        store(builder.fadd(total, builder.fmul(splat(a_p, vf), b)), acc_d, lane0, vf)
        return context.get_dummy_value()

    return sig, codegen
