"""The timing helpers of notebook 07 (stoplib.holdem.timings): the tables' shape, not the speeds
(speed is measured in benchmarks/ and in the notebook, never asserted in tests)."""
import numpy as np

from stoplib.holdem.timings import evaluator_speeds, random_hands, search_speeds, table_kilobytes


def test_tables():
    assert 100 < table_kilobytes() < 1000


def test_random_hands_are_distinct_cards_and_seeded():
    hands = random_hands(500, 7, seed=3)
    assert hands.dtype == np.int8 and hands.shape == (500, 7)
    assert all(len(set(row)) == 7 for row in hands.tolist()) and hands.min() >= 0 and hands.max() <= 51
    assert np.array_equal(hands, random_hands(500, 7, seed=3))


def test_speed_tables_have_one_row_per_workload():
    ev = evaluator_speeds(1000, repeats=1)
    assert len(ev) == 6 and set(ev["hands"]) == {5, 7} and (ev["million_per_second"] > 0).all()
    sp = search_speeds(3)
    assert list(sp["run"]) == ["serial", "parallel"] and sp["n_optimal"].nunique() == 1
    assert {"climbs_per_second", "stackings_per_second"} <= set(sp.columns)
    for t in (ev, sp):  # every timing states its machine and load (stoplib.util.timing.stamp)
        assert {"machine", "load", "taken"} <= set(t.columns)
        assert t["machine"].str.contains("cores").all() and (t["load"] >= 0).all()
