"""CardCounter: blackjack against a dealer with a known remaining deck, solved exactly.

The game (TopCoder SRM 734, Division 1, 400 points, "CardCounter", as written up by
J. S. Plank, source document ``shared/seeds/003_796a598a91b6182b.txt``):

* the remaining deck is given as ten counts, ``deck[i]`` = cards of value ``i + 1``
  left (value 1 is the ace, index 9 counts every ten-valued card);
* the dealer shows one card, the player holds two; an ace counts 11 when that keeps
  the hand at 21 or below (a *soft* hand), otherwise 1;
* the player hits (a card drawn uniformly from the remaining deck) as often as he
  likes, or stands; over 21 is a bust and a loss;
* after the player stands, the dealer draws his hidden card and keeps hitting while
  his total is below 17 (a soft 17 stands);
* the player wins when he has not bust and the dealer busts or ends lower. Ties lose.

Two recursions over deck *compositions* (counts per value, never orders):

``dealer(D, s, a)``
    the distribution of the dealer's final total (17, 18, 19, 20, 21, bust) when his
    hard sum is ``s`` (aces counted 1), ``a`` says whether he holds an ace and ``D``
    is the remaining deck: a one-hot vector once his total is 17 or more, otherwise
    ``sum_v D[v] / |D| * dealer(D - v, s + v, a or v == 1)``;
``player(D, s, a)``
    the player's optimal win probability, ``max(stand, hit)`` with
    ``stand = P(dealer busts or ends below the player's total)`` from
    ``dealer(D, up, up == 1)`` and ``hit = sum_v D[v] / |D| * player(D - v, s + v, a or v == 1)``;
    a bust is worth 0.

Both are memoised on a mixed-radix integer code of the composition (plus the sums),
in numba typed dictionaries; the states reachable from one hand of a full 52-card
deck number in the tens of thousands, not the 5**9 * 17 of the whole grid.
Beside the fast solver live its slow exact twins: :class:`DocumentSolver` (the
document's own two functions, memo keys and dump format, in exact fractions or
floats) and :func:`brute_force_orders` (an expectimax over every ordering of the
remaining cards, with integer counts).

The deck passed in is the REMAINING deck, after the dealer's up card and the
player's two cards were taken out (the document's convention): shown cards are not
checked against it. A deck on which, along some line of play, the dealer must draw
from an empty deck is rejected with a ValueError naming that line, never answered
with a wrong probability.

Whole-deck studies (strategy charts beside basic strategy, card-removal effects,
figures, the ipywidgets panel) live in :mod:`stoplib.cardcounter_study`.
"""
from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

import numpy as np
from numba import njit, types
from numba.typed import Dict

from .util.rng import kernel_seed
from .util.validate import check_int

N_VALUES = 10
DEALER_STANDS = 17
OUTCOMES = ("17", "18", "19", "20", "21", "bust")
_PLAYER_SUM_BASE = 32   # player's hard sum (< 32 when he may still act) in the key
_DEALER_SUM_BASE = 17   # dealer's hard sum (< 17 while he must hit) in the key
_UP_BASE = 16           # dealer's up card 1..10 in the player key
_CAP_POINTS = 100        # card points a key can describe as removed from the base
_START_POINTS = 45       # points a starting deck may lie below the base (a hand adds <= 54)

_T6 = types.UniTuple(types.float64, 6)
_T3 = types.UniTuple(types.float64, 3)

# ---------------------------------------------------------------- input checks

def parse_deck(deck) -> np.ndarray:
    """Return the remaining deck as ten int64 counts.

    Parameters
    ----------
    deck : str or sequence of int
        Ten non-negative integer counts (``deck[i]`` cards of value ``i + 1``), or the
        document's ten-digit string such as ``"1004000002"``.

    Returns
    -------
    numpy.ndarray
        Shape (10,), dtype int64.

    Examples
    --------
    >>> parse_deck("1004000002").tolist()
    [1, 0, 0, 4, 0, 0, 0, 0, 0, 2]
    """
    if isinstance(deck, str):
        if len(deck) != N_VALUES or not all(ch in "0123456789" for ch in deck):
            raise ValueError(f"deck as a string must be exactly ten digits 0-9 (counts of aces, twos, ..., tens), got {deck!r}")
        return np.array([int(ch) for ch in deck], dtype=np.int64)
    if isinstance(deck, (bytes, dict)) or not hasattr(deck, "__len__"):
        raise TypeError(f"deck must be ten counts (a sequence of ints) or a ten-digit string, got {type(deck).__name__}")
    if isinstance(deck, np.ndarray) and deck.ndim != 1:
        raise ValueError(f"deck must be one-dimensional with ten counts, got shape {deck.shape}")
    if len(deck) != N_VALUES:
        raise ValueError(f"deck must have exactly ten counts (aces, twos, ..., tens), got {len(deck)}")
    return np.array([check_int(f"deck[{i}] (count of {_value_name(i + 1)})", c, 0) for i, c in enumerate(deck)],
                    dtype=np.int64)


def _value_name(v: int) -> str:
    return {1: "aces", 10: "ten-valued cards"}.get(v, f"{v}s")


def _check_card(name: str, value) -> int:
    return check_int(name, value, 1, 10)


def _check_player(player) -> tuple[int, ...]:
    if isinstance(player, (str, bytes)) or not hasattr(player, "__len__"):
        raise TypeError(f"player must be a sequence of card values (two ints in 1..10), got {type(player).__name__}")
    if len(player) < 2:
        raise ValueError(f"player must hold at least two cards, got {len(player)}")
    return tuple(_check_card(f"player[{i}]", c) for i, c in enumerate(player))


def deck_string(deck) -> str:
    """The document's ten-character deck notation (counts above 9 in brackets).

    Examples
    --------
    >>> deck_string([1, 0, 0, 4, 0, 0, 0, 0, 0, 2])
    '1004000002'
    """
    return "".join(str(c) if c < 10 else f"[{c}]" for c in (int(x) for x in deck))


def hand_total(cards: Sequence[int]) -> tuple[int, bool]:
    """Best total of a hand and whether it is soft (an ace counted as 11).

    Examples
    --------
    >>> hand_total([1, 6])
    (17, True)
    >>> hand_total([1, 6, 10])
    (17, False)
    """
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def fresh_deck(n_decks: int = 1, minus: Sequence[int] = ()) -> np.ndarray:
    """Counts of ``n_decks`` full 52-card decks with the cards in ``minus`` taken out.

    Parameters
    ----------
    n_decks : int
        Number of decks shuffled together (>= 1).
    minus : sequence of int
        Card values (1..10) already shown, removed from the shoe.

    Examples
    --------
    >>> fresh_deck(1, minus=[10, 6, 10]).tolist()
    [4, 4, 4, 4, 4, 3, 4, 4, 4, 14]
    """
    n_decks = check_int("n_decks", n_decks, 1)
    counts = np.array([4 * n_decks] * 9 + [16 * n_decks], dtype=np.int64)
    for i, v in enumerate(minus):
        v = _check_card(f"minus[{i}]", v)
        if counts[v - 1] == 0:
            raise ValueError(f"cannot remove another {v}: none left in {n_decks} deck(s)")
        counts[v - 1] -= 1
    return counts


# ---------------------------------------------------------------- kernels

@njit(cache=True)
def _total(s, ace):
    if ace and s + 10 <= 21:
        return s + 10
    return s


@njit(cache=True)
def _dealer_dist(counts, n, key, dsum, dace, strides, dmemo):
    """Distribution of the dealer's final total (17..21, bust); NaN when he runs out."""
    t = _total(dsum, dace)
    if t > 21:
        return (0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    if t >= 17:
        return (1.0 if t == 17 else 0.0, 1.0 if t == 18 else 0.0, 1.0 if t == 19 else 0.0,
                1.0 if t == 20 else 0.0, 1.0 if t == 21 else 0.0, 0.0)
    k = (key * 17 + dsum) * 2 + (1 if dace else 0)
    if k in dmemo:
        return dmemo[k]
    if n == 0:
        r = (np.nan, np.nan, np.nan, np.nan, np.nan, np.nan)
        dmemo[k] = r
        return r
    a0 = 0.0
    a1 = 0.0
    a2 = 0.0
    a3 = 0.0
    a4 = 0.0
    a5 = 0.0
    for v in range(1, 11):
        c = counts[v - 1]
        if c > 0:
            counts[v - 1] = c - 1
            d = _dealer_dist(counts, n - 1, key + strides[v - 1], dsum + v, dace or v == 1, strides, dmemo)
            counts[v - 1] = c
            a0 += c * d[0]
            a1 += c * d[1]
            a2 += c * d[2]
            a3 += c * d[3]
            a4 += c * d[4]
            a5 += c * d[5]
    r = (a0 / n, a1 / n, a2 / n, a3 / n, a4 / n, a5 / n)
    dmemo[k] = r
    return r


@njit(cache=True)
def _stand_value(d, pt):
    """P(player with total pt <= 21 wins) from the dealer's final-total distribution d."""
    w = d[5]
    if pt > 17:
        w += d[0]
    if pt > 18:
        w += d[1]
    if pt > 19:
        w += d[2]
    if pt > 20:
        w += d[3]
    return w


@njit(cache=True)
def _player_value(counts, n, key, psum, pace, up, strides, dmemo, pmemo):
    """(best, stand, hit) win probabilities of the player's state; NaN when undefined."""
    if psum > 21:
        return (0.0, 0.0, 0.0)
    k = ((key * 32 + psum) * 2 + (1 if pace else 0)) * 16 + up
    if k in pmemo:
        return pmemo[k]
    d = _dealer_dist(counts, n, key, up, up == 1, strides, dmemo)
    stand = _stand_value(d, _total(psum, pace))
    hit = np.nan
    if n > 0:
        hit = 0.0
        for v in range(1, 11):
            c = counts[v - 1]
            if c > 0:
                counts[v - 1] = c - 1
                r = _player_value(counts, n - 1, key + strides[v - 1], psum + v, pace or v == 1, up,
                                  strides, dmemo, pmemo)
                counts[v - 1] = c
                hit += c * r[0]
        hit /= n
    if np.isnan(stand) or np.isnan(hit):
        best = np.nan
    else:
        best = stand if stand >= hit else hit
    res = (best, stand, hit)
    pmemo[k] = res
    return res


@njit(cache=True)
def _memo_arrays(pmemo):
    """Player memo as sorted parallel arrays (key, best, stand, hit)."""
    m = len(pmemo)
    keys = np.empty(m, np.int64)
    vals = np.empty((m, 3), np.float64)
    i = 0
    for k, v in pmemo.items():
        keys[i] = k
        vals[i, 0] = v[0]
        vals[i, 1] = v[1]
        vals[i, 2] = v[2]
        i += 1
    order = np.argsort(keys)
    return keys[order], vals[order]


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


# ---------------------------------------------------------------- the fast solver

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


def _starving_message(counts, dealer, player) -> str:
    line = _starving_line(tuple(int(c) for c in counts), int(dealer), tuple(player))
    if line is None:  # pragma: no cover - the fast path only reports NaN when a line exists
        return f"deck {deck_string(counts)} is too small for the dealer to finish"
    pdraws, ddraws, dsum = line
    return (f"deck {deck_string(counts)} is too small: if the player draws {list(pdraws)} and stands, "
            f"the dealer (up card {dealer}) may draw {list(ddraws)} and then, at hard {dsum}, must hit "
            f"from an empty deck; give more cards (the deck is what remains after the shown cards)")


def _starving_line(counts, dealer, player):
    """A line of play on which the dealer must draw from an empty deck, or None."""
    psum0 = sum(player)
    pace0 = 1 in player
    seen_d = set()

    def dealer_line(deck, s, a):
        if _total_py(s, a) >= 17 or (deck, s, a) in seen_d:
            return None
        if sum(deck) == 0:
            return (s,)
        seen_d.add((deck, s, a))
        for v in range(1, 11):
            if deck[v - 1]:
                d = list(deck)
                d[v - 1] -= 1
                r = dealer_line(tuple(d), s + v, a or v == 1)
                if r is not None:
                    return (v,) + r
        return None

    seen_p = set()

    def player_line(deck, s, a):
        if s > 21 or (deck, s, a) in seen_p:
            return None
        seen_p.add((deck, s, a))
        r = dealer_line(deck, dealer, dealer == 1)
        if r is not None:
            return (), r[:-1], r[-1]
        for v in range(1, 11):
            if deck[v - 1]:
                d = list(deck)
                d[v - 1] -= 1
                r = player_line(tuple(d), s + v, a or v == 1)
                if r is not None:
                    return (v,) + r[0], r[1], r[2]
        return None

    return player_line(tuple(counts), psum0, pace0)


def _total_py(s, a):
    return s + 10 if a and s + 10 <= 21 else s


# ---------------------------------------------------------------- slow exact twins

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
    """Slow exact twin of :func:`solve`: the document's recursion in fractions.

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


def memo_dump(deck, dealer: int, player: Sequence[int], number=float) -> list[str]:
    """Regenerate the document's memo dump for one hand (same keys, format and order).

    Examples
    --------
    >>> memo_dump("1004000002", 5, [7, 8])[-1]
    'players_move( 5, 30,  true, "0003000001") = 0.00000000'
    """
    counts = tuple(int(c) for c in parse_deck(deck))
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    doc = DocumentSolver(number)
    doc.players_move(dealer, sum(player), 1 in player, counts)
    return doc.dump()


def check_dump_with_fast(lines: Sequence[str]) -> float:
    """Largest gap between a regenerated dump's values and the fast solver's memo.

    Every ``players_move`` line is recomputed as a player state of the fast engine
    (base = the line's own deck) and every ``dealers_move`` line from the fast
    dealer distribution; returns the maximum absolute difference.

    Examples
    --------
    >>> check_dump_with_fast(memo_dump("1004000002", 5, [7, 8])) < 1e-8
    True
    """
    import re
    # "lers_move" is the document's truncated first line
    pat = re.compile(r'(dealers|lers|players)_move\(\s*(\d+),\s*(\w+),\s*(\w+),\s*"(\d{10})"\) = ([0-9.]+)')
    worst = 0.0
    for line in lines:
        m = pat.search(line)
        if not m:
            raise ValueError(f"not a memo line: {line!r}")
        kind, a, b, c, deck, val = m.groups()
        counts = parse_deck(deck)
        eng = Engine(counts)
        if kind in ("dealers", "lers"):
            dsum, dace, pt = int(a), b == "true", int(c)
            if _total_py(dsum, dace) > 21:
                ours = 1.0
            elif _total_py(dsum, dace) >= 17:
                ours = float(pt > _total_py(dsum, dace))
            else:
                ours = float(_stand_value(tuple(eng.dealer_distribution(counts, dsum, dace)), pt))
        else:
            up, psum, pace = int(a), int(b), c == "true"
            ours = 0.0 if psum > 21 else float(_player_value(counts, int(counts.sum()), eng.key(counts), psum, pace,
                                                             up, eng.strides, eng.dmemo, eng.pmemo)[0])
        worst = max(worst, abs(ours - float(val)))
    return worst


def compare_dump(ours: Sequence[str], theirs: Sequence[str]):
    """Line-by-line comparison table of two dumps (``ours`` vs the document's).

    Columns: ``line``, ``ours``, ``document``, ``verdict`` ("matches", "differs",
    "truncated in document" when the document's line is a suffix of ours,
    "missing").

    Examples
    --------
    >>> compare_dump(["dealers_move(1)", "x"], ["lers_move(1)", "y"])["verdict"].tolist()
    ['truncated in document', 'differs']
    """
    import pandas as pd
    rows = []
    for i in range(max(len(ours), len(theirs))):
        a = ours[i] if i < len(ours) else ""
        b = theirs[i] if i < len(theirs) else ""
        if a == b:
            verdict = "matches"
        elif not a or not b:
            verdict = "missing"
        elif b and a.endswith(b):
            verdict = "truncated in document"
        else:
            verdict = "differs"
        rows.append({"line": i + 1, "ours": a, "document": b, "verdict": verdict})
    return pd.DataFrame(rows)


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


# ---------------------------------------------------------------- whole deals and simulation

def deal_probabilities(counts):
    """Probabilities of every (first player card, dealer up card, second player card) deal.

    Returns a list of ``(first, up, second, probability, remaining_counts)``.

    Examples
    --------
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
    >>> 0.40 < deal_win_probability(fresh_deck(1)) < 0.46
    True
    """
    counts = parse_deck(deck)
    eng = engine if engine is not None else Engine(counts)
    total = 0.0
    for a, up, b, p, rest in deal_probabilities(counts):
        total += p * eng.value(rest, up, (a, b))[0]
    return float(total)


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

    The exact value is :func:`deal_win_probability`; the engine must be (or is made)
    one whose base is ``deck``.

    Examples
    --------
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
