"""Two-player Pig and Ten Thousand: Monte Carlo games between policies, with real dice.

The exact values of :func:`stoplib.tenthousand.pig_duel_evaluate` and
:func:`stoplib.tenthousand.duel_evaluate` are checked here by playing whole games. The
optimal Ten Thousand player decides each roll from the optimal pre-roll values of its state
(one table of every ``(own, opponent, t, n)``, built once by the same kernel pass that
solves the game, so it makes the very choices the exact evaluation assumes); Pig players
read their hold tables. Chunk ``c`` of the ``n_chunks`` chunks of games draws its dice from
stream ``c`` of the kernel seed (:func:`stoplib.util.rng.kernel_seed` of ``seed``; streams of
:mod:`stoplib.util.rng`), the pattern of :mod:`.simulation`, so the parallel and serial paths
give identical results.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..util import budget
from ..util.rng import kernel_seed
from ..util.validate import check_bool, check_choice, check_int
from . import _costs
from ._duel_kernels import _play_parallel, _play_serial, _pre_table
from ._duel_tables import N_DICE, _sol_roll, _tables
from ._pig_duel_kernels import _play_parallel as _pig_parallel
from ._pig_duel_kernels import _play_serial as _pig_serial
from .duel_game import FINISH_RULES, _duel
from .duel_match import _player
from .pig_duel_game import MAX_DIE, _policy_table

__all__ = ["DuelSimulation", "pig_duel_simulate", "duel_simulate"]

#: The most games one call plays (counts are int64).
MAX_GAMES = 10**12


@dataclass(frozen=True)
class DuelSimulation:
    """Monte Carlo estimate of ``player``'s win probability against ``opponent``.

    ``win_rate`` is the share of ``n_games`` games the player won (moving first if
    ``player_first``), ``std_err`` its binomial standard error.
    """

    game: str
    player: str
    opponent: str
    goal: int
    player_first: bool
    n_games: int
    wins: int
    win_rate: float
    std_err: float


def _chunks(seed, n_games, n_chunks):
    """The kernel seed (stream ``c`` of it plays chunk ``c``) and the games of each chunk."""
    base = np.int64(kernel_seed(seed))
    n_chunks = min(n_chunks, n_games)
    sizes = np.full(n_chunks, n_games // n_chunks, dtype=np.int64)
    sizes[: n_games % n_chunks] += 1
    return base, sizes


def _result(game, na, nb, goal, first, n_games, wins):
    w = int(wins.sum())
    rate = w / n_games
    return DuelSimulation(game, na, nb, goal, first, n_games, w, rate, math.sqrt(rate * (1.0 - rate) / n_games))


def _common(n_games, seed, n_chunks, parallel, player_first):
    n_games = check_int("n_games", n_games, 1, MAX_GAMES)
    n_chunks = check_int("n_chunks", n_chunks, 1, 10**6)
    parallel = check_bool("parallel", parallel)
    player_first = check_bool("player_first", player_first)
    kernel_seed(seed)   # checks the seed before any work
    return n_games, n_chunks, parallel, player_first


def pig_duel_simulate(player="optimal", opponent="optimal", goal=100, die=6, player_first=True, n_games=100_000,
                      seed=0, n_chunks=64, parallel=True):
    """Play ``n_games`` games of two-player Pig; the player's share of wins and its standard error.

    ``player`` and ``opponent`` are ``"optimal"`` or a :class:`PigRule` (see
    :func:`pig_duel_evaluate`, whose exact values these games estimate).

    Examples
    --------
    >>> from stoplib.tenthousand import pig_duel_evaluate, pig_hold_at
    >>> s = pig_duel_simulate("optimal", pig_hold_at(20), goal=30, n_games=20_000, seed=1)
    >>> exact = pig_duel_evaluate("optimal", pig_hold_at(20), goal=30).first_player_win
    >>> abs(s.win_rate - exact) < 4 * s.std_err
    True
    """
    goal = check_int("goal", goal, 1)
    die = check_int("die", die, 2, MAX_DIE)
    n_games, n_chunks, parallel, player_first = _common(n_games, seed, n_chunks, parallel, player_first)
    budget.check(_costs.pig_duel_simulate(goal, die, n_games, parallel))
    na, HA = _policy_table(player, goal, die, "player")
    nb, HB = _policy_table(opponent, goal, die, "opponent")
    base, sizes = _chunks(seed, n_games, n_chunks)
    wins = np.zeros(len(sizes), dtype=np.int64)
    (_pig_parallel if parallel else _pig_serial)(HA, HB, goal, die, base, sizes, player_first, wins)
    return _result("pig", na, nb, goal, player_first, n_games, wins)


def duel_simulate(player="optimal", opponent="optimal", goal=200, finish="reach", player_first=True,
                  n_games=100_000, seed=0, n_chunks=64, parallel=True):
    """Play ``n_games`` games of two-player Ten Thousand with real dice; the player's share of wins.

    ``player`` and ``opponent`` are ``"optimal"``, ``"solitaire"``, a :class:`Policy` or a
    :class:`Solution` (see :func:`duel_evaluate`, whose exact values these games estimate).
    An optimal player needs the pre-roll values of every state (``goal**3 * 20`` bytes: 160 MB
    at 200 chips), which the budget checks with the games.

    Examples
    --------
    >>> from stoplib.tenthousand import duel_evaluate
    >>> s = duel_simulate("optimal", "solitaire", goal=20, n_games=20_000, seed=1)
    >>> abs(s.win_rate - duel_evaluate("optimal", "solitaire", goal=20).first_player_win) < 4 * s.std_err
    True
    """
    goal = check_int("goal", goal, 1)
    finish = check_choice("finish", finish, FINISH_RULES)
    n_games, n_chunks, parallel, player_first = _common(n_games, seed, n_chunks, parallel, player_first)
    budget.check(_costs.duel_simulate(goal, n_games, parallel))
    na, optA, tabA_o, tabA_a, capA = _player(player, "player", goal)
    nb, optB, tabB_o, tabB_a, capB = _player(opponent, "opponent", goal)
    G, N = goal, N_DICE
    tb = _tables(N)
    if optA or optB:
        P0 = _duel(G, "pairwise", finish).turn_start
        offsets = np.zeros(G + 1, dtype=np.int64)
        offsets[1:] = np.cumsum([G * (G - i) * N for i in range(G)])
        pre = np.zeros(int(offsets[-1]))
        _pre_table(P0, G, N, tb.rules, tb.smax, finish == "bank", _sol_roll(G), offsets, pre)
    else:
        P0, offsets, pre = np.zeros((G, G)), np.zeros(G + 1, dtype=np.int64), np.zeros(1)
    base, sizes = _chunks(seed, n_games, n_chunks)
    wins = np.zeros(len(sizes), dtype=np.int64)
    (_play_parallel if parallel else _play_serial)(base, sizes, player_first, G, N, tb.rules, tb.r.s, tb.r.cfg_of,
                                                   tb.e_of, P0, pre, offsets, optA, tabA_o, tabA_a, capA, optB,
                                                   tabB_o, tabB_a, capB, wins)
    return _result("tenthousand", na, nb, goal, player_first, n_games, wins)
