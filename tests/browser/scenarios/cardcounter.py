"""Browser scenario for notebook 06 (CardCounter): operate the hand panel and check it against the API.

The panel (``stoplib.cardcounter.widgets.counter_panel``) has count boxes (text), the
dealer and shoe menus (dropdowns), the player's cards (text) and two buttons (Draw a
card, Save figure). Every readout is checked against ``stoplib.cardcounter``'s exact
value, computed here.
"""
from lab import decode_png

from stoplib import cardcounter as cc

_NAMES = ["A"] + [str(v) for v in range(2, 11)]


def _want(deck, dealer, hand) -> str:
    return f"P(win) = {cc.win_probability(deck, dealer, hand):.6f}"


def _counts(nb, p):
    return [int(nb.control(p, name).query_selector("input").input_value()) for name in _NAMES]


def _hand(nb, p):
    text = nb.control(p, "player").query_selector("input").input_value()
    return [1 if c.upper() == "A" else int(c) for c in text.split()]


def _fits(nb, p, name) -> bool:
    """The count box shows its whole value (no digit cut off: "14" is not shown as "1")."""
    return nb.control(p, name).query_selector("input").evaluate(
        "e => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().width >= 40")


def notebook_06(nb, server):
    p = 0
    start = _want(cc.fresh_deck(1, minus=[10, 10, 6]), 10, (10, 6))
    nb.wait_for(lambda: start in nb.panel_readout(p), what=start)
    assert not decode_png(nb.panel_image(p))[2]

    # an 8-deck shoe from the menu: 126 tens left, the readout is the 8-deck value
    nb.choose(p, "shoe", "8 decks")
    want = _want(cc.fresh_deck(8, minus=[10, 10, 6]), 10, (10, 6))
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    assert _counts(nb, p)[9] == 126 and _fits(nb, p, "10")

    # the hand typed in, then a 6-deck shoe and another dealer card: the counts follow the shown cards
    nb.set_text(p, "player", "A 7")
    want = _want(cc.fresh_deck(8, minus=[10, 1, 7]), 10, (1, 7))
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.choose(p, "shoe", "6 decks")
    nb.choose(p, "dealer", "9")
    want = _want(cc.fresh_deck(6, minus=[9, 1, 7]), 9, (1, 7))
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    assert _counts(nb, p) == cc.fresh_deck(6, minus=[9, 1, 7]).tolist()

    # a count out of range: a message, nothing clamped; then a two-digit count that must show whole
    nb.set_text(p, "A", 40)
    nb.wait_for(lambda: "must be in 0..32" in nb.panel_message(p), what="range message")
    assert _counts(nb, p)[0] == 40
    nb.set_text(p, "A", 14)
    deck = cc.fresh_deck(6, minus=[9, 1, 7]).tolist()
    deck[0] = 14
    want = _want(deck, 9, (1, 7))
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    assert _fits(nb, p, "A") and nb.panel_message(p) == ""
    shoe = nb.control(p, "shoe").query_selector("select").evaluate("s => s.options[s.selectedIndex].text")
    assert " ".join(shoe.split()) == "as typed", repr(shoe)

    # deal the player a card: one card leaves the deck, and the readout is the API's value for the new hand
    before = sum(_counts(nb, p))
    nb.click(p, "Draw a card")
    nb.wait_for(lambda: len(_hand(nb, p)) == 3 and sum(_counts(nb, p)) == before - 1, what="a card dealt")
    hand, counts = _hand(nb, p), _counts(nb, p)
    total = sum(hand) + (10 if 1 in hand and sum(hand) + 10 <= 21 else 0)
    want = "P(win) = 0.000000" if sum(hand) > 21 else _want(counts, 9, hand)
    nb.wait_for(lambda: want in nb.panel_readout(p), what=f"{want} after drawing (total {total})")

    # back to a live hand, and save what it shows
    nb.set_text(p, "player", "10 6")
    nb.wait_for(lambda: "hard 16 (10+6)" in nb.panel_readout(p), what="hand 10 6")
    nb.click(p, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(p), what="save message")
    # the picture after a redraw and a Save racing each other (they run in different kernel threads)
    assert not decode_png(nb.panel_image(p))[2]


SCENARIOS = {"06_card_counter": notebook_06}
