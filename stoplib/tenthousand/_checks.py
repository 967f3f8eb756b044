"""Ten Thousand: the checks of arguments that the claims' tables share (private).

:func:`solution_arg` reads a :class:`~stoplib.tenthousand.Solution` argument (None: the
paper's five-dice game), :func:`chips_arg` the list of "stop at X chips" rules of
:func:`stoplib.tenthousand.claims.stop_at_table`, refusing an endless or huge one by
its cost (:mod:`stoplib.util.budget`) before following it.
"""
from __future__ import annotations

from ..util import budget
from ..util.validate import check_instance, check_int
from . import _costs
from .solver import Solution, solve

__all__: list[str] = []   # private: used by stoplib.tenthousand.claims


def solution_arg(solution, name="solution", five=False):
    """A :class:`Solution` argument: None gives the five-dice game; ``five``: it must be that game."""
    if solution is None:
        return solve()
    check_instance(name, solution, Solution)
    if five and solution.n_dice != 5:
        raise ValueError(f"{name} must be a solution of the paper's five-dice game, got one with "
                         f"n_dice={solution.n_dice}")
    return solution


def chips_arg(chips):
    """``chips`` (an iterable of ints >= 1: a range, a list) as a range or a list of ints, not empty."""
    if isinstance(chips, (str, bytes)) or not hasattr(chips, "__iter__"):
        raise TypeError(f"chips must be an iterable of ints (a range or a list), got {type(chips).__name__}")
    if hasattr(chips, "__len__"):      # a quick refusal before looking at the entries
        budget.check(_costs.rules_at_least(len(chips)))
    if isinstance(chips, range) and len(chips):
        check_int("chips[0]", chips[0], 1)   # the other entries of a range follow from its ends
        check_int("chips[-1]", chips[-1], 1)
        values = chips
    else:
        values = []
        for i, x in enumerate(chips):
            values.append(check_int(f"chips[{i}]", x, 1))
            if i % 1024 == 1023:       # an endless iterator is refused, not followed for ever
                budget.check(_costs.rules_at_least(i + 1))
    if len(values) == 0:
        raise ValueError("chips must hold at least one rule")
    return values
