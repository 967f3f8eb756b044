"""CardCounter strategy (``stoplib.cardcounter.strategy``): the fresh-deck chart and card-removal effects."""
import numpy as np

import stoplib.cardcounter as cc
from stoplib.cardcounter import strategy


def test_strategy_chart_sanity(single_deck):
    table, grid, basic = single_deck.table, single_deck.grid, single_deck.basic
    assert len(table) == 550
    assert (grid.loc["hard 11"] == "H").all() and (grid.loc["hard 20"] == "S").all()
    assert (grid.loc["soft 21"] == "S").all()
    assert basic.shape == grid.shape
    diff = strategy.chart_differences(grid, basic)
    # the no-push effects: stand on 16 against a 10, hit hard 17 against an ace
    assert {("hard 16", "10"), ("hard 17", "A")} <= set(zip(diff.hand, diff.dealer))
    assert (diff.ours != diff.reference).all()


def test_seeing_a_burnt_card_never_hurts_on_average(removal):
    eff = removal
    base = eff.win_probability.iloc[0]
    # an unseen burnt card changes nothing; a SEEN one is information, so the
    # average over which card was burnt is at least the fresh-deck value
    weights = np.array([4] * 9 + [16]) / 52
    average = (weights * eff.win_probability.iloc[1:].to_numpy()).sum()
    assert average >= base
    assert average - base < 0.01



def test_dealer_outcomes_are_distributions_and_refuse_a_missing_up_card():
    out = strategy.dealer_outcomes(cc.fresh_deck(1))
    assert out["dealer"].tolist() == list(range(1, 11))
    assert np.allclose(out[list(cc.OUTCOMES)].sum(axis=1), 1.0)
    assert ((out[list(cc.OUTCOMES)] >= 0) & (out[list(cc.OUTCOMES)] <= 1)).all().all()
    import pytest
    with pytest.raises(ValueError, match="no 5"):
        strategy.dealer_outcomes("4444044444", dealers=[5])


def test_mixed_two_card_hands_are_exactly_the_charts_mixed_cells(single_deck):
    table, grid = single_deck.table, single_deck.grid
    mixed = strategy.mixed_two_card_hands(table)
    cells = {(r, c) for r in grid.index for c in grid.columns if grid.loc[r, c] == "H/S"}
    assert set(zip(mixed.hand, mixed.dealer)) == cells
    assert ((mixed.gap > 0) == mixed.apply(lambda r: r.closest in r.hit.split(", "), axis=1)).all()
