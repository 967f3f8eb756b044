"""The increasing-fields game: the rules and the state encoding.

The game (source: M. Stepinski's increasing-fields page, https://mikolajstepinski.online/).
There are ``V`` values ``0..V-1`` and ``F`` fields in a row. ``F`` times, an
integer is drawn uniformly *without repetition* from the values not yet drawn,
and the player must place it on an empty field so that the filled fields stay
increasing from left to right. The game is won when every field is filled and
lost as soon as a roll has no legal field.

A state is a list of length ``F`` holding the value on each field or ``None``
when it is empty (inside the package: ``cells``, a list with ``-1`` for empty).
The empty fields form *gaps*: a run of empty fields between two filled ones (or
the board's ends) that can take only the values strictly between its
neighbours. This module holds the checks that turn user input into a valid
state, the legal moves (:func:`legal_fields`, :func:`place`), the enumeration of
every state (:func:`all_states`) and the placement rules of the two heuristic
players (``POLICIES``). The values of states are computed in
:mod:`stoplib.fields.solver`; see :mod:`stoplib.fields` for the other rooms.
"""
from __future__ import annotations

import itertools
import numbers

import numpy as np

from ..util.validate import check_bool, check_int

__all__ = ["POLICIES", "legal_fields", "place", "all_states"]

#: Policies understood by :func:`stoplib.fields.simulate` and
#: :func:`stoplib.fields.choose_field`: the optimal player and two heuristics.
POLICIES = ("optimal", "proportional", "nearest")


# --------------------------------------------------------------------------
# validation helpers
# --------------------------------------------------------------------------
#: Flags are checked by the shared helper (it accepts NumPy bools, refuses truthy strings).
_check_flag = check_bool


def _check_sizes(V, F):
    V = check_int("V", V, 0)
    F = check_int("F", F, 0)
    if F > V:
        raise ValueError(
            f"F must be <= V (values are drawn without repetition, so {F} fields cannot be "
            f"filled from {V} values: Win = 0 by the document's base case); got V={V}, F={F}")
    return V, F


def _check_state(V, F, state):
    """Return the state as a list of ints (-1 for empty), checking it fully.

    A list or tuple (or a 1-D NumPy array) of length ``F``; sets, dicts and
    strings are refused (their order is not the order of the fields).
    """
    if isinstance(state, np.ndarray) and state.ndim == 1:
        state = state.tolist()
    if not isinstance(state, (list, tuple)):
        raise TypeError(f"state must be a list of length F={F} holding a value or None per field, "
                        f"got {type(state).__name__}")
    if len(state) != F:
        raise ValueError(f"state must have length F={F} (one entry per field), got length {len(state)}")
    out = []
    last_value, last_field = -1, -1
    for i, v in enumerate(state):
        if v is None:
            out.append(-1)
            continue
        if isinstance(v, bool) or type(v).__name__ == "bool_" or not isinstance(v, numbers.Integral):
            raise TypeError(f"state[{i}] must be an int value or None, got {type(v).__name__} {v!r}")
        v = int(v)
        if not 0 <= v <= V - 1:
            raise ValueError(f"state[{i}] must be a value in 0..{V - 1} or None, got {v}")
        if v <= last_value:
            raise ValueError(f"state is not increasing: field {last_field} holds {last_value} "
                             f"but field {i} holds {v}")
        last_value, last_field = v, i
        out.append(v)
    return out


def _check_roll(V, cells, roll):
    roll = check_int("roll", roll, 0, V - 1)
    if roll in cells:
        raise ValueError(f"roll {roll} was already drawn (it is on field {cells.index(roll)}); "
                         "values are drawn without repetition")
    return roll


def _gap_of(V, F, cells, roll):
    """Fields a..b (inclusive; empty range when a > b) and values lo < roll < hi."""
    a, lo, hi, b = 0, -1, V, F - 1
    for i, v in enumerate(cells):
        if v < 0:
            continue
        if v < roll:
            lo, a = v, i + 1
        else:
            hi, b = v, i - 1
            break
    return a, b, lo, hi


def _gaps(V, F, cells):
    """The gaps of a state as (first field, n_fields, n_values), empty ones included."""
    gaps = []
    lo, start = -1, 0
    for i in range(F + 1):
        if i == F or cells[i] >= 0:
            hi = V if i == F else cells[i]
            gaps.append((start, i - start, hi - lo - 1))
            if i < F:
                lo, start = cells[i], i + 1
    return gaps


def _heuristic_field(V, F, cells, roll, policy):
    """The field a heuristic player puts ``roll`` on (None when no field is legal).

    ``"proportional"``: gap field ``floor(r' F_G / V_G)`` for the roll's rank
    ``r'`` among the gap's ``V_G`` values (``F_G`` fields); ``"nearest"``: the
    legal field nearest to ``floor(roll F / V)``. ``cells`` and ``roll`` are
    already checked.
    """
    a, b, lo, hi = _gap_of(V, F, cells, roll)
    if a > b:
        return None
    if policy == "proportional":
        return a + ((roll - lo - 1) * (b - a + 1)) // (hi - lo - 1)
    return min(max((roll * F) // V, a), b)


# --------------------------------------------------------------------------
# moves and states
# --------------------------------------------------------------------------
def legal_fields(V, F, state, roll):
    """Empty fields where ``roll`` keeps the filled fields increasing.

    Parameters
    ----------
    V, F : int
    state : list
        Value or None per field.
    roll : int
        A value in 0..V-1 not already on the board.

    Returns
    -------
    list of int
        Field indices (empty when the roll cannot be placed: the game is lost).

    Examples
    --------
    >>> legal_fields(10, 4, [None, 3, None, 7], 5)
    [2]
    >>> legal_fields(10, 4, [2, 3, None, None], 0)
    []
    """
    V, F = _check_sizes(V, F)
    cells = _check_state(V, F, state)
    roll = _check_roll(V, cells, roll)
    a, b, _, _ = _gap_of(V, F, cells, roll)
    return list(range(a, b + 1))


def place(V, F, state, roll, field):
    """The state after putting ``roll`` on ``field`` (a new list), after checking the move.

    Raises
    ------
    ValueError
        If the field is filled, out of range, or the placement breaks the order.

    Examples
    --------
    >>> place(10, 3, [None, None, None], 4, 1)
    [None, 4, None]
    """
    V, F = _check_sizes(V, F)
    cells = _check_state(V, F, state)
    roll = _check_roll(V, cells, roll)
    if F == 0:
        raise ValueError("the board has no fields (F = 0): there is nothing to place")
    field = check_int("field", field, 0, F - 1)
    return [None if v < 0 else v for v in _place(V, F, cells, roll, field)]


def _place(V, F, cells, roll, field):
    """``cells`` (checked, -1 for empty) after putting the checked ``roll`` on ``field`` (an
    int in 0..F-1): a new list; ``ValueError`` when the field is filled or out of the roll's gap."""
    if cells[field] >= 0:
        raise ValueError(f"field {field} is already filled (it holds {cells[field]})")
    a, b, _, _ = _gap_of(V, F, cells, roll)
    if not a <= field <= b:
        raise ValueError(f"placing {roll} on field {field} breaks the increasing order "
                         f"(legal fields: {list(range(a, b + 1)) or 'none'})")
    out = list(cells)
    out[field] = roll
    return out


def all_states(V, F):
    """Every mid-game state of a (V, F) game: each increasing partial filling.

    Returns an iterator (the arguments are checked at once) over lists of
    length ``F`` holding the value on each field or ``None``; there are
    ``sum_k C(F, k) C(V, k)`` of them (``C(V + F, F)``), made one at a time.

    Examples
    --------
    >>> from math import comb
    >>> sum(1 for _ in all_states(7, 3)), comb(10, 3)
    (120, 120)
    """
    V, F = _check_sizes(V, F)
    return _all_states(V, F)


def _all_states(V, F):
    for filled in range(F + 1):
        for fields in itertools.combinations(range(F), filled):
            for values in itertools.combinations(range(V), filled):
                state = [None] * F
                for f, v in zip(fields, values):
                    state[f] = v
                yield state
