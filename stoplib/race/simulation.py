"""Two-player races: Monte Carlo games between fixed policies, with real dice.

The exact values of :func:`stoplib.race.evaluate` are checked here by playing whole games. The
optimal player decides each roll from the optimal pre-roll values of its state (one table of
every ``(own, opponent, t, n)``, built by the same kernel pass that solves the game, so it
makes the very choices the exact evaluation assumes); a :class:`~stoplib.race.Rule` or the
solitaire optimum reads its tables. A roll of ``n`` dice draws ``n`` faces from the stream
(one draw for Pig's die). Chunk ``c`` of the games draws from stream ``c`` of the kernel seed
(:func:`stoplib.util.rng.kernel_seed` of ``seed``), so the parallel and serial paths give
identical results.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..util import budget
from ..util.rng import kernel_seed
from ..util.validate import check_bool, check_int
from . import _costs, _solitaire
from ._kernels import _pre_table
from ._kernels_fixed import _play_parallel, _play_serial
from ._two import geometry
from .match import _game, _player
from .solver import _solve

__all__ = ["Simulation", "simulate"]

#: The most games one call plays (counts are int64).
MAX_GAMES = 10**12


@dataclass(frozen=True)
class Simulation:
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


def simulate(game, player="optimal", opponent="optimal", goal=None, player_first=True, n_games=100_000, seed=0,
             n_chunks=64, parallel=True, die=6):
    """Play ``n_games`` games of a two-player race; the player's share of wins and its standard error.

    ``player`` and ``opponent`` are ``"optimal"``, ``"solitaire"`` or a :class:`~stoplib.race.Rule`
    (see :func:`stoplib.race.evaluate`, whose exact values these games estimate).

    Examples
    --------
    >>> from stoplib.race import evaluate, hold_at
    >>> s = simulate("pig", "optimal", hold_at(20), goal=30, n_games=20_000, seed=1)
    >>> abs(s.win_rate - evaluate("pig", "optimal", hold_at(20), goal=30).first_player_win) < 4 * s.std_err
    True
    """
    model, goal = _game(game, goal, die)
    if model.counter:
        raise ValueError(f"simulate plays games without a bust counter; {model.game} has one")
    n_games = check_int("n_games", n_games, 1, MAX_GAMES)
    n_chunks = check_int("n_chunks", n_chunks, 1, 10**6)
    parallel = check_bool("parallel", parallel)
    player_first = check_bool("player_first", player_first)
    kernel_seed(seed)   # checks the seed before any work
    budget.check(_costs.simulate(model, goal, n_games, parallel))
    budget.check(_costs.solve(model, goal, 2, "pairwise"))      # the optimal player's solve, and the solitaire's
    na, *A = _player(player, "player", model, goal)
    nb, *B = _player(opponent, "opponent", model, goal)
    G, N = goal, model.dice
    geo, T, P, S = geometry(model, G)
    if A[0] or B[0]:
        budget.check(_costs.table(model, G, "the optimal player's pre-roll table"))
        P0 = _solve(model, G, "pairwise", "reach").turn_start
        offsets = np.zeros(G + 1, dtype=np.int64)
        offsets[1:] = np.cumsum([G * (G - i) * N for i in range(G)])
        pre = np.zeros(int(offsets[-1]))
        _pre_table(P0, geo, N, model.rules, T, False, _solitaire.roll_table(model, T), offsets, pre)
    else:
        P0, offsets, pre = np.zeros((G, G)), np.zeros(G + 1, dtype=np.int64), np.zeros(1)
    base = np.int64(kernel_seed(seed))
    n_chunks = min(n_chunks, n_games)
    sizes = np.full(n_chunks, n_games // n_chunks, dtype=np.int64)
    sizes[: n_games % n_chunks] += 1
    wins = np.zeros(len(sizes), dtype=np.int64)
    (_play_parallel if parallel else _play_serial)(base, sizes, player_first, G, N, model.faces, model.rules,
                                                   model.roll_outcome, P0, pre, offsets, *A, *B, wins)
    w = int(wins.sum())
    rate = w / n_games
    return Simulation(model.game, na, nb, goal, player_first, n_games, w, rate,
                      math.sqrt(rate * (1.0 - rate) / n_games))
