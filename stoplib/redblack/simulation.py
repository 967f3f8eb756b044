"""The red/black card game ("Problem 14") by Monte Carlo: play the optimal policy many times.

The game
--------
A deck of ``n_red`` red cards (+$1 each) and ``n_black`` black cards (-$1 each)
is shuffled; you turn cards over one by one and may stop whenever you like.
:mod:`stoplib.redblack.solver` computes the value ``V(r, b)`` of the rest of the
game with ``r`` red and ``b`` black cards left,
``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``, and the
optimal policy: draw while ``V(r, b) > 0`` (ties stop, as in the document's R code). This module plays that
policy on random decks, to check the exact value by simulation (document 000
does the same in R: ``mean(replicate(10000000, simulateGame(26,26,0)))``) and
to draw sample games.

How a deck is dealt
-------------------
Dealing the next card of a uniformly shuffled deck with ``r`` red and ``b``
black cards left gives red with probability ``r / (r + b)``; the kernel draws
card by card with exactly these probabilities, which is the same as shuffling
the deck first and stops as soon as the policy says so (no card after the stop
is ever needed). The policy enters the kernel as a threshold per row: with
``r`` red cards left, draw while ``b < limit[r]`` black cards are left. The
threshold is read off the DP policy table (and checked to be a threshold).

The document's mistake (``replacement=True``)
---------------------------------------------
The author's first R program kept the chance of a red card fixed at 1/2 while
the counts still ran down, and found $2.86. ``replacement=True`` plays exactly
that mistaken model: while both colours are left each card is red with
probability 1/2; with no black card left the remaining reds are collected; with
no red card left the game is worth nothing more. The policy played is the
optimal one *for that model* (its own DP,
:func:`stoplib.redblack.variants.replacement_table`, whose corner equals
:func:`stoplib.redblack.variants.value_with_replacement`), so the simulated
mean approaches about 2.86, not the true 2.62. It is not sampling with
replacement proper (that would have no end tied to the counts); it is the
document's program.

Random numbers and reproducibility
----------------------------------
Games are played in chunks of :data:`CHUNK` games. Chunk ``i`` draws from its own
stream of the project's one generator (:mod:`stoplib.util.rng`, SplitMix64:
``stream_start(kernel_seed(seed), i)``), so the result depends only
on ``seed`` and ``n_games``: the parallel kernel (``prange`` over chunks) and the
serial one return identical histograms, and the first ``k`` chunks of a long
run are the games of a short one. A uniform ``u`` in [0, 1) with 53 random bits
decides each card (red iff ``u * (r + b) < r``; bias below ``2**-53``).
Outcomes are counted in integer histograms, so the mean and standard error are
computed exactly from integers, in any order.

The exact distribution of the final winnings (:func:`winnings_distribution`)
is the exact twin of the histogram; the slow twin of the simulator itself is
:func:`stoplib.redblack.twins.simulate_reference`, and the figures
(``plot_sample_paths``, ``plot_winnings_distribution``) are in
:mod:`stoplib.redblack.plots`.

Source
------
Document 000, Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net, October
2022 (https://gwern.net/problem-14): its R simulation
(10,000,000 games, mean 2.6243913), its 49 sample games, its $2.86 mistake.
Numbers in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numba import njit, prange

from ..util import budget
from ..util.rng import kernel_seed, next_uniform, stream_start
from ..util.validate import check_bool, check_int
from ..workbook.progressbar import progress
from . import _costs
from ._costs import MAX_POLICY_CELLS
from .rules import MAX_CARDS
from .solver import _stopping_boundary, _value_table
from .variants import _replacement_table

__all__ = [
    "simulate", "sample_paths", "policy_limits", "winnings_distribution",
    "SimulationResult", "SamplePaths", "CHUNK",
]

#: Games per chunk; each chunk has its own random stream.
CHUNK = 1 << 15
#: Largest number of games one call will play (chunk indices stay far inside int64).
MAX_GAMES = 10**15


# ---------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------
@njit(cache=True)
def _play(limit, n_red, n_black, replacement, state, n, hist, draws):
    """Play ``n`` games from stream ``state``; add to ``hist`` and ``draws``.

    ``hist[w + n_black]`` counts games ending with winnings ``w``;
    ``draws[k]`` counts games that dealt ``k`` cards.
    """
    for _ in range(n):
        r = n_red
        b = n_black
        while b < limit[r]:
            state, u = next_uniform(state)
            if replacement:
                if b == 0 or u < 0.5:
                    r -= 1
                else:
                    b -= 1
            elif u * (r + b) < r:
                r -= 1
            else:
                b -= 1
        hist[(n_red - r) - (n_black - b) + n_black] += 1
        draws[(n_red - r) + (n_black - b)] += 1
    return state


@njit(cache=True, parallel=True)
def _simulate_parallel(limit, n_red, n_black, replacement, base, n_games, chunk,
                       first, hist, draws):
    for c in prange(hist.shape[0]):
        index = first + c
        start = index * chunk
        n = min(chunk, n_games - start)
        _play(limit, n_red, n_black, replacement, stream_start(base, index), n,
              hist[c], draws[c])


@njit(cache=True)
def _simulate_serial(limit, n_red, n_black, replacement, base, n_games, chunk,
                     first, hist, draws):
    for c in range(hist.shape[0]):
        index = first + c
        start = index * chunk
        n = min(chunk, n_games - start)
        _play(limit, n_red, n_black, replacement, stream_start(base, index), n,
              hist[c], draws[c])


@njit(cache=True)
def _paths(limit, n_red, n_black, replacement, base, paths, stop_step):
    """Game ``i`` uses stream ``i``; ``paths[i, k]`` = winnings after ``k`` cards."""
    for i in range(paths.shape[0]):
        state = stream_start(base, i)
        r = n_red
        b = n_black
        k = 0
        w = 0
        paths[i, 0] = 0
        while b < limit[r]:
            state, u = next_uniform(state)
            if replacement:
                red = b == 0 or u < 0.5
            else:
                red = u * (r + b) < r
            if red:
                r -= 1
                w += 1
            else:
                b -= 1
                w -= 1
            k += 1
            paths[i, k] = w
        stop_step[i] = k
        for j in range(k + 1, paths.shape[1]):
            paths[i, j] = w


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SimulationResult:
    """Outcome of :func:`simulate`.

    Attributes
    ----------
    n_red, n_black, n_games : int
    seed : int, numpy Generator or None
        As passed; ``base_seed`` is the integer the kernels actually used.
    replacement : bool
        True for the document's mistaken model (red always with probability 1/2).
    mean, std, std_err : float
        Mean final winnings, their standard deviation, and ``std / sqrt(n_games)``.
    winnings : numpy.ndarray of int64
        Possible final winnings ``-n_black .. n_red``.
    counts : numpy.ndarray of int64
        How many games ended with each entry of ``winnings``.
    draw_counts : numpy.ndarray of int64
        ``draw_counts[k]``: games that dealt exactly ``k`` cards before stopping.
    base_seed : int
    """

    n_red: int
    n_black: int
    n_games: int
    seed: object
    replacement: bool
    mean: float
    std: float
    std_err: float
    winnings: np.ndarray
    counts: np.ndarray
    draw_counts: np.ndarray
    base_seed: int

    @property
    def probabilities(self) -> np.ndarray:
        """Fraction of games ending with each entry of ``winnings``."""
        return self.counts / self.n_games

    @property
    def mean_draws(self) -> float:
        """Average number of cards dealt per game."""
        return float(np.dot(np.arange(self.draw_counts.size), self.draw_counts) / self.n_games)

    def outcome_probabilities(self) -> dict:
        """Fractions of games that end behind, even, and ahead."""
        c, n = self.counts, self.n_games      # from the integer counts: each share in [0, 1] exactly
        return {"loss": int(c[self.winnings < 0].sum()) / n, "even": int(c[self.winnings == 0].sum()) / n,
                "win": int(c[self.winnings > 0].sum()) / n}

    def z_score(self, exact: float) -> float:
        """``(mean - exact) / std_err`` (0 when the standard error is 0 and they agree)."""
        diff = self.mean - float(exact)
        if self.std_err == 0.0:
            return 0.0 if diff == 0.0 else math.copysign(math.inf, diff)
        return diff / self.std_err


@dataclass(frozen=True)
class SamplePaths:
    """Outcome of :func:`sample_paths`.

    Attributes
    ----------
    paths : numpy.ndarray of int64, shape (n_paths, n_red + n_black + 1)
        ``paths[i, k]``: winnings of game ``i`` after ``k`` cards; constant after
        the game stops.
    stop_step : numpy.ndarray of int64
        Cards dealt in each game before stopping.
    final : numpy.ndarray of int64
        Final winnings of each game.
    n_red, n_black, seed, replacement, base_seed
    """

    paths: np.ndarray
    stop_step: np.ndarray
    final: np.ndarray
    n_red: int
    n_black: int
    seed: object
    replacement: bool
    base_seed: int


# ---------------------------------------------------------------------------
# Policies
# ---------------------------------------------------------------------------
def _limits_from_table(draw: np.ndarray) -> np.ndarray:
    """Per row ``r``, the first ``b`` where ``draw[r, b]`` is False, checking that
    the row is True before it and False after (a threshold policy)."""
    n_black = draw.shape[1] - 1
    limit = np.empty(draw.shape[0], dtype=np.int64)
    for r in range(draw.shape[0]):
        row = draw[r]
        stops = np.flatnonzero(~row)
        first = int(stops[0]) if stops.size else n_black + 1
        if row[first:].any():
            raise RuntimeError(f"the policy in row r={r} is not a threshold in b")
        limit[r] = first
    return limit


def policy_limits(n_red: int, n_black: int, replacement: bool = False) -> np.ndarray:
    """The optimal policy as thresholds: with ``r`` red cards left, draw while
    fewer than ``limit[r]`` black cards are left.

    Read from :func:`stoplib.redblack.policy_table` (or, for decks above
    ``MAX_POLICY_CELLS`` cells, from :func:`stoplib.redblack.stopping_boundary`,
    which the tests show to be the same thing); with ``replacement=True``, from
    the mistaken model's table
    :func:`stoplib.redblack.variants.replacement_table`. ``limit[0] = 0``.

    Examples
    --------
    >>> policy_limits(3, 3).tolist()
    [0, 2, 4, 4]
    """
    n_red, n_black = _check_deck(n_red, n_black)
    replacement = check_bool("replacement", replacement)
    budget.check(_costs.policy_cost(n_red, n_black, replacement,
                                    f"policy_limits({n_red}, {n_black}, replacement={replacement})"))
    return _policy_limits(n_red, n_black, replacement)


def _policy_limits(n_red: int, n_black: int, replacement: bool) -> np.ndarray:
    cells = (n_red + 1) * (n_black + 1)
    if replacement:
        return _limits_from_table(_replacement_table(n_red, n_black) > 0.0)
    if cells <= MAX_POLICY_CELLS:
        return _limits_from_table(_value_table(n_red, n_black, "policy_table") > 0.0)
    boundary = np.asarray(_stopping_boundary(n_red), dtype=np.int64)
    return np.minimum(boundary, n_black + 1)


def _check_deck(n_red, n_black):
    n_red = check_int("n_red", n_red, 0, MAX_CARDS)
    n_black = check_int("n_black", n_black, 0, MAX_CARDS)
    return n_red, n_black


def _check_show_progress(show_progress):
    return None if show_progress is None else check_bool("show_progress", show_progress)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------
def simulate(n_red: int, n_black: int, n_games: int, seed=0, replacement: bool = False,
             parallel: bool = True, show_progress: bool | None = None) -> SimulationResult:
    """Play the optimal policy on ``n_games`` shuffled decks.

    Parameters
    ----------
    n_red, n_black : int
        Cards of each colour.
    n_games : int
        Number of games, 1 .. ``MAX_GAMES``.
    seed : int, numpy.random.Generator or None
        Same seed and ``n_games``: identical result, parallel or not.
    replacement : bool
        Play the document's mistaken model (red always with probability 1/2,
        counts still running down) with that model's own optimal policy; the
        mean then approaches :func:`stoplib.redblack.variants.value_with_replacement`
        (about 2.86 for 26/26), not the true value.
    parallel : bool
        Spread chunks of games over the cores (numba ``prange``); the result is
        identical to the serial run.
    show_progress : bool or None
        Progress bar over blocks of chunks (None: only for runs of more than
        about 4 million games; ``STOPLIB_PROGRESS=0`` silences it).

    Returns
    -------
    SimulationResult
        ``mean``, ``std_err``, the distribution of final winnings
        (``winnings``, ``counts``) and of the number of cards dealt.

    Raises
    ------
    TypeError, ValueError
        For arguments of the wrong type or out of range, and (a
        :class:`stoplib.util.budget.BudgetError`) for runs that would exceed the
        work or memory budget: the policy's table or boundary, and about
        ``n_games x cards dealt per game`` at the measured rate.

    Examples
    --------
    >>> res = simulate(2, 2, 10_000, seed=1)
    >>> abs(res.mean - 2 / 3) < 4 * res.std_err
    True
    >>> int(res.counts.sum())
    10000
    """
    n_red, n_black = _check_deck(n_red, n_black)
    n_games = check_int("n_games", n_games, 1, MAX_GAMES)
    replacement = check_bool("replacement", replacement)
    parallel = check_bool("parallel", parallel)
    show_progress = _check_show_progress(show_progress)
    base = kernel_seed(seed)
    return _simulate(n_red, n_black, n_games, seed, base, replacement, parallel, show_progress)


def _simulate(n_red: int, n_black: int, n_games: int, seed, base: int, replacement: bool = False,
              parallel: bool = True, show_progress: bool | None = False) -> SimulationResult:
    """:func:`simulate` of checked arguments (``base``: the kernel seed of ``seed``)."""
    budget.check(_costs.simulate_cost(n_red, n_black, n_games, replacement, parallel, CHUNK))
    n_out = n_red + n_black + 1
    limit = _policy_limits(n_red, n_black, replacement)
    n_chunks = -(-n_games // CHUNK)
    hist = np.zeros(n_out, dtype=np.int64)
    draws = np.zeros(n_out, dtype=np.int64)
    kernel = _simulate_parallel if parallel else _simulate_serial
    per_block = max(1, (1 << 20) // CHUNK)  # about a million games per progress step
    if show_progress is None:
        show_progress = n_games > 4_000_000
    blocks = range(0, n_chunks, per_block)
    bar = progress(blocks, desc=f"simulate {n_red}/{n_black}", unit="block",
                   disable=None if show_progress else True)
    for first in bar:
        count = min(per_block, n_chunks - first)
        h = np.zeros((count, n_out), dtype=np.int64)
        d = np.zeros((count, n_out), dtype=np.int64)
        kernel(limit, n_red, n_black, replacement, np.uint64(base), n_games, CHUNK,
               first, h, d)
        hist += h.sum(axis=0)
        draws += d.sum(axis=0)
    winnings = np.arange(-n_black, n_red + 1, dtype=np.int64)
    mean, std = _moments(winnings, hist, n_games)
    return SimulationResult(
        n_red=n_red, n_black=n_black, n_games=n_games, seed=seed,
        replacement=replacement, mean=mean, std=std,
        std_err=std / math.sqrt(n_games), winnings=winnings, counts=hist,
        draw_counts=draws, base_seed=base)


def _moments(winnings, counts, n):
    """Mean and sample standard deviation from an integer histogram, exactly
    (Python integers and fractions, so the order of summation cannot matter)."""
    s1 = sum(int(w) * int(c) for w, c in zip(winnings, counts) if c)
    s2 = sum(int(w) * int(w) * int(c) for w, c in zip(winnings, counts) if c)
    mean = float(Fraction(s1, n))
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(float(Fraction(n * s2 - s1 * s1, n * (n - 1))))


def sample_paths(n_red: int, n_black: int, n_paths: int, seed=0,
                 replacement: bool = False) -> SamplePaths:
    """Play ``n_paths`` games with the optimal policy and keep every step.

    Parameters
    ----------
    n_red, n_black : int
        Cards of each colour.
    n_paths : int
        Number of games (the ``n_paths x (n_red + n_black + 1)`` paths must fit the
        memory budget).
    seed : int, numpy.random.Generator or None
    replacement : bool
        Play the document's mistaken model instead (see :func:`simulate`).

    Returns
    -------
    SamplePaths
        ``paths[i, k]`` (winnings after ``k`` cards, held after the stop),
        ``stop_step`` and ``final``.

    Examples
    --------
    >>> sp = sample_paths(26, 26, 3, seed=0)
    >>> sp.paths.shape
    (3, 53)
    >>> bool((sp.paths[:, -1] == sp.final).all())
    True
    """
    n_red, n_black = _check_deck(n_red, n_black)
    n_paths = check_int("n_paths", n_paths, 1, MAX_GAMES)
    replacement = check_bool("replacement", replacement)
    budget.check(_costs.sample_paths_cost(n_red, n_black, n_paths, replacement))
    limit = _policy_limits(n_red, n_black, replacement)
    base = kernel_seed(seed)
    paths = np.empty((n_paths, n_red + n_black + 1), dtype=np.int64)
    stop = np.empty(n_paths, dtype=np.int64)
    _paths(limit, n_red, n_black, replacement, np.uint64(base), paths, stop)
    return SamplePaths(paths=paths, stop_step=stop, final=paths[:, -1].copy(),
                       n_red=n_red, n_black=n_black, seed=seed,
                       replacement=replacement, base_seed=base)


def winnings_distribution(n_red: int, n_black: int, replacement: bool = False):
    """Exact distribution of the final winnings under the optimal policy.

    Probabilities flow forward from the full deck over the states ``(r, b)``
    (red with probability ``r / (r + b)``, or 1/2 in the mistaken model) and
    collect where the policy stops; ``O((n_red+1)(n_black+1))`` work and memory.
    This is the exact twin of the histogram :func:`simulate` returns; its mean is
    the value.

    Returns
    -------
    winnings : numpy.ndarray of int64
        ``-n_black .. n_red``.
    probabilities : numpy.ndarray of float64
        Each in [0, 1]; they sum to 1 up to rounding (tested).

    Examples
    --------
    >>> w, p = winnings_distribution(2, 2)
    >>> round(float((w * p).sum()), 12)
    0.666666666667
    """
    n_red, n_black = _check_deck(n_red, n_black)
    replacement = check_bool("replacement", replacement)
    budget.check(_costs.winnings_cost(n_red, n_black, replacement))
    return _winnings_distribution(n_red, n_black, replacement)


def _winnings_distribution(n_red: int, n_black: int, replacement: bool):
    limit = _policy_limits(n_red, n_black, replacement)
    prob = np.zeros((n_red + 1, n_black + 1))
    out = np.zeros(n_red + n_black + 1)
    _forward(limit, n_red, n_black, replacement, prob, out)
    return np.arange(-n_black, n_red + 1, dtype=np.int64), out


@njit(cache=True)
def _forward(limit, n_red, n_black, replacement, prob, out):
    prob[n_red, n_black] = 1.0
    # states with more cards left come first: k = cards dealt so far
    for k in range(n_red + n_black + 1):
        for dr in range(max(0, k - n_black), min(k, n_red) + 1):
            r = n_red - dr
            b = n_black - (k - dr)
            p = prob[r, b]
            if p == 0.0:
                continue
            if b >= limit[r]:
                out[(n_red - r) - (n_black - b) + n_black] += p
                continue
            if replacement:
                pr = 1.0 if b == 0 else 0.5
            else:
                pr = r / (r + b)
            if pr > 0.0:
                prob[r - 1, b] += p * pr
            if pr < 1.0:
                prob[r, b - 1] += p * (1.0 - pr)

