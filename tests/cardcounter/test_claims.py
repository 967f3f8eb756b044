"""CardCounter claims (``stoplib.cardcounter.claims``): document 003's examples 5 and 6 and its memo dump.

The numbers the document prints (``stoplib.cardcounter.document``) are regenerated
from its own functions and from the fast solver, line for line.
"""
from fractions import Fraction

import numpy as np
import pytest

import stoplib.cardcounter as cc
from stoplib.cardcounter import claims, strategy
from stoplib.cardcounter import document as doc


def test_example5_numbers():
    assert round(cc.stand_probability(doc.EX5_DECK, doc.EX5_DEALER, doc.EX5_PLAYER), 6) == doc.EX5_STAND
    assert round(cc.win_probability(doc.EX5_DECK, doc.EX5_DEALER, doc.EX5_PLAYER), 6) == doc.EX5_ANSWER
    solver = cc.DocumentSolver(float)
    call = doc.EX5_FIRST_CALL
    deck = tuple(cc.parse_deck(call[3]))
    best = solver.players_move(call[0], call[1], call[2], deck)
    stand = solver.dealers_move(*doc.EX5_STAND_CALL[:3], tuple(cc.parse_deck(doc.EX5_STAND_CALL[3])))
    assert round(stand, 6) == doc.EX5_STAND
    terms = solver.hit_terms(call[0], call[1], call[2], deck)
    assert tuple(v for v, _, _ in terms) == doc.EX5_RANKS
    assert sum(c for _, c, _ in terms) == doc.EX5_HIT_WAYS
    total = sum(c * p for _, c, p in terms)
    assert round(total, 5) == doc.EX5_HIT_TOTAL
    assert round(total / doc.EX5_HIT_WAYS, 6) == doc.EX5_HIT == round(best, 6)


def test_example6_memo_dump_line_for_line():
    ours = cc.memo_dump(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
    table = cc.compare_dump(ours, doc.EX6_MEMO_DUMP)
    assert len(ours) == len(doc.EX6_MEMO_DUMP) == 58
    assert (table.verdict == "matches").sum() == 57
    # the document's first line lost its leading "dea"
    first = table.iloc[0]
    assert first.verdict == "truncated in document"
    assert first.ours == "dea" + first.document
    # exact fractions print the same lines
    assert cc.memo_dump(doc.EX6_DECK, 5, (7, 8), number=Fraction) == ours
    # and the fast solver's memo agrees with every printed value
    assert cc.check_dump_with_fast(ours) < 1e-8
    assert cc.check_dump_with_fast(doc.EX6_MEMO_DUMP) < 1e-8



def test_example5_table_matches_the_document():
    ex = claims.example5()
    assert (ex.table["verdict"] == "agrees").all()
    assert ex.table["document"].tolist() == ["0.143506", "6.98776", "16", "0.436735"]   # as printed
    assert ex.terms["card"].tolist() == ["A", "2", "3", "10"]
    assert ex.terms["count"].sum() == doc.EX5_HIT_WAYS
    assert isinstance(ex.best, Fraction) and round(float(ex.best), 6) == doc.EX5_ANSWER
    assert round(float(ex.stand), 6) == doc.EX5_STAND


# ---------------------------------------------------------------- the memo-key remark and the verdict table

def test_two_bits_per_count_give_a_wrong_answer_three_bits_the_right_one():
    assert round(claims.packed_key_solve(2, "or"), 6) != doc.EX5_ANSWER
    for how in ("or", "add", "mask"):
        assert round(claims.packed_key_solve(3, how), 6) == doc.EX5_ANSWER
    # a deck whose counts fit in two bits is unaffected
    assert claims.packed_key_solve(2, "or", deck=doc.EX6_DECK, dealer=5, player=(7, 8)) == \
        pytest.approx(4 / 15, abs=1e-15)
    with pytest.raises(ValueError):
        claims.packed_key_solve(2, "xor")


def test_verdict_table_shape_and_contents():
    from stoplib.workbook import verdicts

    table = claims.verdicts("06_card_counter")
    assert not hasattr(claims, "VERDICT_COLUMNS")          # the schema lives in the workbook, once
    assert tuple(table.columns) == verdicts.VERDICT_COLUMNS
    verdicts.check_table(table, "06_card_counter")
    assert int(table["headline"].sum()) == 1
    assert (table["notebook"] == "06_card_counter").all()
    assert all(isinstance(x, str) and x for x in table["document"])
    assert all(isinstance(x, str) and x for x in table["ours"])
    # every number the document prints appears in the table
    text = " ".join(table["document"])
    for number in ("0.26666667", "0.20952381", "0.143506", "6.98776", "16", "0.436735", "13 of 23", "58", "7"):
        assert number in text, number
    # everything the document prints about the game agrees; the per-card lines it leaves out are open;
    # the contest's statistics are context (the document's setting, not the game)
    assert verdicts.counts(table) == {"agrees": 14, "differs": 0, "open": 1, "context": 2}
    context = table.loc[table.verdict == "context", "claim"].tolist()
    assert all("contest" in c for c in context)
    with pytest.raises(ValueError):
        claims.verdicts("06 card counter")
    assert not any("seeds/" in str(x) for x in table.to_numpy().ravel())


# ---------------------------------------------------------------- notebook 06's prose, at its default parameters
# (exact counts that hold for the single deck the notebook studies; the notebook renders
# the numbers from its own computation and keeps only checks that hold for any parameters)

# (``single_deck`` and ``removal``: tests/cardcounter/conftest.py, computed once per session)


SCORING_RULE_CELLS = {("hard 15", "10"), ("hard 16", "9"), ("hard 16", "10"), ("hard 12", "3"),
                      ("hard 17", "A"), ("soft 18", "8")}


def test_example6_memo_sizes_quoted_in_the_notebook():
    ex6 = cc.solve(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
    n_dealer = sum(line.startswith(("dea", "lers")) for line in doc.EX6_MEMO_DUMP)
    assert (n_dealer, len(doc.EX6_MEMO_DUMP) - n_dealer) == (48, 10)
    assert (ex6.n_dealer_states, ex6.n_player_states) == (22, 4)


def test_dealer_outcomes_caption():
    # "a small up card (4, 5, 6) busts him most often, an ace least"
    out = strategy.dealer_outcomes(cc.fresh_deck(1)).set_index("up")
    assert set(out["bust"].nlargest(3).index) == {"4", "5", "6"}
    assert out["bust"].idxmin() == "A"
    assert 0.40 < out.loc["5", "bust"] < 0.44 and 0.40 < out.loc["6", "bust"] < 0.44


def test_single_deck_chart_differences_quoted_in_the_notebook(single_deck):
    table, grid, diff = single_deck.table, single_deck.grid, single_deck.diff
    cells = set(zip(diff.hand, diff.dealer))
    assert len(diff) == 12 and grid.size == 270
    # "The differences sit in hard 12 to 17 and soft 18"
    assert {h for h, _ in cells} <= {f"hard {t}" for t in range(12, 18)} | {"soft 18"}
    # the scoring-rule arguments: ties lose (hit hard 17 against an ace, soft 18 against an 8),
    # no pushes (stand on 16 against 9 and 10, 15 against 10, 12 against 3)
    assert SCORING_RULE_CELLS <= cells
    assert {("hard 17", "7"), ("hard 17", "8"), ("soft 18", "5")} <= cells
    mixed2 = strategy.mixed_two_card_hands(table)
    assert mixed2[["hand", "dealer", "hit"]].values.tolist() == [
        ["hard 12", "2", "10+2"], ["hard 14", "10", "10+4, 9+5, 8+6"], ["hard 15", "9", "8+7"]]


def test_multi_card_hands_quoted_in_the_notebook(single_deck):
    mixed = single_deck.mixed
    assert len(mixed) == 18
    h16_7 = mixed.set_index(["dealer", "soft", "total"]).loc[(7, False, 16)]
    assert (int(h16_7.hit), int(h16_7.stand)) == (19, 127)
    h16 = single_deck.hands16
    assert len(h16) == 146 and (h16.action == "stand").all()


@pytest.mark.slow
def test_scoring_rule_differences_survive_an_eight_deck_shoe(single_deck):
    basic = single_deck.basic
    diff8 = strategy.chart_differences(strategy.chart_grid(strategy.strategy_table(8)), basic)
    cells8 = set(zip(diff8.hand, diff8.dealer))
    assert SCORING_RULE_CELLS <= cells8
    assert not {("hard 17", "7"), ("hard 17", "8"), ("soft 18", "5")} & cells8
    assert len(diff8) == 8


def test_removal_effects_quoted_in_the_notebook(removal):
    eff = removal.iloc[1:].set_index("removed")["change"]
    ranked = eff.sort_values(ascending=False)
    assert list(ranked.index[:3]) == ["5", "7", "4"] and list(ranked.index[-2:]) == ["9", "10"]
    # caption: removing small cards helps, removing tens and 9s hurts
    assert (eff.drop(["9", "10"]) > 0).all() and (eff[["9", "10"]] < 0).all()
    tags = np.array([strategy.HI_LO[v] for v in range(1, 11)])
    assert np.corrcoef(tags, eff.to_numpy())[0, 1] > 0.5
