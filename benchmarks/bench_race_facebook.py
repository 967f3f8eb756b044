"""Facebook Farkle to 10,000 points: the long solve behind notebook 08's verdict rows, timed and recorded.

Usage: python benchmarks/bench_race_facebook.py --solve [--reading c4|c1] [--goal 200] [--fresh] [--no-record]
       python benchmarks/bench_race_facebook.py --compare PATH [--compare-goal 60] [--repeats 1] [--no-record]

Without ``--solve`` (as ``make bench`` runs every script) it prints the recorded runs and exits: the
solve and its check take about seven minutes on the development VM (the solve about four).

Solves two-player Facebook Farkle (M. Busche, "Maximizing Win Probability in the Game of Farkle",
2016; the rules as transcribed in ``stoplib/race/_farkle.py``) by the engine's policy iteration
(``stoplib/race/_two.py``) on one core, the reading ``c4`` (four of a kind and a pair are not three
pairs: the engine's ``"facebook_farkle"``) or ``c1`` (they are). The turn-start values are saved
after every round of improvement to a checkpoint in the engine's cache folder, and a run started
again resumes from it (``--fresh`` ignores it), so an interrupted solve loses at most one round.
After the solve (and not counted in its time) every turn start is passed once more by the engine's
one-count pass, a code path the solve does not use, for the certificate ``max |L P0 - P0|``
(``check_residual``). The result is one row of ``data/race_facebook_farkle.csv`` (first player's win
probability, state count, rounds, sweeps, residual, the check, seconds, peak memory, machine and
load); the ``c4`` solution also goes to the engine's checked disk cache, where
``stoplib.race.solve("facebook_farkle")`` reads it. ``--no-record`` writes neither.

Target (issue 28): under 5 minutes and 4 GiB on one core; the row records what the run took.

``--compare PATH`` times the same policy iteration at a smaller goal (``--compare-goal`` chips,
default 60: 3,000 points) for the code checked out at ``PATH`` (``git worktree add --detach /tmp/pi_old
f9f3afa``: the scalar passes, three counts against one opponent's position; ``e067265``: before passes
served several counts) and for this checkout, alternately, each in a fresh process on one core
(``bench_race.run_case``), and prints both medians and first-player values; the medians go to
``benchmarks/results.csv``.
"""
from __future__ import annotations

import argparse
import datetime
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from stoplib.race import _cache, _solitaire, _two, solver  # noqa: E402
from stoplib.race._kernels import _residual  # noqa: E402
from stoplib.race.advice import _state_count  # noqa: E402
from stoplib.race.models import farkle_variant, turn_model  # noqa: E402
from stoplib.util.timing import machine  # noqa: E402
from stoplib.workbook.benchmarks import RESULTS, Recorder  # noqa: E402
from stoplib.workbook.export import tex_beside  # noqa: E402

ROOT = HERE.parent
DATA = ROOT / "data" / "race_facebook_farkle.csv"
#: One policy iteration of the game (the same private call in the old code and the new), for ``--compare``.
SETUP = ("from stoplib.race import _two\nfrom stoplib.race.models import turn_model\n"
         "m = turn_model('facebook_farkle')\ns = m.position(0)\n"
         "warm = lambda: _two._policy_iteration(m, 8, 'reach', 'warm')\n"
         "solve = lambda: float(_two._policy_iteration(m, {goal}, 'reach', 'solve')[0][s, s])")
READINGS = {"c4": dict(), "c1": dict(quad_pair=True)}
TEXT = {"c4": "four of a kind and a pair are not three pairs", "c1": "four of a kind and a pair are three pairs"}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reading", choices=sorted(READINGS), default="c4")
    ap.add_argument("--goal", type=int, default=200)
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--no-record", action="store_true")
    ap.add_argument("--solve", action="store_true", help="run the solve (else print the recorded runs)")
    ap.add_argument("--compare", type=Path, default=None, help="a checkout of older code to time beside this one")
    ap.add_argument("--compare-goal", type=int, default=60)
    ap.add_argument("--repeats", type=int, default=1)
    args, _ = ap.parse_known_args(argv)
    if args.compare is not None:
        return compare(args.compare, args.compare_goal, args.repeats, not args.no_record)
    if not args.solve:
        print(pd.read_csv(DATA).to_string(index=False) if DATA.exists() else f"no runs recorded in {DATA}")
        return 0
    model = farkle_variant("facebook_farkle", **READINGS[args.reading]) if READINGS[args.reading] \
        else turn_model("facebook_farkle")
    point = _cache.cache_dir() / f"race-facebook-checkpoint-{args.reading}-{args.goal}.npy"
    point.parent.mkdir(parents=True, exist_ok=True)
    start = None if args.fresh or not point.exists() else np.load(point)
    t0 = time.perf_counter()

    def log(line):
        print(f"{time.perf_counter() - t0:8.0f} s  load {os.getloadavg()[0]:.1f}  {line}", flush=True)

    log(f"Facebook Farkle, reading {args.reading} ({TEXT[args.reading]}), goal {args.goal}; "
        f"{'resumed from ' + str(point) if start is not None else 'from the game without the counter'}")
    P0, stats, counts, sweeps, last, residual = _two._policy_iteration(
        model, args.goal, "reach", f"facebook_farkle({args.goal})", start=start, checkpoint=point, log=log)
    seconds = time.perf_counter() - t0
    load = round(os.getloadavg()[0], 1)     # the solve's (the check below is not timed with it)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    s = model.position(0)
    first = float(P0[s, s])
    count = _state_count(model, args.goal)["pre_roll"]
    log(f"first player {first!r}, {count:,} states, {int(counts[0, 0])} rounds, {sweeps} sweeps, residual "
        f"{residual:.1e}, {seconds:.0f} s, peak {peak:.0f} MiB")
    # the certificate, by another code path: every turn start passed once more, one count at a time
    # (the engine's plain pass, as value iteration makes it), against the solved table
    t1 = time.perf_counter()
    geo, T, _, _ = _two.geometry(model, args.goal)
    check = float(_residual(P0, geo, model.dice, model.rules, T, False, _solitaire.roll_table(model, T)))
    check_seconds = time.perf_counter() - t1
    log(f"check: max |L P0 - P0| = {check:.1e} over every turn start, one count a pass ({check_seconds:.0f} s)")
    if args.no_record:
        return 0
    row = dict(reading=args.reading, rule=TEXT[args.reading], goal_chips=args.goal, first_player_win=first,
               states=count, rounds=int(counts[0, 0]), sweeps=sweeps, residual=residual, seconds=round(seconds, 1),
               check_residual=check, check_seconds=round(check_seconds, 1),
               resumed=start is not None, peak_rss_mib=round(peak), machine=machine(),
               load=load, date=datetime.date.today().isoformat())
    table = pd.read_csv(DATA) if DATA.exists() else pd.DataFrame(columns=list(row))
    table = table[~((table["reading"] == args.reading) & (table["goal_chips"] == args.goal))]
    table = pd.concat([table, pd.DataFrame([row])], ignore_index=True).sort_values(["goal_chips", "reading"])
    table.to_csv(DATA, index=False)
    tex_beside(DATA)
    Recorder(Path(__file__).stem, path=ROOT / RESULTS)(
        f"two-player Facebook Farkle to {50 * args.goal:,} points, reading {args.reading}, policy iteration, 1 core",
        seconds)
    if args.reading == "c4":
        result = solver.Race("facebook_farkle", args.goal, "pairwise", "reach", P0, first, residual, 0.0, *stats,
                             counts, sweeps, last, 6)
        _cache.save("solve", solver._params(model, args.goal, "pairwise", "reach"),
                    {"turn_start": result.turn_start, "iterations": result.iterations,
                     **{name: getattr(result, name) for name in _two.STATS}},
                    {"residual": result.residual, "pass_margin": result.pass_margin, "sweeps": result.sweeps,
                     "last_change": result.last_change})
    print(f"wrote {DATA.relative_to(ROOT)}")
    return 0


def compare(old, goal, repeats, record):
    """Time the policy iteration of the code at ``old`` and of this checkout, alternately, at ``goal``."""
    from bench_race import run_case

    save = Recorder(Path(__file__).stem, path=ROOT / RESULTS)
    save.enabled = record
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=old,
                            check=False).stdout.strip() or str(old)
    runs = {"old": [], "new": []}
    values = {}
    for _ in range(repeats):
        for code, path in (("old", old), ("new", ROOT)):
            result = run_case(SETUP.format(goal=goal), 1, path)
            runs[code] += result["runs"]
            values[code] = result["value"]
            print(f"{code}  {result['runs'][0]:8.1f} s  peak {result['peak']:5.0f} MiB  load "
                  f"{os.getloadavg()[0]:.1f}  first player {result['value']!r}", flush=True)
    for code in ("old", "new"):
        med = sorted(runs[code])[len(runs[code]) // 2]
        print(f"median {code}: {med:.1f} s")
        label = f"code at {commit}" if code == "old" else "this checkout"
        save(f"two-player Facebook Farkle to {50 * goal:,} points, policy iteration, 1 core, {label}", med,
             repeats=len(runs[code]))
    print(f"first player: old {values['old']!r}, new {values['new']!r}, difference "
          f"{abs(values['old'] - values['new']):.1e}")
    print(save.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
