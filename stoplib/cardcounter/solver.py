"""CardCounter solver: exact optimal hit/stand play of one hand against a known deck.

The game is TopCoder SRM 734 D1 400 "CardCounter" as written up by J. S. Plank
(2018; rules in :mod:`.rules`).
The player's optimal win probability is ``player(D, s, a) = max(stand, hit)``, where
*stand* reads the dealer's final-total distribution ``dealer(D, up, up == 1)`` and
*hit* averages ``player(D - v, s + v, a or v == 1)`` over the next card ``v``; the two
recursions run as numba kernels in :mod:`._kernels`, memoised on a mixed-radix code
of the composition. The states reachable from one hand of a full 52-card deck number
in the tens of thousands, not the 5**9 * 17 of the whole grid.

Here are the validated front ends: :class:`Engine` (memo tables shared by many
solves carved out of one base deck), :func:`solve` and its :class:`Solution`,
:func:`win_probability`, :func:`stand_probability`, :func:`best_action`, the hit
decision card by card (:func:`next_card` and its :class:`NextCard`, what the panel of
notebook 06 draws), and the value of a whole dealt hand (:func:`deal_probabilities`,
:func:`deal_win_probability`). Each validates its arguments once and then calls the
private ``_name`` internals, never another public function.
The slow exact twins the tests compare with are in :mod:`.twins`, the Monte Carlo
check in :mod:`.simulation`, whole-deck studies in :mod:`.strategy`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from collections.abc import Sequence

import numpy as np
from numba import types
from numba.typed import Dict

from ..util import budget
from ..util.validate import check_bool, check_instance, check_int
from . import _costs
from ._kernels import _T3, _T6, _dealer_dist, _memo_arrays, _player_value, _stand_value
from .rules import (N_VALUES, _CAP_POINTS, _PLAYER_SUM_BASE, _START_POINTS, _UP_BASE, _check_card, _check_deal,
                    _check_not_empty, _check_player, _deals, _hand_total, _starving_message, _deck_string,
                    parse_deck)

__all__ = ["Engine", "Solution", "NextCard", "solve", "win_probability", "stand_probability", "best_action",
           "next_card", "deal_probabilities", "deal_win_probability"]


class Engine:
    """Shared memo tables for many solves carved out of one base deck.

    A composition is keyed by the cards removed from ``base``, as a mixed-radix
    integer (radix ``min(base[v], 100 // v) + 1`` for value ``v``, since no more
    than 100 card points are ever removed), so any shoe size fits in 64 bits and
    every deck a little below ``base`` (at most 45 points, e.g. a fresh deck minus
    the shown cards) can be solved with one engine and shares its dealer and
    player tables. :func:`solve` makes a fresh
    engine per call; the strategy chart and the card-removal study share one.

    Every public method checks its arguments (the kernels behind it are never
    reached with unchecked values) and refuses a deck too small to deal the hand.

    Parameters
    ----------
    base : str or sequence of int
        The largest deck this engine will see.

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> eng = Engine(fresh_deck(1))
    >>> round(eng.value(fresh_deck(1, minus=[10, 10, 6]), 10, [10, 6])[0], 6)
    0.209869
    """

    def __init__(self, base):
        self._setup(parse_deck(base))

    @classmethod
    def _of(cls, counts: np.ndarray) -> "Engine":
        """An engine on counts already checked (an int64 array of ten counts): no second validation."""
        engine = cls.__new__(cls)
        engine._setup(counts)
        return engine

    def _setup(self, base: np.ndarray) -> None:
        self.base = base.copy()
        values = np.arange(1, N_VALUES + 1)
        # at most _CAP_POINTS of card value can ever be removed from the base (the
        # starting deck at most _START_POINTS below it, the hand itself at most 54)
        self.caps = np.minimum(self.base, _CAP_POINTS // values).astype(np.int64)
        self.strides = np.ones(N_VALUES, dtype=np.int64)
        for i in range(1, N_VALUES):
            self.strides[i] = self.strides[i - 1] * (int(self.caps[i - 1]) + 1)
        self.dmemo = Dict.empty(types.int64, _T6)
        self.pmemo = Dict.empty(types.int64, _T3)
        self._top: set = set()   # player keys solved by a call (the memo holds all their states)

    def key(self, counts) -> int:
        """Mixed-radix code of the cards removed from the base (a sub-deck's identity)."""
        return self._key(parse_deck(counts))

    def _key(self, counts: np.ndarray) -> int:
        removed = self.base - counts
        if np.any(removed < 0):
            raise ValueError(f"deck {_deck_string(counts)} is not a sub-deck of this engine's base "
                             f"{_deck_string(self.base)}")
        points = int((removed * np.arange(1, N_VALUES + 1)).sum())
        if points > _START_POINTS:
            raise ValueError(f"deck {_deck_string(counts)} lies {points} card points below this engine's base "
                             f"{_deck_string(self.base)}; at most {_START_POINTS} are supported, use a smaller base")
        return int((removed * self.strides).sum())

    def player_key(self, counts, up: int, psum: int, pace: bool) -> int:
        """Key of a player state in :attr:`pmemo` (deck, hard sum, ace flag, dealer up card)."""
        up = _check_card("up", up)
        psum = check_int("psum", psum, 0, _PLAYER_SUM_BASE - 1)
        pace = check_bool("pace", pace)
        return self._player_key(self.key(counts), up, psum, pace)

    @staticmethod
    def _player_key(key: int, up: int, psum: int, pace: bool) -> int:
        return ((key * _PLAYER_SUM_BASE + psum) * 2 + int(pace)) * _UP_BASE + up

    def value(self, counts, dealer: int, player: Sequence[int]) -> tuple[float, float, float]:
        """(best, stand, hit) win probabilities of a hand: ten counts, the dealer's up card, the player's cards.

        Raises ``ValueError`` for a deck too small to deal the hand (empty, or one on
        which the dealer may have to draw from an empty deck) and
        :class:`stoplib.util.budget.BudgetError` above the work budget.
        """
        counts = parse_deck(counts)
        dealer = _check_card("dealer", dealer)
        player = _check_player(player)
        _check_not_empty(counts)
        if not self._solved(counts, dealer, player):
            budget.check(_costs.solve_estimate(f"Engine.value({_deck_string(counts)}, {dealer}, {list(player)})",
                                              counts, dealer, player))
        return self._value(counts, dealer, player)

    def _solved(self, counts: np.ndarray, dealer: int, player) -> bool:
        """Whether a call already solved the hand (then a value costs one look-up)."""
        key = self._player_key(self._key(counts), dealer, int(sum(player)), 1 in player)
        return sum(player) > 21 or key in self._top

    def _value(self, counts: np.ndarray, dealer: int, player) -> tuple[float, float, float]:
        """:meth:`value` for arguments already checked (an int64 array of ten counts, ints 1..10)."""
        key = self._key(counts)
        psum = int(sum(player))
        pace = 1 in player
        res = _player_value(counts.copy(), int(counts.sum()), key, psum, pace, int(dealer), self.strides,
                            self.dmemo, self.pmemo)
        if math.isnan(res[0]):
            raise ValueError(_starving_message(counts, dealer, player))
        self._top.add(self._player_key(key, int(dealer), psum, pace))
        return res

    def dealer_distribution(self, counts, dsum: int, dace: bool) -> np.ndarray:
        """Final-total distribution (17, 18, 19, 20, 21, bust) of a dealer state.

        ``dsum`` is the dealer's hard sum (1..26, aces counted 1) and ``dace`` whether he
        holds an ace; the deck must hold at least one card.
        """
        counts = parse_deck(counts)
        dsum = check_int("dsum", dsum, 1, 26)
        dace = check_bool("dace", dace)
        _check_not_empty(counts)
        return self._dealer_distribution(counts, dsum, dace)

    def _dealer_distribution(self, counts: np.ndarray, dsum: int, dace: bool) -> np.ndarray:
        d = np.array(_dealer_dist(counts.copy(), int(counts.sum()), self._key(counts), int(dsum), bool(dace),
                                  self.strides, self.dmemo))
        if np.isnan(d).any():
            raise ValueError(f"deck {_deck_string(counts)} is too small for the dealer at hard {dsum} to finish")
        return d

    @property
    def n_player_states(self) -> int:
        return len(self.pmemo)

    @property
    def n_dealer_states(self) -> int:
        return len(self.dmemo)

    def policy_arrays(self):
        """Sorted player-state keys and (best, stand, hit) rows, for look-ups and simulation."""
        return _memo_arrays(self.pmemo)

    def states(self):
        """Every memoised player state as a DataFrame (one row per state).

        Columns: ``dealer`` (up card), ``player_sum`` (hard, aces as 1), ``has_ace``,
        ``total`` (best), ``soft``, ``deck`` (remaining counts as a string),
        ``removed`` (base minus deck, as a string), ``n_cards_left``, ``stand``,
        ``hit``, ``best``, ``action``. Refused above the work budget (a row costs
        about 15 microseconds).
        """
        budget.check(_costs.states_estimate("Engine.states()", self.n_player_states))
        return self._states()

    def _states(self):
        """:meth:`states` without the budget check (the caller checked it)."""
        import pandas as pd

        keys, vals = self.policy_arrays()
        up = keys % _UP_BASE
        rest = keys // _UP_BASE
        pace = (rest % 2).astype(bool)
        rest //= 2
        psum = rest % _PLAYER_SUM_BASE
        dkey = rest // _PLAYER_SUM_BASE
        radices = self.caps + 1
        removed = (dkey[:, None] // self.strides[None, :]) % radices[None, :]
        counts = self.base[None, :] - removed
        total = np.where(pace & (psum + 10 <= 21), psum + 10, psum)
        df = pd.DataFrame({
            "dealer": up, "player_sum": psum, "has_ace": pace, "total": total,
            "soft": pace & (psum + 10 <= 21),
            "deck": [_deck_string(c) for c in counts],
            "removed": [_deck_string(c) for c in removed],
            "n_cards_left": counts.sum(axis=1),
            "stand": vals[:, 1], "hit": vals[:, 2], "best": vals[:, 0],
        })
        df["action"] = np.where(df["hit"] > df["stand"] + 1e-12, "hit", "stand")
        return df


@dataclass
class Solution:
    """Exact optimal play of one CardCounter hand.

    Attributes
    ----------
    deck : tuple of int
        The remaining deck (ten counts).
    dealer : int
        Dealer's up card.
    player : tuple of int
        Player's cards.
    win_probability : float
        Win probability under optimal play, ``max(stand_probability, hit_probability)``.
    stand_probability : float
        Win probability when standing now.
    hit_probability : float
        Win probability when hitting now and playing optimally afterwards (NaN on an empty deck).
    action : str
        ``"hit"`` or ``"stand"`` (stand on exact ties).
    n_player_states, n_dealer_states : int
        Memoised states (the reachable compositions with sums).
    seconds : float
        Wall time of the solve.
    engine : Engine
        The memo tables, for :meth:`states` and :meth:`action_at`.
    """
    deck: tuple
    dealer: int
    player: tuple
    win_probability: float
    stand_probability: float
    hit_probability: float
    action: str
    n_player_states: int
    n_dealer_states: int
    seconds: float
    engine: Engine = field(repr=False)

    def states(self):
        """All reachable player states with stand/hit values and the optimal action."""
        return self.engine.states()

    def action_at(self, deck, player) -> str:
        """Optimal action after the player's hits changed the deck to ``deck`` and his hand to ``player``."""
        best, stand, hit = self.engine.value(deck, self.dealer, player)
        return "hit" if hit > stand + 1e-12 else "stand"


def _hand(deck, dealer, player):
    """The checked arguments of a one-hand function: ten counts (not empty), up card, player's cards."""
    counts = parse_deck(deck)
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    _check_not_empty(counts)
    return counts, dealer, player


def solve(deck, dealer: int, player: Sequence[int]) -> Solution:
    """Solve one hand exactly: win probability, stand probability, best action, all states.

    Parameters
    ----------
    deck : str or sequence of int
        The REMAINING deck after the shown cards (ten counts, or a ten-digit string).
    dealer : int
        The dealer's up card, 1 (ace) .. 10.
    player : sequence of int
        The player's cards (two or more), each 1..10.

    Returns
    -------
    Solution

    Raises
    ------
    ValueError
        Bad counts or card values, a deck too small to deal the hand (an empty deck,
        or one on which the dealer can run out of cards), or a request above the work
        budget (:class:`stoplib.util.budget.BudgetError`; the state space saturates at
        about eight decks, a few seconds at most).

    Examples
    --------
    >>> s = solve("1004000002", 5, [7, 8])
    >>> round(s.win_probability, 8), round(s.stand_probability, 8), s.action
    (0.26666667, 0.20952381, 'hit')
    """
    counts, dealer, player = _checked_hand("solve", deck, dealer, player)
    return _solve(counts, dealer, player)


def _checked_hand(name: str, deck, dealer, player):
    """The checked arguments of a one-hand solve, within the work budget."""
    counts, dealer, player = _hand(deck, dealer, player)
    budget.check(_costs.solve_estimate(f"{name}({_deck_string(counts)}, {dealer}, {list(player)})",
                                       counts, dealer, player))
    return counts, dealer, player


def _solve(counts: np.ndarray, dealer: int, player) -> Solution:
    """:func:`solve` for arguments already checked (and within the budget)."""
    t0 = time.perf_counter()
    eng = Engine._of(counts)
    best, stand, hit = eng._value(counts, dealer, player)
    seconds = time.perf_counter() - t0
    return Solution(tuple(int(c) for c in counts), dealer, tuple(player), float(best), float(stand), float(hit),
                    "hit" if hit > stand + 1e-12 else "stand", eng.n_player_states, eng.n_dealer_states,
                    seconds, eng)


def win_probability(deck, dealer: int, player: Sequence[int]) -> float:
    """The player's win probability under optimal hit/stand play.

    Parameters
    ----------
    deck : str or sequence of int
        The remaining deck: ten counts (aces first, ten-valued cards last), or the
        document's ten-digit string such as ``"1004000002"``. It must be able to deal
        the hand: an empty deck, or one on which the dealer may have to draw from an
        empty deck, is refused with a ``ValueError``.
    dealer : int
        The dealer's up card, 1 (ace) .. 10.
    player : sequence of int
        The player's two cards, each 1..10.

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> round(win_probability("4440000004", 1, [1, 1]), 6)
    0.436735
    """
    return _solve(*_checked_hand("win_probability", deck, dealer, player)).win_probability


def stand_probability(deck, dealer: int, player: Sequence[int]) -> float:
    """The player's win probability if he stands now.

    Parameters
    ----------
    deck : str or sequence of int
        The remaining deck (ten counts or a ten-digit string); not empty (the dealer's
        hidden card comes from it).
    dealer : int
        The dealer's up card, 1..10.
    player : sequence of int
        The player's cards, each 1..10.

    Returns
    -------
    float
        In [0, 1]; 0 for a bust hand.

    Examples
    --------
    >>> round(stand_probability("4440000004", 1, [1, 1]), 6)
    0.143506
    """
    counts, dealer, player = _hand(deck, dealer, player)
    total, _ = _hand_total(player)
    if total > 21:
        return 0.0
    # the dealer's states alone: at most a few hundred, whatever the deck (no budget needed)
    eng = Engine._of(counts)
    d = eng._dealer_distribution(counts, dealer, dealer == 1)
    return float(_stand_value(tuple(d), total))


def best_action(deck, dealer: int, player: Sequence[int]) -> str:
    """``"hit"`` or ``"stand"``, whichever wins more often (stand on ties).

    Examples
    --------
    >>> best_action("1004000002", 5, [7, 8])
    'hit'
    """
    return _solve(*_checked_hand("best_action", deck, dealer, player)).action


@dataclass(frozen=True)
class NextCard:
    """The hit decision of one hand, card by card: what each possible next card leaves the player.

    Computed by :func:`next_card`; :func:`.plots.plot_next_card` draws it and the panel of
    notebook 06 reads its numbers (one computation for both).

    Attributes
    ----------
    deck : tuple of int
        The remaining deck (ten counts).
    dealer : int
        The dealer's up card.
    player : tuple of int
        The player's cards.
    total : int
        The hand's best total; ``soft`` whether an ace counts 11 in it.
    soft : bool
    stand_probability, hit_probability, win_probability : float
        P(win) when standing now, when hitting (then playing optimally), and the better of the two.
    action : str
        ``"hit"``, ``"stand"`` (on exact ties) or ``"bust"`` (the hand is already lost).
    terms : tuple of (int, int, float)
        For each card value left: ``(value, count, P(win) after drawing it and playing on)``
        (0 after a bust); empty for a bust hand. ``hit_probability`` is their count-weighted mean.
    """
    deck: tuple
    dealer: int
    player: tuple
    total: int
    soft: bool
    stand_probability: float
    hit_probability: float
    win_probability: float
    action: str
    terms: tuple

    @property
    def n_cards(self) -> int:
        """Cards left in the deck."""
        return int(sum(self.deck))


def next_card(deck, dealer: int, player: Sequence[int]) -> NextCard:
    """The hit decision card by card: P(win) after each possible next card, beside standing.

    Parameters
    ----------
    deck, dealer, player
        The hand, as in :func:`solve` (a deck too small to deal it is refused).

    Returns
    -------
    NextCard

    Examples
    --------
    >>> r = next_card("1004000002", 5, [7, 8])
    >>> [(v, c, round(p, 4)) for v, c, p in r.terms], r.action
    ([(1, 1, 0.6667), (4, 4, 0.3), (10, 2, 0.0)], 'hit')
    """
    counts, dealer, player = _hand(deck, dealer, player)
    # the hand and the hand after each next card share one engine: about twice one solve
    budget.check(_costs.solve_estimate(f"next_card({_deck_string(counts)}, {dealer}, {list(player)})", counts,
                                       dealer, player, n_solves=2))
    return _next_card(counts, dealer, player)


def _next_card(counts: np.ndarray, dealer: int, player) -> NextCard:
    """:func:`next_card` for arguments already checked (and within the budget)."""
    total, soft = _hand_total(player)
    deck = tuple(int(c) for c in counts)
    if total > 21:
        return NextCard(deck, dealer, tuple(player), total, soft, 0.0, 0.0, 0.0, "bust", ())
    eng = Engine._of(counts)
    best, stand, hit = eng._value(counts, dealer, player)
    psum = sum(player)
    terms = []
    for v in range(1, N_VALUES + 1):
        c = int(counts[v - 1])
        if c:
            rest = counts.copy()
            rest[v - 1] -= 1
            p = 0.0 if psum + v > 21 else float(eng._value(rest, dealer, (*player, v))[0])
            terms.append((v, c, p))
    return NextCard(deck, dealer, tuple(player), total, soft, float(stand), float(hit), float(best),
                    "hit" if hit > stand + 1e-12 else "stand", tuple(terms))


# ---------------------------------------------------------------- whole dealt hands

def deal_probabilities(counts):
    """Probabilities of every (first player card, dealer up card, second player card) deal.

    Parameters
    ----------
    counts : str or sequence of int
        The deck before the deal (at least three cards).

    Returns
    -------
    list
        ``(first, up, second, probability, remaining_counts)`` for every deal, at most 1,000.

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> deals = deal_probabilities(fresh_deck(1))
    >>> len(deals), round(sum(d[3] for d in deals), 12)
    (1000, 1.0)
    """
    counts = parse_deck(counts)
    n = int(counts.sum())
    if n < 3:
        raise ValueError(f"deck {_deck_string(counts)} holds {n} card{'s' if n != 1 else ''}: too small to deal "
                         "a hand (two cards to the player and the dealer's up card)")
    return _deals(counts)


def _check_engine(engine, counts) -> Engine:
    """``engine`` (or a fresh one on ``counts``); it must hold ``counts`` as a sub-deck of its base."""
    if engine is None:
        return Engine._of(counts)
    check_instance("engine", engine, Engine)
    engine._key(counts)            # a ValueError when the deck is not a sub-deck of the engine's base
    return engine


def deal_win_probability(deck, engine: Engine | None = None) -> float:
    """Win probability of a whole hand dealt from ``deck`` (player, dealer, player) under optimal play.

    Parameters
    ----------
    deck : str or sequence of int
        The deck before the deal: at least four cards (two to the player, the dealer's
        up card and his hidden card), and every deal must be playable to the end.
    engine : Engine or None
        Memo tables to use and fill (its base must hold ``deck``); None: a fresh one.
        The hands it already holds cost a look-up each.

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> 0.40 < deal_win_probability(fresh_deck(1)) < 0.46
    True
    """
    counts = parse_deck(deck)
    _check_deal(counts)
    eng = _check_engine(engine, counts)
    budget.check(_costs.deal_estimate(f"deal_win_probability({_deck_string(counts)})", [counts], eng._solved,
                                      eng.n_dealer_states))
    return _deal_win(counts, eng)


def _deal_win(counts, eng: Engine) -> float:
    terms = []
    for a, up, b, p, rest in _deals(counts):
        try:
            value = eng._value(rest, up, (a, b))[0]
        except ValueError as exc:
            raise ValueError(f"deck {_deck_string(counts)} is too small to deal every hand: after the deal "
                             f"(player {a}, dealer {up}, player {b}): {exc}") from None
        terms.append(p * value)
    return float(math.fsum(terms))
