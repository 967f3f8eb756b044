"""Benchmark the increasing-fields solvers (the source page: Win(1000, 20) in 12 s in Python).

Compares, at each size, the O(V^2 F) monotone-argmax kernel ("fast"), the plain
O(V^2 F^2) kernel ("plain") and, where feasible, the exact big-integer twins.
Numba kernels are compiled and warmed up first; each timing is the median of
several repeats with the table cache cleared between runs.

    python benchmarks/bench_fields.py          # default sizes
    python benchmarks/bench_fields.py --full   # adds the larger sizes
"""
from __future__ import annotations

import argparse
import statistics
import time

from stoplib import fields as fl
from stoplib.fields import document as doc
from stoplib.util.timing import median_time


def clear():
    fl.clear_cache()


def timed(fn, repeats):
    return median_time(fn, repeats, setup=clear)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="include the largest sizes")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    for method in fl.METHODS:
        fl.win_probability(30, 5, method=method)      # compile / load the numba cache
    fl.simulate(30, 5, 10)
    print(f"warm-up (compile or load cache): {time.perf_counter() - t0:.2f} s\n")

    sizes = [(200, 10, 5), (doc.TIMING_V, doc.TIMING_F, 7), (2000, 30, 3), (5000, 50, 1)]
    if args.full:
        sizes += [(10000, 50, 1), (5000, 100, 1)]
    exact_ok = {(200, 10), (doc.TIMING_V, doc.TIMING_F)}
    plain_max_steps = 2e10 if args.full else 3e9

    header = f"{'V':>6} {'F':>4} | {'fast (s)':>10} {'plain (s)':>10} {'exact fast (s)':>15} | {'Win(V, F)':>12} {'rel diff':>9}"
    print(header)
    print("-" * len(header))
    for V, F, reps in sizes:
        t_fast, w_fast = timed(lambda: fl.win_probability(V, F, method="fast"), reps)
        steps = F * F * (V - F) * V / 8
        if steps <= plain_max_steps:
            t_plain, w_plain = timed(lambda: fl.win_probability(V, F, method="plain"), max(1, reps // 2))
            diff = abs(w_fast - w_plain) / w_plain
            plain_s, diff_s = f"{t_plain:10.4f}", f"{diff:9.1e}"
        else:
            plain_s, diff_s = f"{'-':>10}", f"{'-':>9}"
        if (V, F) in exact_ok:
            t_exact, w_exact = timed(lambda: fl.win_probability(V, F, exact=True), 1)
            exact_s = f"{t_exact:15.3f}"
            assert abs(float(w_exact) - w_fast) <= 1e-12 * w_fast
        else:
            exact_s = f"{'-':>15}"
        print(f"{V:6d} {F:4d} | {t_fast:10.4f} {plain_s} {exact_s} | {w_fast:12.5e} {diff_s}", flush=True)

    print(f"\ndocument: Win({doc.TIMING_V}, {doc.TIMING_F}) in {doc.TIMING_SECONDS:.0f} s (Python big integers, "
          "O(V^2 F A)); target here: under 0.05 s for the fast float kernel")

    n = 200_000 if args.full else 50_000
    print(f"\nMonte Carlo, {n:,} games each (median of 3, table already cached):")
    for V, F in [(100, 10), (doc.TIMING_V, doc.TIMING_F)]:
        fl.win_probability(V, F)
        for policy in fl.POLICIES:
            times = []
            for _ in range(3):
                t1 = time.perf_counter()
                res = fl.simulate(V, F, n, policy, seed=1)
                times.append(time.perf_counter() - t1)
            print(f"  V={V:5d} F={F:3d} {policy:>12}: {statistics.median(times):7.3f} s  "
                  f"win rate {res.mean:.5f} +- {res.std_err:.5f}")

if __name__ == "__main__":
    main()
