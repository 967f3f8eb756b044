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
request against: :func:`check_counts` turns user input into a valid state, and the caps
below bound what the slow twins may be asked. What a computation would cost (cell
updates, seconds, memory), and the refusal of one that is absurdly long or large for this
machine *before* it starts, live in the game's cost room, :mod:`stoplib.redblack._costs`
(:func:`~stoplib.redblack.work_estimate`, through the project's one budget,
:mod:`stoplib.util.budget`). The solver itself is in :mod:`stoplib.redblack.solver`.

Limits
------
Card counts above ``MAX_CARDS = 2**53`` are refused outright: the kernels hold ``r`` and
``b`` as doubles, which are exact only up to 2**53. Two methods also have caps of their
own, which the budget does not raise: "topdown" memoises every state in a dict
(``MAX_TOPDOWN_CELLS``) and "exact" keeps Fractions of hundreds of digits
(``MAX_EXACT_CELLS``); they are teaching twins, the float methods are the tools.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14), gwern's write-up of
Timothy Falcon's / Nigel Coldwell's interview problem 14; its printed numbers
are in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

from ..util.validate import check_int

__all__ = ["check_counts", "MAX_CARDS", "MAX_TOPDOWN_CELLS", "MAX_EXACT_CELLS"]

#: Largest card count of either colour: the kernels hold ``r`` and ``b`` as doubles.
MAX_CARDS = 2**53
#: Top-down recursion memoises every state in a dict: cap the number of states.
MAX_TOPDOWN_CELLS = 2_000_000
#: Exact rationals grow to hundreds of digits: cap the cells of the table.
MAX_EXACT_CELLS = 250_000


def check_counts(n_red, n_black) -> tuple[int, int]:
    """Return ``(n_red, n_black)`` as ints after checking they are card counts.

    Raises ``TypeError`` for anything but an int (bools and floats included;
    NumPy integers are ints) and ``ValueError`` for a negative count or one
    above ``MAX_CARDS``, naming the argument.

    Examples
    --------
    >>> check_counts(26, 26)
    (26, 26)
    >>> check_counts(3, -1)
    Traceback (most recent call last):
    ...
    ValueError: n_black must be in 0..9007199254740992, got -1
    """
    n_red = check_int("n_red", n_red, 0, MAX_CARDS)
    n_black = check_int("n_black", n_black, 0, MAX_CARDS)
    return n_red, n_black
