"""Turn models (stoplib.race.models): the engine's Ten Thousand against document 002's rules as stoplib.tenthousand
writes them, Pig, and Farkle's readings."""
import itertools

import numpy as np
import pytest

from stoplib import race
from stoplib import tenthousand as tt
from stoplib.race import _dice, _farkle
from stoplib.race.models import turn_model


def test_tenthousand_model_has_the_papers_frequencies_and_moves():
    m = turn_model("tenthousand")
    configs = _dice.tenthousand_configs(5)
    assert [(f, o, t[0] if len(t) == 1 else 0) for f, o, t in configs] == tt.configurations(5)
    for n in range(1, 6):
        freq = tt.frequencies(n)
        bust = freq.get((0, 0, 0), 0) / 6 ** n
        assert m.bust[n] == bust
        for e in range(m.out_ptr[n], m.out_ptr[n + 1]):
            f, o, t = configs[m.out_k[e]]
            assert m.out_p[e] == freq[(f, o, t[0] if t else 0)] / 6.0 ** n
    # every option's kept dice score as many chips as it sets aside (document 002's Table 1)
    for e in range(m.n_outcomes):
        for o in range(m.opt_ptr[e], m.opt_ptr[e + 1]):
            counts = tuple(m.opt_keep[o].count(f) for f in range(1, 7))
            assert m.scorer(counts) == m.opt_s[o]


def test_tenthousand_moves_are_definition_2_1():
    for a, b in itertools.product(_dice.tenthousand_configs(5), repeat=2):
        pa = (a[0], a[1], a[2][0] if a[2] else 0)
        pb = (b[0], b[1], b[2][0] if b[2] else 0)
        assert _dice._tt_smaller(a, b) == tt.is_smaller(pa, pb)


@pytest.mark.parametrize("game", race.GAMES)
def test_probabilities_of_a_roll_sum_to_one(game):
    m = turn_model(game)
    for n in range(1, m.dice + 1):
        assert abs(m.bust[n] + m.out_p[m.out_ptr[n]:m.out_ptr[n + 1]].sum() - 1) < 1e-14
    assert (np.diff(m.opt_ptr) >= 1).all() and (m.opt_s >= 1).all()
    assert ((m.opt_n >= 1) & (m.opt_n <= m.dice)).all()


def test_roll_table_classifies_every_roll():
    for game in ("tenthousand", "farkle"):
        m = turn_model(game)
        for n in range(1, m.dice + 1):
            for roll in itertools.combinations_with_replacement(range(1, 7), n):
                e = m.roll_outcome[m.encode_roll(roll)]
                counts = tuple(roll.count(f) for f in range(1, 7))
                best = max((m.scorer(sub) for sub in _dice._sub_multisets(counts)), default=0)
                assert (e < 0) == (best == 0)
                if e >= 0:
                    assert m.opt_s[m.opt_ptr[e]] == best


def test_pig_model():
    m = turn_model("pig", die=8)
    assert m.faces == 8 and m.bust[1] == 1 / 8 and m.opt_s.tolist() == list(range(2, 9))
    with pytest.raises(ValueError, match="die applies to Pig only"):
        turn_model("farkle", die=8)


def test_farkle_scoring_readings():
    bn, fb = _farkle.READINGS["farkle"], _farkle.READINGS["facebook_farkle"]
    assert _farkle.score((1, 0, 0, 0, 0, 0), bn) == 2 and _farkle.score((0, 0, 0, 0, 1, 0), bn) == 1
    assert _farkle.score((3, 0, 0, 0, 0, 0), bn) == 20 and _farkle.score((0, 0, 3, 0, 0, 0), bn) == 6
    assert _farkle.score((4, 0, 0, 0, 0, 0), bn) == 22            # triples only: a triple and a single
    assert _farkle.score((0, 4, 0, 0, 0, 0), bn) == 0             # a fourth 2 cannot score
    assert _farkle.score((0, 4, 0, 0, 0, 0), fb) == 8             # linear: four 2s are two triples' worth
    assert _farkle.score((1, 1, 1, 1, 1, 1), fb) == 30            # a straight, 1500 points
    assert _farkle.score((2, 2, 0, 0, 0, 2), fb) == 15            # three pairs, 750 points
    assert _farkle.score((0, 4, 0, 2, 0, 0), fb) == 0             # four of a kind and a pair: not three pairs
    assert _farkle.score((0, 4, 0, 2, 0, 0), dict(fb, quad_pair=True)) == 15   # the other reading
    assert _farkle.score((1, 1, 1, 1, 1, 1), bn) == 0             # no straight in this reading: the 2 cannot score


def test_farkle_variants():
    from stoplib.race.models import farkle_variant
    m = farkle_variant("facebook_farkle", quad_pair=True)
    assert m.n_outcomes > turn_model("facebook_farkle").n_outcomes
    with pytest.raises(ValueError, match="unknown rule"):
        farkle_variant("farkle", jokers=1)
