"""Benchmark the hold'em hand evaluator (issue 6) against the Python libraries.

Two workloads, both reported in millions of seven-card hands per second
(medians over repeats, after a warm-up that compiles every kernel):

* **enumerate**: all 133,784,560 seven-card hands, built incrementally in
  nested loops (``rank_counts(7)``: a rank histogram, the test of the category
  counts), single-thread and parallel. Target: >= 100 M/s per core.
* **random**: pre-generated random hands in an ``(n, 7)`` int8 array
  (``evaluate7_many``), single-thread and parallel; beside it ``rank7`` called
  from a plain numba loop over the same array, and the PyPI libraries
  phevaluator (its C function called directly, and its Python API) and eval7
  on a slice of the same hands. Target: >= 50 M/s.

Usage: ``python benchmarks/bench_holdem_evaluator.py [--full]``.
"""
from __future__ import annotations

import argparse
import sys
import time

import numba
import numpy as np
from numba import njit

from stoplib.holdem import evaluate7_many, rank_counts, rank7
from stoplib.holdem.evaluator import _evaluate_many, _evaluate_many_parallel, load_tables
from stoplib.util.timing import median_seconds as median_time

N_SEVEN = 133_784_560


@njit(cache=True)
def _sum_ranks(hands, tables):
    """rank7 from a user's kernel: the contract path other kernels use."""
    total = 0
    for i in range(hands.shape[0]):
        total += rank7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
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



def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="more hands and repeats")
    args = parser.parse_args(argv)
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

    add("enumerate all 7-card", "stoplib, 1 thread", N_SEVEN,
        median_time(lambda: rank_counts(7, parallel=False), repeats))
    add("enumerate all 7-card", f"stoplib, {threads} threads", N_SEVEN,
        median_time(lambda: rank_counts(7, parallel=True), repeats))
    add("random 7-card", "stoplib evaluate7_many, 1 thread", n_random,
        median_time(lambda: _evaluate_many(hands, tables, out), repeats))
    add("random 7-card", f"stoplib evaluate7_many, {threads} threads", n_random,
        median_time(lambda: _evaluate_many_parallel(hands, tables, out), repeats))
    add("random 7-card", "stoplib rank7 in a user kernel, 1 thread", n_random,
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
