"""Ten Thousand (document 002): the paper's claims checked, table by table.

Every table here is computed from the rules (:mod:`.rules`) by the solver
(:mod:`.solver`) and set beside the numbers printed in Crocce and Mordecki,
"A finite exact algorithm to solve a dice game", J. Appl. Prob. 53 (2016)
91-105, transcribed in :mod:`.document`, with a column saying whether each
entry matches at the printed precision:

- :func:`table2` (configurations and their frequencies), :func:`table5_cells` /
  :func:`table5` (values and actions with two to four dice left),
  :func:`table6` (five dice), :func:`table7` (the restricted games);
- :func:`action_audit` (Theorem 4.1: nine moves are never optimal),
  :func:`threshold_table` (Lemma 4.1 and ``tau* = 56``), :func:`longest_turn`
  (the bound of 57 rolls), :func:`rolling_states_outside_table5` (the caption
  of Table 5), :func:`max_state_difference` (Algorithm 4.1 against value
  iteration in every state);
- the tables that go beyond the paper: :func:`dice_table` (1 to 6 dice) and
  :func:`stop_at_table` (the simple "stop at X" rules).

The figures drawn from these tables are in :mod:`.plots`.
"""
from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np
import pandas as pd

from . import document as doc
from .rules import (ACTION_NAMES, ROLL, STOP, _prob_matrix, _reachable_states, _rules, configurations, frequencies,
                    score)
from .solver import evaluate, solve, stop_at_policy, threshold, value_iteration

__all__ = ["printed_match", "table2", "table5_cells", "table5", "table6", "table7", "action_audit",
           "threshold_table", "dice_table", "stop_at_table", "longest_turn", "rolling_states_outside_table5",
           "max_state_difference"]


def printed_match(value, printed):
    """True when ``value`` rounded to the decimals of the string ``printed`` equals it.

    Examples
    --------
    >>> printed_match(5.872018918, "5.872019"), printed_match(5.872018918, "5.8721")
    (True, False)
    """
    if printed is None:
        return value is None
    if value is None:
        return False
    dec = len(printed.split(".")[1]) if "." in printed else 0
    return f"{value:.{dec}f}" == printed


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
    freqs = {n: frequencies(n) for n in range(1, 6)}
    ours_order = configurations(5)
    for d, cfg, c, s, paper in doc.TABLE2:
        s_, d_, c_ = score(cfg)
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
    """
    sol = solve() if solution is None else solution
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
                         "matches": printed_match(ours, printed)})
    return pd.DataFrame(rows)


def table5(solution=None):
    """Table 5 in the paper's layout: our value and the paper's in each cell, '-' for stop/unreachable."""
    cells = table5_cells(solution)
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
    """
    sol = solve() if solution is None else solution
    rows = []
    for tau, printed in doc.TABLE6.items():
        ours = sol.value_at(0, None, 5) if tau == 0 else sol.value_at(tau, (1, 0, 0), 5)
        action = "r" if tau == 0 else sol.action_at(tau, (1, 0, 0), 5)
        rows.append({"tau": tau, "ours": round(ours, 6), "paper": printed, "action": action,
                     "matches": printed_match(ours, printed),
                     "matches_3dp": f"{ours:.3f}" == f"{float(printed):.3f}"})
    return pd.DataFrame(rows)


def table7():
    """Table 7 regenerated: the value of the game when only some actions are allowed.

    ``value_chained`` lets a move follow a move (the MCP with these actions
    only), which is *not* the game of the paper's Table 7.
    """
    rows = []
    for count, acts, printed in doc.TABLE7:
        sol = solve(actions=acts if acts == "all" else list(acts))
        chained = value_iteration(actions=acts if acts == "all" else list(acts), cap=70, chain=True)
        rows.append({"actions": acts if acts == "all" else ", ".join(acts), "count": count,
                     "ours": f"{sol.value:.10f}", "paper": printed,
                     "matches": printed_match(sol.value, printed),
                     "value_chained": f"{chained.value:.10f}"})
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
    sol = solve() if solution is None else solution
    rules = _rules(sol.n_dice)
    N = sol.n_dice
    stats = {}
    for tau in range(1, sol.threshold):
        for n in range(1, N):
            for k in range(1, len(rules.configs)):
                if rules.d[k] > N - n or tau < rules.s[k]:
                    continue
                best = float(sol.values[tau, k, n])
                cfg = rules.configs[k]
                for name, (val, _) in sol.action_values(tau, cfg, n).items():
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
    th = threshold(max_dice)
    rows = []
    for n, ratio in th.ratios.items():
        fr = frequencies(n)
        t_n = threshold(n)
        rows.append({"n": n, "bust rolls f(n,0)": fr[(0, 0, 0)], "sum f(n,k) s(k)": ratio * fr[(0, 0, 0)],
                     "ratio": float(ratio), "tau*(n)": t_n.threshold,
                     "argument applies with N=n": t_n.argument_applies})
    return pd.DataFrame(rows)


def dice_table(max_dice=6, cap_extra=40):
    """The game with N = 1..max_dice dice: threshold, method, value, and the value-iteration check."""
    rows = []
    for N in range(1, max_dice + 1):
        th = threshold(N)
        sol = solve(N)
        vi = value_iteration(N, cap=th.threshold + cap_extra)
        sr = solve(N, actions=["s", "r"])
        rows.append({"N": N, "tau*": sol.threshold, "argument applies": th.argument_applies,
                     "method": sol.method, "value (chips)": sol.value, "value (points)": 50 * sol.value,
                     "stop/roll only": sr.value, "VI value": vi.value,
                     "|alg - VI|": abs(vi.value - sol.value), "VI iterations": vi.iterations})
    return pd.DataFrame(rows)


def stop_at_table(chips=range(1, 31), n_dice=5):
    """Exact expected score of "stop at X chips" (keep all scoring dice, never move) for each X."""
    opt = solve(n_dice)
    rows = []
    for x in chips:
        v = evaluate(stop_at_policy(x, n_dice))
        rows.append({"stop at (chips)": x, "stop at (points)": 50 * x, "value": v,
                     "share of optimum": v / opt.value})
    return pd.DataFrame(rows)


def longest_turn(solution=None):
    """The most rolls, and the most decisions (rolls and moves), a turn can take under the policy.

    Examples
    --------
    >>> longest_turn()
    (16, 20)
    """
    sol = solve() if solution is None else solution
    rules = _rules(sol.n_dice)
    p = _prob_matrix(sol.n_dice)
    N, T = sol.n_dice, sol.threshold
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))

    @lru_cache(maxsize=None)
    def after_roll(tau, n, count_moves):
        best = 0
        for k in range(1, len(rules.configs)):
            if rules.d[k] <= n and p[n, k] > 0:
                best = max(best, at(tau + int(rules.s[k]), k, int(n - rules.d[k]) or N, count_moves))
        return 1 + best

    @lru_cache(maxsize=None)
    def at(tau, k, n, count_moves):
        if tau >= T:
            return 0
        a = int(sol.policy[tau, k, n])
        if a == STOP:
            return 0
        if a == ROLL:
            return after_roll(tau, n, count_moves)
        j = int(rules.move_dest[k, a])
        nxt = at(tau - int(rules.s[k]) + int(rules.s[j]), j, n + int(rules.d[k]) - int(rules.d[j]), count_moves)
        return nxt + (1 if count_moves else 0)

    try:
        return after_roll(0, N, False), after_roll(0, N, True)
    finally:
        sys.setrecursionlimit(old)


def rolling_states_outside_table5(solution=None):
    """Reachable states (from the start, under any play) with one or two dice left whose optimal
    action is not stop and that Table 5 does not list (its caption says there are none)."""
    sol = solve() if solution is None else solution
    rules = _rules(5)
    listed = {(2, rules.index[c]) for n, spec, _ in doc.TABLE5_COLUMNS if n == 2 and isinstance(spec, tuple)
              for c in spec}
    rows = []
    for tau, k, n in sorted(_reachable_states(5, sol.threshold + int(rules.s.max()))):
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
    >>> diff, count = max_state_difference(solve(), value_iteration(cap=80))
    >>> bool(diff < 1e-12), count
    (True, 4950)
    """
    if a.n_dice != b.n_dice:
        raise ValueError(f"solutions are for {a.n_dice} and {b.n_dice} dice")
    rules = _rules(a.n_dice)
    N = a.n_dice
    top = (a.threshold - 1) if tau_max is None else int(tau_max)
    worst, count = 0.0, 0
    for k in range(1, len(rules.configs)):
        for n in range(1, N + 1):
            if n < N and rules.d[k] > N - n:
                continue
            for tau in range(1, top + 1):
                va = a.values[tau, k, n] if tau < a.values.shape[0] else tau
                vb = b.values[tau, k, n] if tau < b.values.shape[0] else tau
                worst = max(worst, abs(float(va) - float(vb)))
                count += 1
    return worst, count
