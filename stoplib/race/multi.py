"""Races of three or more players: an equilibrium, and the check that nobody gains by deviating.

With three or more players the game is no longer zero-sum: one player's loss is not the
other's gain, so "optimal play" needs a *solution concept*. Ours: each player maximises their
own probability of winning, and the players' strategies form a **stationary equilibrium** (a
Markov perfect equilibrium: each turn's choices depend only on the scores, the turn total and
the dice, and no player can raise their own win probability by changing their choices at any
state, the others' strategies held fixed). Ties are broken the same way everywhere (the first
best option; bank when banking is as good as rolling).

How it is computed. ``W[s_0, ..., s_{m-1}, k]`` is the probability that the player ``k`` seats
after the mover wins, at a turn start with banked scores ``s`` in turn order from the mover.
A bank leads to a larger score sum; a bust hands the turn to the next player at the same
scores, so the rotations of a score tuple form a *cycle* of at most ``m`` turn starts. Cycles
are solved one at a time, from the largest score sum down (:mod:`._kernels_multi`):

``"value_iteration"``
    Value iteration on the vectors of win probabilities, Gauss-Seidel around the cycle: each
    mover's turn is a backward pass choosing what maximises its own component against the
    current vectors; rounds until no component moves by more than ``1e-14``.
``"pairwise"``
    The same to ``1e-9``, and then each cycle is solved exactly under the choices value iteration
    settled on (a linear system around the cycle, in closed form), its turns passed again against
    the exact values, and repeated while any choice changes (a cycle whose choices keep changing
    is counted in :attr:`MultiRace.unsettled`).

Where best responses keep flipping each other (two movers of a cycle whose choices at some turn
totals switch back and forth, round after round: there is no pure equilibrium there), plain
iteration never settles. After :data:`._kernels_multi.MAX_ROUNDS` rounds such a cycle is *damped*
(:data:`._kernels_multi.DAMPED_FIRST` rounds, and up to ``DAMPED_ROUNDS`` if the exact solve below fails):
each value moves a shrinking share of the way to its best response, which averages the flipping
choices, so the values approach those of a mixed strategy. These cycles are counted in
:attr:`MultiRace.mixed` and listed in :attr:`MultiRace.mixed_cycles`. Each is then solved
*exactly* (:mod:`._mixing`), before any smaller sum reads it: near the damped values every mover's
best turn is a step function of its own share of the bust successor, so its candidate turns are
few; for each assignment (one turn per mover, or a mixture of two neighbouring turns, fewest
mixtures first) the cycle's values solve a small linear system, and the mixing probabilities make
each mixing mover indifferent between its two turns (Brent's method for one mover, a root finder
for more). A solution is kept only when no mover of the cycle gains more than ``1e-12`` by its best
turn against it. The solved cycles are counted in :attr:`MultiRace.mixed_exact`, their mixing
movers and probabilities in :attr:`MultiRace.mixing`; a cycle left unsolved keeps its damped values,
as precise as the deviation check says, never reported as converged.

The check (:attr:`MultiRace.deviation_gain`): the equilibrium's choices (the best responses to
the final ``W``) are evaluated *exactly*, cycle by cycle from the largest sums down (a mixed
cycle keeps its solved or damped values), and at every turn start the best turn of the mover against
those values is computed; the largest gain of its own win probability over the equilibrium's is
the deviation gain (a deviation at any single state, or any set of states within one turn, gains
no more). It is 0 at an exact equilibrium; in float64 it is of the order of ``1e-15`` where every
cycle is pure or solved exactly, and otherwise it measures how close the damped cycles came to their
mixed equilibrium.

Sources: none for three players, as far as we know (the two-player games: T. W. Neller and C.
G. M. Presser, UMAP Journal 25(1), 2004; M. Busche and T. W. Neller, ACG 2017).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..util import budget
from ..util.validate import check_choice, check_int
from ..workbook.progressbar import progress
from . import _costs
from ._kernels_multi import (DAMPED_FIRST, DAMPED_ROUNDS, MAX_ROUNDS, _bank_from, _best_response_gap, _damp_cycle,
                             _evaluate_sum, _multi_work, _residual, _settle_sum, _solve_sum, _sum_states)
from ._mixing import mix_cycle
from .models import GAMES, _model

__all__ = ["MultiRace", "STARTS", "equilibrium"]

#: The starting vectors of value iteration (:meth:`MultiRace` records which): the state with one more
#: unit for the mover (already solved), an even share, the mover wins.
STARTS = ("neighbour", "even", "mover")
#: ``"pairwise"`` hands a cycle to its exact solve once value iteration moves no component by more than this.
SETTLE_TOL = 1e-9


@dataclass(eq=False)   # tables inside
class MultiRace:
    """A race of ``players >= 3`` players, solved: a stationary equilibrium (see the module docstring).

    Attributes
    ----------
    game : str
    goal, players : int
    method, start : str
        ``"value_iteration"`` or ``"pairwise"``; the starting vector of the iterations (:data:`STARTS`).
    turn_start : numpy.ndarray
        ``[s_0, ..., s_{m-1}, k]``: the probability that the player ``k`` seats after the mover wins.
    rounds : numpy.ndarray
        ``[s_0, ..., s_{m-1}]``: value-iteration rounds of each cycle (at its representative, else 0;
        negative: a mixed cycle, minus its rounds in all).
    loops : numpy.ndarray
        The same: exact re-solves of each cycle (``"pairwise"``; -1 where the choices did not settle).
    unsettled : int
        Cycles whose exact finish did not settle (choices that kept changing after value iteration had).
    mixed : int
        Cycles where best responses keep flipping each other, damped towards a mixed strategy.
    mixed_cycles : numpy.ndarray
        ``[c, :]``: the scores (in turn order) of each mixed cycle's representative.
    mixed_exact : int
        Mixed cycles solved exactly (:mod:`._mixing`); the others keep their damped values.
    mixing : pandas.DataFrame
        One row per mixing mover of a solved cycle: its turn start's scores (``s0`` the mover's, then the
        others in turn order), ``p`` the probability of its second turn, and the least turn total at which
        each of its two turns banks with all dice to roll (``bank_from_first``, ``bank_from_second``).
    residual : float
        ``max |L W - W|`` over every turn start and component.
    deviation_gain : float
        The largest gain of a player's own win probability from deviating at any state, against
        the exact values of the equilibrium's choices (0 at an equilibrium; float64 rounding).
    evaluation_gap : float
        ``max |W - V|``, ``V`` the exact values of the equilibrium's choices.
    bank_from : numpy.ndarray
        ``[s_0, ..., s_{m-1}]``: the least turn total at which the mover banks with all dice to roll.

    Examples
    --------
    >>> from stoplib.race import solve
    >>> r = solve("pig", 12, players=3)
    >>> [round(r.win_probability(k), 3) for k in range(3)], r.unsettled, r.deviation_gain < 1e-12
    ([0.597, 0.276, 0.127], 0, True)
    """

    game: str
    goal: int
    players: int
    method: str
    start: str
    turn_start: np.ndarray = field(repr=False)
    rounds: np.ndarray = field(repr=False)
    loops: np.ndarray = field(repr=False)
    unsettled: int
    residual: float
    deviation_gain: float
    evaluation_gap: float
    bank_from: np.ndarray = field(repr=False)
    mixed: int = 0
    mixed_cycles: np.ndarray = field(default=None, repr=False)
    mixed_exact: int = 0
    mixing: object = field(default=None, repr=False)

    @property
    def model(self):
        return _model(self.game)

    @property
    def unit(self):
        return self.model.unit

    @property
    def first_player_win(self):
        return self.win_probability(0)

    def win_shares(self, scores=None):
        """Each seat's win probability at the turn start where seat 0 moves with ``scores`` banked (by seat)."""
        return np.array([self.win_probability(k, scores) for k in range(self.players)])

    def win_probability(self, seat=0, scores=None, to_move=0):
        """The probability that ``seat`` wins at the turn start where ``to_move`` is about to roll,
        the banked ``scores`` given by seat (default: all 0).

        Examples
        --------
        >>> from stoplib.race import solve
        >>> r = solve("pig", 12, players=3)
        >>> abs(sum(r.win_probability(k) for k in range(3)) - 1) < 1e-12
        True
        """
        m = self.players
        seat = check_int("seat", seat, 0, m - 1)
        to_move = check_int("to_move", to_move, 0, m - 1)
        sc = self._scores(scores)
        order = tuple(sc[(to_move + k) % m] for k in range(m))
        return float(self.turn_start[order + ((seat - to_move) % m,)])

    def policy_map(self, others):
        """Bank or roll with all dice over own score x turn total, the other scores ``others`` (in turn order).

        Returns
        -------
        numpy.ndarray
            ``bank_from[own]``: the least turn total at which the mover banks (``goal - own``: never).

        Examples
        --------
        >>> from stoplib.race import solve
        >>> solve("pig", 12, players=3).policy_map((0, 0)).shape
        (12,)
        """
        m = self.players
        if not isinstance(others, (tuple, list)) or len(others) != m - 1:
            raise TypeError(f"others must hold the {m - 1} other scores in turn order, got {others!r:.60}")
        others = tuple(check_int(f"others[{k}]", v, 0, self.goal - 1) for k, v in enumerate(others))
        return np.array([int(self.bank_from[(own,) + others]) for own in range(self.goal)])

    def advice(self, scores, turn_total, roll):
        """Every option after ``roll`` for the mover (``scores[0]``; the others in turn order), with each
        seat's win probability; the option that maximises the mover's own is marked.

        Examples
        --------
        >>> from stoplib.race import solve
        >>> a = solve("pig", 12, players=3).advice((0, 0, 0), 0, "4")
        >>> a.best.action in ("bank", "roll"), len(a.best.win_probabilities)
        (True, 3)
        """
        from .advice_multi import _advice_multi
        sc = self._scores(scores, "scores")
        turn_total = check_int("turn_total", turn_total, 0, self.goal - 1 - sc[0])
        return _advice_multi(self, sc, turn_total, roll)

    def _scores(self, scores, name="scores"):
        m = self.players
        if scores is None:
            return (0,) * m
        if not isinstance(scores, (tuple, list)) or len(scores) != m:
            raise TypeError(f"{name} must hold {m} scores, got {scores!r:.60}")
        return tuple(check_int(f"{name}[{k}]", v, 0, self.goal - 1) for k, v in enumerate(scores))


def equilibrium(game, goal=None, players=3, method="pairwise", start="neighbour"):
    """The stationary equilibrium of a race of ``players >= 2`` players (see the module docstring).

    :func:`stoplib.race.solve` calls the same engine for three or more players; here it also takes
    two, to be set beside the two-player engine (a check of both), and a starting vector.

    Parameters
    ----------
    game : {"pig", "tenthousand", "farkle"}
    goal : int or None
        Units to win (None: the game's usual goal).
    players : int
        2 to 4.
    method : {"pairwise", "value_iteration"}
    start : {"neighbour", "even", "mover"}
        The starting vector of each cycle's iteration (:data:`STARTS`).

    Examples
    --------
    >>> r = equilibrium("pig", 30, players=2)
    >>> from stoplib.race import solve
    >>> abs(r.win_probability(0) - solve("pig", 30).first_player_win) < 1e-12
    True
    """
    game = check_choice("game", game, GAMES)
    model = _model(game)
    goal = model.default_goal if goal is None else check_int("goal", goal, 1)
    players = check_int("players", players, 2, 4)
    method = check_choice("method", method, ("pairwise", "value_iteration"))
    start = check_choice("start", start, STARTS)
    if model.counter:
        raise ValueError(f"{game} counts busts in a row: races of three or more players are solved for games without "
                         "that counter")
    budget.check(_costs.solve(model, goal, players, method, multi=True))
    return _solve_multi(model, goal, players, method, start=start)


_MEMO = {}


def _solve_multi(model, goal, players, method, parallel=False, start="neighbour"):
    """Solve the ``players``-player race to ``goal`` (arguments checked by the caller), once per session."""
    key = (model.game, goal, players, method, start)
    if key not in _MEMO:
        if len(_MEMO) >= 6:
            _MEMO.pop(next(iter(_MEMO)))
        _MEMO[key] = _compute_multi(model, goal, players, method, start)
    return _MEMO[key]


def _compute_multi(model, goal, players, method, start):
    if model.counter:
        raise ValueError(f"{model.game} counts busts in a row: races of three or more players are solved for games "
                         f"without that counter ({', '.join(g for g in GAMES if g != 'facebook_farkle')})")
    m, G, N = players, goal, model.dice
    S = G
    T = G + model.smax + 1
    code = STARTS.index(start)
    W = np.zeros((S ** m, m))
    rounds = np.zeros(S ** m, dtype=np.int64)
    loops = np.zeros(S ** m, dtype=np.int64)
    tol = 1e-14 if method == "value_iteration" else SETTLE_TOL
    reps = np.zeros(S ** (m - 1), dtype=np.int64)
    exact, mixing = 0, []
    with progress(total=m * (S - 1) + 1, desc=f"solve({model.game!r}, goal={G}, players={m})", unit="sum",
                  disable=None if S ** m >= 10**6 else True) as bar:
        for s in range(m * (S - 1), -1, -1):
            count = _sum_states(s, m, S, reps)
            _solve_sum(W, reps, count, m, G, N, model.rules, T, code, rounds, tol, DAMPED_FIRST)
            if method == "pairwise":
                _settle_sum(W, reps, count, m, G, N, model.rules, T, loops, rounds)
            for rep in reps[:count][rounds[reps[:count]] < 0]:   # best responses flip: solve the mixture
                mix = _mix_or_damp(W, int(rep), m, G, N, model.rules, T, rounds)
                if mix is not None:
                    exact += 1
                    mixing += [_mixing_row(st, p, first, second, m, G, N) for st, p, first, second in mix]
            bar.update(1)
    mixed = int((rounds < 0).sum())
    unsettled = int((loops < 0).sum())
    out = np.zeros(S ** m)
    _residual(W, m, G, N, model.rules, T, out)
    residual = float(out.max())
    V = np.zeros_like(W)
    for s in range(m * (S - 1), -1, -1):
        count = _sum_states(s, m, S, reps)
        _evaluate_sum(W, V, reps, count, m, G, N, model.rules, T, rounds, loops)
    _best_response_gap(V, m, G, N, model.rules, T, out)
    gain = float(max(out.max(), 0.0))
    gap = float(np.abs(W - V).max())
    bank = np.zeros(S ** m, dtype=np.int64)
    _bank_from(W, m, G, N, model.rules, T, bank)
    shape = (S,) * m
    where = np.array([np.unravel_index(int(i), shape) for i in np.flatnonzero(rounds < 0)],
                     dtype=np.int64).reshape(-1, m)
    for a in (W, rounds, loops, bank, where):
        a.setflags(write=False)
    columns = [f"s{k}" for k in range(m)] + ["p", "bank_from_first", "bank_from_second"]
    mixing = pd.DataFrame(mixing, columns=columns).astype({c: int for c in columns if c != "p"})
    return MultiRace(model.game, G, m, method, start, W.reshape(shape + (m,)), rounds.reshape(shape),
                     loops.reshape(shape), unsettled, residual, gain, gap, bank.reshape(shape), mixed, where,
                     exact, mixing)


def _mix_or_damp(W, rep, m, G, N, rules, T, rounds):
    """The exact mixed equilibrium of a cycle whose best responses flip (:func:`._mixing.mix_cycle`), from its
    values after DAMPED_FIRST damped rounds, or else after DAMPED_ROUNDS; None (damped values kept) if neither."""
    gain, mix = mix_cycle(W, rep, m, G, N, rules, T)
    if gain is None:
        work = _multi_work(T, N, rules[1][N + 1], m)
        _damp_cycle(W, rep, m, G, N, rules, work, DAMPED_FIRST, DAMPED_ROUNDS)
        rounds[rep] = -(MAX_ROUNDS + DAMPED_ROUNDS)
        gain, mix = mix_cycle(W, rep, m, G, N, rules, T)
    return None if gain is None else mix


def _mixing_row(state, p, first, second, m, G, N):
    """A mixing mover's row of :attr:`MultiRace.mixing`: scores, probability, each turn's bank threshold."""
    scores = np.unravel_index(state, (G,) * m)
    return [int(x) for x in scores] + [p] + [_bank_threshold(t, G - int(scores[0]), N) for t in (first, second)]


def _bank_threshold(turn, room, N):
    """The least turn total at which ``turn`` banks with all ``N`` dice to roll (``room``: never)."""
    banks = np.flatnonzero(turn[1][1:room, N]) + 1
    return int(banks[0]) if len(banks) else room
