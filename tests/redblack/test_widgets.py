"""Tests of stoplib.redblack.widgets: each panel builds, with the controls the
notebooks describe, and draws without error for its default deck."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import widgets as rbw  # noqa: E402


def controls(panel):
    return {w.description: w for w in panel.children if hasattr(w, "value") and w.description}


def test_position_panel():
    panel = rbw.position_panel()
    c = controls(panel)
    assert (c["red"].value, c["black"].value, c["red"].max) == (26, 26, 300)
    assert c["red"].continuous_update is False
    c["black"].value = 40  # redraws for a deck worth nothing
    plt.close("all")


def test_simulation_panel():
    panel = rbw.simulation_panel()
    c = controls(panel)
    assert c["games"].options == (1_000, 10_000, 100_000, 1_000_000)
    c["games"].value = 1_000
    plt.close("all")


def test_refit_panel():
    panel = rbw.refit_panel(rb.balanced_values(1000))
    c = controls(panel)
    assert (c["n from"].max, c["n to"].max, c["n to"].value) == (500, 1000, 1000)
    with pytest.raises(ValueError, match="at least 200"):
        rbw.refit_panel(rb.balanced_values(50))
