"""Benchmark the hold'em hand evaluator (issue 6) against the Python libraries.

Two workloads, both reported in millions of seven-card hands per second
(medians over repeats, after a warm-up that compiles every kernel):

* **enumerate**: all 133,784,560 seven-card hands, built incrementally in
  nested loops (``rank_counts(7)``: a rank histogram, the test of the category
  counts), single-thread and parallel. Target: >= 100 M/s per core.
* **random**: pre-generated random hands in an ``(n, 7)`` int8 array
  (``evaluate7_many``), single-thread and parallel; beside it the private kernel
  ``_rank7`` called from a plain numba loop over the same array (as the solver
  calls it), and the PyPI libraries phevaluator (its C function called directly,
  and its Python API) and eval7 on a slice of the same hands. Target: >= 50 M/s.

Then the **work budget** (issue 12): each public call whose cost grows with its
arguments is timed beside the estimate it is refused by
(:data:`stoplib.holdem._costs.RATES`), and the rate each measurement implies is
printed, so the constants can be re-calibrated: ``evaluate7_many``/``evaluate5_many``
(both methods, checks included), ``rank_counts``, a table rebuild, the reference
evaluator (its one-off set-up and its rate), ``deck_value``, ``cut_table``,
``random_hands``, ``verify_file`` and ``claims.verdicts``.

**Beside OMPEval** (issue 19): with ``--ompeval PATH`` (a checkout of
zekyll/OMPEval; a C++ compiler needed), ``benchmarks/ompeval_compare.py`` builds a
driver of its own with OMPEval's sources and times both evaluators on the same
core in the same run (all seven-card hands in nested loops, summed and counted;
ten million random hands from an array), printing the ratio for each workload;
``--write-csv`` records them in ``benchmarks/holdem_evaluator_vs_ompeval.csv``.

Usage: ``python benchmarks/bench_holdem_evaluator.py [--full] [--budget-only]
[--ompeval PATH [--ompeval-only] [--repeats N] [--write-csv]] [--no-record]``. Every median
of the two workloads is recorded in ``benchmarks/results.csv`` (``--no-record``: print only).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numba
import numpy as np
from numba import njit

from stoplib.holdem import evaluate7_many, rank_counts
from stoplib.holdem.evaluator import _evaluate_many, _evaluate_many_parallel, _rank7, load_tables
from stoplib.util.timing import median_seconds as median_time
from stoplib.workbook.benchmarks import RESULTS, Recorder

ROOT = Path(__file__).resolve().parents[1]
save = Recorder(Path(__file__).stem, path=ROOT / RESULTS)
#: The README's speed-table lines: (workload, method) -> label.
README = {("enumerate all 7-card", "stoplib, 1 thread"):
          "hold'em evaluator, all 133,784,560 seven-card hands, 1 thread",
          ("random 7-card", "stoplib evaluate7_many, 1 thread"):
          "hold'em evaluator, random hands from an array, 1 thread"}

N_SEVEN = 133_784_560
OMPEVAL_CSV = Path(__file__).resolve().parent / "holdem_evaluator_vs_ompeval.csv"


@njit(cache=True)
def _sum_ranks(hands, tables):
    """The private kernel _rank7 from another numba kernel (as the solver and the search call it)."""
    total = 0
    for i in range(hands.shape[0]):
        total += _rank7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
                       hands[i, 4], hands[i, 5], hands[i, 6], tables)
    return total


def random_hands(n: int, seed: int = 2024) -> np.ndarray:
    """``n`` random seven-card hands (distinct cards in a row), int8."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), np.int8)
    for start in range(0, n, 1_000_000):  # chunks keep memory small
        stop = min(n, start + 1_000_000)
        keys = rng.random((stop - start, 52), dtype=np.float32)
        out[start:stop] = np.argpartition(keys, 7, axis=1)[:, :7]
    return out



def best_time(fn, repeats: int = 3) -> float:
    """The fastest of ``repeats`` calls (the machine is shared: the minimum is the least disturbed)."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def budget_report(repeats: int = 3) -> None:
    """Every estimated public call timed beside its estimate, with the rate the timing implies."""
    import os
    import tempfile

    from stoplib.holdem import claims, cut_table, deck_value, evaluate5_many, twins, verify_file
    from stoplib.holdem import _costs as costs, _tables
    from stoplib.holdem.distributed import StackingFile
    from stoplib.holdem.document import EXAMPLE_DECK, TEN_DECKS
    from stoplib.holdem.timings import random_hands as draw
    from stoplib.util import budget

    rates = costs.RATES
    rows = []

    def row(call, estimate, measured, rate_key=None, implied=None):
        rows.append((call, estimate, measured, rate_key, implied))

    with budget.allow(seconds=1e9, bytes=1e15):
        n = 2_000_000
        hands = draw(n, 7, seed=5)
        five = np.ascontiguousarray(hands[:, :5])
        for method, kind in (("direct", "rank7"), ("best_of_21", "best_of_21")):
            m = n if method == "direct" else n // 4
            evaluate7_many(hands[:8], parallel=False, method=method)
            est = costs._hands_estimate("x", m, kind, False, 0.0).seconds
            sec = best_time(lambda: evaluate7_many(hands[:m], parallel=False, method=method), repeats)
            check = m / rates["hand_check"]
            row(f"evaluate7_many({m:,}, parallel=False, method={method!r})", est, sec, kind, m / max(sec - check, 1e-9))
        evaluate5_many(five[:8], parallel=False)
        est = costs._hands_estimate("x", n, "rank5", False, 0.0).seconds
        sec = best_time(lambda: evaluate5_many(five, parallel=False), repeats)
        row(f"evaluate5_many({n:,}, parallel=False)", est, sec, "rank5", n / max(sec - n / rates["hand_check"], 1e-9))
        rank_counts(7, parallel=False)
        est = costs._hands_estimate("x", N_SEVEN, "enumerate", False, 0.0, checked=False).seconds
        sec = best_time(lambda: rank_counts(7, parallel=False), repeats)
        row("rank_counts(7, parallel=False)", est, sec, "enumerate", N_SEVEN / sec)
        sec = best_time(lambda: draw(n, 7, seed=6), repeats)
        row(f"random_hands({n:,})", n / rates["random_hands"], sec, "random_hands", n / sec)
        sec = best_time(_tables.build_tables, 1)
        row("load_tables(rebuild=True) (the build)", rates["table_build"], sec, "table_build", sec)
        sec = best_time(lambda: (twins._key_to_rank.cache_clear(), twins._key_to_rank()), 2)
        row("reference evaluator set-up (once)", rates["reference_setup"], sec, "reference_setup", sec)
        hand7 = [int(c) for c in hands[0]]
        sec = best_time(lambda: [twins.reference_rank7(hand7) for _ in range(200)], repeats) / 200
        row("reference_rank7 (21 five-card hands)", 21 / rates["reference_hands"], sec, "reference_hands", 21 / sec)
        sec = best_time(lambda: twins.deck_value_reference(EXAMPLE_DECK), repeats)
        row("deck_value_reference (2 players)", 104 / rates["reference_deals"], sec, "reference_deals", 104 / sec)
        deck_value(EXAMPLE_DECK)
        sec = best_time(lambda: [deck_value(EXAMPLE_DECK) for _ in range(1000)], repeats) / 1000
        row("deck_value (2 players)", 1 / rates["deck_value"], sec, "deck_value", 1 / sec)
        for players in (2, 6):
            sec = best_time(lambda: cut_table(EXAMPLE_DECK, n_players=players), repeats)
            row(f"cut_table ({players} players)", players / 2 / rates["cut_table"], sec, "cut_table",
                players / 2 / sec)
        path = os.path.join(tempfile.mkdtemp(), "s.txt")
        StackingFile(path).add([EXAMPLE_DECK, *TEN_DECKS])
        sec = best_time(lambda: verify_file(path), repeats)
        row("verify_file (11 decks)", 11 / rates["deck_value"] + 11 / rates["read_lines"], sec, "deck_value", 11 / sec)
        claims.verdicts(n_check=10)
        sec = best_time(lambda: claims.verdicts(n_check=10), 2)
        row("claims.verdicts(n_check=10) (fixed part)", rates["verdicts"], sec, "verdicts", sec)

    print("\nwork budget: estimate (stoplib.holdem._costs.RATES) beside the fastest of the measured runs")
    print(f"{'call':<52} {'estimate s':>10} {'measured s':>10} {'ratio':>6}  {'RATES key':<16} {'implied':>10}")
    for call, est, sec, key, implied in rows:
        print(f"{call:<52} {est:>10.4g} {sec:>10.4g} {est / sec:>6.2f}  {key or '':<16} {implied:>10.4g}")
    print(f"(one numba thread; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores while timing)")


def beside_ompeval(path, repeats, write_csv) -> None:
    """Build OMPEval from the checkout at ``path``, time both evaluators on one core, print the ratios."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import ompeval_compare

    rows = ompeval_compare.compare(path, random_hands(10_000_000), repeats=repeats)
    ompeval_compare.report(rows)
    if write_csv:
        import pandas as pd

        pd.DataFrame(rows).to_csv(OMPEVAL_CSV, index=False, float_format="%.6g")
        print(f"written: {OMPEVAL_CSV}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="more hands and repeats")
    parser.add_argument("--budget-only", action="store_true", help="only the work-budget calibration")
    parser.add_argument("--ompeval", metavar="PATH", help="a checkout of zekyll/OMPEval to time beside ours")
    parser.add_argument("--ompeval-only", action="store_true", help="with --ompeval: only the comparison")
    parser.add_argument("--repeats", type=int, default=7, help="repeats of the OMPEval comparison")
    parser.add_argument("--write-csv", action="store_true",
                        help=f"with --ompeval: write the comparison to {OMPEVAL_CSV.name}")
    parser.add_argument("--no-record", action="store_true", help=f"print only, write nothing to {RESULTS}")
    args = parser.parse_args(argv)
    save.enabled = not args.no_record
    if args.budget_only:
        budget_report()
        return 0
    if args.ompeval:
        beside_ompeval(args.ompeval, args.repeats, args.write_csv)
        if args.ompeval_only:
            return 0
    n_random = 20_000_000 if args.full else 5_000_000
    n_lib = 1_000_000 if args.full else 200_000
    repeats = 7 if args.full else 3

    tables = load_tables()
    hands = random_hands(n_random)
    out = np.empty(n_random, np.int32)
    threads = numba.get_num_threads()

    # warm-up: compile everything once
    rank_counts(5, parallel=False)
    rank_counts(5, parallel=True)
    _evaluate_many(hands[:10], tables, out[:10])
    _evaluate_many_parallel(hands[:10], tables, out[:10])
    _sum_ranks(hands[:10], tables)

    rows = []

    def add(workload, method, n, seconds):
        rows.append((workload, method, n, seconds, n / seconds / 1e6))
        save(f"hold'em evaluator, {workload} ({n:,} hands): {method}", seconds, f"{n / seconds / 1e6:.1f} M hands/s",
             repeats, readme=README.get((workload, method), ""))

    add("enumerate all 7-card", "stoplib, 1 thread", N_SEVEN,
        median_time(lambda: rank_counts(7, parallel=False), repeats))
    add("enumerate all 7-card", f"stoplib, {threads} threads", N_SEVEN,
        median_time(lambda: rank_counts(7, parallel=True), repeats))
    add("random 7-card", "stoplib evaluate7_many, 1 thread", n_random,
        median_time(lambda: _evaluate_many(hands, tables, out), repeats))
    add("random 7-card", f"stoplib evaluate7_many, {threads} threads", n_random,
        median_time(lambda: _evaluate_many_parallel(hands, tables, out), repeats))
    add("random 7-card", "stoplib _rank7 in a numba kernel, 1 thread", n_random,
        median_time(lambda: _sum_ranks(hands, tables), repeats))
    add("random 7-card", "stoplib evaluate7_many (public, checks input)", n_random,
        median_time(lambda: evaluate7_many(hands), repeats))

    lib_hands = hands[:n_lib].astype(np.int64).tolist()
    try:
        from phevaluator.evaluator import _pheval, evaluate_cards
        c_eval = _pheval.evaluate_7cards
        add("random 7-card", "phevaluator C function from Python", n_lib,
            median_time(lambda: [c_eval(*h) for h in lib_hands], repeats))
        add("random 7-card", "phevaluator evaluate_cards", n_lib,
            median_time(lambda: [evaluate_cards(*h) for h in lib_hands], repeats))
    except ImportError:
        print("phevaluator not installed: skipped", file=sys.stderr)
    try:
        import eval7
        deck = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
        e7_hands = [[deck[c] for c in h] for h in lib_hands]
        add("random 7-card", "eval7 evaluate", n_lib,
            median_time(lambda: [eval7.evaluate(h) for h in e7_hands], repeats))
    except ImportError:
        print("eval7 not installed: skipped", file=sys.stderr)

    print(f"hold'em evaluator: medians of {repeats} runs, {threads} numba threads; "
          f"targets: enumerate >= 100 M/s per core, random >= 50 M/s")
    print(f"{'workload':<22} {'method':<46} {'hands':>12} {'seconds':>9} {'M hands/s':>10}")
    for workload, method, n, seconds, rate in rows:
        print(f"{workload:<22} {method:<46} {n:>12,} {seconds:>9.3f} {rate:>10.1f}")
    budget_report(repeats)
    print(save.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
