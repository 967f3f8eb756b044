"""CardCounter widgets: the interactive panel of notebook 06, a thin wrapper over :func:`.solver.next_card`.

:func:`counter_panel` (the workbook's one :class:`stoplib.workbook.panel.Panel`, with its
hooks) lets the reader set the remaining deck (ten counts, up to an 8-deck shoe), the
dealer's up card and the player's cards; it shows the exact win probability of standing,
of hitting (then playing on optimally) and the best action, draws the win probability
after each possible next card (:func:`.plots.plot_next_card`), and deals seeded cards to
the player to step through a hand. The game is the one of J. S. Plank's write-up of
TopCoder SRM 734 "CardCounter" (rules in :mod:`.rules`).

One interaction computes once: the panel's render checks the hand and the counts once,
computes one :class:`.solver.NextCard` and hands it to both the readout and the plot
(:func:`hand_view` is the same for a caller without widgets).

The ``shoe`` menu fills the counts with a fresh shoe of 1 to 8 decks minus the shown
cards (the dealer's and the player's), and keeps them so while the reader changes the
hand; typing a count switches it to "as typed". The count boxes sit above the readout
(the panel's ``above=`` hook), not among its controls: the shoe writes all ten of them at
once, which must redraw once, not ten times. The shoe menu and the Draw button sit in the
button row (``buttons=``); the static picture names the shoe (``settings=``) and saved
files are named after the deck, the up card and the hand (``stem=``). Redraws, draws and
saves take turns under :data:`stoplib.workbook.panel.DRAW_LOCK`.
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..util import budget
from ..util.rng import as_generator
from ..util.validate import check_int, check_real
from ..workbook.panel import DRAW_LOCK, Panel, View, dropdown, int_box, slug, text_box
from ..workbook.style import figure
from . import _costs
from .plots import plot_next_card
from .rules import (N_VALUES, _check_card, _check_not_empty, _check_player, _deck_string, _fresh_deck, _hand_total,
                    fresh_deck, parse_deck)
from .solver import NextCard, _next_card

__all__ = ["MAX_DECKS", "SHOES", "counter_panel", "hand_view"]

#: The largest shoe the panel accepts (the notebook studies 1, 2, 4, 6 and 8 decks).
MAX_DECKS = 8
#: The shoe menu: ``(label, decks)``; 0 means "the counts as typed".
SHOES = (("as typed", 0), ("1 deck", 1), ("2 decks", 2), ("4 decks", 4), ("6 decks", 6), ("8 decks", 8))
_NAMES = ["A"] + [str(v) for v in range(2, 11)]
_KEYS = [f"n{v}" for v in range(1, N_VALUES + 1)]


def _card(v: int) -> str:
    return "A" if v == 1 else str(v)


def _parse_hand(text: str) -> tuple[int, ...]:
    """``"10 6"``, ``"A, 7"`` -> the player's cards, checked; a ValueError names what is wrong."""
    if not isinstance(text, str):
        raise TypeError(f"player must be text such as '10 6', got {type(text).__name__}")
    cards = []
    for token in text.replace(",", " ").replace("+", " ").split():
        t = token.upper()
        if t == "A":
            cards.append(1)
        elif t.isdigit() and 1 <= int(t) <= 10:
            cards.append(int(t))
        else:
            raise ValueError(f"player: {token!r} is not a card (A or 1 for an ace, 2..10)")
    if len(cards) < 2:
        raise ValueError(f"player must hold at least two cards, such as '10 6' (got {text!r})")
    return _check_player(cards)


def hand_view(counts, dealer: int, cards, width: float = 7.0) -> View:
    """The panel's picture and readout for one position (also usable without widgets).

    Parameters
    ----------
    counts : sequence of int
        The remaining deck (ten counts), after the shown cards.
    dealer : int
        The dealer's up card, 1..10.
    cards : sequence of int
        The player's cards.
    width : float
        Figure width in inches.

    Returns
    -------
    stoplib.workbook.panel.View
        The figure (P(win) after each next card, against standing) and one line of
        HTML: the hand, P(win | stand), P(win | hit), the best action and P(win).

    Examples
    --------
    >>> v = hand_view(fresh_deck(1, minus=[10, 10, 6]), 10, [10, 6])
    >>> "P(win) = 0.209869" in v.readout
    True
    """
    counts = parse_deck(counts)
    dealer = _check_card("dealer", dealer)
    cards = _check_player(cards)
    width = check_real("width", width, 2.0, 30.0)
    _check_not_empty(counts)
    return _hand_view(_budgeted_next_card(counts, dealer, cards), width)


def _budgeted_next_card(counts: np.ndarray, dealer: int, cards) -> NextCard:
    """The one computation of an interaction (arguments checked), within the work budget."""
    # the hand and the hand after each next card share one engine: about twice one solve
    budget.check(_costs.solve_estimate(f"hand_view({_deck_string(counts)}, {dealer}, {list(cards)})", counts, dealer,
                                       cards, n_solves=2))
    return _next_card(counts, dealer, cards)


def _hand_view(result: NextCard, width: float = 7.0) -> View:
    """The picture and the readout of one computed result (nothing is computed here)."""
    hand = "+".join(_card(c) for c in result.player)
    if result.action == "bust":
        return View(None, f"player {hand} = {result.total}: <b>bust</b>, the hand is lost: P(win) = {0.0:.6f}")
    kind = "soft" if result.soft else "hard"
    article = "an" if result.dealer in (1, 8) else "a"
    fig, ax = figure(figsize=(width, 3.4))
    plot_next_card(ax, result, title=f"player {hand} ({kind} {result.total}) against {article} "
                                     f"{_card(result.dealer)}, {result.n_cards} cards left")
    readout = (f"{kind} {result.total} ({hand}) against {_card(result.dealer)}, {result.n_cards} cards left: "
               f"P(win | stand) = {result.stand_probability:.6f}, P(win | hit) = {result.hit_probability:.6f}; "
               f"best: <b>{result.action}</b>, P(win) = {result.win_probability:.6f}")
    return View(fig, readout)


class _Hand:
    """The state behind one hand panel: the count boxes, the shoe menu, the seeded dealing.

    Not a panel: :func:`counter_panel` hands its methods to the workbook's :class:`Panel`
    as hooks (``render``, ``settings``, ``stem``) and as the handlers of the extra widgets.
    """

    def __init__(self, boxes: dict, shoe, player, rng):
        self.boxes = boxes
        self.shoe = shoe
        self.player = player
        self.rng = rng
        self.panel = None
        self.shown_counts = None      # the deck of the picture shown (its file name)
        self._holding = False         # True while the panel itself writes the count boxes

    # -- the counts ---------------------------------------------------------------------------
    def _write(self, counts) -> None:
        self._holding = True
        try:
            for key, c in zip(_KEYS, counts):
                self.boxes[key].value = int(c)
        finally:
            self._holding = False

    def _typed(self) -> np.ndarray:
        """The counts as typed, each in its box's range (a message, never a clamp)."""
        values = []
        for key, box in self.boxes.items():
            low, high = box.bounds
            if not low <= box.value <= high:
                raise ValueError(f"{box.description} must be in {low}..{high}, got {box.value}")
            values.append(int(box.value))
        return np.array(values, dtype=np.int64)

    def _counts(self, dealer: int, cards) -> np.ndarray:
        """The deck of this interaction: in shoe mode a fresh shoe minus the shown cards (written to
        the boxes), otherwise the counts as typed."""
        n = self.shoe.value
        if not n:
            return self._typed()
        try:
            counts = _fresh_deck(n, (dealer, *cards))       # the cards were checked once, in render
        except ValueError as exc:
            raise ValueError(f"{exc} (choose a larger shoe, or 'as typed')") from None
        self._write(counts)
        return counts

    def typed(self, change) -> None:
        """A count typed by the reader: leave shoe mode (without a redraw of its own) and redraw once."""
        if self._holding:
            return
        if self.shoe.value:
            self._holding = True
            try:
                self.shoe.value = 0
            finally:
                self._holding = False
        self.panel.refresh()

    def shoe_changed(self, change) -> None:
        if not self._holding:
            self.panel.refresh()

    # -- the panel's hooks ----------------------------------------------------------------------
    def render(self, dealer, player) -> View:
        """One interaction: check the hand and the deck once, compute one result, draw it."""
        dealer = _check_card("dealer", dealer)
        cards = _parse_hand(player)
        counts = self._counts(dealer, cards)
        _check_not_empty(counts)
        view = _hand_view(_budgeted_next_card(counts, dealer, cards))
        self.shown_counts = counts
        return view

    def settings(self, values) -> str:
        shoe = dict((n, label) for label, n in SHOES).get(self.shoe.value, self.shoe.value)
        counts = "  ".join(f"{_NAMES[i]}={box.value}" for i, box in enumerate(self.boxes.values()))
        return (f"shoe={shoe}   dealer={_card(values['dealer'])}   player={values['player']}   "
                f"counts left: {counts}")

    def stem(self, values) -> str:
        counts = self.shown_counts if self.shown_counts is not None else [b.value for b in self.boxes.values()]
        return slug({"deck": "-".join(str(int(c)) for c in counts), "dealer": values["dealer"],
                     "player": values["player"]})

    # -- dealing ------------------------------------------------------------------------------
    def draw(self) -> int:
        """Deal the player a seeded random card from the deck; return it (0 when refused)."""
        with DRAW_LOCK:
            try:
                cards = _parse_hand(self.player.value)
                counts = self._typed()
                if _hand_total(cards)[0] > 21:
                    raise ValueError("the hand is bust: type a new hand to play on")
                if counts.sum() == 0:
                    raise ValueError("the deck is empty")
            except (ValueError, TypeError) as exc:
                return self.panel.refuse(exc) or 0
            v = int(self.rng.choice(np.arange(1, N_VALUES + 1), p=counts / counts.sum()))
            counts[v - 1] -= 1
            self._write(counts)
            self.player.value = " ".join(_card(c) for c in [*cards, v])     # the panel redraws once
            return v


def counter_panel(deck=None, dealer: int = 10, player=(10, 6), n_decks: int = 1, seed=0,
                  notebook: str = "06_card_counter") -> Panel:
    """The interactive hand: ten counts, the dealer's card, the player's cards, a shoe menu, a Draw button.

    Parameters
    ----------
    deck : str or sequence of int or None
        The remaining deck (after the shown cards). None: a fresh shoe of ``n_decks``
        decks minus the dealer's and the player's cards (the shoe menu then follows
        the hand).
    dealer : int
        The dealer's up card, 1 (ace) .. 10.
    player : sequence of int
        The player's cards.
    n_decks : int
        Shoe size when ``deck`` is None: 1, 2, 4, 6 or 8.
    seed : int or numpy.random.Generator
        For the cards the Draw button deals.
    notebook : str
        Saved figures are named ``<notebook>-hand-...``.

    Returns
    -------
    stoplib.workbook.panel.Panel
        Display it in a notebook. Counts accept 0..32 (0..128 ten-valued cards), an
        8-deck shoe; a count outside that range is refused with a message.

    Examples
    --------
    >>> panel = counter_panel(dealer=10, player=(10, 6))
    >>> "best: <b>stand</b>, P(win) = 0.209869" in panel.readout.value
    True
    """
    rng = as_generator(seed)
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    n_decks = check_int("n_decks", n_decks, 1)
    shoes = dict((n, label) for label, n in SHOES)
    if deck is None:
        if n_decks not in shoes:
            raise ValueError(f"n_decks must be one of {[n for n in shoes if n]}, got {n_decks!r}")
        start = fresh_deck(n_decks, minus=[dealer, *player])
        shoe_start = n_decks
    else:
        start = parse_deck(deck)
        shoe_start = 0
    boxes = {key: int_box(_NAMES[v - 1], int(start[v - 1]), 0, (16 if v == 10 else 4) * MAX_DECKS, width="8.5em")
             for v, key in enumerate(_KEYS, start=1)}
    controls = {"dealer": dropdown("dealer", [(_card(v), v) for v in range(1, 11)], int(dealer)),
                "player": text_box("player", " ".join(_card(int(c)) for c in player), width="16em",
                                   placeholder="cards, e.g. 10 6 or A 7")}
    shoe = dropdown("shoe", list(SHOES), shoe_start)
    draw = widgets.Button(description="Draw a card", icon="plus",
                          tooltip="Deal the player a random card from the deck (seeded)")
    hand = _Hand(boxes, shoe, controls["player"], rng)
    counts_row = widgets.HBox(list(boxes.values()), layout=widgets.Layout(flex_flow="row wrap"))
    panel = Panel(controls, hand.render, notebook=notebook, name="hand", buttons=(shoe, draw), above=(counts_row,),
                  settings=hand.settings, stem=hand.stem,
                  title="One hand against a known deck: counts of A, 2, ..., 10 left (after the shown cards)")
    hand.panel = panel
    for box in boxes.values():
        box.observe(hand.typed, names="value")
    shoe.observe(hand.shoe_changed, names="value")
    draw.on_click(lambda _: hand.draw())
    return panel
