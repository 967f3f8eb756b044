"""Browser scenario for notebook 05 (Ten Thousand): operate the three panels and check each readout
against the API, computed here.

Panel 0, the advisor: a text box (turn total), a dropdown (set aside), sliders (dice N, dice left);
panel 1, the policy explorer: a slider (stop at X) and a text box (simulated turns);
panel 2, the number of dice: a slider and a check box. Every panel has a "Save figure" button.
"""
from lab import decode_png

from stoplib import tenthousand as tt
from stoplib.tenthousand.widgets import describe


def _label(config):
    return f"{list(config)}: {describe(config)} ({tt.score(config)[0]} chips)"


def _tick(nb, panel, description):
    """Click the check box labelled ``description``. (``NotebookPage.tick`` looks for the text in the
    ``.widget-label`` element, which ipywidgets 8 leaves empty for a Checkbox: its description is the
    ``.widget-label-basic`` span beside the box.)"""
    for box in nb.panels()[panel].query_selector_all(".widget-checkbox"):
        span = box.query_selector(".widget-label-basic span")
        if span is not None and span.inner_text().strip() == description:
            nb.operated.add("checkbox")
            box.query_selector("input[type=checkbox]").click()
            return
    raise LookupError(f"{nb.notebook}: panel {panel} has no check box labelled {description!r}")


def notebook_05(nb, server):
    sol = tt.solve()

    # (a) the advisor
    p = 0
    first = f"V(4, [2, 1, 0], 2) = {sol.value_at(4, (2, 1, 0), 2):.6f}"
    nb.wait_for(lambda: first in nb.panel_readout(p), what=first)
    nb.set_text(p, "turn total τ (chips)", 9)
    want = f"V(9, [2, 1, 0], 2) = {sol.value_at(9, (2, 1, 0), 2):.6f}"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.choose(p, "set aside", _label((1, 1, 0)))
    want = f"V(9, [1, 1, 0], 2) = {sol.value_at(9, (1, 1, 0), 2):.6f} chips; best: {sol.action_at(9, (1, 1, 0), 2)}"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.set_slider(p, "dice left n", 3)
    want = f"V(9, [1, 1, 0], 3) = {sol.value_at(9, (1, 1, 0), 3):.6f}"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    assert not decode_png(nb.panel_image(p))[2]
    nb.set_text(p, "turn total τ (chips)", 5000)          # out of range: a message, nothing clamped
    nb.wait_for(lambda: "must be in 1..300" in nb.panel_message(p), what="range message")
    assert want in nb.panel_readout(p)                     # the last valid view stays
    nb.set_text(p, "turn total τ (chips)", 2)              # fewer chips than the dice set aside score
    nb.wait_for(lambda: "turn total τ must be >= s(config) = 3" in nb.panel_message(p), what="state message")
    nb.set_slider(p, "dice N", 6)
    nb.set_text(p, "turn total τ (chips)", 9)
    six = tt.solve(6)
    want = f"V(9, [1, 1, 0], 3) = {six.value_at(9, (1, 1, 0), 3):.6f}"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.click(p, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(p), what="save message")

    # (b) the policy explorer
    p = 1
    exact = 50 * tt.evaluate(tt.stop_at_policy(6))
    nb.wait_for(lambda: f"stop at 300 points: {exact:.2f} points exactly" in nb.panel_readout(p), what="first readout")
    nb.set_slider(p, "stop at X (points)", 500)
    exact = 50 * tt.evaluate(tt.stop_at_policy(10))
    want = f"stop at 500 points: {exact:.2f} points exactly"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.set_text(p, "simulated turns", 20000)
    nb.wait_for(lambda: "(20,000 turns)" in nb.panel_readout(p), what="20,000 turns")
    nb.set_text(p, "simulated turns", 50_000_000)
    nb.wait_for(lambda: "must be in" in nb.panel_message(p), what="range message")
    assert "(20,000 turns)" in nb.panel_readout(p)
    assert not decode_png(nb.panel_image(p))[2]
    nb.click(p, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(p), what="save message")

    # (c) the number of dice
    p = 2
    nb.wait_for(lambda: f"V*(ι) = {sol.value:.6f}" in nb.panel_readout(p), what="first readout")
    nb.nudge_slider(p, "dice N", -1)
    four = tt.solve(4)
    want = f"N = 4: τ* = {four.threshold} chips, V*(ι) = {four.value:.6f} chips"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    _tick(nb, p, "stop or roll only")
    plain = tt.solve(4, actions=["s", "r"])
    want = f"N = 4: τ* = {plain.threshold} chips, V*(ι) = {plain.value:.6f} chips"
    nb.wait_for(lambda: want in nb.panel_readout(p) and "stop or roll only" in nb.panel_readout(p), what=want)
    assert not decode_png(nb.panel_image(p))[2]
    nb.click(p, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(p), what="save message")


SCENARIOS = {"05_ten_thousand": notebook_05}
