"""The red/black card game ("Problem 14"): the rules, the state, and the limits.

The game
--------
A deck holds ``r`` red cards (each pays +$1) and ``b`` black cards (each costs
-$1), shuffled uniformly. You turn cards over one at a time, without
replacement, and may stop at any moment (also before the first card) keeping
what you have won so far. What is the expected payoff of optimal play?

The state and the recursion
---------------------------
Only the counts of cards left matter, so a state is the pair ``(r, b)`` of
non-negative ints (red and black cards left), and the value of the rest of the
game, net of what you already hold, is a function ``V(r, b)``::

    V(0, b) = 0                     (only black cards left: stop)
    V(r, 0) = r                     (only red cards left: take them all)
    V(r, b) = max(0, r/(r+b) * (V(r-1, b) + 1) + b/(r+b) * (V(r, b-1) - 1))

The ``0`` in the ``max`` is stopping, the other term is drawing one more card.
The stop region is simple: for each ``r`` the cells with ``b >= boundary(r)``
are exactly 0, ``boundary`` is non-decreasing in ``r`` and ``boundary(r)`` is
about ``r + 1.2 sqrt(r)``. With ``n_red`` red and ``n_black`` black cards at
the start, what you hold in state ``(r, b)`` is ``(n_red - r) - (n_black - b)``.

This module holds what every other room of :mod:`stoplib.redblack` checks a
request against: :func:`check_counts` turns user input into a valid state, and
the limits refuse computations that would be absurdly long or large on this
machine, with a message saying what they would need (:func:`work_estimate`,
:func:`check_work`). The solver itself is in :mod:`stoplib.redblack.solver`.

Limits
------
Requests whose time (at the rates ``RATES`` measured on this 2-core machine)
would exceed ``MAX_SECONDS`` or whose memory would exceed ``MAX_TABLE_GB`` are
refused; "topdown" and "exact" have their own caps (``MAX_TOPDOWN_CELLS``,
``MAX_EXACT_CELLS``). They are read at call time, so
``stoplib.redblack.rules.MAX_SECONDS = ...`` raises a limit for a session.

Source
------
Document 000 (``shared/seeds/000_cd0610b35b05a9e7.txt``), gwern's write-up of
Timothy Falcon's / Nigel Coldwell's interview problem 14; its printed numbers
are in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..util.validate import check_int

__all__ = [
    "check_counts", "check_work", "work_estimate", "WorkEstimate", "sum_live_cells_estimate",
    "MAX_SECONDS", "MAX_TABLE_GB", "MAX_TOPDOWN_CELLS", "MAX_EXACT_CELLS", "RATES",
]

# ---------------------------------------------------------------------------
# Limits. Rates are cell updates per second measured on this project's 2-core
# AMD EPYC machine (benchmarks/bench_redblack.py); they are used only to say
# how long a refused request would have taken.
# ---------------------------------------------------------------------------
#: Longest computation (estimated seconds) a float method will start.
MAX_SECONDS = 1800.0
#: Largest array (GB) a table function will allocate.
MAX_TABLE_GB = 2.0
#: Top-down recursion memoises every state in a dict: cap the number of states.
MAX_TOPDOWN_CELLS = 2_000_000
#: Exact rationals grow to hundreds of digits: cap the cells of the table.
MAX_EXACT_CELLS = 250_000

RATES = {  # cell updates per second after compilation: medians of benchmarks/bench_redblack.py
    "topdown": 1.2e6,  # on the quiet 2-core AMD EPYC development machine
    "exact": 1.5e5,
    "row": 1.8e8,
    "diagonal": 9.7e9,
    "tiled": 1.5e10,
    "table": 3.0e8,
    # the tiled kernel as a Dask graph on a LocalCluster of this machine
    # (benchmarks/bench_redblack_frontier.py); on a real cluster, about workers x this
    "dask": 1.2e10,
    # NOT MEASURED: no GPU was lent to the session that wrote the CUDA path. A
    # nominal figure (an H100's fp64 throughput / ~20 flops per cell, halved), used
    # only to refuse absurd requests; replace it by a measurement.
    "cuda": 1.0e11,
}


def check_counts(n_red, n_black) -> tuple[int, int]:
    """Return ``(n_red, n_black)`` as ints after checking they are card counts.

    Raises ``TypeError`` for anything but an int (bools and floats included)
    and ``ValueError`` for a negative count, naming the argument.

    Examples
    --------
    >>> check_counts(26, 26)
    (26, 26)
    >>> check_counts(3, -1)
    Traceback (most recent call last):
    ...
    ValueError: n_black must be >= 0, got -1
    """
    n_red = check_int("n_red", n_red, 0)
    n_black = check_int("n_black", n_black, 0)
    return n_red, n_black


@dataclass(frozen=True)
class WorkEstimate:
    """What a computation would cost: cell updates, seconds, memory."""

    method: str
    cells: float
    seconds: float
    memory_gb: float

    def describe(self) -> str:
        secs = self.seconds
        when = (f"{secs:.3g} s" if secs < 120 else
                f"{secs / 60:.3g} minutes" if secs < 7200 else
                f"{secs / 3600:.3g} hours" if secs < 172800 else f"{secs / 86400:.3g} days")
        return (f"about {self.cells:.3g} cell updates, {when} at the measured "
                f"{RATES[self.method]:.2g} updates/s of method {self.method!r} on this "
                f"2-core machine, and {self.memory_gb:.3g} GB of memory")


def work_estimate(n_red: int, n_black: int, method: str = "tiled") -> WorkEstimate:
    """Estimate cell updates, time and memory of one computation.

    The row, diagonal and tiled kernels skip the stop region (about half
    the square when ``n_black >= n_red``); "topdown", "exact" and "table"
    (:func:`stoplib.redblack.value_table`) visit every cell.

    Examples
    --------
    >>> est = work_estimate(100_000, 100_000, "tiled")
    >>> est.cells < 1e10
    True
    """
    cells = float(n_red + 1) * float(n_black + 1)
    mem = 8.0 * (n_red + n_black + 2) / 1e9
    if method in ("row", "diagonal", "tiled", "dask", "cuda"):
        # these skip the stop region: cells with b < boundary(r) ~ r + 1.2 sqrt(r)
        cells = sum_live_cells_estimate(n_red, n_black)
        if method in ("tiled", "dask", "cuda"):
            mem = 8.0 * (2 * (n_red + n_black + 2)) / 1e9
    elif method in ("topdown", "exact"):
        mem = cells * (200e-9 if method == "topdown" else 400e-9)
    elif method == "table":
        mem = cells * 8.0 / 1e9
    return WorkEstimate(method, cells, cells / RATES[method], mem)


def sum_live_cells_estimate(n_red: int, n_black: int) -> float:
    """Rough count of the cells outside the stop region, ``b < r + 1.2 sqrt(r) + 2``.

    Examples
    --------
    >>> 0.5e10 < sum_live_cells_estimate(100_000, 100_000) < 0.6e10
    True
    """
    r = np.linspace(0.0, float(n_red), 257)
    width = np.minimum(float(n_black), r + 1.2 * np.sqrt(r) + 2.0)
    return float(np.trapezoid(width, r)) + n_red + n_black + 1.0


def check_work(n_red: int, n_black: int, method: str, what: str, limit_time: bool = True) -> None:
    """Refuse a computation over ``MAX_SECONDS`` or ``MAX_TABLE_GB``, saying what
    it would need; ``what`` names the request in the message. ``limit_time=False``
    (a sweep with a checkpoint, which can be stopped and resumed) checks memory only.

    Examples
    --------
    >>> check_work(26, 26, "row", "value(26, 26)") is None
    True
    >>> check_work(10**8, 10**8, "tiled", "value(10**8, 10**8)")
    Traceback (most recent call last):
    ...
    ValueError: value(10**8, 10**8) would need about ... days ...
    """
    est = work_estimate(n_red, n_black, method)
    if limit_time and est.seconds > MAX_SECONDS:
        raise ValueError(
            f"{what} would need {est.describe()}; the limit is "
            f"stoplib.redblack.rules.MAX_SECONDS = {MAX_SECONDS:g} s. Use smaller counts, "
            f"give a checkpoint= file (a run that can be stopped and resumed has no time "
            f"limit), or raise MAX_SECONDS if you really mean it.")
    if est.memory_gb > MAX_TABLE_GB:
        raise ValueError(
            f"{what} would need {est.memory_gb:.3g} GB of memory ({est.describe()}); "
            f"the limit is stoplib.redblack.rules.MAX_TABLE_GB = {MAX_TABLE_GB:g} GB.")
