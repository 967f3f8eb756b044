"""Ten Thousand: the game's tables, built once per number of dice from the rules (private).

The configurations ``(f, o, t)`` of up to :data:`MAX_DICE` dice and their scores
``s``, scoring dice ``d`` and combinations ``c``, the moves between them (CSR
arrays, both ways), the action names of the paper's Table 4
(:data:`ACTION_NAMES`), how often ``n`` dice show each configuration (counted
by the numba kernel :func:`._kernels._roll_frequencies`) and the probabilities
``p[n, k] = f(n, k) / 6**n``. Everything here follows from the rules of
:mod:`.rules` (which documents them and holds the validated public functions)
and is cached; nothing checks its input: callers pass checked numbers of dice.

It sits below :mod:`.rules` and :mod:`._costs`, both of which read the game's
sizes from it. Source: F. Crocce and E. Mordecki, "A finite exact algorithm to
solve a dice game", Journal of Applied Probability 53(1), 2016, pp. 91-105.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..race._dice import tenthousand_configs
from ._kernels import _roll_frequencies

__all__: list[str] = []   # private: the public names are re-exported by stoplib.tenthousand.rules

#: The most dice the rules are generalised to (the paper plays with 5).
MAX_DICE = 6
#: The kinds of a triple counted in ``t`` (three 5s and three 1s are counted in ``f`` and ``o``).
TRIPLE_KINDS = (2, 3, 4, 6)

#: The paper's Table 4 names, in its order (``mt5``/``mt1`` resign three 5s/1s).
PAPER_ACTIONS = ("s", "r", "m5", "m1", "m55", "m51", "m11", "m551", "m511",
                 "mt1", "mt2", "mt3", "mt4", "mt5", "mt6")
#: Moves that Theorem 4.1 says are never optimal.
NEVER_OPTIMAL = ("m11", "m551", "m511", "mt1", "mt2", "mt3", "mt4", "mt5", "mt6")
_ALIASES = {"m555": "mt5", "m111": "mt1"}

#: Action codes of stop and roll in a policy table; a move's code is its index in ACTION_NAMES (>= 2).
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
    """Every configuration (f, o, triples) with d <= n_dice, the non-scoring one first (the race engine's
    turn model of Ten Thousand enumerates them; one list for both)."""
    return tenthousand_configs(n_dice)


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

def _raw(config):
    """A public configuration ``(f, o, t)`` in the internal form ``(f, o, (kinds...))``."""
    t = config[2]
    return (config[0], config[1], tuple(t) if isinstance(t, tuple) else (() if t == 0 else (t,)))


def _sdc(config):
    """``(s, d, c)`` of a configuration already known to be valid (no checks)."""
    r = _rules(MAX_DICE)
    k = r.index[config]
    return int(r.s[k]), int(r.d[k]), int(r.c[k])


@lru_cache(maxsize=None)
def _freq_array(n):
    r = _rules(MAX_DICE)
    out = np.zeros(len(r.configs), dtype=np.int64)
    _roll_frequencies(n, r.cfg_of, out)
    return out


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


def _frequencies(n):
    """``{(f, o, t): count}`` of the ``6**n`` rolls of ``n`` dice (a new dict; ``n`` already checked)."""
    r = _rules(n)
    full = _rules(MAX_DICE)
    counts = _freq_array(n)
    return {c: int(counts[full.index[c]]) for c in r.configs if counts[full.index[c]] > 0}
