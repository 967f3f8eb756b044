"""Tests of card and deck notation (issue 6): the article's deck, round trips,
the encoding, and clear errors for wrong lengths, unknown and repeated cards."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from stoplib.holdem import (CARD_NAMES, RANKS, SUITS, as_cards, card_code, card_name,
                            format_cards, format_deck, parse_cards, parse_deck)

# the example optimal stacking of the article, as printed (over two lines)
ARTICLE_DECK = """Th5d7cAd3cQsJc4h6c8c9dTc6hQc8d9sJh5c7dAhAc9h2cKh5sJs8s7h2d
7s9c4dKd8hQd6d3sKs5h2hAs4s2sTs6sQhJd3h4cTd3dKc"""


def test_encoding_is_rank_times_four_plus_suit():
    assert card_code("2c") == 0
    assert card_code("2d") == 1
    assert card_code("3c") == 4
    assert card_code("As") == 51
    assert card_code("Th") == 8 * 4 + 2
    assert [card_name(c) for c in (0, 1, 4, 51)] == ["2c", "2d", "3c", "As"]
    assert CARD_NAMES == tuple(r + s for r in RANKS for s in SUITS)
    assert RANKS == "23456789TJQKA" and SUITS == "cdhs"


def test_article_deck_parses_to_52_distinct_cards_and_prints_back():
    deck = parse_deck(ARTICLE_DECK)
    assert deck.dtype == np.int8 and deck.shape == (52,)
    assert sorted(deck.tolist()) == list(range(52))
    assert format_cards(deck[:3]) == "Th5d7c"
    assert format_deck(deck) == ARTICLE_DECK.replace("\n", "")
    assert format_deck(deck.astype(np.int64)) == format_deck(deck.tolist())


def test_whitespace_and_case_are_accepted():
    assert parse_cards("As Kd\t2c\n").tolist() == [51, 45, 0]
    assert parse_cards("as KD tH").tolist() == parse_cards("AsKdTh").tolist()
    assert format_cards(parse_cards("as kd th")) == "AsKdTh"  # printing is canonical
    assert format_cards([51, 45], sep=" ") == "As Kd"
    assert parse_cards("").tolist() == []


@settings(max_examples=50, deadline=None)
@given(st.permutations(list(range(52))))
def test_round_trip_of_any_deck(order):
    deck = np.array(order, dtype=np.int8)
    text = format_deck(deck)
    assert len(text) == 104
    assert np.array_equal(parse_deck(text), deck)
    spaced = format_cards(deck, sep=" ")
    assert np.array_equal(parse_deck(spaced), deck)


def test_wrong_length_says_how_many_cards_were_found():
    with pytest.raises(ValueError, match="52 cards, found 51"):
        parse_deck(ARTICLE_DECK[:-2])
    with pytest.raises(ValueError, match="found 0"):
        parse_deck("")
    with pytest.raises(ValueError, match="a card needs a rank and a suit"):
        parse_deck(ARTICLE_DECK[:-1])  # a dangling rank
    with pytest.raises(ValueError, match="52 cards, found 53|repeated"):
        parse_deck(ARTICLE_DECK + "Th")
    with pytest.raises(ValueError, match="expected 2 cards, found 3"):
        parse_cards("AsKsQs", n=2)


def test_unknown_card_says_which_and_where():
    bad = "Th5d1c" + ARTICLE_DECK[6:]
    with pytest.raises(ValueError, match=r"unknown card '1c' at card 3 \(character 5\)"):
        parse_deck(bad)
    with pytest.raises(ValueError, match=r"suit 'x'"):
        parse_cards("AsKx")
    with pytest.raises(ValueError, match=r"rank 'Z'"):
        parse_cards("AsZs")
    with pytest.raises(ValueError, match="no space between"):
        parse_cards("A s")


def test_repeated_card_says_which():
    deck = ARTICLE_DECK.replace("\n", "")
    twice = deck[:-2] + "Th"  # Th again instead of Kc
    with pytest.raises(ValueError, match="repeated card Th: card 1 and card 52"):
        parse_deck(twice)


def test_format_and_as_cards_validate_codes():
    with pytest.raises(ValueError, match="52 cards, found 51"):
        format_deck(list(range(51)))
    with pytest.raises(ValueError, match="repeated card 2c"):
        format_deck([0] + list(range(51)))
    with pytest.raises(ValueError, match="0..51, got 52"):
        format_cards([52])
    with pytest.raises(ValueError, match="0..51, got -1"):
        format_cards(np.array([-1], np.int8))
    with pytest.raises(TypeError):
        format_cards([1.5])
    with pytest.raises(TypeError):
        as_cards([True, False])
    with pytest.raises(ValueError, match="1-D"):
        as_cards(np.zeros((2, 2), np.int64))
    with pytest.raises(TypeError):
        parse_deck(list(range(52)))
    with pytest.raises(TypeError):
        card_name(True)
    with pytest.raises(ValueError):
        card_name(52)
    assert as_cards(np.arange(7, dtype=np.int64)).dtype == np.int8
    assert as_cards("As Kd", n=2).tolist() == [51, 45]
