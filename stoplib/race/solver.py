"""Solve a dice race: one engine for every turn model and any number of players.

Sources: T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The UMAP
Journal 25(1), 2004 (value iteration on win probabilities); F. Crocce and E. Mordecki, "A
non-iterative algorithm for generalized pig games", Journal of Dynamics and Games 5(4), 2018
(pairs of scores solved one at a time); M. Busche and T. W. Neller, "Optimal Play of the
Farkle Dice Game", ACG 2017.

Two players (:mod:`._two`, kernels in :mod:`._kernels`). ``P0[p, q]``: the player to move wins
at a turn start with banked position ``p`` against ``q``. Inside the turn, with ``t`` units set
aside and ``n`` dice to roll::

    pre(t, n)  = p(n, bust) (1 - P0[q, b(p)]) + sum_e p(e) max_o base(t + s_o, n_o)
    base(t, n) = max(1 - P0[q, p + t], pre(t, n)),    base = 1 once the goal is reached
    P0[p, q]   = pre(0, dice)

(``b(p)``: the position after a bust). Without a bust counter a bust hands the turn over at the
same scores, so ``P0[i, j]`` and its partner ``P0[j, i]`` form a 2-cycle and banks lead to
larger score sums: pairs are solved one at a time from the largest sums down, by

``"pairwise"``
    The finite exact search: for a fixed partner value each turn is one backward pass, affine
    in that value on an interval the pass returns; the pair's values are where two monotone
    piecewise-linear maps cross, found by visiting pieces (no piece twice, nothing iterated to
    a tolerance; float64 arithmetic).
``"value_iteration"``
    The same passes alternated until no value moves by more than ``1e-14``.

With a bust counter (Facebook Farkle) the penalty leads to lower scores, so neither finishes a pair
at a time: ``"pairwise"`` is then policy iteration (one vector pass serves every count of a score
against four opponent's positions; see :mod:`._kernels_counter`) and ``"value_iteration"`` repeats whole
Gauss-Seidel sweeps, the counts of a pair of scores in order (see :mod:`._two`).

Three or more players: :mod:`.multi` (each player maximises their own probability of winning;
a stationary equilibrium, by value iteration on the vector of win probabilities).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_choice, check_int, check_real
from . import _cache, _costs, _two
from .models import GAMES, MAX_DIE, TurnModel, _model

__all__ = ["METHODS", "FINISH_RULES", "MAX_PLAYERS", "Race", "solve"]

METHODS = ("pairwise", "value_iteration", "exact")
FINISH_RULES = ("reach", "bank")
#: The most players :func:`solve` takes (the tables grow as ``goal ** players``).
MAX_PLAYERS = 4
_STATS = _two.STATS


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


@dataclass(eq=False)   # tables inside: compare their arrays, not the records
class Race:
    """A two-player dice race, solved (scores in the game's unit: points for Pig, chips of 50 points otherwise).

    Attributes
    ----------
    game : str
        One of :data:`stoplib.race.GAMES`.
    goal : int
        Units needed to win.
    method, finish : str
        How it was solved (``"pairwise"``, ``"value_iteration"``, or ``"exact"`` for Pig in
        fractions) and the finishing rule (``"reach"``: the goal wins as soon as it is reached;
        ``"bank"``: only when banked, the same tables).
    turn_start : numpy.ndarray
        ``[own, opponent]`` positions: probability that the player to move wins at a turn start.
        A position is the score minus the floor, times the bust counter's states, plus the count.
    first_player_win : float
        The first player's win probability (both at score 0, no busts).
    residual : float
        ``max |L P0 - P0|``: one Bellman update of every turn-start value, compared (float64).
    pass_margin : float
        ``min (P0[p, q] + P0[q, p] - 1)`` (no counter); positive: passing at a turn start is
        never as good as rolling, so an optional first roll changes nothing.
    bank_from, roll_above, riskier, safer : numpy.ndarray
        ``[n, own, opponent]`` for ``n`` dice to roll (index 0 unused), from the optimal turn:
        the least turn total at which banking is optimal (``goal - own``: never before the
        goal), the largest at which rolling is (0: none), and how many totals roll where the
        solitaire optimum banks (riskier) or bank where it rolls (safer).
    iterations : numpy.ndarray
        ``[i, j]`` for scores ``i <= j``: pieces visited (pairwise), rounds (value iteration),
        sweeps that passed the pair (a counter game), or outer iterations (exact).
    sweeps, last_change : int, float
        A counter game's Gauss-Seidel sweeps and the largest change in the last one (1 and 0 otherwise).
    die : int
        Faces of Pig's die (6 for the other games).
    first_player_win_exact : fractions.Fraction or None
        The exact value (Pig by ``method="exact"``).

    Examples
    --------
    >>> r = solve("pig", 20)
    >>> bool(0.5 < r.win_probability(0) < 0.7), r.win_probability(0) + r.win_probability(1)
    (True, 1.0)
    """

    game: str
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
    sweeps: int = 1
    last_change: float = 0.0
    die: int = 6
    first_player_win_exact: Fraction | None = None
    exact_values: np.ndarray = field(default=None, repr=False)

    players = 2

    def __post_init__(self):
        self.game = check_choice("game", self.game, GAMES)
        self.die = check_int("die", self.die, 2, MAX_DIE)
        m = self.model
        self.goal = G = check_int("goal", self.goal, 1)
        self.method = check_choice("method", self.method, METHODS)
        self.finish = check_choice("finish", self.finish, FINISH_RULES)
        P, S, N = m.positions(G), G - m.floor, m.dice
        P0 = _check_array("turn_start", self.turn_start, "f", (P, P))
        if not ((P0 >= 0) & (P0 <= 1)).all():
            raise ValueError("turn_start must hold probabilities in [0, 1]")
        self.first_player_win = check_real("first_player_win", self.first_player_win, 0, 1)
        start = m.position(0)
        if self.first_player_win != float(P0[start, start]):
            raise ValueError(f"first_player_win must be the turn-start value at 0-0, {float(P0[start, start])!r}")
        self.residual = check_real("residual", self.residual, 0)
        self.pass_margin = check_real("pass_margin", self.pass_margin, -1, 1)
        for name in _STATS:
            value = getattr(self, name)
            if value is None:
                setattr(self, name, np.zeros((N + 1, P, P), dtype=np.int32))
            else:
                _check_array(name, value, "iu", (N + 1, P, P))
                if (value < 0).any() or (value > 10**9).any():
                    raise ValueError(f"{name} must hold counts or totals in 0..10**9")
        if self.iterations is None:
            self.iterations = np.zeros((S, S), dtype=np.int64)
        _check_array("iterations", self.iterations, "iu", (S, S))
        self.sweeps = check_int("sweeps", self.sweeps, 0, 10**9)
        self.last_change = check_real("last_change", self.last_change, 0)
        if self.first_player_win_exact is not None:
            if not isinstance(self.first_player_win_exact, Fraction):
                raise TypeError("first_player_win_exact must be a Fraction or None")
            if abs(float(self.first_player_win_exact) - self.first_player_win) > 1e-12:
                raise ValueError("first_player_win_exact must equal first_player_win")

    @property
    def model(self) -> TurnModel:
        """The game's :class:`~stoplib.race.TurnModel`."""
        return _model(self.game, self.die)

    @property
    def unit(self):
        return self.model.unit

    def _position(self, name, score, count):
        m = self.model
        score = check_int(name, score, m.floor, self.goal - 1)
        count = check_int(f"{name}'s busts in a row", count, 0, m.farkles - 1)
        return m.position(score, count)

    def win_probability(self, seat=0, scores=None, to_move=0, turn_total=0, dice=None, farkles=None):
        """The probability that ``seat`` wins, the banked ``scores`` being by seat and ``to_move`` about
        to roll ``dice`` dice (default: all) with ``turn_total`` set aside; ``farkles``: busts in a row.

        Examples
        --------
        >>> r = solve("tenthousand", 20)
        >>> r.win_probability(0) == r.first_player_win, r.win_probability(1, (5, 15), to_move=1, turn_total=5)
        (True, 1.0)
        """
        from .advice import _win_probability
        seat = check_int("seat", seat, 0, 1)
        to_move = check_int("to_move", to_move, 0, 1)
        scores = (0, 0) if scores is None else scores
        farkles = (0, 0) if farkles is None else farkles
        for name, v in (("scores", scores), ("farkles", farkles)):
            if not isinstance(v, (tuple, list)) or len(v) != 2:
                raise TypeError(f"{name} must be a pair (seat 0's, seat 1's), got {v!r:.60}")
        own = self._position("the mover's score", scores[to_move], farkles[to_move])
        opp = self._position("the other score", scores[1 - to_move], farkles[1 - to_move])
        own_score = scores[to_move]
        turn_total = check_int("turn_total", turn_total, 0, 10**9)
        dice = self.model.dice if dice is None else check_int("dice", dice, 1, self.model.dice)
        p = _win_probability(self, own, opp, own_score, turn_total, dice)
        return p if seat == to_move else 1.0 - p

    def advice(self, scores, turn_total, roll, farkles=None):
        """Every legal option after ``roll``, with its win probability, the optimal one marked.

        Parameters
        ----------
        scores : (int, int)
            Banked scores of the player to move and of the opponent (each below the goal).
        turn_total : int
            Units set aside this turn before the roll (``own + turn_total < goal``).
        roll : str or tuple of int
            The dice just rolled, as faces: ``"15522"`` or ``(1, 5, 5, 2, 2)``.
        farkles : (int, int), optional
            Busts in a row of each (games with the three-farkle penalty).

        Returns
        -------
        Advice

        Examples
        --------
        >>> a = solve("tenthousand", 20).advice((0, 0), 0, "15522")
        >>> a.best.keep, a.best.action, len(a.options)
        ('1', 'roll', 10)
        """
        from .advice import _advice
        own, opp, own_score = self._scores(scores, farkles)
        turn_total = check_int("turn_total", turn_total, 0, self.goal - 1 - own_score)
        return _advice(self, own, opp, own_score, scores[1], turn_total, roll)

    def policy_map(self, opponent, farkles=None):
        """The optimal bank-or-roll decision over own score x turn total for an opponent's score.

        Returns
        -------
        PolicyMap
            ``decision[n - 1, own, t]`` (1 roll, 0 bank, -1 not a state) for own scores ``0..goal-1``.

        Examples
        --------
        >>> pm = solve("tenthousand", 20).policy_map(0)
        >>> pm.decision.shape, int(pm.decision[4, 0, 1])
        ((5, 20, 20), 1)
        """
        from .advice import _policy_map
        m = self.model
        opponent = check_int("opponent", opponent, m.floor, self.goal - 1)
        farkles = (0, 0) if farkles is None else farkles
        if not isinstance(farkles, (tuple, list)) or len(farkles) != 2:
            raise TypeError(f"farkles must be a pair (own, opponent's), got {farkles!r:.60}")
        own_count = check_int("farkles[0]", farkles[0], 0, m.farkles - 1)
        opp = self._position("opponent", opponent, farkles[1])
        return _policy_map(self, opp, opponent, own_count)

    def departures(self, min_room=0):
        """Where the optimal race policy departs from the solitaire optimum, by lead (a DataFrame).

        Rows: dice to roll and the lead (own minus opponent, in bins); columns: the median least
        banking total, the solitaire's, and the share of turn states where the race rolls but the
        solitaire banks (riskier) or banks where it rolls (safer). Score pairs with at least
        ``min_room`` units to go for both players are counted (no busts in a row).

        Examples
        --------
        >>> list(solve("tenthousand", 20).departures().columns)[:3]
        ['dice', 'lead', 'pairs']
        """
        from .advice import _departures
        min_room = check_int("min_room", min_room, 0, self.goal)
        return _departures(self, min_room)

    def departure_map(self, dice=None):
        """The least banking total beside the solitaire optimum's, over both banked scores.

        Examples
        --------
        >>> m = solve("tenthousand", 20).departure_map(5)
        >>> m.difference.shape, int(m.solitaire[0]), int(m.solitaire[19])
        ((20, 20), 20, 1)
        """
        from .advice import _departure_map
        dice = self.model.dice if dice is None else check_int("dice", dice, 1, self.model.dice)
        return _departure_map(self, dice)

    def bank_table(self, dice=None):
        """``[own, opponent]`` over scores ``0..goal - 1`` (no busts in a row): the least turn total at which
        the optimal player banks with ``dice`` dice to roll (default: all), ``goal - own`` where it never does.

        Examples
        --------
        >>> t = solve("pig", 100).bank_table()
        >>> int(t[0, 0]), int(t[99, 0])
        (21, 1)
        """
        m = self.model
        dice = m.dice if dice is None else check_int("dice", dice, 1, m.dice)
        home = np.array([m.position(s) for s in range(self.goal)], dtype=np.int64)
        table = self.bank_from[dice][np.ix_(home, home)].astype(np.int64)
        return np.minimum(table, self.goal - np.arange(self.goal)[:, None])

    @property
    def state_count(self):
        """The states of the game: turn starts and pre-roll states ``(own, opponent, t, n)`` (own + t < goal)."""
        return self.model.state_count(self.goal)

    def state_values(self):
        """``[own, opponent, t]`` (one die: Pig) or ``[own, opponent, t, n]``: the value of holding ``t``
        units with ``n`` dice to roll before deciding to bank, ``t = 0`` the turn start; 1 once the
        goal is reached. For comparing methods state by state (its size grows as ``goal**3``)."""
        from .advice import _state_values
        budget.check(_costs.table(self.model, self.goal, "state_values"))
        return _state_values(self)

    def _scores(self, scores, farkles):
        if not isinstance(scores, (tuple, list)) or len(scores) != 2:
            raise TypeError(f"scores must be a pair (own, opponent's), got {scores!r:.60}")
        farkles = (0, 0) if farkles is None else farkles
        if not isinstance(farkles, (tuple, list)) or len(farkles) != 2:
            raise TypeError(f"farkles must be a pair (own, opponent's), got {farkles!r:.60}")
        own = self._position("own score", scores[0], farkles[0])
        opp = self._position("opponent's score", scores[1], farkles[1])
        return own, opp, int(scores[0])


# ----------------------------------------------------------------------------- solve

def solve(game, goal=None, players=2, method="pairwise", *, finish="reach", die=6, cache=True, parallel=False):
    """Solve a dice race: every player maximises their probability of winning.

    Parameters
    ----------
    game : {"pig", "tenthousand", "farkle", "facebook_farkle"}
        The turn model (:func:`stoplib.race.turn_model`).
    goal : int or None
        Units to win: points for Pig (None: 100), chips of 50 points otherwise (None: 200 =
        10,000 points).
    players : int
        2, or 3 to :data:`MAX_PLAYERS` (:mod:`stoplib.race.multi`: an equilibrium).
    method : {"pairwise", "value_iteration", "exact"}
        See the module's docstring; ``"exact"`` (fractions) is two-player Pig only.
    finish : {"reach", "bank"}
        The goal wins when reached, or only when banked (the same tables; two players).
    die : int
        Faces of Pig's die.
    cache : bool
        Keep two-player solutions in the checked disk cache (read back when present).
    parallel : bool
        Solve the pairs of one score sum on all cores (the same numbers).

    Returns
    -------
    Race or MultiRace

    A request whose estimated time or memory passes the budget is refused before it starts
    (:mod:`stoplib.util.budget`); a two-player game already solved (in memory, or in the checked disk
    cache) is returned at once.

    Examples
    --------
    >>> round(solve("pig", 100).first_player_win, 4)
    0.5306
    >>> abs(solve("pig", 30, method="value_iteration").first_player_win - solve("pig", 30).first_player_win) < 1e-12
    True
    """
    game = check_choice("game", game, GAMES)
    die = check_int("die", die, 2, MAX_DIE)
    model = _model(game, die) if game == "pig" else _model_checked(game, die)
    goal = model.default_goal if goal is None else check_int("goal", goal, 1)
    players = check_int("players", players, 2, MAX_PLAYERS)
    method = check_choice("method", method, METHODS)
    finish = check_choice("finish", finish, FINISH_RULES)
    cache = check_bool("cache", cache)
    parallel = check_bool("parallel", parallel)
    if method == "exact" and (game != "pig" or players != 2):
        raise ValueError(f"method 'exact' (fractions) solves two-player Pig only, got game={game!r}, players={players}")
    if players >= 3 and model.counter:
        raise ValueError(f"{game} counts busts in a row: races of three or more players are solved for games without "
                         "that counter")
    if players >= 3 and finish != "reach":
        raise ValueError("finish='bank' applies to two players (it gives the same tables)")
    if players >= 3:
        budget.check(_costs.solve(model, goal, players, method))
        from .multi import _solve_multi
        return _solve_multi(model, goal, players, method, parallel)
    stored = _lookup(model, goal, method, finish) if cache else _MEMO.get(_key(model, goal, method, finish))
    if stored is not None:          # in memory or in the checked disk cache: no solve, nothing to budget
        return stored
    budget.check(_costs.solve(model, goal, players, method))
    return _solve(model, goal, method, finish, cache, parallel)


def _model_checked(game, die):
    if die != 6:
        raise ValueError(f"die applies to Pig only; {game} is played with six-sided dice, got die={die}")
    return _model(game)


_MEMO = {}


def _params(model, goal, method, finish):
    return {"game": model.game, "die": model.faces if model.game == "pig" else 6, "goal": goal, "method": method,
            "finish": finish}


def _remember(key, result):
    for name in ("turn_start", "iterations", *_STATS):
        getattr(result, name).setflags(write=False)
    if len(_MEMO) >= 8:
        _MEMO.pop(next(iter(_MEMO)))
    _MEMO[key] = result
    return result


def _key(model, goal, method, finish):
    return (model.game, model.faces, goal, method, finish)


def _lookup(model, goal, method="pairwise", finish="reach"):
    """The solved game from memory or from a checked copy on disk, or None: never solves."""
    key = _key(model, goal, method, finish)
    if key in _MEMO:
        return _MEMO[key]
    if method == "exact":
        return None
    P, S, N = model.positions(goal), goal - model.floor, model.dice
    spec = {"turn_start": ("float64", (P, P)), "iterations": ("int64", (S, S))}
    spec.update({name: ("int32", (N + 1, P, P)) for name in _STATS})
    hit = _cache.load("solve", _params(model, goal, method, finish), spec)
    if hit is None:
        return None
    arrays, sc = hit
    P0 = arrays["turn_start"]
    start = model.position(0)
    result = Race(model.game, goal, method, finish, P0, float(P0[start, start]), float(sc["residual"]),
                  float(sc["pass_margin"]), *(arrays[name] for name in _STATS), arrays["iterations"],
                  int(sc["sweeps"]), float(sc["last_change"]), model.faces if model.game == "pig" else 6)
    return _remember(key, result)


def _solve(model, goal, method, finish, cache=True, parallel=False):
    key = _key(model, goal, method, finish)
    if key in _MEMO:
        return _MEMO[key]
    result = _lookup(model, goal, method, finish) if cache else None
    if result is not None:
        return result
    result = _compute(model, goal, method, finish, parallel)
    if cache and method != "exact":
        _cache.save("solve", _params(model, goal, method, finish),
                    {"turn_start": result.turn_start, "iterations": result.iterations,
                     **{name: getattr(result, name) for name in _STATS}},
                    {"residual": result.residual, "pass_margin": result.pass_margin, "sweeps": result.sweeps,
                     "last_change": result.last_change})
    return _remember(key, result)


def _compute(model, goal, method, finish, parallel):
    die = model.faces if model.game == "pig" else 6
    if method == "exact":
        from .twins import _pig_exact
        V, _, exact, iters = _pig_exact(goal, die)
        P0 = np.ascontiguousarray(V[:, :, 0])
        margin = float((P0 + P0.T - 1.0).min())
        return Race(model.game, goal, method, finish, P0, float(P0[0, 0]), 0.0, margin, iterations=iters, die=die,
                    first_player_win_exact=exact, exact_values=V)
    label = f"solve({model.game!r}, goal={goal}, {method})"
    P0, stats, counts, sweeps, last, residual = _two.compute(model, goal, method, finish, parallel, label)
    margin = float((P0 + P0.T - 1.0).min()) if not model.counter else 0.0
    start = model.position(0)
    return Race(model.game, goal, method, finish, P0, float(P0[start, start]), residual, max(-1.0, margin), *stats,
                counts, sweeps, last, die)
