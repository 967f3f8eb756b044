"""Benchmark of the hold'em stacking search (document 004): optimal stackings per second.

    python benchmarks/bench_holdem_search.py          # 2 players, 400 restarts per run
    python benchmarks/bench_holdem_search.py --full   # 2,000 restarts per run, and 3..6 players

Target (issue 6): at least 20 optimal two-player stackings per second on the
2-core machine, steepest ascent as in the article, parallel over restarts.
Also timed: deck_value (52 cuts) and the serial kernel, the first-improvement
variant, and the random tie-break. Each line is the median over repeats, after
a warm-up that compiles (or loads) every kernel.

Then the **work budget** (issue 12): serial climbs per second for 2..6 players,
the speed-up of first improvement, the cost of a kick, and a small
``run_search``, each beside the estimate ``search``/``run_search`` refuse by
(:data:`stoplib.holdem._costs.RATES`), with the rate each timing implies
(``--budget-only`` runs just this part).
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


def best_time(fn, repeats: int):
    """``(seconds, result)`` of the fastest of ``repeats`` calls (the machine is shared)."""
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        res = fn()
        sec = time.perf_counter() - t0
        if sec < best:
            best, out = sec, res
    return best, out


def budget_report(repeats: int = 2, scale: int = 1) -> None:
    """Serial search rates beside the estimates of stoplib.holdem._costs (and the rates they imply)."""
    import tempfile

    from stoplib.holdem import _costs as costs, run_search
    from stoplib.util import budget

    rates = costs.RATES
    rows = []
    with budget.allow(seconds=1e9, bytes=1e15):
        for players in (2, 3, 4, 5, 6):
            n = (60 if players == 2 else 30) * scale
            search(1, players, seed=0, parallel=False)
            est = costs._search_estimate("x", n, players, "steepest", 0, 1.0).seconds
            sec, _ = best_time(lambda: search(n, players, seed=1, parallel=False), repeats)
            rows.append((f"search({n}, {players} players, steepest, serial)", est, sec,
                         f"climbs[{players}]", n / sec))
            if players == 2:
                steepest2 = n / sec
        n = 200 * scale
        search(1, method="first", seed=0, parallel=False)
        est = costs._search_estimate("x", n, 2, "first", 0, 1.0).seconds
        sec, _ = best_time(lambda: search(n, method="first", seed=1, parallel=False), repeats)
        rows.append((f"search({n}, 2 players, first, serial)", est, sec, "first_speedup",
                     n / sec / steepest2))
        n, kicks = 10 * scale, 20
        plain, _ = best_time(lambda: search(n, 3, method="first", seed=2, parallel=False), repeats)
        est = costs._search_estimate("x", n, 3, "first", kicks, 1.0).seconds
        sec, res = best_time(lambda: search(n, 3, method="first", kicks=kicks, kick_size=2, seed=2,
                                            parallel=False), repeats)
        used = max(int(res.kicks_used.sum()), 1)
        rows.append((f"search({n}, 3 players, first, {kicks} kicks, serial)", est, sec, "kick",
                     (sec - plain) / used / (plain / n)))
        n = 200 * scale
        path = os.path.join(tempfile.mkdtemp(), "s.txt")
        run_search(2, seed=0, n_workers=2, out_path=path, show_progress=False)
        est = costs._search_estimate("x", n, 2, "steepest", 0, costs._threads(True),
                                     overhead=rates["dask_start"]).seconds
        t0 = time.perf_counter()
        run_search(n, seed=1, n_workers=2, batch_size=20, out_path=path, show_progress=False)
        rows.append((f"run_search({n}, 2 workers, 2 players)", est, time.perf_counter() - t0, "", float("nan")))
    print("\nwork budget: estimate (stoplib.holdem._costs.RATES) beside the fastest measured run")
    print(f"{'call':<46} {'estimate s':>10} {'measured s':>10} {'ratio':>6}  {'RATES key':<14} {'implied':>9}")
    for call, est, sec, key, implied in rows:
        print(f"{call:<46} {est:>10.3g} {sec:>10.3g} {est / sec:>6.2f}  {key:<14} {implied:>9.3g}")
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores while timing)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="more restarts, and 3..6 players")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--budget-only", action="store_true", help="only the work-budget calibration")
    args = ap.parse_args(argv)
    if args.budget_only:
        budget_report(args.repeats, 2 if args.full else 1)
        return 0
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
    budget_report(args.repeats, 2 if args.full else 1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
