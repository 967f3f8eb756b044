"""Two-player Ten Thousand and Pig: fixed policies against each other, exactly, and the fair head start.

:func:`duel_evaluate` plays two fixed policies of Ten Thousand against each other: the
optimal duel policy (:func:`stoplib.tenthousand.duel`; it does not adapt to its opponent),
the solitaire optimum of document 002 (maximise the expected turn score, Algorithm 4.1) or
any :class:`~stoplib.tenthousand.Policy` ("stop at 6 chips"...), each banking at once when
the goal is reached. Fixed policies make every turn affine in the partner's turn-start value,
so each pair ``(VA[i, j], VB[j, i])`` solves a 2x2 linear system, from the largest score sums
down: an exact evaluation, no simulation. One pass gives both seats: ``VA[0, 0]`` when the
player starts and ``1 - VB[0, 0]`` when the opponent does.

:func:`fair_head_start` reads the solved game: the least head start ``h`` for the second
player with ``P0[0, h] <= 1/2`` (chips for Ten Thousand, points for Pig).

:func:`first_player_by_goal` reads it too. The rules never look at a banked score, only at
what is left to reach the goal (no entry minimum, no exact finish), so the game to ``goal``
from the turn start ``(goal - g, goal - g)`` *is* the game to ``g``: one solve gives the
first player's win probability for every smaller goal, ``P0[goal - g, goal - g]`` (the tests
check it bit for bit against separate solves).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..util import budget
from ..util.validate import check_choice, check_int
from . import _costs
from ._duel_kernels import _evaluate_diagonal, _resolve
from ._duel_tables import N_DICE, _sol_roll, _solitaire, _tables
from .duel_game import FINISH_RULES, _duel
from .pig_duel_game import _solve as _pig_solve
from .solver import Policy, Solution, _as_policy, _policy_arrays

__all__ = ["DuelMatch", "duel_evaluate", "HeadStart", "fair_head_start", "GoalCurve", "first_player_by_goal"]

GAMES = ("tenthousand", "pig")


@dataclass(frozen=True)
class DuelMatch:
    """Exact result of ``player`` against ``opponent`` in two-player Ten Thousand.

    ``first_player_win``: the player's win probability when it starts; ``second_player_win``:
    when the opponent starts; :attr:`mean`: their average (the start decided by a coin).
    """

    player: str
    opponent: str
    goal: int
    first_player_win: float
    second_player_win: float

    @property
    def mean(self):
        return 0.5 * (self.first_player_win + self.second_player_win)


def _player(who, name, goal):
    """``(label, optimal, tab_o, tab_a, cap)`` of a player: "optimal", "solitaire", a Policy or a Solution."""
    tb = _tables(N_DICE)
    if isinstance(who, str):
        check_choice(name, who, ("optimal", "solitaire"))
        if who == "optimal":
            return "optimal", True, np.zeros((1, tb.E), dtype=np.int64), np.zeros((1, tb.E), dtype=np.int64), 0
        pol, label = _solitaire(N_DICE).as_policy(), "solitaire optimum"
    elif isinstance(who, (Policy, Solution)):
        pol = _as_policy(who, name)
        if pol.n_dice != N_DICE:
            raise ValueError(f"{name} must play the five-dice game, got a policy for {pol.n_dice} dice")
        label = pol.name
    else:
        raise TypeError(f"{name} must be 'optimal', 'solitaire', a Policy or a Solution, got {type(who).__name__}")
    budget.check(_costs.resolve_policy(pol.cap))
    r, A, Ab = _policy_arrays(pol)
    cap = min(pol.cap, goal)            # totals at or above the goal win before any choice
    tab_o = np.zeros((max(cap, 1), tb.E), dtype=np.int64)
    tab_a = np.zeros_like(tab_o)
    status = _resolve(A, Ab, bool(pol.chain), cap, N_DICE, r.s, r.d, r.move_dest, tb.rules[3], tb.out_n,
                      tb.rules[4], tb.rules[5], tb.rules[6], tab_o, tab_a)
    if status:   # pragma: no cover - a validated policy always lands on an option
        raise RuntimeError(f"{name}: a move of the policy has no matching option")
    return label, False, tab_o, tab_a, cap


def duel_evaluate(player="optimal", opponent="optimal", goal=200, finish="reach"):
    """Exact win probabilities of ``player`` against ``opponent`` in two-player Ten Thousand.

    Parameters
    ----------
    player, opponent : "optimal", "solitaire", Policy or Solution
        ``"optimal"``: the optimal duel policy of :func:`duel`; ``"solitaire"``: document
        002's optimum for one turn (bank when the turn total is worth more than rolling on,
        in expectation); a :class:`Policy` such as ``stop_at_policy(6)``. Any player wins at
        once on reaching the goal.
    goal : int
        Chips needed to win (>= 1).
    finish : {"reach", "bank"}
        The finishing rule of the optimal policy (the same tables either way).

    Returns
    -------
    DuelMatch

    The cost is a few passes over every turn (and the optimal solve, read from its cache);
    a request over the budget is refused before it starts (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> from stoplib.tenthousand import duel
    >>> m = duel_evaluate("optimal", "solitaire", goal=20)
    >>> bool(m.mean > 0.5)
    True
    >>> abs(duel_evaluate(goal=20).first_player_win - duel(20).first_player_win) < 1e-12
    True
    """
    goal = check_int("goal", goal, 1)
    finish = check_choice("finish", finish, FINISH_RULES)
    budget.check(_costs.duel_evaluate(goal))
    na, optA, tabA_o, tabA_a, capA = _player(player, "player", goal)
    nb, optB, tabB_o, tabB_a, capB = _player(opponent, "opponent", goal)
    VA, VB = _evaluate(goal, finish, optA, tabA_o, tabA_a, capA, optB, tabB_o, tabB_a, capB)
    return DuelMatch(na, nb, goal, float(VA[0, 0]), float(1.0 - VB[0, 0]))


def _evaluate(goal, finish, optA, tabA_o, tabA_a, capA, optB, tabB_o, tabB_a, capB):
    G = goal
    tb = _tables(N_DICE)
    P0 = _duel(G, "pairwise", finish).turn_start if (optA or optB) else np.zeros((G, G))
    VA = np.zeros((G, G))
    VB = np.zeros((G, G))
    bank = finish == "bank"
    sol_roll = _sol_roll(G)
    for s in range(2 * G - 2, -1, -1):
        _evaluate_diagonal(s, G, N_DICE, tb.rules, tb.smax, bank, sol_roll, P0, VA, VB, optA, tabA_o, tabA_a,
                           capA, optB, tabB_o, tabB_a, capB)
    return VA, VB


@dataclass(frozen=True, eq=False)   # arrays inside: compare those
class HeadStart:
    """The fair head start of the second player.

    ``head_start``: the least chips (Ten Thousand) or points (Pig) given to the second player
    at the start for which its win probability is at least 1/2; ``second_player_win[h]``: its
    win probability with head start ``h = 0..goal`` (1 at ``h = goal``: it has won), for plotting.
    """

    game: str
    goal: int
    unit: str
    head_start: int
    second_player_win: np.ndarray = field(repr=False)

    @property
    def without(self):
        """The second player's win probability with no head start."""
        return float(self.second_player_win[0])

    @property
    def at_head_start(self):
        """Its win probability with the fair head start."""
        return float(self.second_player_win[self.head_start])


def _turn_starts(game, goal):
    """``(P0, unit, goal)`` of the solved game, the budget checked (for the two functions below)."""
    game = check_choice("game", game, GAMES)
    goal = (200 if game == "tenthousand" else 100) if goal is None else check_int("goal", goal, 1)
    if game == "pig":
        budget.check(_costs.pig_duel(goal, 6, "pairwise"))
        return _pig_solve(goal, 6, "pairwise").values[:, :, 0], "points", goal
    budget.check(_costs.duel(goal, "pairwise", True))
    return _duel(goal, "pairwise", "reach").turn_start, "chips", goal


def fair_head_start(game="tenthousand", goal=None):
    """The smallest head start that makes the game at least even for the second player.

    Parameters
    ----------
    game : {"tenthousand", "pig"}
        Two-player Ten Thousand (chips of 50 points) or Pig (points, six-sided die).
    goal : int or None
        The goal (None: 200 chips, or 100 points for Pig).

    Returns
    -------
    HeadStart

    Examples
    --------
    >>> h = fair_head_start("pig", 100)
    >>> h.unit, h.head_start, bool(h.at_head_start >= 0.5 > h.second_player_win[h.head_start - 1])
    ('points', 5, True)
    """
    P0, unit, goal = _turn_starts(game, goal)
    curve = np.append(1.0 - P0[0, :], 1.0)
    h = int(np.flatnonzero(curve >= 0.5)[0])
    curve.setflags(write=False)
    return HeadStart(game, goal, unit, h, curve)


@dataclass(frozen=True, eq=False)   # arrays inside: compare those
class GoalCurve:
    """The first player's win probability for every goal from 1 to ``goal``, read from one solve.

    ``first_player_win[g - 1]`` is the first player's win probability in the game to ``g``
    (``goals[g - 1] = g``), chips for Ten Thousand and points for Pig (six-sided die).
    """

    game: str
    goal: int
    unit: str
    goals: np.ndarray = field(repr=False)
    first_player_win: np.ndarray = field(repr=False)

    def at(self, goal):
        """The first player's win probability in the game to ``goal`` (1 <= goal <= :attr:`goal`)."""
        goal = check_int("goal", goal, 1, self.goal)
        return float(self.first_player_win[goal - 1])


def first_player_by_goal(game="tenthousand", goal=None):
    """The first player's win probability for every goal up to ``goal``, from the one solve at ``goal``.

    Parameters
    ----------
    game : {"tenthousand", "pig"}
        Two-player Ten Thousand (goals in chips of 50 points) or Pig (points, six-sided die).
    goal : int or None
        The largest goal (None: 200 chips, or 100 points for Pig).

    Returns
    -------
    GoalCurve

    Examples
    --------
    >>> from stoplib.tenthousand import pig_duel
    >>> c = first_player_by_goal("pig", 100)
    >>> round(c.at(100), 4), c.at(20) == pig_duel(20).first_player_win
    (0.5306, True)
    """
    P0, unit, goal = _turn_starts(game, goal)
    g = np.arange(1, goal + 1)
    win = np.ascontiguousarray(P0[goal - g, goal - g], dtype=float)
    for a in (g, win):
        a.setflags(write=False)
    return GoalCurve(game, goal, unit, g, win)
