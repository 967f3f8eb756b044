"""CardCounter widgets: the interactive panel of notebook 06, a thin wrapper over :func:`.solver.solve`.

:func:`counter_panel` (built on :class:`stoplib.workbook.panel.Panel`) lets the reader
set the remaining deck (ten counts, up to an 8-deck shoe), the dealer's up card and
the player's cards; it shows the exact win probability of standing, of hitting (then
playing on optimally) and the best action, draws the win probability after each
possible next card (:func:`.plots.plot_next_card`), and deals seeded cards to the
player to step through a hand. The game is the one of J. S. Plank's write-up of
TopCoder SRM 734 "CardCounter" (rules in :mod:`.rules`).

The ``shoe`` menu fills the counts with a fresh shoe of 1 to 8 decks minus the shown
cards (the dealer's and the player's), and keeps them so while the reader changes the
hand; typing a count switches it to "as typed".
"""
from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from ..util import budget
from ..util.rng import as_generator
from ..util.validate import check_int, check_real
from ..workbook.export import FORMATS, save_figure
from ..workbook.panel import DRAW_LOCK, HINT, Panel, View, dropdown, int_box, slug, text_box
from ..workbook.style import COLORS, figure, png_bytes
from . import _cost
from .plots import plot_next_card
from .rules import (N_VALUES, _check_card, _check_not_empty, _check_player, _hand_total, deck_string, fresh_deck,
                    parse_deck)
from .solver import Engine

__all__ = ["MAX_DECKS", "SHOES", "counter_panel", "hand_view"]

#: The largest shoe the panel accepts (the notebook studies 1, 2, 4, 6 and 8 decks).
MAX_DECKS = 8
#: The shoe menu: ``(label, decks)``; 0 means "the counts as typed".
SHOES = (("as typed", 0), ("1 deck", 1), ("2 decks", 2), ("4 decks", 4), ("6 decks", 6), ("8 decks", 8))
_NAMES = ["A"] + [str(v) for v in range(2, 11)]
_KEYS = [f"n{v}" for v in range(1, N_VALUES + 1)]


def _card(v: int) -> str:
    return "A" if v == 1 else str(v)


def _parse_hand(text: str) -> list[int]:
    """``"10 6"``, ``"A, 7"`` -> card values; a ValueError names what is wrong."""
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
    return cards


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
    total, soft = _hand_total(cards)
    hand = "+".join(_card(c) for c in cards)
    if total > 21:
        return View(None, f"player {hand} = {total}: <b>bust</b>, the hand is lost: P(win) = {0.0:.6f}")
    # the hand and the hand after each next card share one engine: about twice one solve
    budget.check(_cost.solve_estimate(f"hand_view({deck_string(counts)}, {dealer}, {list(cards)})", counts, dealer,
                                      cards, n_solves=2))
    eng = Engine(counts)
    best, stand, hit = eng._value(counts, dealer, cards)
    psum = sum(cards)
    terms = []
    for v in range(1, N_VALUES + 1):
        c = int(counts[v - 1])
        if c:
            rest = counts.copy()
            rest[v - 1] -= 1
            p = 0.0 if psum + v > 21 else float(eng._value(rest, dealer, (*cards, v))[0])
            terms.append((v, c, p))
    action = "hit" if hit > stand + 1e-12 else "stand"
    kind = "soft" if soft else "hard"
    n_left = int(counts.sum())
    fig, ax = figure(figsize=(width, 3.4))
    article = "an" if dealer in (1, 8) else "a"
    plot_next_card(ax, terms, stand, hit,
                   title=f"player {hand} ({kind} {total}) against {article} {_card(dealer)}, {n_left} cards left")
    readout = (f"{kind} {total} ({hand}) against {_card(dealer)}, {n_left} cards left: "
               f"P(win | stand) = {stand:.6f}, P(win | hit) = {hit:.6f}; "
               f"best: <b>{action}</b>, P(win) = {best:.6f}")
    return View(fig, readout)


class _HandPanel(Panel):
    """Panel whose counts can follow a fresh shoe minus the shown cards (the ``shoe`` menu).

    Redraws, draws and saves take turns under the shared
    :data:`stoplib.workbook.panel.DRAW_LOCK`. The static picture is drawn here: the
    shared ``Panel.snapshot`` puts its hint line half under the figure (whose title
    sits at its top edge) and does not name the shoe.
    """

    def __init__(self, controls, shoe, draw, rng, **kwargs):
        self.shoe = shoe
        self.rng = rng
        self._holding = False
        boxes = [controls[k] for k in _KEYS]
        # registered before Panel's own observers: a typed count leaves shoe mode first
        for box in boxes:
            box.observe(self._typed, names="value")
        super().__init__(controls, self._render, buttons=(draw,), **kwargs)
        # the shoe menu sits in the button row, before Draw (Panel's ``buttons`` takes Buttons only)
        row = next(c for c in self.children if isinstance(c, widgets.HBox) and draw in c.children)
        row.children = (shoe, *row.children)
        shoe.observe(lambda change: self.refresh(), names="value")
        draw.on_click(lambda _: self.draw())

    # -- the counts ---------------------------------------------------------------------------
    def _typed(self, change):
        if not self._holding and self.shoe.value:
            self._holding = True          # Panel's own observer redraws once, after this
            try:
                self.shoe.value = 0
            finally:
                self._holding = False

    def _set_counts(self, counts) -> None:
        self._holding = True
        try:
            for key, c in zip(_KEYS, counts):
                self.controls[key].value = int(c)
        finally:
            self._holding = False

    def _sync(self) -> None:
        """In shoe mode, make the counts a fresh shoe minus the dealer's and the player's cards."""
        n = self.shoe.value
        if not n:
            return
        cards = _parse_hand(self.controls["player"].value)
        try:
            counts = fresh_deck(n, minus=[self.controls["dealer"].value, *cards])
        except ValueError as exc:
            raise ValueError(f"{exc} (choose a larger shoe, or 'as typed')") from None
        self._set_counts(counts)

    def _refused(self, exc) -> bool:
        self.message.value = (f'<span style="color:{COLORS["vermillion"]}">{html.escape(str(exc))}'
                              " (the picture below is unchanged)</span>")
        return False

    def _refresh(self) -> bool:
        # called by Panel.refresh under DRAW_LOCK
        if self._holding:
            return False
        try:
            self._sync()
        except (ValueError, TypeError) as exc:
            return self._refused(exc)
        return super()._refresh()

    @staticmethod
    def _render(dealer, player, **counts):
        cards = _parse_hand(player)
        return hand_view([counts[k] for k in _KEYS], dealer, cards)

    # -- dealing ------------------------------------------------------------------------------
    def draw(self) -> int:
        """Deal the player a seeded random card from the deck; return it (0 when refused)."""
        with DRAW_LOCK:
            return self._draw()

    def _draw(self) -> int:
        values = self.values()
        try:
            self._check_bounds(values)
            cards = _parse_hand(values["player"])
        except (ValueError, TypeError) as exc:
            return self._refused(exc) or 0
        counts = np.array([values[k] for k in _KEYS], dtype=np.int64)
        if _hand_total(cards)[0] > 21:
            return self._refused(ValueError("the hand is bust: type a new hand to play on")) or 0
        if counts.sum() == 0:
            return self._refused(ValueError("the deck is empty")) or 0
        v = int(self.rng.choice(np.arange(1, N_VALUES + 1), p=counts / counts.sum()))
        counts[v - 1] -= 1
        self._holding = True
        try:
            self.controls["player"].value = " ".join(_card(c) for c in [*cards, v])
        finally:
            self._holding = False
        self._set_counts(counts)
        self.refresh()
        return v

    def snapshot(self):
        """A static picture of the panel: settings (the shoe too), readout and hint above the figure."""
        import io
        import re
        import textwrap

        import matplotlib.image as mpimg

        values = self.values()
        settings = ("counts left: " + "  ".join(f"{_NAMES[i]}={values[k]}" for i, k in enumerate(_KEYS))
                    + f"   dealer={_card(values['dealer'])}   player={values['player']}"
                    + f"   shoe={dict((n, label) for label, n in SHOES).get(self.shoe.value, self.shoe.value)}")
        readout = html.unescape(re.sub(r"<[^>]+>", "", self.view.readout or ""))
        has_image = self.figure is not None
        width, height = self.figure.get_size_inches() if has_image else (7.0, 0.0)
        chars = int(width * 72 / 5.6)
        lines = textwrap.wrap(settings, chars) + [""] + textwrap.wrap(readout, int(chars * 0.95))
        head = 0.2 * len(lines) + 0.45
        fig, axes = figure(2 if has_image else 1, 1, figsize=(width, height + head), squeeze=False,
                           gridspec_kw={"height_ratios": [head, height] if has_image else [1]})
        top = axes[0, 0]
        top.axis("off")
        text = top.text(0, 1, "\n".join(lines), fontsize=9, va="top", linespacing=1.45)
        hint = top.text(0, 0, HINT, fontsize=8.5, va="bottom", style="italic", color=COLORS["grey"])
        for t in (text, hint):
            t.set_in_layout(False)   # long lines must not make constrained layout shrink the figure
        if has_image:
            image = mpimg.imread(io.BytesIO(png_bytes(self.figure, dpi=self.dpi)), format="png")
            axes[1, 0].imshow(image)
            axes[1, 0].axis("off")
        return fig

    def _save(self) -> list:
        # called by Panel.save under DRAW_LOCK; the files are named after the deck, the up card and the hand
        if self.figure is None:
            self.message.value = "There is no figure to save."
            return []
        values = self.shown_values or self.values()
        stem = f"{self.name}-" + slug({"deck": "-".join(str(values[k]) for k in _KEYS),
                                       "dealer": values["dealer"], "player": values["player"]})
        self.saved = save_figure(self.figure, self.notebook, stem, formats=FORMATS)
        names = ", ".join(p.name for p in self.saved)
        self.message.value = f"Saved {html.escape(names)} in {html.escape(str(self.saved[0].parent))}"
        return self.saved


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
    >>> panel.shoe.value = 8
    >>> panel.controls["n10"].value
    126
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
    controls = {}
    for v, key in enumerate(_KEYS, start=1):
        high = (16 if v == 10 else 4) * MAX_DECKS
        controls[key] = int_box(_NAMES[v - 1], int(start[v - 1]), 0, high, width="8.5em")
    controls["dealer"] = dropdown("dealer", [(_card(v), v) for v in range(1, 11)], int(dealer))
    controls["player"] = text_box("player", " ".join(_card(int(c)) for c in player), width="16em",
                                  placeholder="cards, e.g. 10 6 or A 7")
    shoe = dropdown("shoe", list(SHOES), shoe_start)
    draw = widgets.Button(description="Draw a card", icon="plus",
                          tooltip="Deal the player a random card from the deck (seeded)")
    return _HandPanel(controls, shoe, draw, rng, notebook=notebook, name="hand",
                      title="One hand against a known deck: counts of A, 2, ..., 10 left (after the shown cards)")
