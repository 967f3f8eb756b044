"""Benchmark the two-player games: Pig at goal 100 and Ten Thousand at 200 chips, methods side by side.

Usage: python benchmarks/bench_tenthousand_duel.py [--full] [--calibrate-only] [--no-record]

Prints medians over repeats after a warm-up call that compiles every kernel (numba caches
them on disk), the peak memory of a fresh process that solves Ten Thousand at 200 chips, and
writes every row to ``benchmarks/tenthousand_duel_timings.csv`` (machine and load named in
each row). The last section runs each budgeted entry point of the duels at a measurable size
and prints the budget's estimate (``stoplib/tenthousand/_costs.py``) beside the measured time.
Every time printed is also recorded in ``benchmarks/results.csv``
(:func:`stoplib.workbook.benchmarks.record`); two-player Pig at goal 100 and two-player Ten
Thousand at 200 chips (pairwise, one core: ``duel``'s default) are lines of the README's speed
table. ``--no-record`` prints only: it writes neither file.

Targets (issue 18): two-player Pig at goal 100 under 0.5 s on one core; two-player Ten
Thousand at 200 chips under 30 s and 2 GiB on the 2-core development machine.
"""
from __future__ import annotations

import csv
import datetime
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
os.environ.setdefault("STOPLIB_PROGRESS", "0")

import numpy as np  # noqa: E402

from stoplib import tenthousand as tt  # noqa: E402
from stoplib.tenthousand import _costs, duel_game, pig_duel_game  # noqa: E402
from stoplib.util import budget  # noqa: E402
from stoplib.util.timing import machine, median_time  # noqa: E402
from stoplib.workbook.benchmarks import RESULTS, Recorder  # noqa: E402

ROOT = HERE.parent
BENCH = Path(__file__).stem
CSV = HERE / "tenthousand_duel_timings.csv"
FIELDS = ["date", "game", "goal", "method", "cores", "repeats", "median_s", "runs_s", "first_player_win",
          "residual", "passes_or_rounds", "peak_rss_mib", "machine"]

_PEAK = """
import os, resource, sys, time
os.environ["STOPLIB_PROGRESS"] = "0"
from stoplib.tenthousand import duel_game
duel_game._compute(10, "pairwise", "reach", False)          # kernels from numba's cache
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
r = duel_game._compute({goal}, "{method}", "reach", {parallel})
print(base, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.perf_counter() - t, r.first_player_win)
"""


save = Recorder(BENCH, path=ROOT / RESULTS)


def where():
    load = os.getloadavg()[0]
    return f"{machine()}, load average {load:.1f}"


def fmt(seconds):
    return f"{seconds * 1e3:8.1f} ms" if seconds < 1 else f"{seconds:8.2f} s "


def timed(fn, repeats):
    runs = []
    result = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn()
        runs.append(time.perf_counter() - t0)
    return float(np.median(runs)), runs, result


def peak_memory(goal, method, parallel):
    """Peak resident memory (MiB) of a fresh process that solves, and of the same process before."""
    code = _PEAK.format(goal=goal, method=method, parallel=parallel)
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    base, peak, seconds, value = out.stdout.split()
    return int(base) / 1024, int(peak) / 1024, float(seconds), float(value)


def calibration():
    """Each budgeted entry point at a measurable size: the estimate beside the measured time."""
    cases = [
        ("pig_duel(100, pairwise)", _costs.pig_duel(100, 6, "pairwise"),
         lambda: pig_duel_game._solve.__wrapped__(100, 6, "pairwise")),
        ("pig_duel(100, value_iteration)", _costs.pig_duel(100, 6, "value_iteration"),
         lambda: pig_duel_game._solve.__wrapped__(100, 6, "value_iteration")),
        ("pig_duel(20, exact)", _costs.pig_duel(20, 6, "exact"),
         lambda: pig_duel_game._solve.__wrapped__(20, 6, "exact")),
        ("pig_duel_evaluate(hold at 20, 100)", _costs.pig_duel_evaluate(100, 6),
         lambda: tt.pig_duel_evaluate(tt.pig_hold_at(20), tt.pig_keep_pace(), 100)),
        ("pig_duel_brute_force(40)", _costs.pig_brute_force(40, 6, 100_000), lambda: tt.pig_duel_brute_force(40)),
        ("duel(100, pairwise)", _costs.duel(100, "pairwise", False),
         lambda: duel_game._compute(100, "pairwise", "reach", False)),
        ("duel(60, value_iteration)", _costs.duel(60, "value_iteration", False),
         lambda: duel_game._compute(60, "value_iteration", "reach", False)),
        ("duel_evaluate(solitaire, 100)", _costs.duel_evaluate(100), lambda: tt.duel_evaluate("solitaire", goal=100)),
        ("duel_brute_force(10)", _costs.duel_brute_force(10, 100_000), lambda: tt.duel_brute_force(10)),
        ("duel_simulate(100, 20,000 games)", _costs.duel_simulate(100, 20_000, False),
         lambda: tt.duel_simulate(goal=100, n_games=20_000, seed=1, parallel=False)),
        ("pig_duel_simulate(100, 200,000 games)", _costs.pig_duel_simulate(100, 6, 200_000, False),
         lambda: tt.pig_duel_simulate(goal=100, n_games=200_000, seed=1, parallel=False)),
        ("resolving stop_at_policy(20000)", _costs.resolve_policy(20_000),
         lambda: tt.duel_evaluate(tt.stop_at_policy(20_000), goal=2)),
    ]
    print(f"{'budgeted call':<40}{'estimate':>12}{'measured':>12}{'est/meas':>10}")
    worst = float("inf")
    with budget.allow(seconds=float("inf"), bytes=float("inf")):
        for name, est, fn in cases:
            reps = 3 if est.seconds < 2 else 1
            measured = median_time(fn, reps)[0]
            save(f"two-player budget calibration: {name}", measured, repeats=reps)
            ratio = est.seconds / measured
            worst = min(worst, ratio)
            print(f"{name:<40}{fmt(est.seconds):>12}{fmt(measured):>12}{ratio:>10.2f}", flush=True)
    print(f"smallest estimate/measured ratio: {worst:.2f}")
    return worst


GAMES = {"pig": "two-player Pig at goal {goal}", "tenthousand": "two-player Ten Thousand at {goal} chips"}
README = {("pig", 100, "pairwise", 1): "two-player Pig at goal 100, pairwise, 1 core",
          ("tenthousand", 200, "pairwise", 1): "two-player Ten Thousand at 200 chips, pairwise, 1 core"}


class Rows(list):
    """The rows of the timing CSV: each printed, kept, and its median recorded."""

    def __call__(self, game, goal, method, cores, med, runs, r, passes, peak=""):
        print(f"{game:<12}{goal:>6}  {method:<26}{cores:>6}{fmt(med):>12}{r.first_player_win:>20.15f}"
              f"{r.residual:>11.1e}{passes:>10.2f}")
        self.append(dict(date=datetime.date.today().isoformat(), game=game, goal=goal, method=method, cores=cores,
                         repeats=len(runs), median_s=f"{med:.4f}", runs_s=" ".join(f"{x:.3f}" for x in runs),
                         first_player_win=f"{r.first_player_win:.15f}", residual=f"{r.residual:.2e}",
                         passes_or_rounds=f"{passes:.3f}", peak_rss_mib=peak, machine=where()))
        how = "parallel" if cores > 1 else "1 core"
        save(f"{GAMES[game].format(goal=goal)}, {method}, {how}", med, repeats=len(runs),
             readme=README.get((game, goal, method, cores), ""))


def pig_duels(row, full):
    reps = 21 if full else 7
    for method in ("pairwise", "value_iteration"):
        med, runs, r = timed(lambda: pig_duel_game._solve.__wrapped__(100, 6, method), reps)
        row("pig", 100, method, 1, med, runs, r, r.iterations[np.triu_indices(100)].mean())
    med, runs, r = timed(lambda: pig_duel_game._solve.__wrapped__(20, 6, "exact"), 3)
    row("pig", 20, "exact (Fractions)", 1, med, runs, r, r.iterations[np.triu_indices(20)].mean())


def tenthousand_duels(row, full):
    reps = 5 if full else 3
    for method, parallel in (("pairwise", False), ("pairwise", True), ("value_iteration", False)):
        n = reps if method == "pairwise" else 1
        med, runs, r = timed(lambda: duel_game._compute(200, method, "reach", parallel), n)
        passes = r.iterations[np.triu_indices(200)].mean()
        row("tenthousand", 200, method, 2 if parallel else 1, med, runs, r, passes)
    for method, parallel in (("pairwise", False), ("value_iteration", False)):
        base, peak, seconds, value = peak_memory(200, method, parallel)
        print(f"peak memory, fresh process, {method}: {peak:.0f} MiB (imports and kernels alone: {base:.0f} MiB; "
              f"solve {seconds:.1f} s)")
        row.append(dict(date=datetime.date.today().isoformat(), game="tenthousand", goal=200,
                        method=f"{method} (fresh process)", cores=1, repeats=1, median_s=f"{seconds:.4f}",
                        runs_s=f"{seconds:.3f}", first_player_win=f"{value:.15f}", residual="", passes_or_rounds="",
                        peak_rss_mib=f"{peak:.0f} (imports {base:.0f})", machine=where()))
        save(f"two-player Ten Thousand at 200 chips, {method}, 1 core, in a fresh process", seconds)


def through_the_api():
    with budget.allow(seconds=float("inf")):
        duel_game._MEMO.clear()
        t1 = time.perf_counter()
        tt.duel(200)                              # from the disk cache when a checked copy is there
        first = time.perf_counter() - t1
        duel_game._MEMO.clear()
        med, runs, r = timed(lambda: (duel_game._MEMO.clear(), tt.duel(200))[1], 5)
    print(f"duel(200) through the cache: first call {fmt(first)}, then read back and checked in {fmt(med)} "
          "(median of 5)")
    save("two-player Ten Thousand, duel(200): the first call of a process (disk cache when present)", first)
    save("two-player Ten Thousand, duel(200): read back from the disk cache and checked", med, repeats=5)
    with budget.allow(seconds=float("inf")):
        for who in ("solitaire", "optimal"):
            med, runs, m = timed(lambda: tt.duel_evaluate(who, "optimal", goal=200), 3)
            print(f"duel_evaluate({who!r}, 'optimal', 200): {fmt(med)}  first {m.first_player_win:.6f}, "
                  f"second {m.second_player_win:.6f}")
            save(f"two-player Ten Thousand, duel_evaluate({who!r}, 'optimal', goal=200)", med, repeats=3)
        med, runs, s = timed(lambda: tt.duel_simulate(goal=200, n_games=20_000, seed=1, parallel=False), 1)
        print(f"duel_simulate(200, 20,000 games, one core): {fmt(med)}  win rate {s.win_rate:.4f} +- {s.std_err:.4f}")
        save("two-player Ten Thousand, duel_simulate(goal=200), 20,000 games, 1 core", med,
             f"{20_000 / med:.3g} games/s")
    counts = tt.duel(200).state_count
    print("states at 200 chips: " + ", ".join(f"{k} {v:,}" for k, v in counts.items()))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    full = "--full" in argv
    save.enabled = "--no-record" not in argv
    t0 = time.perf_counter()
    pig_duel_game._solve.__wrapped__(10, 6, "pairwise")
    pig_duel_game._solve.__wrapped__(10, 6, "value_iteration")
    duel_game._compute(10, "pairwise", "reach", False)
    duel_game._compute(10, "pairwise", "reach", True)
    duel_game._compute(10, "value_iteration", "reach", False)
    tt.duel_evaluate("solitaire", goal=10)
    tt.duel_simulate(goal=10, n_games=100, seed=0)
    print(f"machine: {where()}")
    print(f"warm-up (compile or load numba's cache): {time.perf_counter() - t0:.2f} s\n")
    if "--calibrate-only" in argv:
        calibration()
        print(f"\n{save.summary()}")
        return 0

    print(f"{'game':<12}{'goal':>6}  {'method':<26}{'cores':>6}{'median':>12}{'first player wins':>20}"
          f"{'residual':>11}{'per pair':>10}")
    rows = Rows()
    pig_duels(rows, full)
    tenthousand_duels(rows, full)
    through_the_api()

    if save.enabled:
        with CSV.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, FIELDS)
            writer.writeheader()
            writer.writerows(rows)
        print(f"\nwrote {CSV.relative_to(HERE.parent)}")
    else:
        print(f"\n--no-record: {CSV.relative_to(HERE.parent)} not written")
    print("\nthe work budget: estimates beside measured times")
    calibration()
    print(f"\n{save.summary()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
