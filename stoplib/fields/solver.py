r"""The increasing-fields game: exact and fast win probabilities, optimal play
from any state, heuristics, Monte Carlo and a playable game.

The game (source: document 001, ``shared/seeds/001_dba9ac7e55753289.txt``).
There are ``V`` values ``0..V-1`` and ``F`` fields in a row. ``F`` times, an
integer is drawn uniformly *without repetition* from the values not yet drawn,
and the player must place it on an empty field so that the filled fields stay
increasing from left to right. The game is won when every field is filled and
lost as soon as a roll has no legal field.

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
(``O(V^2 F)`` instead of ``O(V^2 F^2)``). :func:`check_monotonicity` tests the
claim with exact integers.

Mid-game (the document's gap formula): a state's empty fields form gaps; a gap
with ``F_G`` fields whose neighbours leave ``V_G`` values between them is an
independent sub-game, and with ``D`` rolls done::

    State = prod_G C(V_G, F_G) Win(V_G, F_G) / C(V - D, F - D).

Public functions validate and convert input, the ``_kernels`` (numba) compute.
Every fast kernel has an exact twin in Python integers, and a brute-force
expectimax over real game states (:func:`brute_force_state_probability`),
which knows nothing of gaps or binomials, checks them all on tiny games.
"""
from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass, field as dc_field
from fractions import Fraction
from functools import lru_cache

import numpy as np
from numba import njit

from ..util.rng import as_generator
from ..util.validate import check_choice, check_int

__all__ = [
    "win_probability", "win_table", "placement_probabilities", "best_placement",
    "state_probability", "place", "legal_fields", "optimal_policy",
    "policy_win_probability", "check_monotonicity", "brute_force_win_probability",
    "brute_force_state_probability", "simulate", "choose_field", "FieldsGame",
    "fields_widget", "win_sweep_widget", "plot_win_heatmap", "plot_win_vs_values",
    "plot_optimal_policy", "plot_win_rates", "Placement", "SimulationResult",
    "MonotonicityReport", "POLICIES", "tied_first_moves", "time_win_probability", "clear_cache",
    "all_states",
]

#: Policies understood by :func:`simulate` and :func:`choose_field`.
POLICIES = ("optimal", "proportional", "nearest")
_POLICY_CODE = {"optimal": 0, "proportional": 1, "nearest": 2}
METHODS = ("fast", "plain")

# Size guards. The float kernels keep a (F+1) x (V-F+1) table and do about
# F (V-F) V / 4 (fast) or F^2 (V-F) V / 8 (plain) steps of a few ns each.
MAX_TABLE_CELLS = 50_000_000          # 400 MB of float64
MAX_FAST_STEPS = 3e11                 # minutes of work on one core
MAX_PLAIN_STEPS = 3e10
MAX_EXACT_STEPS = 3e7                 # Python big-integer products
MAX_BRUTE_STATES = 200_000            # C(V + F, F) bounds the states visited
_LOG_SPAN = 1300.0                    # float64 holds values over about e^(+-709)
_SCALE_THRESHOLD = 300.0              # rescale the table when log C(V, F) exceeds this


# --------------------------------------------------------------------------
# validation helpers
# --------------------------------------------------------------------------
def _check_sizes(V, F):
    V = check_int("V", V, 0)
    F = check_int("F", F, 0)
    if F > V:
        raise ValueError(
            f"F must be <= V (values are drawn without repetition, so {F} fields cannot be "
            f"filled from {V} values: Win = 0 by the document's base case); got V={V}, F={F}")
    return V, F


def _check_state(V, F, state):
    """Return the state as a list of ints (-1 for empty), checking it fully."""
    if isinstance(state, (str, bytes)) or not hasattr(state, "__len__"):
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
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
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


# --------------------------------------------------------------------------
# numba kernels (float64)
# --------------------------------------------------------------------------
@njit(cache=True)
def _fill_base(w, beta, gamma):
    """Row k = 0: W(s, 0) = 1, scaled by exp(-beta s - gamma)."""
    for s in range(w.shape[1]):
        w[0, s] = np.exp(-beta * s - gamma)


@njit(cache=True)
def _table_plain(w, c):
    """Fill rows k >= 1 of the scaled table by the plain O(n k) max per cell.

    ``w[k, s]`` holds W(k + s, k) exp(-alpha k - beta s - gamma); the recursion
    is ``w[k, s] = c / k * sum_r max_f w[f, r-f] w[k-1-f, s-r+f]`` with
    ``c = exp(gamma - alpha)``.
    """
    K1, S1 = w.shape
    for k in range(1, K1):
        for s in range(S1):
            n = k + s
            total = 0.0
            for r in range(n):
                flo = r - s if r > s else 0
                fhi = r if r < k - 1 else k - 1
                best = 0.0
                for f in range(flo, fhi + 1):
                    v = w[f, r - f] * w[k - 1 - f, s - r + f]
                    if v > best:
                        best = v
                total += best
            w[k, s] = c * total / k


@njit(cache=True)
def _table_fast(w, c):
    """Fill rows k >= 1 by the monotone-argmax path (the document's optimisation).

    The optimal field for roll r is followed as a lattice path (f, s1) with
    f + s1 = r: from roll r to r + 1 only (f, s1 + 1) and (f + 1, s1) are
    compared (ties keep f). Rolls r and n-1-r are mirror images (value v to
    n-1-v, field f to k-1-f), so only the lower half of the rolls is walked.
    Layout: ``w[k, s]`` row-major, slack contiguous. The rows of the two
    sub-games are held as 1-D views that change only when f steps up, and
    along the path the lower row is read upward (s1) and the upper row
    downward (s - s1), both sequentially (five times faster than 2-D indexing
    on this machine).
    """
    K1, S1 = w.shape
    for k in range(1, K1):
        for s in range(S1):
            n = k + s
            last = (n - 1) // 2          # walk rolls 0..last
            f = 0
            s1 = 0
            j = s                        # slack of the upper sub-game, s - s1
            lo0 = w[0]                   # row f (lower sub-game)
            up0 = w[k - 1]               # row k-1-f (upper sub-game)
            lo1 = w[1] if k > 1 else w[0]        # rows for f + 1
            up1 = w[k - 2] if k > 1 else w[0]
            best = lo0[0] * up0[s]
            total = best
            for r in range(1, last + 1):
                a = -1.0
                if j > 0:
                    a = lo0[s1 + 1] * up0[j - 1]
                b = -1.0
                if f < k - 1:
                    b = lo1[s1] * up1[j]
                if b > a:
                    f += 1
                    best = b
                    lo0 = lo1
                    up0 = up1
                    if f < k - 1:
                        lo1 = w[f + 1]
                        up1 = w[k - 2 - f]
                else:
                    s1 += 1
                    j -= 1
                    best = a
                total += best
            total *= 2.0
            if n % 2 == 1:               # the middle roll was counted twice
                total -= best
            w[k, s] = c * total / k


@njit(cache=True)
def _table_policy(w, c, policy):
    """Fill rows k >= 1 for a fixed gap-local policy (1: proportional)."""
    K1, S1 = w.shape
    for k in range(1, K1):
        for s in range(S1):
            n = k + s
            total = 0.0
            for r in range(n):
                f = (r * k) // n
                total += w[f, r - f] * w[k - 1 - f, s - r + f]
            w[k, s] = c * total / k


@njit(cache=True)
def _log_binom_table(K1, S1, out):
    """out[k, s] = log C(k + s, k)."""
    for k in range(K1):
        for s in range(S1):
            out[k, s] = math.lgamma(k + s + 1.0) - math.lgamma(k + 1.0) - math.lgamma(s + 1.0)


@njit(cache=True)
def _optimal_field(w, Vg, Fg, rr):
    """Best field (0-based within the gap) for relative roll rr; ties: smallest field."""
    sg = Vg - Fg
    if sg < 0:
        return 0
    flo = rr - sg if rr > sg else 0
    fhi = rr if rr < Fg - 1 else Fg - 1
    best = -1.0
    bf = flo
    for f in range(flo, fhi + 1):
        v = w[f, rr - f] * w[Fg - 1 - f, sg - rr + f]
        if v > best:
            best = v
            bf = f
    return bf


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def _mix64(x):
    """SplitMix64 finaliser (uint64 -> uint64)."""
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def _simulate(V, F, n_games, policy, w, base_seed, wins):
    """Play n_games; game g draws from its own SplitMix64 stream seeded by
    (base_seed, g), so a game's rolls do not depend on the games before it;
    wins[g] = 1 if won."""
    perm = np.arange(V)
    cells = np.empty(F, np.int64)
    swaps = np.empty(F, np.int64)
    base = np.uint64(base_seed)
    for g in range(n_games):
        state = _mix64(base + np.uint64(g) * _GOLDEN)
        for i in range(F):
            cells[i] = -1
        won = 1
        done = 0
        for t in range(F):
            state = state + _GOLDEN
            u = (_mix64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
            j = t + int(u * (V - t))
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
        wins[g] = won
        for t in range(done - 1, -1, -1):   # undo the partial shuffle
            j = swaps[t]
            tmp = perm[t]
            perm[t] = perm[j]
            perm[j] = tmp


# --------------------------------------------------------------------------
# float tables
# --------------------------------------------------------------------------
def _scaling(K, S):
    """Choose alpha, beta, gamma so that log C(k+s,k) - alpha k - beta s - gamma
    stays near 0 over the table; return them with the log-binomial table."""
    logc = np.empty((K + 1, S + 1))
    _log_binom_table(K + 1, S + 1, logc)
    L = float(logc[K, S])
    if L < _SCALE_THRESHOLD:
        return 0.0, 0.0, 0.0, logc
    alpha = L / (4.0 * K) if K else 0.0
    beta = L / (4.0 * S) if S else 0.0
    kk = np.arange(K + 1)[:, None]
    ss = np.arange(S + 1)[None, :]
    shifted = logc - alpha * kk - beta * ss
    hi, lo = float(shifted.max()), float(shifted.min())
    if hi - lo > _LOG_SPAN:
        raise ValueError(
            f"V={K + S}, F={K} is too large for float64: C(V, F) ~ e^{L:.0f} cannot be "
            "scaled into range; use smaller sizes (or exact=True for small ones)")
    gamma = 0.5 * (hi + lo)
    return alpha, beta, gamma, logc


@dataclass(frozen=True)
class _FloatTable:
    K: int
    S: int
    method: str
    w: np.ndarray        # scaled W, shape (K+1, S+1)
    win: np.ndarray      # Win(k + s, k), shape (K+1, S+1)


@lru_cache(maxsize=16)
def _float_table(K, S, method):
    cells = (K + 1) * (S + 1)
    if cells > MAX_TABLE_CELLS:
        raise ValueError(f"V={K + S}, F={K} needs a table of {cells:,} cells, more than this "
                         f"module allows ({MAX_TABLE_CELLS:,}); use smaller sizes")
    steps = K * S * (K + S) / 4.0 if method == "fast" else K * K * S * (K + S) / 8.0
    limit = MAX_FAST_STEPS if method == "fast" else MAX_PLAIN_STEPS
    if steps > limit:
        raise ValueError(f"V={K + S}, F={K} with method={method!r} needs about {steps:.1e} steps, "
                         f"more than this module allows ({limit:.0e}); use smaller sizes"
                         + (" or method='fast'" if method == "plain" else ""))
    alpha, beta, gamma, logc = _scaling(K, S)
    w = np.empty((K + 1, S + 1))
    _fill_base(w, beta, gamma)
    c = math.exp(gamma - alpha)
    if method == "fast":
        _table_fast(w, c)
    elif method == "plain":
        _table_plain(w, c)
    else:  # proportional
        _table_policy(w, c, 1)
    if not np.all(np.isfinite(w)) or (K >= 1 and np.any(w[1:] < 1e-290)):
        raise ValueError(f"V={K + S}, F={K}: the float64 table left the representable range; "
                         "use smaller sizes")
    kk = np.arange(K + 1)[:, None]
    ss = np.arange(S + 1)[None, :]
    win = w * np.exp(alpha * kk + beta * ss + gamma - logc)
    w.setflags(write=False)
    win.setflags(write=False)
    return _FloatTable(K, S, method, w, win)


_TABLE_KEYS: list = []


def _table_for(K, S, method="fast"):
    """A cached table covering (K, S); reuses a larger cached one when there is one."""
    for k2, s2, m2 in reversed(_TABLE_KEYS):
        if m2 == method and k2 >= K and s2 >= S:
            return _float_table(k2, s2, m2)
    table = _float_table(K, S, method)
    _TABLE_KEYS.append((K, S, method))
    del _TABLE_KEYS[:-8]
    return table


# --------------------------------------------------------------------------
# exact twins (Python integers)
# --------------------------------------------------------------------------
def _exact_counts(K, S, method="fast", n_max=None, record=None):
    """N[k][s]: number of winning ordered roll sequences of the (k+s, k) game.

    N(k, s) = sum_r max_f C(k-1, f) N(f, r-f) N(k-1-f, s-r+f), N(0, s) = 1.
    ``method='fast'`` follows the monotone path; ``'plain'`` takes the full max.
    With ``record`` (a callable) the plain method reports, for each (k, s, r),
    the list of products over the feasible fields.
    """
    n_max = K + S if n_max is None else n_max
    binom = [[math.comb(k - 1, f) for f in range(k)] if k else [] for k in range(K + 1)]
    N = [[1] * (S + 1)]
    for k in range(1, K + 1):
        row = [0] * (S + 1)
        ck = binom[k]
        for s in range(S + 1):
            n = k + s
            if n > n_max:
                break
            if method == "plain":
                total = 0
                for r in range(n):
                    flo, fhi = max(0, r - s), min(r, k - 1)
                    vals = [ck[f] * N[f][r - f] * N[k - 1 - f][s - r + f] for f in range(flo, fhi + 1)]
                    if record is not None:
                        record(k, s, r, flo, vals)
                    total += max(vals)
            else:
                last = (n - 1) // 2
                f = s1 = 0
                best = N[k - 1][s]
                total = best
                for _ in range(1, last + 1):
                    a = ck[f] * N[f][s1 + 1] * N[k - 1 - f][s - s1 - 1] if s1 < s else -1
                    b = ck[f + 1] * N[f + 1][s1] * N[k - 2 - f][s - s1] if f < k - 1 else -1
                    if b > a:
                        f, best = f + 1, b
                    else:
                        s1, best = s1 + 1, a
                    total += best
                total *= 2
                if n % 2 == 1:
                    total -= best
            row[s] = total
        N.append(row)
    return N


def _falling(n, k):
    return math.perm(n, k)


@lru_cache(maxsize=64)
def _exact_table(K, S, method):
    steps = K * S * (K + S) / 4.0 if method == "fast" else K * K * S * (K + S) / 8.0
    if steps > MAX_EXACT_STEPS:
        raise ValueError(f"exact=True for V={K + S}, F={K} needs about {steps:.1e} big-integer "
                         f"products (limit {MAX_EXACT_STEPS:.0e}); use exact=False for large sizes")
    return _exact_counts(K, S, method)


def _exact_win(n, k, method="fast"):
    N = _exact_table(k, n - k, method)
    return Fraction(N[k][n - k], _falling(n, k))


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
        (checked exactly by :func:`check_monotonicity`); ``"plain"``: the full
        O(V^2 F^2) max over fields.

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
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be True or False, got {exact!r}")
    check_choice("method", method, METHODS)
    if exact:
        return _exact_win(V, F, method)
    if F == 0 or F == V:
        return 1.0
    return float(_table_for(F, V - F, method).win[F, V - F])


def clear_cache():
    """Forget every cached Win table (float and exact), e.g. before timing."""
    _float_table.cache_clear()
    _TABLE_KEYS.clear()
    _exact_table.cache_clear()


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
    repeats = check_int("repeats", repeats, 1)
    return median_time(lambda: win_probability(V, F, exact=exact, method=method), repeats,
                       setup=clear_cache)


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
    check_choice("method", method, METHODS)
    if exact:
        steps = F_max * V_max * V_max / 4.0 if method == "fast" else F_max ** 2 * V_max ** 2 / 8.0
        if steps > MAX_EXACT_STEPS:
            raise ValueError(f"exact=True for V_max={V_max}, F_max={F_max} needs about {steps:.1e} "
                             f"big-integer products (limit {MAX_EXACT_STEPS:.0e}); use exact=False")
        N = _exact_counts(F_max, V_max, method, n_max=V_max)
        out = np.full((V_max + 1, F_max + 1), Fraction(0), dtype=object)
        for n in range(V_max + 1):
            for k in range(min(n, F_max) + 1):
                out[n, k] = Fraction(N[k][n - k], _falling(n, k))
        return out
    tab = _table_for(F_max, V_max, method).win
    out = np.zeros((V_max + 1, F_max + 1))
    for k in range(F_max + 1):
        out[k:, k] = tab[k, :V_max + 1 - k]
    return out


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
    V, F = _check_sizes(V, F)
    if F == 0:
        raise ValueError("F must be >= 1 for a policy")
    w = _table_for(F, V - F).w
    return np.array([_optimal_field(w, V, F, r) for r in range(V)], dtype=np.int64)


def policy_win_probability(V, F, policy="proportional"):
    """Win probability of a gap-local policy, computed exactly by recursion (float64).

    Parameters
    ----------
    V, F : int
        Game size, 0 <= F <= V.
    policy : {"optimal", "proportional"}
        ``"proportional"`` places roll r of a gap with V_G values and F_G
        fields on gap field ``floor(r F_G / V_G)``. ("nearest" depends on the
        whole board, not only on the gap; estimate it with :func:`simulate`.)

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
        return win_probability(V, F)
    if F == 0 or F == V:
        return 1.0
    return float(_table_for(F, V - F, "proportional").win[F, V - F])


# --------------------------------------------------------------------------
# public API: mid-game
# --------------------------------------------------------------------------
def _state_value(V, F, cells, exact):
    D = sum(1 for v in cells if v >= 0)
    gaps = [(n_f, n_v) for _, n_f, n_v in _gaps(V, F, cells) if n_f > 0]
    if any(n_v < n_f for n_f, n_v in gaps):
        return Fraction(0) if exact else 0.0
    if not gaps:
        return Fraction(1) if exact else 1.0
    if exact:
        K = max(n_f for n_f, _ in gaps)
        S = max(n_v - n_f for n_f, n_v in gaps)
        N = _exact_table(K, S, "fast")
        num = 1
        for n_f, n_v in gaps:
            num *= Fraction(N[n_f][n_v - n_f], math.factorial(n_f))   # C(V_G, F_G) Win
        return num / math.comb(V - D, F - D)
    tab = _table_for(F, V - F).win
    prob = 1.0
    logw = -(math.lgamma(V - D + 1) - math.lgamma(F - D + 1) - math.lgamma(V - F + 1))
    for n_f, n_v in gaps:
        prob *= tab[n_f, n_v - n_f]
        logw += math.lgamma(n_v + 1) - math.lgamma(n_f + 1) - math.lgamma(n_v - n_f + 1)
    return float(prob * math.exp(logw))


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
    return _state_value(V, F, cells, bool(exact))


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
    field = check_int("field", field, 0, F - 1) if F else check_int("field", field, 0, -1)
    if cells[field] >= 0:
        raise ValueError(f"field {field} is already filled (it holds {cells[field]})")
    a, b, lo, hi = _gap_of(V, F, cells, roll)
    if not a <= field <= b:
        raise ValueError(f"placing {roll} on field {field} breaks the increasing order "
                         f"(legal fields: {list(range(a, b + 1)) or 'none'})")
    out = [None if v < 0 else v for v in cells]
    out[field] = roll
    return out


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
    a, b, _, _ = _gap_of(V, F, cells, roll)
    out = {}
    for f in range(a, b + 1):
        new = list(cells)
        new[f] = roll
        out[f] = _state_value(V, F, new, bool(exact))
    return out


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
    probs = placement_probabilities(V, F, state, roll, exact=exact)
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
    a, b, lo, hi = _gap_of(V, F, cells, roll)
    if a > b:
        return None
    n_f, n_v, rr = b - a + 1, hi - lo - 1, roll - lo - 1
    if policy == "optimal":
        if n_v < n_f:
            return a
        return a + int(_optimal_field(_table_for(F, V - F).w, n_v, n_f, rr))
    if policy == "proportional":
        return a + (rr * n_f) // n_v
    return min(max((roll * F) // V, a), b)


# --------------------------------------------------------------------------
# brute force over real game states
# --------------------------------------------------------------------------
def all_states(V, F):
    """Every mid-game state of a (V, F) game: each increasing partial filling.

    Yields lists of length ``F`` holding the value on each field or ``None``;
    there are ``sum_k C(F, k) C(V, k)`` of them (``C(V + F, F)``).

    Examples
    --------
    >>> sum(1 for _ in all_states(7, 3)), math.comb(10, 3)
    (120, 120)
    """
    V, F = _check_sizes(V, F)
    for filled in range(F + 1):
        for fields in itertools.combinations(range(F), filled):
            for values in itertools.combinations(range(V), filled):
                state = [None] * F
                for f, v in zip(fields, values):
                    state[f] = v
                yield state


def brute_force_state_probability(V, F, state=None, policy=None):
    """Exact win probability by expectimax over actual game states (tiny games).

    Knows nothing of gaps, binomials or sub-games: from a state (the value on
    each field) it averages over every undrawn value, and for each takes the
    best legal field (or the one ``policy`` picks), memoising on the state.

    Parameters
    ----------
    V, F : int
        Game size with C(V + F, F) <= 200,000.
    state : list or None
        Starting state (None: the empty board).
    policy : None or {"proportional", "nearest"}
        Evaluate that heuristic instead of optimal play.

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    >>> brute_force_state_probability(3, 2)
    Fraction(5, 6)
    """
    V, F = _check_sizes(V, F)
    if math.comb(V + F, F) > MAX_BRUTE_STATES:
        raise ValueError(f"brute force for V={V}, F={F} visits up to C(V+F, F) = "
                         f"{math.comb(V + F, F):,} states (limit {MAX_BRUTE_STATES:,})")
    if policy is not None:
        check_choice("policy", policy, ("proportional", "nearest"))
    cells = _check_state(V, F, [None] * F if state is None else state)

    memo = {}

    def legal(st, r):
        lo_field, hi_field = 0, F - 1
        for i, v in enumerate(st):
            if v >= 0 and v < r:
                lo_field = i + 1
            elif v > r:
                hi_field = i - 1
                break
        return [f for f in range(lo_field, hi_field + 1) if st[f] < 0]

    def value(st):
        if st in memo:
            return memo[st]
        empty = st.count(-1)
        if empty == 0:
            return Fraction(1)
        undrawn = [r for r in range(V) if r not in st]
        total = Fraction(0)
        for r in undrawn:
            fields = legal(st, r)
            if not fields:
                continue
            if policy is None:
                best = max(value(st[:f] + (r,) + st[f + 1:]) for f in fields)
            else:
                f = choose_field(V, F, [None if v < 0 else v for v in st], r, policy)
                best = value(st[:f] + (r,) + st[f + 1:])
            total += best
        res = total / len(undrawn)
        memo[st] = res
        return res

    return value(tuple(cells))


def brute_force_win_probability(V, F):
    """Win(V, F) by :func:`brute_force_state_probability` from the empty board.

    Examples
    --------
    >>> brute_force_win_probability(4, 2)
    Fraction(5, 6)
    """
    return brute_force_state_probability(V, F)


# --------------------------------------------------------------------------
# the monotonicity claim
# --------------------------------------------------------------------------
@dataclass
class MonotonicityReport:
    """What :func:`check_monotonicity` checked and found.

    ``n_rolls``: (sub-game, roll) pairs r -> r+1 checked; ``n_games``:
    sub-games (n values, k fields); ``n_tied``: rolls with several optimal
    fields; ``counterexamples``: tuples (n, k, r, optimal fields for r,
    optimal fields for r + 1), the first ``max_counterexamples`` of
    ``n_counterexamples``; ``holds``: no counterexample;
    ``fast_equals_plain``: the exact fast and plain tables agree everywhere.
    """
    V_max: int
    F_max: int
    n_games: int
    n_rolls: int
    n_tied: int
    max_optimal_fields: int
    counterexamples: list = dc_field(default_factory=list)
    n_counterexamples: int = 0
    fast_equals_plain: bool = True

    @property
    def holds(self):
        return self.n_counterexamples == 0


def check_monotonicity(V_max, F_max=None, max_counterexamples=20):
    """Check the document's claim with exact integers on every sub-game n <= V_max, k <= F_max.

    For every game with n values and k fields (1 <= k <= min(n, F_max),
    n <= V_max) and every roll r = 0..n-2, let O(r) be the set of optimal
    fields (exact ties included). The claim checked is the strong form: for
    EVERY f in O(r), O(r+1) contains f or f+1. It implies that the fast
    recurrence (which keeps one optimal field and compares two candidates) is
    exact whatever the tie-break. The fast and plain exact tables are also
    compared cell by cell.

    Parameters
    ----------
    V_max : int
        Largest number of values (>= 1).
    F_max : int or None
        Largest number of fields (default V_max).
    max_counterexamples : int
        How many counterexamples to keep.

    Returns
    -------
    MonotonicityReport

    Examples
    --------
    >>> check_monotonicity(8).holds
    True
    """
    V_max = check_int("V_max", V_max, 1)
    F_max = V_max if F_max is None else check_int("F_max", F_max, 1, V_max)
    steps = F_max * F_max * V_max * V_max / 8.0
    if steps > 10 * MAX_EXACT_STEPS:
        raise ValueError(f"check_monotonicity(V_max={V_max}, F_max={F_max}) needs about {steps:.1e} "
                         "big-integer products; use smaller sizes")
    report = MonotonicityReport(V_max, F_max, 0, 0, 0, 1)
    prev = {}

    def record(k, s, r, flo, vals):
        m = max(vals)
        opt = [flo + i for i, v in enumerate(vals) if v == m]
        report.max_optimal_fields = max(report.max_optimal_fields, len(opt))
        if len(opt) > 1:
            report.n_tied += 1
        if r == 0:
            report.n_games += 1
        else:
            report.n_rolls += 1
            before = prev[(k, s)]
            if any(not ({f, f + 1} & set(opt)) for f in before):
                report.n_counterexamples += 1
                if len(report.counterexamples) < max_counterexamples:
                    report.counterexamples.append((k + s, k, r - 1, tuple(before), tuple(opt)))
        prev[(k, s)] = opt

    plain = _exact_counts(F_max, V_max - 1, "plain", n_max=V_max, record=record)
    fast = _exact_counts(F_max, V_max - 1, "fast", n_max=V_max)
    report.fast_equals_plain = all(
        plain[k][s] == fast[k][s] for k in range(F_max + 1) for s in range(V_max) if k + s <= V_max)
    return report


def tied_first_moves(V_max, F_max=None):
    """Exact ties on the empty board: first rolls with several optimal fields.

    Parameters
    ----------
    V_max : int
        Largest number of values n checked (every 1 <= k <= min(n, F_max)).
    F_max : int or None
        Largest number of fields (default V_max).

    Returns
    -------
    list of tuple
        ``(n, k, roll, optimal fields)`` for each tie, exact integers.

    Examples
    --------
    >>> [t for t in tied_first_moves(9) if 2 * t[2] != t[0] - 1]
    [(9, 3, 2, (0, 1)), (9, 3, 6, (1, 2)), (9, 5, 3, (1, 2)), (9, 5, 5, (2, 3))]
    """
    V_max = check_int("V_max", V_max, 1)
    F_max = V_max if F_max is None else check_int("F_max", F_max, 1, V_max)
    if F_max * F_max * V_max * V_max / 8.0 > 10 * MAX_EXACT_STEPS:
        raise ValueError(f"tied_first_moves(V_max={V_max}, F_max={F_max}) is too large; use smaller sizes")
    ties = []

    def record(k, s, r, flo, vals):
        m = max(vals)
        opt = tuple(flo + i for i, v in enumerate(vals) if v == m)
        if len(opt) > 1:
            ties.append((k + s, k, r, opt))

    _exact_counts(F_max, V_max - 1, "plain", n_max=V_max, record=record)
    return sorted(ties)


# --------------------------------------------------------------------------
# Monte Carlo
# --------------------------------------------------------------------------
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
        See :func:`choose_field`.
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
    base = int(as_generator(seed).integers(0, 2**32))
    w = _table_for(F, V - F).w if policy == "optimal" else np.ones((1, 1))
    wins = np.zeros(n_games, dtype=np.int8)
    _simulate(V, F, n_games, _POLICY_CODE[policy], w, base, wins)
    k = int(wins.sum())
    p = k / n_games
    return SimulationResult(p, math.sqrt(p * (1 - p) / n_games), n_games, k, policy, V, F, seed)


# --------------------------------------------------------------------------
# a playable game (state class, tested without a browser) and widgets
# --------------------------------------------------------------------------
class FieldsGame:
    """State of one game: the board, the pending roll, the outcome.

    Parameters
    ----------
    V, F : int
        Game size, 1 <= F <= V.
    seed : int or numpy.random.Generator
        Seeds the rolls.

    Examples
    --------
    >>> g = FieldsGame(10, 3, seed=0)
    >>> r = g.roll()
    >>> g.place(g.best_field())
    >>> sum(v is not None for v in g.state)
    1
    """

    def __init__(self, V, F, seed=0):
        V, F = _check_sizes(V, F)
        if F == 0:
            raise ValueError("F must be >= 1 to play")
        self.V, self.F = V, F
        self.rng = as_generator(seed)
        self.state = [None] * F
        self.current = None
        self.history = []            # (roll, field or None)
        self.outcome = None          # None (playing), "won" or "lost"

    @property
    def cells(self):
        return [-1 if v is None else v for v in self.state]

    def undrawn(self):
        """Values not on the board (every drawn value is on the board)."""
        taken = set(v for v in self.state if v is not None)
        return [v for v in range(self.V) if v not in taken]

    def roll(self):
        """Draw the next value; the game is lost at once if it has no legal field."""
        if self.outcome is not None:
            raise ValueError(f"the game is over ({self.outcome}); start a new one")
        if self.current is not None:
            raise ValueError(f"place the pending roll {self.current} first")
        values = self.undrawn()
        self.current = int(values[int(self.rng.integers(len(values)))])
        if not self.legal_fields():
            self.history.append((self.current, None))
            self.outcome = "lost"
        return self.current

    def legal_fields(self):
        """Legal fields for the pending roll ([] when there is none)."""
        if self.current is None:
            return []
        a, b, _, _ = _gap_of(self.V, self.F, self.cells, self.current)
        return list(range(a, b + 1))

    def placement_probabilities(self):
        """{field: win probability} for the pending roll."""
        if self.current is None or self.outcome is not None:
            return {}
        return placement_probabilities(self.V, self.F, self.state, self.current)

    def best_field(self):
        """What the optimal player would do with the pending roll."""
        if self.current is None or self.outcome is not None:
            return None
        return best_placement(self.V, self.F, self.state, self.current).field

    def win_probability(self):
        """Win probability now: before a roll, of the state; with a pending roll,
        of its best placement."""
        if self.outcome is not None:
            return 1.0 if self.outcome == "won" else 0.0
        if self.current is None:
            return state_probability(self.V, self.F, self.state)
        return best_placement(self.V, self.F, self.state, self.current).probability

    def place(self, field):
        """Put the pending roll on ``field`` (errors for illegal moves)."""
        if self.outcome is not None:
            raise ValueError(f"the game is over ({self.outcome}); start a new one")
        if self.current is None:
            raise ValueError("roll first: there is no value to place")
        self.state = place(self.V, self.F, self.state, self.current, field)
        self.history.append((self.current, field))
        self.current = None
        if all(v is not None for v in self.state):
            self.outcome = "won"


class _FieldsApp:
    """ipywidgets front end over :class:`FieldsGame` (see :func:`fields_widget`)."""

    def __init__(self, V=20, F=5, seed=0):
        import ipywidgets as widgets
        self.widgets = widgets
        self.v_box = widgets.BoundedIntText(value=V, min=1, max=2000, description="values V")
        self.f_box = widgets.BoundedIntText(value=F, min=1, max=50, description="fields F")
        self.seed_box = widgets.IntText(value=seed, description="seed")
        self.new_button = widgets.Button(description="New game", button_style="info")
        self.roll_button = widgets.Button(description="Roll a number", button_style="primary")
        self.auto_button = widgets.Button(description="Play optimal move")
        self.fields_box = widgets.HBox()
        self.info = widgets.HTML()
        self.new_button.on_click(lambda _: self.new_game())
        self.roll_button.on_click(lambda _: self.roll())
        self.auto_button.on_click(lambda _: self.play_optimal())
        self.box = widgets.VBox([
            widgets.HBox([self.v_box, self.f_box, self.seed_box]),
            widgets.HBox([self.new_button, self.roll_button, self.auto_button]),
            self.fields_box, self.info])
        self.box.app = self
        self.new_game()

    def new_game(self):
        try:
            self.game = FieldsGame(self.v_box.value, self.f_box.value, seed=self.seed_box.value)
        except (ValueError, TypeError) as err:
            self.info.value = f"<b>{err}</b>"
            return
        self.buttons = []
        for i in range(self.game.F):
            b = self.widgets.Button(description="", layout=self.widgets.Layout(width="110px"))
            b.on_click(lambda _, i=i: self.click(i))
            self.buttons.append(b)
        self.fields_box.children = self.buttons
        self.refresh()

    def roll(self):
        if self.game.outcome is None and self.game.current is None:
            self.game.roll()
        self.refresh()

    def click(self, i):
        if self.game.current is not None and i in self.game.legal_fields():
            self.game.place(i)
        self.refresh()

    def play_optimal(self):
        if self.game.outcome is None:
            if self.game.current is None:
                self.game.roll()
            if self.game.outcome is None:
                self.game.place(self.game.best_field())
        self.refresh()

    def refresh(self):
        g = self.game
        probs = g.placement_probabilities()
        best = g.best_field()
        for i, b in enumerate(self.buttons):
            v = g.state[i]
            if v is not None:
                b.description, b.button_style, b.disabled = f"{i}: {v}", "", True
            elif i in probs:
                mark = " *" if i == best else ""
                b.description = f"{i}: {100 * probs[i]:.3g}%{mark}"
                b.button_style, b.disabled = "success", False
            else:
                b.description, b.button_style, b.disabled = f"{i}: -", "", True
        lines = [f"V = {g.V}, F = {g.F}; rolls so far: "
                 + (", ".join(str(r) for r, _ in g.history) or "none")]
        if g.outcome == "won":
            lines.append("<b>Won</b>: every field is filled.")
        elif g.outcome == "lost":
            lines.append(f"<b>Lost</b>: roll {g.current} has no legal field.")
        elif g.current is None:
            lines.append(f"Win probability of this position (optimal play): "
                         f"{100 * g.win_probability():.4g}%. Press <i>Roll a number</i>.")
        else:
            lines.append(f"Rolled <b>{g.current}</b>. Click a green field. Win probability of each: "
                         + ", ".join(f"field {f}: {100 * p:.4g}%" for f, p in probs.items())
                         + f". Optimal: field {best} (marked *).")
        self.info.value = "<br>".join(lines)


def fields_widget(V=20, F=5, seed=0):
    """A playable game: choose V, F and a seed, roll, click a green field to place.

    Each legal field shows the win probability after placing there (optimal
    play afterwards); the optimal field is marked with ``*``. The returned
    ``VBox`` carries the front end as ``.app`` (``.app.game`` is the
    :class:`FieldsGame`).

    Examples
    --------
    >>> box = fields_widget(10, 3, seed=0)
    >>> box.app.game.F
    3
    """
    return _FieldsApp(V, F, seed).box


def win_sweep_widget(V_max=200, F_values=(2, 3, 5, 8, 12, 20)):
    """Sliders over V_max and a text list of F values, redrawing Win(V, F) against V.

    Examples
    --------
    >>> box = win_sweep_widget(50, (2, 3))
    >>> len(box.children)
    3
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    v_slider = widgets.IntSlider(value=V_max, min=10, max=2000, step=10, description="V max")
    f_text = widgets.Text(value=", ".join(str(f) for f in F_values), description="F values")
    out = widgets.Output()

    def redraw(*_):
        out.outputs = ()
        with out:
            try:
                fs = [int(x) for x in f_text.value.replace(",", " ").split()]
                fig, ax = plt.subplots(figsize=(7, 4))
                plot_win_vs_values(fs, v_slider.value, ax=ax)
                plt.show()
                plt.close(fig)
            except (ValueError, TypeError) as err:
                print(err)

    v_slider.observe(redraw, names="value")
    f_text.observe(redraw, names="value")
    redraw()
    return widgets.VBox([v_slider, f_text, out])


# --------------------------------------------------------------------------
# plots
# --------------------------------------------------------------------------
def _axis(ax, figsize=(6, 4)):
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots(figsize=figsize)
    return ax


def plot_win_heatmap(V_max=60, F_max=20, ax=None, table=None):
    """Heat map of log10 Win(V, F) (optimal play) over 1..V_max x 1..F_max."""
    import matplotlib.colors as mcolors
    ax = _axis(ax, (7, 4.5))
    t = win_table(V_max, F_max) if table is None else np.asarray(table, dtype=float)
    data = np.where(t > 0, t, np.nan)[1:, 1:].T
    im = ax.imshow(data, origin="lower", aspect="auto", cmap="viridis",
                   norm=mcolors.LogNorm(vmin=np.nanmin(data), vmax=1.0),
                   extent=(0.5, t.shape[0] - 0.5, 0.5, t.shape[1] - 0.5))
    ax.figure.colorbar(im, ax=ax, label="win probability (log scale)")
    from matplotlib.ticker import MaxNLocator
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("values V")
    ax.set_ylabel("fields F")
    ax.set_title("Win(V, F) under optimal play (blank: F > V)")
    return ax


def plot_win_vs_values(F_values=(2, 3, 5, 8, 12, 20), V_max=200, ax=None):
    """Win(V, F) against V for several F, on log-log axes."""
    ax = _axis(ax)
    F_values = [check_int("F", f, 1) for f in F_values]
    if not F_values:
        raise ValueError("F_values must name at least one number of fields")
    V_max = check_int("V_max", V_max, max(F_values))
    t = win_table(V_max, max(F_values))
    for f in sorted(set(F_values)):
        v = np.arange(f, V_max + 1)
        ax.plot(v, t[f:, f], label=f"F = {f}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("values V (log scale)")
    ax.set_ylabel("win probability")
    ax.legend(fontsize="small")
    ax.grid(alpha=0.3)
    return ax


def plot_optimal_policy(V, F, ax=None):
    """Optimal field against the first roll, beside the proportional rule."""
    ax = _axis(ax)
    pol = optimal_policy(V, F)
    r = np.arange(V)
    ax.step(r, pol, where="mid", label="optimal")
    ax.plot(r, (r * F) // V, ":", label="proportional floor(rF/V)")
    ax.set_xlabel("first roll")
    ax.set_ylabel("field")
    ax.set_title(f"first move, V = {V}, F = {F}")
    ax.legend(fontsize="small")
    return ax


def plot_win_rates(results, exact=None, ax=None):
    """Bar chart of Monte Carlo win rates with 4 standard-error bars.

    ``results``: SimulationResults; ``exact``: optional {policy: value} drawn as ticks.
    """
    ax = _axis(ax)
    names = [r.policy for r in results]
    x = np.arange(len(results))
    ax.bar(x, [r.mean for r in results], yerr=[4 * r.std_err for r in results], capsize=4,
           color="tab:blue", alpha=0.7, label="Monte Carlo (+- 4 SE)")
    if exact:
        for i, n in enumerate(names):
            if n in exact:
                ax.plot([i - 0.4, i + 0.4], [exact[n]] * 2, "k-", lw=2,
                        label="exact" if i == 0 else None)
    ax.set_xticks(x, names)
    ax.set_ylabel("win rate")
    ax.legend(fontsize="small")
    return ax
