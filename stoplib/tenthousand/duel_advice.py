"""Two-player Ten Thousand: reading a solution (advice after a roll, policy maps, departures).

The solution (:class:`~stoplib.tenthousand.duel_game.Duel`) keeps only the turn-start values
``P0[own, opponent]``; everything inside a turn follows from them by one backward pass of
the kernel (:func:`stoplib.tenthousand._duel_kernels._turn`), a millisecond or less. The
records here are what a plot or a panel needs:

- :class:`DuelAdvice` (from :meth:`Duel.advice`): every legal option after a roll, its win
  probability, the optimal one marked;
- :class:`PolicyMap` (from :meth:`Duel.policy_map`): bank or roll over own score x turn
  total for each number of dice left, with the solitaire optimum's thresholds beside it;
- :meth:`Duel.departures`: a table of how the duel policy departs from the solitaire optimum;
- :class:`DepartureMap` (from :meth:`Duel.departure_map`): the same over both banked scores,
  for one number of dice, ready to draw.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..util.validate import check_int
from ._duel_kernels import _policy_map as _policy_map_kernel
from ._duel_kernels import _turn
from ._duel_tables import N_DICE, _sol_roll, _solitaire, _tables
from .rules import ACTION_NAMES

__all__ = ["Option", "DuelAdvice", "PolicyMap", "DepartureMap"]

#: Lead bins (own minus opponent, chips) of :meth:`Duel.departures`: (label, low, high) inclusive.
LEAD_BINS = (("behind by 51+", -10**9, -51), ("behind by 21-50", -50, -21), ("behind by 6-20", -20, -6),
             ("level (within 5)", -5, 5), ("ahead by 6-20", 6, 20), ("ahead by 21-50", 21, 50),
             ("ahead by 51+", 51, 10**9))


@dataclass(frozen=True)
class Option:
    """One legal choice after a scoring roll.

    ``keep``: the configuration set aside (the whole roll, or smaller: the paper's move
    ``move``); ``action``: ``"bank"``, ``"roll"`` (``dice`` dice, five after hot dice) or
    ``"win"`` (the goal is reached); ``turn_total``: chips after keeping; ``win_probability``:
    the player's chance to win the game by taking it; ``optimal``: it is the best option.
    """

    keep: tuple
    move: str
    action: str
    turn_total: int
    dice: int
    hot_dice: bool
    win_probability: float
    optimal: bool


@dataclass(frozen=True)
class DuelAdvice:
    """What to do after a roll: the state, the roll's configuration and every option, best first.

    ``win_probability`` is the best option's (after a bust, the chance to win from the
    opponent's turn: ``1 - P0[opponent, own]``). ``options`` is empty after a bust.
    """

    own: int
    opponent: int
    turn_total: int
    roll: tuple
    configuration: tuple
    score: int
    bust: bool
    options: tuple = field(repr=False)
    best: Option | None
    win_probability: float


@dataclass(frozen=True, eq=False)   # arrays inside: compare those
class PolicyMap:
    """The optimal bank-or-roll decision for one opponent score, over own score x turn total.

    Arrays are indexed ``[n - 1, own, t]`` for ``n = 1..5`` dice to roll (``[own, t]`` for
    ``bank_value``); entries that are not states (``own + t >= goal`` or ``t = 0``) are NaN
    in the values and -1 in ``decision`` (1 roll, 0 bank). ``bank_from[n - 1, own]``: the
    least total at which banking is optimal (``goal - own`` if none); ``solitaire_bank_from[n - 1]``:
    the solitaire optimum's (document 002, Algorithm 4.1).
    """

    goal: int
    opponent: int
    own: np.ndarray = field(repr=False)
    turn_total: np.ndarray = field(repr=False)
    decision: np.ndarray = field(repr=False)
    roll_value: np.ndarray = field(repr=False)
    bank_value: np.ndarray = field(repr=False)
    bank_from: np.ndarray = field(repr=False)
    solitaire_bank_from: np.ndarray = field(repr=False)

    def to_frame(self):
        """Long form: one row per state (own, turn_total, dice) with both values and the decision."""
        import pandas as pd

        n, own, t = np.nonzero(self.decision >= 0)
        return pd.DataFrame({"own": own, "turn_total": t, "dice": n + 1, "opponent": self.opponent,
                             "roll_value": self.roll_value[n, own, t], "bank_value": self.bank_value[own, t],
                             "decision": np.where(self.decision[n, own, t] == 1, "roll", "bank")})


@dataclass(frozen=True, eq=False)   # arrays inside: compare those
class DepartureMap:
    """Where and by how much the optimal duel policy departs from the solitaire optimum, for ``dice`` dice.

    ``bank_from[own, opponent]``: the least turn total at which banking is optimal with
    ``dice`` dice to roll (``goal - own``: never before the goal; the duel's own table
    :attr:`Duel.bank_from`). ``solitaire[own]``: the solitaire optimum's least banking total
    ``solitaire_threshold`` (document 002, Algorithm 4.1), or ``goal - own`` where that is
    smaller (reaching the goal wins at once, so nobody banks beyond it). ``difference =
    bank_from - solitaire[:, None]``: positive where the duel player rolls on longer (more
    risk), negative where it banks sooner (less risk), 0 where both bank from the same total.
    """

    goal: int
    dice: int
    solitaire_threshold: int
    bank_from: np.ndarray = field(repr=False)
    solitaire: np.ndarray = field(repr=False)
    difference: np.ndarray = field(repr=False)


def _departure_map(result, dice):
    G = result.goal
    own = np.arange(G)
    threshold = int(_solitaire_bank_from()[dice - 1])
    bank_from = result.bank_from[dice].astype(np.int64)
    solitaire = np.minimum(threshold, G - own)
    difference = bank_from - solitaire[:, None]
    for a in (bank_from, solitaire, difference):
        a.setflags(write=False)
    return DepartureMap(G, dice, threshold, bank_from, solitaire, difference)


def _turn_tables(result, own, opponent):
    tb = _tables(N_DICE)
    G = result.goal
    top = G + tb.smax + 1
    pv = np.zeros((top, N_DICE + 1))
    bv = np.zeros((top, N_DICE + 1))
    ch = np.zeros((top, tb.E), dtype=np.int32)
    bd = np.zeros((top, N_DICE + 1), dtype=np.int8)
    _turn(result.turn_start, own, opponent, G, N_DICE, tb.rules, tb.smax, result.finish == "bank",
          _sol_roll(G), pv, bv, ch, bd)
    return pv


def _win_probability(result, own, opponent, t, dice):
    if own + t >= result.goal:
        return 1.0
    if t == 0 and dice == N_DICE:
        return float(result.turn_start[own, opponent])
    return float(_turn_tables(result, own, opponent)[t, dice])


def _parse_roll(roll):
    if isinstance(roll, str):
        text = roll.strip()
        if not text or len(text) > N_DICE or not all(c in "123456" for c in text):
            raise ValueError(f"roll must be 1 to {N_DICE} faces 1..6 such as '15522', got {roll!r:.60}")
        return tuple(int(c) for c in text)
    if not isinstance(roll, (tuple, list)):
        raise TypeError(f"roll must be a string of faces ('15522') or a tuple of ints, got {type(roll).__name__}")
    if not 1 <= len(roll) <= N_DICE:
        raise ValueError(f"roll must hold 1 to {N_DICE} dice, got {len(roll)}")
    return tuple(check_int(f"roll[{q}]", face, 1, 6) for q, face in enumerate(roll))


def _advice(result, own, opponent, t, roll):
    faces = _parse_roll(roll)
    tb = _tables(N_DICE)
    r = tb.r
    G = result.goal
    P0 = result.turn_start
    counts = [faces.count(f) for f in range(7)]
    triple = [kind for kind in (2, 3, 4, 6) if counts[kind] >= 3]
    config = (counts[5], counts[1], triple[0] if triple else 0)
    k = r.index[config]
    n = len(faces)
    if r.s[k] == 0:
        win = 1.0 - float(P0[opponent, own])
        return DuelAdvice(own, opponent, t, faces, config, 0, True, (), None, win)
    R = G - own
    if t + r.s[k] >= R and result.finish == "reach":
        best = Option(config, "keep all", "win", t + int(r.s[k]), 0, False, 1.0, True)
        return DuelAdvice(own, opponent, t, faces, config, int(r.s[k]), False, (best,), best, 1.0)
    pv = _turn_tables(result, own, opponent)
    y = float(P0[opponent, own])
    p0 = tb.rules[0]
    kept = [(k, "keep all")]
    if n - r.d[k] >= 1:
        kept += [(int(r.move_to[e]), ACTION_NAMES[int(r.move_code[e])])
                 for e in range(r.move_ptr[k], r.move_ptr[k + 1])]
    raw = []
    for j, name in kept:
        t2 = t + int(r.s[j])
        left = n - int(r.d[j])
        hot = left == 0
        n2 = left or N_DICE
        bank = 1.0 if own + t2 >= G else 1.0 - float(P0[opponent, own + t2])
        roll_value = float(pv[t2, n2]) if t2 < R else float(p0[n2] * (1.0 - y) + 1.0 - p0[n2])
        raw.append((r.configs[j], name, "bank", t2, 0, False, bank))
        raw.append((r.configs[j], name, "roll", t2, n2, hot, roll_value))
    top = max(x[-1] for x in raw)
    first = next(q for q, x in enumerate(raw) if x[-1] == top)     # the kernel's choice on ties
    options = [Option(*x, q == first) for q, x in enumerate(raw)]
    options.sort(key=lambda o: (-o.win_probability, not o.optimal))
    return DuelAdvice(own, opponent, t, faces, config, int(r.s[k]), False, tuple(options), options[0],
                      options[0].win_probability)


def _solitaire_bank_from():
    """The solitaire optimum's least banking total with ``n`` dice to roll: ``V_r(t, n) <= t``."""
    sol = _solitaire(N_DICE)
    t = np.arange(sol.pre_roll.shape[0])
    return np.array([int(np.flatnonzero((sol.pre_roll[:, n] <= t) & (t >= 1))[0]) for n in range(1, N_DICE + 1)],
                    dtype=np.int64)


def _policy_map(result, opponent):
    tb = _tables(N_DICE)
    G = result.goal
    roll = np.full((N_DICE + 1, G, G), np.nan)
    bank = np.full((G, G), np.nan)
    _policy_map_kernel(result.turn_start, opponent, G, N_DICE, tb.rules, tb.smax, result.finish == "bank",
                       _sol_roll(G), roll, bank)
    roll = roll[1:]
    valid = ~np.isnan(roll)
    decision = np.where(valid, np.where(roll > bank[None], 1, 0), -1).astype(np.int8)
    own = np.arange(G)
    is_bank = decision == 0
    bank_from = np.where(is_bank.any(axis=2), is_bank.argmax(axis=2), (G - own)[None, :])
    for a in (roll, bank, decision, bank_from):
        a.setflags(write=False)
    return PolicyMap(G, opponent, own, np.arange(G), decision, roll, bank, bank_from, _solitaire_bank_from())


def _departures(result, min_room):
    import pandas as pd

    G = result.goal
    i = np.arange(G)[:, None] * np.ones((1, G), dtype=np.int64)
    j = i.T
    lead = i - j
    room = G - np.maximum(i, j)
    totals = (G - 1 - i).astype(float)             # turn totals 1..G-i-1 of each pair
    sol = _solitaire_bank_from()
    rows = []
    for n in range(1, N_DICE + 1):
        for label, low, high in LEAD_BINS:
            mask = (lead >= low) & (lead <= high) & (room >= min_room)
            if not mask.any():
                continue
            states = totals[mask].sum()
            rows.append({"dice": n, "lead": label, "pairs": int(mask.sum()),
                         "median_bank_from": float(np.median(result.bank_from[n][mask])),
                         "solitaire_bank_from": int(sol[n - 1]),
                         "riskier_share": float(result.riskier[n][mask].sum() / states) if states else 0.0,
                         "safer_share": float(result.safer[n][mask].sum() / states) if states else 0.0})
    return pd.DataFrame(rows)


def _state_count(G):
    """Turn starts, pre-roll states (i, j, t, n) and the paper's post-roll states (i, j, t, k, n), i + t < G."""
    r = _tables(N_DICE).r
    K = len(r.configs)
    per_t = np.zeros(G + 1, dtype=np.int64)       # post-roll states (k, n) with s(k) <= t
    for k in range(1, K):
        for n in range(1, N_DICE + 1):
            if n == N_DICE or r.d[k] <= N_DICE - n:
                if r.s[k] <= G:
                    per_t[int(r.s[k])] += 1
    cum = np.cumsum(per_t)                          # states at total t
    post = sum(G * int(cum[1:G - i].sum()) for i in range(G))
    pre = G * sum(G - i for i in range(G)) * N_DICE
    return {"turn_starts": G * G, "pre_roll": pre, "post_roll": post, "total": pre + post}
