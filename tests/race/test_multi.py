"""Three or more players (stoplib.race.multi): the equilibrium, its checks, and the two-player case."""
import numpy as np
import pytest

from stoplib import race


@pytest.fixture(scope="module")
def pig3():
    return race.solve("pig", 20, players=3)


def test_shares_are_probabilities_and_the_first_seat_leads(pig3):
    W = pig3.turn_start
    assert np.abs(W.sum(axis=-1) - 1).max() < 1e-12 and W.min() >= 0
    shares = pig3.win_shares()
    assert shares[0] > shares[1] > shares[2]
    assert pig3.unsettled == 0 and pig3.residual < 1e-13


def test_no_player_gains_by_deviating(pig3):
    assert pig3.deviation_gain < 1e-13 and pig3.evaluation_gap < 1e-12


def test_methods_and_starting_points_agree(pig3):
    vi = race.equilibrium("pig", 20, players=3, method="value_iteration")
    assert np.abs(vi.turn_start - pig3.turn_start).max() < 1e-12
    for start in race.STARTS:
        other = race.equilibrium("pig", 20, players=3, method="value_iteration", start=start)
        assert np.abs(other.turn_start - pig3.turn_start).max() < 1e-12


@pytest.mark.parametrize("game,goal", [("pig", 30), ("tenthousand", 12), ("farkle", 10)])
def test_two_players_by_the_multi_engine_match_the_two_player_engine(game, goal):
    two = race.solve(game, goal)
    multi = race.equilibrium(game, goal, players=2)
    assert np.abs(multi.turn_start[:, :, 0] - two.turn_start).max() < 1e-12
    assert multi.deviation_gain < 1e-13


def test_win_probability_reads_every_seat_and_turn(pig3):
    r = pig3
    assert r.win_probability(1, (3, 5, 7), to_move=1) == r.turn_start[5, 7, 3, 0]
    assert r.win_probability(0, (3, 5, 7), to_move=1) == r.turn_start[5, 7, 3, 2]
    with pytest.raises(ValueError):
        r.win_probability(3)


def test_advice_and_policy_map(pig3):
    a = pig3.advice((0, 0, 0), 10, "4")
    assert len(a.options) == 2 and abs(sum(a.best.win_probabilities) - 1) < 1e-12
    pm = pig3.policy_map((0, 0))
    assert pm.shape == (20,) and (pm >= 1).all()
    bust = pig3.advice((0, 5, 5), 10, "1")
    assert bust.bust and bust.best is None


def test_fair_head_starts_for_three(pig3):
    h = race.fair_head_start("pig", 20, players=3)
    assert h.players == 3 and h.head_starts[0] == 0 and h.head_starts[1] <= h.head_starts[2]
    spread = max(abs(s - 1 / 3) for s in h.shares)
    assert spread <= max(abs(s - 1 / 3) for s in pig3.win_shares())


def test_counter_games_are_two_players_only():
    with pytest.raises(ValueError, match="counter"):
        race.solve("facebook_farkle", 5, players=3)


def test_seat_departures_compare_with_the_two_player_policy():
    t = race.seat_departures(race.solve("pig", 40, players=3), race.solve("pig", 40))
    assert list(t["place"]) == ["leads", "between", "trails", "level"]
    assert t["turn_starts"].sum() == 40 ** 3
    assert ((t["later_share"] + t["sooner_share"]) <= 1).all()
    assert (t["later_share"] + t["sooner_share"]).max() > 0          # at 40 points the policies differ somewhere
    with pytest.raises(ValueError, match="two-player"):
        race.seat_departures(race.solve("pig", 40, players=3), race.solve("pig", 30))
