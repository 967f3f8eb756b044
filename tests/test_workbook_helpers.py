"""The shared helpers: quick mode, figure export, tables, seeds, validation."""
import numpy as np
import pandas as pd
import pytest

import stoplib as sl
from stoplib import config
from stoplib.rng import as_generator, kernel_seed
from stoplib.validate import check_choice, check_int


def test_quick_mode_follows_environment(monkeypatch):
    monkeypatch.setenv("STOPLIB_QUICK", "1")
    assert config.is_quick() and config.pick(10, 1) == 1
    monkeypatch.setenv("STOPLIB_QUICK", "0")
    assert not config.is_quick() and config.pick(10, 1) == 10


def test_save_figure_writes_png_and_svg(tmp_path, monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    paths = sl.save_figure(fig, "99_test", "line")
    plt.close(fig)
    assert [p.name for p in paths] == ["99_test-line.png", "99_test-line.svg"]
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


def test_seeds_are_reproducible_and_checked():
    assert as_generator(3).integers(1 << 30) == as_generator(3).integers(1 << 30)
    g = np.random.default_rng(1)
    assert as_generator(g) is g
    assert kernel_seed(5) == kernel_seed(5)
    with pytest.raises(TypeError):
        as_generator(1.5)
    with pytest.raises(TypeError):
        as_generator(True)
    with pytest.raises(ValueError):
        as_generator(-1)


@pytest.mark.parametrize("bad, exc", [(True, TypeError), (2.0, TypeError), ("3", TypeError), (-1, ValueError)])
def test_check_int_rejects(bad, exc):
    with pytest.raises(exc):
        check_int("n", bad, 0, 10)


def test_check_int_range_message():
    with pytest.raises(ValueError, match=r"n must be in 0\.\.10, got 11"):
        check_int("n", 11, 0, 10)
    assert check_int("n", np.int64(4), 0) == 4
    with pytest.raises(ValueError, match="one of"):
        check_choice("m", "x", ("a", "b"))


def test_median_time_runs_setup_before_each_call_and_checks_repeats():
    from stoplib.timing import median_seconds, median_time

    calls = []
    seconds, result = median_time(lambda: len(calls), repeats=3, setup=lambda: calls.append(1))
    assert len(calls) == 3 and result == 3 and seconds >= 0
    with pytest.raises(ValueError, match="repeats"):
        median_seconds(lambda: None, repeats=0)


def test_svg_export_is_deterministic(tmp_path, monkeypatch):
    import matplotlib.pyplot as plt

    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    texts = []
    for _ in range(2):
        fig, ax = plt.subplots()
        ax.plot([0, 1], [1, 0], marker="o")
        (svg,) = sl.figures.save_figure(fig, "99_test", "line", formats=("svg",))
        plt.close(fig)
        texts.append(svg.read_text())
    assert texts[0] == texts[1]
