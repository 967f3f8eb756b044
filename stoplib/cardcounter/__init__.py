"""CardCounter: blackjack against a dealer with a known remaining deck, solved exactly.

Source document: J. S. Plank, "SRM 734, D1, 400-Pointer (CardCounter)", his write-up
of the TopCoder problem (University of Tennessee, 26 August 2018; see
:data:`.document.CITATION`), studied in notebook ``06_card_counter``. The player, who knows the remaining deck, chooses between hitting
and standing against a dealer who hits below 17; ties lose. Two recursions over deck
compositions give his optimal win probability: ``dealer(D, s, a)``, the distribution
of the dealer's final total, and ``player(D, s, a) = max(stand, hit)``.

>>> from stoplib import cardcounter as cc
>>> round(cc.win_probability("1004000002", 5, [7, 8]), 8)
0.26666667

The rooms (the same names as in every game of :mod:`stoplib`)
----------------------------------------------------------------
``rules.py``
    The deck notation (ten counts or the document's ten-digit string), hand totals,
    fresh decks, the input checks and the state encoding.
``_kernels.py``
    The numba kernels of the two recursions (private).
``_costs.py``
    The work budget's cost model (private), the game's one cost room: state counts from
    the deck's card multisets, the rates ``benchmarks/bench_cardcounter.py`` measures and
    every estimate function; every entry point whose work grows with its arguments asks
    :func:`stoplib.util.budget.check` before it starts.
``solver.py``
    :class:`Engine` (shared memo tables), :func:`solve` / :class:`Solution`,
    :func:`win_probability`, :func:`stand_probability`, :func:`best_action`, the hit
    decision card by card (:func:`next_card` / :class:`NextCard`), the value of a whole
    dealt hand.
``twins.py``
    The slow exact twins: the document's own functions in fractions
    (:class:`DocumentSolver`, :func:`solve_exact`), a brute force over card orders,
    :func:`compare_solvers`.
``simulation.py``
    The computed strategy played on seeded shuffles (:func:`simulate`,
    :func:`simulate_deals`, :func:`play_hand`), one :mod:`stoplib.util.rng` stream per hand.
``document.py``
    The numbers document 003 prints (examples 5 and 6, the memo dump), transcribed.
``claims.py``
    Those numbers regenerated and set beside the document's (:func:`memo_dump`,
    :func:`compare_dump`, :func:`check_dump_with_fast`, ``claims.example5``,
    ``claims.packed_key_solve``) and the verdict table notebook 06 ends with
    (``claims.verdicts``, built with :mod:`stoplib.workbook.verdicts`).
``strategy.py``
    This game's own room: strategy charts beside basic strategy, composition effects,
    card-removal effects, state counts.
``plots.py``, ``widgets.py``
    The notebook's figures (each draws a computed result in the workbook style, never
    through pyplot) and its interactive panel (``widgets.counter_panel``, the workbook's
    :class:`stoplib.workbook.panel.Panel` with its hooks: counts up to an 8-deck shoe, a
    shoe menu, a Draw button, Save figure).

The names below are the public API; the rooms ``strategy``, ``plots``, ``widgets``,
``document`` and ``claims`` are imported by name (``from stoplib.cardcounter import
plots``).

Every public function checks its input (a ``TypeError`` for the wrong kind of value,
a ``ValueError`` quoting what is out of range), refuses a deck too small to deal the
hand (an empty deck, one on which the dealer may have to draw from an empty deck, fewer
than four cards for a whole deal) and refuses work above the budget with an estimate:

>>> cc.win_probability("0000000000", 10, [10, 5])
Traceback (most recent call last):
...
ValueError: deck 0000000000 is empty: too small to deal the hand ...
"""
from .rules import N_VALUES, DEALER_STANDS, OUTCOMES, parse_deck, deck_string, hand_total, fresh_deck
from .solver import (Engine, Solution, NextCard, solve, win_probability, stand_probability, best_action,
                     next_card, deal_probabilities, deal_win_probability)
from .twins import DocumentSolver, ExactSolution, solve_exact, brute_force_orders, compare_solvers
from .simulation import MonteCarloResult, simulate, simulate_deals, play_hand
from .claims import memo_dump, compare_dump, check_dump_with_fast

__all__ = [
    # rules
    "N_VALUES", "DEALER_STANDS", "OUTCOMES", "parse_deck", "deck_string", "hand_total", "fresh_deck",
    # solver
    "Engine", "Solution", "NextCard", "solve", "win_probability", "stand_probability", "best_action",
    "next_card", "deal_probabilities", "deal_win_probability",
    # twins
    "DocumentSolver", "ExactSolution", "solve_exact", "brute_force_orders", "compare_solvers",
    # simulation
    "MonteCarloResult", "simulate", "simulate_deals", "play_hand",
    # claims
    "memo_dump", "compare_dump", "check_dump_with_fast",
]
