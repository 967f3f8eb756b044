"""Tests for stoplib.fields.rules: the state encoding and the legal moves.

Every state is enumerated once; bad states, rolls and placements get clear errors.
"""
import math

import pytest

from stoplib import fields as fl


# --------------------------------------------------------------------------
# every state
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V,F", [(1, 1), (5, 2), (8, 4), (9, 9)])
def test_all_states_are_every_increasing_filling(V, F):
    states = list(fl.all_states(V, F))
    assert len(states) == math.comb(V + F, F)
    keys = {tuple(st) for st in states}
    assert len(keys) == len(states)
    for st in states:
        filled = [v for v in st if v is not None]


# --------------------------------------------------------------------------
# bad states, rolls and placements
# --------------------------------------------------------------------------
@pytest.mark.parametrize("state,roll,err,match", [
    ([None, 5, 3], 1, ValueError, "not increasing"),
    ([4, 4, None], 1, ValueError, "not increasing"),
    ([None, None], 1, ValueError, "length"),
    ([None, 10, None], 1, ValueError, "0..9"),
    ([None, -1, None], 1, ValueError, "0..9"),
    ([None, 2.0, None], 1, TypeError, "state\\[1\\]"),
    ([None, True, None], 1, TypeError, "state\\[1\\]"),
    ("abc", 1, TypeError, "state"),
    ([None, 5, None], 5, ValueError, "already drawn"),
    ([None, 5, None], 10, ValueError, "roll"),
    ([None, 5, None], -1, ValueError, "roll"),
    ([None, 5, None], 1.0, TypeError, "roll"),
    ([None, 5, None], False, TypeError, "roll"),
])
def test_bad_states_and_rolls(state, roll, err, match):
    for fn in (fl.legal_fields, fl.placement_probabilities):
        with pytest.raises(err, match=match):
            fn(10, 3, state, roll)


def test_bad_placements():
    with pytest.raises(ValueError, match="already filled"):
        fl.place(10, 3, [None, 5, None], 2, 1)
    with pytest.raises(ValueError, match="breaks the increasing order"):
        fl.place(10, 3, [None, 5, None], 2, 2)
    with pytest.raises(ValueError, match="field"):
        fl.place(10, 3, [None, 5, None], 2, 3)
