"""Two-player Ten Thousand and Pig: thin calls into the race engine (:mod:`stoplib.race`).

The two-player games of notebook 08 are solved by one engine for every dice race
(:func:`stoplib.race.solve`, where Ten Thousand is document 002's turn as a turn model). These
names keep their old calls working: :func:`duel` (two-player Ten Thousand, goal in chips of 50
points), :func:`pig_duel` (two-player Pig) and :func:`fair_head_start`. Each checks its own
arguments and hands them to the engine; the results are the engine's
(:class:`stoplib.race.Race`, :class:`stoplib.race.HeadStart`).
"""
from __future__ import annotations

from .. import race
from ..util.validate import check_bool, check_choice, check_int

__all__ = ["duel", "pig_duel", "fair_head_start"]


def duel(goal=200, method="pairwise", finish="reach", cache=True, parallel=False):
    """Two-player Ten Thousand under document 002's rules: ``stoplib.race.solve("tenthousand", goal, ...)``.

    Examples
    --------
    >>> r = duel(20)
    >>> r.game, bool(0.5 < r.first_player_win < 0.6)
    ('tenthousand', True)
    """
    goal = check_int("goal", goal, 1)
    method = check_choice("method", method, ("pairwise", "value_iteration"))
    finish = check_choice("finish", finish, race.FINISH_RULES)
    cache = check_bool("cache", cache)
    parallel = check_bool("parallel", parallel)
    return race.solve("tenthousand", goal, 2, method, finish=finish, cache=cache, parallel=parallel)


def pig_duel(goal=100, die=6, method="pairwise"):
    """Two-player Pig: ``stoplib.race.solve("pig", goal, method=method, die=die)``.

    Examples
    --------
    >>> round(pig_duel(100).first_player_win, 4)
    0.5306
    """
    goal = check_int("goal", goal, 1)
    die = check_int("die", die, 2, 10**6)
    method = check_choice("method", method, ("pairwise", "value_iteration", "exact"))
    return race.solve("pig", goal, 2, method, die=die)


def fair_head_start(game="tenthousand", goal=None):
    """The second player's fair head start in two-player Ten Thousand (chips) or Pig (points).

    Examples
    --------
    >>> fair_head_start("pig", 100).head_start
    5
    """
    game = check_choice("game", game, ("tenthousand", "pig"))
    goal = None if goal is None else check_int("goal", goal, 1)
    return race.fair_head_start(game, goal)
