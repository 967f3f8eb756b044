"""Benchmark the red/black Monte Carlo: games per second, serial vs parallel, 26/26.

Run directly (``python benchmarks/bench_redblack_sim.py [--full] [--no-record]``) or through
``make bench``. Kernels are compiled (and the policy computed) before timing;
the table shows medians over repeats, each recorded in ``benchmarks/results.csv``
(:func:`stoplib.workbook.benchmarks.record`; ``--no-record`` prints only).
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("STOPLIB_PROGRESS", "0")

import numba  # noqa: E402

from stoplib import redblack as rbs  # noqa: E402
from stoplib.redblack._costs import simulate_cost  # noqa: E402
from stoplib.redblack.simulation import CHUNK  # noqa: E402
from stoplib.util.timing import median_seconds as timed  # noqa: E402
from stoplib.workbook.benchmarks import RESULTS, Recorder  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).stem


save = Recorder(BENCH, path=ROOT / RESULTS)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true", help="also 10 million games and a 520/520 deck")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-record", action="store_true", help=f"print only, write nothing to {RESULTS}")
    args = parser.parse_args(argv)
    save.enabled = not args.no_record

    # warm up: compile both kernels and the sample-path kernel
    for parallel in (False, True):
        rbs.simulate(26, 26, 1000, seed=0, parallel=parallel)
        rbs.simulate(26, 26, 1000, seed=0, parallel=parallel, replacement=True)
    rbs.sample_paths(26, 26, 10, seed=0)

    cases = [(26, 26, 1_000_000, False), (26, 26, 1_000_000, True)]
    if args.full:
        cases += [(26, 26, 10_000_000, False), (260, 260, 1_000_000, False)]
    print(f"numba threads: {numba.get_num_threads()}; median of {args.repeats} runs")
    from stoplib.util.timing import machine

    print(f"machine: {machine()}")
    header = (f"{'deck':>9} {'model':>11} {'games':>11} {'serial s':>9} {'parallel s':>11} "
              f"{'serial games/s':>15} {'parallel games/s':>17} {'speedup':>8} "
              f"{'estimate s (serial/parallel)':>29}")
    print(header)
    print("-" * len(header))
    for n_red, n_black, n_games, replacement in cases:
        t = {}
        for parallel in (False, True):
            t[parallel] = timed(lambda: rbs.simulate(n_red, n_black, n_games, seed=1,
                                                     parallel=parallel,
                                                     replacement=replacement), args.repeats)
        model = "p = 1/2" if replacement else "real game"
        print(f"{n_red:>4}/{n_black:<4} {model:>11} {n_games:>11,} {t[False]:>9.3f} "
              f"{t[True]:>11.3f} {n_games / t[False]:>15,.0f} {n_games / t[True]:>17,.0f} "
              f"{t[False] / t[True]:>8.2f} "
              f"{simulate_cost(n_red, n_black, n_games, replacement, False, CHUNK).seconds:>14.3f}/"
              f"{simulate_cost(n_red, n_black, n_games, replacement, True, CHUNK).seconds:<14.3f}")
        for parallel in (False, True):
            how = "parallel" if parallel else "serial"
            save(f"red/black Monte Carlo {n_red}/{n_black}, {model}, {n_games:,} games, {how}", t[parallel],
                 f"{n_games / t[parallel]:.3g} games/s", args.repeats)
    n_paths = 100_000
    tp = timed(lambda: rbs.sample_paths(26, 26, n_paths, seed=1), args.repeats)
    print(f"\nsample_paths 26/26: {n_paths:,} paths in {tp:.3f} s ({n_paths / tp:,.0f} paths/s)")
    save(f"red/black sample_paths 26/26, {n_paths:,} paths", tp, f"{n_paths / tp:.3g} paths/s", args.repeats)
    print(f"\n{save.summary()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
