"""stoplib.workbook.panel: controls never clamp, refusals are messages, figures save, pictures stand in."""
import io

import numpy as np
import pytest
from PIL import Image

from stoplib.workbook import panel as P
from stoplib.workbook import style


def _render(a, b):
    if a == 7:
        raise ValueError("a = 7 is refused by the API")
    fig, ax = style.figure(figsize=(3, 2))
    ax.plot([0, 1], [a, b])
    return P.View(fig, f"sum = {a + b}")


def _panel():
    return P.Panel({"a": P.int_slider("a", 2, 0, 10), "b": P.int_box("b", 3, 0, 20)}, _render,
                   notebook="99_test", name="demo")


def test_controls_refuse_out_of_range_start_values():
    with pytest.raises(ValueError, match=r"a must be in 0\.\.10, got 11"):
        P.int_slider("a", 11, 0, 10)
    with pytest.raises(ValueError, match=r"b must be in 1\.\.8, got 0"):
        P.int_box("b", 0, 1, 8)
    with pytest.raises(TypeError):
        P.int_box("b", True, 0, 8)
    with pytest.raises(ValueError, match="one of"):
        P.dropdown("d", ["x", "y"], "z")
    with pytest.raises(TypeError):
        P.toggle("t", 1)
    assert P.int_slider("a", 3, 0, 10).continuous_update is False


def test_panel_shows_readout_and_a_complete_image():
    p = _panel()
    assert p.readout.value == "sum = 5" and p.message.value == ""
    image = Image.open(io.BytesIO(p.image.value))
    pixels = np.asarray(image.convert("RGB"))
    assert pixels.shape[0] > 50 and pixels.std() > 0, "blank image"


def test_out_of_range_box_and_refused_request_are_messages_not_clamps():
    p = _panel()
    p.controls["b"].value = 25
    assert p.controls["b"].value == 25, "the box must keep what was typed"
    assert "b must be in 0..20, got 25" in p.message.value and p.readout.value == "sum = 5"
    p.controls["b"].value = 4
    assert p.message.value == "" and p.readout.value == "sum = 6"
    p.controls["a"].value = 7
    assert "refused by the API" in p.message.value and p.readout.value == "sum = 6"


def test_save_writes_three_formats_named_after_the_parameters(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    p = _panel()
    paths = p.save()
    assert [x.name for x in paths] == [f"99_test-demo-a2-b3.{ext}" for ext in ("png", "svg", "pdf")]
    assert all(x.stat().st_size > 0 for x in paths)
    assert str(tmp_path / "figures") in p.message.value


def test_saved_notebook_shows_a_picture_and_a_hint_not_repr_text():
    bundle = _panel()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == P.HINT and not bundle["text/plain"].startswith(("VBox(", "interactive("))
    image = Image.open(io.BytesIO(bundle["image/png"]))
    assert image.size[0] > 300


def test_slug():
    assert P.slug({"n": 3, "x": 0.25, "deck": "Ah Kd"}) == "n3-x0.25-deckAh_Kd"


def test_concurrent_redraws_leave_a_consistent_picture():
    """ipykernel 7 may run widget callbacks on several threads: redraws must not interleave."""
    import threading

    p = _panel()
    shown = []

    def render(a, b):
        fig, ax = style.figure(figsize=(3, 2))
        ax.plot([0, 1], [a, b])
        shown.append((a, b))
        return P.View(fig, f"sum = {a + b}")

    p.render = render
    threads = [threading.Thread(target=lambda k=k: (p.controls["a"].__setattr__("value", k % 10)))
               for k in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    p.refresh()
    a, b = p.values()["a"], p.values()["b"]
    assert p.readout.value == f"sum = {a + b}"
    assert p.shown_values == {"a": a, "b": b}
    pixels = np.asarray(Image.open(io.BytesIO(p.image.value)).convert("RGB"))
    assert pixels.std() > 0


def test_hold_sets_several_controls_with_one_render():
    calls = []

    def render(a, b):
        calls.append((a, b))
        return P.View(readout=f"sum = {a + b}")

    p = P.Panel({"a": P.int_slider("a", 2, 0, 10), "b": P.int_box("b", 3, 0, 20)}, render, notebook="99_test",
                name="demo", save=False)
    calls.clear()
    with p.hold():
        p.controls["a"].value = 4
        p.controls["b"].value = 6
        with p.hold():  # nested holds redraw once, at the outer end
            p.controls["a"].value = 5
        assert calls == [] and p.readout.value == "sum = 5"
    assert calls == [(5, 6)] and p.readout.value == "sum = 11"
    p.controls["a"].value = 1
    assert calls == [(5, 6), (1, 6)]
