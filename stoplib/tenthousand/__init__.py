"""Ten Thousand and solitaire Pig: one turn of each dice game, solved exactly.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105
(https://www.jstor.org/stable/43860959). A turn of
Ten Thousand is a Markov control process over states ``(tau, i, n)`` (chips so
far, configuration just set aside, dice to roll); above the threshold
``tau*(5) = 56`` stopping is optimal, and one backward pass below it (the
paper's Algorithm 4.1) gives the value ``V*(iota) = 5.872019`` chips and the
optimal action in every state. Solitaire Pig (Section 5.2) is its one-die
relative, ``V(tau) = max{tau, (V(tau + 2) + ... + V(tau + 6)) / 6}``.

The rooms
---------
``rules.py``
    Configurations ``(f, o, t)``, their scores, the frequencies of a roll
    (Table 2), moves and their names (Table 4), reachable states.
``solver.py`` (kernels in ``_kernels.py``)
    :func:`threshold`, :func:`solve` (Algorithm 4.1), :func:`value_iteration`,
    :class:`Solution` and its :class:`Advice` for one state, and the exact
    :func:`evaluate` and :func:`score_distribution` of any policy.
``rolling.py``
    :func:`value_of_rolling` / :class:`RollingValue`: what the right to roll on is
    worth in every pre-roll state, and which of those states a turn can reach.
``policies.py``
    :class:`Policy` (a stationary rule as a table) and :func:`stop_at_policy`.
``twins.py``
    The slow exact twins: :func:`solve_exact` (Fractions),
    :func:`frequencies_multinomial`.
``simulation.py``
    :func:`simulate`: Monte Carlo turns under any policy.
``pig_game.py``
    Solitaire Pig: :func:`pig` and its twins and simulation.
``races.py``
    Two-player Ten Thousand and Pig as thin calls into the race engine :mod:`stoplib.race`:
    :func:`duel`, :func:`pig_duel`, :func:`fair_head_start` (notebook 08 uses the engine itself).
``document.py``, ``claims.py`` (its verdict rows in ``_verdicts.py``)
    The paper's printed numbers, and the tables that check them (with
    ``claims.verdicts``, the verdict table of notebook ``05_ten_thousand``,
    judged by the one rule of :mod:`stoplib.workbook.verdicts`).
``plots.py``, ``widgets.py``
    The figures (each ``plot_*`` draws a computed result on a given Axes, in the
    workbook style, and computes nothing) and the interactive panels
    (``stoplib.workbook.panel.Panel``, computing one result per interaction) of
    notebook ``05_ten_thousand``.
``_costs.py`` (private)
    What a call would cost: every entry point whose cost grows with its
    arguments (the value iterations, the simulators, the score distribution,
    the exact fractions, the reachability search, the claims' loops) estimates
    seconds and bytes from the rates ``benchmarks/bench_tenthousand.py``
    measures (the only module of the game that builds a ``budget.Estimate``)
    and asks :func:`stoplib.util.budget.check`, which refuses it at
    once above the limits (raise them on purpose with ``stoplib.util.budget.allow``).
``_tables.py`` (private)
    The game's arrays (configurations, scores, moves, roll probabilities), built
    once per number of dice; below ``rules.py`` and ``_costs.py``.
``_checks.py`` (private)
    Checks shared by the rooms (policy and solution tables, a list of rules).

Every public function checks its input (``TypeError`` for a wrong kind,
``ValueError`` for a value out of range, nothing clipped); :class:`Policy`,
:class:`Solution` and :class:`PigResult` check their tables, so that no numba
kernel ever reads a table with an impossible action code.

Everything named in ``__all__`` is the public API (``document``, ``claims``,
``plots`` and ``widgets`` are imported as modules:
``from stoplib.tenthousand import claims``).

Examples
--------
>>> from stoplib import tenthousand as tt
>>> round(tt.solve().value, 6), tt.pig().threshold
(5.872019, 20)
"""
from .rules import (MAX_DICE, TRIPLE_KINDS, PAPER_ACTIONS, NEVER_OPTIMAL, ACTION_NAMES, STOP, ROLL,
                    configurations, score, is_smaller, move_name, frequencies, move, is_reachable)
from .solver import (ThresholdResult, threshold, Solution, Advice, solve, value_iteration, evaluate,
                     score_distribution)
from .rolling import RollingValue, value_of_rolling
from .policies import Policy, stop_at_policy
from .twins import frequencies_multinomial, solve_exact
from .simulation import SimulationResult, simulate
from .pig_game import (FACES, PigResult, pig, pig_threshold, pig_growth_rate, pig_min_scale, pig_exact,
                       pig_value_iteration, pig_stop_at_value, PigSimulation, pig_simulate)
from .twins import pig_duel_brute_force, duel_brute_force
from .races import duel, pig_duel, fair_head_start

__all__ = [
    # rules
    "MAX_DICE", "TRIPLE_KINDS", "PAPER_ACTIONS", "NEVER_OPTIMAL", "ACTION_NAMES", "STOP", "ROLL",
    "configurations", "score", "is_smaller", "move_name", "frequencies", "move", "is_reachable",
    # solver
    "ThresholdResult", "threshold", "Solution", "Advice", "solve", "value_iteration", "evaluate",
    "score_distribution",
    # the value of rolling on
    "RollingValue", "value_of_rolling",
    # policies
    "Policy", "stop_at_policy",
    # twins
    "frequencies_multinomial", "solve_exact", "pig_duel_brute_force", "duel_brute_force",
    # simulation
    "SimulationResult", "simulate",
    # solitaire Pig
    "FACES", "PigResult", "pig", "pig_threshold", "pig_growth_rate", "pig_min_scale", "pig_exact",
    "pig_value_iteration", "pig_stop_at_value", "PigSimulation", "pig_simulate",
    # two players: thin calls into stoplib.race
    "duel", "pig_duel", "fair_head_start",
]
