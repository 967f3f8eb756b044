"""Benchmark Ten Thousand: solving the game, restricted games, N dice, Monte Carlo, Pig.

Usage: python benchmarks/bench_tenthousand.py [--full]
Prints medians over repeats after a warm-up call that compiles every kernel.
"""
from __future__ import annotations

import sys
import time

from stoplib import tenthousand as tt
from stoplib.tenthousand import pig_game as pg
from stoplib.util.timing import median_seconds as median_time



def fmt(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.2f} s "


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    full = "--full" in argv
    repeats = 21 if full else 7
    mc_turns = 20_000_000 if full else 2_000_000

    # warm-up: compile every kernel once (numba caches them on disk afterwards)
    t0 = time.perf_counter()
    sol = tt.solve()
    tt.value_iteration(5, cap=60)
    tt.simulate(sol, 1000, seed=0)
    tt.simulate(sol, 1000, seed=0, parallel=False)
    tt.evaluate(sol)
    pg.pig()
    pg.pig_value_iteration(40)
    pg.pig_simulate(20, 1000)
    print(f"warm-up (compile or load cache): {time.perf_counter() - t0:.2f} s\n")

    print("solving five-dice Ten Thousand (median of %d)" % repeats)
    print(f"{'method':<44}{'time':>12}{'value':>20}")
    rows = [
        ("Algorithm 4.1 (float64, numba)", lambda: tt.solve(), tt.solve().value),
        ("value iteration, cap 120 (numba)", lambda: tt.value_iteration(5, cap=120),
         tt.value_iteration(5, cap=120).value),
        ("policy evaluation of the optimum (numba)", lambda: tt.evaluate(sol), tt.evaluate(sol)),
        ("Algorithm 4.1 in Fractions (pure Python)", lambda: tt.solve_exact(5), float(tt.solve_exact(5)[0])),
        ("exact score distribution (Python)", lambda: tt.score_distribution(sol), None),
    ]
    for name, fn, value in rows:
        reps = repeats if "Fraction" not in name else max(3, repeats // 3)
        v = "" if value is None else f"{value:.12f}"
        print(f"{name:<44}{fmt(median_time(fn, reps)):>12}{v:>20}")

    print("\nrestricted games of Table 7 (Algorithm 4.1)")
    for acts in (["s", "r"], ["s", "r", "m5"], ["s", "r", "m5", "m1"], ["s", "r", "m5", "m1", "m55"],
                 ["s", "r", "m5", "m1", "m55", "m51"], "all"):
        label = acts if isinstance(acts, str) else ", ".join(acts)
        value = tt.solve(actions=acts).value
        print(f"{label:<44}{fmt(median_time(lambda: tt.solve(actions=acts), repeats)):>12}{value:>20.10f}")

    print("\nN dice: Algorithm 4.1 beside value iteration (cap tau* + 30)")
    print(f"{'N':>3}{'tau*':>6}{'Algorithm 4.1':>16}{'value iteration':>18}{'value':>16}")
    for N in range(1, 7):
        s = tt.solve(N)
        cap = s.threshold + 30
        a = median_time(lambda: tt.solve(N), repeats)
        b = median_time(lambda: tt.value_iteration(N, cap=cap), max(3, repeats // 3))
        print(f"{N:>3}{s.threshold:>6}{fmt(a):>16}{fmt(b):>18}{s.value:>16.9f}")

    print(f"\nMonte Carlo, optimal policy, {mc_turns:,} turns")
    for label, parallel in (("parallel (prange over chunks)", True), ("serial", False)):
        t0 = time.perf_counter()
        r = tt.simulate(sol, mc_turns, seed=1, parallel=parallel)
        dt = time.perf_counter() - t0
        print(f"{label:<32}{fmt(dt):>12}  {mc_turns / dt / 1e6:6.2f} M turns/s   "
              f"mean {r.mean:.5f} +- {r.std_err:.5f}")
    pol = tt.stop_at_policy(6)
    t0 = time.perf_counter()
    r = tt.simulate(pol, mc_turns, seed=1)
    dt = time.perf_counter() - t0
    print(f"{'stop at 300 points (parallel)':<32}{fmt(dt):>12}  {mc_turns / dt / 1e6:6.2f} M turns/s   "
          f"mean {r.mean:.5f} +- {r.std_err:.5f}")

    print("\nsolitaire Pig")
    print(f"{'pig(): backward pass + exact Fractions':<44}{fmt(median_time(pg.pig, repeats)):>12}")
    print(f"{'value iteration, cap 100 (numba)':<44}{fmt(median_time(lambda: pg.pig_value_iteration(100), repeats)):>12}")
    t0 = time.perf_counter()
    r = pg.pig_simulate(20, mc_turns, seed=1)
    dt = time.perf_counter() - t0
    print(f"{'Monte Carlo (parallel)':<32}{fmt(dt):>12}  {mc_turns / dt / 1e6:6.2f} M turns/s   "
          f"mean {r.mean:.5f} +- {r.std_err:.5f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
