"""Our speeds beside the ones document 004 reports for its 12-thread machine.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. It reports "about 7 million
seven-card hands per second" (each the best of its 21 five-card hands), "about
87 million five-card hands per second" and "approximately 100,000" optimal
stackings found overnight, on a "desktop supercomputer" running 12 OpenMP
threads. Here the same quantities are measured on the machine that runs the
notebook, as medians of repeated calls after compilation. Every row states the
machine, its one-minute load average and when it was taken
(:func:`stoplib.util.timing.stamp`): timings vary with what else the machine is
doing, and are comparable only within one run. The article's own speeds are
"context" in the verdict table (another machine), never compared.
"""
from __future__ import annotations

import time

import numba
import numpy as np
import pandas as pd

from ..util.rng import as_generator, kernel_seed
from ..util.timing import median_seconds, stamp
from ..util.validate import check_int
from ._costs import (_evaluator_speeds_estimate, _random_hands_estimate, _score_decks_estimate, _search_estimate,
                     _threads)
from .evaluator import (_evaluate5_many, _evaluate5_many_parallel, _evaluate_many, _evaluate_many_best21,
                        _evaluate_many_best21_parallel, _evaluate_many_parallel, load_tables)
from .local_search import MAX_MOVES, _run
from .rules import MAX_PLAYERS, MIN_PLAYERS
from .solver import _score_decks, _score_decks_parallel

__all__ = ["table_kilobytes", "random_hands", "evaluator_speeds", "search_speeds", "deck_speeds",
           "recorded_gpu_deck_speeds"]

#: The largest count of hands or climbs a timing takes (far beyond what the work budget lets run;
#: it only keeps the estimate a finite float).
MAX_COUNT = 10**15


def table_kilobytes() -> float:
    """Memory of the evaluator's look-up tables, in KiB.

    Examples
    --------
    >>> 100 < table_kilobytes() < 1000
    True
    """
    return sum(a.nbytes for a in load_tables()) / 1024


def random_hands(n: int, n_cards: int = 7, seed: int = 2024) -> np.ndarray:
    """``n`` uniformly random hands of ``n_cards`` distinct cards, one per row (int8).

    Examples
    --------
    >>> h = random_hands(3, seed=1)
    >>> h.shape, all(len(set(row)) == 7 for row in h.tolist())
    ((3, 7), True)
    """
    n = check_int("n", n, 0, MAX_COUNT)
    n_cards = check_int("n_cards", n_cards, 1, 52)
    _random_hands_estimate(n, n_cards)
    return _random_hands(n, n_cards, as_generator(seed))


def _random_hands(n: int, n_cards: int, rng: np.random.Generator) -> np.ndarray:
    """:func:`random_hands` for checked sizes, drawn from ``rng``."""
    out = np.empty((n, n_cards), np.int8)
    for start in range(0, n, 500_000):
        stop = min(n, start + 500_000)
        keys = rng.random((stop - start, 52), dtype=np.float32)
        out[start:stop] = np.argpartition(keys, min(n_cards, 51), axis=1)[:, :n_cards]
    return out


def evaluator_speeds(n_hands: int = 1_000_000, repeats: int = 3, seed: int = 2024) -> pd.DataFrame:
    """Hands evaluated per second: seven cards (direct, and best of 21) and five cards.

    Random hands are drawn first; the kernels are timed without the input
    checks of the public functions, on one thread and on all of numba's.

    Returns
    -------
    pandas.DataFrame
        One row per workload: ``hands`` (5 or 7 cards), ``method``, ``threads``,
        ``n_hands``, ``seconds`` (median), ``million_per_second``, and the
        :func:`stoplib.util.timing.stamp` of the row: ``machine``, ``load`` (the one-minute
        load average when the row was timed: other work slows it) and ``taken``.

    Examples
    --------
    >>> t = evaluator_speeds(2000, repeats=1)
    >>> sorted(set(t["method"]))
    ['best of 21 five-card hands', 'direct look-up']
    """
    n = check_int("n_hands", n_hands, 1, MAX_COUNT)
    repeats = check_int("repeats", repeats, 1, 1000)
    threads = numba.get_num_threads()
    _evaluator_speeds_estimate(n, repeats)
    tables = load_tables()
    seven = _random_hands(n, 7, as_generator(seed))
    five = np.ascontiguousarray(seven[:, :5])
    out = np.empty(n, np.int32)
    workloads = [
        (7, "direct look-up", _evaluate_many, _evaluate_many_parallel, seven),
        (7, "best of 21 five-card hands", _evaluate_many_best21, _evaluate_many_best21_parallel, seven),
        (5, "direct look-up", _evaluate5_many, _evaluate5_many_parallel, five),
    ]
    rows = []
    for cards, method, serial, parallel, hands in workloads:
        for kernel, count in ((serial, 1), (parallel, threads)):
            kernel(hands[:8], tables, out[:8])  # compile (or load from the cache) first
            seconds = median_seconds(lambda: kernel(hands, tables, out), repeats)
            rows.append({"hands": cards, "method": method, "threads": count, "n_hands": n,
                         "seconds": seconds, "million_per_second": n / seconds / 1e6, **stamp()})
    return pd.DataFrame(rows)


def search_speeds(n_restarts: int = 200, seed: int = 0) -> pd.DataFrame:
    """Steepest-ascent climbs per second (two players, seat 1), serial and on all threads.

    Both runs climb from the same decks (the search is seeded per restart), so
    they find the same stackings; the ratio of the two rates is the parallel speed-up.

    Returns
    -------
    pandas.DataFrame
        Rows ``serial`` and ``parallel``: ``threads``, ``n_restarts``, ``n_optimal``,
        ``seconds``, ``climbs_per_second``, ``stackings_per_second``, and the
        :func:`stoplib.util.timing.stamp` of the row (``machine``, ``load``, ``taken``).

    Examples
    --------
    >>> t = search_speeds(4)
    >>> t["n_optimal"].nunique(), list(t["run"])
    (1, ['serial', 'parallel'])
    """
    n = check_int("n_restarts", n_restarts, 1, MAX_COUNT)
    _search_estimate(f"search_speeds({n:,})", n, 2, "steepest", 0, 1.0 / (1.0 + 1.0 / _threads(True)))
    kseed = kernel_seed(seed)

    def run(count, parallel):
        decks = np.empty((count, 52), np.int64)
        return _run(decks, True, kseed, 0, 2, 1, "steepest", "first", "wins", MAX_MOVES, parallel)

    run(1, False)  # compile (or load from the cache) first
    run(2, True)
    rows = []
    for label, parallel, threads in (("serial", False, 1), ("parallel", True, numba.get_num_threads())):
        t0 = time.perf_counter()
        res = run(n, parallel)
        seconds = time.perf_counter() - t0
        rows.append({"run": label, "threads": threads, "n_restarts": n, "n_optimal": res.n_optimal,
                     "seconds": seconds, "climbs_per_second": n / seconds,
                     "stackings_per_second": res.n_optimal / seconds, **stamp()})
    return pd.DataFrame(rows)


def deck_speeds(n_decks: int = 20_000, players=(2, 6, 9), repeats: int = 3, seed: int = 2026) -> pd.DataFrame:
    """Decks scored per second (every cut of each dealt and scored for seat 1), one thread and all.

    Random decks are drawn first; the kernels of :func:`stoplib.holdem.score_decks` are
    timed without its input checks, as medians of ``repeats`` calls after one that compiles.

    Returns
    -------
    pandas.DataFrame
        One row per table size and thread count: ``n_players``, ``threads``, ``n_decks``,
        ``seconds`` (median), ``decks_per_second``, and the :func:`stoplib.util.timing.stamp`
        of the row (``machine``, ``load``, ``taken``).

    Examples
    --------
    >>> t = deck_speeds(200, players=(2, 9), repeats=1)
    >>> t[["n_players", "threads"]].values.tolist()[:2]
    [[2, 1], [2, 2]]
    """
    n = check_int("n_decks", n_decks, 1, MAX_COUNT)
    repeats = check_int("repeats", repeats, 1, 1000)
    players = [check_int("players", p, MIN_PLAYERS, MAX_PLAYERS) for p in np.atleast_1d(players).tolist()]
    for p in players:
        _score_decks_estimate(n * (repeats + 1), p, False)
    decks = np.argsort(as_generator(seed).random((n, 52)), axis=1).astype(np.int64)
    tables = load_tables()
    outs = np.empty((n, 52), np.int8)
    wins = np.empty(n, np.int64)
    rows = []
    for p in players:
        for kernel, threads in ((_score_decks, 1), (_score_decks_parallel, numba.get_num_threads())):
            kernel(decks[:2], p, 0, tables, outs[:2], wins[:2])  # compile (or load from the cache) first
            seconds = median_seconds(lambda: kernel(decks, p, 0, tables, outs, wins), repeats)
            rows.append({"n_players": p, "threads": threads, "n_decks": n, "seconds": seconds,
                         "decks_per_second": n / seconds, **stamp()})
    return pd.DataFrame(rows)


#: The columns of ``data/holdem_gpu_decks_per_second.csv``.
GPU_COLUMNS = ("n_players", "decks", "median_s", "decks_per_s", "kernel_decks", "kernel_median_s",
               "kernel_decks_per_s", "repeats", "device", "machine")


def recorded_gpu_deck_speeds(path=None) -> pd.DataFrame:
    """Decks scored per second on a GPU, as a session lent one recorded them (checked).

    ``benchmarks/bench_holdem_search.py --gpu`` writes ``data/holdem_gpu_decks_per_second.csv``
    when it runs on a CUDA device: for each table size, the public call
    ``score_decks(..., method="cuda")`` on 1,000,000 random decks (its input checks, the
    transfers and the kernel) and the kernel alone, medians of ``repeats``, with the device
    and the host named.

    Parameters
    ----------
    path : path or None
        The CSV file; None: the file in the ``data/`` folder of the repository holding this package.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`GPU_COLUMNS`.

    Raises
    ------
    stoplib.util.validate.MissingFileError
        If the file is missing.
    ValueError
        If its columns are not :data:`GPU_COLUMNS`, or a rate does not follow from its decks and seconds.

    Examples
    --------
    >>> g = recorded_gpu_deck_speeds()
    >>> bool((g.kernel_decks_per_s > g.decks_per_s).all())
    True
    """
    from ..workbook.config import read_committed_csv

    g = read_committed_csv("holdem_gpu_decks_per_second.csv", GPU_COLUMNS, path)
    for rate, count, seconds in (("decks_per_s", "decks", "median_s"),
                                 ("kernel_decks_per_s", "kernel_decks", "kernel_median_s")):
        if not np.allclose(g[rate], g[count] / g[seconds], rtol=1e-3):
            raise ValueError(f"{path or 'data/holdem_gpu_decks_per_second.csv'}: {rate} is not {count} / {seconds}")
    return g
