"""Ten Thousand: argument checks shared by the rooms (private).

:func:`check_array` and :func:`check_codes` check the tables of a
:class:`~stoplib.tenthousand.Solution` or a :class:`~stoplib.tenthousand.Policy`
(dtype, shape, finite numbers, and action codes possible in their states), so that
no numba kernel ever reads a table with an impossible action code; :func:`chips_arg`
reads the list of "stop at X chips" rules of
:func:`stoplib.tenthousand.claims.stop_at_table`, refusing an endless or huge one by
its cost (:mod:`stoplib.util.budget`) before following it.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_int
from . import _costs
from ._tables import ACTION_NAMES, ROLL, STOP, _rules

__all__: list[str] = []   # private: used by stoplib.tenthousand.solver and .claims


def chips_arg(chips):
    """``chips`` (an iterable of ints >= 1: a range, a list) as a range or a list of ints, not empty."""
    if isinstance(chips, (str, bytes)) or not hasattr(chips, "__iter__"):
        raise TypeError(f"chips must be an iterable of ints (a range or a list), got {type(chips).__name__}")
    if hasattr(chips, "__len__"):      # a quick refusal before looking at the entries
        budget.check(_costs.rules_at_least(len(chips)))
    if isinstance(chips, range) and len(chips):
        check_int("chips[0]", chips[0], 1)   # the other entries of a range follow from its ends
        check_int("chips[-1]", chips[-1], 1)
        values = chips
    else:
        values = []
        for i, x in enumerate(chips):
            values.append(check_int(f"chips[{i}]", x, 1))
            if i % 1024 == 1023:       # an endless iterator is refused, not followed for ever
                budget.check(_costs.rules_at_least(i + 1))
    if len(values) == 0:
        raise ValueError("chips must hold at least one rule")
    return values


def check_array(name, value, kinds, shape):
    """``value`` as a NumPy array of dtype kind in ``kinds`` ("f", "iu", "b") and the given shape
    (None: any length); float tables must be finite."""
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy.ndarray, got {type(value).__name__}")
    if value.dtype.kind not in kinds:
        expected = {"f": "float", "iu": "integer", "b": "bool"}[kinds]
        raise TypeError(f"{name} must be a {expected} array, got dtype {value.dtype}")
    if value.ndim != len(shape) or any(want is not None and got != want for got, want in zip(value.shape, shape)):
        want = " x ".join("any" if w is None else str(w) for w in shape)
        raise ValueError(f"{name} must have shape {want}, got {' x '.join(map(str, value.shape)) or 'a scalar'}")
    if kinds == "f" and not np.isfinite(value).all():
        raise ValueError(f"{name} must hold finite numbers (it holds nan or inf)")
    return value


@lru_cache(maxsize=None)
def _legal_codes(n_dice):
    """``(valid, legal)``: ``valid[k, n]`` marks the states a turn can be in; ``legal[k, n, code]``
    the action codes possible there (stop, roll, and the moves from ``k`` when dice were left)."""
    rules = _rules(n_dice)
    N, K = n_dice, len(rules.configs)
    valid = np.zeros((K, N + 1), dtype=bool)
    legal = np.zeros((K, N + 1, len(ACTION_NAMES)), dtype=bool)
    for k in range(1, K):
        for n in range(1, N + 1):
            valid[k, n] = n == N or rules.d[k] <= N - n
            legal[k, n, STOP] = legal[k, n, ROLL] = True
            if n < N:
                legal[k, n, :] |= rules.move_dest[k] >= 0
    return valid, legal


def check_codes(name, table, n_dice, rows, moves):
    """Every code of ``table[:rows]`` is an action possible in its state (``moves=False``: stop or roll only)."""
    if rows == 0:
        return
    sub = table[:rows]
    low, high = int(sub.min()), int(sub.max())
    top = len(ACTION_NAMES) if moves else 2
    if low < 0 or high >= top:
        raise ValueError(f"{name} must hold action codes 0..{top - 1} (indices into ACTION_NAMES"
                         f"{'' if moves else ': 0 stop, 1 roll'}), got {low if low < 0 else high}")
    valid, legal = _legal_codes(n_dice)
    K, width = valid.shape
    ok = legal[np.arange(K)[None, :, None], np.arange(width)[None, None, :], sub]
    bad = np.argwhere(valid[None] & ~ok)
    if len(bad):
        tau, k, n = (int(x) for x in bad[0])
        code = int(sub[tau, k, n])
        raise ValueError(f"{name}[{tau}, {k}, {n}] = {code} ({ACTION_NAMES[code]}) is not possible in the state "
                         f"({tau}, {_rules(n_dice).configs[k]}, {n}) of the {n_dice}-dice game"
                         + (" (no move once every die scored)" if n == n_dice else ""))
