"""Slow exact twin of the hand evaluator: the rules of poker in plain Python.

``reference_rank5`` scores five cards by the textbook rules (category, then the
ranks ordered by how often they occur, then by rank); ``reference_rank7`` takes
the best of the 21 five-card subsets. Ranks are on the evaluator's scale
(1..7462, higher better): the 7,462 classes are numbered by scoring one
representative hand of each with the same rules. Used by the tests to check
:mod:`stoplib.holdem.evaluator` on random and hand-crafted hands.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from .cards import as_cards

__all__ = ["hand_key5", "reference_rank5", "reference_rank7"]


def hand_key5(cards) -> tuple:
    """A tuple that orders five-card hands: ``(category, tie-break ranks)``.

    ``category`` is 0 (high card) .. 8 (straight flush); ranks are 0 (deuce) ..
    12 (ace), with the ace counted low in the wheel A-2-3-4-5.

    Examples
    --------
    >>> hand_key5("As2d3c4h5s")
    (4, (3,))
    """
    cards = [int(c) for c in as_cards(cards, n=5)]
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
        keys.add(hand_key5([r * 4 + i % 4 for i, r in enumerate(ranks)]))
    for ranks in combinations(range(13), 5):
        keys.add(hand_key5([r * 4 for r in ranks]))  # all clubs
    return {key: i + 1 for i, key in enumerate(sorted(keys))}


def reference_rank5(cards) -> int:
    """Rank (1..7462, higher better) of five cards, by the rules, slowly.

    Examples
    --------
    >>> reference_rank5("AsKsQsJsTs"), reference_rank5("7c5d4h3s2c")
    (7462, 1)
    """
    return _key_to_rank()[hand_key5(cards)]


def reference_rank7(cards) -> int:
    """Rank of the best five of seven cards: the best of all 21 subsets.

    Examples
    --------
    >>> reference_rank7("AsAdKhKcQsQd2c") == reference_rank5("AsAdKhKcQs")
    True
    """
    cards = [int(c) for c in as_cards(cards, n=7)]
    return max(_key_to_rank()[hand_key5(five)] for five in combinations(cards, 5))
