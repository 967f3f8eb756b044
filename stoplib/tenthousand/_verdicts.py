"""The rows of notebook 05's verdict table (private; :func:`stoplib.tenthousand.claims.verdicts` is
the public entry, and the only caller).

One row per number or claim of Crocce and Mordecki, "A finite exact algorithm to solve a
dice game", Journal of Applied Probability 53(1), 2016, pp. 91-105, built with
:func:`stoplib.workbook.verdicts.row` and judged by its one rule: a printed number agrees
when ours lies in its printed interval (:func:`~stoplib.workbook.verdicts.judge`); a
qualitative claim agrees when it holds everywhere we checked and differs when we found a
counterexample; a question the paper leaves is open. The paper prints no timing, so no row
is "context".

The claims' own tables (Tables 2, 5, 6 and 7, the action audit, the longest turn, ...)
arrive computed, as ``checks``, from :mod:`.claims`, so that this module does not import
its caller; what is computed here (the threshold, the exact twin, Pig) comes from the
private internals of the computing rooms. The paper's numbers come from :mod:`.document`.
"""
from __future__ import annotations

import numpy as np

from ..workbook.verdicts import judge, row, table as verdict_table
from . import document as doc
from ._tables import _frequencies, _sdc
from .pig_game import _pig_iterate, pig
from .rules import ACTION_NAMES, _parse_actions, _rules
from .solver import _iterate, _policy_value, _solve, _threshold
from .twins import _frequencies_multinomial, _solve_exact

__all__: list[str] = []   # private: used by stoplib.tenthousand.claims.verdicts


def _agrees(ok):
    """A qualitative claim: it holds on everything checked (agrees), or a counterexample was found."""
    return "agrees" if ok else "differs"


def table(notebook, sol, checks):
    """The verdict table of ``notebook`` for the five-dice solution ``sol`` and the claims' ``checks``."""
    rows = (_rules_rows(sol, checks) + _value_rows(sol, checks) + _table5_rows(sol, checks)
            + _table6_rows(checks) + _table7_rows(sol, checks) + _action_rows(sol, checks) + _pig_rows())
    rows.append(row("Section 6: a similar algorithm for the competitive game", "an open question",
                    "answered in notebook 08 (08_two_player_dice)", "open",
                    "a question the paper asks; this notebook solves the solitaire turn, notebook 08 the "
                    "two-player game"))
    return verdict_table(notebook, rows)


def _rules_rows(sol, checks):
    """Tables 1 and 2, the threshold and Lemma 4.1."""
    combos = {"each 5": (1, 0, 0), "each 1": (0, 1, 0), "three 2s": (0, 0, 2), "three 3s": (0, 0, 3),
              "three 4s": (0, 0, 4), "three 5s": (3, 0, 0), "three 6s": (0, 0, 6), "three 1s": (0, 3, 0)}
    ours1 = {name: 50 * _sdc(c)[0] for name, c in combos.items()}
    t2 = checks["table2"]
    n_counts = sum(f is not None for r in doc.TABLE2 for f in r[4])
    twin = all(_frequencies_multinomial(n) == _frequencies(n) for n in range(1, 6))
    th = _threshold(5)
    bust5 = _frequencies(5)[(0, 0, 0)]
    vi, T = checks["vi"], sol.threshold
    gain5 = sol.pre_roll[1:T, 5] - np.arange(1, T)
    below = float(sol.values[1:T].max())
    return [
        row("Table 1: points of the eight scoring combinations", ", ".join(map(str, doc.TABLE1_POINTS.values())),
            ", ".join(str(ours1[k]) for k in doc.TABLE1_POINTS), _agrees(ours1 == doc.TABLE1_POINTS),
            "s(i) of each combination (tt.score), times 50 points per chip"),
        row("Table 2: d, c, s and the counts f(n, i) of every configuration",
            f"{len(doc.TABLE2)} rows, {n_counts} counts",
            f"{int(t2['matches'].sum())} of {len(t2)} rows equal",
            _agrees(bool(t2["matches"].all()) and t2.attrs["same_order"] and twin),
            "all 6ⁿ rolls enumerated; " + ("a multinomial count agrees" if twin else "a multinomial count DISAGREES")
            + "; " + ("same order as printed" if t2.attrs["same_order"] else "in another order")),
        row("Section 4: the threshold τ*(5)", str(doc.THRESHOLD),
            f"{th.threshold} (ratio {int(th.ratios[5] * bust5)}/{bust5} = {float(th.ratios[5]):.2f})",
            judge(str(doc.THRESHOLD), th.threshold), "least integer ≥ Σ f(5,k) s(k) / f(5,0), in exact fractions"),
        row("Lemma 4.1 proof: the one-roll ratio with n = 1..4 dice is below 56", "“can be verified directly”",
            ", ".join(f"{float(th.ratios[n]):.2f}" for n in range(1, 5)), _agrees(th.argument_applies),
            "the ratios grow with n, so one more roll never pays from 56 chips on"),
        row("Lemma 4.1(a): stopping is optimal for every τ ≥ 56", "V*(x) = τ for τ ≥ 56",
            f"from τ = {vi.threshold} on", _agrees(vi.threshold == doc.THRESHOLD),
            "value iteration with no threshold (turn totals up to 120) stops in every state from there"),
        row("Lemma 4.1(b): with five dice and τ < 56, rolling beats stopping", "V*(x) > τ",
            f"smallest V − τ = {gain5.min():.3f} (τ = {1 + int(np.argmin(gain5))})", _agrees(gain5.min() > 0),
            "V_r(τ, 5) − τ for τ = 1..55"),
        row("Lemma 4.1(c): below the threshold V* ≤ 56", "V*(x) ≤ 56", f"largest V* = {below:.3f}",
            _agrees(below <= doc.THRESHOLD), "every state with τ ≤ 55"),
    ]


def _value_rows(sol, checks):
    """Theorem 4.1 and Algorithm 4.1: the value, exact in every state, attained by the rule A."""
    exact, _ = _solve_exact(5, sol.allowed)
    diff, count = checks["difference"]
    policy_value = _policy_value(sol.as_policy())
    gap = ("value iteration gives the same float64 values" if diff == 0
           else f"largest gap to value iteration {diff:.1e}")
    exact_gap = abs(float(exact) - sol.value)
    exact_gap = "identical in float64" if exact_gap == 0 else f"they agree to {exact_gap:.1e} chips"
    return [
        row("Theorem 4.1: the value of a turn, V*(ι)", doc.VALUE, f"{sol.value:.10f}", judge(doc.VALUE, sol.value),
            f"Algorithm 4.1 in float64 and in exact fractions: {exact_gap}; {50 * sol.value:.2f} points",
            headline=True),
        row("Algorithm 4.1 is exact: one backward pass gives V* in every state", "finite and exact",
            f"{count} states; {gap}", _agrees(diff < 1e-12),
            "value iteration Wₖ₊₁ = L Wₖ from 0, no threshold used"),
        row("Theorem 4.1: the pure stationary rule A attains V*", "V(ι, π*) = V*(ι)", f"{policy_value:.10f}",
            _agrees(abs(policy_value - sol.value) < 1e-12),
            "exact evaluation of the rule A by its own linear equations"),
    ]


def _table5_rows(sol, checks):
    """Table 5: its values, its dashes, its action row and its caption."""
    cells = checks["cells"]
    printed, dashes = cells[cells["paper"].notna()], cells[cells["paper"].isna()]
    labels = printed.groupby("column", sort=False)[["action", "paper_action"]].first()
    wrong = labels[labels["action"] != labels["paper_action"]]
    rules, T = _rules(5), sol.threshold
    ex = sol._action_values(3, rules.index[(2, 0, 0)], 2)
    n4 = [t for t in range(1, T) for n in range(1, 5) if sol.pre_roll[t, n] > t]
    outside = checks["outside"]
    ours_out, evidence = "always s", "no reachable state with n ≤ 2 outside the table rolls"
    if len(outside):
        o = outside.iloc[0]
        v_r = float(sol.pre_roll[int(o["tau"]), int(o["n"])])
        ours_out = f"rolls at τ = {o['tau']}, {o['config']}, n = {o['n']}"
        evidence = (f"{len(outside)} reachable state(s) where rolling beats stopping: V_r = {v_r:.4f} > {o['tau']} "
                    "(both dice scoring earns a fresh roll of five); the printed values are unaffected")
    return [
        row("Table 5: the printed values (two to four dice left)", f"{len(printed)} values, 3 decimals",
            f"{int(printed['matches'].sum())} of {len(printed)} equal", _agrees(bool(printed["matches"].all())),
            "V*(τ, i, n) for every configuration of each column, each judged at its printed precision; "
            "equal within each column"),
        row("Table 5: the cells printed '–' (stop or unreachable)", f"{len(dashes)} cells",
            f"{int(dashes['matches'].sum())} of {len(dashes)} stop or unreachable",
            _agrees(bool(dashes["matches"].all())),
            "our optimal action is s, or no turn reaches the state"),
        row("Table 5: the optimal action of each column", ", ".join(labels["paper_action"]),
            ", ".join(labels["action"]),
            _agrees(wrong.empty),
            "column n = 2, [2,0,0]/[1,1,0] is labelled r but its values are m5's: at τ = 3, rolling two "
            f"dice is worth {ex['r'][0]:.3f}, m5 {ex['m5'][0]:.3f} (printed {doc.TABLE5[3][2]})"
            if not wrong.empty else "every column"),
        row("Table 5 caption: with n ≤ 4 dice stop from τ = 19 on", f"rows τ ≥ {doc.TABLE5_STOP_FROM} omitted",
            f"last roll at τ = {max(n4)}", _agrees(max(n4) < doc.TABLE5_STOP_FROM), "V_r(τ, n) ≤ τ for n ≤ 4, τ ≥ 19"),
        row("Table 5 caption: with one die, or two and one scoring combination, always stop", "always s", ours_out,
            _agrees(outside.empty), evidence),
    ]


def _table6_rows(checks):
    """Table 6: five dice, in three precisions, and its action row."""
    t6, slip = checks["table6"], checks["slip"]
    late, early, start = t6[t6.tau >= 14], t6[(t6.tau >= 1) & (t6.tau <= 13)], t6[t6.tau == 0].iloc[0]
    padded = sum(doc.TABLE6[t].endswith("0") for t in early.tau)
    right = ", ".join(early.loc[early["matches"], "paper"])
    return [
        row("Table 6: V* with five dice, τ = 14..55", f"{len(late)} values, 3 decimals",
            f"{int(late['matches'].sum())} of {len(late)} equal", _agrees(bool(late["matches"].all())), "V_r(τ, 5)"),
        row("Table 6: V* with five dice, τ = 1..13 (printed with 4 decimals)", f"{doc.TABLE6[1]} … {doc.TABLE6[13]}",
            f"{early.iloc[0].ours:.4f} … {early.iloc[-1].ours:.4f}", _agrees(bool(early["matches"].all())),
            f"{int(early['matches_3dp'].sum())} of {len(early)} equal at 3 decimals, "
            f"{int(early['matches'].sum())} at 4 ({right or 'none'}); {padded} of {len(early)} printed "
            "4th decimals are 0: three-decimal values padded with a 0"),
        row("Table 6: the start, τ = 0", doc.TABLE6[0], f"{start.ours:.4f}", _agrees(bool(start["matches"])),
            (slip(f"{start.ours:.4f}", doc.TABLE6[0]) or "") +
            f"; the paper's own V*(ι) = {doc.VALUE} rounds to {float(doc.VALUE):.4f}"),
        row("Table 6: the optimal action with five dice", doc.TABLE6_ACTION,
            f"{'r' if (t6['action'] == 'r').all() else 'not always r'} in all {len(t6)} rows",
            _agrees(bool((t6["action"] == doc.TABLE6_ACTION).all())), "Lemma 4.1(b)"),
    ]


def _table7_rows(sol, checks):
    """Table 7 (the restricted games) and V_S/R; a value that differs is recomputed two more ways."""
    rows = []
    for (_, acts, _), (_, r) in zip(doc.TABLE7, checks["table7"].iterrows()):
        if r["matches"]:
            evidence = "Algorithm 4.1 with the other actions removed; ten decimals"
        else:
            allowed, label = _parse_actions(acts if acts == "all" else list(acts), 5)
            game = _solve(5, allowed, label)
            others = (_iterate(5, allowed, label, 70, label == "all", 100_000).value, _policy_value(game.as_policy()))
            same = all(abs(v - game.value) < 1e-12 for v in others)
            evidence = ((f"the printed digits are ours with {r['slip']}; " if r["slip"] else "")
                        + ("value iteration and exact policy evaluation give ours" if same else
                           "value iteration or policy evaluation DISAGREES with Algorithm 4.1"))
        rows.append(row(f"Table 7: value with actions {{{r['actions']}}}", r["paper"], r["ours"],
                        "agrees" if r["matches"] else "differs", evidence))
    sr = _solve(5, *_parse_actions(["s", "r"], 5)).value
    rows.append(row("Section 5.1: V_S/R, the stop-or-roll game", doc.STOP_ROLL_VALUE, f"{sr:.6f}",
                    judge(doc.STOP_ROLL_VALUE, sr), "Algorithm 4.1 without lines 12-14"))
    return rows


def _action_rows(sol, checks):
    """Theorem 4.1's never-optimal moves, the number of actions, and the length of a turn."""
    never = checks["audit"].set_index("action").loc[list(doc.NEVER_OPTIMAL)]
    moves = sorted({ACTION_NAMES[int(c)] for c in _rules(5).move_code}, key=ACTION_NAMES.index)
    rolls, decisions = checks["longest"]
    return [
        row("Theorem 4.1: m11, m551, m511 and giving back a triple are never optimal", "never optimal (9 moves)",
            f"optimal in {int(never['optimal_in'].sum())} states", _agrees(int(never["optimal_in"].sum()) == 0),
            f"each available in {int(never['available_in'].min())}-{int(never['available_in'].max())} "
            f"states with τ < 56; the closest costs {never['min_shortfall'].min():.2f} chips"),
        row("Section 3.2 and Table 4: the number of actions", "16 (s, r, w and 13 moves)",
            f"{len(moves) + 3} (s, r, w and {len(moves)} moves)", _agrees(len(moves) + 3 == 16),
            "the distinct moves of five-dice configurations: " + ", ".join(moves)),
        row("Proof of Theorem 4.1: a turn ends after at most 57 rolls", f"≤ {doc.MAX_ROLLS} rolls", f"≤ {rolls} rolls",
            _agrees(rolls <= doc.MAX_ROLLS), "every roll sequence followed under the rule A"),
        row("Proof of Theorem 4.1: (P_A)ᴺ V* = 0 for N ≥ 56 × 4 + 1", "≤ 225 transitions",
            f"≤ {decisions} rolls and moves", _agrees(decisions <= 56 * 4 + 1),
            "the same search, counting moves as transitions"),
    ]


def _pig_rows():
    """Section 5.2, solitaire Pig."""
    pr = pig()
    W, _ = _pig_iterate(100)
    return [
        row("Section 5.2: Pig's threshold τ*", str(doc.PIG_THRESHOLD), str(pr.threshold),
            judge(str(doc.PIG_THRESHOLD), pr.threshold), "(5τ + 20)/6 > τ iff τ < 20"),
        row("Section 5.2: Pig's value V*(0)", doc.PIG_VALUE,
            f"{pr.value:.6f} = {pr.value_exact.numerator}/{pr.value_exact.denominator}", judge(doc.PIG_VALUE, pr.value),
            "backward pass, exact fractions and value iteration"),
        row("Section 5.2: growth rate of the solutions V(0) λ^τ", doc.PIG_GROWTH, f"{pr.growth_rate:.6f}",
            judge(doc.PIG_GROWTH, pr.growth_rate), "root above 1 of λ² + λ³ + λ⁴ + λ⁵ + λ⁶ = 6"),
        row("Section 5.2: V(0) λ^τ solves the equation for all large enough V(0)", "“all large enough V(0)”",
            f"exactly for V(0) ≥ {pr.min_scale:.4f}", _agrees(pr.min_scale > pr.value),
            f"c λ^τ ≥ τ for every τ iff c ≥ max τ λ^−τ; every such solution lies above V(0) = {pr.value:.4f}"),
        row("Section 5.2: the value is the smallest solution, V(τ) = τ from τ* on", "minimal solution",
            f"value iteration from 0 gives V(0) = {float(W[0]):.6f}", _agrees(abs(float(W[0]) - pr.value) < 1e-12),
            "Wₖ₊₁ = L Wₖ from W₀ = 0 converges to the smallest solution"),
    ]
