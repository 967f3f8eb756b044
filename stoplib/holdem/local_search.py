"""Hill climbing to optimal deck stackings (document 004, "Optimally Stacking the Deck").

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012.
A deck's value for a seat is the number of its 52 cuts that the seat wins
(:func:`stoplib.holdem.deck_value`, in :mod:`stoplib.holdem.solver`). The article
climbs from a random deck by **steepest ascent** over the 1,326 decks that
differ by one swap of two positions, takes the best neighbour while it is
strictly better, and restarts from a new random deck at a local maximum. We do
the same, plus a **first-improvement** option (take the first improving swap in
a random order), for 2..22 players and any seat.

Incremental evaluation: a swap of positions ``i`` and ``j`` only changes the
cuts that deal a card (not a burn) from ``i`` or ``j``, at most
``2 * (2k + 5)`` of the 52 cuts for ``k`` players (18 for two players); cuts
where both positions are board cards, or the same player's pocket, are not
changed either. Within a changed cut only the hands holding one of the two
cards are ranked again (all of them when one is a board card, else one or two
players' hands on the cut's cached board key); the others keep the ranks cached
for the current deck. Each candidate swap is bounded before it is dealt: its gain is
at most the number of changed cuts not already counted, so swaps that cannot
beat the best found so far are skipped, and a swap's evaluation stops as soon
as it can no longer beat it. This pruning never changes which swap is chosen.

Ties between equally good swaps: ``tie_break="first"`` takes the first in the
order ``(0, 1), (0, 2), ..., (50, 51)`` (what the article's C++ loop does),
``"random"`` picks uniformly among them. The climb stops at a deck worth 52
(an optimal stacking) or at a local maximum. Each restart ``r`` draws its
random numbers from its own stream ``(seed, r)`` of :mod:`stoplib.util.rng`, so
serial, parallel and distributed runs give identical results.

Beyond the article, ``kicks`` turns a restart into an iterated local search:
at a local maximum below 52, apply ``kick_size`` random swaps, climb again and
keep the new deck unless it is worse. Plain restarts stop short of 52 with
three or more players; the kicks reach optimal stackings for three and four.

The numba kernels are private, in :mod:`stoplib.holdem._local_search_kernels`;
the slow twin of :func:`swap_delta` is :func:`stoplib.holdem.twins.swap_delta_reference`,
and long searches on Dask are in :mod:`stoplib.holdem.distributed`. (The module
is not called ``search``: ``stoplib.holdem.search`` is the function.)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..util.rng import kernel_seed
from ..util.validate import check_choice, check_int
from ._local_search_kernels import _search_parallel, _search_serial, _swap_delta
from .evaluator import load_tables
from ._costs import _search_estimate, _threads
from .rules import MAX_PLAYERS, MIN_PLAYERS, N_CUTS, as_deck, check_bool, format_deck

__all__ = ["N_SWAPS", "METHODS", "TIE_BREAKS", "OBJECTIVES", "MAX_MOVES", "SearchResult", "search",
           "climb", "swap_tables", "swap_delta", "summarize"]

N_SWAPS = 52 * 51 // 2
METHODS = ("steepest", "first")
TIE_BREAKS = ("first", "random")
OBJECTIVES = ("wins", "wins_or_ties")
MAX_MOVES = 52  # every move gains at least one cut, so a climb makes at most 52 moves
#: Restart indices (``first_restart + r``) stay below this, so they fit the kernels' int64.
MAX_RESTART_INDEX = 2**62


# --------------------------------------------------------------------------- tables
@lru_cache(maxsize=None)
def swap_tables(n_players: int):
    """Which cuts each of the 1,326 swaps can change, for ``n_players`` players.

    Returns ``(pair_i, pair_j, pair_cuts, pair_ncuts, pair_mask)``: the two
    positions of swap ``s``, the cuts it changes (first ``pair_ncuts[s]``
    entries of row ``s``) and the same set as a 52-bit mask.

    Examples
    --------
    >>> pi, pj, cuts, ncuts, mask = swap_tables(2)
    >>> len(pi), int(ncuts.max())
    (1326, 18)
    """
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    role = {}  # offset -> role: ("pocket", player) or ("board",)
    for p in range(n):
        role[p] = ("pocket", p)
        role[p + n] = ("pocket", p)
    b = 2 * n
    for off in (b + 1, b + 2, b + 3, b + 5, b + 7):
        role[off] = ("board",)
    pair_i = np.empty(N_SWAPS, np.int64)
    pair_j = np.empty(N_SWAPS, np.int64)
    width = min(N_CUTS, 2 * (2 * n + 5))
    pair_cuts = np.zeros((N_SWAPS, width), np.int64)
    pair_ncuts = np.zeros(N_SWAPS, np.int64)
    pair_mask = np.zeros(N_SWAPS, np.int64)
    s = 0
    for i in range(52):
        for j in range(i + 1, 52):
            pair_i[s], pair_j[s] = i, j
            cuts = []
            for c in range(52):
                ri = role.get((i - c) % 52)
                rj = role.get((j - c) % 52)
                if ri is None and rj is None:
                    continue
                if ri is not None and ri == rj:  # both board cards, or one player's pocket
                    continue
                cuts.append(c)
            pair_ncuts[s] = len(cuts)
            pair_cuts[s, :len(cuts)] = cuts
            pair_mask[s] = sum(1 << c for c in cuts)
            s += 1
    for arr in (pair_i, pair_j, pair_cuts, pair_ncuts, pair_mask):
        arr.flags.writeable = False
    return pair_i, pair_j, pair_cuts, pair_ncuts, pair_mask

# --------------------------------------------------------------------------- public API
@dataclass(frozen=True)
class SearchResult:
    """Outcome of a batch of hill climbs, one entry per restart.

    Attributes
    ----------
    decks : numpy.ndarray
        int8, shape (n_restarts, 52): the deck each climb stopped at.
    scores : numpy.ndarray
        The objective at the end (cuts won, or won-or-tied).
    start_scores : numpy.ndarray
        The objective of the starting deck.
    steps : numpy.ndarray
        Improving swaps made (the article's "steps").
    optimal : numpy.ndarray
        bool, whether the climb reached 52 (all cuts counted by the objective).
    wins, ties : numpy.ndarray
        Cuts won and tied by the seat with the final deck.
    paths : numpy.ndarray
        int8, shape (n_restarts, 53): objective after 0, 1, ... moves (-1 after the end).
    n_players, seat, method, tie_break, objective, seed, first_restart, kicks, kick_size :
        The search settings (``seed`` is the kernel seed actually used).
    kicks_used : numpy.ndarray
        Kicks made after the first climb (0 unless ``kicks`` > 0).
    """
    decks: np.ndarray
    scores: np.ndarray
    start_scores: np.ndarray
    steps: np.ndarray
    optimal: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    paths: np.ndarray = field(repr=False)
    n_players: int = 2
    seat: int = 1
    method: str = "steepest"
    tie_break: str = "first"
    objective: str = "wins"
    seed: int = 0
    first_restart: int = 0
    kicks_used: np.ndarray | None = field(default=None, repr=False)
    kicks: int = 0
    kick_size: int = 3

    @property
    def n_restarts(self) -> int:
        return int(self.scores.shape[0])

    @property
    def n_optimal(self) -> int:
        """Number of climbs that reached 52."""
        return int(np.count_nonzero(self.optimal))

    @property
    def fraction_optimal(self) -> float:
        """Fraction of climbs that reached 52."""
        return self.n_optimal / max(self.n_restarts, 1)

    def optimal_decks(self) -> list[str]:
        """The decks of the climbs that reached 52, in the article's notation."""
        return [format_deck(d) for d in self.decks[self.optimal]]


def _settings(n_players, seat, method, tie_break, objective):
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    s = check_int("seat", seat, 1, n)
    check_choice("method", method, METHODS)
    check_choice("tie_break", tie_break, TIE_BREAKS)
    check_choice("objective", objective, OBJECTIVES)
    return n, s


def _restarts(n_restarts, first_restart):
    """``(count, first)``: restarts ``first .. first + count - 1``, indices that fit an int64."""
    count = check_int("n_restarts", n_restarts, 0)
    first = check_int("first_restart", first_restart, 0)
    if count > MAX_RESTART_INDEX or first > MAX_RESTART_INDEX - count:
        raise ValueError(f"first_restart + n_restarts must be at most 2**62, got {first} + {count}")
    return count, first


def _run(decks, shuffle, kseed, first_restart, n, s, method, tie_break, objective, max_steps,
         parallel, kicks=0, kick_size=3):
    count = decks.shape[0]
    scores = np.empty(count, np.int64)
    start_scores = np.empty(count, np.int64)
    moves = np.empty(count, np.int64)
    wins = np.empty(count, np.int64)
    ties = np.empty(count, np.int64)
    paths = np.full((count, MAX_MOVES + 1), -1, np.int8)
    kicks_used = np.zeros(count, np.int64)
    kernel = _search_parallel if parallel else _search_serial
    kernel(decks, shuffle, np.uint64(kseed), np.int64(first_restart), n, s - 1,
           OBJECTIVES.index(objective), METHODS.index(method), TIE_BREAKS.index(tie_break),
           max_steps, kicks, kick_size, *swap_tables(n), load_tables(), scores, start_scores, moves,
           paths, wins, ties, kicks_used)
    return SearchResult(decks=decks.astype(np.int8), scores=scores, start_scores=start_scores,
                        steps=moves, optimal=scores == N_CUTS, wins=wins, ties=ties, paths=paths,
                        n_players=n, seat=s, method=method, tie_break=tie_break,
                        objective=objective, seed=int(kseed), first_restart=int(first_restart),
                        kicks_used=kicks_used, kicks=int(kicks), kick_size=int(kick_size))


def search(n_restarts: int, n_players: int = 2, seat: int = 1, *, method: str = "steepest",
           tie_break: str = "first", objective: str = "wins", max_steps: int | None = None,
           seed=None, first_restart: int = 0, kicks: int = 0, kick_size: int = 3,
           parallel: bool = True) -> SearchResult:
    """Hill-climb from ``n_restarts`` random decks towards optimal stackings.

    Parameters
    ----------
    n_restarts : int
        Number of random starting decks (independent climbs), >= 0.
    n_players : int
        Players at the table, 2..22.
    seat : int
        The seat that should win every cut, 1..n_players.
    method : {"steepest", "first"}
        Steepest ascent (the article: best of all 1,326 swaps) or first improvement
        (first improving swap in a random order).
    tie_break : {"first", "random"}
        Among equally good swaps in steepest ascent, take the first (the article's
        loop) or a uniformly random one.
    objective : {"wins", "wins_or_ties"}
        Count cuts won (the article), or cuts not lost (semi-optimal stackings).
    max_steps : int, optional
        Stop a climb after this many moves (default: until 52 or a local maximum).
    seed : int or numpy.random.Generator, optional
        Restart ``r`` uses the stream ``(kernel_seed(seed), first_restart + r)``.
    first_restart : int
        Index of the first restart, so that batches ``[k, k + m)`` of one long
        search reproduce exactly the restarts of a single call.
    kicks : int
        Beyond the article: after the climb stops short of 52, up to ``kicks``
        times apply ``kick_size`` random swaps and climb again, keeping the new
        deck unless it is worse (iterated local search). 0 (default) is the
        article's plain restart. ``steps`` and ``paths`` describe the first climb.
    kick_size : int
        Random swaps per kick, 1..52.
    parallel : bool
        Spread restarts over numba threads (same results as serial).

    Returns
    -------
    SearchResult
        Per restart: final deck, score, steps, whether optimal.

    Examples
    --------
    >>> res = search(2, seed=1)
    >>> res.decks.shape, bool(((res.scores >= res.start_scores) & (res.scores <= 52)).all())
    ((2, 52), True)
    """
    count, first = _restarts(n_restarts, first_restart)
    n, s = _settings(n_players, seat, method, tie_break, objective)
    steps_cap = MAX_MOVES if max_steps is None else check_int("max_steps", max_steps, 0, MAX_MOVES)
    kicks = check_int("kicks", kicks, 0, 1_000_000)
    kick_size = check_int("kick_size", kick_size, 1, 52)
    parallel = check_bool("parallel", parallel)
    _search_estimate(f"search({count:,} restarts, {n} players, {method}"
                     + (f", {kicks:,} kicks" if kicks else "") + ")", count, n, method, kicks, _threads(parallel))
    kseed = kernel_seed(seed)
    decks = np.empty((count, 52), np.int64)
    return _run(decks, True, kseed, first, n, s, method, tie_break, objective, steps_cap,
                parallel, kicks, kick_size)


def climb(deck, n_players: int = 2, seat: int = 1, *, method: str = "steepest",
          tie_break: str = "first", objective: str = "wins", max_steps: int | None = None,
          seed=None) -> SearchResult:
    """Hill-climb from one given deck (a one-restart :func:`search`).

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> res = climb(EXAMPLE_DECK)
    >>> int(res.scores[0]), int(res.steps[0])
    (52, 0)
    """
    arr = as_deck(deck).astype(np.int64)[None, :].copy()
    n, s = _settings(n_players, seat, method, tie_break, objective)
    steps_cap = MAX_MOVES if max_steps is None else check_int("max_steps", max_steps, 0, MAX_MOVES)
    return _run(arr, False, kernel_seed(seed if seed is not None else 0), 0, n, s, method,
                tie_break, objective, steps_cap, False)


def swap_delta(deck, i: int, j: int, n_players: int = 2, seat: int = 1,
               objective: str = "wins") -> int:
    """Change in the objective when positions ``i`` and ``j`` of ``deck`` are swapped.

    Uses the incremental evaluation of the search (only the cuts the swap can change).

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> swap_delta(EXAMPLE_DECK, 0, 0)
    0
    """
    arr = as_deck(deck).astype(np.int64)
    n, s = _settings(n_players, seat, "steepest", "first", objective)
    i = check_int("i", i, 0, 51)
    j = check_int("j", j, 0, 51)
    if i == j:
        return 0
    i, j = min(i, j), max(i, j)
    swap = i * 51 - i * (i - 1) // 2 + (j - i - 1)
    obj = OBJECTIVES.index(objective)
    return int(_swap_delta(arr, swap, n, s - 1, obj, *swap_tables(n), load_tables()))


def summarize(results) -> "pandas.DataFrame":  # noqa: F821 (imported inside)
    """One row per search: settings, success rate with a 95% Wilson interval, step counts.

    Parameters
    ----------
    results : SearchResult or iterable of SearchResult

    Returns
    -------
    pandas.DataFrame
        Columns ``n_players, seat, method, tie_break, objective, kicks, n_restarts,
        n_optimal, fraction, ci_low, ci_high, mean_steps, max_steps,
        min_steps_optimal, max_steps_optimal, mean_score, best_score``.

    Examples
    --------
    >>> summarize(search(4, seed=1))[["n_players", "seat", "n_restarts"]].values.tolist()
    [[2, 1, 4]]
    """
    import pandas as pd
    from statsmodels.stats.proportion import proportion_confint

    if isinstance(results, SearchResult):
        results = [results]
    rows = []
    for res in results:
        if not isinstance(res, SearchResult):
            raise TypeError(f"results must be SearchResult objects, got {type(res).__name__}")
        n = res.n_restarts
        k = res.n_optimal
        low, high = proportion_confint(k, n, alpha=0.05, method="wilson") if n else (np.nan, np.nan)
        if n:  # exactly 0 with no success and 1 with no failure (statsmodels drifts by 1e-17)
            low = 0.0 if k == 0 else min(max(float(low), 0.0), k / n)
            high = 1.0 if k == n else max(min(float(high), 1.0), k / n)
        opt_steps = res.steps[res.optimal]
        rows.append({
            "n_players": res.n_players, "seat": res.seat, "method": res.method,
            "tie_break": res.tie_break, "objective": res.objective, "kicks": res.kicks,
            "n_restarts": n, "n_optimal": k, "fraction": k / n if n else np.nan,
            "ci_low": float(low), "ci_high": float(high),
            "mean_steps": float(res.steps.mean()) if n else np.nan,
            "max_steps": int(res.steps.max()) if n else -1,
            "min_steps_optimal": int(opt_steps.min()) if k else -1,
            "max_steps_optimal": int(opt_steps.max()) if k else -1,
            "mean_score": float(res.scores.mean()) if n else np.nan,
            "best_score": int(res.scores.max()) if n else -1,
        })
    return pd.DataFrame(rows)
