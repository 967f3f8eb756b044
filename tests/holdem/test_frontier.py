"""The anytime frontier (stoplib.holdem.frontier): parallel tempering, suits optimised on a fixed skeleton by
CP-SAT, and the anytime runs appended to their file."""
import numpy as np
import pandas as pd
import pytest

from stoplib.holdem import deck_value, deck_value_reference, family_deck, parse_deck
from stoplib.holdem import frontier as fr
from stoplib.holdem import players as pl


def test_tempering_is_reproducible_and_its_trace_climbs():
    a = fr.temper(5, replicas=4, rounds=6, moves=3_000, seed=3)
    b = fr.temper(5, replicas=4, rounds=6, moves=3_000, seed=3)
    assert a.deck == b.deck and (a.trace == b.trace).all() and (a.exchanges == b.exchanges).all()
    assert (np.diff(a.trace) >= 0).all() and a.trace[-1] == a.wins == deck_value(a.deck, 1, 5).wins
    assert a.wins + a.ties + a.losses == 52 and a.moves == a.rounds * 4 * 3_000
    assert a.exchanges.sum() > 0
    c = fr.temper(5, replicas=4, rounds=6, moves=3_000, seed=4)
    assert c.deck != a.deck


def test_tempering_starts_from_the_decks_given():
    deck = family_deck("period13_cycle", "23456789TJQKA")  # optimal for three players
    res = fr.temper(3, replicas=2, rounds=3, moves=100, seed=1, decks=[deck, None])
    assert res.wins == 52 and res.rounds == 0  # the first replica already wins every cut
    with pytest.raises(ValueError, match="decks"):
        fr.temper(3, replicas=2, decks=[deck])


def test_suits_optimised_on_the_nine_player_skeleton_reach_52():
    start = family_deck("period13_cycle", "2AKQJT9876543")
    res = fr.optimize_suits(start, 9, seconds=60)
    assert (res.start_wins, res.wins, res.proved) == (40, 52, True)
    codes, start_codes = parse_deck(res.deck), parse_deck(start)
    assert (codes // 4 == start_codes // 4).all()  # the ranks are kept, only the suits move
    assert deck_value_reference(res.deck, 1, 9).wins == 52


def test_suits_optimised_never_lose_cuts_and_the_bound_holds():
    rng = np.random.default_rng(2)
    deck = rng.permutation(52)
    start = deck_value(deck, 1, 8).wins
    res = fr.optimize_suits(deck, 8, seconds=5)
    assert res.start_wins == start <= res.wins <= res.bound <= 52
    assert deck_value(res.deck, 1, 8).wins == res.wins


def test_run_frontier_appends_each_step_and_continues(tmp_path):
    out = fr.run_frontier(4, 3, seed=2, temper_seconds=1, suit_seconds=1, folder=tmp_path)
    table = fr.read_frontier(tmp_path)
    assert len(table) == out.steps >= 1 and table["cpu_seconds"].is_monotonic_increasing
    assert (table["best_wins"].cummax() == table["best_wins"]).all() and table["best_wins"].iloc[-1] == out.wins
    assert table["step"].tolist() == list(range(out.steps))
    more = fr.run_frontier(4, 3, seed=2, temper_seconds=1, suit_seconds=1, folder=tmp_path)
    assert more.steps == out.steps  # the budget was spent: nothing more to do
    again = fr.run_frontier(4, 6, seed=2, temper_seconds=1, suit_seconds=1, folder=tmp_path)
    assert len(fr.read_frontier(tmp_path)) == out.steps + again.steps


def test_a_run_cycles_only_the_kinds_asked_for(tmp_path):
    out = fr.run_frontier(14, 3, seed=1, temper_seconds=0.5, suit_seconds=0.5, folder=tmp_path, kinds=["anneal"])
    methods = fr.read_frontier(tmp_path)["method"].tolist()
    assert out.steps == len(methods) >= 2
    searches = methods[0::2]
    assert all(m.startswith("simulated annealing from a shuffled deck") for m in searches)
    assert all(m.startswith("suits optimised") for m in methods[1::2])
    assert fr._cycle(None) == fr.CYCLE
    assert fr._cycle(("temper", "anneal")) == ("temper", "suits", "anneal", "suits")
    for bad in ([], ["anneal", "anneal"], ["suits"], ["walk"]):
        with pytest.raises(ValueError, match="kinds must be distinct names"):
            fr._cycle(bad)
    with pytest.raises(TypeError, match="kinds must be a sequence"):
        fr._cycle("anneal")


def test_the_equal_budget_is_the_largest_every_size_had():
    frame = pd.DataFrame({"n_players": [7, 7, 7, 8, 8, 8, 8], "budget": [30.0, 240.0, 240.0, 240.0, 240.0, 30.0, 900.0],
                          "seed": [0, 1, 1, 2, 1, 0, 3], "step": [0, 0, 1, 0, 0, 0, 0]})
    assert pl.shared_budgets(frame) == {30.0, 240.0}
    budget, steps = pl.equal_budget(frame)
    assert budget == 240.0
    assert steps[["n_players", "seed", "step"]].values.tolist() == [[7, 1, 0], [7, 1, 1], [8, 1, 0]]
    assert pl.shared_budgets(frame.iloc[:0]) == set()
    with pytest.raises(ValueError, match="no budget that every table size had"):
        pl.equal_budget(frame[frame["budget"] != 240.0].assign(budget=[30.0, 900.0, 900.0]))
    with pytest.raises(ValueError, match="lacks the columns"):
        pl.shared_budgets(frame.drop(columns="budget"))


def test_a_tampered_frontier_file_is_refused(tmp_path):
    fr.run_frontier(3, 1, seed=0, temper_seconds=0.5, suit_seconds=0.5, folder=tmp_path)
    path = tmp_path / fr.FRONTIER_FILE
    table = pd.read_csv(path, keep_default_na=False)
    table.loc[0, "best_wins"] = int(table.loc[0, "best_wins"]) - 1
    table.to_csv(path, index=False)
    with pytest.raises(ValueError, match="worth"):
        fr.read_frontier(tmp_path)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="replicas"):
        fr.temper(5, replicas=1)
    with pytest.raises(ValueError, match="t_max"):
        fr.temper(5, t_min=2.0, t_max=1.0)
    with pytest.raises(ValueError, match="seconds"):
        fr.optimize_suits(family_deck("period13_cycle", "23456789TJQKA"), 3, seconds=0)
    with pytest.raises(ValueError, match="n_players"):
        fr.run_frontier(23, 10)


def test_annealing_with_period_26_keeps_the_period_and_is_reproducible():
    start = fr.period26_deck(5)
    codes = parse_deck(start)
    assert ((codes[:26] // 4) == (codes[26:] // 4)).all() and sorted(codes) == list(range(52))
    a = fr.anneal26(8, moves=20_000, seed=1, deck=start)
    b = fr.anneal26(8, moves=20_000, seed=1, deck=start)
    d = parse_deck(a.deck)
    assert a.deck == b.deck and (a.trace == b.trace).all()
    assert ((d[:26] // 4) == (d[26:] // 4)).all()  # the moves keep the ranks' period
    assert (np.diff(a.trace) >= 0).all() and a.trace[-1] == a.wins >= deck_value(start, 1, 8).wins
    assert (a.wins, a.ties, a.losses) == tuple(getattr(deck_value_reference(a.deck, 1, 8), k)
                                               for k in ("wins", "ties", "losses"))
    with pytest.raises(ValueError, match="26"):
        fr.anneal26(8, moves=100, deck=np.random.default_rng(0).permutation(52))  # ranks not repeating


def test_a_step_longer_than_the_workers_time_to_live_finishes(tmp_path):
    """The steps' kernels release the GIL, so an in-process Dask worker keeps beating through a step longer than
    the scheduler's time to live for a silent worker (before, such a worker was dropped and the run waited
    forever). 14 players: annealing, suits, then annealing with period 26, each step longer than the 3 s allowed."""
    import threading

    import dask

    out = {}

    def go():
        out["run"] = fr.run_frontier(14, 14, temper_seconds=6, suit_seconds=1, folder=tmp_path)

    with dask.config.set({"distributed.scheduler.worker-ttl": "3s"}):
        worker = threading.Thread(target=go, daemon=True)
        worker.start()
        worker.join(timeout=120)
    assert not worker.is_alive(), "the anytime run hung: its worker was dropped during a long step"
    steps = pd.read_csv(tmp_path / fr.FRONTIER_FILE)["method"]
    assert out["run"].steps >= 3 and steps.str.contains("repeat every 26").any()
