"""Browser scenario of notebook 04 (the increasing-fields game): both panels, every kind of control.

Panel 0 is the playable game (text boxes V, F, seed; a drop-down for the policy of
*Play a move*; buttons New game, Roll a number, Play a move, one per field, Save
figure). Panel 1 is the Win(V, F) sweep (a slider, a text box, a check box, Save
figure). Every readout is checked against the API, computed here.
"""
from lab import decode_png

from stoplib import fields as fl


def _game_readout(game, policy="optimal"):
    """The readout the game panel shows for ``game`` (a FieldsGame replayed here)."""
    start = fl.win_probability(game.V, game.F)
    if game.outcome == "won":
        return f"won: every field is filled; Win({game.V}, {game.F}) = {start:.6f} at the start"
    if game.outcome == "lost":
        return f"lost: roll {game.current} has no legal field"
    if game.current is None:
        return f"win probability now {game.win_probability():.6f}; Win({game.V}, {game.F}) = {start:.6f}"
    probs = game.placement_probabilities()
    best = game.best_field()
    chosen = fl.choose_field(game.V, game.F, game.state, game.current, policy)
    return (f"rolled {game.current}: optimal field {best}, win probability {probs[best]:.6f}; "
            f"{policy} picks field {chosen}")


def _wait_readout(nb, panel, want):
    nb.wait_for(lambda: want in nb.panel_readout(panel), what=f"panel {panel} readout {want!r}")


def _tick(nb, panel, description):
    """Click the check box labelled ``description``. (``NotebookPage.tick`` looks for the label in
    ``.widget-label``, which ipywidgets 8 leaves empty for a check box: its text is in
    ``.widget-label-basic``.)"""
    for box in nb.panels()[panel].query_selector_all(".widget-checkbox"):
        label = box.query_selector(".widget-label-basic")
        if label is not None and label.inner_text().strip() == description:
            nb.operated.add("checkbox")
            box.query_selector("input[type=checkbox]").click()
            return
    raise LookupError(f"panel {panel} has no check box {description!r}")


def _picture_ok(nb, panel):
    width, height, blank, transparent = decode_png(nb.panel_image(panel))
    assert width > 100 and height > 100 and not blank and not transparent


def notebook_04(nb, server):
    game = 0
    replay = fl.FieldsGame(20, 5, seed=0)
    _wait_readout(nb, game, f"Win(20, 5) = {fl.win_probability(20, 5):.6f} at the start")
    _picture_ok(nb, game)

    # roll, then place on the optimal field by clicking its button
    nb.click(game, "Roll a number")
    replay.roll()
    _wait_readout(nb, game, _game_readout(replay))
    best = replay.best_field()
    nb.click(game, f"field {best}")
    replay.place(best)
    _wait_readout(nb, game, _game_readout(replay))

    # another roll; the drop-down changes which policy "Play a move" uses
    nb.click(game, "Roll a number")
    replay.roll()
    nb.choose(game, "Play a move with", "nearest")
    _wait_readout(nb, game, _game_readout(replay, "nearest"))
    nb.click(game, "Play a move")
    if replay.outcome is None:
        replay.place(fl.choose_field(replay.V, replay.F, replay.state, replay.current, "nearest"))
    _wait_readout(nb, game, _game_readout(replay, "nearest"))
    _picture_ok(nb, game)

    # a new game from the text boxes; out of range and F > V give messages, nothing clamped
    nb.set_text(game, "values V", 100)
    nb.set_text(game, "fields F", 10)
    _wait_readout(nb, game, f"Win(100, 10) = {fl.win_probability(100, 10):.6f} at the start")
    nb.set_text(game, "fields F", 41)
    nb.wait_for(lambda: "must be in 1..40" in nb.panel_message(game), what="range message (F)")
    nb.set_text(game, "fields F", 10)
    nb.wait_for(lambda: nb.panel_message(game).strip() == "", what="message cleared")
    nb.set_text(game, "values V", 7)
    nb.wait_for(lambda: "F must be <= V" in nb.panel_message(game), what="F > V message")
    nb.set_text(game, "values V", 100)
    nb.click(game, "New game")
    _wait_readout(nb, game, f"Win(100, 10) = {fl.win_probability(100, 10):.6f} at the start")
    nb.click(game, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(game), what="save message (game)")

    sweep = 1

    def sweep_readout(V_max, fs):
        values = ", ".join(f"{fl.win_probability(V_max, f):.4g}" for f in fs)
        return f"Win({V_max}, F) at F = {', '.join(map(str, fs))}: {values}"

    _wait_readout(nb, sweep, sweep_readout(200, (2, 3, 5, 8, 12, 20)))
    nb.set_slider(sweep, "largest V", 500)
    _wait_readout(nb, sweep, sweep_readout(500, (2, 3, 5, 8, 12, 20)))
    nb.set_text(sweep, "F values", "4, 30")
    _wait_readout(nb, sweep, sweep_readout(500, (4, 30)))
    before = nb.panel_image(sweep)
    _tick(nb, sweep, "log scale for Win")
    nb.wait_for(lambda: nb.panel_image(sweep) != before, what="linear-scale redraw")
    _picture_ok(nb, sweep)
    nb.set_text(sweep, "F values", "4, 600")
    nb.wait_for(lambda: "each F must be in 1..100" in nb.panel_message(sweep), what="range message (sweep)")
    nb.set_text(sweep, "F values", "4, 30")
    nb.click(sweep, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(sweep), what="save message (sweep)")


SCENARIOS = {"04_increasing_fields": notebook_04}
