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

A :class:`Policy` is a stationary rule (an action code per state); :func:`evaluate`
gives its exact expected score, :func:`score_distribution` the exact law of the
chips banked, and :func:`stop_at_policy` builds the simple "stop at X chips"
rules. The numba kernels are in :mod:`._kernels`; the slow exact twins in
:mod:`.twins`; Monte Carlo play in :mod:`.simulation`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_choice, check_int, check_real, check_str
from . import _costs
from ._kernels import _backward, _evaluate, _value_iteration
from .rules import (ACTION_NAMES, MAX_TURN_TOTAL, ROLL, STOP, _check_flag, _check_n_dice, _check_state,
                    _parse_actions, _prob_matrix, _rules, frequencies)

#: The largest iteration limit of :func:`value_iteration` (the kernel counts in int64;
#: convergence takes at most a few dozen sweeps).
MAX_ITER = 10**18

__all__ = ["ThresholdResult", "threshold", "Solution", "solve", "value_iteration",
           "Policy", "stop_at_policy", "evaluate", "score_distribution"]


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
    n_dice = _check_n_dice(n_dice)
    r = _rules(n_dice)
    ratios = {}
    for n in range(1, n_dice + 1):
        fr = frequencies(n)
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
        rows = _check_array("values", self.values, "f", (None, K, N + 1)).shape[0]
        if rows < self.threshold + int(rules.s.max()) + 1:
            raise ValueError(f"values must have at least threshold + {int(rules.s.max()) + 1} = "
                             f"{self.threshold + int(rules.s.max()) + 1} rows (every total a roll from below "
                             f"the threshold reaches), got {rows}")
        _check_array("base_values", self.base_values, "f", (rows, K, N + 1))
        _check_array("pre_roll", self.pre_roll, "f", (rows, N + 1))
        _check_array("policy", self.policy, "iu", (rows, K, N + 1))
        _check_array("allowed", self.allowed, "b", (len(ACTION_NAMES),))
        if not (self.allowed[STOP] and self.allowed[ROLL]):
            raise ValueError("allowed must allow stop and roll (codes 0 and 1)")
        _check_codes("policy", self.policy, N, rows, moves=True)
        if self.policy[self.threshold:].any():
            raise ValueError(f"policy must stop (code 0) in every state from the threshold {self.threshold} on")
        start = float(self.pre_roll[0, N])
        if abs(self.value - start) > 1e-9 * max(1.0, start):
            raise ValueError(f"value must be the value of the turn's start, pre_roll[0, {N}] = {start!r}; "
                             f"got {self.value!r}")

    def _lookup(self, tau, k, n):
        if tau >= self.values.shape[0]:
            return float(tau)
        return float(self.values[tau, k, n])

    def value_at(self, tau, config, n):
        """Value of the state ``(tau, config, n)``: ``tau`` chips, ``config`` just set aside, ``n`` dice to roll.

        ``config=None`` gives the value of being about to roll ``n`` dice
        (``V_r(tau, n)``); ``value_at(0, None, N)`` is the value of the game.
        """
        rules = _rules(self.n_dice)
        tau, k, n = _check_state(rules, tau, config, n)
        if k < 0:
            if tau >= self.pre_roll.shape[0]:
                return float(_far_pre_roll(self, tau, n))
            return float(self.pre_roll[tau, n])
        return self._lookup(tau, k, n)

    def action_at(self, tau, config, n):
        """Optimal action at ``(tau, config, n)``: ``"s"``, ``"r"`` or a move name (``"m5"``, ...)."""
        rules = _rules(self.n_dice)
        tau, k, n = _check_state(rules, tau, config, n)
        if k < 0:
            return "r"
        if tau >= self.policy.shape[0]:
            return "s"
        return ACTION_NAMES[int(self.policy[tau, k, n])]

    def action_values(self, tau, config, n):
        """Every available action's value at ``(tau, config, n)``, best first.

        Returns a dict ``{name: (value, destination)}`` where destination is the
        configuration kept after a move (None for stop and roll); ties are
        listed with the action :meth:`action_at` picks first. With all actions
        allowed a move is worth the destination's full value (so ``m5`` then
        ``m5`` can tie with ``m55``); in a restricted game, its stop/roll value.
        """
        rules = _rules(self.n_dice)
        tau, k, n = _check_state(rules, tau, config, n)
        if k < 0:
            return {"r": (self.value_at(tau, None, n), None)}
        out = {"s": (float(tau), None), "r": (self.value_at(tau, None, n), None)}
        if n < self.n_dice:
            for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]):
                code = int(rules.move_code[e])
                if not self.allowed[code]:
                    continue
                j = int(rules.move_to[e])
                tz = tau - int(rules.s[k]) + int(rules.s[j])
                nz = n + int(rules.d[k]) - int(rules.d[j])
                table = self.values if self.chain else self.base_values
                val = float(tz) if tz >= table.shape[0] else float(table[tz, j, nz])
                out[ACTION_NAMES[code]] = (val, rules.configs[j])
        best = self.action_at(tau, config, n)
        return dict(sorted(out.items(), key=lambda kv: (-kv[1][0], kv[0] != best)))

    def as_policy(self):
        """The optimal rule as a :class:`Policy` (for :func:`simulate` and :func:`evaluate`)."""
        T = self.threshold
        after = np.where(self.pre_roll[:T, None, :] > np.arange(T)[:, None, None], 1, 0)
        after = np.broadcast_to(after, self.policy[:T].shape).astype(np.int64)
        return Policy(f"optimal ({self.actions})", self.n_dice, self.policy[:T].copy(), T,
                      after_move=after, chain=self.chain)


def _check_array(name, value, kinds, shape):
    """``value`` as a NumPy array of dtype kind in ``kinds`` ("f", "iu", "b") and the given shape
    (None: any length); float tables must be finite."""
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy.ndarray, got {type(value).__name__}")
    if value.dtype.kind not in kinds:
        expected = {"f": "float", "iu": "integer", "b": "bool"}[kinds]
        raise TypeError(f"{name} must be a {expected} array, got dtype {value.dtype}")
    if value.ndim != len(shape) or any(want is not None and got != want for got, want in zip(value.shape, shape)):
        want = " x ".join("any" if w is None else str(w) for w in shape)
        raise ValueError(f"{name} must have shape {want}, got {' x '.join(map(str, value.shape)) or 'a scalar'}")
    if kinds == "f" and not np.isfinite(value).all():
        raise ValueError(f"{name} must hold finite numbers (it holds nan or inf)")
    return value


@lru_cache(maxsize=None)
def _legal_codes(n_dice):
    """``(valid, legal)``: ``valid[k, n]`` marks the states a turn can be in; ``legal[k, n, code]``
    the action codes possible there (stop, roll, and the moves from ``k`` when dice were left)."""
    rules = _rules(n_dice)
    N, K = n_dice, len(rules.configs)
    valid = np.zeros((K, N + 1), dtype=bool)
    legal = np.zeros((K, N + 1, len(ACTION_NAMES)), dtype=bool)
    for k in range(1, K):
        for n in range(1, N + 1):
            valid[k, n] = n == N or rules.d[k] <= N - n
            legal[k, n, STOP] = legal[k, n, ROLL] = True
            if n < N:
                legal[k, n, :] |= rules.move_dest[k] >= 0
    return valid, legal


def _check_codes(name, table, n_dice, rows, moves):
    """Every code of ``table[:rows]`` is an action possible in its state (``moves=False``: stop or roll only)."""
    if rows == 0:
        return
    sub = table[:rows]
    low, high = int(sub.min()), int(sub.max())
    top = len(ACTION_NAMES) if moves else 2
    if low < 0 or high >= top:
        raise ValueError(f"{name} must hold action codes 0..{top - 1} (indices into ACTION_NAMES"
                         f"{'' if moves else ': 0 stop, 1 roll'}), got {low if low < 0 else high}")
    valid, legal = _legal_codes(n_dice)
    K, width = valid.shape
    ok = legal[np.arange(K)[None, :, None], np.arange(width)[None, None, :], sub]
    bad = np.argwhere(valid[None] & ~ok)
    if len(bad):
        tau, k, n = (int(x) for x in bad[0])
        code = int(sub[tau, k, n])
        raise ValueError(f"{name}[{tau}, {k}, {n}] = {code} ({ACTION_NAMES[code]}) is not possible in the state "
                         f"({tau}, {_rules(n_dice).configs[k]}, {n}) of the {n_dice}-dice game"
                         + (" (no move once every die scored)" if n == n_dice else ""))


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
    rules = _rules(n_dice)
    th = threshold(n_dice)
    if method == "algorithm 4.1" and not th.argument_applies:
        raise ValueError(f"the paper's threshold argument does not hold with n_dice={n_dice}; "
                         "use method='value iteration'")
    if method == "value iteration" or not th.argument_applies:
        cap = 2 * math.ceil(max(th.ratios.values())) + 2
        return value_iteration(n_dice, actions, cap=cap, chain=(label == "all"))
    T = th.threshold
    V, B, A, Vr = _allocate(rules, T)
    p = _prob_matrix(n_dice)
    _backward(T, n_dice, len(rules.configs), rules.s, rules.d, p, rules.rev_ptr, rules.rev_from,
              rules.rev_code, allowed, V, B, A, Vr)
    return Solution(float(Vr[0, n_dice]), T, n_dice, label, "algorithm 4.1", V, B, A, Vr, allowed,
                    chain=(label == "all"))


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


# ----------------------------------------------------------------------------- policies

@dataclass
class Policy:
    """A stationary rule: ``actions[tau, k, n]`` is an action code; stop once ``tau >= cap``.

    ``chain=False`` (the paper's restricted games) means that right after a
    move the player stops or rolls as ``after_move[tau, k, n]`` says (0 stop,
    1 roll) instead of consulting ``actions`` again.

    The tables are checked when the policy is built and again when it is used:
    ``actions`` is an integer array of shape ``(>= cap, K, n_dice + 1)`` (``K``
    configurations, see :func:`configurations`) whose codes are possible in their
    states (stop 0, roll 1, or a move from that configuration with dice left), and
    ``after_move`` (needed when ``chain=False``) holds 0 or 1.

    Examples
    --------
    >>> import numpy as np
    >>> Policy("roll once", 2, np.ones((1, 6, 3), dtype=np.int64), 1).cap
    1
    >>> Policy("bad", 2, np.full((1, 6, 3), 99), 1)
    Traceback (most recent call last):
    ...
    ValueError: actions must hold action codes 0..27 (indices into ACTION_NAMES), got 99
    """

    name: str
    n_dice: int
    actions: np.ndarray = field(repr=False)
    cap: int
    after_move: np.ndarray = field(default=None, repr=False)
    chain: bool = True

    def __post_init__(self):
        self._validate()

    def _validate(self):
        check_str("name", self.name, 200)
        self.n_dice = N = _check_n_dice(self.n_dice)
        self.cap = check_int("cap", self.cap, 1, MAX_TURN_TOTAL)
        self.chain = _check_flag("chain", self.chain)
        K = len(_rules(N).configs)
        rows = _check_array("actions", self.actions, "iu", (None, K, N + 1)).shape[0]
        if rows < self.cap:
            raise ValueError(f"actions must have at least cap = {self.cap} rows (one per turn total below the "
                             f"cap), got {rows}")
        _check_codes("actions", self.actions, N, self.cap, moves=True)
        if self.after_move is not None:
            _check_array("after_move", self.after_move, "iu", (None, K, N + 1))
            if self.after_move.shape[0] < self.cap:
                raise ValueError(f"after_move must have at least cap = {self.cap} rows, "
                                 f"got {self.after_move.shape[0]}")
            _check_codes("after_move", self.after_move, N, self.cap, moves=False)
        elif not self.chain:
            raise ValueError("a policy with chain=False needs after_move (0 stop / 1 roll right after a move)")
        return self


def stop_at_policy(chips, n_dice=5):
    """The rule "keep every scoring die, roll until the turn total reaches ``chips``, then stop".

    ``chips`` is in chips of 50 points (stop at 300 points is ``chips=6``).
    The table has ``chips`` rows: a request whose table would pass the memory
    budget is refused (see :mod:`stoplib.util.budget`).

    Examples
    --------
    >>> pol = stop_at_policy(6)
    >>> pol.cap, pol.name
    (6, 'stop at 6 chips')
    """
    chips = check_int("chips", chips, 1, MAX_TURN_TOTAL)
    n_dice = _check_n_dice(n_dice)
    budget.check(_costs.policy_table(n_dice, chips))
    rules = _rules(n_dice)
    A = np.ones((chips, len(rules.configs), n_dice + 1), dtype=np.int64)
    return Policy(f"stop at {chips} chips", n_dice, A, chips)


def _as_policy(policy, name="policy"):
    if isinstance(policy, Solution):
        return policy.as_policy()
    if isinstance(policy, Policy):
        return policy._validate()
    raise TypeError(f"{name} must be a Solution or a Policy, got {type(policy).__name__}")


def _policy_arrays(pol):
    """(rules, A, Ab) padded with stops to cover every total a roll can reach."""
    rules = _rules(pol.n_dice)
    K = len(rules.configs)
    size = pol.cap + int(rules.s.max()) + 1
    A = np.zeros((size, K, pol.n_dice + 1), dtype=np.int64)
    A[:pol.cap] = pol.actions[:pol.cap]
    Ab = np.zeros_like(A)
    if pol.after_move is not None:
        Ab[:pol.cap] = pol.after_move[:pol.cap]
    return rules, A, Ab


def evaluate(policy):
    """Exact expected score (chips) of a turn played by ``policy`` (a :class:`Policy` or :class:`Solution`).

    The cost grows with the policy's ``cap``; a call over the budget is refused
    before it starts (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> round(evaluate(stop_at_policy(1)), 4)    # stop after the first scoring roll
    4.3102
    >>> abs(evaluate(solve()) - solve().value) < 1e-12
    True
    """
    pol = _as_policy(policy)
    budget.check(_costs.evaluate(pol.n_dice, pol.cap))
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
    >>> p = score_distribution(stop_at_policy(1))
    >>> round(float(p.sum()), 12), round(float(p[0]), 6)     # 600 of 7776 rolls bust
    (1.0, 0.07716)
    """
    pol = _as_policy(policy)
    budget.check(_costs.score_distribution(pol.n_dice, pol.cap))
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
