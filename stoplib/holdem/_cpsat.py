"""Constraint models of suits for a fixed rank skeleton, solved by OR-Tools CP-SAT (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is private and trusts
its arguments; :mod:`stoplib.holdem.census` and :mod:`stoplib.holdem.frontier` check them.

A *skeleton* fixes the rank at every position of the deck; the suits are the unknowns:
``y[x][t]`` is true when position ``x`` holds suit ``t``. Each position has one suit, and
the four positions of one rank (a *group*) hold the four suits. Renaming the suits maps
solutions to solutions, so the first group's suits are fixed (its positions in order get
c, d, h, s).

Seat 1 wins a cut when its hand's value exceeds every opponent's. A hand's value is the
larger of its rank-only value (the hand scored as if no five cards shared a suit) and the
best flush among its five-card subsets of one suit (see :mod:`stoplib.holdem.census`, where
this is proved and tested). The model of one cut orders seat 1's possible values
``L_1 < L_2 < ...`` (its rank-only value and the value of each of its five-card subsets with
five distinct ranks, those above every opponent's rank-only value) and has an order literal
``g_k``: "seat 1's value is at least ``L_k``". ``g_k`` needs one of seat 1's subsets of value at
least ``L_k`` to be suited (unless the rank-only value reaches it); each opponent subset of value
``V``, when suited and ``g_1`` holds, needs ``g_k`` for the first ``L_k > V`` (or is forbidden when there is
none).
The cut is won exactly when ``g_1`` can hold: a model of all the cuts is satisfiable exactly
when suits exist that win them all, and its ``Maximize`` form gives the most cuts any suits win.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np

from ._census_kernels import BOARD
from ._evaluator_kernels import _packed_rank

#: The five-card subsets of a seven-card hand (indices into pocket, pocket, five board cards).
SUBSETS = tuple(combinations(range(7), 5))


def _cp():
    from ortools.sat.python import cp_model  # imported when a model is built: the package loads without it

    return cp_model


def _hand_positions(cut: int, n: int, p: int) -> list[int]:
    offs = [p, p + n] + [2 * n + int(b) for b in BOARD]
    return [(cut + o) % 52 for o in offs]


def _suit_vars(model, ranks_at, name_suits=True):
    """``y[x][t]``; one suit per position; the four positions of each rank hold the four suits (the first
    group's suits fixed when ``name_suits``: not when some suits are given, which fixes their names)."""
    y = [[model.NewBoolVar(f"y{x}_{t}") for t in range(4)] for x in range(52)]
    for x in range(52):
        model.AddExactlyOne(y[x])
    groups = [[x for x in range(52) if ranks_at[x] == r] for r in range(13)]
    for g in groups:
        for t in range(4):
            model.AddExactlyOne([y[x][t] for x in g])
    if name_suits:
        for q, x in enumerate(groups[int(ranks_at[0])]):
            model.Add(y[x][q] == 1)
    return y


def _cut_literal(model, y, ranks_at, n, cut, tables):
    """A literal that holds only if seat 1 wins ``cut`` (and can hold whenever the suits win it); None if the
    cut cannot be won whatever the suits."""
    mult, packed, franks = tables.multipliers, tables.packed, tables.ranks
    hands = []
    for p in range(n):
        pos = _hand_positions(cut, n, p)
        rk = [int(ranks_at[x]) for x in pos]
        ro = int(_packed_rank(int(sum(int(mult[r]) for r in rk)), packed))
        subs = []
        for sub in SUBSETS:
            rs = {rk[i] for i in sub}
            if len(rs) == 5:
                subs.append(([pos[i] for i in sub], int(franks[sum(1 << r for r in rs)])))
        hands.append((ro, subs))
    mine, my_subs = hands[0]
    need = max(h[0] for h in hands[1:])
    levels = sorted({v for v in {mine} | {v for _, v in my_subs} if v > need})
    if not levels:
        return None
    g = [model.NewBoolVar("") for _ in levels]
    for hi, lo in zip(g[1:], g):
        model.AddImplication(hi, lo)
    chosen = {}
    for k, level in enumerate(levels):
        if mine >= level:
            continue
        options = []
        for t in range(4):
            for sub, v in my_subs:
                if v >= level:
                    key = (tuple(sub), t)
                    if key not in chosen:
                        a = model.NewBoolVar("")
                        for x in sub:
                            model.AddImplication(a, y[x][t])
                        chosen[key] = a
                    options.append(chosen[key])
        model.AddBoolOr(options).OnlyEnforceIf(g[k])
    for p in range(1, n):
        for sub, v in hands[p][1]:
            k = next((k for k, level in enumerate(levels) if level > v), None)
            if k == 0:
                continue  # g_0 beats it already
            for t in range(4):
                clause = [y[x][t].Not() for x in sub]
                model.AddBoolOr(clause + [g[0].Not()] + ([g[k]] if k is not None else []))
    return g[0]


def suits_model(ranks_at, n: int, cuts, tables, maximize: bool = False, fixed=None):
    """The model of suits for the rank skeleton ``ranks_at`` (52 rank codes): every cut of ``cuts`` won
    (``maximize=False``; ``None`` when a cut cannot be won whatever the suits), or the most of them won.
    ``fixed`` maps positions to suits (a partial deck kept as it is). Returns ``(model, y, wins)``."""
    cp = _cp()
    model = cp.CpModel()
    y = _suit_vars(model, ranks_at, name_suits=not fixed)
    if fixed:
        for x, t in fixed.items():
            model.Add(y[x][t] == 1)
    wins = []
    for c in cuts:
        lit = _cut_literal(model, y, ranks_at, n, int(c), tables)
        if lit is None:
            if not maximize:
                return None
            continue
        if maximize:
            wins.append(lit)
        else:
            model.Add(lit == 1)
    if maximize:
        model.Maximize(sum(wins))
    return model, y, wins


def solve(model, y, seconds: float, workers: int = 1, hint=None):
    """Solve; return ``(status name, suits per position or None, objective or None, bound or None)``."""
    cp = _cp()
    if hint is not None:
        for x in range(52):
            for t in range(4):
                model.AddHint(y[x][t], int(hint[x]) == t)
    solver = cp.CpSolver()
    solver.parameters.num_workers = workers
    # a deterministic limit (the solver's own work units, about seconds on a quiet core): the same answer
    # whatever the machine's load; the wall-clock limit only guards against a stalled machine
    solver.parameters.max_deterministic_time = float(seconds)
    solver.parameters.max_time_in_seconds = 20.0 * float(seconds) + 60.0
    solver.parameters.random_seed = 1
    status = solver.Solve(model)
    name = solver.StatusName(status)
    maximize = model.has_objective()
    bound = solver.BestObjectiveBound() if maximize else None
    if status not in (cp.OPTIMAL, cp.FEASIBLE):
        return name, None, None, bound
    suits = np.array([next(t for t in range(4) if solver.Value(y[x][t])) for x in range(52)], np.int64)
    return name, suits, (solver.ObjectiveValue() if maximize else None), bound


# --------------------------------------------------------------------------- seat 1's flushes alone
def _dealer_positions(cut: int, n: int) -> list[int]:
    return _hand_positions(cut, n, 0)


def flush_model(n: int, classes, optional: bool = False):
    """Suits of a period-13 deck (ranks by residue) giving seat 1 a flush at every cut of ``classes``
    (cuts ``j + 13 q``); with ``optional`` a literal per class and the most classes as the objective."""
    cp = _cp()
    model = cp.CpModel()
    residues = np.arange(52) % 13
    y = _suit_vars(model, residues)
    chosen = []
    for j in classes:
        lit = model.NewBoolVar(f"class{j}") if optional else None
        for q in range(4):
            f = [model.NewBoolVar("") for _ in range(4)]
            (model.AddBoolOr(f).OnlyEnforceIf(lit) if optional else model.AddBoolOr(f))
            for t in range(4):
                model.Add(sum(y[x][t] for x in _dealer_positions(j + 13 * q, n)) >= 5).OnlyEnforceIf(f[t])
        chosen.append(lit)
    if optional:
        model.Maximize(sum(chosen))
    return model, y, chosen
