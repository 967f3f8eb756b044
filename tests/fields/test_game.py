"""Tests for stoplib.fields.game: the playable game, without a browser."""
import pytest

from stoplib import fields as fl


def test_game_plays_to_an_outcome_and_rejects_illegal_moves():
    outcomes = set()
    for seed in range(40):
        g = fl.FieldsGame(12, 4, seed=seed)
        with pytest.raises(ValueError, match="roll first"):
            g.place(0)
        while g.outcome is None:
            r = g.roll()
            if g.outcome == "lost":
                assert g.legal_fields() == [] and g.placement_probabilities() == {}
                break
            with pytest.raises(ValueError, match="pending"):
                g.roll()
            legal = g.legal_fields()
            assert legal == fl.legal_fields(12, 4, g.state, r)
            illegal = [f for f in range(4) if f not in legal]
            if illegal:
                with pytest.raises(ValueError):
                    g.place(illegal[0])
            assert g.best_field() in legal
            g.place(g.best_field())
        outcomes.add(g.outcome)
        with pytest.raises(ValueError, match="over"):
            g.roll()
        if g.outcome == "won":
            assert g.win_probability() == 1.0 and all(v is not None for v in g.state)
    assert outcomes == {"won", "lost"}


def test_game_is_seeded():
    def rolls(seed):
        g = fl.FieldsGame(30, 5, seed=seed)
        out = []
        while g.outcome is None:
            out.append(g.roll())
            if g.outcome is None:
                g.place(g.legal_fields()[0])
        return out
    assert rolls(1) == rolls(1)


def test_game_rejects_illegal_moves_and_sizes():
    g = fl.FieldsGame(10, 3, seed=0)
    g.roll()
    with pytest.raises(ValueError):
        g.place(7)
    with pytest.raises(ValueError):
        fl.FieldsGame(3, 4)


def test_rolls_are_drawn_without_listing_the_values():
    """A huge one-field game plays at once (and is won); rolls equal the listed-values draw."""
    import numpy as np
    g = fl.FieldsGame(10**12, 1, seed=3)
    r = g.roll()
    assert 0 <= r < 10**12 and g.legal_fields() == [0]
    assert g.placement_probabilities() == {0: 1.0} and g.win_probability() == 1.0
    g.place(0)
    assert g.outcome == "won"
    for seed in range(5):                                   # same draws as indexing the list of undrawn values
        g, rng = fl.FieldsGame(15, 6, seed=seed), np.random.default_rng(seed)
        while g.outcome is None:
            values = g.undrawn()
            expected = values[int(rng.integers(len(values)))]
            assert g.roll() == expected
            if g.outcome is None:
                g.place(g.legal_fields()[0])


def test_game_refuses_sizes_it_cannot_evaluate():
    from stoplib.util.budget import BudgetError
    with pytest.raises(BudgetError, match="FieldsGame"):
        fl.FieldsGame(10**9, 5)
    with pytest.raises(ValueError, match="2\\*\\*62"):
        fl.FieldsGame(2**62 + 1, 1)
    with pytest.raises(TypeError):
        fl.FieldsGame(10, 3, seed="1")


def test_a_position_is_what_the_separate_calls_give():
    """position() computes once what the panel shows; it equals the API's separate answers."""
    g = fl.FieldsGame(40, 6, seed=4)
    pos = g.position()
    assert pos.roll is None and pos.now == fl.state_probability(40, 6, g.state) and pos.probabilities == {}
    assert pos.start == fl.win_probability(40, 6) and pos.history == ()
    g.roll()
    for policy in fl.POLICIES:
        pos = g.position(policy)
        best = fl.best_placement(40, 6, g.state, g.current)
        assert pos.probabilities == best.probabilities and pos.best == best.field == g.best_field()
        assert pos.now == best.probability == g.win_probability()
        assert pos.chosen == fl.choose_field(40, 6, g.state, g.current, policy) == g.choose(policy)
    g.place(pos.chosen)
    assert g.position().history == ((g.history[0][0], pos.chosen),)
    with pytest.raises(ValueError, match="policy"):
        g.position("greedy")
