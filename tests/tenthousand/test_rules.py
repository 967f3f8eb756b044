"""Ten Thousand rules (stoplib.tenthousand.rules): Tables 1, 2 and 4 of document 002, moves, bad input."""
import pytest

from stoplib import tenthousand as tt
from stoplib.tenthousand import document as doc
from stoplib.tenthousand.rules import _rules


# ----------------------------------------------------------------------------- documented answers

@pytest.mark.parametrize("row", doc.TABLE2, ids=lambda r: str(r[1]))
def test_table2_every_entry(row):
    d, cfg, c, s, paper = row
    assert tt.score(cfg) == (s, d, c)
    for n in range(1, 6):
        assert tt.frequencies(n).get(cfg) == paper[n - 1]


def test_table2_has_every_configuration_in_order():
    assert [tuple(r[1]) for r in doc.TABLE2] == tt.configurations(5)
    for n in range(1, 6):
        fr = tt.frequencies(n)
        assert sum(fr.values()) == 6 ** n
        assert set(fr) == {tuple(r[1]) for r in doc.TABLE2 if r[4][n - 1] is not None}


def test_score_follows_table1_points():
    pts = doc.TABLE1_POINTS
    assert tt.score((1, 0, 0))[0] * 50 == pts["each 5"]
    assert tt.score((0, 1, 0))[0] * 50 == pts["each 1"]
    assert tt.score((3, 0, 0))[0] * 50 == pts["three 5s"]
    assert tt.score((0, 3, 0))[0] * 50 == pts["three 1s"]
    for k, name in ((2, "three 2s"), (3, "three 3s"), (4, "three 4s"), (6, "three 6s")):
        assert tt.score((0, 0, k))[0] * 50 == pts[name]


# ----------------------------------------------------------------------------- properties

def test_six_dice_scoring():
    assert tt.score((0, 0, (2, 3))) == (10, 6, 2)
    assert tt.score((6, 0, 0)) == (20, 6, 6)     # two triples of 5s
    assert tt.frequencies(6)[(0, 0, (2, 2))] == 1
    assert tt.frequencies(6)[(0, 0, 0)] == 1440


def test_moves_follow_definition_2_1():
    assert tt.move(4, (2, 1, 0), 2, (0, 1, 0)) == (2, (0, 1, 0), 4)
    assert tt.move_name((2, 2, 0), (1, 0, 0)) == "m511"
    assert tt.move_name((4, 0, 0), (1, 0, 0)) == "mt5"
    assert tt.move_name((1, 0, 3), (1, 0, 0)) == "mt3"
    assert set(_rules(5).available) == set(tt.PAPER_ACTIONS)


def test_reachable_states():
    assert tt.is_reachable(1, (1, 0, 0), 4) and not tt.is_reachable(1, (1, 0, 0), 5)
    assert tt.is_reachable(3, (1, 0, 0), 2)       # three lone 5s in a row
    assert not tt.is_reachable(2, (1, 0, 0), 2)   # three rolls score at least 3 chips


# ----------------------------------------------------------------------------- bad input

def test_bad_moves():
    with pytest.raises(ValueError, match="not smaller"):
        tt.move(6, (2, 0, 0), 3, (0, 1, 0))
    with pytest.raises(ValueError, match="not smaller"):
        tt.move(6, (2, 0, 0), 3, (2, 0, 0))
    with pytest.raises(ValueError, match="no move"):
        tt.move(6, (2, 0, 0), 5, (1, 0, 0))
    with pytest.raises(ValueError):
        tt.move_name((1, 0, 0), (1, 0, 0))


def test_bad_frequencies_and_configurations():
    with pytest.raises(ValueError, match="n must be in 1..6"):
        tt.frequencies(7)
    with pytest.raises(ValueError, match="n_dice must be in 1..6"):
        tt.configurations(0)
    with pytest.raises(TypeError):
        tt.score((1, 0))
    with pytest.raises(ValueError, match="impossible with 6 dice"):
        tt.score((4, 0, 2))
