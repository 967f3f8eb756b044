"""Benchmark Ten Thousand: solving the game, restricted games, N dice, Monte Carlo, Pig,
and the calibration of the work budget.

Usage: python benchmarks/bench_tenthousand.py [--full] [--calibrate-only] [--no-record]
Prints medians over repeats after a warm-up call that compiles every kernel. The last
section runs every entry point whose cost grows with its arguments at a size where the
time is measurable and prints the budget's estimate (``stoplib/tenthousand/_costs.py``,
the rates measured here) beside the measured time: a ratio above 1 means the estimate
errs on the long side, as it should; well below 1 means a rate must be measured again.

Every time printed is recorded in ``benchmarks/results.csv``
(:func:`stoplib.workbook.benchmarks.record`, with the machine, its load and the time;
``--no-record`` prints only); solving the whole game by Algorithm 4.1 is a line of the
README's speed table.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from stoplib import tenthousand as tt
from stoplib.tenthousand import _costs, claims
from stoplib.tenthousand import pig_game as pg
from stoplib.util import budget
from stoplib.util.timing import machine, median_seconds as median_time
from stoplib.workbook.benchmarks import RESULTS, Recorder

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).stem


save = Recorder(BENCH, path=ROOT / RESULTS)


def fmt(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.2f} s "


def calibration(full=False):
    """Each budgeted entry point at a measurable size: the estimate beside the measured time."""
    big = 4 if full else 1
    sol6 = tt.solve(6)
    never = tt.stop_at_policy(10_000, 5)      # rolls until the turn busts: the longest turns
    with budget.allow(seconds=float("inf"), bytes=float("inf")):
        stop20k = tt.stop_at_policy(20_000, 5)
        stop2k = tt.stop_at_policy(2000, 5)
        stop20k6 = tt.stop_at_policy(20_000, 6)
    cases = [
        ("value_iteration(5, cap=2000)", _costs.value_iteration(5, 2000, 100_000),
         lambda: tt.value_iteration(5, cap=2000)),
        ("value_iteration(6, cap=1000)", _costs.value_iteration(6, 1000, 100_000),
         lambda: tt.value_iteration(6, cap=1000)),
        ("value_iteration(3, cap=20000)", _costs.value_iteration(3, 20_000, 100_000),
         lambda: tt.value_iteration(3, cap=20_000)),
        ("stop_at_policy(20000, 5)", _costs.policy_table(5, 20_000), lambda: tt.stop_at_policy(20_000, 5)),
        ("evaluate(stop at 20000 chips)", _costs.evaluate(5, 20_000), lambda: tt.evaluate(stop20k)),
        ("evaluate(stop at 20000 chips, 6 dice)", _costs.evaluate(6, 20_000), lambda: tt.evaluate(stop20k6)),
        ("score_distribution(stop at 2000 chips)", _costs.score_distribution(5, 2000),
         lambda: tt.score_distribution(stop2k)),
        ("score_distribution(solve(6))", _costs.score_distribution(6, sol6.threshold),
         lambda: tt.score_distribution(sol6)),
        (f"simulate(optimal, {big * 2_000_000:,}, parallel)", _costs.simulate(5, 56, big * 2_000_000, 64, True),
         lambda: tt.simulate(tt.solve(), big * 2_000_000, seed=1)),
        (f"simulate(never stop, {big * 500_000:,}, serial)", _costs.simulate(5, never.cap, big * 500_000, 64, False),
         lambda: tt.simulate(never, big * 500_000, seed=1, parallel=False)),
        (f"simulate(stop at 20000 chips, {big * 100_000:,}, serial)",
         _costs.simulate(5, stop20k.cap, big * 100_000, 64, False),
         lambda: tt.simulate(stop20k, big * 100_000, seed=1, parallel=False)),
        (f"simulate(6 dice optimal, {big * 500_000:,}, serial)",
         _costs.simulate(6, sol6.threshold, big * 500_000, 64, False),
         lambda: tt.simulate(sol6, big * 500_000, seed=1, parallel=False)),
        ("is_reachable(1000, (1, 0, 0), 4)", _costs.reachable(5, 64 * ((1000 + 24) // 64 + 1)),
         lambda: (tt.rules._reachable_states.cache_clear(), tt.is_reachable(1000, (1, 0, 0), 4))),
        ("solve_exact(5)", _costs.solve_exact(5), lambda: tt.solve_exact(5)),
        ("solve_exact(6)", _costs.solve_exact(6), lambda: tt.solve_exact(6)),
        ("action_audit(solve(6))", _costs.solution_pass(sol6, "action_audit", _costs.AUDIT_SECONDS_PER_STATE),
         lambda: claims.action_audit(sol6)),
        ("longest_turn(solve(6))", _costs.solution_pass(sol6, "longest_turn", _costs.LONGEST_SECONDS_PER_STATE),
         lambda: claims.longest_turn(sol6)),
        ("max_state_difference(6 dice, tau_max=1000)",
         _costs.compare(6, 1000 * sum(1 for k in range(1, 78) for n in range(1, 7)
                                      if n == 6 or tt.rules._rules(6).d[k] <= 6 - n)),
         lambda: claims.max_state_difference(sol6, sol6, tau_max=1000)),
        ("pig_value_iteration(10**6)", _costs.pig_value_iteration(10**6, 100_000),
         lambda: pg.pig_value_iteration(10**6)),
        (f"pig_simulate(20, {big * 4_000_000:,}, parallel)", _costs.pig_simulate(20, big * 4_000_000, 64, True),
         lambda: pg.pig_simulate(20, big * 4_000_000, seed=1)),
        (f"pig_simulate(10**9, {big * 2_000_000:,}, serial)",
         _costs.pig_simulate(10**9, big * 2_000_000, 64, False),
         lambda: pg.pig_simulate(10**9, big * 2_000_000, seed=1, parallel=False)),
        ("pig_stop_at_value(1000)", _costs.pig_stop_at_value(1000), lambda: pg.pig_stop_at_value(1000)),
        ("pig_stop_at_value(4000)", _costs.pig_stop_at_value(4000), lambda: pg.pig_stop_at_value(4000)),
        ("dice_table()", _costs.dice_table(6, 40, [tt.threshold(N).threshold for N in range(1, 7)]),
         lambda: claims.dice_table()),
        ("stop_at_table(range(1, 200))", _costs.stop_at_table(range(1, 200), 5),
         lambda: claims.stop_at_table(range(1, 200))),
    ]
    print(f"machine: {machine()}")
    print(f"{'budgeted call':<48}{'estimate':>12}{'measured':>12}{'est/meas':>10}  basis")
    worst = float("inf")
    with budget.allow(seconds=float("inf"), bytes=float("inf")):
        for name, est, fn in cases:
            reps = 3 if est.seconds < 2 else 1
            measured = median_time(fn, reps)
            save(f"Ten Thousand budget calibration: {name}", measured, repeats=reps)
            ratio = est.seconds / measured
            worst = min(worst, ratio)
            print(f"{name:<48}{fmt(est.seconds):>12}{fmt(measured):>12}{ratio:>10.2f}  {est.basis}", flush=True)
    print(f"smallest estimate/measured ratio: {worst:.2f}")
    return worst


def timed_row(label, what, fn, reps, value=None, readme=""):
    """Print one row (label, median, value) and record the median."""
    seconds = median_time(fn, reps)
    v = "" if value is None else f"{value:.12f}"
    print(f"{label:<44}{fmt(seconds):>12}{v:>20}")
    save(what, seconds, repeats=reps, readme=readme)
    return seconds


def solving(sol, repeats):
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
        readme = "Ten Thousand, the whole game by Algorithm 4.1" if name.startswith("Algorithm 4.1 (") else ""
        timed_row(name, f"Ten Thousand (5 dice), {name}", fn, reps, value, readme)


def restricted(repeats):
    print("\nrestricted games of Table 7 (Algorithm 4.1)")
    for acts in (["s", "r"], ["s", "r", "m5"], ["s", "r", "m5", "m1"], ["s", "r", "m5", "m1", "m55"],
                 ["s", "r", "m5", "m1", "m55", "m51"], "all"):
        label = acts if isinstance(acts, str) else ", ".join(acts)
        value = tt.solve(actions=acts).value
        seconds = median_time(lambda: tt.solve(actions=acts), repeats)
        print(f"{label:<44}{fmt(seconds):>12}{value:>20.10f}")
        save(f"Ten Thousand restricted to actions {label}, Algorithm 4.1", seconds, repeats=repeats)


def n_dice(repeats):
    print("\nN dice: Algorithm 4.1 beside value iteration (cap tau* + 30)")
    print(f"{'N':>3}{'tau*':>6}{'Algorithm 4.1':>16}{'value iteration':>18}{'value':>16}")
    for N in range(1, 7):
        s = tt.solve(N)
        cap = s.threshold + 30
        a = median_time(lambda: tt.solve(N), repeats)
        k = max(3, repeats // 3)
        b = median_time(lambda: tt.value_iteration(N, cap=cap), k)
        print(f"{N:>3}{s.threshold:>6}{fmt(a):>16}{fmt(b):>18}{s.value:>16.9f}")
        save(f"Ten Thousand with {N} dice, Algorithm 4.1", a, repeats=repeats)
        save(f"Ten Thousand with {N} dice, value iteration (cap tau* + 30)", b, repeats=k)


def one_run(label, what, fn, n_turns):
    """Time one Monte Carlo run, print it with its rate and mean, and record it."""
    t0 = time.perf_counter()
    r = fn()
    dt = time.perf_counter() - t0
    print(f"{label:<32}{fmt(dt):>12}  {n_turns / dt / 1e6:6.2f} M turns/s   "
          f"mean {r.mean:.5f} +- {r.std_err:.5f}")
    save(what, dt, f"{n_turns / dt:.3g} turns/s")


def monte_carlo(sol, mc_turns):
    print(f"\nMonte Carlo, optimal policy, {mc_turns:,} turns")
    for label, parallel in (("parallel (prange over chunks)", True), ("serial", False)):
        one_run(label, f"Ten Thousand Monte Carlo, optimal policy, {mc_turns:,} turns, "
                f"{'parallel' if parallel else 'serial'}",
                lambda: tt.simulate(sol, mc_turns, seed=1, parallel=parallel), mc_turns)
    pol = tt.stop_at_policy(6)
    one_run("stop at 300 points (parallel)", f"Ten Thousand Monte Carlo, stop at 300 points, {mc_turns:,} turns, "
            "parallel", lambda: tt.simulate(pol, mc_turns, seed=1), mc_turns)


def solitaire_pig(repeats, mc_turns):
    print("\nsolitaire Pig")
    timed_row("pig(): backward pass + exact Fractions", "solitaire Pig, pig(): backward pass and exact Fractions",
              pg.pig, repeats)
    timed_row("value iteration, cap 100 (numba)", "solitaire Pig, value iteration, cap 100",
              lambda: pg.pig_value_iteration(100), repeats)
    one_run("Monte Carlo (parallel)", f"solitaire Pig Monte Carlo, stop at 20 points, {mc_turns:,} turns, parallel",
            lambda: pg.pig_simulate(20, mc_turns, seed=1), mc_turns)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    full = "--full" in argv
    save.enabled = "--no-record" not in argv
    repeats = 21 if full else 7
    mc_turns = 20_000_000 if full else 2_000_000
    if "--calibrate-only" in argv:
        tt.solve(), tt.value_iteration(5, cap=60), tt.evaluate(tt.solve()), pg.pig_value_iteration(40)
        tt.simulate(tt.solve(), 1000, seed=0), tt.simulate(tt.solve(), 1000, seed=0, parallel=False)
        pg.pig_simulate(20, 1000), pg.pig_simulate(20, 1000, parallel=False)
        calibration(full)
        print(f"\n{save.summary()}")
        return 0

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

    solving(sol, repeats)
    restricted(repeats)
    n_dice(repeats)
    monte_carlo(sol, mc_turns)
    solitaire_pig(repeats, mc_turns)

    print("\nthe work budget: estimates (stoplib/tenthousand/_costs.py) beside measured times")
    calibration(full)
    print(f"\n{save.summary()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
