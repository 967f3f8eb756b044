"""Ten Thousand: Monte Carlo play of a turn with real dice.

:func:`simulate` plays turns under a :class:`~stoplib.tenthousand.solver.Policy`
(or a :class:`~stoplib.tenthousand.solver.Solution`, which plays optimally):
each roll is drawn, classified into its configuration (the paper's Table 2,
:mod:`.rules`) and the policy's table says stop, roll or move. Its mean is
checked in the tests and the notebook against the exact values of
:func:`stoplib.tenthousand.evaluate` and :func:`stoplib.tenthousand.solve`
(``V*(iota) = 5.872019`` chips for five dice, Crocce and Mordecki 2016,
Theorem 4.1).

Each of ``n_chunks`` chunks of turns draws its dice from its own stream of the
workbook's one generator (:mod:`stoplib.util.rng`: stream ``c`` of the kernel seed
that ``seed`` gives), so the parallel (``prange``) and serial paths give identical
results, and a rerun with the same seed is bit-identical.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import njit, prange

from ..util import budget
from ..util.rng import kernel_seed, next_below, stream_start
from ..util.validate import check_int
from . import _costs
from ._kernels import _roll_config
from .policies import _policy_arrays
from .rules import _check_flag
from .solver import _as_policy

#: The most turns one call simulates (counts are int64; at a microsecond a turn this is 30 years).
MAX_TURNS = 10**15

__all__ = ["SimulationResult", "simulate"]


@njit(cache=True)
def _play_turn(state, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, counts):
    """Play one turn from the initial state under policy A, drawing the dice from the stream
    ``state``; return the advanced state and the chips banked."""
    tau = 0
    n = N
    while True:
        for k in range(7):
            counts[k] = 0
        for _ in range(n):
            state, face = next_below(state, 6)
            counts[face + 1] += 1
        k = _roll_config(counts, cfg_of)
        if k == 0:
            return state, 0
        tau += s[k]
        n = n - d[k]
        if n == 0:
            n = N
        moved = False
        while True:
            if tau >= cap:
                return state, tau
            a = Ab[tau, k, n] if (moved and not chain) else A[tau, k, n]
            if a == 0:
                return state, tau
            if a == 1:
                break
            j = move_dest[k, a]
            tau = tau - s[k] + s[j]
            n = n + d[k] - d[j]
            k = j
            moved = True


@njit(cache=True)
def _simulate_chunk(base, chunk, n_turns, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, out):
    """Simulate n_turns turns on stream ``chunk`` of the kernel seed ``base``; out = (sum, sum of squares)."""
    state = stream_start(base, chunk)
    counts = np.zeros(7, dtype=np.int64)
    tot = 0.0
    tot2 = 0.0
    for _ in range(n_turns):
        state, banked = _play_turn(state, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, counts)
        x = float(banked)
        tot += x
        tot2 += x * x
    out[0] = tot
    out[1] = tot2


@njit(cache=True, parallel=True)
def _simulate_parallel(base, sizes, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums):
    for c in prange(sizes.shape[0]):
        _simulate_chunk(base, c, sizes[c], N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums[c])


@njit(cache=True)
def _simulate_serial(base, sizes, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums):
    for c in range(sizes.shape[0]):
        _simulate_chunk(base, c, sizes[c], N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums[c])


# ----------------------------------------------------------------------------- public

@dataclass(frozen=True)
class SimulationResult:
    """Monte Carlo estimate of a policy's expected score per turn (chips)."""

    mean: float
    std_err: float
    n_turns: int
    policy: str
    seed: object = None


def simulate(policy, n_turns=1_000_000, seed=0, parallel=True, n_chunks=64):
    """Play ``n_turns`` turns under ``policy`` with real dice; return mean and standard error.

    Each of ``n_chunks`` chunks draws from its own random stream, so the parallel
    and serial paths give identical results.

    Parameters
    ----------
    policy : Policy or Solution
        The rule to follow (``solve()`` plays optimally; see :func:`stop_at_policy`).
    n_turns : int
        Number of turns, 2..10**15.
    seed : int or numpy.random.Generator
    parallel : bool
        Use all cores (numba ``prange`` over chunks).
    n_chunks : int
        Number of independent chunks (>= 1; more chunks than turns means one turn each).

    A request whose estimated time or memory passes the budget is refused
    before it starts (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> from stoplib.tenthousand import solve
    >>> r = simulate(solve(), n_turns=20_000, seed=1)
    >>> abs(r.mean - 5.872019) < 5 * r.std_err
    True
    """
    pol = _as_policy(policy)
    n_turns = check_int("n_turns", n_turns, 2, MAX_TURNS)
    n_chunks = check_int("n_chunks", n_chunks, 1)
    parallel = _check_flag("parallel", parallel)
    base = kernel_seed(seed)
    n_chunks = min(n_chunks, n_turns)   # (a chunk has at least one turn)
    budget.check(_costs.simulate(pol.n_dice, pol.cap, n_turns, n_chunks, parallel))
    return _simulate(pol, n_turns, base, parallel, n_chunks, seed if isinstance(seed, int) else None)


def _simulate(pol, n_turns, base, parallel=True, n_chunks=64, seed=None):
    """:func:`simulate` for a checked policy and counts, from the kernel seed ``base`` (the budget
    already asked)."""
    rules, A, Ab = _policy_arrays(pol)
    n_chunks = min(n_chunks, n_turns)
    sizes = np.full(n_chunks, n_turns // n_chunks, dtype=np.int64)
    sizes[: n_turns % n_chunks] += 1
    sums = np.zeros((n_chunks, 2))
    kern = _simulate_parallel if parallel else _simulate_serial
    kern(np.int64(base), sizes, pol.n_dice, pol.cap, rules.s, rules.d, rules.cfg_of, A, Ab, bool(pol.chain),
         rules.move_dest, sums)
    tot, tot2 = sums.sum(axis=0)
    mean = tot / n_turns
    var = max(tot2 / n_turns - mean * mean, 0.0) * n_turns / (n_turns - 1)
    return SimulationResult(float(mean), float(math.sqrt(var / n_turns)), n_turns, pol.name, seed)
