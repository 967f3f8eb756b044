"""Benchmark the increasing-fields solvers (the source page: Win(1000, 20) in 12 s in Python).

Compares, at each size, the O(V^2 F) monotone-argmax kernel ("fast"), the plain
O(V^2 F^2) kernel ("plain") and, where feasible, the exact big-integer twins.
Numba kernels are compiled and warmed up first; each timing is the median of
several repeats with the table cache cleared between runs.

    python benchmarks/bench_fields.py              # default sizes, then the budget calibration
    python benchmarks/bench_fields.py --full       # adds the larger sizes
    python benchmarks/bench_fields.py --calibrate  # only the budget calibration
    python benchmarks/bench_fields.py --no-record  # print only, leave benchmarks/results.csv alone

The calibration runs every entry point whose cost grows with its arguments at a
few sizes and prints the estimate the work budget made before the call
(:mod:`stoplib.util.budget`, rates in :mod:`stoplib.fields._costs`) beside the
measured time: the ratio measured / estimate should stay below 1 (estimates are
meant to be honest upper bounds within a small factor).

Every time printed is recorded in ``benchmarks/results.csv``
(:func:`stoplib.workbook.benchmarks.record`, with the machine, its load and the time);
the fast kernel's Win(1000, 20) and Win(5000, 50) are lines of the README's speed table.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from stoplib import fields as fl
from stoplib.fields import document as doc, plots
from stoplib.util import budget
from stoplib.util.timing import machine, median_time
from stoplib.workbook import style
from stoplib.workbook.benchmarks import RESULTS, Recorder

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).stem
#: The sizes whose fast-kernel time is a line of the README's speed table.
README = {(doc.TIMING_V, doc.TIMING_F), (5000, 50)}


save = Recorder(BENCH, path=ROOT / RESULTS)


def clear():
    fl.clear_cache()


def timed(fn, repeats):
    return median_time(fn, repeats, setup=clear)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="include the largest sizes")
    parser.add_argument("--calibrate", action="store_true", help="only the budget calibration")
    parser.add_argument("--no-record", action="store_true", help=f"print only, write nothing to {RESULTS}")
    args = parser.parse_args(argv)
    save.enabled = not args.no_record
    if args.calibrate:
        calibrate()
        print(f"\n{save.summary()}")
        return

    t0 = time.perf_counter()
    for method in fl.METHODS:
        fl.win_probability(30, 5, method=method)      # compile / load the numba cache
    fl.simulate(30, 5, 10)
    print(f"warm-up (compile or load cache): {time.perf_counter() - t0:.2f} s\n")

    sizes = [(200, 10, 5), (doc.TIMING_V, doc.TIMING_F, 7), (2000, 30, 3), (5000, 50, 3)]
    if args.full:
        sizes += [(10000, 50, 1), (5000, 100, 1)]
    exact_ok = {(200, 10), (doc.TIMING_V, doc.TIMING_F)}
    plain_max_steps = 2e10 if args.full else 3e9

    header = (f"{'V':>6} {'F':>4} | {'fast (s)':>10} {'plain (s)':>10} {'exact fast (s)':>15} | "
              f"{'Win(V, F)':>12} {'rel diff':>9}")
    print(header)
    print("-" * len(header))
    for V, F, reps in sizes:
        t_fast, w_fast = timed(lambda: fl.win_probability(V, F, method="fast"), reps)
        readme = f"increasing fields Win({V}, {F})" if (V, F) in README else ""
        if (V, F) == (doc.TIMING_V, doc.TIMING_F):
            readme += f" (the document's Python: {doc.TIMING_SECONDS:.0f} s)"
        save(f"increasing fields Win({V}, {F}), fast kernel (monotone argmax, O(V^2 F))", t_fast, repeats=reps,
             readme=readme)
        steps = F * F * (V - F) * V / 8
        if steps <= plain_max_steps:
            k = max(1, reps // 2)
            t_plain, w_plain = timed(lambda: fl.win_probability(V, F, method="plain"), k)
            save(f"increasing fields Win({V}, {F}), plain kernel (O(V^2 F^2))", t_plain, repeats=k)
            diff = abs(w_fast - w_plain) / w_plain
            plain_s, diff_s = f"{t_plain:10.4f}", f"{diff:9.1e}"
        else:
            plain_s, diff_s = f"{'-':>10}", f"{'-':>9}"
        if (V, F) in exact_ok:
            t_exact, w_exact = timed(lambda: fl.win_probability(V, F, exact=True), 1)
            save(f"increasing fields Win({V}, {F}), exact big integers (monotone argmax)", t_exact)
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
            med = statistics.median(times)
            print(f"  V={V:5d} F={F:3d} {policy:>12}: {med:7.3f} s  "
                  f"win rate {res.mean:.5f} +- {res.std_err:.5f}")
            save(f"increasing fields Monte Carlo V={V}, F={F}, {policy} policy, {n:,} games", med,
                 f"{n / med:.3g} games/s", 3)
    print()
    calibrate()
    print(f"\n{save.summary()}")


def estimated(fn):
    """Run ``fn`` once (cold caches) and return (the first estimate it checked, seconds)."""
    seen = []
    original = budget.check

    def noted(estimate):
        seen.append(estimate)
        return original(estimate)

    fl.clear_cache()
    budget.check = noted
    try:
        t0 = time.perf_counter()
        fn()
        seconds = time.perf_counter() - t0
    finally:
        budget.check = original
    return (seen[0] if seen else None), seconds


CALIBRATION = [
    # float tables
    ("win_probability(1000, 20)", lambda: fl.win_probability(1000, 20)),
    ("win_probability(5000, 50)", lambda: fl.win_probability(5000, 50)),
    ("win_probability(1000, 500)", lambda: fl.win_probability(1000, 500)),
    ("win_probability(20000, 2)", lambda: fl.win_probability(20000, 2)),
    ("win_probability(1000, 20, plain)", lambda: fl.win_probability(1000, 20, method="plain")),
    ("win_probability(300, 60, plain)", lambda: fl.win_probability(300, 60, method="plain")),
    ("policy_win_probability(2000, 50)", lambda: fl.policy_win_probability(2000, 50)),
    ("win_table(2000, 100)", lambda: fl.win_table(2000, 100)),
    ("optimal_policy(20000, 5)", lambda: fl.optimal_policy(20000, 5)),
    # the exact twin
    ("win_probability(200, 10, exact)", lambda: fl.win_probability(200, 10, exact=True)),
    ("win_probability(1000, 20, exact)", lambda: fl.win_probability(1000, 20, exact=True)),
    ("win_probability(300, 100, exact)", lambda: fl.win_probability(300, 100, exact=True)),
    ("win_probability(150, 30, exact, plain)", lambda: fl.win_probability(150, 30, exact=True, method="plain")),
    ("win_table(60, 25, exact)", lambda: fl.win_table(60, 25, exact=True)),
    ("state_probability(60, 20, exact)", lambda: fl.state_probability(60, 20, [None] * 10 + [30] + [None] * 9,
                                                                      exact=True)),
    # the brute force and the claims
    ("brute_force_win_probability(9, 5)", lambda: fl.brute_force_win_probability(9, 5)),
    ("brute_force_win_probability(12, 4)", lambda: fl.brute_force_win_probability(12, 4)),
    ("check_recurrence(7)", lambda: fl.check_recurrence(7)),
    ("check_gap_formula([(7, 3)])", lambda: fl.check_gap_formula([(7, 3)])),
    ("check_monotonicity(50)", lambda: fl.check_monotonicity(50)),
    ("tied_first_moves(50)", lambda: fl.tied_first_moves(50)),
    # Monte Carlo
    ("simulate(10, 3, 10**6, nearest)", lambda: fl.simulate(10, 3, 10**6, "nearest")),
    ("simulate(1000, 20, 2*10**5, optimal)", lambda: fl.simulate(1000, 20, 2 * 10**5, "optimal")),
    ("simulate(200, 100, 10**5, proportional)", lambda: fl.simulate(200, 100, 10**5, "proportional")),
    # figures
    ("first_moves(20000, 5)", lambda: fl.first_moves(20000, 5)),
    # figures (each draws a result computed beforehand, outside the timing)
    ("plot_win_heatmap(win_table(200, 50))", lambda: plots.plot_win_heatmap(_given("table")).figure.canvas.draw()),
    ("plot_optimal_policy(first_moves(10000, 5))",
     lambda: plots.plot_optimal_policy(_given("moves")).figure.canvas.draw()),
    ("plot_band_widths(first_moves(2000, 100))",
     lambda: plots.plot_band_widths(_given("bands")).figure.canvas.draw()),
    ("plot_board(Position(200, 100))", lambda: plots.plot_board(_given("position")).figure.canvas.draw()),
]

_GIVEN = {}


def _given(name):
    """The results the figures draw, computed once before the figures are timed."""
    if not _GIVEN:
        _GIVEN.update(table=fl.win_table(200, 50), moves=fl.first_moves(10000, 5), bands=fl.first_moves(2000, 100),
                      position=fl.Position(200, 100, (None,) * 100))
    return _GIVEN[name]


def calibrate():
    """Print the budget's estimate beside the measured time for each entry point."""
    fl.win_probability(30, 5), fl.win_probability(30, 5, method="plain"), fl.policy_win_probability(30, 5)
    fl.simulate(30, 5, 10), fl.optimal_policy(30, 5)
    with style.context():
        plots.plot_board(fl.Position(10, 3, (None,) * 3))
    _given("table")
    print("budget calibration: the work budget's estimate before each call, and the call's time")
    print(f"machine: {machine()}")
    header = f"{'call':<42} {'estimate (s)':>12} {'measured (s)':>12} {'ratio':>6} {'estimate (MiB)':>14}"
    print(header)
    print("-" * len(header))
    for name, fn in CALIBRATION:
        est, seconds = estimated(fn)
        save(f"increasing fields budget calibration: {name}, one cold call", seconds)
        if est is None:
            print(f"{name:<42} {'-':>12} {seconds:12.4f}")
            continue
        ratio = seconds / est.seconds if est.seconds > 0 else float("inf")
        print(f"{name:<42} {est.seconds:12.4f} {seconds:12.4f} {ratio:6.2f} {est.bytes / 2**20:14.1f}", flush=True)


if __name__ == "__main__":
    main()
