"""Monte Carlo games of both duels (stoplib.tenthousand.duel_simulation) against the exact evaluations."""
import pytest

from stoplib import tenthousand as tt


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("STOPLIB_PROGRESS", "0")


def _z(sim, match):
    exact = match.first_player_win if sim.player_first else match.second_player_win
    return (sim.win_rate - exact) / sim.std_err


PIG = [("optimal", "optimal"), ("optimal", "hold at 20"), ("keep pace", "optimal"), ("hold at 20", "keep pace")]


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("player, opponent", PIG)
def test_pig_games_within_4_standard_errors(player, opponent, first):
    rules = {"optimal": "optimal", "hold at 20": tt.pig_hold_at(20), "keep pace": tt.pig_keep_pace()}
    a, b = rules[player], rules[opponent]
    sim = tt.pig_duel_simulate(a, b, goal=100, player_first=first, n_games=40_000, seed=11)
    assert abs(_z(sim, tt.pig_duel_evaluate(a, b, goal=100))) < 4


TT = [("optimal", "optimal"), ("optimal", "solitaire"), ("solitaire", "optimal"), ("optimal", "stop at 6")]


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("player, opponent", TT)
def test_ten_thousand_games_within_4_standard_errors(player, opponent, first):
    rules = {"optimal": "optimal", "solitaire": "solitaire", "stop at 6": tt.stop_at_policy(6)}
    a, b = rules[player], rules[opponent]
    sim = tt.duel_simulate(a, b, goal=30, player_first=first, n_games=30_000, seed=5)
    assert abs(_z(sim, tt.duel_evaluate(a, b, goal=30))) < 4


def test_seeded_reproducible_and_parallel_equals_serial():
    a = tt.duel_simulate("optimal", "solitaire", goal=15, n_games=3_000, seed=2, parallel=True)
    b = tt.duel_simulate("optimal", "solitaire", goal=15, n_games=3_000, seed=2, parallel=False)
    c = tt.duel_simulate("optimal", "solitaire", goal=15, n_games=3_000, seed=3)
    assert a == b and a.wins != c.wins
    p = tt.pig_duel_simulate(goal=30, n_games=3_000, seed=2, parallel=True)
    q = tt.pig_duel_simulate(goal=30, n_games=3_000, seed=2, parallel=False)
    assert p == q


def test_bad_input():
    with pytest.raises(ValueError, match="n_games"):
        tt.duel_simulate(goal=10, n_games=0)
    with pytest.raises(TypeError, match="seed"):
        tt.pig_duel_simulate(goal=10, seed="1")
    with pytest.raises(TypeError, match="player_first"):
        tt.pig_duel_simulate(goal=10, player_first=1)
    with pytest.raises(ValueError, match="budget|limit"):
        tt.duel_simulate(goal=20, n_games=10**11)
