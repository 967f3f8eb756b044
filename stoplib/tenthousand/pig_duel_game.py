"""Two-player Pig, solved exactly: who wins, how to play, and what simple rules cost.

Sources: T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The UMAP
Journal 25(1), 2004, pp. 25-47 (value iteration; the first player wins about 53.06% at
goal 100); "Practical Play of the Dice Game Pig", The UMAP Journal 31(1), 2010 (simple
rules such as "keep pace and end race"); F. Crocce and E. Mordecki, "A non-iterative
algorithm for generalized pig games", Journal of Dynamics and Games 5(4), 2018,
pp. 331-341 (arXiv:1808.06707), the authors of document 002.

The rules. Two players take turns; the first to reach ``goal`` points wins. A turn is a
sequence of rolls of one ``die``-sided die. A 1 ends the turn and loses the turn total;
a face ``r >= 2`` adds ``r`` to it. After each scoring roll the player holds (banks the
turn total) or rolls again. Assumed here, as in Neller and Presser: the first roll of a
turn is compulsory (no pass at turn total 0; :attr:`PigDuel.pass_margin` shows that
allowing one changes nothing), and a player wins as soon as banked score plus turn
total reaches the goal (or passes it: no exact finish, no last round for the other).

With ``P(i, j, k)`` the probability that the player to move wins with ``i`` banked, the
opponent ``j`` and turn total ``k`` (``P = 1`` once ``i + k >= goal``)::

    P(i, j, k) = max(P_roll, P_hold),                      k >= 1
    P(i, j, 0) = P_roll                                    (compulsory first roll)
    P_roll = (1 - P(j, i, 0)) / D + sum_{r=2..D} P(i, j, k + r) / D
    P_hold = 1 - P(j, i + k, 0).

A bust couples ``P(i, j, 0)`` with its *partner* ``P(j, i, 0)``; a hold leads to a larger
score sum. So the pairs ``{(i, j), (j, i)}`` can be solved one at a time from the largest
sums down (Crocce and Mordecki 2018). Three methods (:func:`pig_duel`):

``"pairwise"``
    Each turn, for a fixed partner value ``y``, is one backward pass over ``k``; under
    the policy the pass picks, every value is affine in ``y`` on an interval the pass
    also returns, so ``x = f(y)`` and ``y = g(x)`` are monotone piecewise-linear maps
    and the pair's values are their intersection. It is found exactly by visiting
    pieces: solve the 2x2 linear system of the current pieces; if the solution lies on
    them, stop; otherwise it brackets the answer beyond them. ``g o f - id`` is
    strictly decreasing, so no piece is visited twice and there are finitely many:
    the algorithm is finite (typically one or two pieces a pair) and exact up to
    float64 rounding.
``"value_iteration"``
    Neller and Presser's iteration, in Gauss-Seidel order: pairs by decreasing score
    sum, each pair's two turns alternated until no value moves by more than ``1e-14``.
``"exact"``
    The pairs in ``fractions.Fraction``, each by Hoffman-Karp policy iteration (the
    holding player's policy outside, the partner's best response by Newton steps
    inside; both finite), then checked to satisfy the equations exactly. Small goals.

The numba kernels are in :mod:`._pig_duel_kernels`; Monte Carlo games in :mod:`.duel_simulation`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_choice, check_int, check_real, check_str
from . import _costs
from ._pig_duel_kernels import _evaluate, _hold_table, _pairwise, _residual, _value_iteration

__all__ = ["PIG_DUEL_METHODS", "PigDuel", "pig_duel", "PigRule", "pig_hold_at", "pig_keep_pace", "PigMatch",
           "pig_duel_evaluate"]

PIG_DUEL_METHODS = ("pairwise", "value_iteration", "exact")
#: Value iteration stops on a pair once no turn-start value moves by more than this.
VI_TOL = 1e-14
#: The most rounds one pair's value iteration may take (a pair needs at most a few hundred).
VI_MAX_ITER = 1_000_000
#: The largest die (faces 1..die): far beyond any real die, small enough for exact float sums.
MAX_DIE = 10**6


# ----------------------------------------------------------------------------- result

@dataclass(eq=False)   # tables inside: compare their arrays, not the records
class PigDuel:
    """Two-player Pig, solved.

    Attributes
    ----------
    goal, die : int
        Points needed to win; faces of the die (a 1 busts).
    method : str
        ``"pairwise"``, ``"value_iteration"`` or ``"exact"``.
    values : numpy.ndarray
        ``values[i, j, k]``: probability that the player to move wins with ``i`` banked, the
        opponent ``j`` banked and turn total ``k`` (1 once ``i + k >= goal``); shape ``(goal,) * 3``.
    hold : numpy.ndarray
        ``hold[i, j, k] = 1`` where holding is optimal (value at least rolling's; ``k >= 1``), int8.
    first_player_win : float
        ``values[0, 0, 0]``.
    first_player_win_exact : fractions.Fraction or None
        The same exactly (method ``"exact"`` only).
    residual : float
        ``max |L V - V|`` over every state: one Bellman update of the whole table in float64.
    pass_margin : float
        ``min over (i, j)`` of ``P(i, j, 0) + P(j, i, 0) - 1``. Positive means that at every turn
        start rolling is strictly better than passing (which is worth ``1 - P(j, i, 0)``), so the
        game with an optional first roll has the same solution and nobody passes in it.
    iterations : numpy.ndarray
        Per pair ``i <= j`` (upper triangle): pieces visited (pairwise), rounds (value
        iteration) or outer policy iterations (exact).

    Examples
    --------
    >>> r = pig_duel(10)
    >>> r.hold_at(0, 0), r.hold_at(0, 9), bool(0.5 < r.first_player_win < 0.8)
    (10, 10, True)
    """

    goal: int
    die: int
    method: str
    values: np.ndarray = field(repr=False)
    hold: np.ndarray = field(repr=False)
    first_player_win: float
    first_player_win_exact: Fraction | None = None
    residual: float = 0.0
    pass_margin: float = 0.0
    iterations: np.ndarray = field(default=None, repr=False)

    def __post_init__(self):
        self.goal = G = check_int("goal", self.goal, 1)
        self.die = check_int("die", self.die, 2, MAX_DIE)
        self.method = check_choice("method", self.method, PIG_DUEL_METHODS)
        _check_table("values", self.values, "f", (G, G, G))
        if not ((self.values >= 0) & (self.values <= 1)).all():
            raise ValueError("values must be probabilities in [0, 1]")
        _check_table("hold", self.hold, "iu", (G, G, G))
        if not np.isin(self.hold, (0, 1)).all():
            raise ValueError("hold must hold 0 (roll) or 1 (hold)")
        if self.hold[:, :, 0].any():
            raise ValueError("hold[:, :, 0] must be 0: the first roll of a turn is compulsory")
        self.first_player_win = check_real("first_player_win", self.first_player_win, 0, 1)
        if self.first_player_win != float(self.values[0, 0, 0]):
            raise ValueError(f"first_player_win must be values[0, 0, 0] = {float(self.values[0, 0, 0])!r}")
        if self.first_player_win_exact is not None:
            if not isinstance(self.first_player_win_exact, Fraction):
                raise TypeError("first_player_win_exact must be a Fraction or None")
            if abs(float(self.first_player_win_exact) - self.first_player_win) > 1e-12:
                raise ValueError("first_player_win_exact must equal first_player_win")
        self.residual = check_real("residual", self.residual, 0)
        self.pass_margin = check_real("pass_margin", self.pass_margin, -1, 1)
        if self.iterations is not None:
            _check_table("iterations", self.iterations, "iu", (G, G))

    def hold_at(self, own, opponent):
        """The smallest turn total at which holding is optimal with ``own`` against ``opponent``.

        ``goal - own`` when it never is before the goal (roll until you win or bust). The
        optimal rule need not be a threshold: :attr:`hold_table` and :attr:`hold` show it all.

        Examples
        --------
        >>> pig_duel(10).hold_at(9, 0)   # one point to go: any scoring roll wins
        1
        """
        own = check_int("own", own, 0, self.goal - 1)
        opponent = check_int("opponent", opponent, 0, self.goal - 1)
        row = np.flatnonzero(self.hold[own, opponent, 1:self.goal - own])
        return int(row[0]) + 1 if len(row) else self.goal - own

    @property
    def hold_table(self):
        """``[own, opponent]``: :meth:`hold_at` for every pair of scores (int array), for plotting."""
        G = self.goal
        h = self.hold[:, :, 1:].astype(bool)
        first = np.where(h.any(axis=2), h.argmax(axis=2) + 1, G - np.arange(G)[:, None])
        return np.minimum(first, G - np.arange(G)[:, None]).astype(np.int64)

    def win_probability(self, own, opponent, turn_total=0):
        """``P(own, opponent, turn_total)``: the player to move wins (1 once the goal is reached).

        Examples
        --------
        >>> r = pig_duel(10)
        >>> r.win_probability(0, 0) == r.first_player_win, r.win_probability(5, 0, 5)
        (True, 1.0)
        """
        own = check_int("own", own, 0, self.goal - 1)
        opponent = check_int("opponent", opponent, 0, self.goal - 1)
        turn_total = check_int("turn_total", turn_total, 0)
        if own + turn_total >= self.goal:
            return 1.0
        return float(self.values[own, opponent, turn_total])


def _check_table(name, value, kinds, shape):
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy.ndarray, got {type(value).__name__}")
    if value.dtype.kind not in kinds:
        raise TypeError(f"{name} must be a {'float' if kinds == 'f' else 'integer'} array, got dtype {value.dtype}")
    if value.shape != shape:
        raise ValueError(f"{name} must have shape {shape}, got {value.shape}")
    if kinds == "f" and not np.isfinite(value).all():
        raise ValueError(f"{name} must hold finite numbers")
    return value


# ----------------------------------------------------------------------------- solvers

def pig_duel(goal=100, die=6, method="pairwise"):
    """Solve two-player Pig: the probability that the player to move wins, from every state.

    Parameters
    ----------
    goal : int
        Points needed to win, >= 1 (Neller and Presser: 100).
    die : int
        Faces of the die, >= 2 (a 1 busts, ``2..die`` score).
    method : {"pairwise", "value_iteration", "exact"}
        See the module's docstring. ``"exact"`` is pure Python with Fractions: small goals
        only (its cost grows steeply; the budget refuses what would take too long).

    Returns
    -------
    PigDuel

    A request whose estimated time or memory passes the budget is refused before it
    starts (:mod:`stoplib.util.budget`). Solutions are kept in memory for the session.

    Examples
    --------
    >>> r = pig_duel(100)
    >>> round(r.first_player_win, 4), r.hold_at(0, 0)
    (0.5306, 21)
    >>> abs(pig_duel(100, method="value_iteration").first_player_win - r.first_player_win) < 1e-12
    True
    >>> pig_duel(4, method="exact").first_player_win_exact
    Fraction(9, 11)
    """
    goal = check_int("goal", goal, 1)
    die = check_int("die", die, 2, MAX_DIE)
    method = check_choice("method", method, PIG_DUEL_METHODS)
    budget.check(_costs.pig_duel(goal, die, method))
    return _solve(goal, die, method)


@lru_cache(maxsize=16)
def _solve(goal, die, method):
    G, D = goal, die
    if method == "exact":
        V, H, exact, iters = _exact(G, D)
    else:
        V = np.empty((G, G, G))
        iters = np.zeros((G, G), dtype=np.int64)
        if method == "pairwise":
            _pairwise(V, G, D, iters)
        else:
            _value_iteration(V, G, D, VI_TOL, VI_MAX_ITER, iters)
        if (iters < 0).any():   # pragma: no cover - never seen; a clear error rather than a wrong table
            i, j = np.argwhere(iters < 0)[0]
            raise RuntimeError(f"{method} did not settle pair ({i}, {j}) of goal {G}, die {D}")
        H = np.zeros((G, G, G), dtype=np.int8)
        _hold_table(V, G, D, H)
        exact = None
    P0 = V[:, :, 0]
    margin = float((P0 + P0.T - 1.0).min())
    V.setflags(write=False)
    H.setflags(write=False)
    return PigDuel(G, D, method, V, H, float(V[0, 0, 0]), exact, float(_residual(V, G, D)), margin, iters)


def _greedy(holdv, R, p, keep, D):
    """Exact values and hold policy of a Pig turn with partner value p; on a tie keep the policy ``keep``."""
    one = Fraction(1)
    w = [one] * (R + D)
    pol = [False] * R
    for k in range(R - 1, -1, -1):
        rv = (one - p + sum(w[k + r] if k + r < R else one for r in range(2, D + 1))) / D
        if k >= 1 and (holdv[k] > rv or (holdv[k] == rv and (keep is None or keep[k]))):
            w[k], pol[k] = holdv[k], True
        else:
            w[k] = rv
    return tuple(pol), w[:R]


def _affine(holdv, R, pol, D):
    """Turn values ``a[k] + b[k] p`` (p: the partner value) under the hold policy ``pol``, exactly."""
    one = Fraction(1)
    a = [one] * (R + D)
    b = [Fraction(0)] * (R + D)
    for k in range(R - 1, -1, -1):
        if k >= 1 and pol[k]:
            a[k], b[k] = holdv[k], Fraction(0)
        else:
            a[k] = Fraction(1 + sum(a[k + r] if k + r < R else one for r in range(2, D + 1)), D)
            b[k] = Fraction(-1 + sum(b[k + r] for r in range(2, D + 1) if k + r < R), D)
    return a[:R], b[:R]


def _response(holdv, R, a, b, pol, D):
    """Best response of the partner to ``x = a + b y``: Newton steps on its own policy (finite)."""
    while True:
        c, e = _affine(holdv, R, pol, D)
        y = (c[0] + e[0] * a) / (1 - e[0] * b)
        new, _ = _greedy(holdv, R, a + b * y, pol, D)
        if new == pol:
            return y, pol, c, e
        pol = new


def _exact(G, D):
    """The pairs in Fractions (Hoffman-Karp per pair); returns (float table, hold table, P(0,0,0), iterations)."""
    one = Fraction(1)
    P0 = {}
    table = {}
    iters = np.zeros((G, G), dtype=np.int64)
    for s in range(2 * G - 2, -1, -1):
        for i in range(max(0, s - G + 1), s // 2 + 1):
            j = s - i
            hA = [None] + [one - P0[j, i + k] for k in range(1, G - i)]
            hB = [None] + [one - P0[i, j + k] for k in range(1, G - j)]
            RA, RB = G - i, G - j
            y = P0.get((j, i + 1), Fraction(1, 2))
            polA, _ = _greedy(hA, RA, y, None, D)
            if i == j:
                y, polA, a, b = _response(hA, RA, 0, 1, polA, D)   # x = y: the player's own Newton steps
                n_outer = 1
            else:
                polB, _ = _greedy(hB, RB, one - y, None, D)
                n_outer = 0
                while True:
                    n_outer += 1
                    a, b = _affine(hA, RA, polA, D)
                    y, polB, c, e = _response(hB, RB, a[0], b[0], polB, D)
                    new, _ = _greedy(hA, RA, y, polA, D)
                    if new == polA:
                        break
                    polA = new
            x = a[0] + b[0] * y if i != j else y
            wA = [a[k] + b[k] * y for k in range(RA)]
            for k, w in enumerate(wA):
                table[i, j, k] = w
            P0[i, j] = x
            if i != j:
                wB = [c[k] + e[k] * x for k in range(RB)]
                for k, w in enumerate(wB):
                    table[j, i, k] = w
                P0[j, i] = y
                checks = ((hA, RA, y, wA), (hB, RB, x, wB))
            else:
                checks = ((hA, RA, x, wA),)
            for holdv, R, p, w in checks:    # the certificate: the equations hold exactly
                if _greedy(holdv, R, p, None, D)[1] != w:   # pragma: no cover - a bug, not a rounding
                    raise RuntimeError(f"exact Pig: pair ({i}, {j}) does not satisfy the equations")
            iters[i, j] = n_outer
    V, H = _exact_tables(table, P0, G, D)
    return V, H, P0[0, 0], iters


def _exact_tables(table, P0, G, D):
    """The float value table and the hold table of the exact solution."""
    one = Fraction(1)
    V = np.ones((G, G, G))
    H = np.zeros((G, G, G), dtype=np.int8)
    for (i, j, k), w in table.items():
        V[i, j, k] = float(w)
    for i in range(G):
        for j in range(G):
            for k in range(1, G - i):
                rv = (one - P0[j, i] + sum(table[i, j, k + r] if i + k + r < G else one
                                           for r in range(2, D + 1))) / D
                H[i, j, k] = 1 if one - P0[j, i + k] >= rv else 0
    return V, H


# ----------------------------------------------------------------------------- simple rules

@dataclass(frozen=True)
class PigRule:
    """A simple Pig rule: hold once the turn total reaches a threshold.

    With ``i`` own and ``j`` the opponent's score: if ``end_race > 0`` and ``i >= end_race`` or
    ``j >= end_race``, roll until the goal is reached ("end race"); otherwise hold once the turn
    total reaches ``hold_at + round((j - i) / pace_divisor)`` (``pace_divisor = 0``: no such
    term; round half up, ``floor(x + 1/2)``, as Java's ``Math.round``), and at least 1.
    Reaching the goal always ends the game at once.

    Examples
    --------
    >>> pig_keep_pace().threshold(0, 20), pig_keep_pace().threshold(20, 0), pig_hold_at(20).threshold(5, 50)
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
        """The turn total at which this rule holds (``None``: it rolls for the goal)."""
        own = check_int("own", own, 0, 10**9)
        opponent = check_int("opponent", opponent, 0, 10**9)
        if self.end_race and (own >= self.end_race or opponent >= self.end_race):
            return None
        shift = 0
        if self.pace_divisor:
            shift = (2 * (opponent - own) + self.pace_divisor) // (2 * self.pace_divisor)
        return max(1, self.hold_at + shift)

    def _table(self, goal):
        G = goal
        i = np.arange(G)[:, None, None]
        j = np.arange(G)[None, :, None]
        k = np.arange(G)[None, None, :]
        shift = (2 * (j - i) + self.pace_divisor) // (2 * self.pace_divisor) if self.pace_divisor else 0 * i
        h = np.maximum(1, self.hold_at + shift)
        hold = (k >= h) & (k >= 1)
        if self.end_race:
            hold &= ~((i >= self.end_race) | (j >= self.end_race))
        return np.ascontiguousarray(np.broadcast_to(hold, (G, G, G))).astype(np.int8)


def pig_hold_at(total=20):
    """The rule "hold at ``total``" (hold once the turn total reaches it).

    Examples
    --------
    >>> pig_hold_at(20)
    PigRule(name='hold at 20', hold_at=20, pace_divisor=0, end_race=0)
    """
    total = check_int("total", total, 1, 10**9)
    return PigRule(f"hold at {total}", total)


def pig_keep_pace(hold_at=21, pace_divisor=8, end_race=71):
    """Neller and Presser's (2010) "keep pace and end race" rule, for goal 100.

    If either score is at least ``end_race`` (71), roll for the goal; otherwise hold at
    ``hold_at + round((j - i) / pace_divisor)`` = ``21 + round((j - i) / 8)``, where ``i`` is
    one's own score and ``j`` the opponent's (round half up).

    Examples
    --------
    >>> pig_keep_pace().name
    'keep pace and end race'
    """
    hold_at = check_int("hold_at", hold_at, 1, 10**9)
    pace_divisor = check_int("pace_divisor", pace_divisor, 1, 10**9)
    end_race = check_int("end_race", end_race, 0, 10**9)
    return PigRule("keep pace and end race", hold_at, pace_divisor, end_race)


@dataclass(frozen=True)
class PigMatch:
    """Exact result of ``player`` against ``opponent`` (each optimal or a :class:`PigRule`).

    ``first_player_win``: the player's win probability moving first; ``second_player_win``:
    moving second; ``mean``: their average (who starts decided by a coin).
    """

    player: str
    opponent: str
    goal: int
    die: int
    first_player_win: float
    second_player_win: float

    @property
    def mean(self):
        return 0.5 * (self.first_player_win + self.second_player_win)


def _policy_table(who, goal, die, name):
    if isinstance(who, str):
        check_choice(name, who, ("optimal",))
        return "optimal", _solve(goal, die, "pairwise").hold
    if isinstance(who, PigRule):
        return who.name, who._table(goal)
    raise TypeError(f"{name} must be 'optimal' or a PigRule, got {type(who).__name__}")


def pig_duel_evaluate(player="optimal", opponent="optimal", goal=100, die=6):
    """Exact win probabilities of ``player`` against ``opponent``: the policies' linear system, pair by pair.

    Both play fixed policies (``"optimal"``: the optimal policy of :func:`pig_duel`, which
    does not adapt to the opponent; or a :class:`PigRule`), so each pair of turn-start
    values ``(VA[i, j], VB[j, i])`` solves a 2x2 linear system, from the largest score sums
    down; one pass gives both seats (``VA[0, 0]`` and ``1 - VB[0, 0]``).

    Examples
    --------
    >>> m = pig_duel_evaluate("optimal", pig_hold_at(20))
    >>> round(m.first_player_win, 4), round(m.second_player_win, 4)
    (0.5715, 0.5083)
    >>> abs(pig_duel_evaluate().first_player_win - pig_duel(100).first_player_win) < 1e-12
    True
    """
    goal = check_int("goal", goal, 1)
    die = check_int("die", die, 2, MAX_DIE)
    budget.check(_costs.pig_duel_evaluate(goal, die))
    na, HA = _policy_table(player, goal, die, "player")
    nb, HB = _policy_table(opponent, goal, die, "opponent")
    VA, VB = _evaluate_tables(HA, HB, goal, die)
    return PigMatch(na, nb, goal, die, float(VA[0, 0]), float(1.0 - VB[0, 0]))


def _evaluate_tables(HA, HB, goal, die):
    VA = np.zeros((goal, goal))
    VB = np.zeros((goal, goal))
    _evaluate(HA, HB, goal, die, VA, VB)
    return VA, VB


def _n_states(goal):
    """Turn states (i, j, k) with i + k < goal: goal * goal * (goal + 1) / 2."""
    return goal * goal * (goal + 1) // 2

