"""The engine against the code it replaced: two-player Ten Thousand bit for bit, Pig within 1e-13.

``data/old_engine_reference.npz`` holds what the two old duel modules of ``stoplib.tenthousand``
(``_duel_kernels.py`` and ``_pig_duel_kernels.py``, removed in the commit that added
``stoplib.race``) computed at small goals: Ten Thousand to 40 chips by both methods (every table),
its exact matches, Monte Carlo wins and head-start curve, a policy map and an advice; Pig to 30
points (every state value and hold decision) and its matches at 100. The slow test reads notebook
08's tables at the full goals as the old code wrote them (``data/old_notebook_08/``: the files of
``data/`` at the commit before the engine, ``git show 38028b8^:data/<name>.csv``), so a rerun of
the notebook by the engine cannot move the reference.
"""
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from stoplib import race

HERE = Path(__file__).resolve().parent
OLD_08 = HERE / "data" / "old_notebook_08"
STATS = ("turn_start", "bank_from", "roll_above", "riskier", "safer", "iterations")


@pytest.fixture(scope="module")
def old():
    with np.load(HERE / "data" / "old_engine_reference.npz") as data:
        return {k: data[k] for k in data.files}


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("STOPLIB_PROGRESS", "0")


@pytest.mark.parametrize("method", ["pairwise", "value_iteration"])
def test_tenthousand_tables_are_bit_identical(old, method):
    r = race.solve("tenthousand", 40, method=method, cache=False)
    for name in STATS:
        assert np.array_equal(getattr(r, name), old[f"tt_{method}_{name}"]), name
    assert (r.residual, r.pass_margin) == tuple(old[f"tt_{method}_scalars"])


def test_tenthousand_matches_games_and_head_start_are_bit_identical(old):
    stop = race.hold_at(6, unit="chips")
    pairs = [("optimal", "optimal"), ("solitaire", "optimal"), (stop, "optimal"), ("solitaire", "solitaire")]
    got = np.array([[m.first_player_win, m.second_player_win]
                    for m in (race.evaluate("tenthousand", a, b, 40) for a, b in pairs)])
    assert np.array_equal(got, old["tt_matches"])
    wins = [race.simulate("tenthousand", "optimal", p, 40, n_games=5_000, seed=2016).wins for p, _ in pairs[:3]]
    assert wins == old["tt_mc"].tolist()
    assert np.array_equal(race.fair_head_start("tenthousand", 40).second_player_win, old["tt_head"])


def test_tenthousand_policy_map_and_advice_are_bit_identical(old):
    r = race.solve("tenthousand", 40)
    pm = r.policy_map(10)
    assert np.array_equal(pm.decision, old["tt_policy_map_10"][0].astype(np.int8))
    assert np.array_equal(np.nan_to_num(pm.roll_value, nan=-1), old["tt_policy_map_10"][1])
    a = r.advice((3, 7), 2, "15522")
    assert np.array_equal([o.win_probability for o in a.options], old["tt_advice"])


@pytest.mark.parametrize("method", ["pairwise", "value_iteration"])
def test_pig_state_values_within_1e13_and_the_same_decisions(old, method):
    r = race.solve("pig", 30, method=method)
    assert np.abs(r.state_values() - old[f"pig_{method}_values"]).max() < 1e-13
    hold = old[f"pig_{method}_hold"]
    G = 30
    for i in range(G):
        for j in range(G):
            first = np.flatnonzero(hold[i, j, 1:G - i])
            want = int(first[0]) + 1 if len(first) else G - i
            assert int(r.bank_from[1, i, j]) == want


def test_pig_matches_within_1e13_and_games_identical(old):
    h20, pace = race.hold_at(20), race.keep_pace()
    pairs = [("optimal", "optimal"), ("optimal", h20), ("optimal", pace), (pace, h20), (h20, h20)]
    got = np.array([[m.first_player_win, m.second_player_win]
                    for m in (race.evaluate("pig", a, b, 100) for a, b in pairs)])
    assert np.abs(got - old["pig_matches_100"]).max() < 1e-13
    wins = [race.simulate("pig", a, b, 30, n_games=20_000, seed=2004).wins for a, b in pairs[:3]]
    assert wins == old["pig_mc_30"].tolist()


@pytest.mark.slow
def test_notebook_08_tables_at_full_goals():
    """Pig to 100 and Ten Thousand to 200 chips against notebook 08's tables as written by the old code."""
    pig = pd.read_csv(OLD_08 / "two_player_pig_methods.csv").set_index("method")
    for method in ("pairwise", "value_iteration"):
        assert abs(race.solve("pig", 100, method=method).first_player_win
                   - pig.loc[method, "first_player_win"]) < 1e-13
    tt = pd.read_csv(OLD_08 / "two_player_tenthousand_methods.csv").set_index("method")
    r = race.solve("tenthousand", 200, cache=False)
    assert r.first_player_win == tt.loc["pairwise", "first_player_win"]
    curve = pd.read_csv(OLD_08 / "two_player_tenthousand_by_goal.csv")
    shares = race.win_shares_by_goal("tenthousand", 200)
    assert np.array_equal(shares.first_player_win, curve["first_player_win"].to_numpy())
    matches = pd.read_csv(OLD_08 / "two_player_tenthousand_matches.csv")
    m = race.evaluate("tenthousand", "solitaire", "optimal", 200)
    assert (m.first_player_win, m.second_player_win) == tuple(matches.loc[1, ["first", "second"]])
