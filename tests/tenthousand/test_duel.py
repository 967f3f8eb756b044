"""The two-player names of stoplib.tenthousand: thin calls into the race engine (stoplib.race)."""
import numpy as np
import pytest

from stoplib import race
from stoplib import tenthousand as tt


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("STOPLIB_PROGRESS", "0")


def test_duel_is_the_engines_ten_thousand():
    r = tt.duel(20, cache=False)
    assert isinstance(r, race.Race) and r.game == "tenthousand"
    assert np.array_equal(r.turn_start, race.solve("tenthousand", 20, cache=False).turn_start)
    assert tt.duel(20, finish="bank", cache=False).first_player_win == r.first_player_win


def test_pig_duel_and_fair_head_start():
    assert round(tt.pig_duel(100).first_player_win, 4) == 0.5306
    assert tt.pig_duel(4, method="exact").first_player_win_exact.denominator == 11
    assert tt.pig_duel(12, die=4).die == 4
    h = tt.fair_head_start("pig", 100)
    assert h.head_start == 5 and h.at_head_start >= 0.5
    assert tt.fair_head_start("tenthousand", 20).unit == "chips"


def test_thin_calls_check_their_arguments():
    with pytest.raises(ValueError, match="method"):
        tt.duel(10, method="exact")
    with pytest.raises(ValueError, match="game"):
        tt.fair_head_start("farkle", 10)
    with pytest.raises(ValueError, match="die"):
        tt.pig_duel(10, die=1)
