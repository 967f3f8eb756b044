"""Ten Thousand: the paper's claims checked, table by table.

Every table here is computed from the rules (:mod:`.rules`) by the solver
(:mod:`.solver`) and set beside the numbers printed in Crocce and Mordecki,
"A finite exact algorithm to solve a dice game", Journal of Applied
Probability 53(1), 2016, pp. 91-105, transcribed in :mod:`.document`, with a
column saying whether each entry matches at the printed precision:

- :func:`table2` (configurations and their frequencies), :func:`table5_cells` /
  :func:`table5` (values and actions with two to four dice left),
  :func:`table6` (five dice), :func:`table7` (the restricted games);
- :func:`action_audit` (Theorem 4.1: nine moves are never optimal),
  :func:`threshold_table` (Lemma 4.1 and ``tau* = 56``), :func:`longest_turn`
  (the bound of 57 rolls), :func:`rolling_states_outside_table5` (the caption
  of Table 5), :func:`max_state_difference` (Algorithm 4.1 against value
  iteration in every state);
- :func:`verdicts`: every number and claim of the paper that notebook 05
  checks, one row each, judged by the one rule of :mod:`stoplib.workbook.verdicts`
  (its rows are written in :mod:`._verdicts`), and :func:`digit_slip`, which
  names a one-digit printing slip;
- the tables that go beyond the paper: :func:`dice_table` (1 to 6 dice) and
  :func:`stop_at_table` (the simple "stop at X" rules).

The two-player games (the paper's open question) are checked in :mod:`stoplib.race.claims`.

A printed number "matches" when ours lies in its printed interval
(:func:`stoplib.workbook.verdicts.judge`). Each public function checks its
arguments once and calls a private ``_name`` that the others (and
:func:`verdicts`) call in turn. The figures drawn from these tables are in
:mod:`.plots`.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..util import budget
from ..util.validate import check_instance, check_int, check_real, check_str
from ..workbook.verdicts import judge
from . import _costs
from . import document as doc
from ._checks import chips_arg
from ._tables import _frequencies, _sdc
from .policies import _stop_at_policy
from .rules import (ACTION_NAMES, MAX_DICE, MAX_TURN_TOTAL, ROLL, STOP, _check_n_dice, _parse_actions, _prob_matrix,
                    _reachable_states, _rules)
from .solver import Solution, _iterate, _policy_value, _solve, _solve_game, _threshold

__all__ = ["NOTEBOOK", "digit_slip", "verdicts", "table2", "table5_cells", "table5", "table6", "table7",
           "action_audit", "threshold_table", "dice_table", "stop_at_table", "longest_turn",
           "rolling_states_outside_table5", "max_state_difference"]

#: The notebook that checks the paper (its verdict table is ``data/05_ten_thousand_verdicts.csv``).
NOTEBOOK = "05_ten_thousand"


def _matches(value, printed):
    """Whether ``value`` prints as the document's ``printed`` (None: a cell printed '-', matched by None)."""
    if printed is None or value is None:
        return printed is None and value is None
    return judge(printed, value) == "agrees"


def _solution_arg(solution, name="solution", five=False):
    """A :class:`Solution` argument: None gives the five-dice game; ``five``: it must be that game."""
    if solution is None:
        return _solve_game(5)
    check_instance(name, solution, Solution)
    if five and solution.n_dice != 5:
        raise ValueError(f"{name} must be a solution of the paper's five-dice game, got one with "
                         f"n_dice={solution.n_dice}")
    return solution


def _fmt(value, printed):
    if value is None:
        return "-"
    dec = len(printed.split(".")[1]) if printed and "." in printed else 3
    return f"{value:.{dec}f}"


# ----------------------------------------------------------------------------- Table 2

def table2():
    """Table 2 regenerated: every configuration with d, c, s and f(n, i) for n = 1..5 beside the paper's.

    Examples
    --------
    >>> bool(table2()["matches"].all())
    True
    """
    rows = []
    freqs = {n: _frequencies(n) for n in range(1, 6)}
    ours_order = list(_rules(5).configs)
    for d, cfg, c, s, paper in doc.TABLE2:
        s_, d_, c_ = _sdc(cfg)
        ours = tuple(freqs[n].get(cfg) for n in range(1, 6))
        row = {"d": d_, "config": str(list(cfg)), "c": c_, "s": s_}
        for n in range(1, 6):
            row[f"f({n},i)"] = ours[n - 1]
            row[f"paper f({n},i)"] = paper[n - 1]
        row["matches"] = (ours == paper and (d_, c_, s_) == (d, c, s))
        rows.append(row)
    df = pd.DataFrame(rows)
    for n in range(1, 6):
        for col in (f"f({n},i)", f"paper f({n},i)"):
            df[col] = df[col].astype("Int64")
    df.attrs["same_order"] = [tuple(r[1]) for r in doc.TABLE2] == ours_order
    return df


# ----------------------------------------------------------------------------- Table 5 and 6

def _consistent(rules, tau, k, n):
    """The paper's reachable states: the roll before was from the start (tau - s = 0, all dice) or later."""
    N = rules.n_dice
    before = tau - int(rules.s[k])
    rolled = n + int(rules.d[k]) if n < N else N
    return before >= (0 if rolled == N else 1)


def _column_configs(spec, n, rules):
    N = rules.n_dice
    if spec == "all":
        return [k for k in range(1, len(rules.configs)) if rules.d[k] <= N - n]
    if spec == "other":
        named = set()
        for n2, cfgs, _ in doc.TABLE5_COLUMNS:
            if n2 == n and isinstance(cfgs, tuple):
                named.update(rules.index[c] for c in cfgs)
        return [k for k in range(1, len(rules.configs)) if rules.d[k] <= N - n and k not in named]
    return [rules.index[c] for c in spec]


def table5_cells(solution=None):
    """Every cell of Table 5 computed: value (None when stopping is optimal or the state is
    not in the paper's table), our action, and the paper's entry.

    Returns a long DataFrame with columns tau, n, column, ours, paper, action, paper_action, matches.
    ``solution``: a solution of the five-dice game (default: :func:`~stoplib.tenthousand.solve`).
    """
    return _table5_cells(_solution_arg(solution, five=True))


def _table5_cells(sol):
    rules = _rules(5)
    rows = []
    for col, (n, spec, paper_action) in enumerate(doc.TABLE5_COLUMNS):
        ks = _column_configs(spec, n, rules)
        name = f"n={n} " + (spec if isinstance(spec, str) else " ".join(str(list(c)) for c in spec))
        for tau in range(0, doc.TABLE5_STOP_FROM + 1):
            vals, acts = [], set()
            for k in ks:
                if tau >= 1 and _consistent(rules, tau, k, n):
                    a = ACTION_NAMES[int(sol.policy[tau, k, n])]
                    if a != "s":
                        vals.append(float(sol.values[tau, k, n]))
                        acts.add(a)
            ours = vals[0] if vals else None
            same = (max(vals) - min(vals) < 1e-12) if vals else True
            printed = doc.TABLE5.get(tau, (None,) * 7)[col]
            rows.append({"tau": tau, "n": n, "column": name, "ours": ours, "paper": printed,
                         "action": "/".join(sorted(acts)) if acts else "s or -",
                         "paper_action": paper_action, "consistent_column": same,
                         "matches": _matches(ours, printed)})
    return pd.DataFrame(rows)


def table5(solution=None):
    """Table 5 in the paper's layout: our value and the paper's in each cell, '-' for stop/unreachable.

    ``solution``: a solution of the five-dice game (default: :func:`~stoplib.tenthousand.solve`).
    """
    cells = _table5_cells(_solution_arg(solution, five=True))
    wide = {}
    for name, grp in cells.groupby("column", sort=False):
        col = []
        for o, p, m in zip(grp["ours"], grp["paper"], grp["matches"]):
            o = None if pd.isna(o) else float(o)
            p = None if not isinstance(p, str) else p
            col.append(f"{_fmt(o, p)} | {p or '-'}" + ("" if m else "  <- differs"))
        wide[name] = col
    df = pd.DataFrame(wide, index=pd.Index(range(0, doc.TABLE5_STOP_FROM + 1), name="tau"))
    return df


def table6(solution=None):
    """Table 6 regenerated: V*(tau, i, 5) for tau = 0..55 (row 0: the initial state) beside the paper.

    ``matches`` compares at the printed precision; ``matches_3dp`` at three decimals.
    ``solution``: a solution of the five-dice game (default: :func:`~stoplib.tenthousand.solve`).
    """
    return _table6(_solution_arg(solution, five=True))


def _table6(sol):
    k = _rules(5).index[(1, 0, 0)]       # with five dice to roll the value depends on tau only
    rows = []
    for tau, printed in doc.TABLE6.items():
        ours = sol._value(0, -1, 5) if tau == 0 else sol._value(tau, k, 5)
        action = "r" if tau == 0 else sol._action(tau, k, 5)
        rows.append({"tau": tau, "ours": round(ours, 6), "paper": printed, "action": action,
                     "matches": _matches(ours, printed),
                     "matches_3dp": f"{ours:.3f}" == f"{float(printed):.3f}"})
    return pd.DataFrame(rows)


def table7():
    """Table 7 regenerated: the value of the game when only some actions are allowed.

    ``slip`` names a one-digit printing slip where the printed digits differ from ours
    (:func:`digit_slip`); ``value_chained`` lets a move follow a move (the MCP with these actions
    only), which is *not* the game of the paper's Table 7.
    """
    return _table7()


def _table7():
    rows = []
    for count, acts, printed in doc.TABLE7:
        allowed, label = _parse_actions(acts if acts == "all" else list(acts), 5)
        sol = _solve(5, allowed, label)
        chained = _iterate(5, allowed, label, 70, True, 100_000)
        ours = f"{sol.value:.10f}"
        rows.append({"actions": acts if acts == "all" else ", ".join(acts), "count": count,
                     "ours": ours, "paper": printed, "matches": _matches(sol.value, printed),
                     "slip": _digit_slip(ours, printed) or "", "value_chained": f"{chained.value:.10f}"})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- checks

def action_audit(solution=None, tol=1e-12):
    """For every move, the states (tau < tau*, tau >= s(i)) where it is available, how often it
    is optimal (ties within ``tol`` included) and its smallest shortfall from the optimum.

    Examples
    --------
    >>> a = action_audit().set_index("action")
    >>> int(a.loc["m11", "optimal_in"]), bool(a.loc["m11", "min_shortfall"] > 0)
    (0, True)
    """
    sol = _solution_arg(solution)
    tol = check_real("tol", tol, 0)
    budget.check(_costs.solution_pass(sol, "action_audit", _costs.AUDIT_SECONDS_PER_STATE))
    return _action_audit(sol, tol)


def _action_audit(sol, tol=1e-12):
    rules = _rules(sol.n_dice)
    N = sol.n_dice
    stats = {}
    for tau in range(1, sol.threshold):
        for n in range(1, N):
            for k in range(1, len(rules.configs)):
                if rules.d[k] > N - n or tau < rules.s[k]:
                    continue
                best = float(sol.values[tau, k, n])
                for name, (val, _, _) in sol._action_values(tau, k, n).items():
                    if name in ("s", "r"):
                        continue
                    st = stats.setdefault(name, [0, 0, np.inf, 0])
                    st[0] += 1
                    if val >= best - tol:
                        st[1] += 1
                    else:
                        st[2] = min(st[2], best - val)
                    if ACTION_NAMES[int(sol.policy[tau, k, n])] == name:
                        st[3] += 1
    rows = [{"action": a, "available_in": v[0], "optimal_in": v[1], "chosen_in": v[3],
             "min_shortfall": v[2]} for a, v in stats.items()]
    order = {a: i for i, a in enumerate(ACTION_NAMES)}
    return pd.DataFrame(rows).sort_values("action", key=lambda s: s.map(order)).reset_index(drop=True)


def threshold_table(max_dice=6):
    """The one-roll gain ratio sum_k f(n,k) s(k) / f(n,0) for n = 1..max_dice and the thresholds."""
    max_dice = check_int("max_dice", max_dice, 1, MAX_DICE)
    th = _threshold(max_dice)
    rows = []
    for n, ratio in th.ratios.items():
        fr = _frequencies(n)
        t_n = _threshold(n)
        rows.append({"n": n, "bust rolls f(n,0)": fr[(0, 0, 0)], "sum f(n,k) s(k)": ratio * fr[(0, 0, 0)],
                     "ratio": float(ratio), "tau*(n)": t_n.threshold,
                     "argument applies with N=n": t_n.argument_applies})
    return pd.DataFrame(rows)


def dice_table(max_dice=6, cap_extra=40):
    """The game with N = 1..max_dice dice: threshold, method, value, and the value-iteration check
    (value iteration truncated at ``cap_extra`` chips above each threshold)."""
    max_dice = check_int("max_dice", max_dice, 1, MAX_DICE)
    cap_extra = check_int("cap_extra", cap_extra, 0)
    thresholds = [_threshold(N) for N in range(1, max_dice + 1)]
    budget.check(_costs.dice_table(max_dice, cap_extra, [th.threshold for th in thresholds]))
    rows = []
    for N, th in enumerate(thresholds, 1):
        sol = _solve_game(N)
        vi = _iterate(N, sol.allowed, sol.actions, th.threshold + cap_extra, True, 100_000)
        sr = _solve_game(N, stop_roll_only=True)
        rows.append({"N": N, "tau*": sol.threshold, "argument applies": th.argument_applies,
                     "method": sol.method, "value (chips)": sol.value, "value (points)": 50 * sol.value,
                     "stop/roll only": sr.value, "VI value": vi.value,
                     "|alg - VI|": abs(vi.value - sol.value), "VI iterations": vi.iterations})
    return pd.DataFrame(rows)


def stop_at_table(chips=range(1, 31), n_dice=5):
    """Exact expected score of "stop at X chips" (keep all scoring dice, never move) for each X.

    ``chips`` is an iterable of ints >= 1 (a range, a list); the rules are checked, and
    their total cost estimated, before the first one is evaluated.

    Examples
    --------
    >>> stop_at_table([1, 6])["stop at (points)"].tolist()
    [50, 300]
    """
    n_dice = _check_n_dice(n_dice)
    values = chips_arg(chips)
    budget.check(_costs.stop_at_table(values, n_dice))
    return _stop_at_table(values, n_dice, _solve_game(n_dice).value)


def _stop_at_table(values, n_dice, optimum):
    """:func:`stop_at_table` for checked rules (the budget already asked), against ``optimum``."""
    rows = []
    for x in values:
        v = _policy_value(_stop_at_policy(x, n_dice))
        rows.append({"stop at (chips)": x, "stop at (points)": 50 * x, "value": v, "share of optimum": v / optimum})
    return pd.DataFrame(rows)


def longest_turn(solution=None):
    """The most rolls, and the most decisions (rolls and moves), a turn can take under the policy.

    A turn total only grows from one roll to the next (a move gives chips back, but
    never below the total before the roll), so the longest continuation of each
    roll is found backwards from the threshold, one turn total at a time.

    Examples
    --------
    >>> longest_turn()
    (16, 20)
    """
    sol = _solution_arg(solution)
    budget.check(_costs.solution_pass(sol, "longest_turn", _costs.LONGEST_SECONDS_PER_STATE))
    return _longest_turn(sol)


def _longest_turn(sol):
    rules = _rules(sol.n_dice)
    p = _prob_matrix(sol.n_dice)
    N, T = sol.n_dice, sol.threshold
    K = len(rules.configs)
    s = [int(x) for x in rules.s]
    d = [int(x) for x in rules.d]
    # after_roll[c][tau, n]: the most rolls (c = 0) or rolls and moves (c = 1) from rolling n dice at tau
    after_roll = np.zeros((2, T + max(s) + 1, N + 1), dtype=np.int64)

    def at(tau, k, n, c):
        """Rolls (and moves) still to come in the state (tau, k, n) just reached by a roll."""
        extra = 0
        while tau < T:
            a = int(sol.policy[tau, k, n])
            if a == STOP:
                return extra
            if a == ROLL:
                return extra + int(after_roll[c, tau, n])
            j = int(rules.move_dest[k, a])
            tau, n, k = tau - s[k] + s[j], n + d[k] - d[j], j
            extra += c
        return extra

    for tau in range(T - 1, -1, -1):
        for n in range(1, N + 1):
            for c in (0, 1):
                best = 0
                for k in range(1, K):
                    if d[k] <= n and p[n, k] > 0:
                        best = max(best, at(tau + s[k], k, (n - d[k]) or N, c))
                after_roll[c, tau, n] = 1 + best
    return int(after_roll[0, 0, N]), int(after_roll[1, 0, N])


def rolling_states_outside_table5(solution=None):
    """Reachable states (from the start, under any play) with one or two dice left whose optimal
    action is not stop and that Table 5 does not list (its caption says there are none)."""
    sol = _solution_arg(solution, five=True)
    budget.check(_costs.reachable(5, sol.threshold + int(_rules(5).s.max())))
    return _rolling_outside(sol)


def _rolling_outside(sol):
    rules = _rules(5)
    tau_max = sol.threshold + int(rules.s.max())
    listed = {(2, rules.index[c]) for n, spec, _ in doc.TABLE5_COLUMNS if n == 2 and isinstance(spec, tuple)
              for c in spec}
    rows = []
    for tau, k, n in sorted(_reachable_states(5, tau_max)):
        if n > 2 or tau >= sol.threshold or (n, k) in listed:
            continue
        a = ACTION_NAMES[int(sol.policy[tau, k, n])]
        if a != "s":
            rows.append({"tau": tau, "config": list(rules.configs[k]), "n": n, "action": a,
                         "value": float(sol.values[tau, k, n]), "stop": tau})
    return pd.DataFrame(rows)


def max_state_difference(a, b, tau_max=None):
    """Largest |value difference| between two solutions over every state (tau, i, n) with
    1 <= tau <= tau_max (default: below the first solution's threshold); returns (difference, states).

    Examples
    --------
    >>> from stoplib.tenthousand import solve, value_iteration
    >>> diff, count = max_state_difference(solve(), value_iteration(cap=80))
    >>> bool(diff < 1e-12), count
    (True, 4950)
    """
    check_instance("a", a, Solution)
    check_instance("b", b, Solution)
    if a.n_dice != b.n_dice:
        raise ValueError(f"solutions are for {a.n_dice} and {b.n_dice} dice")
    top = (a.threshold - 1) if tau_max is None else check_int("tau_max", tau_max, 0, MAX_TURN_TOTAL)
    return _max_state_difference(a, b, top)


def _max_state_difference(a, b, top):
    rules = _rules(a.n_dice)
    N = a.n_dice
    pairs = [(k, n) for k in range(1, len(rules.configs)) for n in range(1, N + 1)
             if n == N or rules.d[k] <= N - n]
    # beyond both tables every state is worth its turn total in both: the difference there is 0,
    # and those states are counted without being visited
    inside = min(top, max(a.values.shape[0], b.values.shape[0]) - 1)
    budget.check(_costs.compare(N, float(inside) * len(pairs)))
    worst = 0.0
    for k, n in pairs:
        for tau in range(1, inside + 1):
            va = a.values[tau, k, n] if tau < a.values.shape[0] else tau
            vb = b.values[tau, k, n] if tau < b.values.shape[0] else tau
            worst = max(worst, abs(float(va) - float(vb)))
    return worst, top * len(pairs) if top > 0 else 0


# ----------------------------------------------------------------------------- the verdict table

def digit_slip(ours, printed):
    """How a printed decimal differs from ours by one slip, in words, or None.

    Recognises one digit inserted (the rest shifted right and the last one
    dropped), one digit dropped, two adjacent digits swapped, and one digit changed.

    Examples
    --------
    >>> digit_slip("5.8011800370", "5.8012180037")
    "a '2' inserted after 5.801 (the digits after it shifted right by one)"
    >>> digit_slip("5.8720", "5.8721")
    "the last digit '0' printed as '1'"
    >>> digit_slip("1.234", "1.234") is None
    True
    """
    return _digit_slip(check_str("ours", ours, 40), check_str("printed", printed, 40))


def _digit_slip(ours, printed):
    if ours == printed or len(ours) != len(printed):
        return None
    for k in range(len(ours) - 1):          # (inserting before the last digit only changes it)
        for d in "0123456789":
            if ours[:k] + d + ours[k:-1] == printed:
                return f"a '{d}' inserted after {ours[:k]} (the digits after it shifted right by one)"
    for k in range(1, len(ours) - 1):
        if ours[:k] + ours[k + 1:] + printed[-1] == printed and ours[k] != printed[k]:
            return f"the digit '{ours[k]}' after {ours[:k]} dropped (the digits after it shifted left by one)"
    for k in range(len(ours) - 1):
        if ours[:k] + ours[k + 1] + ours[k] + ours[k + 2:] == printed:
            return f"the digits '{ours[k:k + 2]}' after {ours[:k]} swapped"
    diff = [k for k in range(len(ours)) if ours[k] != printed[k]]
    if len(diff) == 1:
        k = diff[0]
        where = "the last digit" if k == len(ours) - 1 else f"the digit after {ours[:k]}"
        return f"{where} '{ours[k]}' printed as '{printed[k]}'"
    return None


def verdicts(solution=None):
    """Every number and claim of the paper that notebook 05 checks, one row each, judged by the
    one rule of :mod:`stoplib.workbook.verdicts` (agrees / differs / open / context, with evidence).

    The columns are :data:`stoplib.workbook.verdicts.VERDICT_COLUMNS`; exactly one row (the
    value of the game) is the headline. Everything is computed here, exactly (no
    simulation), so the table is the same in quick and full mode.

    Examples
    --------
    >>> from stoplib.workbook.verdicts import VERDICT_COLUMNS
    >>> v = verdicts()
    >>> list(v.columns) == list(VERDICT_COLUMNS), int(v["headline"].sum())
    (True, 1)
    >>> v.loc[v.headline, "ours"].item()
    '5.8720189185'
    """
    from . import _verdicts

    sol = _solution_arg(solution, five=True)
    if sol.actions != "all":
        raise ValueError(f"solution must be the game with every action allowed (the paper's), got actions "
                         f"{sol.actions!r:.80}")
    vi = _iterate(5, sol.allowed, sol.actions, 120, True, 100_000)
    checks = {"table2": table2(), "cells": _table5_cells(sol), "table6": _table6(sol), "table7": _table7(),
              "audit": _action_audit(sol), "outside": _rolling_outside(sol), "longest": _longest_turn(sol),
              "vi": vi, "difference": _max_state_difference(sol, vi, sol.threshold - 1), "slip": _digit_slip}
    return _verdicts.table(NOTEBOOK, sol, checks)
