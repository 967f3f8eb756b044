"""Reading a race of three or more players: advice after a roll (every seat's chance of each option).

The equilibrium (:class:`~stoplib.race.MultiRace`) keeps the turn-start vectors; a turn follows from
them by one backward pass of :func:`stoplib.race._kernels_multi._side`, which this module runs for the
state asked about.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ._kernels_multi import _frame, _multi_work, _side, _successor
from .advice import _keep_label, _parse_roll

__all__ = ["MultiOption", "MultiAdvice"]


@dataclass(frozen=True)
class MultiOption:
    """One legal choice after a scoring roll, with every seat's win probability if the mover takes it
    (``win_probabilities[k]``: the player ``k`` seats after the mover); ``optimal``: the mover's best."""

    keep: str
    points: int
    action: str
    turn_total: int
    dice: int
    win_probabilities: tuple
    optimal: bool


@dataclass(frozen=True)
class MultiAdvice:
    """What the mover should do after a roll, and what each choice means for every seat."""

    game: str
    scores: tuple
    turn_total: int
    roll: tuple
    points: int
    bust: bool
    options: tuple = field(repr=False)
    best: MultiOption | None
    win_probabilities: tuple


def _advice_multi(result, scores, t, roll):
    m = result.model
    faces = _parse_roll(m, roll)
    M, G, N = result.players, result.goal, m.dice
    S = G
    W = result.turn_start.reshape(-1, M)
    idx = 0
    for s in scores:
        idx = idx * S + s
    e = int(m.roll_outcome[m.encode_roll(faces)])
    if e < 0:
        succ = _successor(idx, 0, M, S)
        vec = tuple(float(W[succ, (k - 1) % M]) for k in range(M))
        return MultiAdvice(m.game, scores, t, faces, 0, True, (), None, vec)
    T = G + m.smax + 1
    pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = _multi_work(T, N, m.n_outcomes, M)
    _frame(W, _successor(idx, 0, M, S), M, y)
    _side(W, idx, y, M, G, N, m.rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
    R = G - scores[0]
    raw = []
    for o in range(int(m.opt_ptr[e]), int(m.opt_ptr[e + 1])):
        s, n2 = int(m.opt_s[o]), int(m.opt_n[o])
        t2 = t + s
        keep = _keep_label(m, faces, s, n2)
        if t2 >= R:
            win = (1.0,) + (0.0,) * (M - 1)
            raw.append((keep, s, "win", t2, 0, win))
            continue
        succ = _successor(idx, t2, M, S)
        raw.append((keep, s, "bank", t2, 0, tuple(float(W[succ, (k - 1) % M]) for k in range(M))))
        raw.append((keep, s, "roll", t2, n2, tuple(float(v) for v in pre_v[t2, n2])))
    top = max(x[-1][0] for x in raw)
    first = next(q for q, x in enumerate(raw) if x[-1][0] == top)
    options = [MultiOption(*x, q == first) for q, x in enumerate(raw)]
    options.sort(key=lambda o: (-o.win_probabilities[0], not o.optimal))
    best = options[0]
    return MultiAdvice(m.game, scores, t, faces, int(m.opt_s[m.opt_ptr[e]]), False, tuple(options), best,
                       best.win_probabilities)
