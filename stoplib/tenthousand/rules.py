"""Ten Thousand: the rules, the configurations and the state encoding.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105;
its printed numbers are in :mod:`stoplib.tenthousand.document`.

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
``j < i`` (a strict non-empty subset of the scoring combinations, Definition
2.1) and rolls more dice. A state is ``(tau, i, n)``: ``tau`` chips, the
configuration ``i`` just set aside and ``n`` dice to roll.

This module holds what follows from the rules alone: the configurations and
their scores (:func:`configurations`, :func:`score`), how often ``n`` dice show
each of them (:func:`frequencies`, the paper's Table 2, counted by a numba
kernel; the tables themselves are built once per number of dice in :mod:`._tables`),
the moves and their names (:func:`is_smaller`, :func:`move_name`, :func:`move`, the
paper's Table 4 in :data:`ACTION_NAMES`), which states a turn can reach (:func:`is_reachable`), and the private checks
that turn user input into a valid state. The solver is in :mod:`.solver`.

The rules are generalised to ``N = 1..6`` dice: configurations are limited to
``N`` dice and a roll in which all ``N`` dice score lets the player roll all
``N`` again. With six dice a roll can hold two triples (``222333`` or six 2s)
and six 5s or six 1s; a roll is then scored as the best partition into the
combinations of Table 1 (two triples of 5s for six 5s), which for five dice or
fewer is exactly the paper's formula. Such a configuration is written
``(f, o, (t1, t2))``.
"""
from __future__ import annotations

import numbers
from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_int
from . import _costs
from ._tables import (_ALIASES, _CODE, ACTION_NAMES, MAX_DICE, NEVER_OPTIMAL, PAPER_ACTIONS, ROLL, STOP,
                      TRIPLE_KINDS, _frequencies, _is_smaller, _move_name, _prob_matrix, _public, _raw,
                      _resigned, _rules)

__all__ = ["MAX_DICE", "TRIPLE_KINDS", "PAPER_ACTIONS", "NEVER_OPTIMAL", "ACTION_NAMES", "STOP", "ROLL",
           "configurations", "score", "is_smaller", "move_name", "frequencies", "move", "is_reachable"]


# ----------------------------------------------------------------------------- checks

def _check_n_dice(n_dice, name="n_dice"):
    return check_int(name, n_dice, 1, MAX_DICE)


#: The largest turn total (chips) a state may have: far above every threshold (201 chips for six
#: dice), small enough that ``tau`` plus a score is exact in float64 and fits an int64.
MAX_TURN_TOTAL = 10**15


def _digits(value):
    """A big int as a reader can take it in: ``'1000000000000000000'`` or ``'10000...(401 digits)'``."""
    text = str(value)
    return text if len(text) <= 20 else f"{text[:6]}...({len(text)} digits)"


#: Flags are checked by the shared helper (it accepts NumPy bools, refuses truthy strings).
_check_flag = check_bool


def _check_count(name, label, v):
    if isinstance(v, bool) or type(v).__name__ == "bool_" or not isinstance(v, numbers.Integral):
        raise TypeError(f"{name}: {label} must be an int, got {type(v).__name__} {v!r:.60}")
    if v < 0:
        raise ValueError(f"{name}: {label} must be >= 0, got {v}")
    if v > MAX_DICE:
        raise ValueError(f"{name}: {label} must be at most {MAX_DICE} (the most dice there are), got {_digits(v)}")
    return int(v)


def _normalise_config(config, n_dice, name="config"):
    """Validate a configuration against the rules with ``n_dice`` dice; return its index.

    ``config`` is a tuple or list ``(f, o, t)`` of ints (NumPy ints too): ``f`` fives,
    ``o`` ones and ``t`` the kind of a triple of 2, 3, 4 or 6 (0 for none, a pair of
    kinds for six dice). Bools, floats and other objects are refused with a
    ``TypeError``, impossible configurations with a ``ValueError``.
    """
    if not isinstance(config, (tuple, list)):
        raise TypeError(f"{name} must be a tuple (f, o, t), got {type(config).__name__} {config!r:.60}")
    if len(config) != 3:
        raise TypeError(f"{name} must be a tuple (f, o, t) of 3 entries, got {len(config)}: {config!r:.60}")
    f_, o_, t_ = config
    f_ = _check_count(name, "f (number of 5s)", f_)
    o_ = _check_count(name, "o (number of 1s)", o_)
    if isinstance(t_, (tuple, list)):
        if len(t_) > 2:
            raise ValueError(f"{name}: t must be 0, a kind in {TRIPLE_KINDS} or a pair of kinds, got {t_!r:.60}")
        kinds = [t_[0], t_[1]] if len(t_) == 2 else list(t_)
    else:
        kinds = [t_]
    for x in kinds:
        if isinstance(x, bool) or type(x).__name__ == "bool_" or not isinstance(x, numbers.Integral):
            raise TypeError(f"{name}: t must be an int (0 or the kind of a triple) or a pair of kinds, "
                            f"got {type(x).__name__} {x!r:.60}")
    if isinstance(t_, (tuple, list)):
        trip = tuple(sorted(int(x) for x in kinds))
    else:
        trip = () if t_ == 0 else (int(t_),)
    if any(k not in TRIPLE_KINDS for k in trip):
        raise ValueError(f"{name}: a triple must be of 2, 3, 4 or 6 (three 5s and three 1s are counted "
                         f"in f and o), got t={t_!r:.60}")
    dice = f_ + o_ + 3 * len(trip)
    if dice > n_dice:
        raise ValueError(f"{name}={tuple(config)!r:.80} is impossible with {n_dice} dice "
                         f"(it needs {dice} scoring dice)")
    key = _public(f_, o_, trip)
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
    return _is_smaller(*_two_configs(j, i))


def _two_configs(j, i):
    """Configurations ``j`` and ``i`` checked, in the internal form ``(f, o, (kinds...))``."""
    r = _rules(MAX_DICE)
    return (_raw(r.configs[_normalise_config(j, MAX_DICE, "j")]),
            _raw(r.configs[_normalise_config(i, MAX_DICE, "i")]))


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
    a, b = _two_configs(j, i)
    if not _is_smaller(a, b):
        raise ValueError(f"configuration {tuple(j)!r} is not smaller than {tuple(i)!r} "
                         "(it must keep a non-empty strict subset of the scoring combinations)")
    return _move_name(*_resigned(a, b))


# ----------------------------------------------------------------------------- frequencies

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
    return _frequencies(check_int("n", n, 1, MAX_DICE))


# ----------------------------------------------------------------------------- states

def _parse_actions(actions, n_dice):
    """The allowed-action mask over :data:`ACTION_NAMES` and its label, from ``"all"`` or a list of names."""
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
    """Check a state ``(tau, config, n)`` of the game ``rules``; return ``(tau, k, n)`` (``k = -1``: about to roll)."""
    N = rules.n_dice
    tau = check_int("tau", tau, 0)
    if tau > MAX_TURN_TOTAL:
        raise ValueError(f"tau must be <= {MAX_TURN_TOTAL:.0e} chips (far above every threshold), got {_digits(tau)}")
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
    if not _is_smaller(_raw(rules.configs[j]), _raw(rules.configs[k])):
        raise ValueError(f"to={tuple(to)!r} is not smaller than config={tuple(config)!r}: a move keeps a "
                         "non-empty strict subset of the scoring combinations")
    return (tau - int(rules.s[k]) + int(rules.s[j]), rules.configs[j], n + int(rules.d[k]) - int(rules.d[j]))


def is_reachable(tau, config, n, n_dice=5):
    """Whether the state can occur in a turn (under some play), from a forward search.

    The search visits every state up to ``tau`` plus the largest score (pure
    Python); a ``tau`` whose search passes the budget is refused before it starts
    (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> is_reachable(1, (1, 0, 0), 4), is_reachable(1, (1, 0, 0), 5)
    (True, False)
    """
    n_dice = _check_n_dice(n_dice)
    rules = _rules(n_dice)
    tau, k, n = _check_state(rules, tau, config, n)
    # a state at tau may be reached by a move from a state up to max(s) chips higher; the
    # search bound is rounded up to a multiple of 64 so that nearby questions share one search
    tau_max = 64 * ((tau + int(rules.s.max())) // 64 + 1)
    budget.check(_costs.reachable(n_dice, tau_max))
    return (tau, k, n) in _reachable_states(n_dice, tau_max)


@lru_cache(maxsize=8)
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
