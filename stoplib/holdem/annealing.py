"""Simulated annealing and tabu search for optimal stackings with many players (beyond document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. It climbs by steepest ascent on
the number of cuts won and guesses that stackings exist for any number of players.
With three or more players the climb (:func:`stoplib.holdem.search`) stops short of
52; these searches go further.

Both minimise a *cost* finer than the cuts lost: a lost cut costs ``weight`` plus the
number of opponents whose hand beats or ties the seat's, so a swap that takes one of
two winners out of a lost cut is progress even though no cut changes hands. A move
swaps two positions of the deck; its cost is counted incrementally over the cuts the
swap can change and, in each, over the hands that hold one of the two cards
(kernels in :mod:`stoplib.holdem._annealing_kernels`).

:func:`anneal`
    Simulated annealing: a uniformly random swap, accepted when the cost does not
    rise and otherwise with probability ``exp(-rise / T)``, the temperature ``T``
    falling geometrically from ``t_start`` to ``t_end`` over ``moves`` proposals.
:func:`tabu_search`
    Tabu search: each iteration makes the best of ``sample`` random swaps (all 1,326
    when ``sample >= 1326``), even a worse one, but not a swap of a position moved in
    the last ``tenure`` iterations unless it gives more cuts won than the best deck
    so far.

Each run keeps the best deck it saw (most cuts won) and stops when it wins all 52.
Run ``r`` of a call draws from the :mod:`stoplib.util.rng` stream
``(kernel_seed(seed), first_run + r)``, so serial and parallel calls, and batches of
one long search, give identical results. Long searches on Dask, each run written to
a file as it ends, are :func:`stoplib.holdem.players.run_anneal`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..util.rng import kernel_seed
from ..util.validate import check_int, check_real
from ._annealing_kernels import _batch_parallel, _batch_serial
from ._costs import _anneal_estimate, _threads
from .evaluator import load_tables
from .local_search import _restarts, _settings, swap_tables
from .rules import N_CUTS, as_deck, check_bool, format_deck

__all__ = ["ANNEAL_METHODS", "AnnealResult", "anneal", "tabu_search", "MAX_MOVES", "TRACE_POINTS"]

ANNEAL_METHODS = ("annealing", "tabu")
#: The most proposals (annealing) or iterations (tabu) of one run.
MAX_MOVES = 10**12
#: Points of each run's trace (the best cuts won after 0, 1, 2, ... blocks of proposals).
TRACE_POINTS = 65


@dataclass(frozen=True)
class AnnealResult:
    """The best deck of each run of an annealing or tabu search.

    Attributes
    ----------
    decks : numpy.ndarray
        int8, shape (n_runs, 52): the deck with the most cuts won seen by each run.
    wins, ties, losses : numpy.ndarray
        Cuts won, tied and lost by the seat with that deck (re-dealt at the end).
    moves : numpy.ndarray
        Proposals (annealing) or iterations (tabu) made; fewer than asked when the run
        reached 52.
    work : numpy.ndarray
        Annealing: proposals accepted. Tabu: swaps evaluated.
    best_at : numpy.ndarray
        The proposal (iteration) after which the best deck was first reached.
    trace : numpy.ndarray
        shape (n_runs, TRACE_POINTS): the best cuts won after ``k * trace_every``
        proposals (iterations).
    trace_every : int
    n_players, seat, method, seed, first_run :
        The search (``seed`` is the kernel seed actually used).
    settings : dict
        ``weight`` and the method's own settings.
    """
    decks: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    losses: np.ndarray
    moves: np.ndarray
    work: np.ndarray
    best_at: np.ndarray
    trace: np.ndarray = field(repr=False)
    trace_every: int = 1
    n_players: int = 2
    seat: int = 1
    method: str = "annealing"
    seed: int = 0
    first_run: int = 0
    settings: dict = field(default_factory=dict)

    @property
    def n_runs(self) -> int:
        return int(self.wins.shape[0])

    @property
    def optimal(self) -> np.ndarray:
        """bool per run: whether its best deck wins all 52 cuts."""
        return self.wins == N_CUTS

    @property
    def n_optimal(self) -> int:
        return int(np.count_nonzero(self.optimal))

    @property
    def best(self) -> int:
        """The most cuts won by any run (-1 without runs)."""
        return int(self.wins.max()) if self.n_runs else -1

    def best_deck(self) -> str:
        """The deck of the first run with the most cuts won, in the article's notation."""
        if not self.n_runs:
            raise ValueError("no runs: no best deck")
        return format_deck(self.decks[int(np.argmax(self.wins))])

    def optimal_decks(self) -> list[str]:
        """The decks of the runs that won all 52 cuts."""
        return [format_deck(d) for d in self.decks[self.optimal]]


def _check_common(n_runs, n_players, seat, weight, seed, first_run, parallel):
    count, first = _restarts(n_runs, first_run)
    n, s = _settings(n_players, seat, "steepest", "first", "wins")
    weight = check_int("weight", weight, 0, 1000)
    parallel = check_bool("parallel", parallel)
    return count, first, n, s, weight, kernel_seed(seed), parallel


def _run(method, decks, shuffle, kseed, first, n, s, weight, length, t_start=1.0, t_end=1.0, sample=1,
         tenure=0, parallel=False) -> AnnealResult:
    """Runs of ``method`` (checked settings) from ``decks`` (or shuffled decks when ``shuffle``)."""
    count = decks.shape[0]
    z = [np.zeros(count, np.int64) for _ in range(6)]
    traces = np.zeros((count, TRACE_POINTS), np.int64)
    every = max(1, -(-length // (TRACE_POINTS - 1)))
    kernel = _batch_parallel if parallel else _batch_serial
    pi, pj, cuts, ncuts, _ = swap_tables(n)
    kernel(ANNEAL_METHODS.index(method), decks, shuffle, np.uint64(kseed), np.int64(first), n, s - 1, weight,
           length, float(t_start), float(t_end), sample, tenure, every, pi, pj, cuts, ncuts, load_tables(), *z,
           traces)
    best, done, work, best_at, wins, ties = z
    settings = ({"weight": weight, "moves": length, "t_start": float(t_start), "t_end": float(t_end)}
                if method == "annealing" else
                {"weight": weight, "iterations": length, "sample": sample, "tenure": tenure})
    return AnnealResult(decks=decks.astype(np.int8), wins=wins, ties=ties, losses=N_CUTS - wins - ties,
                        moves=done, work=work, best_at=best_at, trace=traces, trace_every=every, n_players=n,
                        seat=s, method=method, seed=int(kseed), first_run=int(first), settings=settings)


def anneal(n_runs: int, n_players: int = 2, seat: int = 1, *, moves: int = 1_000_000, t_start: float = 3.0,
           t_end: float = 0.3, weight: int = 4, seed=None, first_run: int = 0, deck=None,
           parallel: bool = True) -> AnnealResult:
    """Simulated annealing towards optimal stackings, ``n_runs`` independent runs.

    Parameters
    ----------
    n_runs : int
        Runs (each from its own uniformly shuffled deck, or from ``deck``), >= 0.
    n_players : int
        Players at the table, 2..22.
    seat : int
        The seat that should win every cut, 1..n_players.
    moves : int
        Proposals per run (a run stops earlier when it wins all 52 cuts), 1..10**12.
    t_start, t_end : float
        Temperature at the first and the last proposal (``t_start >= t_end > 0``), in
        units of the cost (a lost cut costs ``weight`` plus its winners).
    weight : int
        Cost of a lost cut beyond its winners, 0..1000.
    seed : int or numpy.random.Generator, optional
        Run ``r`` uses the stream ``(kernel_seed(seed), first_run + r)``.
    first_run : int
        Index of the first run (batches of one long search).
    deck : str or array_like of int, optional
        Start every run from this deck instead of a shuffled one.
    parallel : bool
        Spread the runs over numba threads (same results as serial).

    Returns
    -------
    AnnealResult

    Examples
    --------
    >>> res = anneal(2, n_players=3, moves=20_000, seed=1)
    >>> res.decks.shape, bool((res.wins + res.ties + res.losses == 52).all())
    ((2, 52), True)
    """
    count, first, n, s, weight, kseed, parallel = _check_common(n_runs, n_players, seat, weight, seed, first_run,
                                                                parallel)
    moves = check_int("moves", moves, 1, MAX_MOVES)
    t_start = check_real("t_start", t_start, 1e-6, 1e6)
    t_end = check_real("t_end", t_end, 1e-6, t_start)
    _anneal_estimate(f"anneal({count:,} runs of {moves:,} moves, {n} players)", count, moves, n,
                     _threads(parallel))            # before the starting decks are allocated
    decks, shuffle = _starts(deck, count)
    return _run("annealing", decks, shuffle, kseed, first, n, s, weight, moves, t_start, t_end, parallel=parallel)


def tabu_search(n_runs: int, n_players: int = 2, seat: int = 1, *, iterations: int = 10_000, sample: int = 64,
                tenure: int = 8, weight: int = 4, seed=None, first_run: int = 0, deck=None,
                parallel: bool = True) -> AnnealResult:
    """Tabu search towards optimal stackings, ``n_runs`` independent runs.

    Parameters
    ----------
    n_runs, n_players, seat, weight, seed, first_run, deck, parallel :
        As in :func:`anneal`.
    iterations : int
        Iterations per run (each makes one swap), 1..10**12.
    sample : int
        Random swaps evaluated per iteration, 1..1326 (1326: every swap, in order).
    tenure : int
        Iterations during which a moved position may not move again (unless the swap
        gives a new best deck), 0..51.

    Returns
    -------
    AnnealResult
        ``work`` counts the swaps evaluated.

    Examples
    --------
    >>> res = tabu_search(1, n_players=3, iterations=200, seed=1)
    >>> int(res.moves[0]) <= 200, res.method
    (True, 'tabu')
    """
    count, first, n, s, weight, kseed, parallel = _check_common(n_runs, n_players, seat, weight, seed, first_run,
                                                                parallel)
    iterations = check_int("iterations", iterations, 1, MAX_MOVES)
    sample = check_int("sample", sample, 1, 1326)
    tenure = check_int("tenure", tenure, 0, 51)
    _anneal_estimate(f"tabu_search({count:,} runs of {iterations:,} iterations × {sample} swaps, {n} players)",
                     count, iterations * sample, n, _threads(parallel))
    decks, shuffle = _starts(deck, count)
    return _run("tabu", decks, shuffle, kseed, first, n, s, weight, iterations, sample=sample, tenure=tenure,
                parallel=parallel)


def _starts(deck, count):
    """``(decks, shuffle)``: ``count`` rows to fill with shuffled decks, or copies of ``deck``."""
    if deck is None:
        return np.empty((count, 52), np.int64), True
    arr = as_deck(deck).astype(np.int64)
    return np.tile(arr, (count, 1)), False
