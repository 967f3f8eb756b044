"""Benchmark of the hold'em stacking search (document 004): optimal stackings per second.

    python benchmarks/bench_holdem_search.py          # 2 players, 400 restarts per run
    python benchmarks/bench_holdem_search.py --full   # 2,000 restarts per run, and 3..6 players

Target (issue 6): at least 20 optimal two-player stackings per second on the
2-core machine, steepest ascent as in the article, parallel over restarts.
Also timed: deck_value (52 cuts) and the serial kernel, the first-improvement
variant, and the random tie-break. Each line is the median over repeats, after
a warm-up that compiles (or loads) every kernel.
"""
from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("STOPLIB_PROGRESS", "0")

import numpy as np  # noqa: E402
import numba  # noqa: E402

from stoplib.holdem import deck_value, search  # noqa: E402
from stoplib.holdem.document import EXAMPLE_DECK  # noqa: E402
from stoplib.util.timing import median_time as timed  # noqa: E402



def warm_up():
    deck_value(EXAMPLE_DECK)
    for method, tb in (("steepest", "first"), ("steepest", "random"), ("first", "first")):
        search(2, method=method, tie_break=tb, seed=0, parallel=True)
        search(2, method=method, tie_break=tb, seed=0, parallel=False)
    search(2, objective="wins_or_ties", seed=0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="more restarts, and 3..6 players")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    n = 2000 if args.full else 400
    t0 = time.perf_counter()
    warm_up()
    print(f"warm-up (compile or load kernels): {time.perf_counter() - t0:.1f} s; "
          f"numba threads: {numba.get_num_threads()}")

    deck = np.random.default_rng(0).permutation(52)
    sec, _ = timed(lambda: [deck_value(deck) for _ in range(1000)], args.repeats)
    print(f"deck_value, 52 cuts, 2 players: {sec / 1000 * 1e6:.1f} us per deck (incl. validation)\n")

    print(f"{'players':>7} {'seat':>4} {'method':<9} {'ties':<6} {'mode':<8} {'restarts':>8} "
          f"{'seconds':>8} {'restarts/s':>10} {'optimal':>8} {'optimal/s':>9} {'mean steps':>10}")
    configs = [(2, 1, "steepest", "first", True), (2, 1, "steepest", "first", False),
               (2, 2, "steepest", "first", True), (2, 1, "steepest", "random", True),
               (2, 1, "first", "first", True)]
    if args.full:
        configs += [(k, 1, "steepest", "first", True) for k in (3, 4, 5, 6)]
    for players, seat, method, tb, parallel in configs:
        sec, res = timed(lambda: search(n, players, seat, method=method, tie_break=tb, seed=1,
                                        parallel=parallel), args.repeats)
        print(f"{players:>7} {seat:>4} {method:<9} {tb:<6} {'parallel' if parallel else 'serial':<8} "
              f"{n:>8} {sec:>8.3f} {n / sec:>10.1f} {res.n_optimal:>8} {res.n_optimal / sec:>9.1f} "
              f"{res.steps.mean():>10.2f}", flush=True)
    print("\ntarget: >= 20 optimal two-player stackings per second (first row)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
