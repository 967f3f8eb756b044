"""Shared, expensive CardCounter results: computed once per test session, read by many tests.

The single-deck strategy chart (550 hands on one engine) and the card-removal study on that
engine are what notebook 06 studies; the tests of strategy, claims and plots read them here
instead of recomputing them (each is a second or more on the 2-core machine).
"""
from types import SimpleNamespace

import pytest

import stoplib.cardcounter as cc
from stoplib.cardcounter import strategy


@pytest.fixture(scope="session")
def single_deck():
    """The fresh single deck's chart: engine, strategy table, chart, basic strategy, their differences,
    and what the engine's memo holds right after the chart (``mixed``: mixed_decisions, ``hands16``:
    player_hands(10, 16)), read before any other study adds states to the shared engine."""
    eng = cc.Engine(cc.fresh_deck(1))
    table = strategy.strategy_table(1, eng)
    grid = strategy.chart_grid(table)
    basic = strategy.basic_strategy_grid(grid.index)
    return SimpleNamespace(engine=eng, table=table, grid=grid, basic=basic,
                           diff=strategy.chart_differences(grid, basic),
                           mixed=strategy.mixed_decisions(eng), hands16=strategy.player_hands(eng, 10, 16))


@pytest.fixture(scope="session")
def removal(single_deck):
    """``strategy.removal_effects(1)`` on the chart's engine (its first deal is a look-up)."""
    return strategy.removal_effects(1, single_deck.engine)
