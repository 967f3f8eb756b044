"""The increasing-fields game (document 001): the ipywidgets panels of notebook 04.

Thin wrappers over the package (source ``shared/seeds/001_dba9ac7e55753289.txt``):
:func:`fields_widget` is a playable game over :class:`stoplib.fields.FieldsGame`
(:mod:`stoplib.fields.game`) that shows the solver's win probability of each
legal field; :func:`win_sweep_widget` redraws
:func:`stoplib.fields.plots.plot_win_vs_values`. Each function builds and
returns the panel; the notebook cell only calls it.
"""
from __future__ import annotations

from .game import FieldsGame
from .plots import plot_win_vs_values

__all__ = ["fields_widget", "win_sweep_widget"]


class _FieldsApp:
    """ipywidgets front end over :class:`FieldsGame` (see :func:`fields_widget`)."""

    def __init__(self, V=20, F=5, seed=0):
        import ipywidgets as widgets
        self.widgets = widgets
        self.v_box = widgets.BoundedIntText(value=V, min=1, max=2000, description="values V")
        self.f_box = widgets.BoundedIntText(value=F, min=1, max=50, description="fields F")
        self.seed_box = widgets.IntText(value=seed, description="seed")
        self.new_button = widgets.Button(description="New game", button_style="info")
        self.roll_button = widgets.Button(description="Roll a number", button_style="primary")
        self.auto_button = widgets.Button(description="Play optimal move")
        self.fields_box = widgets.HBox()
        self.info = widgets.HTML()
        self.new_button.on_click(lambda _: self.new_game())
        self.roll_button.on_click(lambda _: self.roll())
        self.auto_button.on_click(lambda _: self.play_optimal())
        self.box = widgets.VBox([
            widgets.HBox([self.v_box, self.f_box, self.seed_box]),
            widgets.HBox([self.new_button, self.roll_button, self.auto_button]),
            self.fields_box, self.info])
        self.box.app = self
        self.new_game()

    def new_game(self):
        try:
            self.game = FieldsGame(self.v_box.value, self.f_box.value, seed=self.seed_box.value)
        except (ValueError, TypeError) as err:
            self.info.value = f"<b>{err}</b>"
            return
        self.buttons = []
        for i in range(self.game.F):
            b = self.widgets.Button(description="", layout=self.widgets.Layout(width="110px"))
            b.on_click(lambda _, i=i: self.click(i))
            self.buttons.append(b)
        self.fields_box.children = self.buttons
        self.refresh()

    def roll(self):
        if self.game.outcome is None and self.game.current is None:
            self.game.roll()
        self.refresh()

    def click(self, i):
        if self.game.current is not None and i in self.game.legal_fields():
            self.game.place(i)
        self.refresh()

    def play_optimal(self):
        if self.game.outcome is None:
            if self.game.current is None:
                self.game.roll()
            if self.game.outcome is None:
                self.game.place(self.game.best_field())
        self.refresh()

    def refresh(self):
        g = self.game
        probs = g.placement_probabilities()
        best = g.best_field()
        for i, b in enumerate(self.buttons):
            v = g.state[i]
            if v is not None:
                b.description, b.button_style, b.disabled = f"{i}: {v}", "", True
            elif i in probs:
                mark = " *" if i == best else ""
                b.description = f"{i}: {100 * probs[i]:.3g}%{mark}"
                b.button_style, b.disabled = "success", False
            else:
                b.description, b.button_style, b.disabled = f"{i}: -", "", True
        lines = [f"V = {g.V}, F = {g.F}; rolls so far: "
                 + (", ".join(str(r) for r, _ in g.history) or "none")]
        if g.outcome == "won":
            lines.append("<b>Won</b>: every field is filled.")
        elif g.outcome == "lost":
            lines.append(f"<b>Lost</b>: roll {g.current} has no legal field.")
        elif g.current is None:
            lines.append(f"Win probability of this position (optimal play): "
                         f"{100 * g.win_probability():.4g}%. Press <i>Roll a number</i>.")
        else:
            lines.append(f"Rolled <b>{g.current}</b>. Click a green field. Win probability of each: "
                         + ", ".join(f"field {f}: {100 * p:.4g}%" for f, p in probs.items())
                         + f". Optimal: field {best} (marked *).")
        self.info.value = "<br>".join(lines)


def fields_widget(V=20, F=5, seed=0):
    """A playable game: choose V, F and a seed, roll, click a green field to place.

    Each legal field shows the win probability after placing there (optimal
    play afterwards); the optimal field is marked with ``*``. The returned
    ``VBox`` carries the front end as ``.app`` (``.app.game`` is the
    :class:`stoplib.fields.FieldsGame`).

    Examples
    --------
    >>> box = fields_widget(10, 3, seed=0)
    >>> box.app.game.F
    3
    """
    return _FieldsApp(V, F, seed).box


def win_sweep_widget(V_max=200, F_values=(2, 3, 5, 8, 12, 20)):
    """Sliders over V_max and a text list of F values, redrawing Win(V, F) against V.

    Examples
    --------
    >>> box = win_sweep_widget(50, (2, 3))
    >>> len(box.children)
    3
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    v_slider = widgets.IntSlider(value=V_max, min=10, max=2000, step=10, description="V max")
    f_text = widgets.Text(value=", ".join(str(f) for f in F_values), description="F values")
    out = widgets.Output()

    def redraw(*_):
        out.outputs = ()
        with out:
            try:
                fs = [int(x) for x in f_text.value.replace(",", " ").split()]
                fig, ax = plt.subplots(figsize=(7, 4))
                plot_win_vs_values(fs, v_slider.value, ax=ax)
                plt.show()
                plt.close(fig)
            except (ValueError, TypeError) as err:
                print(err)

    v_slider.observe(redraw, names="value")
    f_text.observe(redraw, names="value")
    redraw()
    return widgets.VBox([v_slider, f_text, out])
