"""The notebook's panels (stoplib.holdem.widgets) build headless and react to their controls."""
import pytest

pytest.importorskip("ipywidgets")

from stoplib.holdem import document as doc  # noqa: E402
from stoplib.holdem.widgets import cut_table_explorer, search_panel  # noqa: E402


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_cut_table_explorer_builds_and_follows_the_player_count():
    import ipywidgets as w

    panel = cut_table_explorer(doc.TEN_DECKS[0])
    assert isinstance(panel, w.VBox)
    parts = list(_walk(panel))
    text = next(p for p in parts if isinstance(p, w.Textarea))
    assert text.value == doc.TEN_DECKS[0]
    players, seat = [p for p in parts if isinstance(p, w.Dropdown)][:2]
    players.value = 4
    assert list(seat.options) == [1, 2, 3, 4]
    text.value = "not a deck"  # reported in the output, never raised


def test_search_panel_builds():
    import ipywidgets as w

    panel = search_panel()
    assert isinstance(panel, w.VBox)
    assert any(isinstance(p, w.Button) and p.description == "search" for p in _walk(panel))
