"""The increasing-fields game: a playable game, tested without a browser.

:class:`FieldsGame` holds one game of the (V, F) game (rules in
:mod:`stoplib.fields.rules`; source: M. Stepinski's increasing-fields page, https://mikolajstepinski.online/):
the board, the pending roll and the outcome, with the solver's win probability
of each legal field (:mod:`stoplib.fields.solver`). The ipywidgets front end
over it is :func:`stoplib.fields.widgets.fields_widget`.
"""
from __future__ import annotations

from ..util import budget
from ..util.rng import as_generator
from ._kernels import _table_cost
from .rules import PYTHON_SECONDS_PER_ITEM, _call, _check_sizes, _gap_of, _n, _real, place
from .solver import best_placement, placement_probabilities, state_probability

__all__ = ["FieldsGame"]


class FieldsGame:
    """State of one game: the board, the pending roll, the outcome.

    Parameters
    ----------
    V, F : int
        Game size, 1 <= F <= V. The game's win probabilities need the solver's
        table for (V, F): a size whose table the work budget refuses is refused here.
    seed : int or numpy.random.Generator
        Seeds the rolls.

    Examples
    --------
    >>> g = FieldsGame(10, 3, seed=0)
    >>> r = g.roll()
    >>> g.place(g.best_field())
    >>> sum(v is not None for v in g.state)
    1
    """

    def __init__(self, V, F, seed=0):
        V, F = _check_sizes(V, F)
        if F == 0:
            raise ValueError("F must be >= 1 to play")
        if V > 2**62:
            raise ValueError(f"V must be at most 2**62 to play (rolls are drawn as 64-bit integers), got {_n(V)}")
        what = _call("FieldsGame", V, F)
        budget.check(budget.Estimate(what, _real(F) * PYTHON_SECONDS_PER_ITEM / 10, 8.0 * _real(F), "the board"))
        if 1 < F < V:
            budget.check(_table_cost(F, V - F, "fast", what))
        self.V, self.F = V, F
        self.rng = as_generator(seed)
        self.state = [None] * F
        self.current = None
        self.history = []            # (roll, field or None)
        self.outcome = None          # None (playing), "won" or "lost"

    @property
    def cells(self):
        return [-1 if v is None else v for v in self.state]

    def undrawn(self):
        """Values not on the board (every drawn value is on the board), in increasing order."""
        budget.check(budget.Estimate(f"{_call('FieldsGame', self.V, self.F)}.undrawn()",
                                     _real(self.V) * PYTHON_SECONDS_PER_ITEM / 10, 36.0 * _real(self.V),
                                     "a list of every value"))
        taken = set(v for v in self.state if v is not None)
        return [v for v in range(self.V) if v not in taken]

    def roll(self):
        """Draw the next value; the game is lost at once if it has no legal field."""
        if self.outcome is not None:
            raise ValueError(f"the game is over ({self.outcome}); start a new one")
        if self.current is not None:
            raise ValueError(f"place the pending roll {self.current} first")
        taken = sorted(v for v in self.state if v is not None)
        # the i-th undrawn value (in increasing order), without listing the V values
        i = int(self.rng.integers(self.V - len(taken)))
        for v in taken:
            if v <= i:
                i += 1
        self.current = i
        if not self.legal_fields():
            self.history.append((self.current, None))
            self.outcome = "lost"
        return self.current

    def legal_fields(self):
        """Legal fields for the pending roll ([] when there is none)."""
        if self.current is None:
            return []
        a, b, _, _ = _gap_of(self.V, self.F, self.cells, self.current)
        return list(range(a, b + 1))

    def placement_probabilities(self):
        """{field: win probability} for the pending roll."""
        if self.current is None or self.outcome is not None:
            return {}
        return placement_probabilities(self.V, self.F, self.state, self.current)

    def best_field(self):
        """What the optimal player would do with the pending roll."""
        if self.current is None or self.outcome is not None:
            return None
        return best_placement(self.V, self.F, self.state, self.current).field

    def win_probability(self):
        """Win probability now: before a roll, of the state; with a pending roll,
        of its best placement."""
        if self.outcome is not None:
            return 1.0 if self.outcome == "won" else 0.0
        if self.current is None:
            return state_probability(self.V, self.F, self.state)
        return best_placement(self.V, self.F, self.state, self.current).probability

    def place(self, field):
        """Put the pending roll on ``field`` (errors for illegal moves)."""
        if self.outcome is not None:
            raise ValueError(f"the game is over ({self.outcome}); start a new one")
        if self.current is None:
            raise ValueError("roll first: there is no value to place")
        self.state = place(self.V, self.F, self.state, self.current, field)
        self.history.append((self.current, field))
        self.current = None
        if all(v is not None for v in self.state):
            self.outcome = "won"
