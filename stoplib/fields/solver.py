r"""The increasing-fields game: Win(V, F) and optimal play from any state.

The validated API over the numba kernels of :mod:`stoplib.fields._kernels`;
the game and its state encoding are in :mod:`stoplib.fields.rules`, the source
is M. Stepinski's increasing-fields page, https://mikolajstepinski.online/
(:mod:`stoplib.fields.document`).

The recursion. Write ``Win(V, F)`` for the win probability under optimal play.
Placing roll ``r`` on field ``f`` splits the game into two independent
sub-games (``f`` fields on the values below ``r``, ``F-f-1`` fields on the
``V-r-1`` values above it), and the remaining ``F-1`` rolls must split
exactly ``f`` / ``F-f-1`` between them (a hypergeometric probability)::

    Win(V, 0) = 1,      Win(V, F) = 0 if V < F,
    Win(V, F) = 1/V sum_r max_f  C(r,f) C(V-r-1,F-f-1) / C(V-1,F-1)
                                  * Win(r, f) * Win(V-r-1, F-f-1).

With ``W(V, F) = C(V, F) Win(V, F)`` the binomials cancel:
``W(V, F) = 1/F sum_r max_f W(r, f) W(V-1-r, F-1-f)``; in exact arithmetic
we use ``N(V, F) = F! W(V, F)``, the number of winning roll sequences, an
integer. We index tables by the number of fields ``k`` and the *slack*
``s = n - k`` (spare values), since a sub-game of ``Win(V, F)`` never has more
slack than ``V - F``: the placement of roll ``r = f + s1`` on field ``f`` gives
the lower sub-game ``(f, s1)`` and the upper ``(k-1-f, s-s1)``.

The document's optimisation claims that if ``f`` is optimal for roll ``r``, an
optimal field for roll ``r+1`` is ``f`` or ``f+1``: the optimal policy is then
a monotone lattice path and each roll needs two candidates instead of ``F``
(``O(V^2 F)`` instead of ``O(V^2 F^2)``). ``method="fast"`` relies on it;
:func:`stoplib.fields.claims.check_monotonicity` tests it with exact integers.

Mid-game (the document's gap formula): a state's empty fields form gaps; a gap
with ``F_G`` fields whose neighbours leave ``V_G`` values between them is an
independent sub-game, and with ``D`` rolls done::

    State = prod_G C(V_G, F_G) Win(V_G, F_G) / C(V - D, F - D).

Public functions validate and convert input, the ``_kernels`` (numba) compute.
``exact=True`` answers come from the exact integer twin in
:mod:`stoplib.fields.twins`, where a brute-force expectimax over real game
states, which knows nothing of gaps or binomials, checks them all on tiny games.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..util import budget
from ..util.validate import check_choice, check_int
from ._costs import (_call, _comb_bits, _exact_estimate, _exact_win_table_estimate, _policy_estimate, _real,
                     _repeated, _state_cost, _table_cost, _table_estimate)
from ._kernels import _optimal_field, _float_table, _is_cached, _policy, _table_for, _TABLE_KEYS
from .rules import (POLICIES, _check_flag, _check_roll, _check_sizes, _check_state, _gap_of, _gaps,
                    _heuristic_field)
from .twins import _clear_exact, _exact_table, _exact_win, _exact_win_table

__all__ = [
    "METHODS", "win_probability", "win_table", "optimal_policy", "policy_win_probability",
    "state_probability", "placement_probabilities", "best_placement", "Placement",
    "choose_field", "clear_cache", "time_win_probability", "first_moves", "FirstMoves",
]

#: Methods of :func:`win_probability` and :func:`win_table`.
METHODS = ("fast", "plain")


# --------------------------------------------------------------------------
# public API: Win(V, F)
# --------------------------------------------------------------------------
def win_probability(V, F, exact=False, method="fast"):
    """Win probability of the (V, F) game under optimal play.

    Parameters
    ----------
    V : int
        Number of values (rolls are drawn from 0..V-1 without repetition), V >= 0.
    F : int
        Number of fields, 0 <= F <= V.
    exact : bool
        Return a :class:`fractions.Fraction` computed with Python integers
        (small sizes only) instead of a float64.
    method : {"fast", "plain"}
        ``"fast"``: the document's O(V^2 F) monotone-argmax recurrence
        (checked exactly by :func:`stoplib.fields.check_monotonicity`);
        ``"plain"``: the full O(V^2 F^2) max over fields.

    Returns
    -------
    float or fractions.Fraction

    Examples
    --------
    >>> win_probability(3, 2, exact=True)
    Fraction(5, 6)
    >>> round(win_probability(3, 2), 12)
    0.833333333333
    """
    V, F = _check_sizes(V, F)
    exact = _check_flag("exact", exact)
    check_choice("method", method, METHODS)
    return _win(V, F, exact, method)


def _win(V, F, exact=False, method="fast"):
    """Win(V, F) for checked arguments (the tables check the work budget)."""
    if F <= 1 or F == V:                     # no field, one field, or every value has its field
        return Fraction(1) if exact else 1.0
    if exact:
        return _exact_win(V, F, method)
    what = _call("win_probability", V, F, method=method)
    return float(_table_for(F, V - F, method, what).win[F, V - F])


def clear_cache():
    """Forget every cached Win table (float and exact), e.g. before timing."""
    _float_table.cache_clear()
    _TABLE_KEYS.clear()
    _clear_exact()


def time_win_probability(V, F, exact=False, method="fast", repeats=5):
    """Median wall-clock seconds of :func:`win_probability` from a cold table cache.

    Call it once on a small size first so that numba compilation is not timed.

    Returns
    -------
    tuple
        ``(seconds, value)``.

    Examples
    --------
    >>> seconds, value = time_win_probability(20, 4, repeats=1)
    >>> seconds >= 0 and 0 < value < 1
    True
    """
    from ..util.timing import median_time
    V, F = _check_sizes(V, F)
    exact = _check_flag("exact", exact)
    check_choice("method", method, METHODS)
    repeats = check_int("repeats", repeats, 1)
    what = _call("time_win_probability", V, F, exact=exact, method=method, repeats=repeats)
    if F > 1 and F != V:                     # each repeat builds its table from a cold cache
        one = (_exact_estimate(F, V - F, method, what) if exact
               else _table_estimate(F, V - F, method, what))
        budget.check(_repeated(one, repeats, what))
    with budget.allow(seconds=float("inf"), bytes=float("inf")):   # checked above, as a whole
        return median_time(lambda: _win(V, F, exact, method), repeats, setup=clear_cache)


def win_table(V_max, F_max, exact=False, method="fast"):
    """Win(V, F) for all 0 <= V <= V_max, 0 <= F <= F_max (zero where V < F).

    Parameters
    ----------
    V_max, F_max : int
        Largest number of values and of fields.
    exact : bool
        Fractions (an object array) instead of float64.
    method : {"fast", "plain"}

    Returns
    -------
    numpy.ndarray
        ``table[V, F]``, shape ``(V_max + 1, F_max + 1)``.

    Examples
    --------
    >>> t = win_table(4, 2, exact=True)
    >>> t[3, 2], t[1, 2], t[4, 0]
    (Fraction(5, 6), Fraction(0, 1), Fraction(1, 1))
    """
    V_max = check_int("V_max", V_max, 0)
    F_max = check_int("F_max", F_max, 0, V_max)
    exact = _check_flag("exact", exact)
    check_choice("method", method, METHODS)
    what = _call("win_table", V_max, F_max, exact=exact, method=method)
    if exact:
        budget.check(_exact_win_table_estimate(V_max, F_max, method, what))
        return _exact_win_table(V_max, F_max, method)
    return _win_table(V_max, F_max, method, what)


def _win_table(V_max, F_max, method="fast", what=None):
    """The float Win table for checked arguments (the kernel table checks the work budget)."""
    tab = _table_for(F_max, V_max, method, what).win
    out = np.zeros((V_max + 1, F_max + 1))
    for k in range(F_max + 1):
        out[k:, k] = tab[k, :V_max + 1 - k]
    return out


def _check_policy_sizes(V, F):
    V, F = _check_sizes(V, F)
    if F == 0:
        raise ValueError("F must be >= 1 for a policy")
    return V, F


def optimal_policy(V, F):
    """The optimal field for each roll on the empty board (smallest one on ties).

    Parameters
    ----------
    V, F : int
        Game size, 1 <= F <= V.

    Returns
    -------
    numpy.ndarray
        ``field[r]`` for r = 0..V-1.

    Examples
    --------
    >>> optimal_policy(6, 3).tolist()
    [0, 0, 1, 1, 2, 2]
    """
    V, F = _check_policy_sizes(V, F)
    what = _call("optimal_policy", V, F)
    budget.check(_policy_estimate(V, F, _table_cost(F, V - F, "fast", what, _is_cached(F, V - F)), what))
    return _optimal_policy(V, F, what)


def _optimal_policy(V, F, what=None):
    out = np.empty(V, dtype=np.int64)
    _policy(_table_for(F, V - F, "fast", what).w, V, F, out)
    return out


@dataclass(frozen=True, eq=False)          # arrays: compare their fields with numpy
class FirstMoves:
    """Where each first roll goes on the empty (V, F) board: the optimal field and the
    proportional rule's ``floor(r F / V)`` (``optimal[r]``, ``proportional[r]``), and how
    many of the V first rolls each field takes (``optimal_widths[f]``, ``proportional_widths[f]``)."""
    V: int
    F: int
    optimal: np.ndarray
    proportional: np.ndarray
    optimal_widths: np.ndarray
    proportional_widths: np.ndarray


def first_moves(V, F):
    """The optimal first move for every roll beside the proportional rule, and the band widths.

    Parameters
    ----------
    V, F : int
        Game size, 1 <= F <= V.

    Returns
    -------
    FirstMoves

    Examples
    --------
    >>> moves = first_moves(6, 3)
    >>> moves.optimal.tolist(), moves.optimal_widths.tolist(), moves.proportional_widths.tolist()
    ([0, 0, 1, 1, 2, 2], [2, 2, 2], [2, 2, 2])
    """
    V, F = _check_policy_sizes(V, F)
    what = _call("first_moves", V, F)
    table = _table_cost(F, V - F, "fast", what, _is_cached(F, V - F))
    budget.check(_policy_estimate(V, F, table, what, points=3 * _real(V) + 2 * _real(F)))
    optimal = _optimal_policy(V, F, what)
    proportional = (np.arange(V, dtype=np.int64) * F) // V
    arrays = (optimal, proportional, np.bincount(optimal, minlength=F), np.bincount(proportional, minlength=F))
    for a in arrays:
        a.setflags(write=False)
    return FirstMoves(V, F, *arrays)


def policy_win_probability(V, F, policy="proportional"):
    """Win probability of a gap-local policy, computed exactly by recursion (float64).

    Parameters
    ----------
    V, F : int
        Game size, 0 <= F <= V.
    policy : {"optimal", "proportional"}
        ``"proportional"`` places roll r of a gap with V_G values and F_G
        fields on gap field ``floor(r F_G / V_G)``. ("nearest" depends on the
        whole board, not only on the gap; estimate it with
        :func:`stoplib.fields.simulate`.)

    Returns
    -------
    float

    Examples
    --------
    >>> round(policy_win_probability(3, 2, "proportional"), 12)
    0.833333333333
    """
    V, F = _check_sizes(V, F)
    check_choice("policy", policy, ("optimal", "proportional"))
    if policy == "optimal":
        return _win(V, F)
    if F <= 1 or F == V:
        return 1.0
    what = _call("policy_win_probability", V, F, policy=policy)
    return float(_table_for(F, V - F, "proportional", what).win[F, V - F])


# --------------------------------------------------------------------------
# public API: mid-game
# --------------------------------------------------------------------------
#: Below this many bits of C(V - D, F - D) the hypergeometric factor of a state is
#: computed with Python integers (correctly rounded); above, with accurate logs.
_EXACT_HYPER_BITS = 4096


def _log_comb(n, k):
    """log C(n, k) as an accurately rounded sum of accurate terms (no big log-gamma differences)."""
    k = min(k, n - k)
    if k <= 0:
        return 0.0
    m = n - k
    if m < 2**53:
        i = np.arange(1, k + 1, dtype=np.float64)
        return math.fsum(np.log1p(m / i).tolist())
    return math.fsum(math.log(m + i) - math.log(i) for i in range(1, k + 1))


def _hypergeometric(V, F, cells):
    """``prod_G C(V_G, F_G) / C(V - D, F - D)``: the probability that the remaining
    rolls fall F_G into each gap G, as a float in [0, 1] (exactly 1 where it is 1)."""
    n, k = V - sum(1 for v in cells if v >= 0), F - sum(1 for v in cells if v >= 0)
    gaps = [(n_f, n_v) for _, n_f, n_v in _gaps(V, F, cells) if n_v > 0]
    if k == n or len(gaps) <= 1:             # one possible split (every gap full, or one gap)
        return 1.0
    if _comb_bits(n, k) < _EXACT_HYPER_BITS:
        num = 1
        for n_f, n_v in gaps:
            num *= math.comb(n_v, n_f)
        return num / math.comb(n, k)         # int / int: correctly rounded, <= 1
    log_h = sum(_log_comb(n_v, n_f) for n_f, n_v in gaps) - _log_comb(n, k)
    return math.exp(min(log_h, 0.0))         # a probability: a rounding excess of the log is dropped


def _live_gaps(V, F, cells):
    """The gaps whose own Win is neither 0 nor 1 (``2 <= F_G < V_G``), as (F_G, V_G)."""
    return [(n_f, n_v) for _, n_f, n_v in _gaps(V, F, cells) if 2 <= n_f < n_v]


def _needed_table(states):
    """(K, S) of the smallest table holding every live gap of the given states."""
    K = S = 0
    for V, F, cells in states:
        for n_f, n_v in _live_gaps(V, F, cells):
            K, S = max(K, n_f), max(S, n_v - n_f)
    return K, S


def _state_value(V, F, cells, exact, table=None):
    """Win probability of a checked state by the gap formula (``table``: a float table
    covering every live gap, or None to find one)."""
    gaps = [(n_f, n_v) for _, n_f, n_v in _gaps(V, F, cells) if n_f > 0]
    if any(n_v < n_f for n_f, n_v in gaps):
        return Fraction(0) if exact else 0.0
    if not gaps:
        return Fraction(1) if exact else 1.0
    live = _live_gaps(V, F, cells)
    if exact:
        D = sum(1 for v in cells if v >= 0)
        num = 1
        for n_f, n_v in gaps:
            num *= math.comb(n_v, n_f)
        value = Fraction(num, math.comb(V - D, F - D))
        if live:
            K, S = max(n_f for n_f, _ in live), max(n_v - n_f for n_f, n_v in live)
            N = _exact_table(K, S, "fast", _call("state_probability", V, F, "...", exact=True))
            for n_f, n_v in live:
                value *= Fraction(N[n_f][n_v - n_f], math.perm(n_v, n_f))
        return value
    prob = _hypergeometric(V, F, cells)
    if live:
        if table is None:
            K, S = _needed_table([(V, F, cells)])
            table = _table_for(K, S, "fast")
        for n_f, n_v in live:
            prob *= float(table.win[n_f, n_v - n_f])     # each factor in [0, 1]: so is the product
    return prob


def state_probability(V, F, state, exact=False):
    """Win probability of a mid-game state (before the next roll), optimal play.

    The document's gap formula: with D fields filled and gaps G of F_G empty
    fields and V_G values between their neighbours,
    ``prod C(V_G, F_G) Win(V_G, F_G) / C(V - D, F - D)``.

    Parameters
    ----------
    V, F : int
        Game size, 0 <= F <= V.
    state : list
        Length F, the value on each field or None when empty; filled values
        must be increasing.
    exact : bool
        Return a Fraction (small sizes).

    Returns
    -------
    float or fractions.Fraction

    Examples
    --------
    >>> state_probability(4, 3, [None, 1, None], exact=True)
    Fraction(2, 3)
    >>> state_probability(4, 3, [None, None, None], exact=True) == win_probability(4, 3, exact=True)
    True
    """
    V, F = _check_sizes(V, F)
    cells = _check_state(V, F, state)
    exact = _check_flag("exact", exact)
    return _state(V, F, cells, exact, _call("state_probability", V, F, "..."))


def _state(V, F, cells, exact, what):
    """The value of the checked state ``cells``, after checking the work budget."""
    K, S = _needed_table([(V, F, cells)])
    budget.check(_state_cost(V, F, K, S, exact, 1, what, _is_cached(K, S)))
    table = _table_for(K, S, "fast", what) if K and not exact else None
    return _state_value(V, F, cells, exact, table)


def placement_probabilities(V, F, state, roll, exact=False):
    """Win probability after placing ``roll`` on each legal field, optimal play after.

    Parameters
    ----------
    V, F : int
        Game size, 0 <= F <= V.
    state : list
        Length F, a value or None per field (filled values increasing).
    roll : int
        The value just drawn, in 0..V-1 and not on the board.
    exact : bool
        Fractions instead of floats (small sizes).

    Returns
    -------
    dict
        ``{field index: win probability}`` over the legal fields; empty when
        the roll has no legal field (the game is lost).

    Examples
    --------
    >>> placement_probabilities(4, 2, [None, None], 1, exact=True)
    {0: Fraction(2, 3), 1: Fraction(1, 3)}
    """
    V, F = _check_sizes(V, F)
    cells = _check_state(V, F, state)
    roll = _check_roll(V, cells, roll)
    exact = _check_flag("exact", exact)
    return _placements(V, F, cells, roll, exact, _call("placement_probabilities", V, F, "...", roll=roll))


def _candidates(V, F, cells, roll):
    """``(field, cells after placing roll there)`` for every legal field."""
    a, b, _, _ = _gap_of(V, F, cells, roll)
    out = []
    for f in range(a, b + 1):
        new = list(cells)
        new[f] = roll
        out.append((f, new))
    return out


def _placements(V, F, cells, roll, exact, what):
    """``{field: win probability}`` for the checked ``cells`` and ``roll``, after checking the budget."""
    states = _candidates(V, F, cells, roll)
    # one table for every candidate, so that ties are compared on the same numbers
    K, S = _needed_table([(V, F, new) for _, new in states])
    budget.check(_state_cost(V, F, K, S, exact, len(states), what, _is_cached(K, S)))
    table = _table_for(K, S, "fast", what) if K and not exact else None
    return {f: _state_value(V, F, new, exact, table) for f, new in states}


def _placement_values(V, F, cells, roll, exact, table=None):
    """``{field: win probability}`` for the checked ``cells`` and ``roll``, without a budget
    check (callers that checked a whole batch of them: the claims' exact checks)."""
    return {f: _state_value(V, F, new, exact, table) for f, new in _candidates(V, F, cells, roll)}


@dataclass(frozen=True)
class Placement:
    """The optimal move for a roll: ``field`` (None if no legal field),
    its win ``probability`` and the ``probabilities`` of every legal field."""
    field: int | None
    probability: float
    probabilities: dict


def best_placement(V, F, state, roll, exact=False):
    """The optimal field for ``roll`` (smallest index on exact ties).

    Examples
    --------
    >>> best_placement(10, 3, [None, None, None], 5).field
    1
    """
    V, F = _check_sizes(V, F)
    cells = _check_state(V, F, state)
    roll = _check_roll(V, cells, roll)
    exact = _check_flag("exact", exact)
    return _best(_placements(V, F, cells, roll, exact, _call("best_placement", V, F, "...", roll=roll)), exact)


def _best(probs, exact=False):
    """The :class:`Placement` of the placement probabilities ``probs`` (smallest field on ties)."""
    if not probs:
        return Placement(None, Fraction(0) if exact else 0.0, probs)
    best = max(probs.values())
    f = min(k for k, v in probs.items() if v == best)
    return Placement(f, best, probs)


def choose_field(V, F, state, roll, policy="optimal"):
    """The field a policy picks for ``roll`` (None when no field is legal).

    ``"optimal"``: the best field; ``"proportional"``: gap field
    ``floor(r' F_G / V_G)`` for the roll's rank r' among the gap's V_G values;
    ``"nearest"``: the legal field nearest to ``floor(roll F / V)``.

    Examples
    --------
    >>> choose_field(10, 3, [None, None, None], 9, "proportional")
    2
    """
    check_choice("policy", policy, POLICIES)
    V, F = _check_sizes(V, F)
    cells = _check_state(V, F, state)
    roll = _check_roll(V, cells, roll)
    return _choose(V, F, cells, roll, policy, _call("choose_field", V, F, "...", roll=roll))


def _choose(V, F, cells, roll, policy, what=None):
    """The field ``policy`` picks for the checked ``cells`` and ``roll`` (None when none is legal)."""
    if policy != "optimal":
        return _heuristic_field(V, F, cells, roll, policy)
    a, b, lo, hi = _gap_of(V, F, cells, roll)
    if a > b:
        return None
    n_f, n_v, rr = b - a + 1, hi - lo - 1, roll - lo - 1
    if n_v < n_f or n_f == 1:
        return a
    if n_v == n_f:                           # every value of the gap has its own field
        return a + rr
    return a + int(_optimal_field(_table_for(F, V - F, "fast", what).w, n_v, n_f, rr))
