"""Slow exact twins of the hold'em evaluator, deck value and swap gain (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012.
Each fast numba path of :mod:`stoplib.holdem` has a plain-Python twin here,
written from the rules rather than from the fast code, and the tests compare
them:

* ``reference_rank5`` scores five cards by the textbook rules (category, then
  the ranks ordered by how often they occur, then by rank); ``reference_rank7``
  takes the best of the 21 five-card subsets. Ranks are on the evaluator's
  scale (1..7462, higher better): the 7,462 classes are numbered by scoring one
  representative hand of each with the same rules. Twin of
  :mod:`stoplib.holdem.evaluator`.
* ``deck_value_reference`` deals every cut from the rotated deck by
  :func:`stoplib.holdem.rules.dealt_offsets` and scores each hand with
  :func:`stoplib.holdem.evaluate7`. Twin of :func:`stoplib.holdem.deck_value`.
* ``swap_delta_reference`` swaps two cards and re-values all 52 cuts. Twin of
  the incremental :func:`stoplib.holdem.swap_delta` of the local search.
* ``complete_suits_reference`` tries every permutation of the suits of the free residues
  of a period-13 layout (at most three free: 13,824 decks), each deck dealt by the deck
  scorer of :mod:`stoplib.holdem.solver`. Twin of the exact suit search and of the CP-SAT
  model behind :func:`stoplib.holdem.census.complete_suits`.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from ..util.validate import check_int
from .evaluator import evaluate7
from .local_search import _settings
from ._costs import _reference_deals_estimate, _reference_estimate
from .rules import LOSS, N_CUTS, TIE, WIN, _check_table, as_cards, as_deck, dealt_offsets
from .solver import DeckValue

__all__ = ["hand_key5", "reference_rank5", "reference_rank7", "deck_value_reference",
           "swap_delta_reference", "complete_suits_reference"]


def hand_key5(cards) -> tuple:
    """A tuple that orders five-card hands: ``(category, tie-break ranks)``.

    ``category`` is 0 (high card) .. 8 (straight flush); ranks are 0 (deuce) ..
    12 (ace), with the ace counted low in the wheel A-2-3-4-5.

    Examples
    --------
    >>> hand_key5("As2d3c4h5s")
    (4, (3,))
    """
    return _key5([int(c) for c in as_cards(cards, n=5)])


def _key5(cards) -> tuple:
    """``hand_key5`` of five distinct codes 0..51 given as a list of ints (no checks)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    flush = len(suits) == 1
    distinct = sorted(set(ranks), reverse=True)
    high = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            high = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            high = 3  # the wheel: five-high
    if high is not None:
        return (8 if flush else 4, (high,))
    if flush:
        return (5, tuple(ranks))
    counts = Counter(ranks)
    # ranks ordered by (multiplicity, rank), most frequent first
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2,
                (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[shape]
    return (category, tuple(order))


@lru_cache(maxsize=1)
def _key_to_rank() -> dict:
    """Number the 7,462 classes by scoring one representative hand of each."""
    keys = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        # suits rotate card by card: a rank's copies get different suits and
        # five distinct ranks are never all one suit
        keys.add(_key5([r * 4 + i % 4 for i, r in enumerate(ranks)]))
    for ranks in combinations(range(13), 5):
        keys.add(_key5([r * 4 for r in ranks]))  # all clubs
    return {key: i + 1 for i, key in enumerate(sorted(keys))}


def reference_rank5(cards) -> int:
    """Rank (1..7462, higher better) of five cards, by the rules, slowly.

    Examples
    --------
    >>> reference_rank5("AsKsQsJsTs"), reference_rank5("7c5d4h3s2c")
    (7462, 1)
    """
    key = _key5([int(c) for c in as_cards(cards, n=5)])
    _reference_estimate("reference_rank5", 1, _needs_setup())
    return _key_to_rank()[key]


def reference_rank7(cards) -> int:
    """Rank of the best five of seven cards: the best of all 21 subsets.

    Examples
    --------
    >>> reference_rank7("AsAdKhKcQsQd2c") == reference_rank5("AsAdKhKcQs")
    True
    """
    cards = [int(c) for c in as_cards(cards, n=7)]
    _reference_estimate("reference_rank7", 21, _needs_setup())
    table = _key_to_rank()
    return max(table[_key5(five)] for five in combinations(cards, 5))


def _needs_setup() -> bool:
    """Whether the 7,462 classes are still to be numbered (the first reference call does it)."""
    return not _key_to_rank.cache_info().currsize


def deck_value_reference(deck, seat: int = 1, n_players: int = 2) -> DeckValue:
    """Slow exact twin of :func:`stoplib.holdem.deck_value`: plain Python over the evaluator's Python API.

    Deals each cut from the rotated deck by the rules spelled out in
    :func:`stoplib.holdem.rules.dealt_offsets` and scores every hand with
    :func:`stoplib.holdem.evaluate7`.

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> deck_value_reference(EXAMPLE_DECK).wins
    52
    """
    n, s = _check_table(n_players, seat)
    cards = [int(c) for c in as_deck(deck)]
    _reference_deals_estimate(f"deck_value_reference for {n} players", n)
    return _value_reference(cards, n, s)


def _value_reference(cards: list, n: int, s: int) -> DeckValue:
    """:func:`deck_value_reference` of a checked deck (a list of 52 distinct ints) for seat ``s`` of ``n``."""
    off = dealt_offsets(n)
    outcomes = []
    for c in range(N_CUTS):
        cut = cards[c:] + cards[:c]
        board = [cut[k] for k in off["board"]]
        ranks = [evaluate7([cut[a], cut[b]] + board) for a, b in off["pockets"]]
        mine = ranks[s - 1]
        others = ranks[:s - 1] + ranks[s:]
        outcomes.append(LOSS if max(others) > mine else TIE if max(others) == mine else WIN)
    out = np.asarray(outcomes, np.int8)
    return DeckValue(wins=outcomes.count(WIN), ties=outcomes.count(TIE), losses=outcomes.count(LOSS),
                     seat=s, n_players=n, outcomes=out)


def swap_delta_reference(deck, i: int, j: int, n_players: int = 2, seat: int = 1,
                         objective: str = "wins") -> int:
    """Slow exact twin of :func:`stoplib.holdem.swap_delta`: swap, re-value all 52 cuts, subtract.

    Examples
    --------
    >>> from stoplib.holdem import swap_delta
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> swap_delta_reference(EXAMPLE_DECK, 3, 30) == swap_delta(EXAMPLE_DECK, 3, 30)
    True
    """
    arr = as_deck(deck).copy()
    n, s = _settings(n_players, seat, "steepest", "first", objective)
    i = check_int("i", i, 0, 51)
    j = check_int("j", j, 0, 51)
    _reference_deals_estimate(f"swap_delta_reference for {n} players", n, n_decks=2)

    def value(d):
        v = _value_reference([int(c) for c in d], n, s)
        return v.wins + (v.ties if objective == "wins_or_ties" else 0)

    before = value(arr)
    arr[[i, j]] = arr[[j, i]]
    return value(arr) - before


def complete_suits_reference(ranks, n_players: int, suits, cuts=None) -> int:
    """Slow exact twin of :func:`stoplib.holdem.census.complete_suits`: every permutation of the free suits.

    Parameters
    ----------
    ranks : str or sequence of int
        The layout: the rank of each residue 0..12 (``"2AKQJT9876543"``).
    n_players : int
        Players at the table, 2..22.
    suits : sequence
        13 entries, one per residue: its suits (``"cdhs"``, positions ``r, r + 13, r + 26, r + 39``),
        or None where free; at most three None.
    cuts : sequence of int, optional
        The cuts seat 1 must win (default all 52).

    Returns
    -------
    int
        How many assignments of the free residues' suits win every cut of ``cuts``.

    Examples
    --------
    >>> cycling = ["".join("cdhs"[(r + q) % 4] for q in range(4)) for r in range(13)]  # suit = position mod 4
    >>> complete_suits_reference("2AKQJT9876543", 9, [None, None] + cycling[2:], cuts=[13])  # a good class
    576
    >>> complete_suits_reference("2AKQJT9876543", 9, [None, None] + cycling[2:], cuts=[5])  # a bad class
    0
    """
    from itertools import product

    from .census import PERMS, _fixed_perms, _layout
    from .evaluator import load_tables
    from .solver import _score_decks

    sigma = _layout(ranks)
    n, _ = _check_table(n_players, 1)
    if suits is None or isinstance(suits, str) or not hasattr(suits, "__len__") or len(suits) != 13:
        raise ValueError("suits must give 13 entries, one per residue: four suits such as 'cdhs', or None")
    free = [r for r in range(13) if suits[r] is None]
    if len(free) > 3:
        raise ValueError(f"at most three residues may be free (24**3 decks), got {len(free)}")
    fixed = _fixed_perms(suits)
    cut_list = list(range(N_CUTS)) if cuts is None else sorted({check_int("cut", c, 0, N_CUTS - 1) for c in cuts})
    _reference_deals_estimate("complete_suits_reference", n, n_decks=24 ** len(free) // 200 + 1)
    decks = []
    for choice in product(range(24), repeat=len(free)):
        k = fixed.copy()
        for r, c in zip(free, choice):
            k[r] = c
        decks.append([4 * int(sigma[x % 13]) + int(PERMS[k[x % 13], x // 13]) for x in range(52)])
    decks = np.array(decks, np.int64)
    outs = np.empty((decks.shape[0], N_CUTS), np.int8)
    wins = np.empty(decks.shape[0], np.int64)
    _score_decks(decks, n, 0, load_tables(), outs, wins)
    return int(np.count_nonzero((outs[:, cut_list] == WIN).all(axis=1)))
