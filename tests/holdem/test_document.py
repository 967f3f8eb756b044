"""The transcription of document 004 (stoplib.holdem.document): every deck and row parses."""
from stoplib.holdem import CATEGORIES, parse_deck, parse_cards
from stoplib.holdem import document as doc


def test_the_printed_decks_are_full_decks():
    for deck in (doc.EXAMPLE_DECK, *doc.TEN_DECKS):
        assert sorted(parse_deck(deck).tolist()) == list(range(52))
    assert len(doc.TEN_DECKS) == 10


def test_the_printed_table_has_52_rows_of_six_cells():
    assert len(doc.EXAMPLE_TABLE) == 52
    for p1, p2, board, h1, h2, winner in doc.EXAMPLE_TABLE:
        assert parse_cards(p1, n=2).size == parse_cards(p2, n=2).size == 2
        assert parse_cards(board, n=5).size == 5
        assert h1 in doc.ARTICLE_CATEGORY and h2 in doc.ARTICLE_CATEGORY
        assert winner == "1"


def test_the_article_hand_names_map_onto_ours():
    assert sorted(doc.ARTICLE_CATEGORY.values()) == sorted(CATEGORIES)


def test_the_counts_it_quotes():
    assert doc.N_NEIGHBOURS == 1326 and doc.N_DISTINCT_5 == 7462
    assert doc.MIN_STEPS < doc.MAX_STEPS
    assert 0 < doc.FRACTION_OPTIMAL < 1
    assert sum(doc.KICSI_STACKINGS[1:]) == doc.KICSI_STACKINGS[0]
