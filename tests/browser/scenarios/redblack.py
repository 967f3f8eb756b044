"""Browser scenarios for the red/black notebooks (01-03): every kind of control each panel
has is operated, and each readout is checked against the API, computed here."""
import numpy as np
from lab import ARTIFACTS, decode_png

from stoplib import redblack as rb
from stoplib.redblack import fits as rbfits
from stoplib.redblack import document as doc


def _picture_ok(nb, panel, keep: str = ""):
    data = nb.panel_image(panel)
    assert data is not None, f"{nb.notebook}: panel {panel} shows no figure"
    if keep:  # the bytes the browser shows, beside the screenshots, to look at
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"{nb.notebook.split('.')[0]}-panel{panel}-{keep}.png").write_bytes(data)
    width, height, blank, transparent = decode_png(data)
    assert width > 100 and height > 100 and not blank and not transparent


def _tick(nb, panel, description):
    """Click a check box. ``NotebookPage.tick`` looks the box up by its ``.widget-label``, which
    ipywidgets leaves empty for a Checkbox (the text is in ``.widget-label-basic``); until the
    shared helper learns that, find the box here and record the operation the same way."""
    try:
        nb.tick(panel, description)
        return
    except LookupError:
        pass
    for box in nb.panels()[panel].query_selector_all(".widget-checkbox"):
        label = box.query_selector(".widget-label-basic")
        if label is not None and label.inner_text().strip() == description:
            box.query_selector("input[type=checkbox]").click()
            nb.operated.add("checkbox")
            return
    raise LookupError(f"{nb.notebook}: panel {panel} has no check box {description!r}")


def _save(nb, panel):
    nb.click(panel, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(panel), what="save message")
    assert ".pdf" in nb.panel_message(panel)


def notebook_01(nb, server):
    p = 0
    want = f"V(26, 26) = {rb.value(26, 26):.6f}"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    _picture_ok(nb, p)
    nb.set_slider(p, "red", 29)
    want = f"V(29, 26) = {rb.value(29, 26):.6f}: draw (with 29 red cards left, stop from {rb.stopping_boundary(29)[29]}"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.set_text(p, "black", 40)
    want = f"V(29, 40) = {rb.value(29, 40):.6f}: stop"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    _picture_ok(nb, p)
    nb.set_text(p, "black", 5000)          # out of range: a message, nothing clamped
    nb.wait_for(lambda: "must be in 0..400" in nb.panel_message(p), what="range message")
    assert want in nb.panel_readout(p)
    nb.set_text(p, "black", 26)
    nb.wait_for(lambda: "V(29, 26)" in nb.panel_readout(p), what="back in range")
    size = decode_png(nb.panel_image(p))[:2]
    _save(nb, p)
    # saving must not disturb the picture (it did when a save and a redraw drew one figure at once)
    assert decode_png(nb.panel_image(p))[:2] == size
    _picture_ok(nb, p, keep="saved")


def notebook_02(nb, server):
    p = 0
    nb.wait_for(lambda: f"exact {rb.value(26, 26):.6f}" in nb.panel_readout(p), what="first readout")
    nb.choose(p, "games", "1,000")
    s = rb.simulate(26, 26, 1_000, seed=0)
    want = f"real game, 1,000 games, seed 0: exact {rb.value(26, 26):.6f}, simulated {s.mean:.6f}"
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.set_text(p, "seed", 7)
    _tick(nb, p, "mistaken model (p = 1/2)")
    nb.set_slider(p, "red", 20)
    s = rb.simulate(20, 26, 1_000, seed=7, replacement=True)
    want = (f"mistaken model (p = 1/2), 1,000 games, seed 7: exact {rb.value_with_replacement(20, 26):.6f}, "
            f"simulated {s.mean:.6f} ± {s.std_err:.6f}")
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    _picture_ok(nb, p)
    nb.set_text(p, "seed", -3)
    nb.wait_for(lambda: "must be in 0.." in nb.panel_message(p), what="range message")
    _save(nb, p)


def notebook_03(nb, server):
    p = 0
    values = rb.balanced_values(doc.FIT_N_MAX)      # quick mode: the notebook's N_ALL
    nb.wait_for(lambda: "fit on n = 1..22,974" in nb.panel_readout(p), what="first readout")
    nb.set_slider(p, "n from", 100)
    nb.set_text(p, "n to", 5000)
    fits = rbfits.fit_growth(np.arange(100, 5001), values[100:5001])
    slope = fits.sqrt.params["np.sqrt(n)"]
    want = "fit on n = 100..5,000: V = "
    nb.wait_for(lambda: want in nb.panel_readout(p) and f"{slope:.6g} √n" in nb.panel_readout(p),
                what=f"slope {slope:.6g}")
    assert "slope − c" in nb.panel_readout(p)
    _picture_ok(nb, p)
    nb.choose(p, "fit", "log n")
    log = fits.log.params["np.log(n)"]
    nb.wait_for(lambda: f"{log:.6g} log n" in nb.panel_readout(p), what=f"log slope {log:.6g}")
    nb.set_text(p, "n to", 50)
    nb.wait_for(lambda: "must be at least the first n" in nb.panel_message(p), what="range message")
    _save(nb, p)


SCENARIOS = {"01_redblack_dp": notebook_01, "02_redblack_monte_carlo": notebook_02,
             "03_redblack_sqrt_vs_log": notebook_03}
