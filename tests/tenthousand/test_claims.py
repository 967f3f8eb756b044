"""The paper's claims (stoplib.tenthousand.claims): Tables 5 and 6, Theorem 4.1, the caption of Table 5."""
from stoplib import tenthousand as tt
from stoplib.tenthousand import claims
from stoplib.tenthousand import document as doc


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
