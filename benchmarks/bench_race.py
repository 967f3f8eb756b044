"""Benchmark the race engine (stoplib.race) side by side with the code it replaced, and its targets.

Usage: python benchmarks/bench_race.py [--old PATH] [--repeats N] [--skip-three] [--full] [--no-record]

Each case runs in a fresh process on one core (``NUMBA_NUM_THREADS=1``), after a warm-up solve of a
tiny goal that loads the compiled kernels, and reports the median of its repeats and the peak
resident memory of the process:

- the engine against the old code on the old code's two games, alternately in one run so that both
  meet the same load: two-player Pig to 100 points and Ten Thousand to 200 chips (pairwise), with the
  old code taken from ``--old``, a checkout of the commit before the engine (``git worktree add --detach
  /tmp/old b5899b3``; without it only the engine is timed);
- two-player Farkle to 10,000 points (200 chips), pairwise (target: under 5 minutes and 4 GiB);
- three-player Pig to 100 points (target: under 10 minutes and 8 GiB), unless ``--skip-three``.

Facebook Farkle's long solve has its own script, ``benchmarks/bench_race_facebook.py``. Rows go to
``benchmarks/race_timings.csv`` (machine and load in each row) and the medians to
``benchmarks/results.csv`` (:func:`stoplib.workbook.benchmarks.record`); ``--no-record`` prints only.
"""
from __future__ import annotations

import argparse
import csv
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from stoplib.util.timing import machine  # noqa: E402
from stoplib.workbook.benchmarks import RESULTS, Recorder  # noqa: E402

CSV = HERE / "race_timings.csv"
FIELDS = ["date", "case", "code", "repeats", "median_s", "runs_s", "value", "peak_rss_mib", "machine", "load"]

#: One case: code run in a fresh process; it prints a JSON line {"runs": [...], "value": ..., "peak": ...}.
_CASE = r"""
import json, os, resource, statistics, sys, time
os.environ["STOPLIB_PROGRESS"] = "0"
{setup}
warm()
runs = []
for _ in range({repeats}):
    t = time.perf_counter()
    value = solve()
    runs.append(time.perf_counter() - t)
print(json.dumps({{"runs": runs, "value": value, "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""

NEW = {
    "pig": ("from stoplib.race.solver import _compute\nfrom stoplib.race.models import turn_model\n"
            "m = turn_model('pig')\nwarm = lambda: _compute(m, 10, 'pairwise', 'reach', False)\n"
            "solve = lambda: _compute(m, 100, 'pairwise', 'reach', False).first_player_win"),
    "tenthousand": ("from stoplib.race.solver import _compute\nfrom stoplib.race.models import turn_model\n"
                    "m = turn_model('tenthousand')\nwarm = lambda: _compute(m, 10, 'pairwise', 'reach', False)\n"
                    "solve = lambda: _compute(m, 200, 'pairwise', 'reach', False).first_player_win"),
    "farkle": ("from stoplib.race.solver import _compute\nfrom stoplib.race.models import turn_model\n"
               "m = turn_model('farkle')\nwarm = lambda: _compute(m, 10, 'pairwise', 'reach', False)\n"
               "solve = lambda: _compute(m, 200, 'pairwise', 'reach', False).first_player_win"),
    "pig3": ("from stoplib.race.multi import _compute_multi\nfrom stoplib.race.models import turn_model\n"
             "m = turn_model('pig')\nwarm = lambda: _compute_multi(m, 8, 3, 'pairwise', 'neighbour')\n"
             "solve = lambda: [float(x) for x in _compute_multi(m, 100, 3, 'pairwise', 'neighbour')"
             ".turn_start[0, 0, 0]]"),
}
OLD = {
    "pig": ("from stoplib.tenthousand import pig_duel_game as g\n"
            "warm = lambda: g._solve.__wrapped__(10, 6, 'pairwise')\n"
            "solve = lambda: g._solve.__wrapped__(100, 6, 'pairwise').first_player_win"),
    "tenthousand": ("from stoplib.tenthousand import duel_game as g\n"
                    "warm = lambda: g._compute(10, 'pairwise', 'reach', False)\n"
                    "solve = lambda: g._compute(200, 'pairwise', 'reach', False).first_player_win"),
}
LABEL = {"pig": "two-player Pig to 100, pairwise", "tenthousand": "two-player Ten Thousand to 200 chips, pairwise",
         "farkle": "two-player Farkle to 10,000 points, pairwise", "pig3": "three-player Pig to 100"}
#: The README's speed-table lines (the labels the two-player benchmark used before the engine).
README = {"pig": "two-player Pig at goal 100, pairwise, 1 core",
          "tenthousand": "two-player Ten Thousand at 200 chips, pairwise, 1 core"}


def where():
    return machine(), round(os.getloadavg()[0], 1)


def run_case(setup, repeats, path):
    env = dict(os.environ, NUMBA_NUM_THREADS="1", PYTHONPATH=str(path), STOPLIB_PROGRESS="0")
    code = _CASE.format(setup=setup, repeats=repeats)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=path, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, default=None, help="a checkout of the code before the engine")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--skip-three", action="store_true")
    ap.add_argument("--no-record", action="store_true")
    ap.add_argument("--full", action="store_true", help="more repeats (make bench-full)")
    args, _ = ap.parse_known_args(argv)
    if args.full:
        args.repeats *= 2
    save = Recorder(Path(__file__).stem, path=ROOT / RESULTS)
    save.enabled = not args.no_record
    rows = []

    def record(case, code, result):
        runs = result["runs"]
        med = sorted(runs)[len(runs) // 2]
        mach, load = where()
        rows.append(dict(date=datetime.date.today().isoformat(), case=LABEL[case], code=code, repeats=len(runs),
                         median_s=f"{med:.4f}", runs_s=" ".join(f"{x:.3f}" for x in runs),
                         value=json.dumps(result["value"]), peak_rss_mib=f"{result['peak']:.0f}", machine=mach,
                         load=load))
        print(f"{LABEL[case]:<46}{code:<8}{med:>10.3f} s  peak {result['peak']:6.0f} MiB  load {load:4.1f}  "
              f"value {result['value']}", flush=True)
        if code == "engine":
            save(f"{LABEL[case]}, the race engine, 1 core", med, repeats=len(runs), readme=README.get(case, ""))

    print(f"machine: {machine()}")
    for case in ("pig", "tenthousand"):
        reps = args.repeats * (5 if case == "pig" else 1)
        for _ in range(2):                       # alternate, so both codes meet the same load
            record(case, "engine", run_case(NEW[case], reps, ROOT))
            if args.old is not None:
                record(case, "old", run_case(OLD[case], reps, args.old))
    record("farkle", "engine", run_case(NEW["farkle"], 1, ROOT))
    if not args.skip_three:
        record("pig3", "engine", run_case(NEW["pig3"], 1, ROOT))
    if save.enabled:
        new = not CSV.exists()
        with CSV.open("a", newline="") as fh:
            writer = csv.DictWriter(fh, FIELDS)
            if new:
                writer.writeheader()
            writer.writerows(rows)
        print(f"appended {len(rows)} rows to {CSV.relative_to(ROOT)}")
    print(save.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
