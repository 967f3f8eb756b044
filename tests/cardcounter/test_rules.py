"""CardCounter rules (``stoplib.cardcounter.rules``): the deck notation and the input checks.

Bad decks and bad cards are refused with a clear error naming the argument, through
the public API; fresh decks refuse to give cards they do not have.
"""
import pytest

import stoplib.cardcounter as cc


def test_notation_round_trips():
    deck = [1, 0, 0, 4, 0, 0, 0, 0, 0, 12]
    assert cc.deck_string(deck) == "100400000[12]"
    assert cc.parse_deck(cc.deck_string(deck)).tolist() == deck   # the bracket notation reads back
    assert cc.parse_deck(cc.deck_string(deck[:9] + [2])).tolist() == deck[:9] + [2]
    assert cc.hand_total([1, 1]) == (12, True) and cc.hand_total([10, 10, 5]) == (25, False)


@pytest.mark.parametrize("deck,exc,match", [
    ("100400000", ValueError, "ten digits"),
    ("10040000021", ValueError, "ten digits"),
    ("10040000a2", ValueError, "ten digits"),
    ([1, 0, 0, 4, 0, 0, 0, 0, 2], ValueError, "exactly ten"),
    ([1, 0, 0, -4, 0, 0, 0, 0, 0, 2], ValueError, "deck\\[3\\]"),
    ([1, 0, 0, 4.0, 0, 0, 0, 0, 0, 2], TypeError, "deck\\[3\\]"),
    ([True, 0, 0, 4, 0, 0, 0, 0, 0, 2], TypeError, "deck\\[0\\]"),
    (12, TypeError, "deck"),
])
def test_bad_decks(deck, exc, match):
    with pytest.raises(exc, match=match):
        cc.win_probability(deck, 5, [7, 8])


@pytest.mark.parametrize("dealer,player,exc,match", [
    (0, [7, 8], ValueError, "dealer"),
    (11, [7, 8], ValueError, "dealer"),
    (5.0, [7, 8], TypeError, "dealer"),
    (True, [7, 8], TypeError, "dealer"),
    (5, [7], ValueError, "at least two"),
    (5, [7, 11], ValueError, "player\\[1\\]"),
    (5, [0, 8], ValueError, "player\\[0\\]"),
    (5, "78", TypeError, "player"),
    (5, [7, 8.5], TypeError, "player\\[1\\]"),
])
def test_bad_cards(dealer, player, exc, match):
    with pytest.raises(exc, match=match):
        cc.win_probability("1004000002", dealer, player)
    with pytest.raises(exc, match=match):
        cc.stand_probability("1004000002", dealer, player)


def test_fresh_deck_refuses_missing_cards():
    with pytest.raises(ValueError, match="cannot remove"):
        cc.fresh_deck(1, minus=[5, 5, 5, 5, 5])
    with pytest.raises(ValueError, match="n_decks"):
        cc.fresh_deck(0)

