"""CardCounter claims (``stoplib.cardcounter.claims``): document 003's examples 5 and 6 and its memo dump.

The numbers the document prints (``stoplib.cardcounter.document``) are regenerated
from its own functions and from the fast solver, line for line.
"""
from fractions import Fraction

import stoplib.cardcounter as cc
from stoplib.cardcounter import claims
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
    assert (ex.table["verdict"] == "matches").all()
    assert ex.terms["card"].tolist() == ["A", "2", "3", "10"]
    assert ex.terms["count"].sum() == doc.EX5_HIT_WAYS
    assert isinstance(ex.best, Fraction) and round(float(ex.best), 6) == doc.EX5_ANSWER
    assert round(float(ex.stand), 6) == doc.EX5_STAND
