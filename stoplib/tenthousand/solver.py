"""Solitaire Ten Thousand: one turn of the dice game, solved exactly.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", J. Appl. Prob. 53 (2016) 91-105 (document 002 of the workbook).

The game (the paper's Section 2). A turn starts with ``tau = 0`` chips
(1 chip = 50 points) and five dice. Each roll is scored by Table 1 of the
paper: each 5 is 1 chip, each 1 is 2 chips, three 2s/3s/4s/6s are 4/6/8/12
chips, three 5s are 10 and three 1s are 20. A roll is summarised by its
*configuration* ``i = (f, o, t)``: ``f`` fives, ``o`` ones and ``t`` the kind of
a triple of 2, 3, 4 or 6 (``t = 0`` for none), with score, scoring dice and
scoring combinations

    s(i) = f + 2 o + 7 [f >= 3] + 14 [o >= 3] + 2 t,
    d(i) = f + o + 3 [t != 0],      c(i) = f + o + [t != 0].

A roll with ``s = 0`` loses the turn total. Otherwise the player stops (banking
``tau``), rolls the ``n - d(i)`` non-scoring dice, rolls all ``N`` dice again
when every die scored, or *moves*: sets aside only a smaller configuration
``j < i`` (a strict non-empty subset of the scoring combinations) and rolls more
dice. The states are ``(tau, i, n)``; the dynamic-programming equation is

    V(x) = max{ tau, V_r(tau, n), max_{y < x} V(y) },
    V_r(tau, n) = sum_k f(n, k) / 6**n  V(tau + s(k), k, n - d(k) + N [n = d(k)]),

and its smallest solution is the value. Above the threshold
``tau*(N) = min{tau : tau >= sum_k f(N, k) s(k) / f(N, 0)}`` stopping is optimal
(when the same inequality holds for every ``n < N``), so the value below it is
found by one backward pass (the paper's Algorithm 4.1). An independent value
iteration ``W_{k+1} = L W_k`` from ``W_0 = 0`` on a truncated state space checks
it. ``V*(iota) = 5.872019`` chips for five dice.

The module generalises the rules to ``N = 1..6`` dice: configurations are
limited to ``N`` dice and a roll in which all ``N`` dice score lets the player
roll all ``N`` again. With six dice a roll can hold two triples (``222333`` or
six 2s) and six 5s or six 1s; a roll is then scored as the best partition into
the combinations of Table 1 (two triples of 5s for six 5s), which for five dice
or fewer is exactly the paper's formula. Such a configuration is written
``(f, o, (t1, t2))``.

Solitaire Pig (the paper's Section 5.2) lives in :mod:`stoplib.pig` and is
re-exported here as :func:`pig`.
"""
from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np
from numba import njit, prange

from .pig_game import pig, PigResult  # noqa: F401  (re-exported: the public API names stoplib.tenthousand.pig)
from ..util.rng import kernel_seed
from ..util.validate import check_int

MAX_DICE = 6
TRIPLE_KINDS = (2, 3, 4, 6)

#: The paper's Table 4 names, in its order (``mt5``/``mt1`` resign three 5s/1s).
PAPER_ACTIONS = ("s", "r", "m5", "m1", "m55", "m51", "m11", "m551", "m511",
                 "mt1", "mt2", "mt3", "mt4", "mt5", "mt6")
#: Moves that Theorem 4.1 says are never optimal.
NEVER_OPTIMAL = ("m11", "m551", "m511", "mt1", "mt2", "mt3", "mt4", "mt5", "mt6")
_ALIASES = {"m555": "mt5", "m111": "mt1"}

STOP, ROLL = 0, 1


# ----------------------------------------------------------------------------- rules

def _score(f, o, trip):
    return f + 2 * o + 7 * (f // 3) + 14 * (o // 3) + 2 * sum(trip)


def _public(f, o, trip):
    if len(trip) == 0:
        return (f, o, 0)
    if len(trip) == 1:
        return (f, o, trip[0])
    return (f, o, tuple(trip))


def _move_name(df, do, trip):
    if df == 3 and do == 0 and not trip:
        return "mt5"
    if df == 0 and do == 3 and not trip:
        return "mt1"
    if df == 0 and do == 0 and len(trip) == 1:
        return f"mt{trip[0]}"
    return "m" + "5" * df + "1" * do + "".join(f"t{k}" for k in trip)


def _all_configs(n_dice):
    """Every configuration (f, o, triples) with d <= n_dice, the non-scoring one first."""
    out = []
    for ntr in range(0, n_dice // 3 + 1):
        for trip in itertools.combinations_with_replacement(TRIPLE_KINDS, ntr):
            for f in range(n_dice + 1):
                for o in range(n_dice + 1):
                    if f + o + 3 * ntr <= n_dice:
                        out.append((f, o, tuple(trip)))
    out.sort(key=lambda c: (c[0] + c[1] + 3 * len(c[2]), len(c[2]), -c[0], c[2]))
    return out


def _is_smaller(a, b):
    """True when configuration a is a non-empty strict subset of b's combinations."""
    if a == b or (a[0] + a[1] + len(a[2])) == 0:
        return False
    if a[0] > b[0] or a[1] > b[1]:
        return False
    rest = list(b[2])
    for k in a[2]:
        if k not in rest:
            return False
        rest.remove(k)
    return True


def _resigned(a, b):
    """What is resigned when moving from b down to a."""
    rest = list(b[2])
    for k in a[2]:
        rest.remove(k)
    return b[0] - a[0], b[1] - a[1], tuple(rest)


def _action_universe():
    """All action names for up to MAX_DICE dice: the paper's first, then the rest."""
    names = set()
    for b in _all_configs(MAX_DICE):
        db = b[0] + b[1] + 3 * len(b[2])
        if db >= MAX_DICE:  # moves need a die that did not score
            continue
        for a in _all_configs(MAX_DICE):
            if _is_smaller(a, b):
                names.add(_move_name(*_resigned(a, b)))
    extra = sorted(names - set(PAPER_ACTIONS), key=lambda x: (len(x), x))
    return PAPER_ACTIONS + tuple(extra)


ACTION_NAMES = _action_universe()
_CODE = {name: k for k, name in enumerate(ACTION_NAMES)}


@dataclass(frozen=True)
class _Rules:
    """Arrays describing the game with ``n_dice`` dice (built once per N)."""

    n_dice: int
    configs: tuple          # public (f, o, t) tuples, index 0 = non-scoring
    index: dict             # public tuple -> index
    f: np.ndarray
    o: np.ndarray
    s: np.ndarray
    d: np.ndarray
    c: np.ndarray
    cfg_of: np.ndarray      # (7, 7, 7, 7): [f, o, t1, t2] -> index (t1 <= t2, 0 = none)
    move_ptr: np.ndarray    # CSR over configs: moves from i
    move_to: np.ndarray
    move_code: np.ndarray
    rev_ptr: np.ndarray     # CSR over configs: configs j that can move down to i
    rev_from: np.ndarray
    rev_code: np.ndarray
    move_dest: np.ndarray   # (K, n_actions): destination of a move code, -1 if none
    available: tuple        # action names that occur with this many dice


@lru_cache(maxsize=None)
def _rules(n_dice):
    raw = _all_configs(n_dice)
    K = len(raw)
    configs = tuple(_public(*c) for c in raw)
    index = {c: k for k, c in enumerate(configs)}
    f = np.array([c[0] for c in raw], dtype=np.int64)
    o = np.array([c[1] for c in raw], dtype=np.int64)
    s = np.array([_score(*c) for c in raw], dtype=np.int64)
    d = np.array([c[0] + c[1] + 3 * len(c[2]) for c in raw], dtype=np.int64)
    c_ = np.array([c[0] + c[1] + len(c[2]) for c in raw], dtype=np.int64)
    cfg_of = np.full((7, 7, 7, 7), -1, dtype=np.int64)
    for k, (ff, oo, trip) in enumerate(raw):
        t1 = trip[0] if len(trip) >= 1 else 0
        t2 = trip[1] if len(trip) >= 2 else 0
        if len(trip) == 1:
            t1, t2 = 0, trip[0]
        cfg_of[ff, oo, t1, t2] = k
    fwd = [[] for _ in range(K)]
    rev = [[] for _ in range(K)]
    move_dest = np.full((K, len(ACTION_NAMES)), -1, dtype=np.int64)
    for i, b in enumerate(raw):
        if d[i] >= n_dice:
            continue
        for j, a in enumerate(raw):
            if _is_smaller(a, b):
                code = _CODE[_move_name(*_resigned(a, b))]
                fwd[i].append((j, code))
                rev[j].append((i, code))
                move_dest[i, code] = j

    def csr(lists):
        ptr = np.zeros(K + 1, dtype=np.int64)
        for k, lst in enumerate(lists):
            ptr[k + 1] = ptr[k] + len(lst)
        to = np.array([x for lst in lists for x, _ in lst], dtype=np.int64)
        code = np.array([y for lst in lists for _, y in lst], dtype=np.int64)
        return ptr, to, code

    mp, mt, mc = csr(fwd)
    rp, rf, rc = csr(rev)
    used = {int(x) for x in mc}
    available = tuple(name for k, name in enumerate(ACTION_NAMES) if k < 2 or k in used)
    return _Rules(n_dice, configs, index, f, o, s, d, c_, cfg_of, mp, mt, mc, rp, rf, rc,
                  move_dest, available)


def _check_n_dice(n_dice, name="n_dice"):
    return check_int(name, n_dice, 1, MAX_DICE)


def _normalise_config(config, n_dice, name="config"):
    """Validate a configuration against the rules with ``n_dice`` dice; return its index."""
    if not isinstance(config, (tuple, list)) or len(config) != 3:
        raise TypeError(f"{name} must be a tuple (f, o, t), got {config!r}")
    f_, o_, t_ = config
    for label, v in (("f (number of 5s)", f_), ("o (number of 1s)", o_)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"{name}: {label} must be an int, got {v!r}")
        if v < 0:
            raise ValueError(f"{name}: {label} must be >= 0, got {v}")
    if isinstance(t_, (tuple, list)):
        trip = tuple(sorted(int(x) for x in t_))
        bad = [x for x in t_ if isinstance(x, bool) or not isinstance(x, numbers.Integral)]
        if bad or len(trip) > 2:
            raise ValueError(f"{name}: t must be 0, a kind in {TRIPLE_KINDS} or a pair of kinds, got {t_!r}")
    elif isinstance(t_, bool) or not isinstance(t_, numbers.Integral):
        raise TypeError(f"{name}: t must be an int (0 or the kind of a triple), got {t_!r}")
    else:
        trip = () if t_ == 0 else (int(t_),)
    if any(k not in TRIPLE_KINDS for k in trip):
        raise ValueError(f"{name}: a triple must be of 2, 3, 4 or 6 (three 5s and three 1s are counted "
                         f"in f and o), got t={t_!r}")
    dice = int(f_) + int(o_) + 3 * len(trip)
    if dice > n_dice:
        raise ValueError(f"{name}={tuple(config)!r} is impossible with {n_dice} dice "
                         f"(it needs {dice} scoring dice)")
    key = _public(int(f_), int(o_), trip)
    rules = _rules(n_dice)
    if key not in rules.index:  # pragma: no cover - every valid tuple is enumerated
        raise ValueError(f"{name}={tuple(config)!r} is not a configuration")
    return rules.index[key]


def configurations(n_dice=5):
    """All configurations possible with ``n_dice`` dice, the non-scoring ``(0, 0, 0)`` first.

    Ordered as the paper's Table 2 (by scoring dice, then by triples, then fives).

    Parameters
    ----------
    n_dice : int
        Number of dice, 1..6.

    Returns
    -------
    list of tuple
        ``(f, o, t)`` tuples.

    Examples
    --------
    >>> configurations(2)
    [(0, 0, 0), (1, 0, 0), (0, 1, 0), (2, 0, 0), (1, 1, 0), (0, 2, 0)]
    >>> len(configurations(5))
    45
    """
    return list(_rules(_check_n_dice(n_dice)).configs)


def score(config):
    """Score ``s(i)`` (in chips), scoring dice ``d(i)`` and combinations ``c(i)`` of a configuration.

    Parameters
    ----------
    config : tuple
        ``(f, o, t)``.

    Returns
    -------
    tuple of int
        ``(s, d, c)``.

    Examples
    --------
    >>> score((0, 3, 0))   # three 1s: 1000 points
    (20, 3, 3)
    >>> score((1, 0, 4))   # a 5 and three 4s
    (9, 4, 2)
    """
    k = _normalise_config(config, MAX_DICE)
    r = _rules(MAX_DICE)
    return int(r.s[k]), int(r.d[k]), int(r.c[k])


def is_smaller(j, i):
    """Definition 2.1: True when ``j``'s scoring combinations are a non-empty strict subset of ``i``'s.

    Examples
    --------
    >>> is_smaller((1, 0, 0), (2, 1, 0)), is_smaller((0, 0, 2), (1, 0, 3))
    (True, False)
    """
    a = _rules(MAX_DICE).configs[_normalise_config(j, MAX_DICE, "j")]
    b = _rules(MAX_DICE).configs[_normalise_config(i, MAX_DICE, "i")]

    def raw(c):
        t = c[2]
        return (c[0], c[1], tuple(t) if isinstance(t, tuple) else (() if t == 0 else (t,)))

    return _is_smaller(raw(a), raw(b))


def move_name(i, j):
    """The paper's name for the move from configuration ``i`` down to ``j`` (Table 4).

    Raises ``ValueError`` when ``j`` is not smaller than ``i``.

    Examples
    --------
    >>> move_name((2, 1, 0), (0, 1, 0))
    'm55'
    >>> move_name((1, 3, 0), (1, 0, 0))
    'mt1'
    """
    if not is_smaller(j, i):
        raise ValueError(f"configuration {tuple(j)!r} is not smaller than {tuple(i)!r} "
                         "(it must keep a non-empty strict subset of the scoring combinations)")
    r = _rules(MAX_DICE)
    a = r.configs[_normalise_config(j, MAX_DICE, "j")]
    b = r.configs[_normalise_config(i, MAX_DICE, "i")]

    def trip(c):
        t = c[2]
        return tuple(t) if isinstance(t, tuple) else (() if t == 0 else (t,))

    return _move_name(*_resigned((a[0], a[1], trip(a)), (b[0], b[1], trip(b))))


# ----------------------------------------------------------------------------- frequencies

@njit(cache=True)
def _roll_config(counts, cfg_of):
    """Configuration index of a roll given its face counts (counts[1..6])."""
    t1 = 0
    t2 = 0
    for kind in (2, 3, 4, 6):
        m = counts[kind] // 3
        for _ in range(m):
            if t2 == 0:
                t2 = kind
            else:
                t1 = t2 if t2 < kind else kind
                t2 = kind if t2 < kind else t2
    return cfg_of[counts[5], counts[1], t1, t2]


@njit(cache=True)
def _roll_frequencies(n, cfg_of, out):
    """Enumerate all 6**n rolls (as base-6 numbers); count each configuration in out."""
    counts = np.zeros(7, dtype=np.int64)
    total = 6 ** n
    for code in range(total):
        for k in range(7):
            counts[k] = 0
        x = code
        for _ in range(n):
            counts[x % 6 + 1] += 1
            x //= 6
        out[_roll_config(counts, cfg_of)] += 1


@lru_cache(maxsize=None)
def _freq_array(n):
    r = _rules(MAX_DICE)
    out = np.zeros(len(r.configs), dtype=np.int64)
    _roll_frequencies(n, r.cfg_of, out)
    return out


def frequencies(n):
    """Number of the ``6**n`` rolls of ``n`` dice giving each configuration (the paper's Table 2).

    Found by enumerating every roll; the non-scoring configuration ``(0, 0, 0)`` is included.

    Parameters
    ----------
    n : int
        Number of dice rolled, 1..6.

    Returns
    -------
    dict
        ``{(f, o, t): count}`` for every configuration that ``n`` dice can show.

    Examples
    --------
    >>> frequencies(1)
    {(0, 0, 0): 4, (1, 0, 0): 1, (0, 1, 0): 1}
    >>> frequencies(5)[(0, 0, 0)], sum(frequencies(5).values()) == 6**5
    (600, True)
    """
    n = check_int("n", n, 1, MAX_DICE)
    r = _rules(n)
    full = _rules(MAX_DICE)
    counts = _freq_array(n)
    return {c: int(counts[full.index[c]]) for c in r.configs if counts[full.index[c]] > 0}


def frequencies_multinomial(n):
    """Slow exact twin of :func:`frequencies`: sum multinomial coefficients over face counts.

    Examples
    --------
    >>> frequencies_multinomial(3) == frequencies(3)
    True
    """
    n = check_int("n", n, 1, MAX_DICE)
    out = {}
    for counts in itertools.product(range(n + 1), repeat=6):
        if sum(counts) != n:
            continue
        ways = math.factorial(n)
        for x in counts:
            ways //= math.factorial(x)
        c1, c2, c3, c4, c5, c6 = counts
        trip = tuple(sorted(k for k, ck in zip((2, 3, 4, 6), (c2, c3, c4, c6)) for _ in range(ck // 3)))
        key = _public(c5, c1, trip)
        out[key] = out.get(key, 0) + ways
    order = {c: k for k, c in enumerate(_rules(n).configs)}
    return dict(sorted(out.items(), key=lambda kv: order[kv[0]]))


@lru_cache(maxsize=None)
def _prob_matrix(n_dice):
    """p[n, k] = f(n, k) / 6**n for the configurations of the n_dice game."""
    r = _rules(n_dice)
    full = _rules(MAX_DICE)
    p = np.zeros((n_dice + 1, len(r.configs)))
    for n in range(1, n_dice + 1):
        arr = _freq_array(n)
        for k, c in enumerate(r.configs):
            p[n, k] = arr[full.index[c]] / 6.0 ** n
    return p


# ----------------------------------------------------------------------------- threshold

@dataclass(frozen=True)
class ThresholdResult:
    """The critical threshold of the game with ``n_dice`` dice.

    ``ratios[n]`` is ``sum_k f(n, k) s(k) / f(n, 0)`` (exact ``Fraction``) for ``n = 1..n_dice``:
    with ``tau`` chips and ``n`` dice, one more roll followed by a stop gains
    on average iff ``tau < ratios[n]``. ``threshold`` is the paper's
    ``tau*(N)``, the least integer ``>= ratios[N]``; ``argument_applies`` says
    whether ``ratios[n] < threshold`` for every ``n < N`` (the condition under
    which the paper's Lemma 4.1 proof goes through, so that stopping is optimal
    for every ``tau >= threshold``).
    """

    n_dice: int
    threshold: int
    ratios: dict
    argument_applies: bool


def threshold(n_dice=5):
    """The paper's critical threshold ``tau*(N)`` and the check behind its Lemma 4.1.

    Examples
    --------
    >>> t = threshold(5)
    >>> t.threshold, t.argument_applies, round(float(t.ratios[5]), 4)
    (56, True, 55.86)
    """
    n_dice = _check_n_dice(n_dice)
    r = _rules(n_dice)
    ratios = {}
    for n in range(1, n_dice + 1):
        fr = frequencies(n)
        num = sum(cnt * int(r.s[r.index[c]]) for c, cnt in fr.items())
        ratios[n] = Fraction(num, fr[(0, 0, 0)])
    tau_star = math.ceil(ratios[n_dice])
    ok = all(ratios[n] < tau_star for n in range(1, n_dice))
    return ThresholdResult(n_dice, int(tau_star), ratios, bool(ok))


# ----------------------------------------------------------------------------- kernels

@njit(cache=True)
def _pre_roll(V, tau, n, N, K, s, d, p):
    """V_r(tau, n): the expected value of rolling n dice with tau chips, from V."""
    acc = 0.0
    for k in range(1, K):
        if d[k] <= n and p[n, k] > 0.0:
            nn = n - d[k]
            if nn == 0:
                nn = N
            acc += p[n, k] * V[tau + s[k], k, nn]
    return acc


@njit(cache=True)
def _backward(T, N, K, s, d, p, rev_ptr, rev_from, rev_code, allowed, V, B, A, Vr):
    """The paper's Algorithm 4.1 for the game with N dice and threshold T.

    V (value), B (value using stop/roll only), A (action code) have shape
    (T + smax + 1, K, N + 1); Vr has shape (T + smax + 1, N + 1). States with
    tau >= T stop. Moves are pushed from x to every y with x < y (lines 12-14).
    """
    size = V.shape[0]
    for tau in range(T, size):
        for k in range(K):
            for n in range(N + 1):
                V[tau, k, n] = tau
                B[tau, k, n] = tau
                A[tau, k, n] = 0
        for n in range(N + 1):
            Vr[tau, n] = tau
    for tau in range(T - 1, 0, -1):
        for n in range(N, 0, -1):
            Vr[tau, n] = _pre_roll(V, tau, n, N, K, s, d, p)
        # n = N: every scoring configuration, only stop or roll
        for k in range(1, K):
            if Vr[tau, N] > tau:
                V[tau, k, N] = Vr[tau, N]
                A[tau, k, N] = 1
            else:
                V[tau, k, N] = tau
                A[tau, k, N] = 0
            B[tau, k, N] = V[tau, k, N]
        for n in range(N - 1, 0, -1):
            for k in range(1, K):
                if d[k] > N - n:
                    continue
                if Vr[tau, n] <= tau:
                    V[tau, k, n] = tau
                    A[tau, k, n] = 0
                else:
                    V[tau, k, n] = Vr[tau, n]
                    A[tau, k, n] = 1
                B[tau, k, n] = V[tau, k, n]
                # lines 12-14: offer x = (tau, k, n) to every larger y
                for e in range(rev_ptr[k], rev_ptr[k + 1]):
                    code = rev_code[e]
                    if not allowed[code]:
                        continue
                    j = rev_from[e]
                    ny = n + d[k] - d[j]
                    if ny < 1:
                        continue
                    ty = tau - s[k] + s[j]
                    if ty >= T:
                        continue
                    if V[ty, j, ny] < B[tau, k, n]:
                        V[ty, j, ny] = B[tau, k, n]
                        A[ty, j, ny] = code
    for n in range(N, 0, -1):
        Vr[0, n] = _pre_roll(V, 0, n, N, K, s, d, p)


@njit(cache=True)
def _value_iteration(C, N, K, s, d, p, move_ptr, move_to, move_code, allowed, chain,
                     max_iter, W, Wn, Vr):
    """Jacobi value iteration W_{k+1} = L W_k from W_0 = 0 for tau = 1..C.

    States with tau > C are a forced stop (value tau): the truncation. With
    ``chain`` a move is worth the destination's value (the MCP of the paper);
    without it the destination's stop/roll value (the paper's restricted games).
    Returns the number of iterations until W stopped changing (or max_iter).
    """
    size = W.shape[0]
    for tau in range(size):
        for k in range(K):
            for n in range(N + 1):
                if tau > C:
                    W[tau, k, n] = tau
                    Wn[tau, k, n] = tau
                else:
                    W[tau, k, n] = 0.0
                    Wn[tau, k, n] = 0.0
    for tau in range(size):
        for n in range(N + 1):
            Vr[tau, n] = tau if tau > C else 0.0
    it = 0
    while it < max_iter:
        it += 1
        for tau in range(0, C + 1):
            for n in range(1, N + 1):
                Vr[tau, n] = _pre_roll(W, tau, n, N, K, s, d, p)
        change = 0.0
        for tau in range(1, C + 1):
            for n in range(1, N + 1):
                base = Vr[tau, n] if Vr[tau, n] > tau else tau
                for k in range(1, K):
                    if n < N and d[k] > N - n:
                        continue
                    best = base
                    if n < N:
                        for e in range(move_ptr[k], move_ptr[k + 1]):
                            if not allowed[move_code[e]]:
                                continue
                            j = move_to[e]
                            tz = tau - s[k] + s[j]
                            if tz < 1:
                                continue
                            nz = n + d[k] - d[j]
                            if chain:
                                val = W[tz, j, nz]
                            else:
                                val = Vr[tz, nz] if Vr[tz, nz] > tz else tz
                            if val > best:
                                best = val
                    diff = abs(best - W[tau, k, n])
                    if diff > change:
                        change = diff
                    Wn[tau, k, n] = best
        for tau in range(1, C + 1):
            for k in range(K):
                for n in range(N + 1):
                    W[tau, k, n] = Wn[tau, k, n]
        if change == 0.0:
            break
    for n in range(1, N + 1):
        Vr[0, n] = _pre_roll(W, 0, n, N, K, s, d, p)
    return it


@njit(cache=True)
def _resolve(V, Vb, A, move_dest, s, d, chain, tau, k, n):
    """Value of a state under a policy table: follow its moves to a stop/roll state.

    Without ``chain`` (the paper's restricted games) a move is followed by the
    destination's stop/roll action, whose values are in Vb.
    """
    if A[tau, k, n] >= 2 and not chain:
        j = move_dest[k, A[tau, k, n]]
        return Vb[tau - s[k] + s[j], j, n + d[k] - d[j]]
    while A[tau, k, n] >= 2:
        j = move_dest[k, A[tau, k, n]]
        tau = tau - s[k] + s[j]
        n = n + d[k] - d[j]
        k = j
    return V[tau, k, n]


@njit(cache=True)
def _evaluate(cap, N, K, s, d, p, A, Ab, chain, move_dest, V, Vb, Vr):
    """Exact expected score of a stationary policy A (codes; stop for tau >= cap).

    V[tau, k, n] holds the value of states whose action is stop or roll; a state
    whose action is a move is worth its destination (followed by _resolve).
    Ab holds the stop/roll action taken right after a move when not chain.
    """
    size = V.shape[0]
    for tau in range(cap, size):
        for k in range(K):
            for n in range(N + 1):
                V[tau, k, n] = tau
                Vb[tau, k, n] = tau
        for n in range(N + 1):
            Vr[tau, n] = tau
    for tau in range(cap - 1, -1, -1):
        for n in range(N, 0, -1):
            acc = 0.0
            for k in range(1, K):
                if d[k] <= n and p[n, k] > 0.0:
                    nn = n - d[k]
                    if nn == 0:
                        nn = N
                    acc += p[n, k] * _resolve(V, Vb, A, move_dest, s, d, chain, tau + s[k], k, nn)
            Vr[tau, n] = acc
        if tau == 0:
            break
        for n in range(1, N + 1):
            for k in range(1, K):
                a = A[tau, k, n]
                if a == 0:
                    V[tau, k, n] = tau
                elif a == 1:
                    V[tau, k, n] = Vr[tau, n]
                Vb[tau, k, n] = Vr[tau, n] if Ab[tau, k, n] == 1 else tau


@njit(cache=True)
def _play_turn(N, cap, s, d, cfg_of, A, Ab, chain, move_dest, counts):
    """Play one turn from the initial state under policy A; return the chips banked."""
    tau = 0
    n = N
    while True:
        for k in range(7):
            counts[k] = 0
        for _ in range(n):
            counts[np.random.randint(1, 7)] += 1
        k = _roll_config(counts, cfg_of)
        if k == 0:
            return 0
        tau += s[k]
        n = n - d[k]
        if n == 0:
            n = N
        moved = False
        while True:
            if tau >= cap:
                return tau
            a = Ab[tau, k, n] if (moved and not chain) else A[tau, k, n]
            if a == 0:
                return tau
            if a == 1:
                break
            j = move_dest[k, a]
            tau = tau - s[k] + s[j]
            n = n + d[k] - d[j]
            k = j
            moved = True


@njit(cache=True)
def _simulate_chunk(seed, n_turns, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, out):
    """Simulate n_turns turns from one seed; out = (sum, sum of squares)."""
    np.random.seed(seed)
    counts = np.zeros(7, dtype=np.int64)
    tot = 0.0
    tot2 = 0.0
    for _ in range(n_turns):
        x = float(_play_turn(N, cap, s, d, cfg_of, A, Ab, chain, move_dest, counts))
        tot += x
        tot2 += x * x
    out[0] = tot
    out[1] = tot2


@njit(cache=True, parallel=True)
def _simulate_parallel(seeds, sizes, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums):
    for c in prange(seeds.shape[0]):
        _simulate_chunk(seeds[c], sizes[c], N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums[c])


@njit(cache=True)
def _simulate_serial(seeds, sizes, N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums):
    for c in range(seeds.shape[0]):
        _simulate_chunk(seeds[c], sizes[c], N, cap, s, d, cfg_of, A, Ab, chain, move_dest, sums[c])


# ----------------------------------------------------------------------------- results

def _parse_actions(actions, n_dice):
    rules = _rules(n_dice)
    allowed = np.zeros(len(ACTION_NAMES), dtype=np.bool_)
    if isinstance(actions, str):
        if actions != "all":
            raise ValueError(f"actions must be 'all' or a list of action names, got {actions!r}")
        allowed[:] = True
        return allowed, "all"
    try:
        names = list(actions)
    except TypeError:
        raise TypeError(f"actions must be 'all' or a list of action names, got {actions!r}") from None
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"action names must be strings, got {name!r}")
        key = _ALIASES.get(name, name)
        if key not in _CODE:
            raise ValueError(f"unknown action {name!r}; known actions: {', '.join(ACTION_NAMES)}")
        allowed[_CODE[key]] = True
    for must in ("s", "r"):
        if not allowed[_CODE[must]]:
            raise ValueError(f"actions must include {must!r} (every game lets the player stop and roll)")
    label = ", ".join(n for n in ACTION_NAMES if allowed[_CODE[n]] and n in rules.available)
    return allowed, label


def _check_state(rules, tau, config, n):
    N = rules.n_dice
    tau = check_int("tau", tau, 0)
    n = check_int("n", n, 1, N)
    if config is None:
        return tau, -1, n
    k = _normalise_config(config, N)
    if k == 0:
        raise ValueError("config (0, 0, 0) scores nothing: the turn is over (value 0); "
                         "pass a scoring configuration, or None for the moment before a roll")
    if n < N and rules.d[k] > N - n:
        raise ValueError(f"state impossible: config {tuple(config)!r} uses {int(rules.d[k])} dice, "
                         f"so at most {N - int(rules.d[k])} dice are left (or all {N} again), got n={n}")
    if tau < rules.s[k]:
        raise ValueError(f"tau must be >= s(config) = {int(rules.s[k])} (the chips just set aside), got {tau}")
    return tau, k, n


@dataclass
class Solution:
    """Value and optimal policy of solitaire Ten Thousand with ``n_dice`` dice.

    Attributes
    ----------
    value : float
        ``V*(iota)``, the value of a turn from its start, in chips (50 points each).
    threshold : int
        ``tau*``: stopping is optimal at every state with ``tau >= threshold``.
    n_dice : int
    actions : str
        The actions allowed (``"all"`` or a comma-separated list).
    method : str
        ``"algorithm 4.1"`` or ``"value iteration"`` (see :func:`solve`).
    values, base_values, policy : numpy.ndarray
        ``[tau, k, n]`` tables: the value, the value using stop/roll only, and
        the action code (index into :data:`ACTION_NAMES`) for configuration
        index ``k`` (see :func:`configurations`).
    pre_roll : numpy.ndarray
        ``[tau, n]``: ``V_r(tau, n)``, the value of rolling ``n`` dice with ``tau`` chips.
    chain : bool
        Whether a move is worth the destination's full value (moves may
        follow moves, the MCP) or only its stop/roll value (the paper's
        restricted games; the same thing when all actions are allowed).
    """

    value: float
    threshold: int
    n_dice: int
    actions: str
    method: str
    values: np.ndarray = field(repr=False)
    base_values: np.ndarray = field(repr=False)
    policy: np.ndarray = field(repr=False)
    pre_roll: np.ndarray = field(repr=False)
    allowed: np.ndarray = field(repr=False)
    chain: bool = field(default=False, repr=False)
    iterations: int = field(default=0, repr=False)

    def _lookup(self, tau, k, n):
        if tau >= self.values.shape[0]:
            return float(tau)
        return float(self.values[tau, k, n])

    def value_at(self, tau, config, n):
        """Value of the state ``(tau, config, n)``: ``tau`` chips, ``config`` just set aside, ``n`` dice to roll.

        ``config=None`` gives the value of being about to roll ``n`` dice
        (``V_r(tau, n)``); ``value_at(0, None, N)`` is the value of the game.
        """
        rules = _rules(self.n_dice)
        tau, k, n = _check_state(rules, tau, config, n)
        if k < 0:
            if tau >= self.pre_roll.shape[0]:
                return float(_far_pre_roll(self, tau, n))
            return float(self.pre_roll[tau, n])
        return self._lookup(tau, k, n)

    def action_at(self, tau, config, n):
        """Optimal action at ``(tau, config, n)``: ``"s"``, ``"r"`` or a move name (``"m5"``, ...)."""
        rules = _rules(self.n_dice)
        tau, k, n = _check_state(rules, tau, config, n)
        if k < 0:
            return "r"
        if tau >= self.policy.shape[0]:
            return "s"
        return ACTION_NAMES[int(self.policy[tau, k, n])]

    def action_values(self, tau, config, n):
        """Every available action's value at ``(tau, config, n)``, best first.

        Returns a dict ``{name: (value, destination)}`` where destination is the
        configuration kept after a move (None for stop and roll); ties are
        listed with the action :meth:`action_at` picks first. With all actions
        allowed a move is worth the destination's full value (so ``m5`` then
        ``m5`` can tie with ``m55``); in a restricted game, its stop/roll value.
        """
        rules = _rules(self.n_dice)
        tau, k, n = _check_state(rules, tau, config, n)
        if k < 0:
            return {"r": (self.value_at(tau, None, n), None)}
        out = {"s": (float(tau), None), "r": (self.value_at(tau, None, n), None)}
        if n < self.n_dice:
            for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]):
                code = int(rules.move_code[e])
                if not self.allowed[code]:
                    continue
                j = int(rules.move_to[e])
                tz = tau - int(rules.s[k]) + int(rules.s[j])
                nz = n + int(rules.d[k]) - int(rules.d[j])
                table = self.values if self.chain else self.base_values
                val = float(tz) if tz >= table.shape[0] else float(table[tz, j, nz])
                out[ACTION_NAMES[code]] = (val, rules.configs[j])
        best = self.action_at(tau, config, n)
        return dict(sorted(out.items(), key=lambda kv: (-kv[1][0], kv[0] != best)))

    def as_policy(self):
        """The optimal rule as a :class:`Policy` (for :func:`simulate` and :func:`evaluate`)."""
        T = self.threshold
        after = np.where(self.pre_roll[:T, None, :] > np.arange(T)[:, None, None], 1, 0)
        after = np.broadcast_to(after, self.policy[:T].shape).astype(np.int64)
        return Policy(f"optimal ({self.actions})", self.n_dice, self.policy[:T].copy(), T,
                      after_move=after, chain=self.chain)


def _far_pre_roll(sol, tau, n):
    # beyond the tables every state stops, so V_r is a finite sum of known values
    rules = _rules(sol.n_dice)
    p = _prob_matrix(sol.n_dice)
    return sum(p[n, k] * (tau + rules.s[k]) for k in range(1, len(rules.configs)) if rules.d[k] <= n)


def _allocate(rules, T):
    N = rules.n_dice
    size = T + int(rules.s.max()) + 1
    K = len(rules.configs)
    return (np.zeros((size, K, N + 1)), np.zeros((size, K, N + 1)),
            np.zeros((size, K, N + 1), dtype=np.int64), np.zeros((size, N + 1)))


def solve(n_dice=5, actions="all", method="auto"):
    """Solve solitaire Ten Thousand with ``n_dice`` dice exactly (float64).

    Where the paper's threshold argument applies (``tau*(N)`` dominates the
    one-roll gain ratio of every smaller number of dice, see :func:`threshold`)
    this runs Algorithm 4.1 backwards from ``tau*(N) - 1``. Otherwise it runs
    :func:`value_iteration` on a state space truncated far above the largest
    ratio and reports ``method="value iteration"``.

    Parameters
    ----------
    n_dice : int
        Number of dice, 1..6 (the paper: 5).
    actions : "all" or list of str
        The actions the player may use, by the paper's names (Table 4): ``"s"``,
        ``"r"``, ``"m5"``, ``"m1"``, ``"m55"``, ``"m51"``, ``"m11"``, ``"m551"``,
        ``"m511"``, ``"mt1"``...``"mt6"`` (resign a triple; ``"mt5"``/``"m555"`` is
        three 5s). Restricted games follow the paper (a move leads to a state
        where the player stops or rolls).
    method : {"auto", "algorithm 4.1", "value iteration"}
        ``"auto"`` uses Algorithm 4.1 exactly when :func:`threshold` reports
        that the paper's argument applies, and value iteration otherwise.

    Returns
    -------
    Solution

    Examples
    --------
    >>> sol = solve()
    >>> round(sol.value, 6), sol.threshold
    (5.872019, 56)
    >>> sol.action_at(4, (2, 1, 0), 2)
    'm55'
    >>> round(solve(actions=["s", "r"]).value, 10)
    5.5763262782
    """
    n_dice = _check_n_dice(n_dice)
    allowed, label = _parse_actions(actions, n_dice)
    if method not in ("auto", "algorithm 4.1", "value iteration"):
        raise ValueError(f"method must be 'auto', 'algorithm 4.1' or 'value iteration', got {method!r}")
    rules = _rules(n_dice)
    th = threshold(n_dice)
    if method == "algorithm 4.1" and not th.argument_applies:
        raise ValueError(f"the paper's threshold argument does not hold with n_dice={n_dice}; "
                         "use method='value iteration'")
    if method == "value iteration" or not th.argument_applies:
        cap = 2 * math.ceil(max(th.ratios.values())) + 2
        return value_iteration(n_dice, actions, cap=cap, chain=(label == "all"))
    T = th.threshold
    V, B, A, Vr = _allocate(rules, T)
    p = _prob_matrix(n_dice)
    _backward(T, n_dice, len(rules.configs), rules.s, rules.d, p, rules.rev_ptr, rules.rev_from,
              rules.rev_code, allowed, V, B, A, Vr)
    return Solution(float(Vr[0, n_dice]), T, n_dice, label, "algorithm 4.1", V, B, A, Vr, allowed,
                    chain=(label == "all"))


def value_iteration(n_dice=5, actions="all", cap=120, chain=None, max_iter=100_000):
    """Independent check: iterate ``W_{k+1} = L W_k`` from ``W_0 = 0`` with ``tau <= cap``.

    The truncated game forces a stop once the turn total exceeds ``cap``; it
    uses no threshold. The result's ``threshold`` is the least ``tau`` from
    which the computed policy stops in every state, found after the fact.

    Parameters
    ----------
    n_dice : int
        1..6.
    actions : "all" or list of str
        As in :func:`solve`.
    cap : int
        Largest turn total kept (>= 1).
    chain : bool or None
        Value a move by the destination's full value (True: the MCP) or its
        stop/roll value (False: the paper's restricted games). None: True for
        ``actions="all"``, else False.
    max_iter : int
        Iteration limit.

    Examples
    --------
    >>> abs(value_iteration(cap=80).value - solve().value) < 1e-12
    True
    """
    n_dice = _check_n_dice(n_dice)
    allowed, label = _parse_actions(actions, n_dice)
    cap = check_int("cap", cap, 1)
    max_iter = check_int("max_iter", max_iter, 1)
    if chain is None:
        chain = label == "all"
    rules = _rules(n_dice)
    N = n_dice
    K = len(rules.configs)
    size = cap + int(rules.s.max()) + 2
    W = np.zeros((size, K, N + 1))
    Wn = np.zeros_like(W)
    Vr = np.zeros((size, N + 1))
    p = _prob_matrix(n_dice)
    it = _value_iteration(cap, N, K, rules.s, rules.d, p, rules.move_ptr, rules.move_to, rules.move_code,
                          allowed, bool(chain), max_iter, W, Wn, Vr)
    # greedy policy and stop/roll values from the converged W
    for tau in range(cap + 1, size):
        Vr[tau, :] = tau
    B = np.maximum(Vr[:, None, :], np.arange(size, dtype=float)[:, None, None]) * np.ones((1, K, 1))
    A = np.where(Vr[:, None, :] > np.arange(size)[:, None, None], 1, 0) * np.ones((1, K, 1), dtype=np.int64)
    A = A.astype(np.int64)
    for tau in range(1, cap + 1):
        for n in range(1, N):
            for k in range(1, K):
                if rules.d[k] > N - n or W[tau, k, n] <= B[tau, k, n]:
                    continue
                for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]):
                    code = rules.move_code[e]
                    j = rules.move_to[e]
                    tz = tau - rules.s[k] + rules.s[j]
                    if not allowed[code] or tz < 1:
                        continue
                    nz = n + rules.d[k] - rules.d[j]
                    val = W[tz, j, nz] if chain else B[tz, j, nz]
                    if val == W[tau, k, n]:
                        A[tau, k, n] = code
                        break
    A[cap + 1:] = 0
    stops = [t for t in range(1, cap + 1) if np.all(A[t:cap + 1, 1:, 1:] == 0)]
    T = stops[0] if stops else cap + 1
    return Solution(float(Vr[0, N]), int(T), n_dice, label, "value iteration", W, B, A, Vr, allowed,
                    chain=bool(chain), iterations=int(it))


# ----------------------------------------------------------------------------- exact twin

def solve_exact(n_dice=5, actions="all"):
    """Slow exact twin of :func:`solve`: Algorithm 4.1 in ``Fraction`` arithmetic, pure Python.

    Written in the "pull" form (a state's value takes the best stop/roll value
    of the states it can move to, looked up when a roll needs it), so it shares
    no code with the kernel. Returns ``(value, pre_roll)`` where ``value`` is
    ``V*(iota)`` as a Fraction and ``pre_roll[tau, n]`` are exact ``V_r``.

    Examples
    --------
    >>> v, _ = solve_exact(2)
    >>> v
    Fraction(325, 324)
    """
    n_dice = _check_n_dice(n_dice)
    allowed, _ = _parse_actions(actions, n_dice)
    rules = _rules(n_dice)
    N = n_dice
    T = threshold(n_dice).threshold
    if not threshold(n_dice).argument_applies:
        raise ValueError(f"the threshold argument does not hold for n_dice={n_dice}; use value_iteration")
    K = len(rules.configs)
    s = [int(x) for x in rules.s]
    d = [int(x) for x in rules.d]
    fr = {n: frequencies(n) for n in range(1, N + 1)}
    prob = {n: [Fraction(fr[n].get(c, 0), 6 ** n) for c in rules.configs] for n in range(1, N + 1)}
    moves = [[(int(rules.move_to[e]), int(rules.move_code[e]))
              for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]) if allowed[rules.move_code[e]]]
             for k in range(K)]
    pre = {}

    def base(tau, n):  # stop/roll value of a state with tau chips and n dice to roll
        if tau >= T:
            return Fraction(tau)
        return max(Fraction(tau), pre[tau, n])

    def value(tau, k, n):
        v = base(tau, n)
        if n < N and tau < T:
            for j, _ in moves[k]:
                tz = tau - s[k] + s[j]
                if tz >= 1:
                    v = max(v, base(tz, n + d[k] - d[j]))
        return v

    for tau in range(T - 1, -1, -1):
        for n in range(1, N + 1):
            acc = Fraction(0)
            for k in range(1, K):
                if d[k] <= n and prob[n][k]:
                    nn = n - d[k] if n > d[k] else N
                    acc += prob[n][k] * value(tau + s[k], k, nn)
            pre[tau, n] = acc
    return pre[0, N], pre


# ----------------------------------------------------------------------------- policies

@dataclass
class Policy:
    """A stationary rule: ``actions[tau, k, n]`` is an action code; stop once ``tau >= cap``.

    ``chain=False`` (the paper's restricted games) means that right after a
    move the player stops or rolls as ``after_move[tau, k, n]`` says (0 stop,
    1 roll) instead of consulting ``actions`` again.
    """

    name: str
    n_dice: int
    actions: np.ndarray = field(repr=False)
    cap: int
    after_move: np.ndarray = field(default=None, repr=False)
    chain: bool = True


def stop_at_policy(chips, n_dice=5):
    """The rule "keep every scoring die, roll until the turn total reaches ``chips``, then stop".

    ``chips`` is in chips of 50 points (stop at 300 points is ``chips=6``).

    Examples
    --------
    >>> pol = stop_at_policy(6)
    >>> pol.cap, pol.name
    (6, 'stop at 6 chips')
    """
    chips = check_int("chips", chips, 1)
    n_dice = _check_n_dice(n_dice)
    rules = _rules(n_dice)
    A = np.ones((chips, len(rules.configs), n_dice + 1), dtype=np.int64)
    return Policy(f"stop at {chips} chips", n_dice, A, chips)


def _as_policy(policy):
    if isinstance(policy, Solution):
        return policy.as_policy()
    if isinstance(policy, Policy):
        return policy
    raise TypeError(f"policy must be a Solution or a Policy, got {type(policy).__name__}")


def _policy_arrays(pol):
    """(rules, A, Ab) padded with stops to cover every total a roll can reach."""
    rules = _rules(pol.n_dice)
    K = len(rules.configs)
    size = max(pol.cap, 1) + int(rules.s.max()) + 1
    if pol.actions.shape[0] < pol.cap or pol.actions.shape[1:] != (K, pol.n_dice + 1):
        raise ValueError(f"policy table must have shape (>= {pol.cap}, {K}, {pol.n_dice + 1})")
    if not pol.chain and pol.after_move is None:
        raise ValueError("a policy with chain=False needs after_move")
    A = np.zeros((size, K, pol.n_dice + 1), dtype=np.int64)
    A[:pol.cap] = pol.actions[:pol.cap]
    Ab = np.zeros_like(A)
    if pol.after_move is not None:
        Ab[:pol.cap] = pol.after_move[:pol.cap]
    return rules, A, Ab


def evaluate(policy):
    """Exact expected score (chips) of a turn played by ``policy`` (a :class:`Policy` or :class:`Solution`).

    Examples
    --------
    >>> round(evaluate(stop_at_policy(1)), 4)    # stop after the first scoring roll
    4.3102
    >>> abs(evaluate(solve()) - solve().value) < 1e-12
    True
    """
    pol = _as_policy(policy)
    rules, A, Ab = _policy_arrays(pol)
    N = pol.n_dice
    K = len(rules.configs)
    V = np.zeros(A.shape)
    Vb = np.zeros(A.shape)
    Vr = np.zeros((A.shape[0], N + 1))
    _evaluate(pol.cap, N, K, rules.s, rules.d, _prob_matrix(N), A, Ab, bool(pol.chain), rules.move_dest,
              V, Vb, Vr)
    return float(Vr[0, N])


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

    Each of ``n_chunks`` chunks gets its own seed, so the parallel and serial
    paths give identical results.

    Parameters
    ----------
    policy : Policy or Solution
        The rule to follow (``solve()`` plays optimally; see :func:`stop_at_policy`).
    n_turns : int
        Number of turns (>= 2).
    seed : int or numpy.random.Generator
    parallel : bool
        Use all cores (numba ``prange`` over chunks).
    n_chunks : int
        Number of independent chunks (>= 1).

    Examples
    --------
    >>> r = simulate(solve(), n_turns=20_000, seed=1)
    >>> abs(r.mean - 5.872019) < 5 * r.std_err
    True
    """
    pol = _as_policy(policy)
    n_turns = check_int("n_turns", n_turns, 2)
    n_chunks = check_int("n_chunks", n_chunks, 1)
    rules, A, Ab = _policy_arrays(pol)
    base = kernel_seed(seed)
    n_chunks = min(n_chunks, n_turns)
    seeds = (base + np.arange(n_chunks, dtype=np.int64)) % (2**31 - 1)
    sizes = np.full(n_chunks, n_turns // n_chunks, dtype=np.int64)
    sizes[: n_turns % n_chunks] += 1
    sums = np.zeros((n_chunks, 2))
    kern = _simulate_parallel if parallel else _simulate_serial
    kern(seeds, sizes, pol.n_dice, pol.cap, rules.s, rules.d, rules.cfg_of, A, Ab, bool(pol.chain),
         rules.move_dest, sums)
    tot, tot2 = sums.sum(axis=0)
    mean = tot / n_turns
    var = max(tot2 / n_turns - mean * mean, 0.0) * n_turns / (n_turns - 1)
    return SimulationResult(float(mean), float(math.sqrt(var / n_turns)), n_turns, pol.name,
                            seed if isinstance(seed, int) else None)


def move(tau, config, n, to, n_dice=5):
    """The state reached by setting aside only ``to`` instead of ``config`` (Definition 3.1).

    Returns ``(tau', to, n')`` with ``tau' = tau - s(config) + s(to)`` and
    ``n' = n + d(config) - d(to)``. Raises ``ValueError`` when ``to`` is not
    smaller than ``config`` or the state cannot move (all dice scored).

    Examples
    --------
    >>> move(4, (2, 1, 0), 2, (0, 1, 0))
    (2, (0, 1, 0), 4)
    """
    n_dice = _check_n_dice(n_dice)
    rules = _rules(n_dice)
    tau, k, n = _check_state(rules, tau, config, n)
    if k < 0:
        raise ValueError("config must be the configuration just set aside, not None")
    if n == n_dice:
        raise ValueError(f"no move from a state with all {n_dice} dice to roll (every rolled die scored)")
    j = _normalise_config(to, n_dice, "to")
    if not is_smaller(rules.configs[j], rules.configs[k]):
        raise ValueError(f"to={tuple(to)!r} is not smaller than config={tuple(config)!r}: a move keeps a "
                         "non-empty strict subset of the scoring combinations")
    return (tau - int(rules.s[k]) + int(rules.s[j]), rules.configs[j], n + int(rules.d[k]) - int(rules.d[j]))


def is_reachable(tau, config, n, n_dice=5):
    """Whether the state can occur in a turn (under some play), from a forward search.

    Examples
    --------
    >>> is_reachable(1, (1, 0, 0), 4), is_reachable(1, (1, 0, 0), 5)
    (True, False)
    """
    n_dice = _check_n_dice(n_dice)
    rules = _rules(n_dice)
    tau, k, n = _check_state(rules, tau, config, n)
    # a state at tau may be reached by a move from a state up to max(s) chips higher
    return (tau, k, n) in _reachable_states(n_dice, tau + int(rules.s.max()))


@lru_cache(maxsize=None)
def _reachable_states(n_dice, tau_max):
    """All (tau, k, n) with tau <= tau_max reachable from the initial state (any actions)."""
    rules = _rules(n_dice)
    N = n_dice
    K = len(rules.configs)
    p = _prob_matrix(N)
    seen = set()
    stack = [(0, -1, N)]
    pre_seen = set()
    while stack:
        tau, k, n = stack.pop()
        # a roll of n dice with tau chips
        if k < 0:
            key = (tau, n)
            if key in pre_seen:
                continue
            pre_seen.add(key)
            for j in range(1, K):
                if p[n, j] > 0 and tau + rules.s[j] <= tau_max:
                    nn = n - int(rules.d[j]) or N
                    st = (tau + int(rules.s[j]), j, nn)
                    if st not in seen:
                        seen.add(st)
                        stack.append(st)
            continue
        stack.append((tau, -1, n))  # roll
        if n < N:
            for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]):
                j = int(rules.move_to[e])
                st = (tau - int(rules.s[k]) + int(rules.s[j]), j, n + int(rules.d[k]) - int(rules.d[j]))
                if st not in seen:
                    seen.add(st)
                    stack.append(st)
    return frozenset(seen)


def score_distribution(policy):
    """Exact distribution of the chips banked in one turn under ``policy``.

    Probability mass is pushed forward from the initial state: rolls raise the
    turn total, so the pre-roll states are processed in increasing ``tau``.

    Returns
    -------
    numpy.ndarray
        ``p[x]`` = probability of banking ``x`` chips (``p[0]`` includes busts).

    Examples
    --------
    >>> p = score_distribution(stop_at_policy(1))
    >>> round(float(p.sum()), 12), round(float(p[0]), 6)     # 600 of 7776 rolls bust
    (1.0, 0.07716)
    """
    pol = _as_policy(policy)
    rules, A, Ab = _policy_arrays(pol)
    N = pol.n_dice
    K = len(rules.configs)
    p = _prob_matrix(N)
    smax = int(rules.s.max())
    out = np.zeros(pol.cap + smax + 1)
    pre = np.zeros((pol.cap + smax + 1, N + 1))   # mass about to roll n dice with tau chips
    pre[0, N] = 1.0
    for tau in range(0, pol.cap):
        for n in range(1, N + 1):
            mass = pre[tau, n]
            if mass == 0.0:
                continue
            for k in range(K):
                if rules.d[k] > n or p[n, k] == 0.0:
                    continue
                m = mass * p[n, k]
                if k == 0:
                    out[0] += m
                    continue
                t, kk, nn = tau + int(rules.s[k]), k, (n - int(rules.d[k])) or N
                moved = False
                while True:
                    a = STOP if t >= pol.cap else int((Ab if moved and not pol.chain else A)[t, kk, nn])
                    if a == STOP:
                        out[t] += m
                        break
                    if a == ROLL:
                        pre[t, nn] += m
                        break
                    j = int(rules.move_dest[kk, a])
                    t, nn, kk = t - int(rules.s[kk]) + int(rules.s[j]), nn + int(rules.d[kk]) - int(rules.d[j]), j
                    moved = True
    return out
