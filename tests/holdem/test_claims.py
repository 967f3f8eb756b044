"""The article's claims about its printed decks (stoplib.holdem.claims, document 004)."""
import pandas as pd

from stoplib.holdem import cut_table
from stoplib.holdem import document as doc
from stoplib.holdem.claims import (ARTICLE_TABLE_COLUMNS, article_example_table,
                                   distinct_printed_stackings, example_table_agreement,
                                   ten_decks_table)


def test_the_article_table_reads_as_ours():
    article = article_example_table()
    assert list(article.columns) == list(ARTICLE_TABLE_COLUMNS)
    assert len(article) == 52
    assert article.loc[10, ["p1 hand", "p2 hand"]].tolist() == ["three of a kind", "one pair"]
    assert article["p1 hand"].notna().all() and article["p2 hand"].notna().all()


def test_our_table_of_the_example_deck_agrees_cell_by_cell():
    same = example_table_agreement()
    assert same.shape == (52, 6) and same.values.all()
    ours = cut_table(doc.EXAMPLE_DECK)
    assert example_table_agreement(ours).equals(same)


def test_a_changed_cell_is_reported():
    ours = cut_table(doc.EXAMPLE_DECK)
    ours.loc[3, "winner"] = "2"
    same = example_table_agreement(ours)
    assert int((~same).values.sum()) == 1 and not same.loc[3, "winner"]


def test_the_ten_decks_win_every_cut_for_player_1_and_none_for_player_2():
    ten = ten_decks_table()
    assert isinstance(ten, pd.DataFrame) and ten["deck"].tolist() == list(range(1, 11))
    assert (ten["p1 wins"] == 52).all() and (ten["p1 ties"] == 0).all() and (ten["p1 losses"] == 0).all()
    assert (ten["p2 wins"] == 0).all()
    assert ten.loc[0, "starts with"] == doc.TEN_DECKS[0][:12] + "..."


def test_the_eleven_printed_decks_are_distinct_stackings():
    assert distinct_printed_stackings() == 11
