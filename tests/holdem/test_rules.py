"""The rules room (stoplib.holdem.rules, document 004): card and deck notation (the
article's deck, round trips, the encoding, clear errors for wrong lengths, unknown and
repeated cards) and the dealing rules (deal order, cuts, canonical rotation)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from stoplib.holdem import (CARD_NAMES, RANKS, SUITS, as_cards, card_code, card_name,
                            format_cards, format_deck, parse_cards, parse_deck)
from stoplib.holdem import document as doc
from stoplib.holdem.rules import (N_CUTS, as_deck, canonical_rotation, cut_deck, deal_window,
                                  dealt_offsets)

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


# --------------------------------------------------------------------------- dealing rules
def test_two_player_deal_is_the_articles_code():
    # Deck::value(): p1 gets c, c+2; p2 c+1, c+3; board c+5, c+6, c+7, c+9, c+11.
    off = dealt_offsets(2)
    assert off["pockets"] == [(0, 2), (1, 3)]
    assert off["board"] == [5, 6, 7, 9, 11]
    assert off["burns"] == [4, 8, 10]
    assert deal_window(2) == 12


def test_deal_order_for_more_players():
    off = dealt_offsets(4)
    assert off["pockets"] == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert off["burns"] == [8, 12, 14]
    assert off["board"] == [9, 10, 11, 13, 15]
    assert deal_window(6) == 20
    used = sorted([x for p in off["pockets"] for x in p] + off["burns"] + off["board"])
    assert used == list(range(deal_window(4)))


def test_canonical_rotation_starts_with_two_of_clubs():
    deck = parse_deck(doc.EXAMPLE_DECK)
    canon = canonical_rotation(deck)
    assert canon[0] == 0 and format_deck(canonical_rotation(np.roll(deck, 9))) == format_deck(canon)


def test_cut_deck_rotates_and_checks_the_cut():
    deck = parse_deck(doc.EXAMPLE_DECK)
    assert np.array_equal(cut_deck(deck, 0), deck)
    assert np.array_equal(cut_deck(deck, 5), np.roll(deck, -5))
    assert cut_deck(doc.EXAMPLE_DECK, 51)[0] == deck[51]
    with pytest.raises(ValueError, match="cut"):
        cut_deck(doc.EXAMPLE_DECK, 52)
    with pytest.raises(ValueError, match="cut"):
        cut_deck(doc.EXAMPLE_DECK, -1)


def test_as_deck_takes_text_or_codes_and_names_the_argument():
    assert as_deck(doc.EXAMPLE_DECK).dtype == np.int8
    assert as_deck(range(N_CUTS)).tolist() == list(range(52))
    assert as_deck(np.arange(52, dtype=np.int64)).dtype == np.int8
    with pytest.raises(ValueError, match="mydeck: a deck has 52 cards, found 51"):
        as_deck(list(range(51)), name="mydeck")
    with pytest.raises(ValueError, match="mydeck: .*repeated card Th"):
        as_deck(doc.EXAMPLE_DECK[:-2] + "Th", name="mydeck")
    with pytest.raises(TypeError, match="deck"):
        as_deck(12345)


@pytest.mark.parametrize("n_players", [1, 23, 2.0])
def test_dealing_rules_check_the_player_count(n_players):
    with pytest.raises((ValueError, TypeError), match="n_players"):
        deal_window(n_players)
    with pytest.raises((ValueError, TypeError), match="n_players"):
        dealt_offsets(n_players)


# --------------------------------------------------------------------------- bad input everywhere (issue 12)
_DECK = doc.EXAMPLE_DECK
_TWICE = _DECK[:-2] + "Th"  # Th twice, Kc missing
_HANDS = {5: "AsKsQsJsTs", 7: "AsAdKhKc2s3d4c"}
_TEXT_ONLY = ("parse_deck", "explorer_view", "cut_table_explorer")


def _entry_points():
    """Every public function a hand or a deck enters, with a call that passes ``cards``."""
    from stoplib import holdem as hd
    from stoplib.holdem import claims, twins, widgets

    deck = [
        ("parse_deck", hd.parse_deck), ("format_deck", hd.format_deck), ("as_deck", as_deck),
        ("canonical_rotation", hd.canonical_rotation), ("cut_deck", lambda d: hd.cut_deck(d, 3)),
        ("deck_value", hd.deck_value), ("cut_outcomes", hd.cut_outcomes), ("cut_table", hd.cut_table),
        ("climb", hd.climb), ("swap_delta", lambda d: hd.swap_delta(d, 1, 2)),
        ("deck_value_reference", twins.deck_value_reference),
        ("swap_delta_reference", lambda d: twins.swap_delta_reference(d, 1, 2)),
        ("article_table_text", claims.article_table_text),
        ("file_size_estimate", lambda d: claims.file_size_estimate([d])),
        ("explorer_view", lambda d: widgets.explorer_view(d, 2, 1)),  # (plot_cut_table draws a cut_table)
        ("cut_table_explorer", widgets.cut_table_explorer),
    ]
    five = [("evaluate5", hd.evaluate5), ("hand_key5", twins.hand_key5), ("reference_rank5", twins.reference_rank5),
            ("rank5", lambda c: hd.rank5(*hd.as_cards(c)) if isinstance(c, str) else hd.rank5(*c)),
            ("evaluate5_many", lambda c: hd.evaluate5_many([hd.as_cards(c)] if isinstance(c, str) else [c]))]
    seven = [("evaluate7", hd.evaluate7), ("reference_rank7", twins.reference_rank7),
             ("rank7", lambda c: hd.rank7(*hd.as_cards(c)) if isinstance(c, str) else hd.rank7(*c)),
             ("evaluate7_many", lambda c: hd.evaluate7_many([hd.as_cards(c)] if isinstance(c, str) else [c]))]
    return deck, five, seven


def test_repeated_cards_are_refused_wherever_a_hand_or_a_deck_enters():
    deck, five, seven = _entry_points()
    repeated = list(range(51)) + [7]
    for name, fn in deck:
        for bad in (_TWICE, repeated, np.array(repeated), tuple(repeated)):
            if name in _TEXT_ONLY and not isinstance(bad, str):
                continue
            with pytest.raises(ValueError, match="repeated card|same card"):
                fn(bad)
    for n, fns in ((5, five), (7, seven)):
        text = _HANDS[n][:-2] + _HANDS[n][:2]  # the first card twice
        for name, fn in fns:
            for bad in (text, [0] * n, list(range(n - 1)) + [0]):
                if name in ("evaluate5_many", "evaluate7_many") and isinstance(bad, str):
                    bad = [0] * n
                with pytest.raises(ValueError, match="repeated card|same card|not .* distinct cards"):
                    fn(bad)


def test_card_codes_far_out_of_range_are_refused_not_wrapped():
    deck, five, seven = _entry_points()
    for big in (10**9, -(10**9), 2**63, 10**400, 256, -256 + 7):
        bad_deck = list(range(51)) + [big]
        for name, fn in deck:
            if name in _TEXT_ONLY:
                continue
            with pytest.raises(ValueError, match="0..51"):
                fn(bad_deck)
        for name, fn in five + seven:
            n = 5 if (name, fn) in five else 7
            with pytest.raises(ValueError, match="0..51"):
                fn(list(range(n - 1)) + [big])


def test_cards_of_the_wrong_kind_get_a_type_error_naming_what_is_expected():
    for bad in (None, 3, 2.5, {1, 2}, {"As": 1}, b"AsKd", object()):
        with pytest.raises(TypeError, match="cards must be"):
            as_cards(bad)
        with pytest.raises(TypeError, match="deck must be"):
            as_deck(bad)
    for bad in ([1.0, 2.0], [True, False], [None], [[1], [2]], np.array([0.0, 1.0]), np.array(["a", "b"])):
        with pytest.raises(TypeError, match="integer card codes"):
            as_cards(bad)
    with pytest.raises(TypeError, match="deck must be"):
        format_deck({0, 1, 2})
    import itertools
    with pytest.raises(ValueError, match="52 cards, found 53"):
        format_deck(itertools.count())  # an endless iterator is refused after 53 cards
    assert format_deck(iter(range(52))) == format_deck(range(52))


def test_text_errors_quote_the_offending_token_and_long_text_is_refused():
    with pytest.raises(ValueError, match=r"unknown card 'Xs' at card 2 \(character 4\)"):
        parse_cards("As Xs")
    with pytest.raises(ValueError, match=r"unknown card 'A ' at card 1 .* rank and a suit"):
        parse_cards("A s")
    with pytest.raises(ValueError, match="repeated card As: card 1 and card 3"):
        parse_cards("AsKdAs")
    with pytest.raises(ValueError, match="at most 10000 characters"):
        parse_cards(" " * 100_000)
    with pytest.raises(ValueError, match="n must be in 0..52"):
        parse_cards("As", n=10**18)
    with pytest.raises(TypeError, match="sep must be a str"):
        format_cards([1, 2], sep=None)
    with pytest.raises(ValueError, match="a deck has 52 distinct cards, got 60 names"):
        as_cards(["As"] * 60)
    with pytest.raises(ValueError, match="a deck has 52 distinct cards, got 10,000 codes|got 10000 codes"):
        as_cards([0] * 10_000)
