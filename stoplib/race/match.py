"""Fixed policies against each other, exactly; the fair head start; who wins at every goal.

:func:`evaluate` plays two fixed two-player policies against each other: the optimal policy
(:func:`stoplib.race.solve`; it does not adapt to its opponent), the *solitaire optimum* (each
turn maximises its expected score: document 002's Algorithm 4.1 for Ten Thousand, "hold at
20" for Pig) or a simple :class:`Rule` ("hold at 20", Neller and Presser's "keep pace and end
race", "stop at 300 points"), each winning at once on reaching the goal. Fixed policies make
every turn affine in the partner's turn-start value, so each pair ``(VA[i, j], VB[j, i])``
solves a 2x2 linear system, from the largest score sums down: exact, no simulation. One pass
gives both seats.

:func:`fair_head_start` reads a solved game: the least head start for the later seats that
makes the game as even as it can be (two players: the second wins at least half).

:func:`win_shares_by_goal` reads one solve too. The rules never look at a banked score, only at
what is left to the goal (no entry minimum, no floor), so the game to ``goal`` from the turn
start where every player has ``goal - g`` *is* the game to ``g``: one solve gives every seat's
win probability for every smaller goal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..util import budget
from ..util.validate import check_choice, check_instance, check_int, check_str
from . import _costs, _solitaire, multi
from ._kernels_fixed import _evaluate_diagonal
from ._two import geometry
from .models import GAMES, MAX_DIE, _model
from .multi import MultiRace
from .solver import MAX_PLAYERS, Race, _solve

__all__ = ["Rule", "hold_at", "keep_pace", "Match", "evaluate", "HeadStart", "fair_head_start", "WinShares",
           "win_shares_by_goal", "seat_departures", "ROLES"]


@dataclass(frozen=True)
class Rule:
    """A simple rule: keep the most a roll scores and bank once the turn total reaches a threshold.

    With own score ``i`` and the opponent's ``j``: if ``end_race > 0`` and ``i >= end_race`` or
    ``j >= end_race``, roll until the goal ("end race"); otherwise bank once the turn total
    reaches ``hold_at + round((j - i) / pace_divisor)`` (``pace_divisor = 0``: no such term;
    round half up, ``floor(x + 1/2)``, as Java's ``Math.round``), and at least 1. Units are the
    game's (points for Pig, chips otherwise).

    Examples
    --------
    >>> keep_pace().threshold(0, 20), keep_pace().threshold(20, 0), hold_at(20).threshold(5, 50)
    (24, 19, 20)
    """

    name: str
    hold_at: int = 20
    pace_divisor: int = 0
    end_race: int = 0

    def __post_init__(self):
        check_str("name", self.name, 200, allow_empty=False)
        check_int("hold_at", self.hold_at, 1, 10**9)
        check_int("pace_divisor", self.pace_divisor, 0, 10**9)
        check_int("end_race", self.end_race, 0, 10**9)

    def threshold(self, own, opponent):
        """The turn total at which this rule banks (``None``: it rolls for the goal)."""
        own = check_int("own", own, 0, 10**9)
        opponent = check_int("opponent", opponent, 0, 10**9)
        if self.end_race and (own >= self.end_race or opponent >= self.end_race):
            return None
        shift = 0
        if self.pace_divisor:
            shift = (2 * (opponent - own) + self.pace_divisor) // (2 * self.pace_divisor)
        return max(1, self.hold_at + shift)

    def _table(self, goal):
        """``[own, opponent]``: the total from which the rule banks (``goal + 1``: never before the goal)."""
        G = goal
        i = np.arange(G)[:, None]
        j = np.arange(G)[None, :]
        shift = (2 * (j - i) + self.pace_divisor) // (2 * self.pace_divisor) if self.pace_divisor else 0 * i
        h = np.maximum(1, self.hold_at + shift) + 0 * j
        if self.end_race:
            h = np.where((i >= self.end_race) | (j >= self.end_race), G + 1, h)
        return np.ascontiguousarray(h, dtype=np.int64)


def hold_at(total=20, unit="points"):
    """The rule "bank once the turn total reaches ``total``" ("hold at 20" in Pig).

    Examples
    --------
    >>> hold_at(20)
    Rule(name='hold at 20', hold_at=20, pace_divisor=0, end_race=0)
    >>> hold_at(6, unit="chips").name
    'stop at 6 chips'
    """
    total = check_int("total", total, 1, 10**9)
    unit = check_choice("unit", unit, ("points", "chips"))
    return Rule(f"hold at {total}" if unit == "points" else f"stop at {total} chips", total)


def keep_pace(hold_at=21, pace_divisor=8, end_race=71):
    """Neller and Presser's (2010) "keep pace and end race" rule, for Pig to 100.

    If either score is at least ``end_race`` (71), roll for the goal; otherwise hold at
    ``21 + round((j - i) / 8)``, ``i`` one's own score and ``j`` the opponent's (round half up).

    Examples
    --------
    >>> keep_pace().name
    'keep pace and end race'
    """
    hold_at = check_int("hold_at", hold_at, 1, 10**9)
    pace_divisor = check_int("pace_divisor", pace_divisor, 1, 10**9)
    end_race = check_int("end_race", end_race, 0, 10**9)
    return Rule("keep pace and end race", hold_at, pace_divisor, end_race)


@dataclass(frozen=True)
class Match:
    """Exact result of ``player`` against ``opponent``: the player's win probability moving first
    and moving second, and their mean (who starts decided by a coin)."""

    game: str
    player: str
    opponent: str
    goal: int
    first_player_win: float
    second_player_win: float

    @property
    def mean(self):
        return 0.5 * (self.first_player_win + self.second_player_win)


def _player(who, name, model, goal):
    """``(label, optimal, tab_o, tab_a, cap, hold_from)`` of a player: "optimal", "solitaire" or a Rule."""
    E = model.n_outcomes
    G = goal
    never = np.full((G, G), G + 1, dtype=np.int64)
    if isinstance(who, str):
        check_choice(name, who, ("optimal", "solitaire"))
        if who == "optimal":
            return "optimal", True, np.zeros((1, E), dtype=np.int64), np.zeros((1, E), dtype=np.int64), 0, never
        sol = _solitaire._solve(model)
        cap = min(sol.threshold, G)
        tab_o = np.zeros((max(cap, 1), E), dtype=np.int64)
        tab_a = np.zeros_like(tab_o)
        for e in range(E):
            o0 = model.opt_ptr[e]
            for t1 in range(int(model.opt_s[o0]), cap):
                t = t1 - int(model.opt_s[o0])
                o = int(sol.choice[t, e])
                t2, n2 = t + int(model.opt_s[o]), int(model.opt_n[o])
                tab_o[t1, e] = o - o0
                tab_a[t1, e] = 1 if sol.pre[t2, n2] > t2 else 0
        return "solitaire optimum", False, tab_o, tab_a, cap, never
    if isinstance(who, Rule):
        table = who._table(G)
        tab_o = np.zeros((G + 1, E), dtype=np.int64)
        return who.name, False, tab_o, np.ones_like(tab_o), G + 1, table
    raise TypeError(f"{name} must be 'optimal', 'solitaire' or a Rule, got {type(who).__name__}")


def evaluate(game, player="optimal", opponent="optimal", goal=None, die=6):
    """Exact win probabilities of ``player`` against ``opponent`` in a two-player race.

    Parameters
    ----------
    game : {"pig", "tenthousand", "farkle"}
        A game without a bust counter.
    player, opponent : "optimal", "solitaire" or Rule
        The optimal policy of :func:`stoplib.race.solve`, the solitaire optimum, or a :class:`Rule`.
    goal : int or None
        The goal (None: the game's usual one).
    die : int
        Faces of Pig's die.

    Returns
    -------
    Match

    Examples
    --------
    >>> m = evaluate("pig", "optimal", hold_at(20), goal=100)
    >>> round(m.first_player_win, 4), round(m.second_player_win, 4)
    (0.5715, 0.5083)
    >>> abs(evaluate("tenthousand", goal=20).first_player_win - __import__("stoplib.race", fromlist=["solve"]).solve(
    ...     "tenthousand", 20).first_player_win) < 1e-12
    True
    """
    model, goal = _game(game, goal, die)
    if model.counter:
        raise ValueError(f"evaluate plays games without a bust counter; {model.game} has one")
    budget.check(_costs.passes(model, goal, "evaluate", 6))
    budget.check(_costs.solve(model, goal, 2, "pairwise"))      # the optimal player's solve, and the solitaire's
    na, *A = _player(player, "player", model, goal)
    nb, *B = _player(opponent, "opponent", model, goal)
    VA, VB = _evaluate(model, goal, A, B)
    return Match(model.game, na, nb, goal, float(VA[0, 0]), float(1.0 - VB[0, 0]))


def _evaluate(model, goal, A, B, finish="reach"):
    G = goal
    geo, T, P, S = geometry(model, G)
    P0 = _solve(model, G, "pairwise", finish).turn_start if (A[0] or B[0]) else np.zeros((G, G))
    VA = np.zeros((G, G))
    VB = np.zeros((G, G))
    sol_roll = _solitaire.roll_table(model, T)
    for s in range(2 * G - 2, -1, -1):
        _evaluate_diagonal(s, geo, model.dice, model.rules, T, finish == "bank", sol_roll, P0, VA, VB, *A, *B)
    return VA, VB


def _game(game, goal, die=6):
    game = check_choice("game", game, GAMES)
    die = check_int("die", die, 2, MAX_DIE)
    if game != "pig" and die != 6:
        raise ValueError(f"die applies to Pig only; {game} is played with six-sided dice, got die={die}")
    model = _model(game, die)
    goal = model.default_goal if goal is None else check_int("goal", goal, 1)
    return model, goal


@dataclass(frozen=True, eq=False)   # arrays inside: compare those
class HeadStart:
    """The fair head start of the later seats.

    Two players: ``head_start`` is the least units given to the second player at the start for
    which its win probability is at least 1/2, and ``second_player_win[h]`` its win probability
    with head start ``h = 0..goal`` (1 at ``h = goal``). Three or more: ``head_starts[k]`` for seat
    ``k`` (0 for seat 0) minimises the largest distance of a seat's win probability from ``1 /
    players`` (searched over head starts that do not decrease with the seat), and ``shares`` are
    the seats' win probabilities with them.
    """

    game: str
    goal: int
    unit: str
    players: int
    head_start: int
    second_player_win: np.ndarray = field(repr=False)
    head_starts: tuple = ()
    shares: tuple = ()

    @property
    def without(self):
        """The second player's win probability with no head start."""
        return float(self.second_player_win[0])

    @property
    def at_head_start(self):
        """Its win probability with the fair head start."""
        return float(self.second_player_win[self.head_start])


def fair_head_start(game, goal=None, players=2, die=6):
    """The head start that makes the game fair (or as fair as whole units allow) for the later seats.

    Examples
    --------
    >>> h = fair_head_start("pig", 100)
    >>> h.unit, h.head_start, bool(h.at_head_start >= 0.5 > h.second_player_win[h.head_start - 1])
    ('points', 5, True)
    """
    model, goal = _game(game, goal, die)
    players = check_int("players", players, 2, MAX_PLAYERS)
    budget.check(_costs.solve(model, goal, players, "pairwise"))
    if players == 2:
        P0 = _solve(model, goal, "pairwise", "reach").turn_start
        start = model.position(0)
        row = P0[start, [model.position(h) for h in range(goal)]]
        curve = np.append(1.0 - row, 1.0)
        h = int(np.flatnonzero(curve >= 0.5)[0])
        curve.setflags(write=False)
        return HeadStart(model.game, goal, model.unit, 2, h, curve, (0, h), (1.0 - curve[h], curve[h]))
    r = multi._solve_multi(model, goal, players, "pairwise")
    return _fair_multi(r)


def _fair_multi(r):
    m, G = r.players, r.goal
    W = r.turn_start
    best = None
    limit = min(G - 1, max(4, G // 4))
    for h1 in range(limit + 1):
        for h2 in range(h1, limit + 1) if m == 3 else [h1]:
            heads = (0, h1, h2)[:m] if m == 3 else (0, h1) + (h1,) * (m - 2)
            shares = W[heads]
            spread = float(np.abs(shares - 1.0 / m).max())
            if best is None or spread < best[0] - 1e-15:
                best = (spread, heads, tuple(float(x) for x in shares))
    _, heads, shares = best
    curve = np.array([1.0 - W[(0, h) + (0,) * (m - 2)][0] for h in range(G)] + [1.0])
    curve.setflags(write=False)
    return HeadStart(r.game, G, r.unit, m, int(heads[1]), curve, tuple(int(h) for h in heads), shares)


@dataclass(frozen=True, eq=False)   # arrays inside: compare those
class WinShares:
    """Every seat's win probability for every goal from 1 to ``goal``, read from one solve.

    ``shares[g - 1, k]``: seat ``k``'s win probability in the ``players``-player game to ``g``
    (``goals[g - 1] = g``).
    """

    game: str
    goal: int
    unit: str
    players: int
    goals: np.ndarray = field(repr=False)
    shares: np.ndarray = field(repr=False)

    def at(self, goal, seat=0):
        """Seat ``seat``'s win probability in the game to ``goal``."""
        goal = check_int("goal", goal, 1, self.goal)
        seat = check_int("seat", seat, 0, self.players - 1)
        return float(self.shares[goal - 1, seat])

    @property
    def first_player_win(self):
        return self.shares[:, 0]


def win_shares_by_goal(game, goal=None, players=2, die=6):
    """Every seat's win probability for every goal up to ``goal``, from the one solve at ``goal``.

    Examples
    --------
    >>> from stoplib.race import solve
    >>> c = win_shares_by_goal("pig", 100)
    >>> round(c.at(100), 4), c.at(20) == solve("pig", 20).first_player_win
    (0.5306, True)
    """
    model, goal = _game(game, goal, die)
    players = check_int("players", players, 2, MAX_PLAYERS)
    if model.floor or model.counter:
        raise ValueError(f"{model.game}'s rules look at the banked score (a floor and a bust counter): "
                         "one solve does not give the smaller goals")
    budget.check(_costs.solve(model, goal, players, "pairwise"))
    g = np.arange(1, goal + 1)
    if players == 2:
        P0 = _solve(model, goal, "pairwise", "reach").turn_start
        first = P0[goal - g, goal - g]
        shares = np.stack([first, 1.0 - first], axis=1)
    else:
        W = multi._solve_multi(model, goal, players, "pairwise").turn_start
        idx = goal - g
        shares = W[(idx,) * players]
    shares = np.ascontiguousarray(shares, dtype=float)
    for a in (g, shares):
        a.setflags(write=False)
    return WinShares(model.game, goal, model.unit, players, g, shares)


#: The positions of the mover among three or more players in :func:`seat_departures`.
ROLES = ("leads", "between", "trails", "level")


def seat_departures(result, two, min_room=0):
    """How the mover's play with more players departs from the two-player policy, by its place in the race.

    For every turn start of ``result`` (three or more players, all dice to roll) with at least
    ``min_room`` units to go for everyone, the least turn total at which the mover banks is set beside
    the two-player policy's (``two``, the same game and goal) against the strongest opponent (the
    highest other score). The mover *leads* (its score above every other), *trails* (below every
    other), is *between*, or is *level* with the leader. Rows: each place; columns: the turn starts,
    the median least banking total with more players and with two, and the shares of turn starts where
    the mover banks later (more risk) or sooner (less risk) than the two-player policy would.

    Examples
    --------
    >>> from stoplib.race import solve
    >>> t = seat_departures(solve("pig", 12, players=3), solve("pig", 12))
    >>> list(t["place"])
    ['leads', 'between', 'trails', 'level']
    """
    import pandas as pd

    check_instance("result", result, MultiRace)
    check_instance("two", two, Race)
    if two.game != result.game or two.goal != result.goal:
        raise ValueError(f"two must be two-player {result.game} to {result.goal}, got {two.game} to {two.goal}")
    min_room = check_int("min_room", min_room, 0, result.goal)
    G, m = result.goal, result.players
    grids = np.indices((G,) * m).reshape(m, -1)
    own, others = grids[0], grids[1:]
    top, low = others.max(axis=0), others.min(axis=0)
    room = G - grids.max(axis=0)
    keep = room >= min_room
    many = result.bank_from.reshape(-1)
    pair = two.bank_table()[own, top]
    place = np.where(own > top, 0, np.where(own < low, 2, np.where(own == top, 3, 1)))
    rows = []
    for k, name in enumerate(ROLES):
        mask = keep & (place == k)
        if not mask.any():
            continue
        diff = many[mask] - pair[mask]
        rows.append({"place": name, "turn_starts": int(mask.sum()), "median_bank_from": float(np.median(many[mask])),
                     "median_bank_from_two": float(np.median(pair[mask])), "later_share": float((diff > 0).mean()),
                     "sooner_share": float((diff < 0).mean()), "mean_difference": float(diff.mean())})
    return pd.DataFrame(rows)
