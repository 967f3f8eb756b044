"""Exact mixed equilibria where three players' best responses flip each other (stoplib.race._mixing).

Three-player Pig to 70 is the smallest goal of the game with such cycles (none to 60). Its
mixing movers are checked here by a second, independent method: Pig's turn written out in
plain Python (roll a 1 and bust, or add the face; bank any positive total), the mover's best
own value against the solved table, and the turns just either side of the solved bust value.
"""
import numpy as np
import pytest

from stoplib import race
from stoplib.race import _mixing, multi
from stoplib.race.models import _model

GOAL = 70


@pytest.fixture(scope="module")
def pig3():
    return race.solve("pig", GOAL, players=3)


def own_turn(W, s, y0, policy=None):
    """Pig: the mover's own win probability at scores ``s`` (turn order) with its bust worth ``y0``; the
    best turn (``policy`` None: also returned, as the set of totals it banks at) or a fixed one."""
    G = W.shape[0]
    s0, s1, s2 = s
    room = G - s0
    value = {}
    banks = set()
    for t in range(room - 1, -1, -1):
        roll = y0 / 6 + sum((1.0 if t + d >= room else value[t + d]) / 6 for d in range(2, 7))
        if t == 0:
            value[t] = roll
            break
        bank = W[s1, s2, s0 + t, 2]
        hold = (t in policy) if policy is not None else bank >= roll
        value[t] = bank if hold else roll
        if hold:
            banks.add(t)
    return value[0], frozenset(banks)


def test_every_mixed_cycle_is_solved_and_nobody_gains_by_deviating(pig3):
    assert pig3.mixed >= 1 and pig3.mixed_exact == pig3.mixed
    assert pig3.deviation_gain < 1e-13 and pig3.unsettled == 0
    rows = pig3.mixing
    assert len(rows) >= pig3.mixed and ((rows["p"] > 0) & (rows["p"] < 1)).all()
    assert np.abs(pig3.turn_start.sum(axis=-1) - 1).max() < 1e-12


def test_each_mixing_mover_is_indifferent_between_two_turns_by_plain_python(pig3):
    W = pig3.turn_start
    for r in pig3.mixing.itertuples(index=False):
        s = (r.s0, r.s1, r.s2)
        y0 = W[s[1], s[2], s[0], 2]           # the mover's own share after a bust: the next mover's table
        best, _ = own_turn(W, s, y0)
        assert abs(best - W[s][0]) < 1e-13     # no better turn than the equilibrium's value
        _, below = own_turn(W, s, y0 - 1e-7)
        _, above = own_turn(W, s, y0 + 1e-7)
        assert below != above                  # two distinct best turns meet at the solved bust value
        for policy in (below, above):          # and the mover gets the same from either
            assert abs(own_turn(W, s, y0, policy)[0] - W[s][0]) < 1e-12


def test_the_damped_values_were_only_close(pig3):
    # without the exact solve the damped values leave a gain above 1e-6 (the chapter's old 6.8e-5 here)
    model = _model("pig")
    T = GOAL + model.smax + 1
    W = np.array(pig3.turn_start).reshape(GOAL ** 3, 3)
    state = int(np.ravel_multi_index(tuple(int(x) for x in pig3.mixed_cycles[0]), (GOAL,) * 3))
    moved = W.copy()
    moved[state] += np.array([2e-5, -1e-5, -1e-5])
    gain, mixing = _mixing.mix_cycle(moved, state, 3, GOAL, model.dice, model.rules, T)
    assert gain is not None and gain < 1e-13 and mixing
    assert np.abs(moved[state] - W[state]).max() < 1e-12   # the same equilibrium from a nearby start


def test_a_cycle_too_far_from_its_equilibrium_is_left_as_it_was(pig3):
    model = _model("pig")
    T = GOAL + model.smax + 1
    W = np.array(pig3.turn_start).reshape(GOAL ** 3, 3).copy()
    state = int(np.ravel_multi_index(tuple(int(x) for x in pig3.mixed_cycles[0]), (GOAL,) * 3))
    W[state] = [0.9, 0.05, 0.05]                  # nowhere near: the candidate turns cannot reach it
    before = W.copy()
    gain, mixing = _mixing.mix_cycle(W, state, 3, GOAL, model.dice, model.rules, T)
    assert gain is None and mixing == [] and np.array_equal(W, before)


def test_the_mixing_table_names_its_columns(pig3):
    assert list(pig3.mixing.columns) == ["s0", "s1", "s2", "p", "bank_from_first", "bank_from_second"]
    assert multi.MultiRace.__dataclass_fields__["mixed_exact"].default == 0


def test_damped_rounds_split_in_two_equal_one_run(pig3):
    from stoplib.race._kernels_multi import _damp_cycle, _multi_work
    model = _model("pig")
    T = GOAL + model.smax + 1
    W = np.array(pig3.turn_start).reshape(GOAL ** 3, 3).copy()
    state = int(np.ravel_multi_index(tuple(int(x) for x in pig3.mixed_cycles[0]), (GOAL,) * 3))
    work = _multi_work(T, model.dice, model.rules[1][model.dice + 1], 3)
    one, two = W.copy(), W.copy()
    _damp_cycle(one, state, 3, GOAL, model.dice, model.rules, work, 0, 200)
    _damp_cycle(two, state, 3, GOAL, model.dice, model.rules, work, 0, 120)
    _damp_cycle(two, state, 3, GOAL, model.dice, model.rules, work, 120, 200)
    assert np.array_equal(one, two) and not np.array_equal(one, W)


def test_a_cycle_the_first_solve_misses_is_damped_further_and_solved_again(pig3, monkeypatch):
    from stoplib.race._kernels_multi import DAMPED_ROUNDS, MAX_ROUNDS
    model = _model("pig")
    T = GOAL + model.smax + 1
    W = np.array(pig3.turn_start).reshape(GOAL ** 3, 3).copy()
    state = int(np.ravel_multi_index(tuple(int(x) for x in pig3.mixed_cycles[0]), (GOAL,) * 3))
    calls = []

    def first_fails(*args):
        calls.append(1)
        return (None, []) if len(calls) == 1 else _mixing.mix_cycle(*args)

    monkeypatch.setattr(multi, "mix_cycle", first_fails)
    rounds = np.zeros(GOAL ** 3, dtype=np.int64)
    mix = multi._mix_or_damp(W, state, 3, GOAL, model.dice, model.rules, T, rounds)
    assert len(calls) == 2 and mix and rounds[state] == -(MAX_ROUNDS + DAMPED_ROUNDS)
    assert np.abs(W[state] - pig3.turn_start.reshape(-1, 3)[state]).max() < 1e-12
