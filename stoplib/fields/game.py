"""The increasing-fields game: a playable game, tested without a browser.

:class:`FieldsGame` holds one game of the (V, F) game (rules in
:mod:`stoplib.fields.rules`; source: M. Stepinski's increasing-fields page, https://mikolajstepinski.online/):
the board, the pending roll and the outcome, with the solver's win probability
of each legal field (:mod:`stoplib.fields.solver`). :meth:`FieldsGame.position`
computes, once, everything a reader is shown at one moment (a :class:`Position`):
the panel of :func:`stoplib.fields.widgets.fields_widget` hands that one result to
both its readout and its figure (:func:`stoplib.fields.plots.plot_board`).
"""
from __future__ import annotations

from dataclasses import dataclass, field as dc_field

from ..util import budget
from ..util.rng import as_generator
from ..util.validate import check_choice, check_instance, check_int, check_real
from ._costs import _board_estimate, _call, _n, _table_cost, _undrawn_estimate
from ._kernels import _is_cached
from .rules import POLICIES, _check_roll, _check_sizes, _check_state, _gap_of, _place
from .solver import _best, _choose, _placements, _state, _win

__all__ = ["FieldsGame", "Position"]

#: How a game can end.
OUTCOMES = (None, "won", "lost")


@dataclass(frozen=True)
class Position:
    """What a reader sees of a game at one moment, computed once (:meth:`FieldsGame.position`).

    Attributes
    ----------
    V, F : int
        Game size (1 <= F <= V).
    state : tuple
        The value on each field, or None.
    roll : int or None
        The pending roll (for a lost game: the roll that had no legal field).
    probabilities : dict
        ``{field: win probability after placing the roll there}`` over the legal fields.
    best : int or None
        The optimal field for the roll.
    chosen : int or None
        The field ``policy`` picks for the roll.
    policy : str or None
        One of :data:`stoplib.fields.POLICIES`, the policy of ``chosen``.
    now : float
        The win probability now (before a roll: of the state; with a roll: of its best field).
    start : float
        Win(V, F), the win probability at the start.
    outcome : None, "won" or "lost"
    history : tuple
        ``(roll, field or None)`` for each roll so far.

    The fields are checked on construction (a position given to a plot is consistent):
    every probability is a legal field's, in [0, 1]; ``best`` and ``chosen`` are legal fields.
    """
    V: int
    F: int
    state: tuple
    roll: int | None = None
    probabilities: dict = dc_field(default_factory=dict)
    best: int | None = None
    chosen: int | None = None
    policy: str | None = None
    now: float = 1.0
    start: float = 1.0
    outcome: str | None = None
    history: tuple = ()

    def __post_init__(self):
        V, F = _check_sizes(self.V, self.F)
        if F == 0:
            raise ValueError("F must be >= 1 for a position")
        cells = _check_state(V, F, self.state)
        legal = set()
        roll = self.roll
        if roll is not None:
            roll = _check_roll(V, cells, roll)
            a, b, _, _ = _gap_of(V, F, cells, roll)
            legal = set(range(a, b + 1))
        check_instance("probabilities", self.probabilities, dict)
        probabilities = {}
        for key, p in self.probabilities.items():
            if roll is None:
                raise ValueError("probabilities need a pending roll (roll is None)")
            f = check_int("a field of probabilities", key, 0, F - 1)
            if f not in legal:
                raise ValueError(f"probabilities name field {f}, where roll {roll} cannot go "
                                 f"(legal fields: {sorted(legal) or 'none'})")
            probabilities[f] = float(check_real(f"probabilities[{f}]", p, 0.0, 1.0))
        picks = {}
        for name in ("best", "chosen"):
            f = getattr(self, name)
            if f is not None:
                f = check_int(name, f, 0, F - 1)
                if f not in legal:
                    raise ValueError(f"{name} must be a legal field for the roll ({sorted(legal) or 'none'}), got {f}")
            picks[name] = f
        if self.policy is not None:
            check_choice("policy", self.policy, POLICIES)
        if self.outcome is not None:
            check_choice("outcome", self.outcome, OUTCOMES[1:])
        check_instance("history", self.history, (tuple, list))
        for name in ("V", "F", "roll"):
            object.__setattr__(self, name, {"V": V, "F": F, "roll": roll}[name])
        object.__setattr__(self, "state", tuple(None if v < 0 else v for v in cells))
        object.__setattr__(self, "probabilities", probabilities)
        object.__setattr__(self, "best", picks["best"])
        object.__setattr__(self, "chosen", picks["chosen"])
        object.__setattr__(self, "now", float(check_real("now", self.now, 0.0, 1.0)))
        object.__setattr__(self, "start", float(check_real("start", self.start, 0.0, 1.0)))
        object.__setattr__(self, "history", tuple(self.history))


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
    >>> g.position().now == g.win_probability()
    True
    """

    def __init__(self, V, F, seed=0):
        V, F = _check_sizes(V, F)
        if F == 0:
            raise ValueError("F must be >= 1 to play")
        if V > 2**62:
            raise ValueError(f"V must be at most 2**62 to play (rolls are drawn as 64-bit integers), got {_n(V)}")
        self._what = _call("FieldsGame", V, F)
        budget.check(_board_estimate(F, self._what))
        if 1 < F < V:
            budget.check(_table_cost(F, V - F, "fast", self._what, _is_cached(F, V - F)))
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
        budget.check(_undrawn_estimate(self.V, f"{self._what}.undrawn()"))
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

    def _probabilities(self):
        return _placements(self.V, self.F, self.cells, self.current, False,
                           f"{self._what}.placement_probabilities()")

    def placement_probabilities(self):
        """{field: win probability} for the pending roll."""
        if self.current is None or self.outcome is not None:
            return {}
        return self._probabilities()

    def best_field(self):
        """What the optimal player would do with the pending roll."""
        if self.current is None or self.outcome is not None:
            return None
        return _best(self._probabilities()).field

    def win_probability(self):
        """Win probability now: before a roll, of the state; with a pending roll,
        of its best placement."""
        if self.outcome is not None:
            return 1.0 if self.outcome == "won" else 0.0
        if self.current is None:
            return _state(self.V, self.F, self.cells, False, f"{self._what}.win_probability()")
        return _best(self._probabilities()).probability

    def choose(self, policy="optimal"):
        """The field ``policy`` picks for the pending roll (None when there is none or the game is over)."""
        check_choice("policy", policy, POLICIES)
        if self.current is None or self.outcome is not None:
            return None
        return _choose(self.V, self.F, self.cells, self.current, policy, self._what)

    def position(self, policy="optimal"):
        """Everything a reader is shown now, computed once: a :class:`Position`.

        Parameters
        ----------
        policy : {"optimal", "proportional", "nearest"}
            The policy whose choice for the pending roll is reported (``chosen``).
        """
        check_choice("policy", policy, POLICIES)
        probs, best, chosen = {}, None, None
        if self.outcome is not None:
            now = 1.0 if self.outcome == "won" else 0.0
        elif self.current is None:
            now = _state(self.V, self.F, self.cells, False, f"{self._what}.position()")
        else:
            placement = _best(self._probabilities())
            probs, best, now = placement.probabilities, placement.field, placement.probability
            chosen = _choose(self.V, self.F, self.cells, self.current, policy, self._what)
        return Position(self.V, self.F, tuple(self.state), self.current, probs, best, chosen, policy,
                        now, _win(self.V, self.F), self.outcome, tuple(self.history))

    def place(self, field):
        """Put the pending roll on ``field`` (errors for illegal moves)."""
        if self.outcome is not None:
            raise ValueError(f"the game is over ({self.outcome}); start a new one")
        if self.current is None:
            raise ValueError("roll first: there is no value to place")
        field = check_int("field", field, 0, self.F - 1)
        self.state = [None if v < 0 else v for v in _place(self.V, self.F, self.cells, self.current, field)]
        self.history.append((self.current, field))
        self.current = None
        if all(v is not None for v in self.state):
            self.outcome = "won"
