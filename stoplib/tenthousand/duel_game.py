"""Two-player Ten Thousand, solved exactly: the question document 002 leaves open.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice game", Journal of
Applied Probability 53(1), 2016, pp. 91-105 (the rules, Tables 1-4, and the open question
of its last paragraph); the pairwise idea is theirs too, for Pig: "A non-iterative algorithm
for generalized pig games", Journal of Dynamics and Games 5(4), 2018, pp. 331-341.

The rules: the paper's turn (:mod:`.rules`), five dice, scores in chips of 50 points, Table 1
scoring; after a scoring roll the player keeps the whole roll or, when some die did not
score, a smaller configuration (the paper's moves), then banks or rolls the dice left (all
five again after hot dice; no move then). Two players alternate turns; each maximises the
probability of reaching ``goal`` chips first (10,000 points = 200 chips). What the paper
leaves implicit is fixed as follows:

- the first roll of a turn is compulsory (banking 0 is no option; :attr:`Duel.pass_margin`
  shows that allowing it changes nothing: rolling is strictly better at every turn start);
- ``finish="reach"`` (default): the game ends, won, as soon as banked score plus turn total
  reaches the goal; ``finish="bank"``: it must be banked, and the player may roll on. Since a
  win is worth 1, the most any choice is worth, banking is then always optimal and the two
  rules give identical tables (the tests check it bit for bit);
- the goal is reached or exceeded: no exact finish, no last round for the other player, no
  entry minimum (any positive turn total may be banked), no three-bust penalty;
- hot dice and moves exactly as in the paper (Section 2.2, Table 3).

The equations. ``P0[i, j]``: the player to move wins at a turn start with ``i`` chips banked
against ``j``. Inside the turn, with ``t`` chips and ``n`` dice to roll::

    pre(t, n)  = p(n, bust) (1 - P0[j, i]) + sum_k p(n, k) max_{kept j <= k} base(t + s(j), n')
    base(t, n) = max(1 - P0[j, i + t], pre(t, n)),    base = 1 once i + t >= goal
    P0[i, j]   = pre(0, 5)

A bust couples ``P0[i, j]`` with its partner ``P0[j, i]``; banking leads to larger score
sums. So pairs ``{(i, j), (j, i)}`` are solved one at a time, largest sums first (pairs of
one sum in parallel), by two methods (:func:`duel`):

``"pairwise"``
    For a fixed partner value ``y`` one backward pass gives the turn, and under the choices
    it makes every value is affine in ``y`` on an interval the pass also returns. So
    ``x = f(y)`` and ``y = g(x)`` are monotone piecewise-linear maps, and the pair's values
    are where they cross: solve the 2x2 linear system of the current pieces; if the solution
    lies on them, stop; if not, it brackets the answer beyond them. ``g o f - id`` is
    strictly decreasing, so no piece is visited twice. *What is finite*: the number of
    arithmetic operations. The pairs are solved once each, in a fixed order; a pair takes
    finitely many passes, at most one per piece of ``g o f`` (finitely many, because a turn
    has finitely many policies; a turn is passed again only when the search leaves its
    piece, and at 200 chips a pair took 2.04 passes on average, at most 5), and each pass
    has a fixed length; nothing is iterated to a tolerance (a piece is accepted when its
    fixed point lies on it, allowing ``1e-13`` for rounding). In exact arithmetic the result
    would be exact; here it is float64 (residual below ``1e-15``). This answers the paper's
    open question in the spirit of its Algorithm 4.1: where the solitaire turn is finite
    because a threshold cuts the states off, the duel is finite because the pairs decouple
    the cycle ``(i, j) -> (j, i)`` that forbids a plain backward pass.
``"value_iteration"``
    The same passes iterated instead: each pair's two turns alternated (Gauss-Seidel)
    until no value moves by more than ``1e-14``; the residual ``max |L P0 - P0|`` of the
    whole table is reported for both methods.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_choice, check_int, check_real
from ..workbook.progressbar import progress
from . import _costs, _duel_cache
from ._duel_kernels import _diagonal_parallel, _diagonal_serial, _residual
from ._duel_tables import N_DICE, _sol_roll, _tables
from .duel_advice import _advice, _departure_map, _departures, _policy_map, _state_count, _win_probability

__all__ = ["N_DICE", "DUEL_METHODS", "FINISH_RULES", "Duel", "duel"]

DUEL_METHODS = ("pairwise", "value_iteration")
FINISH_RULES = ("reach", "bank")
#: Value iteration stops on a pair once no turn-start value moves by more than this.
VI_TOL = 1e-14
VI_MAX_ITER = 1_000_000
_STATS = ("bank_from", "roll_above", "riskier", "safer")


# ----------------------------------------------------------------------------- result

@dataclass(eq=False)   # tables inside: compare their arrays, not the records
class Duel:
    """Two-player Ten Thousand, solved (goal in chips of 50 points).

    Attributes
    ----------
    goal : int
        Chips needed to win (200 = 10,000 points).
    method, finish : str
        The method (``"pairwise"`` or ``"value_iteration"``) and the finishing rule (see :func:`duel`).
    turn_start : numpy.ndarray
        ``[own, opponent]``: probability that the player to move wins at the start of a turn.
    first_player_win : float
        ``turn_start[0, 0]``.
    residual : float
        ``max |L P0 - P0|``: one Bellman update of every turn-start value, compared (float64).
    pass_margin : float
        ``min (P0[i, j] + P0[j, i] - 1)``; positive: passing at a turn start (worth
        ``1 - P0[j, i]``) is never as good as rolling, so an optional first roll changes nothing.
    bank_from, roll_above, riskier, safer : numpy.ndarray
        ``[n, own, opponent]`` for ``n = 1..5`` dice to roll (index 0 unused), from the optimal
        turn: the least turn total ``t >= 1`` at which banking is optimal (``goal - own``: never
        before the goal), the largest at which rolling is (0: none), and how many totals roll
        where the solitaire optimum banks (riskier) or bank where it rolls (safer).
    iterations : numpy.ndarray
        ``[i, j]`` for ``i <= j``: pieces visited (pairwise) or rounds (value iteration).

    Examples
    --------
    >>> r = duel(20)
    >>> bool(0.5 < r.first_player_win < 0.6), r.turn_start.shape
    (True, (20, 20))
    """

    goal: int
    method: str
    finish: str
    turn_start: np.ndarray = field(repr=False)
    first_player_win: float
    residual: float = 0.0
    pass_margin: float = 0.0
    bank_from: np.ndarray = field(default=None, repr=False)
    roll_above: np.ndarray = field(default=None, repr=False)
    riskier: np.ndarray = field(default=None, repr=False)
    safer: np.ndarray = field(default=None, repr=False)
    iterations: np.ndarray = field(default=None, repr=False)

    def __post_init__(self):
        self.goal = G = check_int("goal", self.goal, 1)
        self.method = check_choice("method", self.method, DUEL_METHODS)
        self.finish = check_choice("finish", self.finish, FINISH_RULES)
        P0 = _check_array("turn_start", self.turn_start, "f", (G, G))
        if not ((P0 >= 0) & (P0 <= 1)).all():
            raise ValueError("turn_start must hold probabilities in [0, 1]")
        self.first_player_win = check_real("first_player_win", self.first_player_win, 0, 1)
        if self.first_player_win != float(P0[0, 0]):
            raise ValueError(f"first_player_win must be turn_start[0, 0] = {float(P0[0, 0])!r}")
        self.residual = check_real("residual", self.residual, 0)
        self.pass_margin = check_real("pass_margin", self.pass_margin, -1, 1)
        for name in _STATS:
            value = getattr(self, name)
            if value is None:
                setattr(self, name, np.zeros((N_DICE + 1, G, G), dtype=np.int32))
            else:
                _check_array(name, value, "iu", (N_DICE + 1, G, G))
                if (value < 0).any() or (value > 10**9).any():
                    raise ValueError(f"{name} must hold counts or totals in 0..10**9")
        if self.iterations is None:
            self.iterations = np.zeros((G, G), dtype=np.int64)
        _check_array("iterations", self.iterations, "iu", (G, G))

    @property
    def state_count(self):
        """The states of the game: turn starts, pre-roll states ``(i, j, t, n)``, and the paper's
        post-roll states ``(i, j, t, configuration, n)`` with ``i + t < goal``."""
        return _state_count(self.goal)

    def win_probability(self, own, opponent, turn_total=0, dice=N_DICE):
        """The probability that the player about to roll ``dice`` dice with ``turn_total`` chips wins.

        Examples
        --------
        >>> r = duel(20)
        >>> r.win_probability(0, 0) == r.first_player_win, r.win_probability(10, 5, 10)
        (True, 1.0)
        """
        own, opponent, turn_total = self._state(own, opponent, turn_total, allow_won=True)
        dice = check_int("dice", dice, 1, N_DICE)
        return _win_probability(self, own, opponent, turn_total, dice)

    def advice(self, own, opponent, turn_total, roll):
        """Every legal option after ``roll``, with its win probability, the optimal one marked.

        Parameters
        ----------
        own, opponent : int
            Chips banked by the player to move and by the opponent (each below the goal).
        turn_total : int
            Chips set aside this turn before the roll (``own + turn_total < goal``).
        roll : str or tuple of int
            The dice just rolled, as faces: ``"15522"`` or ``(1, 5, 5, 2, 2)``; 1 to 5 dice.

        Returns
        -------
        DuelAdvice
            ``options``: keep the whole roll or a smaller configuration (the paper's moves),
            then bank or roll the dice left (five after hot dice); a bust has none, a roll
            that reaches the goal one (win).

        Examples
        --------
        >>> a = duel(20).advice(0, 0, 0, "15522")
        >>> a.configuration, a.best.action, len(a.options)
        ((2, 1, 0), 'roll', 10)
        """
        own, opponent, turn_total = self._state(own, opponent, turn_total)
        return _advice(self, own, opponent, turn_total, roll)

    def policy_map(self, opponent):
        """The optimal bank-or-roll decision over own score x turn total, for each number of dice.

        Returns
        -------
        PolicyMap
            ``decision[n - 1, own, t]`` (1 roll, 0 bank, -1 not a state), the win probabilities
            of both, the least banking total per own score, and the solitaire thresholds; ready
            for ``ax.pcolormesh(pm.turn_total, pm.own, pm.decision[4])``.

        Examples
        --------
        >>> pm = duel(20).policy_map(0)
        >>> pm.decision.shape, int(pm.decision[4, 0, 1])
        ((5, 20, 20), 1)
        """
        opponent = check_int("opponent", opponent, 0, self.goal - 1)
        return _policy_map(self, opponent)

    def departures(self, min_room=0):
        """Where the optimal duel policy departs from the solitaire optimum, by score difference.

        Rows: number of dice to roll and the lead (own minus opponent, in bins); columns: the
        median least banking total, the solitaire's, and the share of turn states where the
        duel rolls but the solitaire banks (riskier) or banks where it rolls (safer). Only
        score pairs with at least ``min_room`` chips to go for both players are counted.

        Examples
        --------
        >>> t = duel(20).departures()
        >>> list(t.columns)[:3]
        ['dice', 'lead', 'pairs']
        """
        min_room = check_int("min_room", min_room, 0, self.goal)
        return _departures(self, min_room)

    def departure_map(self, dice=N_DICE):
        """The least banking total beside the solitaire optimum's, over both banked scores, for ``dice`` dice.

        Returns
        -------
        DepartureMap
            ``difference[own, opponent]``: chips by which the duel player rolls on beyond
            (positive: riskier) or banks before (negative: safer) the solitaire optimum.

        Examples
        --------
        >>> m = duel(20).departure_map(5)
        >>> m.difference.shape, int(m.solitaire[0]), int(m.solitaire[19])
        ((20, 20), 20, 1)
        """
        dice = check_int("dice", dice, 1, N_DICE)
        return _departure_map(self, dice)

    def _state(self, own, opponent, turn_total, allow_won=False):
        own = check_int("own", own, 0, self.goal - 1)
        opponent = check_int("opponent", opponent, 0, self.goal - 1)
        turn_total = check_int("turn_total", turn_total, 0, 10**9)
        if own + turn_total >= self.goal and not allow_won:
            raise ValueError(f"own + turn_total = {own + turn_total} reaches the goal {self.goal}: the game is won")
        return own, opponent, turn_total


def _check_array(name, value, kinds, shape):
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy.ndarray, got {type(value).__name__}")
    if value.dtype.kind not in kinds:
        raise TypeError(f"{name} must be a {'float' if kinds == 'f' else 'integer'} array, got dtype {value.dtype}")
    if value.shape != shape:
        raise ValueError(f"{name} must have shape {shape}, got {value.shape}")
    if kinds == "f" and not np.isfinite(value).all():
        raise ValueError(f"{name} must hold finite numbers")
    return value


# ----------------------------------------------------------------------------- solve

def duel(goal=200, method="pairwise", finish="reach", cache=True, parallel=False):
    """Solve two-player Ten Thousand under document 002's rules (goal in chips of 50 points).

    Parameters
    ----------
    goal : int
        Chips needed to win, >= 1 (10,000 points = 200 chips).
    method : {"pairwise", "value_iteration"}
        The finite exact pairwise algorithm, or value iteration (see the module docstring).
    finish : {"reach", "bank"}
        The game is won the moment the goal is reached, or only when it is banked (the same
        tables, as the module docstring explains).
    cache : bool
        Read the solution from the disk cache when a checked copy is there, and write it
        there after solving (:mod:`._duel_cache`); solutions are also kept in memory.
    parallel : bool
        Solve the pairs of one score sum on all cores (the same numbers as one core). Off by
        default: a score sum holds at most ``goal / 2`` pairs and each sum waits for all of its
        pairs, so on the shared two-core development machine one core was faster
        (``benchmarks/bench_tenthousand_duel.py`` times both).

    Returns
    -------
    Duel

    A long solve shows a progress bar (``STOPLIB_PROGRESS=0`` silences it); a request whose
    estimated time or memory passes the budget is refused before it starts
    (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> r = duel(20)
    >>> abs(duel(20, method="value_iteration").first_player_win - r.first_player_win) < 1e-10
    True
    >>> duel(20, finish="bank").first_player_win == r.first_player_win
    True
    """
    goal = check_int("goal", goal, 1)
    method = check_choice("method", method, DUEL_METHODS)
    finish = check_choice("finish", finish, FINISH_RULES)
    cache = check_bool("cache", cache)
    parallel = check_bool("parallel", parallel)
    budget.check(_costs.duel(goal, method, parallel))
    return _duel(goal, method, finish, cache, parallel)


_MEMO = {}


def _params(goal, method, finish):
    return {"goal": goal, "method": method, "finish": finish, "n_dice": N_DICE}


def _remember(key, result):
    for name in ("turn_start", "iterations", *_STATS):
        getattr(result, name).setflags(write=False)
    if len(_MEMO) >= 8:
        _MEMO.pop(next(iter(_MEMO)))
    _MEMO[key] = result
    return result


def _lookup(goal, method="pairwise", finish="reach"):
    """The solved game from memory or from a checked copy on disk, or None: never solves.

    The panels of notebook 08 use it to tell a goal already solved (shown at once) from one
    that is not (its cost is shown, and it is solved once, on request).
    """
    key = (goal, method, finish)
    if key in _MEMO:
        return _MEMO[key]
    G = goal
    spec = {"turn_start": ("float64", (G, G)), "iterations": ("int64", (G, G))}
    spec.update({name: ("int32", (N_DICE + 1, G, G)) for name in _STATS})
    hit = _duel_cache.load("duel", _params(goal, method, finish), spec)
    if hit is None:
        return None
    arrays, scalars = hit
    result = Duel(goal, method, finish, arrays["turn_start"], float(arrays["turn_start"][0, 0]),
                  float(scalars["residual"]), float(scalars["pass_margin"]),
                  *(arrays[name] for name in _STATS), arrays["iterations"])
    return _remember(key, result)


def _duel(goal, method, finish, cache=True, parallel=False):
    key = (goal, method, finish)
    if key in _MEMO:
        return _MEMO[key]
    result = _lookup(goal, method, finish) if cache else None
    if result is not None:
        return result
    result = _compute(goal, method, finish, parallel)
    if cache:
        _duel_cache.save("duel", _params(goal, method, finish),
                         {"turn_start": result.turn_start, "iterations": result.iterations,
                          **{name: getattr(result, name) for name in _STATS}},
                         {"residual": result.residual, "pass_margin": result.pass_margin})
    return _remember(key, result)


def _compute(goal, method, finish, parallel):
    G, N = goal, N_DICE
    tb = _tables(N)
    sol_roll = _sol_roll(G, N)
    P0 = np.zeros((G, G))
    stats = np.zeros((4, N + 1, G, G), dtype=np.int32)
    counts = np.zeros((G, G), dtype=np.int64)
    kernel = _diagonal_parallel if parallel else _diagonal_serial
    code = 0 if method == "pairwise" else 1
    bank = finish == "bank"
    with progress(total=G * (G + 1) // 2, desc=f"duel(goal={G}, {method})", unit="pair",
                  disable=None if G >= 60 else True) as bar:
        for s in range(2 * G - 2, -1, -1):
            kernel(P0, s, G, N, tb.rules, tb.smax, bank, sol_roll, stats, counts, code, VI_TOL, VI_MAX_ITER)
            bar.update(s // 2 - max(0, s - G + 1) + 1)
    if (counts[np.triu_indices(G)] < 0).any():   # pragma: no cover - never seen; an error, not a wrong table
        i, j = np.argwhere(np.triu(counts < 0))[0]
        raise RuntimeError(f"{method} did not settle pair ({i}, {j}) of goal {G}")
    residual = float(_residual(P0, G, N, tb.rules, tb.smax, bank, sol_roll))
    margin = float((P0 + P0.T - 1.0).min())
    return Duel(G, method, finish, P0, float(P0[0, 0]), residual, margin, *stats, counts)
