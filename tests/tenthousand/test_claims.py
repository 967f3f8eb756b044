"""The paper's claims (stoplib.tenthousand.claims): Tables 5 and 6, Theorem 4.1, the caption of Table 5,
the verdict table, and the default-game numbers that notebook 05 renders into its prose."""
import numpy as np
import pytest

from stoplib import tenthousand as tt
from stoplib.tenthousand import claims
from stoplib.tenthousand import document as doc
from stoplib.workbook import verdicts as shared


@pytest.fixture(scope="module")
def verdict_table(sol):
    """The verdict table of notebook 05, built once for the tests that read it."""
    return claims.verdicts(sol)


def test_table5_every_printed_value(sol):
    cells = claims.table5_cells(sol)
    assert cells["matches"].all()
    printed = cells[cells["paper"].notna()]
    assert len(printed) == sum(v is not None for row in doc.TABLE5.values() for v in row)
    assert printed["consistent_column"].all()
    # the printed actions, except the column the paper labels "r" (its values are those of m5)
    for _, row in printed.iterrows():
        if row["column"] == "n=2 [2, 0, 0] [1, 1, 0]":
            assert row["action"] == "m5" and row["paper_action"] == "r"
        else:
            assert row["action"] == row["paper_action"]


def test_table6_at_printed_and_three_decimals(sol):
    t6 = claims.table6(sol)
    assert t6["matches_3dp"].all()
    assert t6.loc[t6.tau >= 14, "matches"].all()
    # tau <= 13 is printed with a fourth decimal that is a padding 0 except in row 0
    padded = [p for t, p in doc.TABLE6.items() if t <= 13]
    assert sum(p.endswith("0") for p in padded) == 13
    assert (t6["action"] == doc.TABLE6_ACTION).all()


def test_never_optimal_moves(sol):
    audit = claims.action_audit(sol).set_index("action")
    for name in doc.NEVER_OPTIMAL:
        assert audit.loc[name, "available_in"] > 0
        assert audit.loc[name, "optimal_in"] == 0
        assert audit.loc[name, "min_shortfall"] > 0.5
    for name in ("m5", "m1", "m55", "m51"):
        assert audit.loc[name, "chosen_in"] > 0


def test_table5_caption_exception(sol):
    # the caption says n = 2 "other i" always stops; one reachable state rolls
    out = claims.rolling_states_outside_table5(sol)
    assert len(out) == 1
    row = out.iloc[0]
    assert (row["tau"], tuple(row["config"]), row["n"], row["action"]) == (3, (1, 0, 0), 2, "r")
    assert tt.is_reachable(3, (1, 0, 0), 2)
    v, pre = tt.solve_exact(5)
    assert pre[3, 2] > 3


def test_longest_optimal_turn_within_paper_bound(sol):
    rolls, decisions = claims.longest_turn(sol)
    assert rolls <= doc.MAX_ROLLS and decisions >= rolls
    assert (rolls, decisions) == (16, 20)


# ----------------------------------------------------------------------------- the verdict table

def test_verdict_table_shape(verdict_table):
    v = verdict_table
    assert list(v.columns) == list(shared.VERDICT_COLUMNS)
    shared.check_table(v, claims.NOTEBOOK)                   # the shared schema: verdict words, one headline
    assert set(v["verdict"]) <= {"agrees", "differs", "open"}   # the paper prints no timing: no "context" row
    assert v["headline"].sum() == 1 and (v["notebook"] == "05_ten_thousand").all()
    assert v["claim"].is_unique
    for column in ("document", "ours", "evidence"):
        assert all(isinstance(x, str) and x for x in v[column])


def test_printed_numbers_are_judged_by_the_shared_rule(verdict_table):
    """Every row that sets our number beside a printed decimal is judged at the printed precision."""
    v = verdict_table.set_index("claim")
    numeric = [c for c in v.index if c.startswith("Table 7: value") or c in (
        "Theorem 4.1: the value of a turn, V*(ι)", "Section 5.1: V_S/R, the stop-or-roll game",
        "Section 5.2: growth rate of the solutions V(0) λ^τ")]
    assert len(numeric) == 9
    for claim in numeric:
        assert v.loc[claim, "verdict"] == shared.judge(v.loc[claim, "document"], float(v.loc[claim, "ours"])), claim


def test_verdicts_for_the_paper(verdict_table):
    """The default (the paper's five-dice game): 30 claims agree, 5 differ, 1 is open."""
    v = verdict_table.set_index("claim")
    assert v["verdict"].value_counts().to_dict() == {"agrees": 30, "differs": 5, "open": 1}
    differs = set(v.index[v["verdict"] == "differs"])
    assert differs == {
        "Table 5: the optimal action of each column",
        "Table 5 caption: with one die, or two and one scoring combination, always stop",
        "Table 6: V* with five dice, τ = 1..13 (printed with 4 decimals)",
        "Table 6: the start, τ = 0",
        "Table 7: value with actions {s, r, m5}",
    }
    head = v[v["headline"]].iloc[0]
    assert head["verdict"] == "agrees" and head["document"] == doc.VALUE
    assert "inserted after 5.801" in v.loc["Table 7: value with actions {s, r, m5}", "evidence"]
    assert v.loc["Proof of Theorem 4.1: a turn ends after at most 57 rolls", "ours"] == "≤ 16 rolls"


def test_digit_slip():
    assert claims.digit_slip("5.8011800370", "5.8012180037").startswith("a '2' inserted after 5.801")
    assert claims.digit_slip("5.8720", "5.8721") == "the last digit '0' printed as '1'"
    assert claims.digit_slip("12.345", "12.435") == "the digits '34' after 12. swapped"
    assert claims.digit_slip("1.2345", "1.2450").startswith("the digit '3' after 1.2 dropped")
    assert claims.digit_slip("1.234", "9.999") is None and claims.digit_slip("1.2", "1.23") is None


# ----------------------------------------------------------------------------- what notebook 05 says in prose

def test_table7_slip_is_one_inserted_digit(sol):
    ours = f"{tt.solve(actions=['s', 'r', 'm5']).value:.10f}"
    assert doc.TABLE7[1][2] == ours[:5] + "2" + ours[5:-1]
    t7 = claims.table7().set_index("actions")
    assert t7.loc["s, r, m5", "slip"].startswith("a '2' inserted after 5.801")
    assert (t7.drop(index="s, r, m5")["slip"] == "").all() and t7.drop(index="s, r, m5")["matches"].all()


def test_simple_rules_and_dice(sol):
    stop = claims.stop_at_table(range(1, 31))
    best = stop.loc[stop["value"].idxmax()]
    assert best["stop at (points)"] == 200 and round(best["share of optimum"], 2) == 0.90
    stop_roll = tt.solve(actions=["s", "r"]).value
    assert best["value"] < stop_roll < sol.value
    dice = claims.dice_table()
    assert (dice["method"] == "algorithm 4.1").all() and dice["argument applies"].all()
    assert list(dice["tau*"]) == [1, 3, 7, 18, 56, 201]
    no_gain = dice["value (chips)"] - dice["stop/roll only"] < 1e-12
    assert list(dice.loc[no_gain, "N"]) == [1, 2, 3]
    # the caption of the n-dice figure: value ratios fall, threshold ratios rise from the third die on
    v_ratio = dice["value (chips)"].to_numpy()[1:] / dice["value (chips)"].to_numpy()[:-1]
    t_ratio = dice["tau*"].to_numpy()[1:] / dice["tau*"].to_numpy()[:-1]
    assert (np.diff(v_ratio) < 0).all() and (np.diff(t_ratio[1:]) > 0).all() and t_ratio[0] > t_ratio[1]


def test_value_iteration_sweeps_and_score_distribution(sol):
    assert tt.value_iteration(5, cap=120).iterations == 18
    assert min(c for c in (10, 20, 30, 40, 50, 55) if tt.value_iteration(5, cap=c).value == sol.value) == 55
    dist = tt.score_distribution(sol)
    assert round(dist[0], 3) == 0.296 and int(dist[1:].argmax()) + 1 == 5     # mode: 250 points
