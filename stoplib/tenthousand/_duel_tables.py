"""The rule arrays of the two-player Ten Thousand kernels (private).

:func:`_tables` turns :mod:`.rules` (the paper's configurations, Table 2 frequencies and
Table 4 moves) into the flat arrays the kernels of :mod:`._duel_kernels` read: for each
number ``n`` of dice rolled, its scoring outcomes ``e`` (configuration ``out_k[e]``,
probability ``out_p[e]``), and for each outcome the options a player may keep
(``opt_s``: chips kept, ``opt_n``: dice left to roll, five after hot dice; the whole roll
first, then the smaller configurations, one per distinct pair of chips and dice).
:func:`_sol_roll` is the solitaire optimum's roll/bank table, from :func:`.solver.solve`.
"""
from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

import numpy as np

from .rules import _prob_matrix, _rules
from .solver import solve

__all__: list[str] = []   # private

#: Dice in document 002's game.
N_DICE = 5


@lru_cache(maxsize=None)
def _tables(N=N_DICE):
    """The rule arrays of the kernels: outcomes of a roll of ``n`` dice and the options each leaves."""
    r = _rules(N)
    p = _prob_matrix(N)
    K = len(r.configs)
    out_ptr, out_k, out_n, out_p = [0, 0], [], [], []
    opt_ptr, opt_s, opt_n, opt_cfg = [0], [], [], []
    e_of = np.full((N + 1, K), -1, dtype=np.int64)
    for n in range(1, N + 1):
        for k in range(1, K):
            if r.d[k] > n or p[n, k] == 0.0:
                continue
            e_of[n, k] = len(out_k)
            out_k.append(k)
            out_n.append(n)
            out_p.append(p[n, k])
            left = n - int(r.d[k])
            seen = {(int(r.s[k]), left or N)}
            opt_s.append(int(r.s[k]))
            opt_n.append(left or N)
            opt_cfg.append(k)
            if left >= 1:               # some die did not score: the paper's moves
                for e in range(r.move_ptr[k], r.move_ptr[k + 1]):
                    j = int(r.move_to[e])
                    key = (int(r.s[j]), n - int(r.d[j]))
                    if key not in seen:
                        seen.add(key)
                        opt_s.append(key[0])
                        opt_n.append(key[1])
                        opt_cfg.append(j)
            opt_ptr.append(len(opt_s))
        out_ptr.append(len(out_k))
    i64 = lambda x: np.array(x, dtype=np.int64)  # noqa: E731
    rules = (np.ascontiguousarray(p[:, 0]), i64(out_ptr), np.array(out_p), i64(out_k), i64(opt_ptr), i64(opt_s),
             i64(opt_n))
    return SimpleNamespace(rules=rules, out_n=i64(out_n), opt_cfg=i64(opt_cfg), e_of=e_of, smax=int(r.s.max()),
                           E=len(out_k), n_options=len(opt_s), N=N, r=r)


@lru_cache(maxsize=None)
def _solitaire(N=N_DICE):
    """The paper's solitaire optimum: its ``V_r(t, n)`` table and its threshold."""
    return solve(N)


def _sol_roll(G, N=N_DICE):
    """``[t, n]``: True where the solitaire optimum rolls ``n`` dice with ``t`` chips (``V_r > t``)."""
    sol = _solitaire(N)
    out = np.zeros((G + _tables(N).smax + 1, N + 1), dtype=np.bool_)
    T = min(sol.threshold, out.shape[0])
    out[:T] = sol.pre_roll[:T] > np.arange(T)[:, None]
    out[:, 0] = False
    return out
