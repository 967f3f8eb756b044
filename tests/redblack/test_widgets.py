"""Tests of stoplib.redblack.widgets: each panel is a stoplib Panel with the controls the
notebooks describe, reads out the API's numbers, refuses out-of-range requests with a message
(nothing clamped), saves its figure, and shows a static picture without a kernel."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import fits as rbfits  # noqa: E402
from stoplib.redblack import widgets as rbw  # noqa: E402
from stoplib.workbook import style  # noqa: E402
from stoplib.workbook.panel import HINT, Panel  # noqa: E402


@pytest.fixture(autouse=True)
def outputs_elsewhere(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    plt.close("all")
    yield tmp_path
    assert plt.get_fignums() == [], "a panel drew through pyplot"


def test_position_panel_reads_the_value_and_refuses_out_of_range():
    panel = rbw.position_panel()
    assert isinstance(panel, Panel) and panel.controls["n_red"].max == 400
    assert panel.controls["n_red"].continuous_update is False
    assert panel.readout.value.startswith(f"V(26, 26) = {rb.value(26, 26):.6f}: draw")
    panel.controls["n_red"].value = 29
    assert f"V(29, 26) = {rb.value(29, 26):.6f}" in panel.readout.value
    panel.controls["n_black"].value = 40
    assert panel.readout.value.startswith(f"V(29, 40) = {rb.value(29, 40):.6f}: stop")
    before = panel.readout.value
    panel.controls["n_black"].value = 5000
    assert "black must be in 0..400, got 5000" in panel.message.value
    assert panel.controls["n_black"].value == 5000 and panel.readout.value == before   # nothing clamped
    assert style.small_text(panel.figure) == []


def test_panels_save_their_figure(outputs_elsewhere):
    panel = rbw.position_panel(n_red=5, n_black=6)
    paths = panel.save()
    assert sorted(p.suffix for p in paths) == [".pdf", ".png", ".svg"]
    assert all(p.is_file() and p.parent == outputs_elsewhere / "figures" for p in paths)
    assert paths[0].name.startswith("01_redblack_dp-position-n_red5-n_black6")
    assert "Saved" in panel.message.value


def test_simulation_panel_matches_the_api():
    panel = rbw.simulation_panel(n_games=1_000)
    c = panel.controls
    assert c["n_games"].options == tuple((f"{g:,}", g) for g in rbw.GAMES)
    c["mistake"].value = True
    s = rb.simulate(26, 26, 1_000, seed=0, replacement=True)
    assert f"simulated {s.mean:.6f} ± {s.std_err:.6f}" in panel.readout.value
    assert panel.readout.value.startswith("mistaken model (p = 1/2), 1,000 games, seed 0: exact 2.863017")
    c["seed"].value = 7
    s = rb.simulate(26, 26, 1_000, seed=7, replacement=True)
    assert f"seed 7: exact 2.863017, simulated {s.mean:.6f}" in panel.readout.value
    c["seed"].value = -1
    assert "must be in 0.." in panel.message.value
    assert style.small_text(panel.figure) == []


def test_refit_panel_matches_fit_growth():
    values = rb.balanced_values(1000)
    panel = rbw.refit_panel(values)
    c = panel.controls
    assert (c["n_min"].max, c["n_max"].bounds, c["n_max"].value) == (500, (11, 1000), 1000)
    c["n_min"].value = 100
    fits = rbfits.fit_growth(np.arange(100, 1001), values[100:])
    slope = fits.sqrt.params["np.sqrt(n)"]
    assert f"+ {slope:.6g} √n" in panel.readout.value and "slope − c" in panel.readout.value
    c["fit"].value = "log n"
    assert "log n" in panel.readout.value and "slope − c" not in panel.readout.value
    c["n_max"].value = 105
    assert "must be at least the first n" in panel.message.value
    with pytest.raises(ValueError, match="at least 200"):
        rbw.refit_panel(rb.balanced_values(50))


def test_static_picture_for_readers_without_a_kernel():
    bundle = rbw.position_panel()._repr_mimebundle_()
    assert bundle["text/plain"] == HINT
    assert bundle["image/png"].startswith(b"\x89PNG")


def test_saved_figure_is_named_after_what_it_shows(outputs_elsewhere):
    panel = rbw.position_panel()
    panel.controls["n_black"].value = 5000            # refused: the picture still shows 26/26
    paths = panel.save()
    assert paths[0].name == "01_redblack_dp-position-n_red26-n_black26.png"


def test_a_save_during_a_redraw_leaves_both_complete(outputs_elsewhere):
    import io
    import threading

    from PIL import Image

    panel = rbw.position_panel()
    size = Image.open(io.BytesIO(panel.image.value)).size
    alone = Image.open(panel.save()[0]).size
    for black in (20, 30, 26):
        saver = threading.Thread(target=panel.save)
        saver.start()
        panel.controls["n_black"].value = black       # a redraw while the save runs
        saver.join()
        assert Image.open(io.BytesIO(panel.image.value)).size == size
        assert panel.readout.value.startswith(f"V(26, {black})")
    assert Image.open(panel.save()[0]).size == alone


def test_a_redraw_computes_its_result_once(monkeypatch):
    """One interaction, one result: the panel's render computes it and hands it to both the
    readout and the figure (which only draws)."""
    calls = []
    real_position, real_simulate = rbw._position, rbw._simulate
    monkeypatch.setattr(rbw, "_position", lambda *a: calls.append(("position", a)) or real_position(*a))
    monkeypatch.setattr(rbw, "_simulate", lambda *a: calls.append(("simulate", a[:3])) or real_simulate(*a))
    panel = rbw.position_panel()
    panel.controls["n_red"].value = 20
    assert calls == [("position", (26, 26)), ("position", (20, 26))]
    calls.clear()
    panel = rbw.simulation_panel(n_games=1_000)
    panel.controls["n_black"].value = 25
    assert calls == [("simulate", (26, 26, 1_000)), ("simulate", (26, 25, 1_000))]
