"""Benchmark of the red/black DP methods (document 000): seconds and cell updates
per second, methods side by side.

    python benchmarks/bench_redblack.py           # n = 10,000 and 100,000
    python benchmarks/bench_redblack.py --full    # also n = 1,000,000 (tiled, balanced_values)
    python benchmarks/bench_redblack.py --tune    # tile sizes for the tiled kernel at n = 100,000
    python benchmarks/bench_redblack.py --no-record   # print only, leave benchmarks/results.csv alone

"Cell updates" counts the cells a method really visits: the full square for
topdown/exact/row-free methods, and only the cells outside the stop region for
the methods that skip it (row, diagonal, tiled), counted exactly from the
stopping boundary.

Beside each measured time the table prints the budget's estimate
(``stoplib.redblack.work_estimate``, from the rates in ``stoplib/redblack/_costs.py``)
and their ratio, so the calibration of the limits can be checked: a ratio well
above 1 means the machine is slower (or busier) than the rates say.

Every median is recorded in ``benchmarks/results.csv``
(:func:`stoplib.workbook.benchmarks.record`, with the machine, its load and the time);
the tiled wavefront and the row-by-row sweep at n = 100,000 (and the tiled sweep at
n = 1,000,000 with ``--full``) are lines of the README's speed table.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("STOPLIB_PROGRESS", "0")

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import _kernels, solver  # noqa: E402
from stoplib.redblack.solver import _live_from_boundary, _tiled  # noqa: E402
from stoplib.util.timing import median_time as timed  # noqa: E402
from stoplib.workbook.benchmarks import RESULTS, Recorder  # noqa: E402

live_cells = rb.live_cells
ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).stem
#: What each method does, in a reader's words (the ``what`` of its rows in the results file).
WORDS = {
    "exact": "V({n}, {n}), exact fractions, row by row (plain Python)",
    "topdown": "V({n}, {n}), top-down memoised recursion (plain Python)",
    "row": "V({n}, {n}), row by row, 1 core",
    "diagonal": "V({n}, {n}), by anti-diagonals, 1 core",
    "tiled": "V({n}, {n}), tiled wavefront, parallel",
    "tiled (1 core)": "V({n}, {n}), tiled wavefront, 1 core",
    "balanced_values": "balanced_values({n}): V(i, i) for every i <= {n}, tiled wavefront, parallel",
    "value_table": "value_table({n}, {n}): every cell kept, row by row (numba)",
    "omniscient": "omniscient_value({n}, {n}): the omniscient player's value, {n} + 1 exact binomial terms",
}


def warm_up() -> None:
    for m in ("row", "diagonal", "tiled"):
        rb.value(300, 300, method=m)
    _tiled(300, 300, parallel=False)
    rb.balanced_values(300)
    rb.value_table(30, 30)
    rb.stopping_boundary(100)


def vector_report() -> str:
    """Compile uncached twins of the inner loops and count packed instructions.

    (numba cannot show the assembly of a kernel loaded from its cache, so the
    same Python functions are compiled once more without ``cache=True``.)
    """
    import re

    from numba import njit

    up = np.zeros(64)
    out = []
    for name, fastmath in (("_diag_update_fast", True), ("_diag_update_exact", False)):
        fn = njit(fastmath=fastmath)(getattr(_kernels, name).py_func)
        fn(up, up.copy(), up.copy(), 1.0, 2.0, 0.5)
        asm = fn.inspect_asm(fn.signatures[0])
        out.append(f"{name}: vmaxpd x{len(re.findall('vmaxpd', asm))}, "
                   f"zmm x{len(re.findall('zmm', asm))}, ymm x{len(re.findall('ymm', asm))}, "
                   f"vfmadd x{len(re.findall('vfmadd', asm))}")
    return "; ".join(out)


def cores(k: int) -> str:
    return f"{k} core" if k == 1 else f"{k} cores"


save = Recorder(BENCH, path=ROOT / RESULTS)


def row(method, n, seconds, cells, value, estimate=None, repeats=1, readme=""):
    """Print one row of the table and record its median."""
    est = "" if estimate is None else f" {estimate:>10.4f} {seconds / estimate:>9.2f}"
    print(f"{method:<16} {n:>10,} {seconds:>10.4f} {cells:>12.3e} {cells / seconds:>14.3e}{est}   {value:.9f}",
          flush=True)
    unit = "terms/s" if method == "omniscient" else "cell updates/s"
    save(f"red/black {WORDS[method].format(n=n)}", seconds, f"{cells / seconds:.2e} {unit}", repeats, readme)


def estimate(method, n, tile=None):
    """The budget's estimate (seconds) of the same call (``stoplib.redblack.rules``)."""
    return rb.work_estimate(n, n, method, tile=tile).seconds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="also n = 1,000,000")
    ap.add_argument("--tune", action="store_true", help="time tile sizes at n = 100,000")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-record", action="store_true", help=f"print only, write nothing to {RESULTS}")
    args = ap.parse_args(argv)

    import numba
    save.enabled = not args.no_record
    threads = numba.get_num_threads()
    tiled_label = f"red/black V(100000, 100000), tiled wavefront, {cores(threads)}"
    labels = {("tiled", 100_000): tiled_label, ("row", 100_000): "red/black V(100000, 100000), row by row, 1 core"}
    print(f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads; "
          f"default tile {solver.DEFAULT_TILE}", flush=True)
    t0 = time.perf_counter()
    warm_up()
    print(f"warm-up (compile or load cache): {time.perf_counter() - t0:.2f} s", flush=True)
    print(f"vectorisation: {vector_report()}\n", flush=True)

    from stoplib.util.timing import machine

    print(f"machine: {machine()}")
    print(f"{'method':<16} {'n':>10} {'seconds':>10} {'cells':>12} {'cells/second':>14} "
          f"{'estimate':>10} {'measured/':>9}   value V(n, n)")
    print(f"{'':<16} {'':>10} {'':>10} {'':>12} {'':>14} {'':>10} {'estimate':>9}")
    print("-" * 103)
    reps = args.repeats
    plan = [
        ("exact", 300, 1), ("topdown", 1000, 1),
        ("row", 10_000, reps), ("diagonal", 10_000, reps), ("tiled", 10_000, reps),
        ("row", 100_000, 1), ("diagonal", 100_000, 1), ("tiled", 100_000, reps),
    ]
    for method, n, k in plan:
        sec, v = timed(lambda: rb.value(n, n, method=method), k)
        cells = (n + 1) ** 2 if method in ("exact", "topdown") else live_cells(n, n)
        row(method, n, sec, cells, float(v), estimate(method, n), k, labels.get((method, n), ""))
    for n in (10_000, 100_000):
        k = 1 if n > 10_000 else reps
        sec, v = timed(lambda: _tiled(n, n, parallel=False).value, k)
        row("tiled (1 core)", n, sec, live_cells(n, n), v, repeats=k)
    sec, bv = timed(lambda: rb.balanced_values(100_000), reps)
    row("balanced_values", 100_000, sec, live_cells(100_000, 100_000), bv[-1], estimate("tiled", 100_000), reps)
    sec, t = timed(lambda: rb.value_table(3000, 3000), reps)
    row("value_table", 3000, sec, 3001 ** 2, float(t[-1, -1]), estimate("table", 3000), reps)
    # the omniscient player's value: a sum of n + 1 exact binomial terms, each from the one before
    # ("cells" are terms here; 170 s at n = 10,000 when every term was a fresh binomial)
    for n in (1_000, 10_000):
        sec, v = timed(lambda: rb.omniscient_value(n, n), 1)
        row("omniscient", n, sec, n + 1, float(v))

    if args.full:
        n = 1_000_000
        # the tiled sweep records the stopping boundary as it goes (no extra
        # cost), which gives the exact number of cells it updated
        sec, out = timed(lambda: _tiled(n, n, boundary=True), 1)
        cells = _live_from_boundary(out[2], n)
        row("tiled", n, sec, cells, out[0], estimate("tiled", n),
            readme=f"red/black V(1000000, 1000000), tiled wavefront, {cores(threads)}")
        sec, bv = timed(lambda: rb.balanced_values(n), 1)
        row("balanced_values", n, sec, cells, bv[-1], estimate("tiled", n))

    if args.tune:
        n = 100_000
        print(f"\ntile size at n = {n:,} (parallel, fastmath)")
        for tile in (128, 256, 384, 512, 768, 1024, 1536, 2048, 4096):
            sec, v = timed(lambda: _tiled(n, n, tile=tile).value, reps)
            print(f"  tile {tile:>5}: {sec:.4f} s (estimate {estimate('tiled', n, tile):.4f} s)", flush=True)
            save(f"red/black V({n}, {n}), tiled wavefront, parallel, tile {tile}", sec,
                 f"{live_cells(n, n) / sec:.2e} cell updates/s", reps)
    print(f"\n{save.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
