"""Ten Thousand: stationary rules as tables, and the simple "stop at X chips" rules.

A :class:`Policy` is a stationary rule of one turn (the paper's Section 3): an
action code (stop, roll or a move, :data:`~stoplib.tenthousand.ACTION_NAMES`) for
every state ``(tau, i, n)`` below a cap, from which it stops. The optimal rule of
a :class:`~stoplib.tenthousand.Solution` is one (:meth:`~stoplib.tenthousand.Solution.as_policy`);
:func:`stop_at_policy` builds the simple rule "keep every scoring die, stop at X
chips". Their exact values and score laws are :func:`stoplib.tenthousand.evaluate`
and :func:`stoplib.tenthousand.score_distribution` (:mod:`.solver`), their Monte
Carlo play :func:`stoplib.tenthousand.simulate` (:mod:`.simulation`).

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..util import budget
from ..util.validate import check_int, check_str
from . import _costs
from ._checks import check_array, check_codes
from .rules import MAX_TURN_TOTAL, _check_flag, _check_n_dice, _rules

__all__ = ["Policy", "stop_at_policy"]


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
        rows = check_array("actions", self.actions, "iu", (None, K, N + 1)).shape[0]
        if rows < self.cap:
            raise ValueError(f"actions must have at least cap = {self.cap} rows (one per turn total below the "
                             f"cap), got {rows}")
        check_codes("actions", self.actions, N, self.cap, moves=True)
        if self.after_move is not None:
            check_array("after_move", self.after_move, "iu", (None, K, N + 1))
            if self.after_move.shape[0] < self.cap:
                raise ValueError(f"after_move must have at least cap = {self.cap} rows, "
                                 f"got {self.after_move.shape[0]}")
            check_codes("after_move", self.after_move, N, self.cap, moves=False)
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
    return _stop_at_policy(chips, n_dice)


def _stop_at_policy(chips, n_dice):
    """:func:`stop_at_policy` for checked arguments: its table (roll everywhere below ``chips``) is
    valid by construction, so the Policy is built without checking it again."""
    pol = object.__new__(Policy)
    pol.name, pol.n_dice, pol.cap, pol.after_move, pol.chain = f"stop at {chips} chips", n_dice, chips, None, True
    pol.actions = np.ones((chips, len(_rules(n_dice).configs), n_dice + 1), dtype=np.int64)
    return pol


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
