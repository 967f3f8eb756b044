"""CardCounter simulation: the exactly computed strategy played on seeded shuffles.

The exact values come from :mod:`.solver` (the game of J. S. Plank's CardCounter
write-up, rules in :mod:`.rules`); here a numba
kernel (:func:`_play_hands`) plays the memoised optimal policy on fresh shuffles of
the remaining deck, so the Monte Carlo win rate can be set beside the exact value
with its standard error:

* :func:`simulate`: one given hand (dealer up card and player's cards fixed);
* :func:`simulate_deals`: whole hands dealt (player, dealer up, player) from a deck;
* :func:`play_hand`: one seeded hand step by step, re-solving exactly at each decision.

A seed (int or numpy ``Generator``) fixes every result.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from numba import njit

from ..util.rng import as_generator, kernel_seed
from ..util.validate import check_int
from ._kernels import _total
from .rules import _check_card, _check_player, hand_total, parse_deck
from .solver import Engine, Solution, deal_win_probability, solve

__all__ = ["MonteCarloResult", "simulate", "simulate_deals", "play_hand"]


@njit(cache=True)
def _play_hands(counts, strides, base_key, up0, psum0, pace0, deal, policy_keys, policy_hit,
                n_games, seed, wins, missing):
    """Play n_games hands on freshly shuffled decks following the policy.

    deal=False: the dealer's up card and the player's cards are given, the rest is
    shuffled. deal=True: player card, dealer up card, player card are dealt first.
    wins[0] counts wins; missing[0] counts policy look-ups that found no state.
    """
    np.random.seed(seed)
    n_cards = 0
    for i in range(10):
        n_cards += counts[i]
    cards = np.empty(n_cards, np.int64)
    j = 0
    for i in range(10):
        for _ in range(counts[i]):
            cards[j] = i + 1
            j += 1
    for g in range(n_games):
        pos = 0
        key = base_key
        if deal:
            dealt = np.empty(3, np.int64)
            for t in range(3):
                r = pos + np.random.randint(0, n_cards - pos)
                c = cards[r]
                cards[r] = cards[pos]
                cards[pos] = c
                pos += 1
                key += strides[c - 1]
                dealt[t] = c
            psum = dealt[0] + dealt[2]
            pace = dealt[0] == 1 or dealt[2] == 1
            up = dealt[1]
        else:
            psum = psum0
            pace = pace0
            up = up0
        # player's turn
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
            r = pos + np.random.randint(0, n_cards - pos)
            c = cards[r]
            cards[r] = cards[pos]
            cards[pos] = c
            pos += 1
            key += strides[c - 1]
            psum += c
            pace = pace or c == 1
        if psum > 21:
            continue
        pt = _total(psum, pace)
        dsum = up
        dace = up == 1
        while _total(dsum, dace) < 17 and pos < n_cards:
            r = pos + np.random.randint(0, n_cards - pos)
            c = cards[r]
            cards[r] = cards[pos]
            cards[pos] = c
            pos += 1
            dsum += c
            dace = dace or c == 1
        dt = _total(dsum, dace)
        if dt > 21 or dt < pt:
            wins[0] += 1


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

    Examples
    --------
    >>> r = simulate("1004000002", 5, [7, 8], n_games=2000, seed=1)
    >>> abs(r.z) < 4
    True
    """
    counts = parse_deck(deck)
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    n_games = check_int("n_games", n_games, 1)
    sol = solution if solution is not None else solve(counts, dealer, player)
    keys, vals = sol.engine.policy_arrays()
    hit = vals[:, 2] > vals[:, 1] + 1e-12
    wins = np.zeros(1, np.int64)
    missing = np.zeros(1, np.int64)
    _play_hands(counts, sol.engine.strides, sol.engine.key(counts), dealer, int(sum(player)), 1 in player,
                False, keys, hit, n_games, kernel_seed(seed), wins, missing)
    if missing[0]:
        raise RuntimeError(f"{missing[0]} policy look-ups found no state (this is a bug)")
    return _mc_result(wins[0], n_games, sol.win_probability)


def simulate_deals(deck, n_games: int = 100_000, seed=0, engine: Engine | None = None) -> MonteCarloResult:
    """Deal whole hands (player, dealer up, player) from shuffles of ``deck`` and play them optimally.

    The exact value is :func:`.solver.deal_win_probability`; the engine must be (or is made)
    one whose base is ``deck``.

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> r = simulate_deals(fresh_deck(1), n_games=5000, seed=2)
    >>> abs(r.z) < 4
    True
    """
    counts = parse_deck(deck)
    n_games = check_int("n_games", n_games, 1)
    eng = engine if engine is not None else Engine(counts)
    exact = deal_win_probability(counts, eng)
    keys, vals = eng.policy_arrays()
    hit = vals[:, 2] > vals[:, 1] + 1e-12
    wins = np.zeros(1, np.int64)
    missing = np.zeros(1, np.int64)
    _play_hands(counts, eng.strides, eng.key(counts), 0, 0, False, True, keys, hit, n_games,
                kernel_seed(seed), wins, missing)
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
    rng = as_generator(seed)
    counts = parse_deck(deck).copy()
    up = _check_card("dealer", dealer)
    hand = [_check_card(f"player[{i}]", c) for i, c in enumerate(player)]

    def draw():
        v = int(rng.choice(np.arange(1, 11), p=counts / counts.sum()))
        counts[v - 1] -= 1
        return v

    rows = []
    while True:
        total, soft = hand_total(hand)
        if total > 21:
            rows.append({"who": "player", "hand": "+".join(map(str, hand)), "total": total, "stand": 0.0,
                         "hit": 0.0, "action": "bust", "card": 0})
            break
        s = solve(counts, up, hand)
        card = draw() if s.action == "hit" else 0
        rows.append({"who": "player", "hand": "+".join(map(str, hand)), "total": total, "stand": s.stand_probability,
                     "hit": s.hit_probability, "action": s.action, "card": card})
        if s.action == "stand":
            break
        hand.append(card)
    ptotal, _ = hand_total(hand)
    dhand = [up]
    if ptotal <= 21:
        while hand_total(dhand)[0] < 17:
            dhand.append(draw())
            rows.append({"who": "dealer", "hand": "+".join(map(str, dhand)), "total": hand_total(dhand)[0],
                         "stand": np.nan, "hit": np.nan, "action": "draw", "card": dhand[-1]})
    dtotal = hand_total(dhand)[0]
    won = ptotal <= 21 and (dtotal > 21 or dtotal < ptotal)
    rows.append({"who": "result", "hand": f"player {ptotal}, dealer {dtotal}", "total": ptotal, "stand": np.nan,
                 "hit": np.nan, "action": "player wins" if won else "player loses", "card": 0})
    return pd.DataFrame(rows)
