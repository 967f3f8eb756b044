"""CardCounter widgets (``stoplib.cardcounter.widgets``): the panel answers with the API's numbers,
takes 8-deck shoes, refuses bad input with a message (never clamps), deals seeded cards and saves.

The panel is the workbook's one ``Panel`` with its hooks (no subclass); the tests find its
widgets by their labels, as a reader does."""
import pytest

pytest.importorskip("ipywidgets")

import matplotlib.pyplot as plt  # noqa: E402

import stoplib.cardcounter as cc  # noqa: E402
from stoplib.cardcounter import widgets  # noqa: E402
from stoplib.workbook import style  # noqa: E402
from stoplib.workbook.panel import HINT, Panel  # noqa: E402


def _p(deck, dealer, hand):
    return f"P(win) = {cc.win_probability(deck, dealer, hand):.6f}"


def _find(panel, description):
    """The widget of the panel labelled ``description`` (a count box "A".."10", "shoe", a button)."""
    stack = list(panel.children)
    while stack:
        w = stack.pop(0)
        if getattr(w, "description", None) == description:
            return w
        stack.extend(getattr(w, "children", ()))
    raise LookupError(description)


def _count(panel, v):
    return _find(panel, "A" if v == 1 else str(v))


def _counts(panel):
    return [_count(panel, v).value for v in range(1, 11)]


def _draw(panel):
    """Click Draw a card; return the card dealt (0 when refused)."""
    before = panel.controls["player"].value
    _find(panel, "Draw a card").click()
    after = panel.controls["player"].value
    if after == before:
        return 0
    card = after.split()[-1]
    return 1 if card == "A" else int(card)


def test_panel_shows_the_api_value_and_draws_without_pyplot():
    panel = widgets.counter_panel(dealer=10, player=(10, 6))
    assert isinstance(panel, Panel) and "stoplib-panel" in panel._dom_classes
    deck = cc.fresh_deck(1, minus=[10, 10, 6])
    assert _p(deck, 10, (10, 6)) in panel.readout.value and "best: <b>stand</b>" in panel.readout.value
    assert panel.figure is not None and style.small_text(panel.figure) == []
    assert plt.get_fignums() == []


def test_shoe_menu_takes_six_and_eight_decks_and_follows_the_hand():
    panel = widgets.counter_panel(dealer=10, player=(10, 6))
    _find(panel, "shoe").value = 8
    assert _count(panel, 10).value == 126 and _count(panel, 1).value == 32
    assert _p(cc.fresh_deck(8, minus=[10, 10, 6]), 10, (10, 6)) in panel.readout.value
    panel.controls["player"].value = "A 7"
    assert _count(panel, 1).value == 31 and _count(panel, 7).value == 31
    assert _p(cc.fresh_deck(8, minus=[10, 1, 7]), 10, (1, 7)) in panel.readout.value
    _find(panel, "shoe").value = 6
    panel.controls["dealer"].value = 5
    assert _p(cc.fresh_deck(6, minus=[5, 1, 7]), 5, (1, 7)) in panel.readout.value
    # typing a count leaves shoe mode, and the typed deck is what is solved
    _count(panel, 2).value = 14
    assert _find(panel, "shoe").value == 0 and _count(panel, 2).value == 14
    counts = _counts(panel)
    assert _p(counts, 5, (1, 7)) in panel.readout.value


def test_out_of_range_counts_and_bad_hands_give_a_message_and_nothing_is_clamped():
    panel = widgets.counter_panel(dealer=10, player=(10, 6))
    before = panel.readout.value
    _count(panel, 1).value = 40
    assert "must be in 0..32" in panel.message.value and _count(panel, 1).value == 40
    assert panel.readout.value == before
    _count(panel, 1).value = 4
    assert panel.message.value == ""
    panel.controls["player"].value = "10 x"
    assert "not a card" in panel.message.value
    panel.controls["player"].value = "10 6 9"
    assert "bust" in panel.readout.value and panel.figure is None
    # a shoe too small for the shown cards
    panel.controls["player"].value = "A A A A A"
    _find(panel, "shoe").value = 1
    assert "cannot remove another 1" in panel.message.value
    # the starting values are checked too
    with pytest.raises(ValueError):
        widgets.counter_panel(deck=[40] + [4] * 9)
    with pytest.raises(ValueError):
        widgets.counter_panel(n_decks=3)


def test_draws_are_seeded_and_keep_the_deck_consistent():
    def hand_after_draws(seed, n_decks):
        panel = widgets.counter_panel(dealer=10, player=(2, 3), seed=seed, n_decks=n_decks)
        start = sum(_count(panel, v).value for v in range(1, 11))
        drawn = [_draw(panel), _draw(panel)]
        left = sum(_count(panel, v).value for v in range(1, 11))
        assert left == start - 2 and all(1 <= v <= 10 for v in drawn)
        cards = [1 if c == "A" else int(c) for c in panel.controls["player"].value.split()]
        counts = _counts(panel)
        assert _p(counts, 10, cards) in panel.readout.value
        return panel.controls["player"].value

    assert hand_after_draws(4, 1) == hand_after_draws(4, 1)
    hand_after_draws(5, 2)          # a shoe (the 8-deck shoe is test_shoe_menu_...'s)


def test_save_writes_three_formats_named_after_the_hand(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    panel = widgets.counter_panel(dealer=10, player=(10, 6))
    paths = panel.save()
    assert sorted(p.suffix for p in paths) == [".pdf", ".png", ".svg"]
    assert all(p.exists() and p.parent == tmp_path / "figures" for p in paths)
    assert paths[0].name.startswith("06_card_counter-hand-deck4-4-4-4-4-3-4-4-4-14-dealer10-player10_6")
    assert "Saved" in panel.message.value


def test_without_a_kernel_the_panel_is_a_picture_and_a_hint():
    panel = widgets.counter_panel(dealer=10, player=(10, 6))
    bundle = panel._repr_mimebundle_()
    assert bundle["text/plain"] == HINT and bundle["image/png"][:4] == b"\x89PNG"
    assert style.small_text(panel.snapshot()) == []


def test_redraw_draw_and_save_take_turns_under_the_shared_lock():
    """The panel uses the workbook's one DRAW_LOCK and Panel's saving and redrawing (no copies)."""
    import threading

    from stoplib.workbook.panel import DRAW_LOCK

    panel = widgets.counter_panel(dealer=10, player=(2, 3), seed=1)
    assert type(panel) is Panel and not hasattr(panel, "_lock")     # the shared Panel itself, no subclass
    held, release, drawn = threading.Event(), threading.Event(), []

    def hold():
        with DRAW_LOCK:
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert held.wait(10)
    dealer = threading.Thread(target=lambda: drawn.append(_draw(panel)))
    dealer.start()
    dealer.join(0.5)
    assert drawn == [] and dealer.is_alive()      # the draw waits for the lock
    release.set()
    dealer.join(30)
    holder.join(10)
    assert len(drawn) == 1 and 1 <= drawn[0] <= 10
    snap = panel.snapshot()                        # the picture keeps its size
    assert snap.get_size_inches()[1] >= panel.figure.get_size_inches()[1]


def test_the_static_picture_keeps_every_line_inside_and_above_the_figure():
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    panel = widgets.counter_panel(dealer=10, player=(10, 6), n_decks=8)
    fig = panel.snapshot()
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    head, picture = fig.axes[0], fig.axes[-1]
    top_of_picture = picture.get_window_extent(renderer).y1
    assert any("shoe=8 decks" in t.get_text() for t in head.texts)
    for text in head.texts:
        box = text.get_window_extent(renderer)
        assert box.x1 <= fig.bbox.x1 + 1, f"{text.get_text()!r} runs off the right edge"
        assert box.y0 >= top_of_picture - 1, f"{text.get_text()!r} is under the picture"


def test_the_panel_refuses_bad_starting_values_with_clear_errors():
    with pytest.raises(ValueError, match="cannot arise"):
        widgets.counter_panel(player=(10, 10, 5, 9))
    with pytest.raises(TypeError, match="dealer"):
        widgets.counter_panel(dealer="10")
    with pytest.raises(TypeError, match="n_decks"):
        widgets.counter_panel(n_decks=1.0)
    with pytest.raises(ValueError, match="'x'"):
        widgets.counter_panel(deck="10040x0002")
    with pytest.raises(ValueError, match="width"):
        widgets.hand_view("1004000002", 5, (7, 8), width=0.5)


def test_one_interaction_renders_once_even_when_the_shoe_rewrites_ten_counts():
    panel = widgets.counter_panel(dealer=10, player=(10, 6), seed=2)
    calls = []
    render = panel.render

    def counting(**values):
        calls.append(values)
        return render(**values)

    panel.render = counting
    _find(panel, "shoe").value = 2                # ten counts rewritten, one render
    assert len(calls) == 1 and _count(panel, 10).value == 30
    panel.controls["player"].value = "A 7"        # shoe mode: the counts follow the hand, one render
    assert len(calls) == 2 and _count(panel, 1).value == 7
    _count(panel, 2).value = 14                   # a typed count leaves shoe mode, one render
    assert len(calls) == 3 and _find(panel, "shoe").value == 0
    assert _draw(panel) > 0                       # a card dealt: one render
    assert len(calls) == 4
