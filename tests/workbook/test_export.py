"""stoplib.workbook.export: the one helper for figures and tables."""
import pandas as pd
import pytest

import stoplib as sl


def test_save_figure_writes_png_and_svg(tmp_path, monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    paths = sl.save_figure(fig, "99_test", "line")
    plt.close(fig)
    assert [p.name for p in paths] == ["99_test-line.png", "99_test-line.svg", "99_test-line.pdf"]
    assert all(p.stat().st_size > 0 for p in paths)
    with pytest.raises(ValueError, match="name"):
        sl.save_figure(fig, "99_test", "../escape")
    with pytest.raises(ValueError, match="formats"):
        sl.save_figure(fig, "99_test", "x", formats=("jpg",))


def test_save_and_load_table(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    df = pd.DataFrame({"n": [1, 2], "v": [0.5, 0.85]})
    path = sl.save_table(df, "t")
    assert path == tmp_path / "data" / "t.csv"
    pd.testing.assert_frame_equal(sl.load_table("t"), df)
    with pytest.raises(FileNotFoundError):
        sl.load_table("missing")


def test_svg_export_is_deterministic(tmp_path, monkeypatch):
    import matplotlib.pyplot as plt

    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    texts = []
    for _ in range(2):
        fig, ax = plt.subplots()
        ax.plot([0, 1], [1, 0], marker="o")
        (svg,) = sl.save_figure(fig, "99_test", "line", formats=("svg",))
        plt.close(fig)
        texts.append(svg.read_text())
    assert texts[0] == texts[1]


def test_every_export_is_the_same_bytes_and_names_no_version(tmp_path, monkeypatch):
    """PNG, SVG and PDF: no date, no random id, no matplotlib version (a fresh install may bring another),
    so a rerun that draws the same figure leaves git clean."""
    import matplotlib

    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    runs = []
    for _ in range(2):
        fig, ax = sl.style.figure()
        ax.plot([0, 1, 2], [1, 0, 2], marker="o")
        ax.set_title("a title")
        runs.append({p.suffix: p.read_bytes() for p in sl.save_figure(fig, "99_test", "same")})
    assert runs[0] == runs[1]
    for suffix in (".svg", ".pdf"):
        assert matplotlib.__version__.encode() not in runs[0][suffix], suffix
