r"""The increasing-fields game: Win(V, F), optimal play from any
state, heuristics, Monte Carlo and a playable game.

The game (source: Mikolaj Stepinski's page https://mikolajstepinski.online/,
an interactive game with a write-up of its solution; see
:mod:`stoplib.fields.document`).
There are ``V`` values ``0..V-1`` and ``F`` fields in a row. ``F`` times, an
integer is drawn uniformly *without repetition* from the values not yet drawn,
and the player must place it on an empty field so that the filled fields stay
increasing from left to right. The game is won when every field is filled and
lost as soon as a roll has no legal field. ``Win(V, F)`` is the win
probability under optimal play; the document's recursion and gap formula are
written out in :mod:`stoplib.fields.solver`.

The rooms
---------
``rules.py``
    The rules and the state encoding (a list with a value or ``None`` per
    field), the legal moves, every state, the heuristic players' rules.
``_costs.py``
    The cost model: the measured rates and every estimate of the work budget.
``solver.py``
    Win(V, F), mid-game values, the optimal field and the optimal first moves
    (:class:`FirstMoves`): validated public functions over private internals,
    the numba kernels and cached float tables of ``_kernels.py``.
``twins.py``
    The exact twins: Python-integer recursion (``exact=True``) and a
    brute-force expectimax over real game states.
``simulation.py``
    Monte Carlo play with the optimal player and two heuristics.
``claims.py``
    The page's claims checked: the recurrence against the brute force, the
    unproved monotonicity claim with exact integers, the gap formula, the
    cost of the recurrence (:func:`work_count`); the tied first moves; the
    verdict table of notebook 04 (:func:`verdicts`).
``game.py``
    :class:`FieldsGame`, one playable game (the widget's model), and the
    :class:`Position` it shows at one moment.
``document.py``
    The source page, and the numbers it prints.
``plots.py``, ``widgets.py``
    The figures of notebook 04 (pyplot-free, in the workbook style; each draws a
    result it is given and computes nothing) and its two interactive panels
    (:class:`stoplib.workbook.panel.Panel`, each computing one result per interaction).

Every public function checks its input (``TypeError`` for a wrong kind,
``ValueError`` for a value out of range, nothing clipped), and every one whose
cost grows with its arguments estimates seconds and bytes in ``_costs.py``
(rates measured by ``benchmarks/bench_fields.py --calibrate``) and asks
:func:`stoplib.util.budget.check` first: a request above the limits is refused
at once with the estimate (raise them on purpose with ``stoplib.util.budget.allow``).
Probabilities stay in [0, 1] and are exactly 1 where the game cannot be lost.

``from stoplib import fields as fl`` gives the names in ``__all__`` below;
figures, panels and the document's numbers are modules of their own:
``from stoplib.fields import plots, widgets, document``.

Examples
--------
>>> from stoplib import fields as fl
>>> fl.win_probability(3, 2, exact=True)
Fraction(5, 6)
>>> fl.placement_probabilities(4, 2, [None, None], 1, exact=True)
{0: Fraction(2, 3), 1: Fraction(1, 3)}
"""
from .rules import POLICIES, all_states, legal_fields, place
from .solver import (METHODS, FirstMoves, Placement, best_placement, choose_field, clear_cache,
                     first_moves, optimal_policy, placement_probabilities, policy_win_probability,
                     state_probability, time_win_probability, win_probability, win_table)
from .twins import brute_force_state_probability, brute_force_win_probability
from .simulation import SimulationResult, simulate
from .claims import (GapReport, MonotonicityReport, RecurrenceReport, check_gap_formula,
                     check_monotonicity, check_recurrence, tied_first_moves, verdicts, work_count)
from .game import FieldsGame, Position

__all__ = [
    # rules
    "POLICIES", "legal_fields", "place", "all_states",
    # solver
    "METHODS", "win_probability", "win_table", "optimal_policy", "policy_win_probability",
    "state_probability", "placement_probabilities", "best_placement", "Placement",
    "choose_field", "clear_cache", "time_win_probability", "first_moves", "FirstMoves",
    # twins
    "brute_force_win_probability", "brute_force_state_probability",
    # simulation
    "simulate", "SimulationResult",
    # claims
    "check_monotonicity", "tied_first_moves", "MonotonicityReport", "check_recurrence",
    "RecurrenceReport", "check_gap_formula", "GapReport", "work_count", "verdicts",
    # game
    "FieldsGame", "Position",
]
