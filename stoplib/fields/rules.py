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
import math
import numbers

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int

__all__ = ["POLICIES", "legal_fields", "place", "all_states"]

# --------------------------------------------------------------------------
# The work budget. Every public function whose cost grows with its arguments
# estimates the seconds and bytes of the call from these rates and asks
# :func:`stoplib.util.budget.check` before it starts (a refusal is instant and
# says what the call would need; raise the limits on purpose with
# ``stoplib.util.budget.allow``). Measured with ``benchmarks/bench_fields.py
# --calibrate`` (which prints estimate against measured time) on the 2-core
# development machine: an Intel Xeon (Sapphire Rapids, AVX-512) under KVM,
# "Intel(R) Xeon(R) Processor, 2 cores, virtual machine" in
# stoplib.util.timing.machine(), its cores shared with other jobs; numba 0.68.1,
# numpy 2.4.6, 2026-11-23. Rates are the slow end of repeated runs, so that an
# estimate errs on the long side (measured / estimate between 0.25 and 0.9 there
# for every calibrated call that takes more than 0.05 s, on a busy machine); a faster
# machine finishes sooner.
# --------------------------------------------------------------------------
#: Products ``W(f, s1) W(k-1-f, s-s1)`` per second of the float table kernels.
RATE_PRODUCTS = {"fast": 1.5e8, "plain": 5.0e7, "proportional": 3.3e7}
#: Table cells per second for the work around a kernel (log-binomials, scaling, W -> Win).
RATE_TABLE_CELLS = 1.0e7
#: Bytes per table cell: the scaled table, Win, the binomials and their temporaries.
TABLE_BYTES_PER_CELL = 40.0
#: The exact twin: seconds per big-integer product (interpreter overhead; the plain
#: method's list of candidates costs EXACT_PLAIN_FACTOR times more) ...
EXACT_SECONDS_PER_PRODUCT = 1.0e-6
EXACT_PLAIN_FACTOR = 1.4
#: ... plus this times (30-bit limbs of the largest count) ** 1.585 (Karatsuba) ...
EXACT_SECONDS_PER_LIMB_POWER = 4.0e-9
#: ... plus this per table cell (the row and column bookkeeping in Python).
EXACT_SECONDS_PER_CELL = 2.0e-5
#: The exact checks with a record of every roll (check_monotonicity, tied_first_moves):
#: seconds per (sub-game, roll) pair, on top of the products.
RECORD_SECONDS_PER_ROLL = 5.0e-6
#: The brute force: seconds per (state, undrawn roll) pair it visits.
BRUTE_SECONDS_PER_VISIT = 1.0e-5
#: check_gap_formula: seconds per (state, roll) pair whose optimal fields it compares
#: (two exact placement_probabilities).
GAP_SECONDS_PER_CHOICE = 2.0e-4
#: Bytes per memoised state of the brute force (the tuple, the Fraction, the dict entry).
BRUTE_BYTES_PER_STATE = 400.0
#: Monte Carlo: seconds per game, per roll and per (roll, field) scanned (the optimal
#: player's scan of the roll's gap reads the table: SIM_OPTIMAL_SCAN_FACTOR times slower).
SIM_SECONDS_PER_GAME = 2.2e-7
SIM_SECONDS_PER_ROLL = 4.5e-8
SIM_SECONDS_PER_FIELD = 1.8e-9
SIM_OPTIMAL_SCAN_FACTOR = 5.0
#: Pure-Python loops over values or fields (optimal fields, board patches ...): seconds per item.
PYTHON_SECONDS_PER_ITEM = 1.0e-6
#: Matplotlib: seconds per figure, per drawn patch (board fields, bars) and per image
#: cell or line point.
DRAW_SECONDS_PER_FIGURE = 0.2
DRAW_SECONDS_PER_PATCH = 1.0e-3
DRAW_SECONDS_PER_POINT = 2.0e-7

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
# work estimates (see the rates above)
# --------------------------------------------------------------------------
def _n(x) -> str:
    """A number for a message: ``26``, or ``1.00e400`` for an int too long to print."""
    if isinstance(x, numbers.Integral) and not isinstance(x, bool) and abs(int(x)) >= 10**15:
        x = int(x)
        exponent = math.log10(abs(x))
        return f"{'-' if x < 0 else ''}{10 ** (exponent - math.floor(exponent)):.2f}e{math.floor(exponent)}"
    return str(x)


def _call(name, *args, **kwargs) -> str:
    """A call as a reader would write it, with long numbers shortened (budget messages)."""
    shown = [_n(a) for a in args] + [f"{k}={v!r}" if isinstance(v, str) else f"{k}={_n(v)}"
                                     for k, v in kwargs.items()]
    return f"{name}({', '.join(shown)})"


def _real(x) -> float:
    """A count as a float (``inf`` beyond the float range: 10**400 fields cost forever)."""
    try:
        return float(x)
    except OverflowError:
        return math.inf


def _products(K, S, method):
    """Products the table kernel of ``method`` evaluates for every sub-game with
    1 <= k <= K fields and 0 <= s <= S slack (an exact int, O(1)).

    ``"plain"``: ``k (s + 1)`` per cell (every feasible field of every roll);
    ``"fast"``: ``2 floor((n - 1) / 2) + 1`` per cell, n = k + s (two candidates
    per roll over half the rolls); ``"proportional"``: ``n`` per cell.
    """
    if K <= 0 or S < 0:
        return 0
    if method == "plain":
        return K * (K + 1) // 2 * ((S + 1) * (S + 2) // 2)
    total = (S + 1) * K * (K + 1) // 2 + K * S * (S + 1) // 2      # sum of n = k + s
    if method == "proportional":
        return total
    odd_n = ((K + 1) // 2) * (S // 2 + 1) + (K // 2) * ((S + 1) // 2)   # cells with n odd
    return total - K * (S + 1) + odd_n                              # sum of (n - 1) + [n odd]


def _table_estimate(K, S, method, what):
    """Seconds and bytes of a float table with K fields and slack S."""
    cells = _real((K + 1) * (S + 1))
    products = _real(_products(K, S, method))
    return budget.Estimate(
        what, seconds=products / RATE_PRODUCTS[method] + cells / RATE_TABLE_CELLS,
        bytes=cells * TABLE_BYTES_PER_CELL,
        basis=f"{products:.3g} products at {RATE_PRODUCTS[method]:.2g}/s and {cells:.3g} table cells "
              f"of {TABLE_BYTES_PER_CELL:g} bytes, measured by benchmarks/bench_fields.py")


def _comb_bits(n, k):
    """About log2 C(n, k) (a float; cheap, for estimates and choices of method)."""
    k = min(k, n - k)
    if k <= 0:
        return 0.0
    if n < 10**15:
        return (math.lgamma(n + 1.0) - math.lgamma(k + 1.0) - math.lgamma(n - k + 1.0)) / math.log(2.0)
    return _real(k) * math.log2(n)           # log2 works on ints of any size


def _count_bits(K, S):
    """Bits of the largest exact count N(K, S) <= (K + S)! / S! = C(K + S, K) K! (a float)."""
    if K <= 0:
        return 1.0
    log2_factorial = (math.lgamma(K + 1.0) / math.log(2.0) if K < 10**15 else _real(K) * math.log2(K))
    return _comb_bits(K + S, K) + log2_factorial + 1.0


def _exact_products(K, S, method, n_max=None):
    """Big-integer products of the exact twin over cells k <= K, s <= S, k + s <= n_max."""
    if n_max is None or n_max >= K + S:
        return _products(K, S, method)
    if K > 10**4:                       # the rectangle bounds it (sizes like this are refused anyway)
        return _products(K, S, method)
    total = 0
    for k in range(1, K + 1):
        top = min(S, n_max - k)
        if top < 0:
            break
        n_sum = (top + 1) * k + top * (top + 1) // 2                 # sum of n = k + s over the row
        if method == "plain":
            total += k * (top + 1) * (top + 2) // 2
        elif method == "proportional":
            total += n_sum
        else:                                                        # sum of (n - 1) + [n odd]
            total += n_sum - (top + 1) + (top + 1 + k % 2) // 2
    return total


def _exact_estimate(K, S, method, what, n_max=None, per_roll=0.0):
    """Seconds and bytes of the exact big-integer table (``per_roll``: extra seconds per
    (sub-game, roll) pair, for the checks that record every roll)."""
    n_top = K + S if n_max is None else min(n_max, K + S)
    bits = _count_bits(min(K, n_top), max(n_top - K, 0))
    products = _real(_exact_products(K, S, method, n_max)) + _real(K) ** 2 / 2.0
    per_product = ((EXACT_PLAIN_FACTOR if method == "plain" else 1.0) * EXACT_SECONDS_PER_PRODUCT
                   + EXACT_SECONDS_PER_LIMB_POWER * (bits / 30.0) ** 1.585)
    cells = _real((K + 1) * (S + 1))
    rolls = _real(_exact_products(K, S, "proportional", n_max)) if per_roll else 0.0
    return budget.Estimate(
        what, seconds=products * per_product + rolls * per_roll + cells * EXACT_SECONDS_PER_CELL,
        bytes=cells * (44.0 + bits / 16.0),
        basis=f"{products:.3g} big-integer products of up to {bits:.3g} bits at "
              f"{per_product:.2g} s each, measured by benchmarks/bench_fields.py")


def _reachable_states(V, F, cells):
    """States the brute force can visit from ``cells`` (each gap filled independently),
    as a float (inf when astronomically many)."""
    bits = 0.0
    for _, n_f, n_v in _gaps(V, F, cells):
        if n_f <= n_v:
            bits += _comb_bits(n_v + n_f, n_f)
    if bits > 1000:
        return math.inf
    n = 1
    for _, n_f, n_v in _gaps(V, F, cells):
        n *= math.comb(n_v + n_f, n_f) if n_f <= n_v else 1
    return float(n)


def _brute_estimate(V, F, cells, what):
    states = _reachable_states(V, F, cells)
    visits = states * _real(max(V - sum(1 for v in cells if v >= 0), 1))
    return budget.Estimate(
        what, seconds=visits * BRUTE_SECONDS_PER_VISIT, bytes=states * (BRUTE_BYTES_PER_STATE + 8.0 * _real(F)),
        basis=f"up to {states:.3g} states, {visits:.3g} (state, roll) visits at "
              f"{BRUTE_SECONDS_PER_VISIT:.2g} s each, measured by benchmarks/bench_fields.py")


def _combine(what, *estimates, seconds=0.0, bytes=0.0, basis=""):
    """One estimate for a call made of several parts (plus its own seconds and bytes)."""
    seconds = seconds + sum(e.seconds for e in estimates)
    peak = max([bytes] + [e.bytes for e in estimates])
    bases = "; ".join([b for b in [basis] + [e.basis for e in estimates] if b])
    return budget.Estimate(what, seconds=seconds, bytes=peak, basis=bases[:990])


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
    if cells[field] >= 0:
        raise ValueError(f"field {field} is already filled (it holds {cells[field]})")
    a, b, lo, hi = _gap_of(V, F, cells, roll)
    if not a <= field <= b:
        raise ValueError(f"placing {roll} on field {field} breaks the increasing order "
                         f"(legal fields: {list(range(a, b + 1)) or 'none'})")
    out = [None if v < 0 else v for v in cells]
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
