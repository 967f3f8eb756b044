"""CardCounter widgets: the ipywidgets panel of notebook 06, a thin wrapper over :func:`.solver.solve`.

:func:`counter_panel` lets the reader set the remaining deck (source document
``shared/seeds/003_796a598a91b6182b.txt``, rules in :mod:`.rules`), the dealer's card
and the player's cards, shows the exact stand and hit probabilities and the best
action, and draws seeded cards to step through a hand.
"""
from __future__ import annotations

import numpy as np

from ..util.rng import as_generator
from .rules import fresh_deck, hand_total, parse_deck
from .solver import solve

__all__ = ["counter_panel"]


def counter_panel(deck=None, dealer: int = 10, player=(10, 6), seed=0):
    """An ipywidgets panel: set the counts, the dealer card and the player's cards; see
    P(win | stand), P(win | hit, then optimal), the best action; draw a card and step on.

    Returns the panel (display it in a notebook). Drawing uses a seeded generator.

    Examples
    --------
    >>> panel = counter_panel(dealer=10, player=(10, 6))
    >>> "best: <b>stand</b>" in panel.children[-1].value
    True
    """
    import ipywidgets as w
    rng = as_generator(seed)
    start = parse_deck(deck if deck is not None else fresh_deck(1, minus=[dealer, *player]))
    sliders = [w.BoundedIntText(value=int(c), min=0, max=64, description="A" if v == 1 else str(v),
                                layout=w.Layout(width="120px")) for v, c in zip(range(1, 11), start)]
    dealer_box = w.Dropdown(options=[("A", 1)] + [(str(v), v) for v in range(2, 11)], value=int(dealer),
                            description="dealer")
    hand_box = w.Text(value=" ".join(map(str, player)), description="player")
    draw = w.Button(description="draw a card")
    out = w.HTML()

    def current():
        counts = [s.value for s in sliders]
        cards = [int(x) for x in hand_box.value.replace(",", " ").split()]
        return counts, int(dealer_box.value), cards

    def refresh(*_):
        try:
            counts, up, cards = current()
            total, soft = hand_total(cards)
            if total > 21:
                out.value = f"<b>bust</b> with {total}: the hand is lost"
                return
            s = solve(counts, up, cards)
            out.value = (f"hand {'soft' if soft else 'hard'} {total} vs dealer {'A' if up == 1 else up}, "
                         f"{sum(counts)} cards left<br>P(win | stand) = {s.stand_probability:.6f}<br>"
                         f"P(win | hit, then optimal) = {s.hit_probability:.6f}<br>"
                         f"best: <b>{s.action}</b>, P(win) = {s.win_probability:.6f} "
                         f"({s.n_player_states} player / {s.n_dealer_states} dealer states, {1000 * s.seconds:.1f} ms)")
        except (ValueError, TypeError) as err:
            out.value = f"<span style='color:#b00'>{err}</span>"

    def on_draw(_):
        counts, up, cards = current()
        if sum(counts) == 0:
            out.value = "the deck is empty"
            return
        v = int(rng.choice(np.arange(1, 11), p=np.array(counts) / sum(counts)))
        sliders[v - 1].value -= 1   # triggers a refresh
        hand_box.value = hand_box.value + f" {v}"

    for s in sliders:
        s.observe(refresh, names="value")
    dealer_box.observe(refresh, names="value")
    hand_box.observe(refresh, names="value")
    draw.on_click(on_draw)
    refresh()
    return w.VBox([w.HBox(sliders[:5]), w.HBox(sliders[5:]), w.HBox([dealer_box, hand_box, draw]), out])
