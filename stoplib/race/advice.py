"""Reading a solved two-player race: advice after a roll, policy maps, departures from the solitaire optimum.

The solution (:class:`~stoplib.race.Race`) keeps only the turn-start values ``P0``;
everything inside a turn follows from them by one backward pass of the kernel
(:func:`stoplib.race._kernels._turn`), a millisecond or less. The records here are what a
plot or a panel needs:

- :class:`Advice` (from :meth:`Race.advice`): every legal option after a roll, its win
  probability, the optimal one marked;
- :class:`PolicyMap` (from :meth:`Race.policy_map`): bank or roll over own score x turn
  total for each number of dice left, with the solitaire optimum's thresholds beside it;
- :meth:`Race.departures`: how the race policy departs from the solitaire optimum, by lead;
- :class:`DepartureMap` (from :meth:`Race.departure_map`): the same over both banked scores.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from ..util.validate import check_int
from . import _solitaire
from ._kernels import _bust_pos, _turn
from ._kernels import _policy_map as _policy_map_kernel
from ._two import geometry

__all__ = ["Option", "Advice", "PolicyMap", "DepartureMap", "LEAD_BINS"]

#: Lead bins (own minus opponent, as a share of the goal) of :meth:`Race.departures`:
#: (label, low, high) inclusive, in units for a goal of 200 (scaled to the goal).
LEAD_BINS = (("behind by 51+", -10**9, -51), ("behind by 21-50", -50, -21), ("behind by 6-20", -20, -6),
             ("level (within 5)", -5, 5), ("ahead by 6-20", 6, 20), ("ahead by 21-50", 21, 50),
             ("ahead by 51+", 51, 10**9))


@dataclass(frozen=True)
class Option:
    """One legal choice after a scoring roll.

    ``keep``: the dice set aside (faces, ``"155"``); ``points``: what they score (units);
    ``action``: ``"bank"``, ``"roll"`` (``dice`` dice; all of them again after hot dice) or
    ``"win"`` (the goal is reached); ``turn_total``: units after keeping; ``win_probability``:
    the player's chance to win the game by taking it; ``optimal``: it is the best option.
    """

    keep: str
    points: int
    action: str
    turn_total: int
    dice: int
    hot_dice: bool
    win_probability: float
    optimal: bool


@dataclass(frozen=True)
class Advice:
    """What to do after a roll: the state, the roll and every option, best first.

    ``win_probability`` is the best option's (after a bust, the chance to win from the
    opponent's turn). ``options`` is empty after a bust.
    """

    game: str
    own: int
    opponent: int
    turn_total: int
    roll: tuple
    points: int
    bust: bool
    options: tuple = field(repr=False)
    best: Option | None
    win_probability: float


@dataclass(frozen=True, eq=False)   # arrays inside: compare those
class PolicyMap:
    """The optimal bank-or-roll decision for one opponent score, over own score x turn total.

    Arrays are indexed ``[n - 1, own, t]`` for ``n = 1..dice`` dice to roll (``[own, t]`` for
    ``bank_value``); entries that are not states (``own + t >= goal`` or ``t = 0``) are NaN in
    the values and -1 in ``decision`` (1 roll, 0 bank). ``bank_from[n - 1, own]``: the least
    total at which banking is optimal (``goal - own`` if none); ``solitaire_bank_from[n - 1]``:
    the solitaire optimum's.
    """

    game: str
    unit: str
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
    """Where and by how much the optimal race policy departs from the solitaire optimum, for ``dice`` dice.

    ``bank_from[own, opponent]``: the least turn total at which banking is optimal with ``dice``
    dice to roll (``goal - own``: never before the goal). ``solitaire[own]``: the solitaire
    optimum's least banking total ``solitaire_threshold``, or ``goal - own`` where that is
    smaller. ``difference = bank_from - solitaire[:, None]``: positive where the race player
    rolls on longer (more risk), negative where it banks sooner.
    """

    game: str
    unit: str
    goal: int
    dice: int
    solitaire_threshold: int
    bank_from: np.ndarray = field(repr=False)
    solitaire: np.ndarray = field(repr=False)
    difference: np.ndarray = field(repr=False)


def _home(model, goal):
    """Positions of scores ``0..goal - 1`` with no busts in a row."""
    return np.array([model.position(s, 0) for s in range(goal)], dtype=np.int64)


def _turn_tables(result, own, opponent):
    m = result.model
    geo, T, P, S = geometry(m, result.goal)
    N = m.dice
    pv = np.zeros((T, N + 1))
    bv = np.zeros((T, N + 1))
    ch = np.zeros((T, m.n_outcomes), dtype=np.int32)
    bd = np.zeros((T, N + 1), dtype=np.int8)
    _turn(result.turn_start, own, opponent, geo, N, m.rules, result.finish == "bank",
          _solitaire.roll_table(m, T), pv, bv, ch, bd)
    return pv, bv


def _win_probability(result, own, opp, own_score, t, dice):
    if own_score + t >= result.goal:
        return 1.0
    if t == 0 and dice == result.model.dice:
        return float(result.turn_start[own, opp])
    return float(_turn_tables(result, own, opp)[0][t, dice])


def _parse_roll(model, roll):
    F, N = model.faces, model.dice
    if isinstance(roll, str):
        text = roll.strip()
        if not text or len(text) > N or not all(c.isdigit() and 1 <= int(c) <= min(F, 9) for c in text):
            raise ValueError(f"roll must be 1 to {N} faces 1..{min(F, 9)} such as "
                             f"{'15522' if N >= 5 else '4'!r}, got {roll!r:.60}")
        return tuple(int(c) for c in text)
    if not isinstance(roll, (tuple, list)):
        raise TypeError(f"roll must be a string of faces or a tuple of ints, got {type(roll).__name__}")
    if not 1 <= len(roll) <= N:
        raise ValueError(f"roll must hold 1 to {N} dice, got {len(roll)}")
    return tuple(check_int(f"roll[{q}]", face, 1, F) for q, face in enumerate(roll))


def _keep_label(model, faces, points, left):
    """The dice of ``faces`` a player sets aside to keep ``points`` with ``left`` dice to roll, as text."""
    n = len(faces)
    if model.dice == 1:
        return str(faces[0])
    kept = n if left == model.dice else n - left
    for sub in sorted(set(itertools.combinations(sorted(faces), kept))):
        counts = tuple(sub.count(f) for f in range(1, model.faces + 1))
        if model.scorer(counts) == points:
            return "".join(map(str, sub))
    return "".join(map(str, sorted(faces)))   # pragma: no cover - every option comes from a sub-multiset


def _advice(result, own, opp, own_score, opp_score, t, roll):
    m = result.model
    faces = _parse_roll(m, roll)
    N, G = m.dice, result.goal
    e = int(m.roll_outcome[m.encode_roll(faces)])
    if e < 0:
        win = 1.0 - _bust_value(result, own, opp)
        return Advice(m.game, own_score, opp_score, t, faces, 0, True, (), None, win)
    o0 = int(m.opt_ptr[e])
    points = int(m.opt_s[o0])
    R = max(G - own_score, m.minimum_bank)
    if t + points >= R and result.finish == "reach":
        best = Option(_keep_label(m, faces, points, int(m.opt_n[o0])), points, "win", t + points, 0, False, 1.0,
                      True)
        return Advice(m.game, own_score, opp_score, t, faces, points, False, (best,), best, 1.0)
    pv, bv = _turn_tables(result, own, opp)
    y = _bust_value(result, own, opp)
    P0 = result.turn_start
    home = own - own % m.farkles
    raw = []
    for o in range(o0, int(m.opt_ptr[e + 1])):
        s, n2 = int(m.opt_s[o]), int(m.opt_n[o])
        t2 = t + s
        hot = N > 1 and n2 == N
        keep = _keep_label(m, faces, s, n2)
        if own_score + t2 >= G:
            bank = 1.0
        elif t2 >= m.minimum_bank:
            bank = 1.0 - float(P0[opp, home + t2 * m.farkles])
        else:
            bank = None
        p0 = float(m.bust[n2])
        roll_value = float(pv[t2, n2]) if t2 < R else p0 * (1.0 - y) + 1.0 - p0
        if bank is not None:
            raw.append((keep, s, "bank", t2, 0, False, bank))
        raw.append((keep, s, "roll", t2, n2, hot, roll_value))
    top = max(x[-1] for x in raw)
    first = next(q for q, x in enumerate(raw) if x[-1] == top)     # the kernel's choice on ties
    options = [Option(*x, q == first) for q, x in enumerate(raw)]
    options.sort(key=lambda o: (-o.win_probability, not o.optimal))
    return Advice(m.game, own_score, opp_score, t, faces, points, False, tuple(options), options[0],
                  options[0].win_probability)


def _policy_map(result, opp, opp_score, own_count):
    m = result.model
    geo, T, P, S = geometry(m, result.goal)
    G, N = result.goal, m.dice
    roll = np.full((N + 1, P, G), np.nan)
    bank = np.full((P, G), np.nan)
    _policy_map_kernel(result.turn_start, opp, geo, N, m.rules, T, result.finish == "bank",
                       _solitaire.roll_table(m, T), roll, bank)
    rows = np.array([m.position(s, own_count) for s in range(G)], dtype=np.int64)
    roll = roll[1:][:, rows]
    bank = bank[rows]
    valid = ~np.isnan(roll)
    decision = np.where(valid, np.where(roll > np.nan_to_num(bank, nan=-np.inf)[None], 1, 0), -1).astype(np.int8)
    own = np.arange(G)
    is_bank = decision == 0
    bank_from = np.where(is_bank.any(axis=2), is_bank.argmax(axis=2), (G - own)[None, :])
    for a in (roll, bank, decision, bank_from):
        a.setflags(write=False)
    return PolicyMap(m.game, m.unit, G, opp_score, own, np.arange(G), decision, roll, bank, bank_from,
                     _solitaire.bank_from(m))


def _departure_map(result, dice):
    m = result.model
    G = result.goal
    own = np.arange(G)
    threshold = int(_solitaire.bank_from(m)[dice - 1])
    home = _home(m, G)
    bank_from = result.bank_from[dice][np.ix_(home, home)].astype(np.int64)
    solitaire = np.minimum(threshold, G - own)
    difference = bank_from - solitaire[:, None]
    for a in (bank_from, solitaire, difference):
        a.setflags(write=False)
    return DepartureMap(m.game, m.unit, G, dice, threshold, bank_from, solitaire, difference)


def _departures(result, min_room):
    import pandas as pd

    m = result.model
    G = result.goal
    home = _home(m, G)
    i = np.arange(G)[:, None] * np.ones((1, G), dtype=np.int64)
    j = i.T
    lead = i - j
    room = G - np.maximum(i, j)
    totals = (G - 1 - i).astype(float)             # turn totals 1..G-i-1 of each pair
    sol = _solitaire.bank_from(m)
    scale = G / 200.0 if m.unit == "chips" else G / 100.0 * 1.0
    rows = []
    for n in range(1, m.dice + 1):
        bank_from = result.bank_from[n][np.ix_(home, home)]
        riskier = result.riskier[n][np.ix_(home, home)]
        safer = result.safer[n][np.ix_(home, home)]
        for label, low, high in LEAD_BINS:
            lo = low if abs(low) >= 10**9 else low * scale if m.unit != "chips" else low
            hi = high if abs(high) >= 10**9 else high * scale if m.unit != "chips" else high
            mask = (lead >= lo) & (lead <= hi) & (room >= min_room)
            if not mask.any():
                continue
            states = totals[mask].sum()
            rows.append({"dice": n, "lead": label, "pairs": int(mask.sum()),
                         "median_bank_from": float(np.median(bank_from[mask])),
                         "solitaire_bank_from": int(sol[n - 1]),
                         "riskier_share": float(riskier[mask].sum() / states) if states else 0.0,
                         "safer_share": float(safer[mask].sum() / states) if states else 0.0})
    return pd.DataFrame(rows)


def _state_count(model, G):
    """Turn starts and pre-roll states ``(own, opponent, t, n)`` with ``own + t < goal``, and the
    post-roll states of the model (document 002's ``(t, configuration, n)`` for Ten Thousand)."""
    P = model.positions(G)
    per_own = sum(max(G - s, model.minimum_bank) for s in range(model.floor, G))
    pre = P * per_own * model.farkles * model.dice
    per_t = np.zeros(G + 1, dtype=np.int64)
    for s in model.post_scores:
        if s <= G:
            per_t[int(s)] += 1
    cum = np.cumsum(per_t)
    post = P * model.farkles * sum(int(cum[1:G - s].sum()) for s in range(model.floor, G))
    return {"turn_starts": P * P, "pre_roll": pre, "post_roll": post, "total": pre + post}


def _state_values(result):
    m = result.model
    G = result.goal
    if result.exact_values is not None:
        return result.exact_values
    P = m.positions(G)
    N = m.dice
    out = np.ones((P, P, G - m.floor, N + 1))
    for i in range(P):
        R = min(max(G - (i // m.farkles + m.floor), m.minimum_bank), G - m.floor)
        for j in range(P):
            pv, bv = _turn_tables(result, i, j)
            out[i, j, 1:R, 1:] = bv[1:R, 1:]
            out[i, j, 0, 1:] = pv[0, 1:]
    out = out[:, :, :, 1:]
    return out[:, :, :, 0] if N == 1 else out


def _bust_value(result, own, opp):
    m = result.model
    geo, _, _, _ = geometry(m, result.goal)
    return float(result.turn_start[opp, _bust_pos(own, geo)])
