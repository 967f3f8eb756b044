"""The increasing-fields game: what a call would cost, before it starts (the work and memory budget).

Every public function of :mod:`stoplib.fields` whose cost grows with its arguments
builds its :class:`stoplib.util.budget.Estimate` here (this is the only module of the
game that does) and passes it to :func:`stoplib.util.budget.check`, which refuses it
above the limits (unless raised on purpose with ``stoplib.util.budget.allow`` or the
``STOPLIB_MAX_SECONDS`` / ``STOPLIB_MAX_BYTES`` environment variables). A refusal names
the call, the estimate, the rate it rests on and the limit, and is instant.

The rates are the named constants below, measured by ``benchmarks/bench_fields.py
--calibrate`` (which prints each estimate beside the measured time) on the 2-core
development machine: an Intel Xeon (Sapphire Rapids, AVX-512) under KVM, "Intel(R)
Xeon(R) Processor, 2 cores, virtual machine" in :func:`stoplib.util.timing.machine`,
its cores shared with other jobs; numba 0.68.1, numpy 2.4.6, 2026-11-23. Rates are the
slow end of repeated runs, so that an estimate errs on the long side (measured /
estimate between 0.25 and 0.9 there for every calibrated call that takes more than
0.05 s, on a busy machine); a faster machine finishes sooner.

The game (source: M. Stepinski's increasing-fields page, https://mikolajstepinski.online/)
and its rooms are described in :mod:`stoplib.fields`.
"""
from __future__ import annotations

import math
import numbers

from ..util import budget
from .rules import _gaps

__all__: list[str] = []   # private: used by the public functions and the benchmark

# --------------------------------------------------------------------------
# rates
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


# --------------------------------------------------------------------------
# messages and sizes
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


def _free(what, basis=""):
    """A call (or a part of one) that costs nothing worth counting: a cached table, no table."""
    return budget.Estimate(what, 0.0, 0.0, basis)


def _unbounded(what, basis):
    """A request far beyond any budget (refused whatever the limits)."""
    return budget.Estimate(what, math.inf, math.inf, basis)


def _table_cost(K, S, method="fast", what=None, cached=False):
    """The float table for (K, S): nothing when a cached one covers it (``cached``)."""
    what = what or f"the Win table for V={_n(K + S)}, F={_n(K)} (method={method!r})"
    return _free(what, "cached") if cached else _table_estimate(K, S, method, what)


# --------------------------------------------------------------------------
# the solver's calls
# --------------------------------------------------------------------------
def _repeated(one, repeats, what):
    """``repeats`` cold calls of an estimate ``one`` (time_win_probability)."""
    return budget.Estimate(what, one.seconds * _real(repeats), one.bytes, f"{repeats} x ({one.basis})")


def _policy_estimate(V, F, table, what, points=0.0):
    """The optimal first moves of the (V, F) game: its table, a scan of V x F candidate fields,
    and ``points`` array entries of the result (the proportional rule, the band widths)."""
    scan = _real(V) * _real(F)
    return _combine(what, table, seconds=scan / RATE_PRODUCTS["plain"] + _real(points) * PYTHON_SECONDS_PER_ITEM / 100,
                    bytes=8.0 * _real(V) + 8.0 * _real(points), basis=f"{scan:.3g} candidate fields scanned")


def _state_cost(V, F, K, S, exact, n_states, what, cached=False):
    """The estimate of ``n_states`` state values of the (V, F) game with live gaps up to (K, S)."""
    if exact:
        bits = _comb_bits(V, F) + 1.0
        combs = n_states * (F + 2) * 5.4e-1 * (bits / 1e5) ** 1.9      # math.comb: 0.54 s at 1e5 bits
        table = _exact_estimate(K, S, "fast", what) if K else _free(what)
        return _combine(what, table, seconds=combs, bytes=bits / 4.0,
                        basis=f"{n_states} exact state values with binomials of {bits:.3g} bits")
    table = _table_cost(K, S, "fast", what, cached) if K else _free(what)
    logs = _real(n_states) * _real(F + 2) * 2e-6
    return _combine(what, table, seconds=logs, bytes=0.0)


def _exact_win_table_estimate(V_max, F_max, method, what):
    """Win(V, F) as Fractions for every V <= V_max, F <= F_max."""
    return _exact_estimate(F_max, V_max, method, what, n_max=V_max)


# --------------------------------------------------------------------------
# the claims' checks
# --------------------------------------------------------------------------
def _monotonicity_estimate(V_max, F_max, what, fast):
    """The exact plain table with every roll recorded (and the exact fast table)."""
    plain = _exact_estimate(F_max, V_max - 1, "plain", what, n_max=V_max, per_roll=RECORD_SECONDS_PER_ROLL)
    if not fast:
        return plain
    return _combine(what, plain, _exact_estimate(F_max, V_max - 1, "fast", what, n_max=V_max))


def _recurrence_estimate(V_max, what):
    """The brute force of every game with V <= V_max, and the exact plain table."""
    if V_max > 40:       # C(V + F, F) states for every game: far beyond any budget
        return _unbounded(what, "the brute force of every game")
    parts = [_brute_estimate(V, F, [-1] * F, what) for V in range(V_max + 1) for F in range(V + 1)]
    return _combine(what, *parts, _exact_estimate(V_max, V_max, "plain", what, n_max=V_max))


def _gap_formula_estimate(sizes, what):
    """Every state (C(V + F, F)) brute-forced from itself, and every (state, roll) choice."""
    seconds = bytes_ = 0.0
    for V, F in sizes:
        if _comb_bits(V + F, F) > 200:
            return _unbounded(what, f"C({V} + {F}, {F}) states")
        # states with d filled fields: C(F, d) C(V, d), each has 2^d ancestors: the brute
        # force from every state visits sum_d C(F, d) C(V, d) 2^d (state, descendant) pairs
        pairs = _real(sum(math.comb(F, d) * math.comb(V, d) * 2**d for d in range(min(F, V) + 1)))
        states = _real(math.comb(V + F, F))
        seconds += pairs * V * BRUTE_SECONDS_PER_VISIT + states * V * GAP_SECONDS_PER_CHOICE
        bytes_ = max(bytes_, _brute_estimate(V, F, [-1] * F, what).bytes)
    return budget.Estimate(what, seconds, bytes_, f"every state and its descendants, (state, roll) visits at "
                                                  f"{BRUTE_SECONDS_PER_VISIT:.2g} s, measured by "
                                                  "benchmarks/bench_fields.py")


# --------------------------------------------------------------------------
# Monte Carlo, the playable game, the figures
# --------------------------------------------------------------------------
def _simulation_estimate(V, F, n_games, policy, table, chunk, what):
    """Seconds and bytes of a simulation: the games, the value permutation, the table
    (``table``: the estimate of the optimal player's table, or None for a heuristic)."""
    scans = SIM_OPTIMAL_SCAN_FACTOR if policy == "optimal" else 1.0
    per_game = SIM_SECONDS_PER_GAME + F * SIM_SECONDS_PER_ROLL + scans * _real(F) ** 2 * SIM_SECONDS_PER_FIELD
    table = _free(what) if table is None else table
    perm = 8.0 * _real(V)
    return _combine(what, table, seconds=_real(n_games) * per_game + perm / 1e9,
                    bytes=perm + chunk + table.bytes,
                    basis=f"{_real(n_games):.3g} games of {_n(F)} rolls at {per_game:.2g} s each, measured by "
                          "benchmarks/bench_fields.py")


def _board_estimate(F, what):
    """A board of F fields (a list per field)."""
    return budget.Estimate(what, _real(F) * PYTHON_SECONDS_PER_ITEM / 10, 8.0 * _real(F), "the board")


def _undrawn_estimate(V, what):
    """A list of every value not on the board."""
    return budget.Estimate(what, _real(V) * PYTHON_SECONDS_PER_ITEM / 10, 36.0 * _real(V), "a list of every value")


def _draw_estimate(what, points=0.0, patches=0.0):
    """A figure with ``points`` image cells or line points and ``patches`` patches and texts."""
    return budget.Estimate(what, DRAW_SECONDS_PER_FIGURE + _real(points) * DRAW_SECONDS_PER_POINT
                           + _real(patches) * DRAW_SECONDS_PER_PATCH,
                           16.0 * _real(points) + 4e3 / 3 * _real(patches),
                           f"{_real(points):.3g} points and {_real(patches):.3g} patches drawn")
