"""stoplib.workbook.style: one figure style, explicit figures, text size check."""
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from stoplib.workbook import style


def test_figure_is_explicit_styled_and_not_in_pyplot():
    before = plt.get_fignums()
    fig, axes = style.figure(1, 2, figsize=(6, 3))
    assert isinstance(fig, Figure) and len(axes) == 2
    assert plt.get_fignums() == before, "style.figure must not register with pyplot"
    line, = axes[0].plot([0, 1], [0, 1])
    assert line.get_color().upper() == style.CYCLE[0].upper()
    assert not axes[0].spines["top"].get_visible()


def test_small_text_finds_text_below_the_minimum():
    fig, ax = style.figure()
    ax.set_title("fine")
    assert style.small_text(fig) == []
    ax.text(0.5, 0.5, "tiny", fontsize=5)
    assert style.small_text(fig) == ["'tiny' at 5.0 pt"]


def test_palette_has_no_red_green_pair_for_agreement():
    assert style.AGREE != style.DIFFER
    assert {style.AGREE, style.DIFFER} <= set(style.COLORS.values())
    assert "#FF0000" not in style.COLORS.values() and "#00FF00" not in style.COLORS.values()


def test_png_bytes_is_a_complete_png():
    fig, ax = style.figure(figsize=(2, 1))
    ax.plot([0, 1], [1, 0])
    data = style.png_bytes(fig)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data.rstrip(b"\x00").endswith(b"IEND\xaeB`\x82")
