"""Long searches on Dask with an append-as-found stackings file (stoplib.holdem.distributed)."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from stoplib.holdem import format_deck, search
from stoplib.holdem.rules import canonical_rotation
from stoplib.holdem.distributed import (StackingFile, default_path, read_stackings, run_search,
                                        verify_file)
from stoplib.holdem import document as doc


def _canonical_set(decks):
    return {format_deck(canonical_rotation(d)) for d in decks}


def test_default_path_names_players_and_seat():
    assert default_path(2, 1).name == "holdem_stackings_2p_seat1.txt"
    assert default_path(4, 3).name == "holdem_stackings_4p_seat3.txt"
    assert default_path(2, 1, "wins_or_ties").name == "holdem_semi_stackings_2p_seat1.txt"


def test_file_deduplicates_up_to_rotation(tmp_path):
    path = tmp_path / "s.txt"
    store = StackingFile(path)
    deck = doc.EXAMPLE_DECK
    assert store.add([deck, deck[10:] + deck[:10], doc.TEN_DECKS[0]]) == 2
    assert StackingFile(path).add([deck[50:] + deck[:50]]) == 0
    lines = read_stackings(path)
    assert len(lines) == 2 and all(line.startswith("2c") for line in lines)
    assert verify_file(path) == 2


def test_a_torn_last_line_is_dropped_and_repaired(tmp_path):
    path = tmp_path / "s.txt"
    StackingFile(path).add([doc.EXAMPLE_DECK])
    with open(path, "a") as fh:
        fh.write(doc.TEN_DECKS[1][:37])  # a kill in the middle of a write
    assert len(read_stackings(path)) == 1
    store = StackingFile(path)
    assert store.add([doc.TEN_DECKS[1]]) == 1
    assert verify_file(path) == 2


def test_a_corrupt_file_is_refused(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("not a deck\n")
    with pytest.raises(ValueError, match="line 1"):
        read_stackings(path)


def test_dask_two_workers_equals_one_search(tmp_path):
    path = tmp_path / "stackings.txt"
    run = run_search(60, seed=11, batch_size=8, n_workers=2, out_path=path, show_progress=False)
    ref = search(60, seed=11)
    assert run.n_restarts == 60 and np.array_equal(run.steps, ref.steps)
    assert np.array_equal(run.scores, ref.scores) and run.n_optimal == ref.n_optimal
    assert set(read_stackings(path)) == _canonical_set(ref.optimal_decks())
    assert verify_file(path) == run.n_stored == run.n_new
    again = run_search(60, seed=11, batch_size=25, n_workers=2, out_path=path, show_progress=False)
    assert again.n_new == 0 and again.n_stored == run.n_stored  # nothing duplicated


def test_dask_on_an_existing_client(tmp_path):
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address="127.0.0.1:0") as cluster, Client(cluster) as client:
        run = run_search(12, n_players=3, seat=2, seed=1, batch_size=4, scheduler=client,
                         out_path=tmp_path / "s3.txt", show_progress=False)
        assert run.n_restarts == 12
        assert np.array_equal(run.scores, search(12, n_players=3, seat=2, seed=1).scores)
        assert client.status == "running"  # a client we were given is left open
        by_address = run_search(12, n_players=3, seat=2, seed=1, batch_size=6,
                                scheduler=cluster.scheduler_address,
                                out_path=tmp_path / "s3.txt", show_progress=False)
        assert np.array_equal(by_address.scores, run.scores) and by_address.n_new == 0


_CHILD = textwrap.dedent("""
    import sys
    from stoplib.holdem.distributed import run_search
    run_search(100_000, seed=3, batch_size=4, n_workers=2, out_path=sys.argv[1], show_progress=False)
""")


def test_an_interrupted_run_keeps_everything_and_resumes(tmp_path):
    path = tmp_path / "stackings.txt"
    env = {**os.environ, "STOPLIB_PROGRESS": "0"}
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(path)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if path.is_file() and len(read_stackings(path)) >= 4:
                break
            assert child.poll() is None, "the search ended early"
            time.sleep(0.2)
        else:
            pytest.fail("no stackings written within 120 s")
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    kept = read_stackings(path)
    assert len(kept) >= 4
    assert verify_file(path) == len(kept)  # every line a whole, optimal, distinct deck
    # the killed run found a prefix of restarts of the seeded search: a re-run of the first
    # restarts re-finds them without writing any twice, and continues with new ones
    n_done = 400
    reference = _canonical_set(search(n_done, seed=3).optimal_decks())
    rerun = run_search(n_done, seed=3, batch_size=20, n_workers=2, out_path=path,
                       show_progress=False)
    lines = read_stackings(path)
    assert lines[:len(kept)] == kept  # what was there is kept verbatim
    assert len(lines) == len(set(lines)) == rerun.n_stored
    assert reference <= set(lines)
    more = run_search(100, seed=3, first_restart=n_done, batch_size=20, n_workers=2,
                      out_path=path, show_progress=False)
    assert more.n_stored >= rerun.n_stored and verify_file(path) == more.n_stored


@pytest.mark.parametrize("kwargs,exc,match", [
    ({"n_restarts": -1}, ValueError, "n_restarts"),
    ({"batch_size": 0}, ValueError, "batch_size"),
    ({"n_workers": 0}, ValueError, "n_workers"),
    ({"n_players": 7}, ValueError, "n_players"),
    ({"seat": 3}, ValueError, "seat"),
    ({"seed": None}, TypeError, "seed"),
    ({"scheduler": 42}, TypeError, "scheduler"),
])
def test_bad_run_arguments(tmp_path, kwargs, exc, match):
    args = {"n_restarts": 2, "out_path": tmp_path / "x.txt", "show_progress": False, **kwargs}
    with pytest.raises(exc, match=match):
        run_search(args.pop("n_restarts"), **args)
