"""The n-player question (stoplib.holdem.players): the committed table and the files behind it, read and
checked; the Dask runs that write them; the verdict on the article's "any number of players"."""
import shutil

import numpy as np
import pandas as pd
import pytest

from stoplib.holdem import (deck_value, deck_value_reference, read_family_searches, read_runs, run_anneal,
                            stackings_by_players)
from stoplib.holdem import players as pl
from stoplib.holdem.claims import verdicts
from stoplib.holdem.distributed import read_stackings


@pytest.fixture(scope="module")
def table():
    return stackings_by_players()


def test_the_committed_table_covers_two_to_nine_players_at_least(table):
    assert tuple(table.columns) == pl.TABLE_COLUMNS
    assert set(range(2, 10)) <= set(table["n_players"])
    assert (table["wins"] + table["ties"] + table["losses"] == 52).all()


def test_every_optimal_row_is_confirmed_by_the_slow_twin(table):
    optimal = table[table["status"].str.startswith("optimal stacking found")]
    assert len(optimal) >= 1
    for row in optimal.itertuples():
        twin = deck_value_reference(row.deck, seat=1, n_players=row.n_players)
        assert (twin.wins, twin.ties, twin.losses) == (52, 0, 0)


def _sources():
    from stoplib.holdem import census_table, read_completions, read_frontier

    return dict(frontier=read_frontier(), census=census_table(), completions=read_completions())


def test_the_table_follows_from_its_runs_family_searches_anytime_runs_and_census(table):
    runs, fams = read_runs(), read_family_searches()
    again = pl.players_table(runs, fams, sizes=table["n_players"].tolist(), **_sources())
    pd.testing.assert_frame_equal(again.reset_index(drop=True), table.reset_index(drop=True), check_dtype=False)
    for n in table["n_players"]:
        best_run = runs.loc[runs["n_players"] == n, "wins"].max() if (runs["n_players"] == n).any() else -1
        best_fam = fams.loc[fams["n_players"] == n, "best_wins"].max() if (fams["n_players"] == n).any() else -1
        assert table.set_index("n_players").loc[n, "wins"] >= max(best_run, best_fam)


def test_each_row_stands_beside_the_public_record_in_words(table):
    from stoplib.holdem import PUBLIC_RECORD, versus_public

    for r in table.itertuples():
        assert r.public_best == PUBLIC_RECORD[r.n_players][0]
        assert r.versus_public == versus_public(r.n_players, r.wins)
        assert ("as far as we know" in r.evidence) == (r.versus_public == "above")
        assert "period13" not in r.status + r.method + r.family + r.evidence  # families named in words
        if r.census_layouts:
            assert r.census_layouts == 479001600
            assert ("no optimal deck with ranks repeating every 13 cards" in r.status) == (r.census_completions == 0)


def test_each_optimal_run_deck_is_in_its_stackings_file():
    runs = read_runs()
    for n in sorted(set(runs.loc[runs["wins"] == 52, "n_players"])):
        stored = set(read_stackings(pl.committed_dir() / f"holdem_stackings_{n}p_seat1.txt", n_players=n))
        assert len(stored) >= 1
        for deck in stored:  # every optimal deck the study stored, by the fast scorer and the slow twin
            assert deck_value(deck, 1, n).wins == 52
            assert deck_value_reference(deck, 1, n).wins == 52


def _copy(tmp_path):
    for name in (pl.TABLE_FILE, pl.RUNS_FILE, pl.FAMILIES_FILE):  # the table is read alone
        shutil.copy(pl.committed_dir() / name, tmp_path / name)
    return tmp_path / pl.TABLE_FILE


@pytest.mark.parametrize("change, message", [
    (lambda t: t.assign(wins=t["wins"].where(t.index != 0, t["wins"] - 1),
                        ties=t["ties"].where(t.index != 0, t["ties"] + 1)), "worth"),
    (lambda t: t.assign(wins=t["wins"].where(t.index != 0, t["wins"] - 1)), "is not 52"),
    (lambda t: t.assign(deck=t["deck"].where(t.index != 0, t["deck"].str[:-2] + t["deck"].str[:2])), "not a deck"),
    (lambda t: t.drop(columns=["twin_wins"]), "columns"),
    (lambda t: pd.concat([t, t.iloc[:1]]), "twice"),
    (lambda t: t.assign(status=t["status"].where(t["wins"] < 52, "best found (simulated annealing)")), "status"),
    (lambda t: t.assign(public_best=t["public_best"] + 1), "public record"),
])
def test_a_tampered_table_is_refused(tmp_path, table, change, message):
    path = _copy(tmp_path)
    change(table).to_csv(path, index=False)
    with pytest.raises(ValueError, match=message):
        stackings_by_players(tmp_path)


def test_a_missing_table_names_its_file(tmp_path):
    with pytest.raises(ValueError, match="holdem_stackings_by_players.csv"):
        stackings_by_players(tmp_path)


def test_run_anneal_appends_every_run_and_continues(tmp_path):
    first = run_anneal(2, 4, moves=40_000, seed=3, folder=tmp_path, n_workers=2, show_progress=False)
    more = run_anneal(1, 4, moves=40_000, seed=3, first_run=2, folder=tmp_path, n_workers=1, show_progress=False)
    runs = read_runs(tmp_path)
    assert first.n_runs == 2 and more.n_runs == 1 and sorted(runs["run"]) == [0, 1, 2]
    for row in runs.itertuples():  # each line is the run of anneal with the same seed and index
        from stoplib.holdem import anneal

        res = anneal(1, 4, moves=40_000, seed=3, first_run=row.run, parallel=False)
        assert res.best_deck() == row.deck and int(res.wins[0]) == row.wins
    stored = read_stackings(more.stackings_path, n_players=4)
    assert len(stored) == int((runs["wins"] == 52).sum())


def test_run_anneal_keeps_lines_written_before_a_kill(tmp_path):
    run_anneal(1, 3, moves=20_000, seed=1, folder=tmp_path, n_workers=1, show_progress=False)
    path = tmp_path / pl.RUNS_FILE
    with open(path, "a") as fh:
        fh.write("3,1,1,7,20000,3.0")  # a torn last line
    run_anneal(1, 3, moves=20_000, seed=1, first_run=1, folder=tmp_path, n_workers=1, show_progress=False)
    assert sorted(read_runs(tmp_path)["run"]) == [0, 1]


def test_the_verdict_on_any_number_of_players_follows_the_table(table):
    row = verdicts(players=table, n_check=10).set_index("claim").loc[
        "There are probably optimal stackings for any number of players"]
    found = set(table.loc[table["wins"] == 52, "n_players"])
    every = found == set(range(2, 23))
    assert row["verdict"] == ("agrees" if every else "open")
    fake = pd.DataFrame({"n_players": range(2, 23), "status": "optimal stacking found", "wins": 52, "family": "",
                         "family_size": 0, "family_best": -1})
    assert verdicts(players=fake, n_check=10).set_index("claim").loc[
        "There are probably optimal stackings for any number of players", "verdict"] == "agrees"
    with pytest.raises(ValueError):
        verdicts(players=fake.assign(wins=53), n_check=10)


def test_players_table_prefers_the_better_deck_and_states_the_family():
    deck = "".join(r + s for r in "23456789TJQKA" for s in "cdhs")
    v = deck_value(deck, 1, 5)
    runs = pd.DataFrame([{c: 0 for c in pl.RUN_COLUMNS}]).assign(n_players=5, seat=1, seed=1, run=0, wins=v.wins,
                                                                   ties=v.ties, losses=v.losses, deck=deck,
                                                                   cpu_seconds=1.5)
    fams = pd.DataFrame(columns=list(pl.FAMILY_COLUMNS))
    out = pl.players_table(runs, fams, sizes=[5])
    assert out.loc[0, "status"] == "best found (simulated annealing)" and out.loc[0, "wins"] == v.wins
    assert out.loc[0, "public_best"] == 52 and out.loc[0, "versus_public"] == "below"
    assert out.loc[0, "twin_wins"] == v.wins and np.isclose(out.loc[0, "cpu_seconds"], 1.5)
