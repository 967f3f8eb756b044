"""The notebook's panels (stoplib.holdem.widgets): Panels that build headless, follow their
controls, refuse bad requests with a message, save their figure and picture themselves."""
import pytest

pytest.importorskip("ipywidgets")

from stoplib.holdem import deck_value, document as doc, format_deck, search, summarize  # noqa: E402
from stoplib.holdem.widgets import (MAX_WORK, cut_table_explorer, explorer_view, search_panel,  # noqa: E402
                                    search_view)
from stoplib.workbook import prose  # noqa: E402
from stoplib.workbook.panel import HINT, Panel  # noqa: E402


def _button(panel, text):
    import ipywidgets as w

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    return next(b for b in walk(panel) if isinstance(b, w.Button) and b.description == text)


def test_explorer_reads_out_the_deck_value_for_any_table():
    panel = cut_table_explorer()
    assert isinstance(panel, Panel)
    assert "52 cuts won, 0 tied, 0 lost" in prose.plain(panel.readout.value)
    panel.controls["deck"].value = doc.TEN_DECKS[3]
    panel.controls["players"].value = 3
    panel.controls["seat"].value = 2
    v = deck_value(doc.TEN_DECKS[3], seat=2, n_players=3)
    assert f"seat 2 of 3: {v.wins} cuts won, {v.ties} tied, {v.losses} lost" in prose.plain(panel.readout.value)
    assert panel.message.value == ""


def test_explorer_refuses_a_seat_beyond_the_table_and_a_bad_deck_without_clamping():
    panel = cut_table_explorer()
    panel.controls["seat"].value = 4  # two players
    assert "seat must be in 1..2, got 4" in panel.message.value
    assert panel.controls["seat"].value == 4
    assert "52 cuts won" in prose.plain(panel.readout.value)  # the last picture stays
    panel.controls["seat"].value = 1
    assert panel.message.value == ""
    panel.controls["deck"].value = "not a deck"
    assert "deck" in panel.message.value and "unknown card" in panel.message.value


def test_explorer_shuffle_and_climb_buttons():
    panel = cut_table_explorer()
    _button(panel, "Shuffle").click()
    deck = panel.controls["deck"].value
    assert deck != doc.EXAMPLE_DECK
    v = deck_value(deck)
    assert f"{v.wins} cuts won" in prose.plain(panel.readout.value)
    _button(panel, "Climb").click()
    climbed = panel.controls["deck"].value
    assert deck_value(climbed).wins >= v.wins
    assert panel.message.value.startswith("Climbed")


def test_search_view_matches_the_api():
    view = search_view(20, 2, 1, "first", 0, 3, False)
    res = search(20, 2, 1, method="first", seed=3, kick_size=2)
    row = summarize(res).iloc[0]
    text = prose.plain(view.readout)
    assert text.startswith(f"{res.n_optimal} of 20 climbs reached 52 cuts won")
    assert f"longest climb {int(row.max_steps)} steps; best {int(row.best_score)} of 52" in text
    if res.n_optimal:
        assert res.optimal_decks()[0] in text
    assert view.figure is not None


def test_search_panel_counts_ties_and_refuses_long_searches():
    panel = search_panel()
    panel.controls["restarts"].value = 10
    panel.controls["ties"].value = True
    res = search(10, seed=0, objective="wins_or_ties", kick_size=2)
    assert prose.plain(panel.readout.value).startswith(f"{res.n_optimal} of 10 climbs reached 52 cuts won or tied")
    panel.controls["restarts"].value = MAX_WORK + 1
    assert f"restarts must be in 1..{MAX_WORK}" in panel.message.value
    panel.controls["restarts"].value = 500
    panel.controls["kicks"].value = 100
    assert "at most" in panel.message.value


def test_panels_save_their_figure_and_picture_themselves(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    panel = cut_table_explorer()
    paths = panel.save()
    assert sorted(p.suffix for p in paths) == [".pdf", ".png", ".svg"]
    assert all(p.is_file() and p.name.startswith("07_holdem_stacking-cut-table-") for p in paths)
    assert "Saved" in panel.message.value
    bundle = panel._repr_mimebundle_()
    assert bundle["text/plain"] == HINT and bundle["image/png"][:8] == b"\x89PNG\r\n\x1a\n"


def test_explorer_view_of_a_shuffled_deck():
    import numpy as np

    deck = format_deck(np.random.default_rng(5).permutation(52))
    view = explorer_view(deck, 4, 4)
    v = deck_value(deck, seat=4, n_players=4)
    assert f"{v.wins} cuts won" in prose.plain(view.readout) and view.figure is not None


def test_a_saved_figure_is_named_after_the_picture_not_a_refused_request(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    panel = search_panel()
    panel.controls["restarts"].value = 5
    panel.controls["kicks"].value = 100_000  # refused: the picture stays the 5-restart search
    paths = panel.save()
    assert all("restarts5" in p.name and "kicks0-" in p.name for p in paths)
    assert panel.controls["kicks"].value == 100_000


def test_the_static_pictures_keep_every_line_inside_and_above_the_figure():
    """The panels are the shared Panel itself (saving, redrawing, locking, the snapshot that wraps to the
    width): no line runs off the right edge or under the picture, which stays full width."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    panels = [cut_table_explorer(), search_panel()]
    assert all(type(p) is Panel for p in panels)
    for panel in panels:
        fig = panel.snapshot()
        renderer = FigureCanvasAgg(fig).get_renderer()
        fig.draw(renderer)
        head, picture = fig.axes[0], fig.axes[-1]
        assert picture.get_images() and fig.get_size_inches()[0] >= panel.figure.get_size_inches()[0]
        top_of_picture = picture.get_window_extent(renderer).y1
        for text in head.texts:
            box = text.get_window_extent(renderer)
            assert box.x1 <= fig.bbox.x1 + 1, f"{text.get_text()!r} runs off the right edge"
            assert box.y0 >= top_of_picture - 1, f"{text.get_text()!r} is under the picture"


def test_panel_arguments_are_checked_not_clamped():
    import pytest

    with pytest.raises(ValueError, match="repeated card Th"):
        cut_table_explorer(doc.EXAMPLE_DECK[:-2] + "Th")
    with pytest.raises(TypeError, match="deck must be a str"):
        cut_table_explorer(list(range(52)))
    with pytest.raises(TypeError, match="ties must be True or False"):
        search_view(2, 2, 1, "steepest", 0, 0, "yes")
    with pytest.raises(TypeError, match="kicks must be an int"):
        search_view(2, 2, 1, "steepest", 1.5, 0, False)
    with pytest.raises(ValueError, match="at most"):
        search_view(1, 2, 1, "steepest", 10**400, 0, False)
    with pytest.raises(ValueError, match="method must be one of"):
        search_view(2, 2, 1, "fastest", 0, 0, False)
