"""The increasing-fields game: the interactive panels of notebook 04.

Both panels are :class:`stoplib.workbook.panel.Panel` objects (controls, a one-line
readout, a figure drawn on an explicit ``Figure``, a message line, a "Save figure"
button; no pyplot), thin wrappers over the package:

- :func:`fields_widget` is a playable game over :class:`stoplib.fields.FieldsGame`
  (:mod:`stoplib.fields.game`): choose V, F and a seed, roll, click a field; the
  figure (:func:`stoplib.fields.plots.plot_board`) shows the win probability after
  placing the roll on each legal field, and *Play a move* lets the policy chosen
  in the drop-down move. Its field buttons sit between the button row and the
  readout (the Panel's ``above=`` hook), its game buttons in the button row
  (``buttons=``);
- :func:`win_sweep_widget` redraws :func:`stoplib.fields.plots.plot_win_vs_values`
  for a largest V (slider), a list of F values (text box) and a log/linear axis.

Each interaction computes one result and hands it to both the readout and the
figure: the game panel one :class:`stoplib.fields.Position` (``FieldsGame.position``),
the sweep panel one Win table. Values outside a control's range, or refused by the
API (say F > V), are shown as a message and nothing is clamped.

Widget callbacks may run on several threads at once: with ipykernel 7, JupyterLab
delivers comm messages on kernel *subshells*, so a slider change can be handled
while a button click is still drawing. Every redraw and save of a
:class:`~stoplib.workbook.panel.Panel` holds the workbook's one lock
(:data:`stoplib.workbook.panel.DRAW_LOCK`, re-exported here as :data:`DRAW_LOCK`),
and the game panel's moves hold it too, so a move and a redraw never interleave.
A panel whose starting values are refused (say F > V) is not built: the
constructor raises the refusal. Source of the game: M. Stepinski's
increasing-fields page, https://mikolajstepinski.online/.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ..util.validate import check_int, check_str
from ..workbook import style
from ..workbook.panel import DRAW_LOCK, Panel, View, dropdown, int_box, int_slider, text_box, toggle
from .game import FieldsGame
from .plots import _check_f_values, plot_board, plot_win_vs_values
from .rules import POLICIES, _check_flag
from .solver import _win_table

__all__ = ["fields_widget", "win_sweep_widget", "NOTEBOOK", "GAME_LIMITS", "SWEEP_LIMITS",
           "parse_fields", "DRAW_LOCK"]

#: The notebook whose figures the panels save.
NOTEBOOK = "04_increasing_fields"
#: Ranges of the game panel: values V, fields F, seed (the notebook plays V <= 1000, F <= 40).
GAME_LIMITS = {"V": (1, 5000), "F": (1, 40), "seed": (0, 2**31 - 1)}
#: Ranges of the sweep panel: the largest V (slider) and each F in the list.
SWEEP_LIMITS = {"V_max": (10, 5000), "F": (1, 100)}


def _first_view(panel):
    """Return ``panel`` if its first render succeeded; else raise what refused it."""
    if not panel.shown_values:
        panel.render(**panel.values())          # raises the refusal (ValueError / TypeError)
        raise ValueError(panel.message.value)   # pragma: no cover - render refused only in the panel
    return panel


def _error(text):
    return f'<span style="color:{style.COLORS["vermillion"]}">{html.escape(text)}</span>'


class _GamePlay:
    """The state behind the game panel (see :func:`fields_widget`): the game, its field
    buttons, and the moves the buttons make. The panel itself is a plain :class:`Panel`."""

    def __init__(self):
        self.game = None
        self.key = None
        self.panel = None
        self.board = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.field_buttons = []

    # -- actions ---------------------------------------------------------------------------
    def new_game(self):
        self.key = None

    def roll(self):
        self.game.roll()

    def play(self):
        g = self.game
        if g.outcome is not None:
            raise ValueError(f"the game is over ({g.outcome}); press New game")
        if g.current is None:
            g.roll()
            if g.outcome is not None:
                return
        g.place(g.choose(self.panel.controls["policy"].value))

    def act(self, action):
        """Run a move, redraw, and show a refused move as a message (all under the lock)."""
        with DRAW_LOCK:
            try:
                action()
            except ValueError as exc:
                self.panel.refresh()
                self.panel.message.value = _error(str(exc))
                return
            self.panel.refresh()

    # -- drawing ---------------------------------------------------------------------------
    def _buttons(self, F):
        self.field_buttons = []
        for i in range(F):
            button = widgets.Button(description=f"field {i}", layout=widgets.Layout(width="7.5em"))
            button.on_click(lambda _, i=i: self.act(lambda: self.game.place(i)))
            self.field_buttons.append(button)
        self.board.children = self.field_buttons

    def render(self, V, F, seed, policy):
        if (V, F, seed) != self.key:
            game = FieldsGame(V, F, seed=seed)          # refuses F > V with a message
            self.game, self.key = game, (V, F, seed)
            self._buttons(F)
        pos = self.game.position(policy)                # the one computation of this interaction
        for i, button in enumerate(self.field_buttons):
            button.disabled = i not in pos.probabilities
            button.button_style = "success" if i in pos.probabilities else ""
        start = f"Win({pos.V}, {pos.F}) = {pos.start:.6f} at the start"
        if pos.outcome == "won":
            readout = f"won: every field is filled; {start}"
        elif pos.outcome == "lost":
            readout = f"lost: roll {pos.roll} has no legal field; {start}"
        elif pos.roll is None:
            readout = f"win probability now {pos.now:.6f}; {start}"
        else:
            readout = (f"rolled {pos.roll}: optimal field {pos.best}, win probability {pos.now:.6f}; "
                       f"{policy} picks field {pos.chosen}")
        fig, ax = style.figure(figsize=(max(7.0, 0.3 * pos.F + 1.5), 3.0))
        plot_board(pos, ax=ax)
        return View(fig, html.escape(readout))


def fields_widget(V=20, F=5, seed=0, policy="optimal"):
    """A playable game: choose V, F and a seed, roll, click a green field to place the roll.

    The figure shows the win probability after placing the pending roll on each
    legal field (optimal play afterwards), the optimal field outlined in blue and
    the field the drop-down's policy would pick in orange. *Play a move* rolls if
    needed and lets that policy place; *New game* starts again with the same seed.
    Changing V, F or the seed starts a new game. The panel's ``render`` is the bound
    method of the object that holds the game (``panel.render.__self__.game`` is the
    :class:`stoplib.fields.FieldsGame`).

    Parameters
    ----------
    V, F, seed : int
        Start values (ranges in :data:`GAME_LIMITS`).
    policy : {"optimal", "proportional", "nearest"}
        The policy of *Play a move*.

    Examples
    --------
    >>> panel = fields_widget(10, 3, seed=0)
    >>> panel.render.__self__.game.F, panel.view.readout
    (3, 'win probability now 0.580556; Win(10, 3) = 0.580556 at the start')
    """
    V = check_int("V", V, *GAME_LIMITS["V"])
    F = check_int("F", F, *GAME_LIMITS["F"])
    if F > V:
        raise ValueError(f"F must be <= V (values are drawn without repetition); got V={V}, F={F}")
    play = _GamePlay()
    controls = {
        "V": int_box("values V", V, *GAME_LIMITS["V"], width="11em"),
        "F": int_box("fields F", F, *GAME_LIMITS["F"], width="10em"),
        "seed": int_box("seed", seed, *GAME_LIMITS["seed"], width="13em"),
        "policy": dropdown("Play a move with", POLICIES, policy),
    }
    new = widgets.Button(description="New game", icon="refresh", tooltip="Start again with these values")
    roll = widgets.Button(description="Roll a number", button_style="primary")
    move = widgets.Button(description="Play a move", tooltip="Roll if needed, then place with the chosen policy")
    for button, action in ((new, play.new_game), (roll, play.roll), (move, play.play)):
        button.on_click(lambda _, action=action: play.act(action))
    play.panel = Panel(controls, play.render, notebook=NOTEBOOK, name="game",
                       title="Play the increasing-fields game", buttons=[new, roll, move], above=[play.board])
    return _first_view(play.panel)


def parse_fields(text):
    """The numbers of fields in a text box: ``"2, 3 5"`` -> ``[2, 3, 5]``.

    Examples
    --------
    >>> parse_fields("2, 3 5")
    [2, 3, 5]
    >>> parse_fields("2, x")
    Traceback (most recent call last):
    ...
    ValueError: F values must be whole numbers separated by commas, got 'x'
    """
    check_str("text", text, 10_000)
    out = []
    for item in text.replace(",", " ").split():
        try:
            out.append(int(item))
        except ValueError:
            raise ValueError(f"F values must be whole numbers separated by commas, got {item!r}") from None
    if not out:
        raise ValueError("F values must name at least one number of fields")
    return out


def win_sweep_widget(V_max=200, F_values=(2, 3, 5, 8, 12, 20), log_y=True):
    """Win(V, F) against V for a list of F: a slider for the largest V, a text box for F.

    The readout gives Win(V_max, F) for each F (4 significant digits); the figure is
    :func:`stoplib.fields.plots.plot_win_vs_values`.

    Examples
    --------
    >>> panel = win_sweep_widget(50, (2, 3))
    >>> panel.view.readout
    'Win(50, F) at F = 2, 3: 0.7551, 0.5299'
    """
    lo, hi = SWEEP_LIMITS["V_max"]
    f_lo, f_hi = SWEEP_LIMITS["F"]
    V_max = check_int("V_max", V_max, lo, hi)
    for i, f in enumerate(_check_f_values(F_values)):
        if not f_lo <= f <= min(f_hi, V_max):
            raise ValueError(f"F_values[{i}] must be in {f_lo}..{min(f_hi, V_max)} (at most the largest V), got {f}")
    controls = {
        "V_max": int_slider("largest V", V_max, lo, hi, step=10),
        "F_values": text_box("F values", ", ".join(str(int(f)) for f in F_values), width="24em"),
        "log_y": toggle("log scale for Win", _check_flag("log_y", log_y)),
    }

    def render(V_max, F_values, log_y):
        fs = parse_fields(F_values)
        for f in fs:
            if not f_lo <= f <= min(f_hi, V_max):
                raise ValueError(f"each F must be in {f_lo}..{min(f_hi, V_max)} (at most the largest V), got {f}")
        fs = sorted(set(fs))
        table = _win_table(V_max, max(fs))              # the one computation of this interaction
        fig, ax = style.figure(figsize=(7.0, 4.0))
        plot_win_vs_values(table, fs, ax=ax, log_y=log_y)
        values = ", ".join(f"{table[V_max, f]:.4g}" for f in fs)
        readout = f"Win({V_max}, F) at F = {', '.join(map(str, fs))}: {values}"
        return View(fig, readout)

    return _first_view(Panel(controls, render, notebook=NOTEBOOK, name="win-sweep", title="Win(V, F) against V"))
