"""CardCounter simulation: the exactly computed strategy played on seeded shuffles.

The exact values come from :mod:`.solver` (the game of J. S. Plank's CardCounter
write-up, rules in :mod:`.rules`); here a numba
kernel (:func:`_play_hands`) plays the memoised optimal policy on fresh shuffles of
the remaining deck, so the Monte Carlo win rate can be set beside the exact value
with its standard error:

* :func:`simulate`: one given hand (dealer up card and player's cards fixed);
* :func:`simulate_deals`: whole hands dealt (player, dealer up, player) from a deck;
* :func:`play_hand`: one seeded hand step by step, re-solving exactly at each decision.

A seed (int or numpy ``Generator``) fixes every result: :func:`stoplib.util.rng.kernel_seed`
turns it into the kernel's base seed, and hand ``g`` draws its cards from stream ``g`` of the
workbook's one generator (:mod:`stoplib.util.rng`). Each hand starts from the same card order
(the kernel undoes its swaps), so a hand's cards depend only on the seed and its index: a
longer run extends a shorter one, and a rerun is bit-identical.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from numba import njit

from ..util import budget
from ..util.rng import as_generator, kernel_seed, next_below, stream_start
from ..util.validate import check_instance, check_int
from . import _costs
from ._kernels import _total
from .rules import _check_deal, _hand_total, _deck_string, parse_deck
from .solver import Engine, Solution, _check_engine, _deal_win, _hand, _solve

#: The most hands one call simulates (10**12 would take days; the budget refuses far fewer).
MAX_GAMES = 10**12

__all__ = ["MonteCarloResult", "simulate", "simulate_deals", "play_hand"]


@njit(cache=True)
def _take(cards, swaps, pos, state):
    """Deal the card at ``pos``: swap a uniform pick among ``cards[pos:]`` into place (remember from where)."""
    state, r = next_below(state, cards.size - pos)
    r += pos
    c = cards[r]
    cards[r] = cards[pos]
    cards[pos] = c
    swaps[pos] = r
    return state, c


@njit(cache=True)
def _play_hands(counts, strides, base_key, up0, psum0, pace0, deal, policy_keys, policy_hit,
                n_games, seed, wins, missing):
    """Play n_games hands on freshly shuffled decks following the policy.

    deal=False: the dealer's up card and the player's cards are given, the rest is
    shuffled. deal=True: player card, dealer up card, player card are dealt first.
    wins[0] counts wins; missing[0] counts policy look-ups that found no state.

    Hand g draws from stream g of ``seed`` (:func:`stoplib.util.rng.stream_start`): each
    card is a uniform pick among the cards not yet dealt (a partial Fisher-Yates shuffle),
    and the swaps are undone after the hand, so every hand starts from the same order.
    """
    n_cards = 0
    for i in range(10):
        n_cards += counts[i]
    cards = np.empty(n_cards, np.int64)
    swaps = np.empty(n_cards, np.int64)
    j = 0
    for i in range(10):
        for _ in range(counts[i]):
            cards[j] = i + 1
            j += 1
    for g in range(n_games):
        state = stream_start(seed, g)
        pos = 0
        key = base_key
        if deal:
            state, first = _take(cards, swaps, 0, state)
            state, up = _take(cards, swaps, 1, state)
            state, second = _take(cards, swaps, 2, state)
            pos = 3
            key += strides[first - 1] + strides[up - 1] + strides[second - 1]
            psum = first + second
            pace = first == 1 or second == 1
        else:
            psum = psum0
            pace = pace0
            up = up0
        # the player's turn
        while psum <= 21:
            k = ((key * 32 + psum) * 2 + (1 if pace else 0)) * 16 + up
            idx = np.searchsorted(policy_keys, k)
            if idx >= policy_keys.size or policy_keys[idx] != k:
                missing[0] += 1
                hit = False
            else:
                hit = policy_hit[idx]
            if not hit or pos >= n_cards:
                break
            state, c = _take(cards, swaps, pos, state)
            pos += 1
            key += strides[c - 1]
            psum += c
            pace = pace or c == 1
        if psum <= 21:
            # the dealer's turn
            pt = _total(psum, pace)
            dsum = up
            dace = up == 1
            while _total(dsum, dace) < 17 and pos < n_cards:
                state, c = _take(cards, swaps, pos, state)
                pos += 1
                dsum += c
                dace = dace or c == 1
            dt = _total(dsum, dace)
            if dt > 21 or dt < pt:
                wins[0] += 1
        for i in range(pos - 1, -1, -1):     # undo the swaps: the next hand starts from the same order
            r = swaps[i]
            c = cards[r]
            cards[r] = cards[i]
            cards[i] = c


@dataclass
class MonteCarloResult:
    """Seeded simulation of the computed strategy.

    Attributes
    ----------
    win_rate, std_err : float
        Fraction of hands won and its standard error.
    n_games : int
    exact : float
        The exact value the simulation is checking.
    z : float
        (win_rate - exact) / std_err.
    """
    win_rate: float
    std_err: float
    n_games: int
    exact: float
    z: float


def simulate(deck, dealer: int, player: Sequence[int], n_games: int = 100_000, seed=0,
             solution: Solution | None = None) -> MonteCarloResult:
    """Play the exactly computed strategy on ``n_games`` shuffles of the remaining deck.

    Parameters
    ----------
    deck, dealer, player
        The hand, as in :func:`.solver.solve` (a deck too small to deal it is refused).
    n_games : int
        Hands to play, 1 .. 10**12 (the work budget refuses long runs: about
        half a microsecond a hand).
    seed : int or numpy.random.Generator
    solution : Solution or None
        The exact solution of this very hand (from :func:`.solver.solve`), to reuse;
        None: solve it here.

    Examples
    --------
    >>> r = simulate("1004000002", 5, [7, 8], n_games=2000, seed=1)
    >>> abs(r.z) < 4
    True
    """
    counts, dealer, player = _hand(deck, dealer, player)
    n_games = check_int("n_games", n_games, 1, MAX_GAMES)
    seed = kernel_seed(seed)
    if solution is not None:
        check_instance("solution", solution, Solution)
        if (solution.deck, solution.dealer, solution.player) != (tuple(int(c) for c in counts), dealer, player):
            raise ValueError(f"solution solves another hand (deck {_deck_string(solution.deck)}, dealer "
                             f"{solution.dealer}, player {list(solution.player)}), not deck {_deck_string(counts)}, "
                             f"dealer {dealer}, player {list(player)}")
    what = f"simulate({_deck_string(counts)}, {dealer}, {list(player)}, n_games={n_games:,})"
    exact = None if solution is not None else _costs.solve_estimate(what, counts, dealer, player)
    budget.check(_costs.simulation_estimate(what, n_games, int(counts.sum()), exact))
    sol = solution if solution is not None else _solve(counts, dealer, player)
    keys, vals = sol.engine.policy_arrays()
    hit = vals[:, 2] > vals[:, 1] + 1e-12
    wins = np.zeros(1, np.int64)
    missing = np.zeros(1, np.int64)
    _play_hands(counts, sol.engine.strides, sol.engine._key(counts), dealer, int(sum(player)), 1 in player,
                False, keys, hit, n_games, seed, wins, missing)
    if missing[0]:
        raise RuntimeError(f"{missing[0]} policy look-ups found no state (this is a bug)")
    return _mc_result(wins[0], n_games, sol.win_probability)


def simulate_deals(deck, n_games: int = 100_000, seed=0, engine: Engine | None = None) -> MonteCarloResult:
    """Deal whole hands (player, dealer up, player) from shuffles of ``deck`` and play them optimally.

    The exact value is :func:`.solver.deal_win_probability`; the engine must be (or is made)
    one whose base holds ``deck``. The deck needs four cards at least, and every deal
    must be playable to the end.

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> r = simulate_deals(fresh_deck(1), n_games=5000, seed=2)
    >>> abs(r.z) < 4
    True
    """
    counts = parse_deck(deck)
    _check_deal(counts)
    n_games = check_int("n_games", n_games, 1, MAX_GAMES)
    seed = kernel_seed(seed)
    eng = _check_engine(engine, counts)
    what = f"simulate_deals({_deck_string(counts)}, n_games={n_games:,})"
    exact = _costs.deal_estimate(what, [counts], eng._solved, eng.n_dealer_states)
    budget.check(_costs.simulation_estimate(what, n_games, int(counts.sum()), exact, deal=True))
    exact = _deal_win(counts, eng)
    keys, vals = eng.policy_arrays()
    hit = vals[:, 2] > vals[:, 1] + 1e-12
    wins = np.zeros(1, np.int64)
    missing = np.zeros(1, np.int64)
    _play_hands(counts, eng.strides, eng._key(counts), 0, 0, False, True, keys, hit, n_games,
                seed, wins, missing)
    if missing[0]:
        raise RuntimeError(f"{missing[0]} policy look-ups found no state (this is a bug)")
    return _mc_result(wins[0], n_games, exact)


def _mc_result(wins, n, exact) -> MonteCarloResult:
    p = wins / n
    se = math.sqrt(max(p * (1 - p), 1e-300) / n)
    return MonteCarloResult(float(p), float(se), int(n), float(exact), float((p - exact) / se) if se > 0 else 0.0)


def play_hand(deck, dealer: int, player, seed=0):
    """Play one hand step by step with the optimal policy on a seeded shuffle.

    At each of the player's decisions the exact probabilities are recomputed from the
    cards that remain; then the dealer draws. Returns a DataFrame with one row per
    step: ``who``, ``hand``, ``total``, ``stand``, ``hit``, ``action``, ``card``
    (the card drawn, 0 when none) and a final ``result`` row.

    Examples
    --------
    >>> steps = play_hand("1004000002", 5, (7, 8), seed=3)
    >>> steps.iloc[0]["action"], steps.iloc[-1]["who"]
    ('hit', 'result')
    """
    import pandas as pd
    counts, up, player = _hand(deck, dealer, player)
    rng = as_generator(seed)
    # the first decision's solve dominates; the later ones are sub-problems of it
    budget.check(_costs.solve_estimate(f"play_hand({_deck_string(counts)}, {up}, {list(player)})", counts, up,
                                      player, n_solves=2))
    hand = list(player)

    def draw():
        v = int(rng.choice(np.arange(1, 11), p=counts / counts.sum()))
        counts[v - 1] -= 1
        return v

    rows = []
    while True:
        total, soft = _hand_total(hand)
        if total > 21:
            rows.append({"who": "player", "hand": "+".join(map(str, hand)), "total": total, "stand": 0.0,
                         "hit": 0.0, "action": "bust", "card": 0})
            break
        s = _solve(counts, up, tuple(hand))
        card = draw() if s.action == "hit" else 0
        rows.append({"who": "player", "hand": "+".join(map(str, hand)), "total": total, "stand": s.stand_probability,
                     "hit": s.hit_probability, "action": s.action, "card": card})
        if s.action == "stand":
            break
        hand.append(card)
    ptotal, _ = _hand_total(hand)
    dhand = [up]
    if ptotal <= 21:
        while _hand_total(dhand)[0] < 17:
            dhand.append(draw())
            rows.append({"who": "dealer", "hand": "+".join(map(str, dhand)), "total": _hand_total(dhand)[0],
                         "stand": np.nan, "hit": np.nan, "action": "draw", "card": dhand[-1]})
    dtotal = _hand_total(dhand)[0]
    won = ptotal <= 21 and (dtotal > 21 or dtotal < ptotal)
    rows.append({"who": "result", "hand": f"player {ptotal}, dealer {dtotal}", "total": ptotal, "stand": np.nan,
                 "hit": np.nan, "action": "player wins" if won else "player loses", "card": 0})
    return pd.DataFrame(rows)
