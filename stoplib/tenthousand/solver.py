"""Ten Thousand: the value and the optimal policy of one turn, solved exactly.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105.

The states ``(tau, i, n)`` and the actions (stop, roll, move to a smaller
configuration) are those of :mod:`.rules`. The dynamic-programming equation is

    V(x) = max{ tau, V_r(tau, n), max_{y < x} V(y) },
    V_r(tau, n) = sum_k f(n, k) / 6**n  V(tau + s(k), k, n - d(k) + N [n = d(k)]),

and its smallest solution is the value. Above the threshold
``tau*(N) = min{tau : tau >= sum_k f(N, k) s(k) / f(N, 0)}`` stopping is optimal
(when the same inequality holds for every ``n < N``, :func:`threshold`), so the
value below it is found by one backward pass (the paper's Algorithm 4.1,
:func:`solve`). :func:`value_iteration` iterates ``W_{k+1} = L W_k`` from
``W_0 = 0`` on a truncated state space, using no threshold: it checks the
backward pass, and :func:`solve` falls back on it where the threshold argument
fails. ``V*(iota) = 5.872019`` chips for five dice.

:meth:`Solution.advice` lists every action's value in one state (an
:class:`Advice`). For any stationary rule (a :class:`~.policies.Policy`, such as
the "stop at X chips" rules of :mod:`.policies`) :func:`evaluate` gives its exact
expected score and :func:`score_distribution` the exact law of the chips banked.
Each public function checks its arguments once and calls a private ``_name``
(:func:`_solve`, :func:`_iterate`, ...), which the other rooms call in turn. The
numba kernels are in :mod:`._kernels`; the slow exact twins in :mod:`.twins`;
Monte Carlo play in :mod:`.simulation`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..util import budget
from ..util.validate import check_choice, check_int, check_real, check_str
from . import _costs
from ._checks import check_array, check_codes
from ._kernels import _backward, _evaluate, _value_iteration
from ._tables import _frequencies
from .policies import Policy, _policy_arrays
from .rules import (ACTION_NAMES, MAX_TURN_TOTAL, ROLL, STOP, _check_flag, _check_n_dice, _check_state,
                    _parse_actions, _prob_matrix, _rules)

#: The largest iteration limit of :func:`value_iteration` (the kernel counts in int64;
#: convergence takes at most a few dozen sweeps).
MAX_ITER = 10**18

__all__ = ["ThresholdResult", "threshold", "Solution", "Advice", "solve", "value_iteration", "evaluate",
           "score_distribution"]


# ----------------------------------------------------------------------------- threshold

@dataclass(frozen=True)
class ThresholdResult:
    """The critical threshold of the game with ``n_dice`` dice.

    ``ratios[n]`` is ``sum_k f(n, k) s(k) / f(n, 0)`` (exact ``Fraction``) for ``n = 1..n_dice``:
    with ``tau`` chips and ``n`` dice, one more roll followed by a stop gains
    on average iff ``tau < ratios[n]``. ``threshold`` is the paper's
    ``tau*(N)``, the least integer ``>= ratios[N]``; ``argument_applies`` says
    whether ``ratios[n] < threshold`` for every ``n < N`` (the condition under
    which the paper's Lemma 4.1 proof goes through, so that stopping is optimal
    for every ``tau >= threshold``).
    """

    n_dice: int
    threshold: int
    ratios: dict
    argument_applies: bool


def threshold(n_dice=5):
    """The paper's critical threshold ``tau*(N)`` and the check behind its Lemma 4.1.

    Examples
    --------
    >>> t = threshold(5)
    >>> t.threshold, t.argument_applies, round(float(t.ratios[5]), 4)
    (56, True, 55.86)
    """
    return _threshold(_check_n_dice(n_dice))


def _threshold(n_dice):
    r = _rules(n_dice)
    ratios = {}
    for n in range(1, n_dice + 1):
        fr = _frequencies(n)
        num = sum(cnt * int(r.s[r.index[c]]) for c, cnt in fr.items())
        ratios[n] = Fraction(num, fr[(0, 0, 0)])
    tau_star = math.ceil(ratios[n_dice])
    ok = all(ratios[n] < tau_star for n in range(1, n_dice))
    return ThresholdResult(n_dice, int(tau_star), ratios, bool(ok))


# ----------------------------------------------------------------------------- solution

@dataclass
class Solution:
    """Value and optimal policy of solitaire Ten Thousand with ``n_dice`` dice.

    Attributes
    ----------
    value : float
        ``V*(iota)``, the value of a turn from its start, in chips (50 points each).
    threshold : int
        ``tau*``: stopping is optimal at every state with ``tau >= threshold``.
    n_dice : int
    actions : str
        The actions allowed (``"all"`` or a comma-separated list).
    method : str
        ``"algorithm 4.1"`` or ``"value iteration"`` (see :func:`solve`).
    values, base_values, policy : numpy.ndarray
        ``[tau, k, n]`` tables: the value, the value using stop/roll only, and
        the action code (index into :data:`ACTION_NAMES`) for configuration
        index ``k`` (see :func:`configurations`).
    pre_roll : numpy.ndarray
        ``[tau, n]``: ``V_r(tau, n)``, the value of rolling ``n`` dice with ``tau`` chips.
    chain : bool
        Whether a move is worth the destination's full value (moves may
        follow moves, the MCP) or only its stop/roll value (the paper's
        restricted games; the same thing when all actions are allowed).
    """

    value: float
    threshold: int
    n_dice: int
    actions: str
    method: str
    values: np.ndarray = field(repr=False)
    base_values: np.ndarray = field(repr=False)
    policy: np.ndarray = field(repr=False)
    pre_roll: np.ndarray = field(repr=False)
    allowed: np.ndarray = field(repr=False)
    chain: bool = field(default=False, repr=False)
    iterations: int = field(default=0, repr=False)

    def __post_init__(self):
        # built by solve() and value_iteration(); checked here so that a hand-made one
        # cannot carry a table the methods, the claims or the kernels would misread
        self.value = check_real("value", self.value, 0)
        self.threshold = check_int("threshold", self.threshold, 1, MAX_TURN_TOTAL)
        self.n_dice = N = _check_n_dice(self.n_dice)
        self.actions = check_str("actions", self.actions, 1000, allow_empty=False)
        self.method = check_choice("method", self.method, ("algorithm 4.1", "value iteration"))
        self.chain = _check_flag("chain", self.chain)
        self.iterations = check_int("iterations", self.iterations, 0)
        rules = _rules(N)
        K = len(rules.configs)
        rows = check_array("values", self.values, "f", (None, K, N + 1)).shape[0]
        if rows < self.threshold + int(rules.s.max()) + 1:
            raise ValueError(f"values must have at least threshold + {int(rules.s.max()) + 1} = "
                             f"{self.threshold + int(rules.s.max()) + 1} rows (every total a roll from below "
                             f"the threshold reaches), got {rows}")
        check_array("base_values", self.base_values, "f", (rows, K, N + 1))
        check_array("pre_roll", self.pre_roll, "f", (rows, N + 1))
        check_array("policy", self.policy, "iu", (rows, K, N + 1))
        check_array("allowed", self.allowed, "b", (len(ACTION_NAMES),))
        if not (self.allowed[STOP] and self.allowed[ROLL]):
            raise ValueError("allowed must allow stop and roll (codes 0 and 1)")
        check_codes("policy", self.policy, N, rows, moves=True)
        if self.policy[self.threshold:].any():
            raise ValueError(f"policy must stop (code 0) in every state from the threshold {self.threshold} on")
        start = float(self.pre_roll[0, N])
        if abs(self.value - start) > 1e-9 * max(1.0, start):
            raise ValueError(f"value must be the value of the turn's start, pre_roll[0, {N}] = {start!r}; "
                             f"got {self.value!r}")

    # the public methods check the state once; the private ones take a checked (tau, k, n),
    # k = -1 for the moment before a roll
    def _state(self, tau, config, n):
        return _check_state(_rules(self.n_dice), tau, config, n)

    def _value(self, tau, k, n):
        if k < 0:
            if tau >= self.pre_roll.shape[0]:
                return float(_far_pre_roll(self, tau, n))
            return float(self.pre_roll[tau, n])
        if tau >= self.values.shape[0]:
            return float(tau)
        return float(self.values[tau, k, n])

    def _action(self, tau, k, n):
        if k < 0:
            return "r"
        if tau >= self.policy.shape[0]:
            return "s"
        return ACTION_NAMES[int(self.policy[tau, k, n])]

    def _action_values(self, tau, k, n):
        if k < 0:
            return {"r": (self._value(tau, -1, n), None, n)}
        rules = _rules(self.n_dice)
        out = {"s": (float(tau), None, 0), "r": (self._value(tau, -1, n), None, n)}
        if n < self.n_dice:
            table = self.values if self.chain else self.base_values
            for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]):
                code = int(rules.move_code[e])
                if not self.allowed[code]:
                    continue
                j = int(rules.move_to[e])
                tz = tau - int(rules.s[k]) + int(rules.s[j])
                nz = n + int(rules.d[k]) - int(rules.d[j])
                val = float(tz) if tz >= table.shape[0] else float(table[tz, j, nz])
                out[ACTION_NAMES[code]] = (val, rules.configs[j], nz)
        best = self._action(tau, k, n)
        return dict(sorted(out.items(), key=lambda kv: (-kv[1][0], kv[0] != best)))

    def value_at(self, tau, config, n):
        """Value of the state ``(tau, config, n)``: ``tau`` chips, ``config`` just set aside, ``n`` dice to roll.

        ``config=None`` gives the value of being about to roll ``n`` dice
        (``V_r(tau, n)``); ``value_at(0, None, N)`` is the value of the game.
        """
        return self._value(*self._state(tau, config, n))

    def action_at(self, tau, config, n):
        """Optimal action at ``(tau, config, n)``: ``"s"``, ``"r"`` or a move name (``"m5"``, ...)."""
        return self._action(*self._state(tau, config, n))

    def action_values(self, tau, config, n):
        """Every available action's value at ``(tau, config, n)``, best first.

        Returns a dict ``{name: (value, destination)}`` where destination is the
        configuration kept after a move (None for stop and roll); ties are
        listed with the action :meth:`action_at` picks first. With all actions
        allowed a move is worth the destination's full value (so ``m5`` then
        ``m5`` can tie with ``m55``); in a restricted game, its stop/roll value.
        """
        return {a: (v, dest) for a, (v, dest, _) in self._action_values(*self._state(tau, config, n)).items()}

    def advice(self, tau, config, n):
        """Every action's value in the state ``(tau, config, n)``, best first, as an :class:`Advice`
        (what :func:`stoplib.tenthousand.plots.plot_action_values` draws and the advisor panel reads).

        Examples
        --------
        >>> a = solve().advice(4, (2, 1, 0), 2)
        >>> a.best, a.actions[:2], a.rolls[:2]
        ('m55', ('m55', 'm5'), (4, 3))
        """
        tau, k, n = self._state(tau, config, n)
        if k < 0:
            raise ValueError("config must be the configuration just set aside (before a roll the only action "
                             "is to roll), got None")
        values = self._action_values(tau, k, n)
        return Advice(self.n_dice, tau, _rules(self.n_dice).configs[k], n, self._value(tau, k, n),
                      self._action(tau, k, n), tuple(values), tuple(v for v, _, _ in values.values()),
                      tuple(dest for _, dest, _ in values.values()), tuple(r for _, _, r in values.values()))

    def as_policy(self):
        """The optimal rule as a :class:`Policy` (for :func:`simulate` and :func:`evaluate`)."""
        T = self.threshold
        after = np.where(self.pre_roll[:T, None, :] > np.arange(T)[:, None, None], 1, 0)
        after = np.broadcast_to(after, self.policy[:T].shape).astype(np.int64)
        return Policy(f"optimal ({self.actions})", self.n_dice, self.policy[:T].copy(), T,
                      after_move=after, chain=self.chain)


@dataclass(frozen=True)
class Advice:
    """Every available action's value in one state of the game, best first (:meth:`Solution.advice`).

    Attributes
    ----------
    n_dice, tau, config, n : int, int, tuple, int
        The game and the state: ``tau`` chips, ``config`` just set aside, ``n`` dice to roll.
    value : float
        The state's value (the best action's).
    best : str
        The optimal action (ties go to the one the solution's policy picks).
    actions, values, keeps, rolls : tuple
        One entry per available action, best first: its name (``"s"``, ``"r"``, ``"m55"``, ...),
        its value (chips), the configuration it keeps (None for stop and roll) and the dice
        rolled next (0 for stop).
    """

    n_dice: int
    tau: int
    config: tuple
    n: int
    value: float
    best: str
    actions: tuple
    values: tuple
    keeps: tuple
    rolls: tuple

    def __post_init__(self):
        # built by Solution.advice(); checked so that a hand-made one cannot reach the plot with nonsense
        N = _check_n_dice(self.n_dice)
        check_int("tau", self.tau, 0, MAX_TURN_TOTAL)
        check_int("n", self.n, 1, N)
        if not isinstance(self.config, tuple) or len(self.config) != 3:
            raise TypeError(f"config must be a tuple (f, o, t), got {self.config!r:.60}")
        check_real("value", self.value, 0)
        for name in ("actions", "values", "keeps", "rolls"):
            if not isinstance(getattr(self, name), tuple):
                raise TypeError(f"{name} must be a tuple, got {type(getattr(self, name)).__name__}")
        m = len(self.actions)
        if not 1 <= m <= len(ACTION_NAMES) or not len(self.values) == len(self.keeps) == len(self.rolls) == m:
            raise ValueError("actions, values, keeps and rolls must hold one entry per action "
                             f"(1..{len(ACTION_NAMES)}), got {m}, {len(self.values)}, {len(self.keeps)} and "
                             f"{len(self.rolls)}")
        for i in range(m):
            if self.actions[i] not in ACTION_NAMES:
                raise ValueError(f"actions[{i}] must be an action name such as 'm55', got {self.actions[i]!r:.40}")
            check_real(f"values[{i}]", self.values[i], 0)
            check_int(f"rolls[{i}]", self.rolls[i], 0, N)
            if self.keeps[i] is not None and not (isinstance(self.keeps[i], tuple) and len(self.keeps[i]) == 3):
                raise TypeError(f"keeps[{i}] must be None or a configuration (f, o, t), got {self.keeps[i]!r:.60}")
        if self.best not in self.actions:
            raise ValueError(f"best must be one of the actions {self.actions}, got {self.best!r:.40}")


def _far_pre_roll(sol, tau, n):
    # beyond the tables every state stops, so V_r is a finite sum of known values
    rules = _rules(sol.n_dice)
    p = _prob_matrix(sol.n_dice)
    return sum(p[n, k] * (tau + rules.s[k]) for k in range(1, len(rules.configs)) if rules.d[k] <= n)


def _allocate(rules, T):
    N = rules.n_dice
    size = T + int(rules.s.max()) + 1
    K = len(rules.configs)
    return (np.zeros((size, K, N + 1)), np.zeros((size, K, N + 1)),
            np.zeros((size, K, N + 1), dtype=np.int64), np.zeros((size, N + 1)))


def solve(n_dice=5, actions="all", method="auto"):
    """Solve solitaire Ten Thousand with ``n_dice`` dice exactly (float64).

    Where the paper's threshold argument applies (``tau*(N)`` dominates the
    one-roll gain ratio of every smaller number of dice, see :func:`threshold`)
    this runs Algorithm 4.1 backwards from ``tau*(N) - 1``. Otherwise it runs
    :func:`value_iteration` on a state space truncated far above the largest
    ratio and reports ``method="value iteration"``.

    Parameters
    ----------
    n_dice : int
        Number of dice, 1..6 (the paper: 5).
    actions : "all" or list of str
        The actions the player may use, by the paper's names (Table 4): ``"s"``,
        ``"r"``, ``"m5"``, ``"m1"``, ``"m55"``, ``"m51"``, ``"m11"``, ``"m551"``,
        ``"m511"``, ``"mt1"``...``"mt6"`` (resign a triple; ``"mt5"``/``"m555"`` is
        three 5s). Restricted games follow the paper (a move leads to a state
        where the player stops or rolls).
    method : {"auto", "algorithm 4.1", "value iteration"}
        ``"auto"`` uses Algorithm 4.1 exactly when :func:`threshold` reports
        that the paper's argument applies, and value iteration otherwise.

    Returns
    -------
    Solution

    Examples
    --------
    >>> sol = solve()
    >>> round(sol.value, 6), sol.threshold
    (5.872019, 56)
    >>> sol.action_at(4, (2, 1, 0), 2)
    'm55'
    >>> round(solve(actions=["s", "r"]).value, 10)
    5.5763262782
    """
    n_dice = _check_n_dice(n_dice)
    allowed, label = _parse_actions(actions, n_dice)
    method = check_choice("method", method, ("auto", "algorithm 4.1", "value iteration"))
    return _solve(n_dice, allowed, label, method)


def _solve(n_dice, allowed, label, method="auto"):
    """:func:`solve` for checked arguments (``allowed, label`` from ``_parse_actions``)."""
    rules = _rules(n_dice)
    th = _threshold(n_dice)
    if method == "algorithm 4.1" and not th.argument_applies:
        raise ValueError(f"the paper's threshold argument does not hold with n_dice={n_dice}; "
                         "use method='value iteration'")
    if method == "value iteration" or not th.argument_applies:
        cap = 2 * math.ceil(max(th.ratios.values())) + 2
        budget.check(_costs.value_iteration(n_dice, cap, MAX_ITER))
        return _iterate(n_dice, allowed, label, cap, label == "all", MAX_ITER)
    T = th.threshold
    V, B, A, Vr = _allocate(rules, T)
    p = _prob_matrix(n_dice)
    _backward(T, n_dice, len(rules.configs), rules.s, rules.d, p, rules.rev_ptr, rules.rev_from,
              rules.rev_code, allowed, V, B, A, Vr)
    return Solution(float(Vr[0, n_dice]), T, n_dice, label, "algorithm 4.1", V, B, A, Vr, allowed,
                    chain=(label == "all"))


def _solve_game(n_dice=5, stop_roll_only=False):
    """The game with ``n_dice`` (checked) dice, every action allowed or stop and roll only."""
    allowed, label = _parse_actions(["s", "r"] if stop_roll_only else "all", n_dice)
    return _solve(n_dice, allowed, label)


def value_iteration(n_dice=5, actions="all", cap=120, chain=None, max_iter=100_000):
    """Independent check: iterate ``W_{k+1} = L W_k`` from ``W_0 = 0`` with ``tau <= cap``.

    The truncated game forces a stop once the turn total exceeds ``cap``; it
    uses no threshold. The result's ``threshold`` is the least ``tau`` from
    which the computed policy stops in every state, found after the fact.

    Parameters
    ----------
    n_dice : int
        1..6.
    actions : "all" or list of str
        As in :func:`solve`.
    cap : int
        Largest turn total kept (>= 1).
    chain : bool or None
        Value a move by the destination's full value (True: the MCP) or its
        stop/roll value (False: the paper's restricted games). None: True for
        ``actions="all"``, else False.
    max_iter : int
        Iteration limit, 1..10**18 (convergence takes at most 29 sweeps for up to six dice).

    The cost grows with ``cap``: a request whose estimated time or memory passes the
    budget is refused before it starts (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> abs(value_iteration(cap=80).value - solve().value) < 1e-12
    True
    """
    n_dice = _check_n_dice(n_dice)
    allowed, label = _parse_actions(actions, n_dice)
    cap = check_int("cap", cap, 1, MAX_TURN_TOTAL)
    max_iter = check_int("max_iter", max_iter, 1, MAX_ITER)
    chain = (label == "all") if chain is None else _check_flag("chain", chain)
    budget.check(_costs.value_iteration(n_dice, cap, max_iter))
    return _iterate(n_dice, allowed, label, cap, chain, max_iter)


def _iterate(n_dice, allowed, label, cap, chain, max_iter):
    """:func:`value_iteration` for checked arguments (the budget already asked)."""
    rules = _rules(n_dice)
    N = n_dice
    K = len(rules.configs)
    size = cap + int(rules.s.max()) + 2
    W = np.zeros((size, K, N + 1))
    Wn = np.zeros_like(W)
    Vr = np.zeros((size, N + 1))
    p = _prob_matrix(n_dice)
    it = _value_iteration(cap, N, K, rules.s, rules.d, p, rules.move_ptr, rules.move_to, rules.move_code,
                          allowed, bool(chain), max_iter, W, Wn, Vr)
    # greedy policy and stop/roll values from the converged W
    for tau in range(cap + 1, size):
        Vr[tau, :] = tau
    B = np.maximum(Vr[:, None, :], np.arange(size, dtype=float)[:, None, None]) * np.ones((1, K, 1))
    A = np.where(Vr[:, None, :] > np.arange(size)[:, None, None], 1, 0) * np.ones((1, K, 1), dtype=np.int64)
    A = A.astype(np.int64)
    # a move is chosen where it beats stop/roll: the states with dice left and W > B
    can_move = np.zeros((K, N + 1), dtype=bool)
    for n in range(1, N):
        can_move[1:, n] = rules.d[1:] <= N - n
    for tau, k, n in np.argwhere((W[1:cap + 1] > B[1:cap + 1]) & can_move[None]):
        tau += 1
        for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]):
            code = rules.move_code[e]
            j = rules.move_to[e]
            tz = tau - rules.s[k] + rules.s[j]
            if not allowed[code] or tz < 1:
                continue
            nz = n + rules.d[k] - rules.d[j]
            val = W[tz, j, nz] if chain else B[tz, j, nz]
            if val == W[tau, k, n]:
                A[tau, k, n] = code
                break
    A[cap + 1:] = 0
    # the least t from which the policy stops in every state up to the cap (cap + 1 if none)
    stops_all = np.all(A[1:cap + 1, 1:, 1:] == 0, axis=(1, 2))
    rolls = np.nonzero(~stops_all)[0]
    T = 1 if len(rolls) == 0 else int(rolls[-1]) + 2
    return Solution(float(Vr[0, N]), int(T), n_dice, label, "value iteration", W, B, A, Vr, allowed,
                    chain=bool(chain), iterations=int(it))


# ----------------------------------------------------------------------------- any policy's value

def _as_policy(policy, name="policy"):
    if isinstance(policy, Solution):
        return policy.as_policy()
    if isinstance(policy, Policy):
        return policy._validate()
    raise TypeError(f"{name} must be a Solution or a Policy, got {type(policy).__name__}")


def evaluate(policy):
    """Exact expected score (chips) of a turn played by ``policy`` (a :class:`Policy` or :class:`Solution`).

    The cost grows with the policy's ``cap``; a call over the budget is refused
    before it starts (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> from stoplib.tenthousand import stop_at_policy
    >>> round(evaluate(stop_at_policy(1)), 4)    # stop after the first scoring roll
    4.3102
    >>> abs(evaluate(solve()) - solve().value) < 1e-12
    True
    """
    pol = _as_policy(policy)
    budget.check(_costs.evaluate(pol.n_dice, pol.cap))
    return _policy_value(pol)


def _policy_value(pol):
    """:func:`evaluate` for a checked :class:`Policy` (the budget already asked)."""
    rules, A, Ab = _policy_arrays(pol)
    N = pol.n_dice
    K = len(rules.configs)
    V = np.zeros(A.shape)
    Vb = np.zeros(A.shape)
    Vr = np.zeros((A.shape[0], N + 1))
    _evaluate(pol.cap, N, K, rules.s, rules.d, _prob_matrix(N), A, Ab, bool(pol.chain), rules.move_dest,
              V, Vb, Vr)
    return float(Vr[0, N])


def score_distribution(policy):
    """Exact distribution of the chips banked in one turn under ``policy``.

    Probability mass is pushed forward from the initial state: rolls raise the
    turn total, so the pre-roll states are processed in increasing ``tau``. The
    pass is pure Python and grows with the policy's ``cap``; a call over the
    budget is refused before it starts (:mod:`stoplib.util.budget`).

    Returns
    -------
    numpy.ndarray
        ``p[x]`` = probability of banking ``x`` chips (``p[0]`` includes busts).

    Examples
    --------
    >>> from stoplib.tenthousand import stop_at_policy
    >>> p = score_distribution(stop_at_policy(1))
    >>> round(float(p.sum()), 12), round(float(p[0]), 6)     # 600 of 7776 rolls bust
    (1.0, 0.07716)
    """
    pol = _as_policy(policy)
    budget.check(_costs.score_distribution(pol.n_dice, pol.cap))
    return _distribution(pol)


def _distribution(pol):
    """:func:`score_distribution` for a checked :class:`Policy` (the budget already asked)."""
    rules, A, Ab = _policy_arrays(pol)
    N = pol.n_dice
    K = len(rules.configs)
    p = _prob_matrix(N)
    smax = int(rules.s.max())
    out = np.zeros(pol.cap + smax + 1)
    pre = np.zeros((pol.cap + smax + 1, N + 1))   # mass about to roll n dice with tau chips
    pre[0, N] = 1.0
    for tau in range(0, pol.cap):
        for n in range(1, N + 1):
            mass = pre[tau, n]
            if mass == 0.0:
                continue
            for k in range(K):
                if rules.d[k] > n or p[n, k] == 0.0:
                    continue
                m = mass * p[n, k]
                if k == 0:
                    out[0] += m
                    continue
                t, kk, nn = tau + int(rules.s[k]), k, (n - int(rules.d[k])) or N
                moved = False
                while True:
                    a = STOP if t >= pol.cap else int((Ab if moved and not pol.chain else A)[t, kk, nn])
                    if a == STOP:
                        out[t] += m
                        break
                    if a == ROLL:
                        pre[t, nn] += m
                        break
                    j = int(rules.move_dest[kk, a])
                    t, nn, kk = t - int(rules.s[kk]) + int(rules.s[j]), nn + int(rules.d[kk]) - int(rules.d[j]), j
                    moved = True
    return out
