"""CardCounter's slow exact twins: the document's own functions, and a brute force over orders.

Independent of the numba solver (:mod:`.solver`), for the tests and notebook 06 to
compare with (the functions of J. S. Plank's CardCounter write-up, rules in
:mod:`.rules`):

* :class:`DocumentSolver`: the document's two memoised functions
  ``players_move(dealer_card, player_sum, player_has_ace, deck)`` and
  ``dealers_move(dealer_sum, dealer_has_ace, player_total, deck)`` with its memo keys
  and dump format, in exact fractions or floats; :func:`solve_exact` wraps it;
* :func:`brute_force_orders`: an expectimax over every ordering of the remaining
  cards, with integer counts and no conditional probability anywhere;
* :func:`compare_solvers`: one hand by all three, agreeing or refusing together.
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from .rules import (DEALER_STANDS, _check_card, _check_player, _starving_message, _total_py, deck_string,
                    hand_total, parse_deck)
from .solver import win_probability

__all__ = ["DocumentSolver", "ExactSolution", "solve_exact", "brute_force_orders", "compare_solvers"]


class DocumentSolver:
    """The document's two memoised functions, keys and dump format, in pure Python.

    ``players_move(dealer_card, player_sum, player_has_ace, deck)`` and
    ``dealers_move(dealer_sum, dealer_has_ace, player_total, deck)`` as the document
    declares them: sums count aces as 1 and the flag says an ace is held;
    ``player_total`` is the player's best total when he stands; the value is the
    player's win probability. As in the document's dump, every state visited is
    memoised, including player busts (value 0) and dealer states that stand.

    Parameters
    ----------
    number : type
        ``Fraction`` (exact, the default) or ``float``.

    Examples
    --------
    >>> doc = DocumentSolver()
    >>> doc.players_move(5, 15, False, (1, 0, 0, 4, 0, 0, 0, 0, 0, 2))
    Fraction(4, 15)
    """

    def __init__(self, number=Fraction):
        if number not in (Fraction, float):
            raise ValueError(f"number must be Fraction or float, got {number!r}")
        self.number = number
        self.dealer_memo: dict = {}
        self.player_memo: dict = {}

    def dealers_move(self, dealer_sum, dealer_has_ace, player_total, deck):
        key = (dealer_sum, bool(dealer_has_ace), player_total, tuple(deck))
        if key in self.dealer_memo:
            return self.dealer_memo[key]
        num = self.number
        t = _total_py(dealer_sum, dealer_has_ace)
        if t > 21:
            r = num(1)
        elif t >= DEALER_STANDS:
            r = num(1) if player_total > t else num(0)
        else:
            n = sum(deck)
            if n == 0:
                raise ValueError(f"deck too small: the dealer at hard {dealer_sum} must hit from an empty deck")
            acc = num(0)
            for v in range(1, 11):
                c = deck[v - 1]
                if c:
                    d = list(deck)
                    d[v - 1] -= 1
                    acc += num(c) * self.dealers_move(dealer_sum + v, dealer_has_ace or v == 1, player_total, tuple(d))
            r = acc / num(n)
        self.dealer_memo[key] = r
        return r

    def players_move(self, dealer_card, player_sum, player_has_ace, deck):
        key = (dealer_card, player_sum, bool(player_has_ace), tuple(deck))
        if key in self.player_memo:
            return self.player_memo[key]
        num = self.number
        if player_sum > 21:
            r = num(0)
        else:
            stand = self.dealers_move(dealer_card, dealer_card == 1, _total_py(player_sum, player_has_ace), deck)
            n = sum(deck)
            r = stand
            if n:
                acc = num(0)
                for v in range(1, 11):
                    c = deck[v - 1]
                    if c:
                        d = list(deck)
                        d[v - 1] -= 1
                        acc += num(c) * self.players_move(dealer_card, player_sum + v, player_has_ace or v == 1, tuple(d))
                hit = acc / num(n)
                r = max(stand, hit)
        self.player_memo[key] = r
        return r

    def hit_terms(self, dealer_card, player_sum, player_has_ace, deck):
        """The document's "consider each card in turn": (value, count, P(win) after drawing it)."""
        out = []
        for v in range(1, 11):
            c = deck[v - 1]
            if c:
                d = list(deck)
                d[v - 1] -= 1
                out.append((v, c, self.players_move(dealer_card, player_sum + v, player_has_ace or v == 1, tuple(d))))
        return out

    def dump(self) -> list[str]:
        """The memo tables in the document's format: dealer lines, then player lines, sorted by key."""
        tf = {True: "true", False: "false"}
        lines = [f'dealers_move({k[0]:2d}, {tf[k[1]]:>5s}, {k[2]:2d}, "{deck_string(k[3])}") = {float(v):.8f}'
                 for k, v in sorted(self.dealer_memo.items())]
        lines += [f'players_move({k[0]:2d}, {k[1]:2d}, {tf[k[2]]:>5s}, "{deck_string(k[3])}") = {float(v):.8f}'
                  for k, v in sorted(self.player_memo.items())]
        return lines


@dataclass
class ExactSolution:
    """Exact (fraction) win probabilities of one hand, from :class:`DocumentSolver`."""
    win_probability: Fraction
    stand_probability: Fraction
    n_player_states: int
    n_dealer_states: int


def solve_exact(deck, dealer: int, player: Sequence[int]) -> ExactSolution:
    """Slow exact twin of :func:`.solver.solve`: the document's recursion in fractions.

    Examples
    --------
    >>> solve_exact("1004000002", 5, [7, 8]).win_probability
    Fraction(4, 15)
    """
    counts = tuple(int(c) for c in parse_deck(deck))
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        doc = DocumentSolver(Fraction)
        try:
            win = doc.players_move(dealer, sum(player), 1 in player, counts)
        except ValueError:
            raise ValueError(_starving_message(counts, dealer, player)) from None
    finally:
        sys.setrecursionlimit(limit)
    total, _ = hand_total(player)
    stand = Fraction(0) if total > 21 else doc.dealers_move(dealer, dealer == 1, total, counts)
    return ExactSolution(win, stand, len(doc.player_memo), len(doc.dealer_memo))


# ---------------------------------------------------------------- brute force over card orders

def _orders(counts):
    """Every distinct ordering of the multiset of cards (a generator of tuples)."""
    counts = list(counts)
    n = sum(counts)
    seq = [0] * n

    def rec(i):
        if i == n:
            yield tuple(seq)
            return
        for v in range(1, 11):
            if counts[v - 1]:
                counts[v - 1] -= 1
                seq[i] = v
                yield from rec(i + 1)
                counts[v - 1] += 1

    yield from rec(0)


def brute_force_orders(deck, dealer: int, player: Sequence[int], max_orders: int = 2_000_000) -> Fraction:
    """Independent check: expectimax over every ordering of the remaining cards.

    Every distinct ordering of the deck is equally likely. The player takes cards
    from the top; his decision may depend only on the cards he has seen, so orders
    are grouped by their common prefix (a trie) and at each node he compares the
    number of orders won by standing with the number won by hitting and playing on.
    The dealer then draws from where the player stopped. Counts are integers, the
    result an exact fraction (wins / orders).

    Examples
    --------
    >>> brute_force_orders("1004000002", 5, [7, 8])
    Fraction(4, 15)
    """
    counts = tuple(int(c) for c in parse_deck(deck))
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    n_orders = math.factorial(sum(counts))
    for c in counts:
        n_orders //= math.factorial(c)
    if n_orders > max_orders:
        raise ValueError(f"deck has {n_orders} distinct orders, more than max_orders={max_orders}")
    orders = list(_orders(counts))
    psum0 = sum(player)
    pace0 = 1 in player

    def dealer_wins_for_player(order, k, pt):
        s, a = dealer, dealer == 1
        i = k
        while _total_py(s, a) < DEALER_STANDS:
            if i >= len(order):
                raise ValueError(f"deck {deck_string(counts)} is too small: on the order {order} the dealer "
                                 f"runs out of cards after the player draws {list(order[:k])}")
            s += order[i]
            a = a or order[i] == 1
            i += 1
        t = _total_py(s, a)
        return 1 if (t > 21 or t < pt) else 0

    def node(group, k, s, a):
        # group: orders sharing the prefix of length k (the player's k hits)
        if s > 21:
            return 0
        pt = _total_py(s, a)
        stand = sum(dealer_wins_for_player(o, k, pt) for o in group)
        children: dict[int, list] = {}
        for o in group:
            if k < len(o):
                children.setdefault(o[k], []).append(o)
        if not children:
            return stand
        hit = sum(node(g, k + 1, s + v, a or v == 1) for v, g in children.items())
        return max(stand, hit)

    return Fraction(node(orders, 0, psum0, pace0), len(orders))


def compare_solvers(deck, dealer: int, player: Sequence[int], brute_force_max_cards: int = 8) -> dict:
    """Solve one hand with the fast solver, the exact twin and (small decks) the brute force.

    Returns a dict with ``deck``, ``dealer``, ``player``, ``fast``, ``exact``,
    ``brute force`` (NaN when the deck has more than ``brute_force_max_cards``) and
    ``note``. When the deck is too small for the dealer, every solver must refuse it:
    the values are NaN and ``note`` says so; if the solvers disagree about refusing,
    an AssertionError is raised.

    Examples
    --------
    >>> r = compare_solvers("1004000002", 5, [7, 8])
    >>> r["fast"] == r["exact"] == r["brute force"] == 4 / 15
    True
    """
    counts = parse_deck(deck)
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    small = int(counts.sum()) <= brute_force_max_cards
    solvers = [("fast", lambda: win_probability(counts, dealer, player)),
               ("exact", lambda: float(solve_exact(counts, dealer, player).win_probability))]
    if small:
        solvers.append(("brute force", lambda: float(brute_force_orders(counts, dealer, player))))
    row = {"deck": deck_string(counts), "dealer": dealer, "player": "+".join(map(str, player)),
           "fast": np.nan, "exact": np.nan, "brute force": np.nan, "note": ""}
    refused = []
    for name, fn in solvers:
        try:
            row[name] = fn()
        except ValueError as err:
            if "too small" not in str(err):
                raise
            refused.append(name)
    if refused and len(refused) != len(solvers):
        raise AssertionError(f"only {refused} refused deck {row['deck']} (dealer {dealer}, player {player})")
    if refused:
        row["note"] = "deck too small for the dealer: refused by every solver"
    return row
