"""Ten Thousand: the slow exact twins that the tests set beside the solver.

- :func:`frequencies_multinomial` counts the configurations of ``n`` dice by
  multinomial coefficients over face counts, the twin of the enumeration in
  :func:`stoplib.tenthousand.frequencies` (the paper's Table 2);
- :func:`solve_exact` runs the paper's Algorithm 4.1 in ``Fraction`` arithmetic,
  in pure Python and in the "pull" form, the twin of the float64 kernel behind
  :func:`stoplib.tenthousand.solve` (``V*(iota) = 5.872019...`` chips exactly).

The third independent method, value iteration ``W_{k+1} = L W_k`` from
``W_0 = 0`` with no threshold, is :func:`stoplib.tenthousand.value_iteration`
in :mod:`.solver`, because :func:`~stoplib.tenthousand.solve` falls back on it
where the paper's threshold argument does not hold.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

from ..util import budget
from ..util.validate import check_int
from . import _costs
from ._tables import _frequencies
from .rules import MAX_DICE, _check_n_dice, _parse_actions, _public, _rules
from .solver import _threshold

__all__ = ["frequencies_multinomial", "solve_exact"]


def frequencies_multinomial(n):
    """Slow exact twin of :func:`frequencies`: sum multinomial coefficients over face counts.

    Examples
    --------
    >>> from stoplib.tenthousand import frequencies
    >>> frequencies_multinomial(3) == frequencies(3)
    True
    """
    return _frequencies_multinomial(check_int("n", n, 1, MAX_DICE))


def _frequencies_multinomial(n):
    out = {}
    for counts in itertools.product(range(n + 1), repeat=6):
        if sum(counts) != n:
            continue
        ways = math.factorial(n)
        for x in counts:
            ways //= math.factorial(x)
        c1, c2, c3, c4, c5, c6 = counts
        trip = tuple(sorted(k for k, ck in zip((2, 3, 4, 6), (c2, c3, c4, c6)) for _ in range(ck // 3)))
        key = _public(c5, c1, trip)
        out[key] = out.get(key, 0) + ways
    order = {c: k for k, c in enumerate(_rules(n).configs)}
    return dict(sorted(out.items(), key=lambda kv: order[kv[0]]))


def solve_exact(n_dice=5, actions="all"):
    """Slow exact twin of :func:`solve`: Algorithm 4.1 in ``Fraction`` arithmetic, pure Python.

    Written in the "pull" form (a state's value takes the best stop/roll value
    of the states it can move to, looked up when a roll needs it), so it shares
    no code with the kernel. Returns ``(value, pre_roll)`` where ``value`` is
    ``V*(iota)`` as a Fraction and ``pre_roll[tau, n]`` are exact ``V_r``. Its
    cost grows steeply with ``n_dice`` (about 2.5 s for six dice); it is checked
    against the budget (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> v, _ = solve_exact(2)
    >>> v
    Fraction(325, 324)
    """
    n_dice = _check_n_dice(n_dice)
    allowed, _ = _parse_actions(actions, n_dice)
    budget.check(_costs.solve_exact(n_dice))
    return _solve_exact(n_dice, allowed)


def _solve_exact(n_dice, allowed):
    """:func:`solve_exact` for checked arguments (the budget already asked)."""
    rules = _rules(n_dice)
    N = n_dice
    th = _threshold(n_dice)
    if not th.argument_applies:   # pragma: no cover - it holds for 1..6 dice
        raise ValueError(f"the threshold argument does not hold for n_dice={n_dice}; use value_iteration")
    T = th.threshold
    K = len(rules.configs)
    s = [int(x) for x in rules.s]
    d = [int(x) for x in rules.d]
    fr = {n: _frequencies(n) for n in range(1, N + 1)}
    prob = {n: [Fraction(fr[n].get(c, 0), 6 ** n) for c in rules.configs] for n in range(1, N + 1)}
    moves = [[(int(rules.move_to[e]), int(rules.move_code[e]))
              for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]) if allowed[rules.move_code[e]]]
             for k in range(K)]
    pre = {}

    def base(tau, n):  # stop/roll value of a state with tau chips and n dice to roll
        if tau >= T:
            return Fraction(tau)
        return max(Fraction(tau), pre[tau, n])

    def value(tau, k, n):
        v = base(tau, n)
        if n < N and tau < T:
            for j, _ in moves[k]:
                tz = tau - s[k] + s[j]
                if tz >= 1:
                    v = max(v, base(tz, n + d[k] - d[j]))
        return v

    for tau in range(T - 1, -1, -1):
        for n in range(1, N + 1):
            acc = Fraction(0)
            for k in range(1, K):
                if d[k] <= n and prob[n][k]:
                    nn = n - d[k] if n > d[k] else N
                    acc += prob[n][k] * value(tau + s[k], k, nn)
            pre[tau, n] = acc
    return pre[0, N], pre
