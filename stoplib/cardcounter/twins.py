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
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int
from . import _costs
from .rules import (DEALER_STANDS, _check_card, _check_not_empty, _hand_total, _starving_message, _total_py,
                    _deck_string, parse_deck)
from .solver import _hand, _solve

__all__ = ["DocumentSolver", "ExactSolution", "solve_exact", "brute_force_orders", "compare_solvers"]


def _check_number(number):
    """The number type of the document's twin: the class ``Fraction`` (exact) or ``float``."""
    if number is Fraction or number is float:
        return number
    if isinstance(number, type):
        raise ValueError(f"number must be fractions.Fraction or float, got the class {number.__name__}")
    raise TypeError(f"number must be the class fractions.Fraction or float, got {type(number).__name__} "
                    f"{number!r:.60}")


class DocumentSolver:
    """The document's two memoised functions, keys and dump format, in pure Python.

    ``players_move(dealer_card, player_sum, player_has_ace, deck)`` and
    ``dealers_move(dealer_sum, dealer_has_ace, player_total, deck)`` as the document
    declares them: sums count aces as 1 and the flag says an ace is held;
    ``player_total`` is the player's best total when he stands; the value is the
    player's win probability. As in the document's dump, every state visited is
    memoised, including player busts (value 0) and dealer states that stand.

    The two methods check their arguments (flags must be bools, the deck must hold a
    card) and the work budget; the recursion behind them does not re-check.

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
        self.number = _check_number(number)
        self.dealer_memo: dict = {}
        self.player_memo: dict = {}

    def _estimate(self, what, counts, dealer, psum, dealer_only=False):
        return _costs.document_estimate(what, counts, dealer, psum, self.number is Fraction, dealer_only)

    def dealers_move(self, dealer_sum, dealer_has_ace, player_total, deck):
        """The player's win probability once he stands on ``player_total`` (0..31) and the
        dealer holds hard ``dealer_sum`` (1..26), an ace if ``dealer_has_ace``; ``deck`` remains."""
        dealer_sum = check_int("dealer_sum", dealer_sum, 1, 26)
        dealer_has_ace = check_bool("dealer_has_ace", dealer_has_ace)
        player_total = check_int("player_total", player_total, 0, 31)
        counts = parse_deck(deck)
        _check_not_empty(counts)
        budget.check(self._estimate(f"dealers_move({dealer_sum}, {dealer_has_ace}, {player_total}, "
                                    f"{_deck_string(counts)})", counts, dealer_sum, 0, dealer_only=True))
        return self._dealers_move(dealer_sum, dealer_has_ace, player_total, tuple(int(c) for c in counts))

    def _dealers_move(self, dealer_sum, dealer_has_ace, player_total, deck):
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
                    acc += num(c) * self._dealers_move(dealer_sum + v, dealer_has_ace or v == 1, player_total,
                                                       tuple(d))
            r = acc / num(n)
        self.dealer_memo[key] = r
        return r

    def _check_player_state(self, dealer_card, player_sum, player_has_ace, deck, what):
        dealer_card = _check_card("dealer_card", dealer_card)
        player_sum = check_int("player_sum", player_sum, 2, 31)
        player_has_ace = check_bool("player_has_ace", player_has_ace)
        counts = parse_deck(deck)
        _check_not_empty(counts)
        budget.check(self._estimate(f"{what}({dealer_card}, {player_sum}, {player_has_ace}, {_deck_string(counts)})",
                                    counts, dealer_card, player_sum))
        return dealer_card, player_sum, player_has_ace, tuple(int(c) for c in counts)

    def players_move(self, dealer_card, player_sum, player_has_ace, deck):
        """The player's optimal win probability: dealer's up card 1..10, the player's hard sum
        (2..31, aces as 1) and ace flag, the remaining ``deck``."""
        args = self._check_player_state(dealer_card, player_sum, player_has_ace, deck, "players_move")
        try:
            return self._players_move(*args)
        except RecursionError:  # pragma: no cover - the depth is at most about 40 calls
            raise ValueError("the recursion went too deep") from None

    def _players_move(self, dealer_card, player_sum, player_has_ace, deck):
        key = (dealer_card, player_sum, bool(player_has_ace), tuple(deck))
        if key in self.player_memo:
            return self.player_memo[key]
        num = self.number
        if player_sum > 21:
            r = num(0)
        else:
            stand = self._dealers_move(dealer_card, dealer_card == 1, _total_py(player_sum, player_has_ace), deck)
            n = sum(deck)
            r = stand
            if n:
                acc = num(0)
                for v in range(1, 11):
                    c = deck[v - 1]
                    if c:
                        d = list(deck)
                        d[v - 1] -= 1
                        acc += num(c) * self._players_move(dealer_card, player_sum + v, player_has_ace or v == 1,
                                                           tuple(d))
                hit = acc / num(n)
                r = max(stand, hit)
        self.player_memo[key] = r
        return r

    def hit_terms(self, dealer_card, player_sum, player_has_ace, deck):
        """The document's "consider each card in turn": (value, count, P(win) after drawing it)."""
        return self._hit_terms(*self._check_player_state(dealer_card, player_sum, player_has_ace, deck, "hit_terms"))

    def _hit_terms(self, dealer_card, player_sum, player_has_ace, deck):
        out = []
        for v in range(1, 11):
            c = deck[v - 1]
            if c:
                d = list(deck)
                d[v - 1] -= 1
                out.append((v, c, self._players_move(dealer_card, player_sum + v, player_has_ace or v == 1,
                                                     tuple(d))))
        return out

    def dump(self) -> list[str]:
        """The memo tables in the document's format: dealer lines, then player lines, sorted by key."""
        tf = {True: "true", False: "false"}
        lines = [f'dealers_move({k[0]:2d}, {tf[k[1]]:>5s}, {k[2]:2d}, "{_deck_string(k[3])}") = {float(v):.8f}'
                 for k, v in sorted(self.dealer_memo.items())]
        lines += [f'players_move({k[0]:2d}, {k[1]:2d}, {tf[k[2]]:>5s}, "{_deck_string(k[3])}") = {float(v):.8f}'
                  for k, v in sorted(self.player_memo.items())]
        return lines


@dataclass
class ExactSolution:
    """Exact (fraction) win probabilities of one hand, from :class:`DocumentSolver`."""
    win_probability: Fraction
    stand_probability: Fraction
    n_player_states: int
    n_dealer_states: int


def _document_value(doc: DocumentSolver, counts, dealer, player):
    """``players_move`` of the hand (arguments checked), with the starving message of :mod:`.rules`."""
    deck = tuple(int(c) for c in counts)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return doc._players_move(dealer, sum(player), 1 in player, deck)
    except ValueError:
        raise ValueError(_starving_message(counts, dealer, player)) from None
    finally:
        sys.setrecursionlimit(limit)


def solve_exact(deck, dealer: int, player: Sequence[int]) -> ExactSolution:
    """Slow exact twin of :func:`.solver.solve`: the document's recursion in fractions.

    Refuses what :func:`.solver.solve` refuses (a deck too small to deal the hand), and
    requests above the work budget: exact fractions cost about a hundred times the fast
    solver (a fresh single deck's hardest hand takes minutes).

    Examples
    --------
    >>> solve_exact("1004000002", 5, [7, 8]).win_probability
    Fraction(4, 15)
    """
    counts, dealer, player = _hand(deck, dealer, player)
    budget.check(_costs.document_estimate(f"solve_exact({_deck_string(counts)}, {dealer}, {list(player)})",
                                          counts, dealer, sum(player), exact=True))
    return _solve_exact(counts, dealer, player)


def _solve_exact(counts, dealer: int, player) -> ExactSolution:
    """:func:`solve_exact` for arguments already checked (and within the budget)."""
    doc = DocumentSolver(Fraction)
    win = _document_value(doc, counts, dealer, player)
    total, _ = _hand_total(player)
    deck_t = tuple(int(c) for c in counts)
    stand = Fraction(0) if total > 21 else doc._dealers_move(dealer, dealer == 1, total, deck_t)
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

    Parameters
    ----------
    deck, dealer, player
        As in :func:`.solver.solve`.
    max_orders : int
        Refuse decks with more distinct orders than this (>= 1); the work budget
        applies as well (a few microseconds per card and order, about 16 bytes).

    Examples
    --------
    >>> brute_force_orders("1004000002", 5, [7, 8])
    Fraction(4, 15)
    """
    counts, dealer, player = _hand(deck, dealer, player)
    max_orders = check_int("max_orders", max_orders, 1)
    counts = tuple(int(c) for c in counts)
    n_cards = sum(counts)
    if _costs.log10_orders(counts) > math.log10(max_orders) + 1:
        raise ValueError(f"deck {_deck_string(counts)} has about 10**{_costs.log10_orders(counts):.0f} distinct "
                         f"orders, more than max_orders={max_orders}")
    n_orders = math.factorial(n_cards)
    for c in counts:
        n_orders //= math.factorial(c)
    if n_orders > max_orders:
        raise ValueError(f"deck {_deck_string(counts)} has {n_orders:,} distinct orders, more than "
                         f"max_orders={max_orders}")
    budget.check(_costs.brute_force_estimate(f"brute_force_orders({_deck_string(counts)}, {dealer}, {list(player)})",
                                             n_orders, n_cards))
    return _brute_force_orders(counts, dealer, player)


def _brute_force_orders(counts: tuple, dealer: int, player) -> Fraction:
    """:func:`brute_force_orders` for arguments already checked (a tuple of counts; within the budget)."""
    orders = list(_orders(counts))
    psum0 = sum(player)
    pace0 = 1 in player

    def dealer_wins_for_player(order, k, pt):
        s, a = dealer, dealer == 1
        i = k
        while _total_py(s, a) < DEALER_STANDS:
            if i >= len(order):
                raise ValueError(f"deck {_deck_string(counts)} is too small: on the order {order} the dealer "
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
    ``brute force`` (NaN when the deck has more than ``brute_force_max_cards``, an int
    >= 0) and ``note``. When the deck is too small for the dealer, every solver must
    refuse it: the values are NaN and ``note`` says so; if the solvers disagree about
    refusing, an AssertionError is raised (that would be a bug). An empty deck, and a
    request above the work budget (all solvers together), are refused with a
    ``ValueError`` before anything is solved.

    Examples
    --------
    >>> r = compare_solvers("1004000002", 5, [7, 8])
    >>> r["fast"] == r["exact"] == r["brute force"] == 4 / 15
    True
    """
    counts, dealer, player = _hand(deck, dealer, player)
    brute_force_max_cards = check_int("brute_force_max_cards", brute_force_max_cards, 0)
    n_cards = int(counts.sum())
    small = n_cards <= brute_force_max_cards
    what = f"compare_solvers({_deck_string(counts)}, {dealer}, {list(player)})"
    parts = [_costs.solve_estimate(what, counts, dealer, player),
             _costs.document_estimate(what, counts, dealer, sum(player), exact=True)]
    if small:
        log_orders = _costs.log10_orders(counts)
        if log_orders > 12:
            raise ValueError(f"deck {_deck_string(counts)} has about 10**{log_orders:.0f} distinct orders: too many "
                             f"for the brute force; lower brute_force_max_cards below {n_cards}")
        parts.append(_costs.brute_force_estimate(what, round(10 ** log_orders), n_cards))
    budget.check(_costs.combined_estimate(what, parts))
    # every solver on the arguments checked above (the brute force sees an integer tuple, as it expects)
    solvers = [("fast", lambda: _solve(counts, dealer, player).win_probability),
               ("exact", lambda: float(_solve_exact(counts, dealer, player).win_probability))]
    if small:
        deck_t = tuple(int(c) for c in counts)
        solvers.append(("brute force", lambda: float(_brute_force_orders(deck_t, dealer, player))))
    row = {"deck": _deck_string(counts), "dealer": dealer, "player": "+".join(map(str, player)),
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
