"""Benchmark of the hold'em stacking search (document 004): decks scored and optimal stackings per second.

    python benchmarks/bench_holdem_search.py          # 2 players, 400 restarts per run
    python benchmarks/bench_holdem_search.py --full   # 2,000 restarts per run, and 3..6 players
    python benchmarks/bench_holdem_search.py --decks-only [--before TREE] [--write-csv]
    python benchmarks/bench_holdem_search.py --methods [--budget 60] [--write-csv]
    python benchmarks/bench_holdem_search.py --gpu [--gpu-decks 1000000] [--allow-simulator]

**Decks scored per second** (issue 19), for 2..9 and 22 players: 20,000 random
decks, every cut of each dealt and scored for seat 1, by today's kernel
(``solver._score_decks``: the board key shared by the players of a cut, an
opponent dealt only where the seat is still ahead) and, side by side in the same
run, by the kernel of the starting point of issue 19 (``holdem_baseline.py``, a
copy of commit 17c2173's); thread CPU time on core 0, medians of interleaved
repeats. With ``--before TREE`` (an export of that commit, e.g. ``git archive
17c2173 | tar -x -C TREE``) the search itself is timed there too, in a
subprocess, beside today's: serial steepest-ascent climbs per second for 2..6
players (that commit deals at most 6), each tree climbing from the same starting
decks (drawn by numpy here: the two trees' seeded searches draw different decks),
so the same climbs, which is checked deck by deck before the times are compared.

Target (issue 6): at least 20 optimal two-player stackings per second on the
2-core machine, steepest ascent as in the article, parallel over restarts.
Also timed: deck_value (52 cuts) and the serial kernel, the first-improvement
variant, and the random tie-break. Each line is the median over repeats, after
a warm-up that compiles (or loads) every kernel.

**The search methods on the same budget** (issue 19, ``--methods``): for 4, 5 and 6
players, each method runs seeded runs one after another on one thread (core 0) until
its thread CPU time reaches the budget: the article's steepest-ascent restarts, the
iterated local search (first improvement, kicks of two swaps), simulated annealing
(:func:`stoplib.holdem.anneal`, 2·10^7 proposals per run) and tabu search
(:func:`stoplib.holdem.tabu_search`, 64 sampled swaps per iteration); printed: the
best cuts won, the runs that reached 52, and the CPU seconds to the first optimal deck.

**Decks scored per second on a GPU** (``--gpu``): ``score_decks(method="cuda")``
(:mod:`stoplib.holdem.gpu`, one CUDA thread per cut) on 1,000,000 seeded random decks
for 2..9 and 22 players, after a warm-up that compiles the kernel and copies the
tables: the median of 3 wall times of the public call (checks and transfers
included), and of the kernel alone on decks already on the device; the outcomes
of the first 20,000 decks are checked against the CPU kernel. Rows go to
``data/holdem_gpu_decks_per_second.csv`` (and ``benchmarks/results.csv``) only when
numba finds a real GPU; without one nothing is timed. ``--allow-simulator`` lets
numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``) stand in, for a smoke run on a
few decks (``--gpu-decks 50``); its times are printed, never written.

Then the **work budget** (issue 12): serial climbs per second for 2..9, 12, 16 and 22 players,
the speed-up of first improvement, the cost of a kick, and a small
``run_search``, each beside the estimate ``search``/``run_search`` refuse by
(:data:`stoplib.holdem._costs.RATES`), with the rate each timing implies
(``--budget-only`` runs just this part).
"""
from __future__ import annotations

import argparse
import sys
import os
import time

os.environ.setdefault("STOPLIB_PROGRESS", "0")

import numpy as np  # noqa: E402
import numba  # noqa: E402

from stoplib.holdem import deck_value, search  # noqa: E402
from stoplib.holdem.document import EXAMPLE_DECK  # noqa: E402
from stoplib.util.timing import median_time as timed  # noqa: E402
from stoplib.workbook.benchmarks import RESULTS, Recorder  # noqa: E402

save = Recorder(os.path.splitext(os.path.basename(__file__))[0],
                path=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), RESULTS))

DECKS_CSV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "holdem_decks_per_second.csv")
SEARCH_CSV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "holdem_search_before_after.csv")
PLAYERS = (2, 3, 4, 5, 6, 7, 8, 9, 22)
#: The starting decks of the before/after comparison: drawn here, by numpy, not by either tree's search.
#: ``search(seed=...)`` cannot be compared across trees: since commit b284ec9 the search draws its
#: starting decks from stoplib.util.rng's streams, so the same seed starts other climbs than at 17c2173.
#: ``climb(deck)`` from the same deck (steepest ascent, first tie-break: no randomness) is the same
#: climb in both trees, which the comparison checks before it trusts a time.
_CLIMB_SEED = 20260101


def _starting_decks(n_players: int, k: int) -> list:
    rng = np.random.default_rng(_CLIMB_SEED + n_players)
    return [rng.permutation(52) for _ in range(k)]


_SEARCH_SNIPPET = """
import os, sys, time
import numpy as np
os.sched_setaffinity(0, {0})
import stoplib
assert os.path.realpath(stoplib.__file__).startswith(os.path.realpath(os.getcwd())), stoplib.__file__
from stoplib.holdem import climb
from stoplib.util import budget
n, k, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(seed + n)
decks = [rng.permutation(52) for _ in range(k)]
with budget.allow(seconds=1e9, bytes=1e12):
    climb(decks[0], n)
    t0 = time.thread_time()
    res = [climb(d, n) for d in decks]
    print(time.thread_time() - t0, *[f"{int(r.steps[0])}:{int(r.scores[0])}" for r in res])
"""


def decks_per_second(repeats: int = 5, n_decks: int = 20_000):
    """Rows (players, kernel, decks/s, ...) for today's deck scoring and the starting point's."""
    import statistics

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from holdem_baseline import old_score_decks, old_tables
    from stoplib.holdem import load_tables
    from stoplib.holdem.solver import _score_decks
    from stoplib.util.timing import machine

    tables = load_tables()
    old = old_tables(tables)
    decks = np.argsort(np.random.default_rng(2026).random((n_decks, 52)), axis=1).astype(np.int64)
    outs = np.empty((n_decks, 52), np.int8)
    outs_old = np.empty((n_decks, 52), np.int8)
    wins = np.empty(n_decks, np.int64)
    wins_old = np.empty(n_decks, np.int64)
    affinity = os.sched_getaffinity(0)
    rows = []
    try:
        os.sched_setaffinity(0, {0})
        for n in PLAYERS:
            _score_decks(decks[:2], n, 0, tables, outs, wins)
            old_score_decks(decks[:2], n, 0, old, outs_old, wins_old)
            times = {"before (commit 17c2173)": [], "after": []}
            for _ in range(repeats):
                t0 = time.thread_time()
                old_score_decks(decks, n, 0, old, outs_old, wins_old)
                times["before (commit 17c2173)"].append(time.thread_time() - t0)
                t0 = time.thread_time()
                _score_decks(decks, n, 0, tables, outs, wins)
                times["after"].append(time.thread_time() - t0)
            if not np.array_equal(outs, outs_old):
                raise AssertionError(f"{n} players: the two kernels disagree")
            before = statistics.median(times["before (commit 17c2173)"])
            for kernel, ts in times.items():
                med = statistics.median(ts)
                rows.append({"n_players": n, "kernel": kernel, "n_decks": n_decks, "repeats": repeats,
                             "median_cpu_s": med, "decks_per_s": n_decks / med, "speedup": before / med,
                             "cpu_runs_s": " ".join(f"{t:.4f}" for t in ts), "machine": machine(),
                             "load": os.getloadavg()[0]})
    finally:
        os.sched_setaffinity(0, affinity)
    print(f"\ndecks scored per second ({n_decks:,} random decks, all 52 cuts, seat 1; one thread on core 0, "
          f"thread CPU time, median of {repeats})")
    print(f"{'players':>7} {'before (17c2173)':>17} {'after':>12} {'speed-up':>9}")
    for n in PLAYERS:
        b, a = [r for r in rows if r["n_players"] == n]
        print(f"{n:>7} {b['decks_per_s']:>17,.0f} {a['decks_per_s']:>12,.0f} {a['speedup']:>9.2f}")
    print(f"machine: {machine()}")
    return rows


GPU_CSV = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data",
                       "holdem_gpu_decks_per_second.csv")


def gpu_name() -> str:
    """The CUDA device numba runs on (name and compute capability), or the simulator."""
    from numba import cuda

    from stoplib.holdem.gpu import simulated

    if simulated():
        return "numba's CUDA simulator"
    dev = cuda.get_current_device()
    name = dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name)
    return f"{name} (compute capability {dev.compute_capability[0]}.{dev.compute_capability[1]})"


def gpu_decks_per_second(n_decks: int = 1_000_000, repeats: int = 3, allow_simulator: bool = False,
                         n_check: int = 20_000):
    """Rows (players, decks, median s, decks/s, kernel-only s, device, machine) of
    ``score_decks(method="cuda")``; ``[]`` (nothing timed) without a GPU."""
    import statistics

    from numba import cuda

    from stoplib.holdem import gpu, load_tables, score_decks
    from stoplib.holdem.solver import _score_decks_parallel
    from stoplib.util import budget
    from stoplib.util.timing import machine

    if not (gpu.gpu_available() or (allow_simulator and gpu.simulated())):
        print("\n--gpu: numba finds no CUDA GPU" + (" (numba's simulator is on: add --allow-simulator to "
                                                   "smoke-test it)" if gpu.simulated() else "")
              + "; nothing timed, nothing written")
        return []
    device = gpu_name()
    decks = np.argsort(np.random.default_rng(2026).random((n_decks, 52)), axis=1).astype(np.int64)
    on_device = cuda.to_device(decks[:gpu.CHUNK].astype(np.uint8))  # for the kernel alone
    outs_device = cuda.device_array((on_device.shape[0], 52), np.int8)
    n_check = min(n_check, n_decks)
    ref, wins = np.empty((n_check, 52), np.int8), np.empty(n_check, np.int64)
    rows = []
    print(f"\ndecks scored per second on {device}: {n_decks:,} random decks, all 52 cuts, seat 1; "
          f"median of {repeats} (wall, checks and transfers included) and of the kernel alone")
    print(f"{'players':>7} {'median s':>9} {'decks/s':>13} {'kernel s':>9} {'kernel decks/s':>15}")
    with budget.allow(seconds=1e9, bytes=1e12):
        for n in PLAYERS:
            score_decks(decks[:64], 1, n, method="cuda")  # warm-up: compile, tables to the device
            walls, kernels = [], []
            for _ in range(repeats):
                t0 = time.perf_counter()
                outs = score_decks(decks, 1, n, method="cuda")
                walls.append(time.perf_counter() - t0)
            for _ in range(repeats):
                cuda.synchronize()
                t0 = time.perf_counter()
                gpu._launch(on_device, n, 0, outs_device)
                cuda.synchronize()
                kernels.append(time.perf_counter() - t0)
            _score_decks_parallel(decks[:n_check], n, 0, load_tables(), ref, wins)
            if not np.array_equal(outs[:n_check], ref):
                raise AssertionError(f"{n} players: the GPU's outcomes differ from the CPU kernel's")
            wall, kernel = statistics.median(walls), statistics.median(kernels)
            rows.append({"n_players": n, "decks": n_decks, "median_s": wall, "decks_per_s": n_decks / wall,
                         "kernel_decks": on_device.shape[0], "kernel_median_s": kernel,
                         "kernel_decks_per_s": on_device.shape[0] / kernel, "repeats": repeats,
                         "device": device, "machine": machine()})
            r = rows[-1]
            print(f"{n:>7} {wall:>9.4f} {r['decks_per_s']:>13,.0f} {kernel:>9.4f} {r['kernel_decks_per_s']:>15,.0f}",
                  flush=True)
    print(f"outcomes of the first {n_check:,} decks equal the CPU kernel's; host: {machine()}")
    return rows


def record_gpu(rows) -> None:
    """Write ``--gpu``'s rows to ``GPU_CSV`` and the results file, unless ``--no-record`` or simulated."""
    from stoplib.holdem.gpu import simulated

    if rows and not simulated():  # the simulator's times are printed only
        for r in rows:
            save(f"hold'em deck scoring on a GPU ({r['device']}), {r['decks']:,} random decks x 52 cuts, "
                 f"{r['n_players']} players, method='cuda'", r["median_s"], f"{r['decks_per_s']:,.0f} decks/s",
                 r["repeats"])
        if save.enabled:
            import pandas as pd

            pd.DataFrame(rows).to_csv(GPU_CSV, index=False, float_format="%.6g")
            print(f"written: {GPU_CSV}")
    print(save.summary())


def search_before_after(tree: str, repeats: int = 3):
    """Serial climbs/s of today's search and of the one in ``tree``, from the same starting decks.

    Each tree climbs (steepest ascent, first improvement on ties, no randomness) from the same
    ``k`` decks drawn by :func:`_starting_decks`; the climbs must end alike, deck by deck (steps and
    cuts won), before their times are set side by side. A tree whose climbs differ is not the same
    search, and its time is not comparable: that is reported and raised.
    """
    import statistics
    import subprocess

    from stoplib.holdem import climb
    from stoplib.util import budget

    rows = []
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree), STOPLIB_PROGRESS="0")
    affinity = os.sched_getaffinity(0)
    try:
        os.sched_setaffinity(0, {0})
        for n in (2, 3, 4, 5, 6):
            k = 40 if n == 2 else 20
            decks = _starting_decks(n, k)
            with budget.allow(seconds=1e9, bytes=1e12):
                climb(decks[0], n)
                mine, theirs = [], []
                for _ in range(repeats):
                    t0 = time.thread_time()
                    res = [climb(d, n) for d in decks]
                    mine.append(time.thread_time() - t0)
                    out = subprocess.run([sys.executable, "-c", _SEARCH_SNIPPET, str(n), str(k), str(_CLIMB_SEED)],
                                         env=env, cwd=tree, capture_output=True, text=True, check=True).stdout.split()
                    theirs.append(float(out[0]))
                    ours = [f"{int(r.steps[0])}:{int(r.scores[0])}" for r in res]
                    if out[1:] != ours:
                        bad = [i for i, (a, b) in enumerate(zip(out[1:], ours)) if a != b]
                        raise AssertionError(f"{n} players: from the same starting decks the two trees climb "
                                             f"differently (decks {bad[:5]}: steps:won {[out[1 + i] for i in bad[:5]]} "
                                             f"there, {[ours[i] for i in bad[:5]]} here); their times are not "
                                             "comparable")
            rows.append((n, k / statistics.median(theirs), k / statistics.median(mine)))
    finally:
        os.sched_setaffinity(0, affinity)
    print("\nsearch: serial steepest-ascent climbs per second from the same starting decks (identical climbs), "
          "core 0")
    print(f"{'players':>7} {'before':>10} {'after':>10} {'speed-up':>9}")
    for n, b, a in rows:
        print(f"{n:>7} {b:>10.1f} {a:>10.1f} {a / b:>9.2f}")
    return rows


METHODS_CSV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "holdem_search_methods.csv")


def methods_on_one_budget(budget_s: float = 60.0, players=(4, 5, 6)):
    """Rows (players, method, runs, best, optimal runs, CPU s to the first) of each method on ``budget_s``."""
    from stoplib.holdem import anneal, tabu_search
    from stoplib.util import budget
    from stoplib.util.timing import machine

    methods = {
        "hill climbing (steepest, restarts)": lambda n, r: _one(search(1, n, seed=11, first_restart=r,
                                                                       parallel=False)),
        "iterated local search (kicks)": lambda n, r: _one(search(1, n, seed=11, first_restart=r, method="first",
                                                                  kicks=2000, kick_size=2, parallel=False)),
        "simulated annealing": lambda n, r: _one(anneal(1, n, moves=20_000_000, seed=11, first_run=r,
                                                        parallel=False)),
        "tabu search": lambda n, r: _one(tabu_search(1, n, iterations=100_000, sample=64, tenure=8, seed=11,
                                                     first_run=r, parallel=False)),
    }
    rows = []
    affinity = os.sched_getaffinity(0)
    try:
        os.sched_setaffinity(0, {0})
        with budget.allow(seconds=1e7):
            for fn in methods.values():
                fn(3, 0)  # compile or load
            for n in players:
                for name, fn in methods.items():
                    spent, runs, best, n_opt, first = 0.0, 0, 0, 0, float("nan")
                    while spent < budget_s:
                        t0 = time.thread_time()
                        wins = fn(n, runs)
                        spent += time.thread_time() - t0
                        runs += 1
                        best = max(best, wins)
                        if wins == 52:
                            n_opt += 1
                            if n_opt == 1:
                                first = spent
                    rows.append({"n_players": n, "method": name, "budget_cpu_s": budget_s, "cpu_s": spent,
                                 "runs": runs, "best": best, "optimal_runs": n_opt, "cpu_s_to_first": first,
                                 "machine": machine(), "load": os.getloadavg()[0]})
                    print(f"{n:>3} {name:<36} {runs:>6} runs {best:>3}/52 {n_opt:>4} optimal "
                          f"first after {first:7.1f} s  ({spent:.0f} s CPU)", flush=True)
    finally:
        os.sched_setaffinity(0, affinity)
    return rows


def _one(res):
    """Cuts won by the best deck of a one-run search result."""
    return int(res.wins.max())


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
        for players in (2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 22):
            n = (120 if players == 2 else 40) * scale
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
    ap.add_argument("--decks-only", action="store_true", help="only decks scored per second (and --before)")
    ap.add_argument("--methods", action="store_true", help="only the search methods on one CPU budget")
    ap.add_argument("--budget", type=float, default=60.0, help="CPU seconds per method and table size")
    ap.add_argument("--before", metavar="TREE", help="an export of commit 17c2173: time its search beside ours")
    ap.add_argument("--gpu", action="store_true", help="only decks scored per second on a CUDA GPU")
    ap.add_argument("--gpu-decks", type=int, default=1_000_000, help="random decks for --gpu")
    ap.add_argument("--allow-simulator", action="store_true",
                    help="--gpu in numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1): a smoke run, never written")
    ap.add_argument("--no-record", action="store_true", help="print only, write nothing to benchmarks/results.csv")
    ap.add_argument("--write-csv", action="store_true",
                    help=f"write decks/s to {os.path.basename(DECKS_CSV)} (and with --before the search's "
                         f"climbs/s to {os.path.basename(SEARCH_CSV)})")
    args = ap.parse_args(argv)
    save.enabled = not args.no_record
    if args.budget_only:
        budget_report(args.repeats, 2 if args.full else 1)
        return 0
    if args.gpu:
        record_gpu(gpu_decks_per_second(args.gpu_decks, args.repeats, args.allow_simulator))
        return 0
    if args.methods:
        rows = methods_on_one_budget(args.budget)
        if args.write_csv:
            import pandas as pd

            pd.DataFrame(rows).to_csv(METHODS_CSV, index=False, float_format="%.6g")
            print(f"written: {METHODS_CSV}")
        return 0
    rows = decks_per_second(repeats=max(args.repeats, 5))
    for r in rows:
        save(f"hold'em deck scoring, {r['n_decks']:,} random decks x 52 cuts, {r['n_players']} players, "
             f"1 core: {r['kernel']}", r["median_cpu_s"], f"{r['decks_per_s']:,.0f} decks/s", r["repeats"],
             readme=(f"hold'em: {r['n_decks']:,} decks scored (52 cuts each), {r['n_players']} players, 1 core"
                     if r["kernel"] == "after" and r["n_players"] in (2, 9) else ""))
    if args.write_csv:
        import pandas as pd

        pd.DataFrame(rows).to_csv(DECKS_CSV, index=False, float_format="%.6g")
        print(f"written: {DECKS_CSV}")
    if args.before:
        search_rows = search_before_after(args.before, repeats=args.repeats)
        if args.write_csv:
            import pandas as pd

            from stoplib.util.timing import machine

            pd.DataFrame([{"n_players": n, "climbs_per_s_before": b, "climbs_per_s_after": a, "speedup": a / b,
                           "repeats": args.repeats, "machine": machine(), "load": os.getloadavg()[0]}
                          for n, b, a in search_rows]).to_csv(SEARCH_CSV, index=False, float_format="%.6g")
            print(f"written: {SEARCH_CSV}")
    if args.decks_only:
        print(save.summary())
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
        configs += [(k, 1, "steepest", "first", True) for k in (3, 4, 5, 6, 7, 8, 9)]
    for players, seat, method, tb, parallel in configs:
        sec, res = timed(lambda: search(n, players, seat, method=method, tie_break=tb, seed=1,
                                        parallel=parallel), args.repeats)
        print(f"{players:>7} {seat:>4} {method:<9} {tb:<6} {'parallel' if parallel else 'serial':<8} "
              f"{n:>8} {sec:>8.3f} {n / sec:>10.1f} {res.n_optimal:>8} {res.n_optimal / sec:>9.1f} "
              f"{res.steps.mean():>10.2f}", flush=True)
        first = (players, seat, method, tb, parallel) == configs[0]
        save(f"hold'em search, {n} restarts, {players} players, seat {seat}, {method}, tie-break {tb}, "
             f"{'parallel' if parallel else 'serial'}", sec, f"{res.n_optimal / sec:.1f} optimal stackings/s",
             args.repeats, readme=(f"hold'em: {n} steepest-ascent climbs, 2 players, parallel "
                                   f"({res.n_optimal} optimal stackings)" if first else ""))
    print("\ntarget: >= 20 optimal two-player stackings per second (first row)")
    budget_report(args.repeats, 2 if args.full else 1)
    print(save.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
