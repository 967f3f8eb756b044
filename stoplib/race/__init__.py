"""Dice races: Pig, Ten Thousand and Farkle as one engine, for two players and more.

A race: players take turns rolling dice; a roll busts (the turn's total is lost) or scores, and
the player keeps some of it and banks or rolls again; the first to the goal wins. The games
differ only in a turn, which the engine takes as data (:class:`TurnModel`, :func:`turn_model`):
Pig (one die; T. W. Neller and C. G. M. Presser, UMAP Journal 25(1), 2004), Ten Thousand
(document 002: F. Crocce and E. Mordecki, J. Appl. Prob. 53(1), 2016) and Farkle (M. Busche and
T. W. Neller, ACG 2017; Busche's Facebook Farkle, 2016).

The rooms
---------
``models.py`` (arrays built in ``_dice.py``, Farkle's scoring in ``_farkle.py``)
    :class:`TurnModel`, :func:`turn_model`, :data:`GAMES`.
``solver.py`` (two players: ``_two.py``, kernels in ``_kernels.py``; disk cache ``_cache.py``)
    :func:`solve` and its :class:`Race`: the pairwise finite exact algorithm and value iteration;
    ``twins.py``: two-player Pig in fractions (``method="exact"``).
``multi.py`` (kernels in ``_kernels_multi.py``)
    Three or more players: :class:`MultiRace`, a stationary equilibrium by value iteration on
    vectors of win probabilities, with the deviation check.
``advice.py``, ``advice_multi.py``
    :class:`Advice` after a roll, :class:`PolicyMap`, :class:`DepartureMap`.
``match.py``, ``simulation.py`` (kernels in ``_kernels_fixed.py``)
    Fixed policies exactly (:func:`evaluate`, :class:`Rule`), :func:`fair_head_start`,
    :func:`win_shares_by_goal`, Monte Carlo games (:func:`simulate`).
``document.py``, ``claims.py`` (rows in ``_verdicts.py``), ``plots.py``, ``widgets.py``
    The published numbers and their verdict rows; the figures and panels of the chapter.
``_costs.py``, ``_solitaire.py`` (private)
    What a call would cost; the solitaire optimum of any turn model.

Examples
--------
>>> from stoplib import race
>>> round(race.solve("pig", 100).win_probability(0), 4)
0.5306
"""
from .models import GAMES, TurnModel, turn_model
from .solver import METHODS, FINISH_RULES, MAX_PLAYERS, Race, solve
from .multi import STARTS, MultiRace, equilibrium
from .advice import Option, Advice, PolicyMap, DepartureMap
from .match import Rule, hold_at, keep_pace, Match, evaluate, HeadStart, fair_head_start, WinShares, \
    win_shares_by_goal, seat_departures
from .simulation import Simulation, simulate

__all__ = ["GAMES", "TurnModel", "turn_model", "METHODS", "FINISH_RULES", "MAX_PLAYERS", "Race", "solve",
           "STARTS", "MultiRace", "equilibrium", "seat_departures", "Option", "Advice", "PolicyMap", "DepartureMap",
           "Rule", "hold_at", "keep_pace", "Match", "evaluate", "HeadStart", "fair_head_start", "WinShares",
           "win_shares_by_goal", "Simulation", "simulate"]
