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
:func:`win_probability`, :func:`stand_probability`, :func:`best_action`, and the
value of a whole dealt hand (:func:`deal_probabilities`, :func:`deal_win_probability`).
The slow exact twins the tests compare with are in :mod:`.twins`, the Monte Carlo
check in :mod:`.simulation`, whole-deck studies in :mod:`.strategy`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np
from numba import types
from numba.typed import Dict

from ._kernels import _T3, _T6, _dealer_dist, _memo_arrays, _player_value, _stand_value
from .rules import (N_VALUES, _CAP_POINTS, _PLAYER_SUM_BASE, _START_POINTS, _UP_BASE, _check_card,
                    _check_player, _starving_message, deck_string, hand_total, parse_deck)

__all__ = ["Engine", "Solution", "solve", "win_probability", "stand_probability", "best_action",
           "deal_probabilities", "deal_win_probability"]


class Engine:
    """Shared memo tables for many solves carved out of one base deck.

    A composition is keyed by the cards removed from ``base``, as a mixed-radix
    integer (radix ``min(base[v], 100 // v) + 1`` for value ``v``, since no more
    than 100 card points are ever removed), so any shoe size fits in 64 bits and
    every deck a little below ``base`` (at most 45 points, e.g. a fresh deck minus
    the shown cards) can be solved with one engine and shares its dealer and
    player tables. :func:`solve` makes a fresh
    engine per call; the strategy chart and the card-removal study share one.

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
        self.base = parse_deck(base)
        values = np.arange(1, N_VALUES + 1)
        # at most _CAP_POINTS of card value can ever be removed from the base (the
        # starting deck at most _START_POINTS below it, the hand itself at most 54)
        self.caps = np.minimum(self.base, _CAP_POINTS // values).astype(np.int64)
        self.strides = np.ones(N_VALUES, dtype=np.int64)
        for i in range(1, N_VALUES):
            self.strides[i] = self.strides[i - 1] * (int(self.caps[i - 1]) + 1)
        self.dmemo = Dict.empty(types.int64, _T6)
        self.pmemo = Dict.empty(types.int64, _T3)

    def key(self, counts) -> int:
        """Mixed-radix code of the cards removed from the base (a sub-deck's identity)."""
        counts = np.asarray(counts, dtype=np.int64)
        removed = self.base - counts
        if np.any(removed < 0):
            raise ValueError(f"deck {deck_string(counts)} is not a sub-deck of this engine's base {deck_string(self.base)}")
        points = int((removed * np.arange(1, N_VALUES + 1)).sum())
        if points > _START_POINTS:
            raise ValueError(f"deck {deck_string(counts)} lies {points} card points below this engine's base "
                             f"{deck_string(self.base)}; at most {_START_POINTS} are supported, use a smaller base")
        return int((removed * self.strides).sum())

    def player_key(self, counts, up: int, psum: int, pace: bool) -> int:
        """Key of a player state in :attr:`pmemo` (deck, hard sum, ace flag, dealer up card)."""
        return ((self.key(counts) * _PLAYER_SUM_BASE + psum) * 2 + int(pace)) * _UP_BASE + up

    def value(self, counts, dealer: int, player: Sequence[int]) -> tuple[float, float, float]:
        """(best, stand, hit) for validated ten counts, dealer up card and player's cards."""
        counts = np.array(counts, dtype=np.int64)
        key = self.key(counts)
        psum = int(sum(player))
        pace = 1 in player
        res = _player_value(counts, int(counts.sum()), key, psum, pace, int(dealer), self.strides,
                            self.dmemo, self.pmemo)
        if math.isnan(res[0]):
            raise ValueError(_starving_message(counts, dealer, player))
        return res

    def dealer_distribution(self, counts, dsum: int, dace: bool) -> np.ndarray:
        """Final-total distribution (17, 18, 19, 20, 21, bust) of a dealer state."""
        counts = np.array(counts, dtype=np.int64)
        d = np.array(_dealer_dist(counts, int(counts.sum()), self.key(counts), int(dsum), bool(dace),
                                  self.strides, self.dmemo))
        if np.isnan(d).any():
            raise ValueError(f"deck {deck_string(counts)} is too small for the dealer at hard {dsum} to finish")
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
        ``hit``, ``best``, ``action``.
        """
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
            "deck": [deck_string(c) for c in counts],
            "removed": [deck_string(c) for c in removed],
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
        best, stand, hit = self.engine.value(parse_deck(deck), self.dealer, _check_player(player))
        return "hit" if hit > stand + 1e-12 else "stand"


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
        Bad counts or card values, or a deck on which the dealer can run out of cards.

    Examples
    --------
    >>> s = solve("1004000002", 5, [7, 8])
    >>> round(s.win_probability, 8), round(s.stand_probability, 8), s.action
    (0.26666667, 0.20952381, 'hit')
    """
    counts = parse_deck(deck)
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    t0 = time.perf_counter()
    eng = Engine(counts)
    best, stand, hit = eng.value(counts, dealer, player)
    seconds = time.perf_counter() - t0
    return Solution(tuple(int(c) for c in counts), dealer, player, float(best), float(stand), float(hit),
                    "hit" if hit > stand + 1e-12 else "stand", eng.n_player_states, eng.n_dealer_states,
                    seconds, eng)


def win_probability(deck, dealer: int, player: Sequence[int]) -> float:
    """The player's win probability under optimal hit/stand play.

    Parameters
    ----------
    deck : str or sequence of int
        The remaining deck: ten counts (aces first, ten-valued cards last), or the
        document's ten-digit string such as ``"1004000002"``.
    dealer : int
        The dealer's up card, 1 (ace) .. 10.
    player : sequence of int
        The player's two cards, each 1..10.

    Returns
    -------
    float

    Examples
    --------
    >>> round(win_probability("4440000004", 1, [1, 1]), 6)
    0.436735
    """
    return solve(deck, dealer, player).win_probability


def stand_probability(deck, dealer: int, player: Sequence[int]) -> float:
    """The player's win probability if he stands now.

    Parameters
    ----------
    deck : str or sequence of int
        The remaining deck (ten counts or a ten-digit string).
    dealer : int
        The dealer's up card, 1..10.
    player : sequence of int
        The player's cards, each 1..10.

    Returns
    -------
    float

    Examples
    --------
    >>> round(stand_probability("4440000004", 1, [1, 1]), 6)
    0.143506
    """
    counts = parse_deck(deck)
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    total, _ = hand_total(player)
    if total > 21:
        return 0.0
    eng = Engine(counts)
    d = eng.dealer_distribution(counts, dealer, dealer == 1)
    return float(_stand_value(tuple(d), total))


def best_action(deck, dealer: int, player: Sequence[int]) -> str:
    """``"hit"`` or ``"stand"``, whichever wins more often (stand on ties).

    Examples
    --------
    >>> best_action("1004000002", 5, [7, 8])
    'hit'
    """
    return solve(deck, dealer, player).action


# ---------------------------------------------------------------- whole dealt hands

def deal_probabilities(counts):
    """Probabilities of every (first player card, dealer up card, second player card) deal.

    Returns a list of ``(first, up, second, probability, remaining_counts)``.

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> deals = deal_probabilities(fresh_deck(1))
    >>> len(deals), round(sum(d[3] for d in deals), 12)
    (1000, 1.0)
    """
    counts = np.array(counts, dtype=np.int64)
    out = []
    for a, pa, c1 in _draws(counts):
        for up, pu, c2 in _draws(c1):
            for b, pb, c3 in _draws(c2):
                out.append((a, up, b, float(pa * pu * pb), c3))
    return out


def _draws(counts):
    """``(value, probability, counts after)`` for each card value the deck can give."""
    n = counts.sum()
    for v in range(1, 11):
        if counts[v - 1]:
            rest = counts.copy()
            rest[v - 1] -= 1
            yield v, counts[v - 1] / n, rest


def deal_win_probability(deck, engine: Engine | None = None) -> float:
    """Win probability of a whole hand dealt from ``deck`` (player, dealer, player) under optimal play.

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> 0.40 < deal_win_probability(fresh_deck(1)) < 0.46
    True
    """
    counts = parse_deck(deck)
    eng = engine if engine is not None else Engine(counts)
    total = 0.0
    for a, up, b, p, rest in deal_probabilities(counts):
        total += p * eng.value(rest, up, (a, b))[0]
    return float(total)
