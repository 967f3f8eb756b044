"""Ten Thousand: what the right to roll on is worth, and in which states a turn can be at all.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105.

Holding ``tau`` chips with ``n`` dice to roll, the player may bank ``tau`` or
roll; the right to roll on is worth ``max(tau, V_r(tau, n)) - tau`` (``V_r`` is
the solution's ``pre_roll`` table). Many of these pre-roll states never occur
in a turn: five dice are rolled only at the start (``tau = 0``) or after all
five scored (``tau >= 5``), and one die is left only after four scored
(``tau >= 4``). :func:`value_of_rolling` computes the gain for every ``tau`` up
to two chips past the threshold together with a forward search of the states a
turn can reach under the solution's allowed actions, so that a figure or a
sentence can say where rolling pays *in a reachable state*
(:class:`RollingValue`). :func:`stoplib.tenthousand.plots.plot_value_of_rolling`
draws it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_instance, check_int
from . import _costs
from ._tables import _prob_matrix, _rules
from .solver import Solution

__all__ = ["RollingValue", "value_of_rolling"]


@dataclass(frozen=True)
class RollingValue:
    """The value of rolling on, ``max(tau, V_r(tau, n)) - tau``, and which of its states a turn reaches.

    Attributes
    ----------
    tau : numpy.ndarray
        The turn totals ``0 .. threshold + 2`` (chips).
    gain : numpy.ndarray
        ``[tau, n]``: what the right to roll ``n`` dice is worth beyond banking
        ``tau`` (column 0 is unused and 0).
    reachable : numpy.ndarray
        ``[tau, n]``: whether a turn can hold ``tau`` chips with ``n`` dice to roll
        under some play with the solution's allowed actions.
    threshold : int
        The solution's ``tau*``.
    n_dice : int
    actions : str
        The solution's allowed actions.
    """

    tau: np.ndarray = field(repr=False)
    gain: np.ndarray = field(repr=False)
    reachable: np.ndarray = field(repr=False)
    threshold: int
    n_dice: int
    actions: str

    def pays(self, n: int, reachable_only: bool = True) -> np.ndarray:
        """The turn totals ``tau >= 1`` at which rolling ``n`` dice beats banking (``gain > 0``).

        With ``reachable_only`` (the default) only the totals a turn can hold with
        ``n`` dice to roll.

        Examples
        --------
        >>> from stoplib import tenthousand as tt
        >>> rv = tt.value_of_rolling(tt.solve())
        >>> rv.pays(1, reachable_only=False).tolist(), rv.pays(1).tolist(), rv.pays(2).tolist()
        ([1, 2, 3], [], [3])
        """
        n = check_int("n", n, 1, self.n_dice)
        mask = self.gain[1:, n] > 1e-12
        if reachable_only:
            mask &= self.reachable[1:, n]
        return self.tau[1:][mask]

    def first_reachable(self, n: int) -> int:
        """The smallest ``tau >= 1`` at which a turn can hold ``n`` dice to roll."""
        n = check_int("n", n, 1, self.n_dice)
        totals = self.tau[1:][self.reachable[1:, n]]
        if len(totals) == 0:
            raise ValueError(f"no turn total up to {int(self.tau[-1])} holds {n} dice to roll")
        return int(totals[0])


def value_of_rolling(solution: Solution) -> RollingValue:
    """The value of rolling on in every pre-roll state up to two chips past the threshold.

    Parameters
    ----------
    solution : Solution
        A solved game (:func:`stoplib.tenthousand.solve`); its ``pre_roll`` table gives
        ``V_r(tau, n)`` and its allowed actions bound the forward search.

    Returns
    -------
    RollingValue

    Examples
    --------
    >>> from stoplib import tenthousand as tt
    >>> rv = tt.value_of_rolling(tt.solve())
    >>> rv.threshold, rv.first_reachable(5), rv.first_reachable(1), round(float(rv.gain[1, 5]), 2)
    (56, 5, 4, 5.61)
    """
    return _value_of_rolling(check_instance("solution", solution, Solution))


def _value_of_rolling(sol: Solution) -> RollingValue:
    N, T = sol.n_dice, sol.threshold
    top = T + 2
    rules = _rules(N)
    # a state at tau may be reached by a move from a state up to max(s) chips higher
    bound = top + int(rules.s.max())
    budget.check(_costs.reachable(N, bound))
    tau = np.arange(top + 1)
    gain = np.zeros((top + 1, N + 1))
    gain[:, 1:] = np.maximum(tau[:, None], sol.pre_roll[:top + 1, 1:]) - tau[:, None]
    allowed = tuple(bool(a) for a in sol.allowed)
    reachable = np.zeros((top + 1, N + 1), dtype=bool)
    for t, n in _reachable_rolls(N, bound, allowed, sol.chain):
        if t <= top:
            reachable[t, n] = True
    return RollingValue(tau, gain, reachable, T, N, sol.actions)


@lru_cache(maxsize=16)
def _reachable_rolls(n_dice, tau_max, allowed, chain):
    """Every (tau, n) with tau <= tau_max at which a turn rolls n dice, under the allowed action codes.

    With ``chain`` a move may follow a move (the full game); without, a state entered by a
    move only stops or rolls (the paper's restricted games).
    """
    rules = _rules(n_dice)
    N, K = n_dice, len(rules.configs)
    p = _prob_matrix(N)
    rolls, seen = set(), set()
    stack = [(0, N)]
    while stack:
        tau, n = stack.pop()
        if (tau, n) in rolls:
            continue
        rolls.add((tau, n))
        for j in range(1, K):
            if p[n, j] > 0 and tau + rules.s[j] <= tau_max:
                _visit(rules, (tau + int(rules.s[j]), j, n - int(rules.d[j]) or N), allowed, chain, seen, stack)
    return frozenset(rolls)


def _visit(rules, state, allowed, chain, seen, stack):
    """Enter a scoring state after a roll: it may roll its dice, or move and roll from there."""
    todo = [(*state, False)]
    while todo:
        tau, k, n, moved = todo.pop()
        if (tau, k, n, moved) in seen:
            continue
        seen.add((tau, k, n, moved))
        stack.append((tau, n))
        if n < rules.n_dice and (chain or not moved):
            for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]):
                if allowed[int(rules.move_code[e])]:
                    j = int(rules.move_to[e])
                    todo.append((tau - int(rules.s[k]) + int(rules.s[j]), j, n + int(rules.d[k]) - int(rules.d[j]),
                                 True))
