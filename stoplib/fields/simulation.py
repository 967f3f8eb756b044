"""The increasing-fields game: Monte Carlo play, seeded and reproducible.

:func:`simulate` plays many games of the (V, F) game (rules in
:mod:`stoplib.fields.rules`; source: M. Stepinski's increasing-fields page, https://mikolajstepinski.online/)
with one of the ``POLICIES``: ``"optimal"`` reads the optimal field off the
solver's table (:mod:`stoplib.fields.solver`), ``"proportional"`` and
``"nearest"`` are the heuristics. The numba kernel ``_simulate`` gives game
``g`` its own random stream, :func:`stoplib.util.rng.stream_start` ``(base, g)``
of the kernel seed ``base = kernel_seed(seed)``, so a game's rolls do not depend
on the games before it (nor on how the games are split into chunks). The tests compare the win rates with the
exact values of the solver and of the brute force in :mod:`stoplib.fields.twins`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import njit

from ..util import budget
from ..util.rng import kernel_seed, next_below, stream_start
from ..util.validate import check_choice, check_int
from ._costs import _call, _simulation_estimate, _table_cost
from ._kernels import _is_cached, _optimal_field, _table_for
from .rules import POLICIES, _check_sizes

__all__ = ["simulate", "SimulationResult"]

_POLICY_CODE = {"optimal": 0, "proportional": 1, "nearest": 2}


# --------------------------------------------------------------------------
# numba kernels
# --------------------------------------------------------------------------
@njit(cache=True)
def _simulate(V, F, first, n_games, policy, w, base_seed, wins):
    """Play games first..first+n_games-1; game g draws from its own stream
    ``stream_start(base_seed, g)``, so a game's rolls do not depend on the games
    before it; wins[g - first] = 1 if won."""
    perm = np.arange(V)
    cells = np.empty(F, np.int64)
    swaps = np.empty(F, np.int64)
    for game in range(n_games):
        state = stream_start(base_seed, first + game)
        for i in range(F):
            cells[i] = -1
        won = 1
        done = 0
        for t in range(F):
            state, j = next_below(state, V - t)
            j += t
            swaps[t] = j
            done = t + 1
            tmp = perm[t]
            perm[t] = perm[j]
            perm[j] = tmp
            r = perm[t]
            a = 0
            b = F - 1
            lo = -1
            hi = V
            for i in range(F):
                v = cells[i]
                if v >= 0:
                    if v < r:
                        lo = v
                        a = i + 1
                    else:
                        hi = v
                        b = i - 1
                        break
            Fg = b - a + 1
            if Fg <= 0:
                won = 0
                break
            Vg = hi - lo - 1
            rr = r - lo - 1
            if policy == 0:
                fg = _optimal_field(w, Vg, Fg, rr)
            elif policy == 1:
                fg = (rr * Fg) // Vg
            else:
                target = (r * F) // V
                if target < a:
                    target = a
                if target > b:
                    target = b
                fg = target - a
            cells[a + fg] = r
        wins[game] = won
        for t in range(done - 1, -1, -1):   # undo the partial shuffle
            j = swaps[t]
            tmp = perm[t]
            perm[t] = perm[j]
            perm[j] = tmp


# --------------------------------------------------------------------------
# Monte Carlo
# --------------------------------------------------------------------------
#: Games per kernel call (the per-game outcomes of one call are held in memory).
_CHUNK = 1 << 20


@dataclass(frozen=True)
class SimulationResult:
    """Monte Carlo win rate: ``mean`` and its ``std_err`` over ``n_games``."""
    mean: float
    std_err: float
    n_games: int
    wins: int
    policy: str
    V: int
    F: int
    seed: object


def simulate(V, F, n_games, policy="optimal", seed=0):
    """Play ``n_games`` seeded games with a policy and report the win rate.

    Parameters
    ----------
    V, F : int
        Game size, 1 <= F <= V.
    n_games : int
        Number of games (>= 1).
    policy : {"optimal", "proportional", "nearest"}
        See :func:`stoplib.fields.choose_field`.
    seed : int or numpy.random.Generator
        Game g uses its own stream derived from ``seed`` and g, so results do
        not depend on how many games are played before it.

    Returns
    -------
    SimulationResult

    Examples
    --------
    >>> res = simulate(3, 2, 2000, seed=1)
    >>> abs(res.mean - 5 / 6) < 4 * res.std_err
    True
    """
    V, F = _check_sizes(V, F)
    if F == 0:
        raise ValueError("F must be >= 1 to simulate")
    n_games = check_int("n_games", n_games, 1)
    check_choice("policy", policy, POLICIES)
    what = _call("simulate", V, F, n_games, policy=policy)
    table = _table_cost(F, V - F, "fast", what, _is_cached(F, V - F)) if policy == "optimal" else None
    budget.check(_simulation_estimate(V, F, n_games, policy, table, _CHUNK, what))
    if V > 2**31:                 # the kernel draws each roll with next_below(state, n), n <= 2**31
        raise ValueError(f"V must be at most 2**31 to simulate, got {V}")
    base = kernel_seed(seed)
    w = _table_for(F, V - F, "fast", what).w if policy == "optimal" else np.ones((1, 1))
    chunk = min(n_games, _CHUNK)
    wins = np.zeros(chunk, dtype=np.int8)
    k = 0
    for first in range(0, n_games, chunk):
        n = min(chunk, n_games - first)
        _simulate(V, F, first, n, _POLICY_CODE[policy], w, base, wins)
        k += int(wins[:n].sum())
    p = k / n_games
    return SimulationResult(p, math.sqrt(p * (1 - p) / n_games), n_games, k, policy, V, F, seed)
