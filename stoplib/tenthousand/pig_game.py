"""Solitaire Pig (Section 5.2 of Crocce and Mordecki): one die, roll until you stop or throw a 1.

Sources: M. Roters, "Optimal stopping in a dice game", J. Appl. Prob. 35 (1998) 229-235;
F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice game",
Journal of Applied Probability 53(1), 2016, pp. 91-105, Section 5.2;
its printed Pig numbers are in :mod:`stoplib.tenthousand.document`.

A turn starts at ``tau = 0``. Each roll of the die adds its face 2..6 to the
turn total; a 1 loses it all and ends the turn. The player maximises the
expected banked total. The dynamic-programming equation (the paper's (5.1)) is

    V(tau) = max{ tau, (V(tau + 2) + ... + V(tau + 6)) / 6 },

an optimal stopping problem. One roll then stop gains on average iff
``(5 tau + 20) / 6 > tau``, i.e. ``tau < 20``: the threshold is ``tau* = 20``,
``V(tau) = tau`` above it, and the values below come backwards, giving
``V(0) = 8.14...``. The equation without the ``max`` has many solutions with
``V >= tau``: ``V(tau) = c lambda**tau`` where ``lambda = 1.0461...`` is the
root above 1 of ``lambda**2 + ... + lambda**6 = 6``, for every
``c >= max_tau tau lambda**(-tau)``; the value is the smallest solution.

Pig is the game's own room of :mod:`stoplib.tenthousand` (a game of its own,
small enough for one file): its solver (:func:`pig`, numba backward pass), its
exact twin (:func:`pig_exact`, Fractions), an independent value iteration
(:func:`pig_value_iteration`) and Monte Carlo play (:func:`pig_simulate`). The
figure is :func:`stoplib.tenthousand.plots.plot_pig`. The module is not called
``pig.py`` because ``stoplib.tenthousand.pig`` is the solver function.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from numba import njit, prange

from ..util import budget
from ..util.rng import kernel_seed, next_below, stream_start
from ..util.validate import check_instance, check_int, check_real
from . import _costs
from .rules import _check_flag

__all__ = ["FACES", "PigResult", "pig", "pig_threshold", "pig_growth_rate", "pig_min_scale",
           "pig_exact", "pig_value_iteration", "pig_stop_at_value", "PigSimulation", "pig_simulate"]

FACES = (2, 3, 4, 5, 6)  # the faces that score; a 1 busts
#: The largest turn total a Pig rule may stop at (the simulator counts in int64); far beyond it
#: no turn ever gets there (a 1 comes every six rolls on average).
_MAX_STOP_AT = 2**62


@njit(cache=True)
def _pig_backward(T, V):
    """V[tau] for tau = 0..len(V)-1 with V = tau from T on (float64)."""
    for tau in range(V.shape[0] - 1, -1, -1):
        if tau >= T or tau + 6 >= V.shape[0]:
            V[tau] = tau
            continue
        roll = (V[tau + 2] + V[tau + 3] + V[tau + 4] + V[tau + 5] + V[tau + 6]) / 6.0
        V[tau] = roll if roll > tau else tau


@njit(cache=True)
def _pig_value_iteration(C, max_iter, W, Wn):
    """Jacobi iteration W_{k+1} = L W_k from 0, stop forced for tau > C; returns iterations."""
    size = W.shape[0]
    for tau in range(size):
        W[tau] = tau if tau > C else 0.0
        Wn[tau] = W[tau]
    it = 0
    while it < max_iter:
        it += 1
        change = 0.0
        for tau in range(C + 1):
            roll = (W[tau + 2] + W[tau + 3] + W[tau + 4] + W[tau + 5] + W[tau + 6]) / 6.0
            best = roll if roll > tau else float(tau)
            if abs(best - W[tau]) > change:
                change = abs(best - W[tau])
            Wn[tau] = best
        for tau in range(C + 1):
            W[tau] = Wn[tau]
        if change == 0.0:
            break
    return it


@njit(cache=True)
def _pig_chunk(base, chunk, n_turns, stop_at, out):
    """n_turns turns of "stop at stop_at" on stream ``chunk`` of the kernel seed ``base``;
    out = (sum, sum of squares)."""
    state = stream_start(base, chunk)
    tot = 0.0
    tot2 = 0.0
    for _ in range(n_turns):
        tau = 0
        while tau < stop_at:
            state, k = next_below(state, 6)
            face = k + 1
            if face == 1:
                tau = 0
                break
            tau += face
        x = float(tau)
        tot += x
        tot2 += x * x
    out[0] = tot
    out[1] = tot2


@njit(cache=True, parallel=True)
def _pig_simulate(base, sizes, stop_at, sums):
    for c in prange(sizes.shape[0]):
        _pig_chunk(base, c, sizes[c], stop_at, sums[c])


@njit(cache=True)
def _pig_simulate_serial(base, sizes, stop_at, sums):
    for c in range(sizes.shape[0]):
        _pig_chunk(base, c, sizes[c], stop_at, sums[c])


@dataclass
class PigResult:
    """Solution of solitaire Pig.

    Attributes
    ----------
    value : float
        ``V(0)``, the value of a turn.
    value_exact : fractions.Fraction
        The same, exactly.
    threshold : int
        ``tau* = 20``: stop as soon as the turn total reaches it.
    values : numpy.ndarray
        ``V(tau)`` for ``tau = 0..threshold + 6``.
    growth_rate : float
        ``lambda = 1.0461...``: ``V(0) lambda**tau`` solves the equation without the max.
    min_scale : float
        The least ``c`` with ``c lambda**tau >= tau`` for all integers ``tau >= 0``.
    """

    value: float
    value_exact: Fraction
    threshold: int
    values: np.ndarray = field(repr=False)
    growth_rate: float = field(repr=False, default=float("nan"))
    min_scale: float = field(repr=False, default=float("nan"))

    def __post_init__(self):
        # built by pig(); checked so that a hand-made one cannot reach plot_pig with nonsense
        self.value = check_real("value", self.value, 0)
        check_instance("value_exact", self.value_exact, Fraction)
        if self.value_exact < 0:
            raise ValueError(f"value_exact must be >= 0, got {self.value_exact}")
        self.threshold = check_int("threshold", self.threshold, 0, 10**6)
        if not isinstance(self.values, np.ndarray):
            raise TypeError(f"values must be a numpy.ndarray, got {type(self.values).__name__}")
        if self.values.dtype.kind not in "fiu" or self.values.ndim != 1:
            raise TypeError(f"values must be a 1-D array of numbers, got dtype {self.values.dtype}, "
                            f"{self.values.ndim} dimension(s)")
        if len(self.values) < self.threshold + 1 or not np.isfinite(self.values).all():
            raise ValueError(f"values must hold V(0..threshold) = {self.threshold + 1} finite numbers at least, "
                             f"got {len(self.values)}" + ("" if np.isfinite(self.values).all() else " with nan/inf"))
        if self.value != float(self.values[0]) or abs(float(self.value_exact) - self.value) > 1e-9 * max(1, self.value):
            raise ValueError(f"value, value_exact and values[0] must be the same V(0), got {self.value!r}, "
                             f"{float(self.value_exact)!r} and {float(self.values[0])!r}")
        # nan: not computed (the default); lambda is the root in (1, 2) of lambda**2 + ... + lambda**6 = 6
        self.growth_rate = check_real("growth_rate", self.growth_rate, allow_nan=True)
        self.min_scale = check_real("min_scale", self.min_scale, allow_nan=True)
        if not (math.isnan(self.growth_rate) or 1.0 < self.growth_rate < 2.0):
            raise ValueError(f"growth_rate must be in (1, 2) (or nan: not computed), got {self.growth_rate}")
        if not (math.isnan(self.min_scale) or self.min_scale > 0.0):
            raise ValueError(f"min_scale must be > 0 (or nan: not computed), got {self.min_scale}")


def pig_threshold():
    """The least ``tau`` with ``tau >= (5 tau + 20) / 6``: one more roll no longer pays.

    Examples
    --------
    >>> pig_threshold()
    20
    """
    gain = Fraction(sum(FACES), 6)          # expected points added by a roll
    bust = Fraction(1, 6)                   # probability of losing tau
    return math.ceil(gain / bust)


def pig_growth_rate():
    """The root ``lambda > 1`` of ``lambda**2 + lambda**3 + ... + lambda**6 = 6`` (bisection to 1e-15).

    ``V(tau) = lambda**tau`` then solves ``V(tau) = (V(tau+2) + ... + V(tau+6)) / 6``.

    Examples
    --------
    >>> round(pig_growth_rate(), 4)
    1.0461
    """
    lo, hi = 1.0, 2.0
    g = lambda x: sum(x ** k for k in FACES) - 6.0  # noqa: E731
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if g(mid) > 0:
            hi = mid
        else:
            lo = mid
        if hi - lo < 1e-16:
            break
    return 0.5 * (lo + hi)


def pig_min_scale(growth_rate=None):
    """The least ``c`` with ``c * lambda**tau >= tau`` for every integer ``tau >= 0``.

    Examples
    --------
    >>> round(pig_min_scale(), 3)
    8.162
    """
    lam = pig_growth_rate() if growth_rate is None else check_real("growth_rate", growth_rate, 1.0)
    if not lam > 1.0:
        raise ValueError(f"growth_rate must be > 1, got {lam}")
    return _min_scale(lam)


def _min_scale(lam):
    """:func:`pig_min_scale` for a checked ``lam > 1``."""
    peak = 1.0 / math.log(lam)
    return max(t * lam ** (-t) for t in (math.floor(peak), math.ceil(peak)))


def pig_exact():
    """Slow exact twin: ``[V(0), ..., V(26)]`` as Fractions, backwards from ``V(tau) = tau`` for ``tau >= 20``.

    Examples
    --------
    >>> pig_exact()[19], pig_exact()[20]
    (Fraction(115, 6), Fraction(20, 1))
    """
    T = pig_threshold()
    V = {t: Fraction(t) for t in range(T, T + 7)}
    for t in range(T - 1, -1, -1):
        V[t] = max(Fraction(t), sum(V[t + k] for k in FACES) / 6)
    return [V[t] for t in range(T + 7)]


def pig():
    """Solve solitaire Pig (Section 5.2 of the paper).

    Returns
    -------
    PigResult

    Examples
    --------
    >>> r = pig()
    >>> r.threshold, round(r.value, 2)
    (20, 8.14)
    """
    T = pig_threshold()
    V = np.zeros(T + 7)
    _pig_backward(T, V)
    exact = pig_exact()
    lam = pig_growth_rate()
    return PigResult(float(V[0]), exact[0], T, V, lam, _min_scale(lam))


def pig_value_iteration(cap=100, max_iter=100_000):
    """Independent check: ``W_{k+1} = L W_k`` from ``W_0 = 0`` with the stop forced above ``cap``.

    Returns ``(values, iterations)``. ``max_iter`` is at most 10**18 (12 sweeps converge
    once ``cap >= 20``); a ``cap`` whose estimated time or memory passes the budget is
    refused before it starts (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> W, it = pig_value_iteration(60)
    >>> bool(abs(W[0] - pig().value) < 1e-12)
    True
    """
    cap = check_int("cap", cap, 0, 10**15)
    max_iter = check_int("max_iter", max_iter, 1, 10**18)
    budget.check(_costs.pig_value_iteration(cap, max_iter))
    return _pig_iterate(cap, max_iter)


def _pig_iterate(cap, max_iter=100_000):
    """:func:`pig_value_iteration` for checked arguments (the budget already asked)."""
    W = np.zeros(cap + 7)
    Wn = np.zeros_like(W)
    it = _pig_value_iteration(cap, max_iter, W, Wn)
    return W[: cap + 1].copy(), int(it)


def pig_stop_at_value(stop_at):
    """Exact expected score (Fraction) of the rule "roll until the total reaches ``stop_at``".

    The denominators grow with ``stop_at`` (powers of 6), and so does the cost
    (about ``stop_at**2.6``); a call over the budget is refused before it starts
    (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> pig_stop_at_value(20) == pig().value_exact
    True
    """
    stop_at = check_int("stop_at", stop_at, 0)
    budget.check(_costs.pig_stop_at_value(stop_at))
    V = {t: Fraction(t) for t in range(stop_at, stop_at + 7)}
    for t in range(stop_at - 1, -1, -1):
        V[t] = sum(V[t + k] for k in FACES) / 6
    return V[0]


@dataclass(frozen=True)
class PigSimulation:
    """Monte Carlo estimate of the rule "stop at ``stop_at``": mean, standard error, turns."""

    mean: float
    std_err: float
    n_turns: int
    stop_at: int


def pig_simulate(stop_at=20, n_turns=1_000_000, seed=0, n_chunks=64, parallel=True):
    """Monte Carlo turns of Pig under "stop at ``stop_at``"; mean and standard error.

    Each chunk draws from its own random stream (:mod:`stoplib.util.rng`), so
    ``parallel=False`` gives identical results.
    ``stop_at`` is at most ``2**62``; ``parallel`` must be a bool; a call whose
    estimated time passes the budget is refused before it starts (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> r = pig_simulate(20, 20_000, seed=3)
    >>> abs(r.mean - pig().value) < 5 * r.std_err
    True
    """
    stop_at = check_int("stop_at", stop_at, 0, _MAX_STOP_AT)
    n_turns = check_int("n_turns", n_turns, 2, 10**15)
    n_chunks = min(check_int("n_chunks", n_chunks, 1), n_turns)   # (a chunk has at least one turn)
    parallel = _check_flag("parallel", parallel)
    base = kernel_seed(seed)
    budget.check(_costs.pig_simulate(stop_at, n_turns, n_chunks, parallel))
    sizes = np.full(n_chunks, n_turns // n_chunks, dtype=np.int64)
    sizes[: n_turns % n_chunks] += 1
    sums = np.zeros((n_chunks, 2))
    (_pig_simulate if parallel else _pig_simulate_serial)(np.int64(base), sizes, stop_at, sums)
    tot, tot2 = sums.sum(axis=0)
    mean = tot / n_turns
    var = max(tot2 / n_turns - mean * mean, 0.0) * n_turns / (n_turns - 1)
    return PigSimulation(float(mean), float(math.sqrt(var / n_turns)), n_turns, stop_at)
