"""Ten Thousand, side by side with the paper: its tables regenerated, checks, figures and widgets.

Every table here is computed by :mod:`stoplib.tenthousand` from the rules and
set beside the numbers printed in Crocce and Mordecki (2016), transcribed in
:mod:`stoplib.sources.doc002_tenthousand`, with a column saying whether each
entry matches at the printed precision.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from . import solver as tt
from . import document as doc


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
    freqs = {n: tt.frequencies(n) for n in range(1, 6)}
    ours_order = tt.configurations(5)
    for d, cfg, c, s, paper in doc.TABLE2:
        s_, d_, c_ = tt.score(cfg)
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
    sol = tt.solve() if solution is None else solution
    rules = tt._rules(5)
    rows = []
    for col, (n, spec, paper_action) in enumerate(doc.TABLE5_COLUMNS):
        ks = _column_configs(spec, n, rules)
        name = f"n={n} " + (spec if isinstance(spec, str) else " ".join(str(list(c)) for c in spec))
        for tau in range(0, doc.TABLE5_STOP_FROM + 1):
            vals, acts = [], set()
            for k in ks:
                if tau >= 1 and _consistent(rules, tau, k, n):
                    a = tt.ACTION_NAMES[int(sol.policy[tau, k, n])]
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
    sol = tt.solve() if solution is None else solution
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
        sol = tt.solve(actions=acts if acts == "all" else list(acts))
        chained = tt.value_iteration(actions=acts if acts == "all" else list(acts), cap=70, chain=True)
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
    sol = tt.solve() if solution is None else solution
    rules = tt._rules(sol.n_dice)
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
                    if tt.ACTION_NAMES[int(sol.policy[tau, k, n])] == name:
                        st[3] += 1
    rows = [{"action": a, "available_in": v[0], "optimal_in": v[1], "chosen_in": v[3],
             "min_shortfall": v[2]} for a, v in stats.items()]
    order = {a: i for i, a in enumerate(tt.ACTION_NAMES)}
    return pd.DataFrame(rows).sort_values("action", key=lambda s: s.map(order)).reset_index(drop=True)


def threshold_table(max_dice=6):
    """The one-roll gain ratio sum_k f(n,k) s(k) / f(n,0) for n = 1..max_dice and the thresholds."""
    th = tt.threshold(max_dice)
    rows = []
    for n, ratio in th.ratios.items():
        fr = tt.frequencies(n)
        t_n = tt.threshold(n)
        rows.append({"n": n, "bust rolls f(n,0)": fr[(0, 0, 0)], "sum f(n,k) s(k)": ratio * fr[(0, 0, 0)],
                     "ratio": float(ratio), "tau*(n)": t_n.threshold,
                     "argument applies with N=n": t_n.argument_applies})
    return pd.DataFrame(rows)


def dice_table(max_dice=6, cap_extra=40):
    """The game with N = 1..max_dice dice: threshold, method, value, and the value-iteration check."""
    rows = []
    for N in range(1, max_dice + 1):
        th = tt.threshold(N)
        sol = tt.solve(N)
        vi = tt.value_iteration(N, cap=th.threshold + cap_extra)
        sr = tt.solve(N, actions=["s", "r"])
        rows.append({"N": N, "tau*": sol.threshold, "argument applies": th.argument_applies,
                     "method": sol.method, "value (chips)": sol.value, "value (points)": 50 * sol.value,
                     "stop/roll only": sr.value, "VI value": vi.value,
                     "|alg - VI|": abs(vi.value - sol.value), "VI iterations": vi.iterations})
    return pd.DataFrame(rows)


def stop_at_table(chips=range(1, 31), n_dice=5):
    """Exact expected score of "stop at X chips" (keep all scoring dice, never move) for each X."""
    opt = tt.solve(n_dice)
    rows = []
    for x in chips:
        v = tt.evaluate(tt.stop_at_policy(x, n_dice))
        rows.append({"stop at (chips)": x, "stop at (points)": 50 * x, "value": v,
                     "share of optimum": v / opt.value})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- figures

def plot_value_function(ax, solution=None, n_values=None):
    """Draw max(tau, V_r(tau, n)), the value with tau chips and n dice to roll, against tau."""
    sol = tt.solve() if solution is None else solution
    N = sol.n_dice
    T = sol.threshold
    tau = np.arange(1, T + 8)
    for n in (n_values or range(N, 0, -1)):
        v = [max(t, sol.value_at(t, None, n)) for t in tau]
        ax.plot(tau, v, lw=1.5, label=f"n = {n}")
    ax.plot(tau, tau, "k--", lw=0.8, label="stop: tau")
    ax.axvline(T, color="grey", ls=":", lw=0.8)
    ax.set_xlabel("turn total tau (chips)")
    ax.set_ylabel("value (chips)")
    ax.legend(frameon=False, title="dice to roll")
    return ax


def plot_advantage(ax, solution=None):
    """Draw V*(tau, n) - tau, what the option to roll is worth, against tau for each n."""
    sol = tt.solve() if solution is None else solution
    T = sol.threshold
    tau = np.arange(1, T + 3)
    for n in range(sol.n_dice, 0, -1):
        ax.plot(tau, [max(t, sol.value_at(int(t), None, n)) - t for t in tau], lw=1.5, label=f"n = {n}")
    ax.axhline(0, color="k", lw=0.6)
    ax.set_xlabel("turn total tau (chips)")
    ax.set_ylabel("value of rolling on, V - tau (chips)")
    ax.legend(frameon=False, title="dice to roll")
    return ax


def plot_dice(ax, table=None):
    """Draw the value of a turn (points) against the number of dice, optimal and stop/roll only."""
    df = dice_table() if table is None else table
    ax.plot(df["N"], df["value (points)"], "o-", label="optimal")
    ax.plot(df["N"], 50 * df["stop/roll only"], "s--", label="stop or roll only")
    ax.set_yscale("log")
    ax.set_xlabel("number of dice N")
    ax.set_ylabel("value of a turn (points)")
    ax.legend(frameon=False)
    return ax


def plot_stop_at(ax, table=None, optimum=None):
    """Draw the exact value of "stop at X" rules against X, with the optimum as a line."""
    df = stop_at_table() if table is None else table
    opt = tt.solve().value if optimum is None else optimum
    ax.plot(df["stop at (points)"], 50 * df["value"], "o-", ms=3, label="stop at X, keep all scoring dice")
    ax.axhline(50 * opt, color="C3", lw=1, label=f"optimal play: {50 * opt:.1f}")
    ax.set_xlabel("stop once the turn total reaches X (points)")
    ax.set_ylabel("expected score of a turn (points)")
    ax.legend(frameon=False)
    return ax


# ----------------------------------------------------------------------------- widgets

def advisor_widget(n_dice=5):
    """Choose the turn total, the dice left and the last roll's configuration; see every action's value."""
    import ipywidgets as w

    sols = {}

    def get(N):
        if N not in sols:
            sols[N] = tt.solve(N)
        return sols[N]

    dice = w.IntSlider(value=n_dice, min=1, max=tt.MAX_DICE, description="dice N")
    tau = w.IntSlider(value=4, min=1, max=80, description="turn total")
    n = w.IntSlider(value=2, min=1, max=n_dice, description="dice left")
    cfg = w.Dropdown(description="set aside")
    out = w.Output()

    def refresh_configs(*_):
        rules = tt._rules(dice.value)
        n.max = dice.value
        opts = [(str(list(c)), c) for k, c in enumerate(rules.configs)
                if k > 0 and (n.value == dice.value or rules.d[k] <= dice.value - n.value)]
        cur = cfg.value
        cfg.options = opts
        if cur in [o[1] for o in opts]:
            cfg.value = cur

    def show(*_):
        out.clear_output()
        with out:
            try:
                sol = get(dice.value)
                vals = sol.action_values(tau.value, cfg.value, n.value)
                best = sol.action_at(tau.value, cfg.value, n.value)
                rows = [{"action": a, "value (chips)": round(v, 6), "keeps": "" if dest is None else str(list(dest)),
                         "best": "<-" if a == best else ""} for a, (v, dest) in vals.items()]
                print(pd.DataFrame(rows).to_string(index=False))
            except ValueError as err:
                print(f"not a state of the game: {err}")

    for wid in (dice, n):
        wid.observe(refresh_configs, "value")
    for wid in (dice, tau, n, cfg):
        wid.observe(show, "value")
    refresh_configs()
    if (2, 1, 0) in [o[1] for o in cfg.options]:
        cfg.value = (2, 1, 0)      # the paper's example: two 5s and a 1, two dice left
    show()
    return w.VBox([w.HBox([dice, tau]), w.HBox([n, cfg]), out])


def policy_explorer_widget(n_dice=5):
    """Compare "stop at X points" with the optimal rule: exact value and a quick simulation."""
    import ipywidgets as w

    x = w.IntSlider(value=300, min=50, max=2000, step=50, description="stop at")
    turns = w.IntSlider(value=100_000, min=10_000, max=1_000_000, step=10_000, description="MC turns")
    out = w.Output()
    opt = tt.solve(n_dice)

    def show(*_):
        out.clear_output()
        with out:
            pol = tt.stop_at_policy(x.value // 50, n_dice)
            exact = tt.evaluate(pol)
            mc = tt.simulate(pol, turns.value, seed=1)
            print(f"stop at {x.value} points: exact {50 * exact:.2f} points, simulated "
                  f"{50 * mc.mean:.2f} +- {50 * mc.std_err:.2f}")
            print(f"optimal play: {50 * opt.value:.2f} points; the rule gives up {50 * (opt.value - exact):.2f}")

    x.observe(show, "value")
    turns.observe(show, "value")
    show()
    return w.VBox([w.HBox([x, turns]), out])


def dice_widget():
    """Pick the number of dice; see the threshold, the value and the value curves."""
    import ipywidgets as w
    import matplotlib.pyplot as plt

    dice = w.IntSlider(value=5, min=1, max=tt.MAX_DICE, description="dice N")
    out = w.Output()

    def show(*_):
        out.clear_output(wait=True)
        with out:
            sol = tt.solve(dice.value)
            print(f"N = {dice.value}: tau* = {sol.threshold} chips, value {sol.value:.6f} chips "
                  f"= {50 * sol.value:.1f} points ({sol.method})")
            fig, ax = plt.subplots(figsize=(6, 3.5))
            plot_value_function(ax, sol)
            plt.show()

    dice.observe(show, "value")
    show()
    return w.VBox([dice, out])


def plot_score_distribution(ax, policies=None):
    """Draw the exact distribution of the points banked in a turn under each policy (bars at 50-point steps)."""
    if policies is None:
        policies = [tt.solve(), tt.stop_at_policy(6)]
    width = 0.8 / len(policies)
    top = 0
    for i, pol in enumerate(policies):
        p = tt.score_distribution(pol)
        name = pol.as_policy().name if isinstance(pol, tt.Solution) else pol.name
        x = np.arange(len(p))
        keep = p > 1e-6
        ax.bar(50 * (x[keep] + (i - (len(policies) - 1) / 2) * width), p[keep], width=50 * width,
               label=f"{name}: bust {p[0]:.1%}")
        top = max(top, int(np.nonzero(p > 1e-4)[0].max()))
    ax.set_xlim(-50, 50 * top + 50)
    ax.set_xlabel("points banked in the turn")
    ax.set_ylabel("probability")
    ax.legend(frameon=False)
    return ax


def longest_turn(solution=None):
    """The most rolls, and the most decisions (rolls and moves), a turn can take under the policy.

    Examples
    --------
    >>> longest_turn()
    (16, 20)
    """
    import sys
    from functools import lru_cache

    sol = tt.solve() if solution is None else solution
    rules = tt._rules(sol.n_dice)
    p = tt._prob_matrix(sol.n_dice)
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
        if a == tt.STOP:
            return 0
        if a == tt.ROLL:
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
    sol = tt.solve() if solution is None else solution
    rules = tt._rules(5)
    listed = {(2, rules.index[c]) for n, spec, _ in doc.TABLE5_COLUMNS if n == 2 and isinstance(spec, tuple)
              for c in spec}
    rows = []
    for tau, k, n in sorted(tt._reachable_states(5, sol.threshold + int(rules.s.max()))):
        if n > 2 or tau >= sol.threshold or (n, k) in listed:
            continue
        a = tt.ACTION_NAMES[int(sol.policy[tau, k, n])]
        if a != "s":
            rows.append({"tau": tau, "config": list(rules.configs[k]), "n": n, "action": a,
                         "value": float(sol.values[tau, k, n]), "stop": tau})
    return pd.DataFrame(rows)


def max_state_difference(a, b, tau_max=None):
    """Largest |value difference| between two solutions over every state (tau, i, n) with
    1 <= tau <= tau_max (default: below the first solution's threshold); returns (difference, states).

    Examples
    --------
    >>> diff, count = max_state_difference(tt.solve(), tt.value_iteration(cap=80))
    >>> bool(diff < 1e-12), count
    (True, 4950)
    """
    if a.n_dice != b.n_dice:
        raise ValueError(f"solutions are for {a.n_dice} and {b.n_dice} dice")
    rules = tt._rules(a.n_dice)
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
