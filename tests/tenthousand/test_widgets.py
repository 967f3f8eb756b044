"""Ten Thousand panels (stoplib.tenthousand.widgets): Panels whose readouts match the API,
that refuse out-of-range requests with a message, and save what they show."""
import pytest

from stoplib import tenthousand as tt
from stoplib.tenthousand import widgets
from stoplib.workbook.panel import Panel


def _kept(panel):
    """The advisor's "set aside" menu (in the panel's button row)."""
    return next(w for row in panel.children for w in getattr(row, "children", ())
                if getattr(w, "description", "") == "set aside")


@pytest.fixture
def out_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    return tmp_path


def test_describe():
    assert widgets.describe((0, 3, 0)) == "three 1s"
    assert widgets.describe((2, 1, 4)) == "two 5s, a 1 and three 4s"


def test_advisor_readout_follows_the_api(sol, out_dir):
    panel = widgets.advisor_widget()
    assert isinstance(panel, Panel)
    assert panel.readout.value.startswith(f"V(4, [2, 1, 0], 2) = {sol.value_at(4, (2, 1, 0), 2):.6f}")
    panel.controls["total"].value = 6
    _kept(panel).value = (1, 1, 0)
    assert panel.readout.value.startswith(f"V(6, [1, 1, 0], 2) = {sol.value_at(6, (1, 1, 0), 2):.6f}")
    assert f"best: <b>{sol.action_at(6, (1, 1, 0), 2)}</b>" in panel.readout.value


def test_advisor_messages_instead_of_clamping(out_dir):
    panel = widgets.advisor_widget()
    panel.controls["total"].value = 1000
    assert "must be in 1..300" in panel.message.value and panel.controls["total"].value == 1000
    panel.controls["total"].value = 2                       # two 5s and a 1 are 4 chips already
    assert "turn total τ must be &gt;= s(config) = 4" in panel.message.value
    panel.controls["total"].value = 4
    panel.controls["left"].value = 3                        # [2, 1, 0] leaves at most two of five dice
    assert "at most 2 dice are left" in panel.message.value
    panel.controls["left"].value = 2
    panel.controls["total"].value = 5
    assert panel.message.value == ""


def test_advisor_follows_the_number_of_dice(out_dir):
    panel = widgets.advisor_widget()
    panel.controls["dice"].value = 6
    assert (0, 0, (2, 3)) in [v for _, v in _kept(panel).options]
    assert panel.readout.value.startswith(f"V(4, [2, 1, 0], 2) = {tt.solve(6).value_at(4, (2, 1, 0), 2):.6f}")
    panel.controls["dice"].value = 2                     # [2, 1, 0] needs three dice: the choice resets
    assert _kept(panel).value == (1, 0, 0)
    assert panel.readout.value.startswith(f"V(4, [1, 0, 0], 2) = {tt.solve(2).value_at(4, (1, 0, 0), 2):.6f}")


def test_policy_explorer(out_dir):
    panel = widgets.policy_explorer_widget(n_turns=2_000)      # the readout's exact value does not depend on it
    panel.controls["x"].value = 500
    exact = tt.evaluate(tt.stop_at_policy(10))
    assert panel.readout.value.startswith(f"stop at 500 points: {50 * exact:.2f} points exactly")
    panel.controls["turns"].value = widgets.MAX_TURNS + 1
    assert "must be in" in panel.message.value
    paths = panel.save()
    assert sorted(p.suffix for p in paths) == [".pdf", ".png", ".svg"]
    assert all(p.name.startswith("05_ten_thousand-stop-at-x500-turns") for p in paths)


def test_dice_panel(out_dir, monkeypatch):
    panel = widgets.dice_widget()
    panel.controls["dice"].value = 4
    panel.controls["plain"].value = True
    want = tt.solve(4, actions=["s", "r"])
    assert panel.readout.value.startswith(f"N = 4: τ* = {want.threshold} chips, V*(ι) = {want.value:.6f} chips")
    # the three formats are checked with the policy explorer; here the PNG suffices (SVG and PDF take seconds)
    monkeypatch.setattr("stoplib.workbook.panel.FORMATS", ("png",))
    paths = panel.save()
    assert "Saved" in panel.message.value and [p.name for p in paths] == ["05_ten_thousand-dice-dice4-plainTrue.png"]


def test_static_picture_for_readers_without_a_kernel():
    bundle = widgets.dice_widget()._repr_mimebundle_()
    assert "image/png" in bundle and "interactive panel" in bundle["text/plain"]


def test_a_panel_computes_once_per_interaction(out_dir, monkeypatch):
    """One request, one result: the explorer simulates once and evaluates nothing (the exact values of its
    rules are computed once per session); the advisor asks the solution for one Advice."""
    from stoplib.tenthousand import solver

    panel = widgets.policy_explorer_widget(n_turns=2_000)
    calls = {"simulate": 0, "evaluate": 0, "advice": 0}

    def counted(name, fn):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return fn(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(widgets, "_simulate", counted("simulate", widgets._simulate))
    monkeypatch.setattr(widgets, "_stop_at_table", counted("evaluate", widgets._stop_at_table))
    panel.controls["x"].value = 400
    assert (calls["simulate"], calls["evaluate"]) == (1, 0)
    assert panel.readout.value.startswith(f"stop at 400 points: {50 * tt.evaluate(tt.stop_at_policy(8)):.2f}")

    advisor = widgets.advisor_widget()
    monkeypatch.setattr(solver.Solution, "advice", counted("advice", solver.Solution.advice))
    advisor.controls["total"].value = 7
    assert calls["advice"] == 1
    advisor.controls["dice"].value = 2        # new menu options, a choice reset: still one computation
    assert calls["advice"] == 2 and _kept(advisor).value == (1, 0, 0)
    _kept(advisor).value = (0, 1, 0)
    assert calls["advice"] == 3 and advisor.readout.value.startswith("V(7, [0, 1, 0], 2)")
