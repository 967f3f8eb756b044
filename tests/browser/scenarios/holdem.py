"""Browser scenario of notebook 07 (hold'em stackings): both panels, every kind of control.

Panel 0, the cut-table explorer: a text box (the deck), a dropdown (players), a slider
(seat), buttons (Shuffle, Climb, Save figure), a menu of the n-player table's best decks.
Panel 1, the search panel: text boxes (restarts, kicks, seed), dropdowns (players, method),
a slider (seat), a check box (count ties). Every readout is checked against the API, computed here.
"""
from lab import decode_png

from stoplib import holdem as hd
from stoplib.holdem import document as doc


def _deck_readout(deck, seat, n_players):
    v = hd.deck_value(deck, seat=seat, n_players=n_players)
    return f"seat {seat} of {n_players}: {v.wins} cuts won, {v.ties} tied, {v.losses} lost"


def _search_readout(restarts, players=2, seat=1, method="steepest", kicks=0, seed=0, ties=False):
    res = hd.search(restarts, players, seat, method=method, kicks=kicks, kick_size=2, seed=seed,
                    objective="wins_or_ties" if ties else "wins")
    what = "cuts won or tied" if ties else "cuts won"
    return (f"{res.n_optimal} of {restarts} climbs reached 52 {what}",
            f"longest climb {int(res.steps.max())} steps; best {int(res.scores.max())} of 52")


def _tick(nb, panel, description):
    """Click the check box labelled ``description`` (what ``nb.tick`` does).

    ``lab.NotebookPage.control`` finds a control by its ``.widget-label``; a check box
    made by ``panel.toggle`` (``indent=False``) keeps its description in
    ``.widget-label-basic span`` and a zero-width space in ``.widget-label``, so
    ``nb.tick`` cannot find it. Until the shared helper looks there too, this does.
    """
    for box in nb.panels()[panel].query_selector_all(".widget-checkbox"):
        span = box.query_selector(".widget-label-basic span")
        if span is not None and span.inner_text().strip() == description:
            nb.operated.add("checkbox")
            box.query_selector("input[type=checkbox]").click()
            return
    raise LookupError(f"{nb.notebook}: panel {panel} has no check box labelled {description!r}")


def notebook_07(nb, server):
    p = 0  # the cut-table explorer
    nb.wait_for(lambda: _deck_readout(doc.EXAMPLE_DECK, 1, 2) + " (an optimal stacking)" in nb.panel_readout(p),
                what="first readout")
    deck = doc.TEN_DECKS[3]
    nb.set_text(p, "deck", deck)
    nb.choose(p, "players", "3")
    want = _deck_readout(deck, 1, 3)
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.set_slider(p, "seat", 3)
    want = _deck_readout(deck, 3, 3)
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    assert not decode_png(nb.panel_image(p))[2]
    nb.set_slider(p, "seat", 5)  # a seat beyond a three-player table: a message, nothing clamped
    nb.wait_for(lambda: "seat must be in 1..3, got 5" in nb.panel_message(p), what="seat message")
    nb.set_slider(p, "seat", 1)
    nb.wait_for(lambda: nb.panel_message(p).strip() == "", what="message cleared")
    nb.set_text(p, "deck", "As Ks")
    nb.wait_for(lambda: "deck" in nb.panel_message(p), what="not-a-deck message")
    nb.click(p, "Shuffle")

    def shuffled():
        text = nb.control(p, "deck").query_selector("input").input_value()
        return len(text) == 104 and _deck_readout(text, 1, 3) in nb.panel_readout(p)

    nb.wait_for(shuffled, what="readout of the shuffled deck")
    nb.click(p, "Climb")
    nb.wait_for(lambda: "Climbed" in nb.panel_message(p), what="climb message")
    climbed = nb.control(p, "deck").query_selector("input").input_value()
    nb.wait_for(lambda: _deck_readout(climbed, 1, 3) in nb.panel_readout(p), what="readout of the climbed deck")
    nb.click(p, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(p), what="save message")
    table = hd.stackings_by_players()  # the menu: the best deck of each table size, players and seat set with it
    row = table.loc[table["n_players"].idxmax()]
    nb.choose(p, "best deck", f"{int(row.n_players)} players: {int(row.wins)} won")
    want = _deck_readout(row.deck, 1, int(row.n_players))
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want, timeout=120)

    q = 1  # the search panel
    head, tail = _search_readout(100)
    nb.wait_for(lambda: head in nb.panel_readout(q) and tail in nb.panel_readout(q), what=head)
    nb.set_text(q, "restarts", 30)
    nb.choose(q, "method", "first")
    _tick(nb, q, "count ties (semi-optimal)")
    head, tail = _search_readout(30, method="first", ties=True)
    nb.wait_for(lambda: head in nb.panel_readout(q) and tail in nb.panel_readout(q), what=head)
    nb.choose(q, "players", "3")
    nb.set_slider(q, "seat", 2)
    nb.set_text(q, "seed", 4)
    head, tail = _search_readout(30, players=3, seat=2, method="first", seed=4, ties=True)
    nb.wait_for(lambda: head in nb.panel_readout(q) and tail in nb.panel_readout(q), what=head, timeout=120)
    assert not decode_png(nb.panel_image(q))[2]
    nb.set_text(q, "kicks", 100_000)  # out of range: a message, nothing clamped
    nb.wait_for(lambda: "kicks must be in 0..5000" in nb.panel_message(q), what="kicks message")
    nb.click(q, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(q), what="save message")


SCENARIOS = {"07_holdem_stacking": notebook_07}
