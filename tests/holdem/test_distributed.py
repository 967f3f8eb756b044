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
    with pytest.raises(ValueError, match="line 1: not a stackings file"):
        read_stackings(path)
    with pytest.raises(ValueError, match="line 1: not a stackings file"):
        StackingFile(path)  # never appends to it either


def _stored(tmp_path, decks=(doc.EXAMPLE_DECK, doc.TEN_DECKS[0], doc.TEN_DECKS[1])):
    path = tmp_path / "s.txt"
    StackingFile(path).add(list(decks))
    return path


def test_the_file_names_its_search_and_readers_check_it(tmp_path):
    path = _stored(tmp_path)
    assert path.read_text().splitlines()[0] == "# stoplib holdem stackings: n_players=2 seat=1 objective=wins"
    assert len(read_stackings(path, n_players=2, seat=1, objective="wins")) == 3
    with pytest.raises(ValueError, match="holds stackings for n_players=2, not n_players=3"):
        read_stackings(path, n_players=3)
    with pytest.raises(ValueError, match="holds stackings for seat=1, not seat=2"):
        verify_file(path, seat=2)
    with pytest.raises(ValueError, match="objective=wins, not objective='wins_or_ties'|"
                                         "objective=wins, not objective=wins_or_ties"):
        StackingFile(path, objective="wins_or_ties")
    with pytest.raises(ValueError, match="n_players=2, not n_players=3"):
        run_search(2, n_players=3, out_path=path, show_progress=False)  # refused before any work
    # a parameter changed by hand in the header: the decks are re-valued for it and refused
    text = path.read_text().replace("seat=1", "seat=2")
    path.write_text(text)
    with pytest.raises(ValueError, match="line 2: worth 0, not 52, for seat 2 of 2"):
        verify_file(path)
    path.write_text(text.replace("n_players=2", "n_players=23"))
    with pytest.raises(ValueError, match="line 1: n_players must be in 2..22"):
        read_stackings(path)


def test_truncated_and_flipped_files_give_clear_errors_never_wrong_decks(tmp_path):
    path = _stored(tmp_path)
    data = path.read_bytes()
    lines = data.split(b"\n")
    good = read_stackings(path)
    # cut anywhere: whole lines before the cut are read, the torn one is dropped
    for cut in range(0, len(data), 7):
        path.write_bytes(data[:cut])
        kept = read_stackings(path)
        assert kept == good[:len(kept)]
        assert len(kept) == max(data[:cut].count(b"\n") - 1, 0)
    # a flipped byte in a deck line: a repeated card or an unknown one, named with its line
    rng = np.random.default_rng(1)
    header = len(lines[0]) + 1
    for position in rng.choice(np.arange(header, len(data) - 1), 60, replace=False).tolist():
        if data[position:position + 1] == b"\n":
            continue
        flipped = bytearray(data)
        flipped[position] = ord("Z") if flipped[position] != ord("Z") else ord("Y")
        path.write_bytes(bytes(flipped))
        with pytest.raises(ValueError, match=r"line [234]: not a deck"):
            read_stackings(path)
    # a byte that is not text, a line cut short inside the file, a repeated line, a deck not canonical
    path.write_bytes(data[:header] + b"\xff" + data[header + 1:])
    with pytest.raises(ValueError, match="not ASCII text"):
        read_stackings(path)
    path.write_bytes(b"\n".join([lines[0], lines[1][:50], lines[2], b""]))
    with pytest.raises(ValueError, match="line 2: not a deck"):
        verify_file(path)
    path.write_bytes(b"\n".join([lines[0], lines[1], lines[2], lines[1], b""]))
    with pytest.raises(ValueError, match="line 4: repeats line 2"):
        read_stackings(path)
    rotated = lines[1][2:] + lines[1][:2]
    path.write_bytes(b"\n".join([lines[0], rotated, b""]))
    with pytest.raises(ValueError, match="line 2: a deck not in its canonical rotation"):
        read_stackings(path)
    # swapped cards: still a deck, but verify_file re-values it
    swapped = bytearray(lines[1])
    swapped[2:4], swapped[40:42] = lines[1][40:42], lines[1][2:4]
    path.write_bytes(b"\n".join([lines[0], bytes(swapped), b""]))
    with pytest.raises(ValueError, match=r"line 2: worth \d+, not 52"):
        verify_file(path)


def test_missing_files_and_bad_paths(tmp_path):
    from stoplib.util.validate import MissingFileError

    with pytest.raises(MissingFileError):
        read_stackings(tmp_path / "missing.txt")
    with pytest.raises(MissingFileError):
        verify_file(tmp_path / "missing.txt")
    with pytest.raises(ValueError, match="must be a file"):
        read_stackings(tmp_path)
    with pytest.raises(TypeError, match="path"):
        read_stackings(3)
    (tmp_path / "empty.txt").write_text("")
    assert read_stackings(tmp_path / "empty.txt") == [] and verify_file(tmp_path / "empty.txt") == 0
    assert len(StackingFile(tmp_path / "empty.txt")) == 0  # an empty file gets its header
    assert read_stackings(tmp_path / "empty.txt", n_players=2) == []


def test_the_writers_check_their_paths(tmp_path):
    """StackingFile and run_search create their file: their paths are checked here, not fuzzed."""
    for make in (lambda p: StackingFile(p), lambda p: run_search(1, out_path=p, show_progress=False)):
        with pytest.raises(TypeError, match="path"):
            make(3)
        with pytest.raises(TypeError, match="path"):
            make(b"s.txt")
        with pytest.raises(ValueError, match="non-empty path"):
            make("")
        with pytest.raises(ValueError, match="must be a file"):
            make(tmp_path)
        with pytest.raises(ValueError):
            make(tmp_path / ("x" * 5000))
        with pytest.raises(ValueError, match="not a usable path"):
            make(tmp_path / ("x" * 300))
    with pytest.raises(ValueError, match="n_players=2, not n_players=3"):
        path = tmp_path / "two.txt"
        StackingFile(path)
        StackingFile(path, n_players=3)


def test_run_search_refuses_long_runs_before_starting(tmp_path):
    from stoplib.util import budget

    path = tmp_path / "s.txt"
    with pytest.raises(budget.BudgetError, match=r"run_search\(10,000,000 restarts.* would take about"):
        run_search(10**7, out_path=path, show_progress=False)
    assert not path.exists()  # nothing written, no cluster started
    with pytest.raises(budget.BudgetError, match="kicks"):
        run_search(100, kicks=10**6, out_path=path, show_progress=False)
    with pytest.raises(ValueError, match="first_restart \\+ n_restarts must be at most 2\\*\\*62"):
        run_search(2, first_restart=2**62, out_path=path, show_progress=False)


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
    n_done = 200  # the killed run stored its 4+ stackings within its first few dozen restarts
    reference = _canonical_set(search(n_done, seed=3).optimal_decks())
    rerun = run_search(n_done, seed=3, batch_size=20, n_workers=2, out_path=path,
                       show_progress=False)
    lines = read_stackings(path)
    assert lines[:len(kept)] == kept  # what was there is kept verbatim
    assert len(lines) == len(set(lines)) == rerun.n_stored
    assert reference <= set(lines)
    more = run_search(40, seed=3, first_restart=n_done, batch_size=20, n_workers=2,
                      out_path=path, show_progress=False)
    assert more.n_stored >= rerun.n_stored and verify_file(path) == more.n_stored


@pytest.mark.parametrize("kwargs,exc,match", [
    ({"n_restarts": -1}, ValueError, "n_restarts"),
    ({"batch_size": 0}, ValueError, "batch_size"),
    ({"n_workers": 0}, ValueError, "n_workers"),
    ({"n_players": 23}, ValueError, "n_players"),
    ({"seat": 3}, ValueError, "seat"),
    ({"seed": None}, TypeError, "seed"),
    ({"scheduler": 42}, TypeError, "scheduler"),
    ({"scheduler": "not an address"}, ValueError, "scheduler must be the address"),
    ({"scheduler": "tcp://127.0.0.1:1"}, ValueError, "could not connect"),
    ({"show_progress": "no"}, TypeError, "show_progress must be True or False"),
    ({"out_path": 3.5}, TypeError, "out_path"),
])
def test_bad_run_arguments(tmp_path, monkeypatch, kwargs, exc, match):
    from stoplib.holdem import distributed

    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT", 1)  # a closed port is refused as clearly in 1 s as in 5
    args = {"n_restarts": 2, "out_path": tmp_path / "x.txt", "show_progress": False, **kwargs}
    with pytest.raises(exc, match=match):
        run_search(args.pop("n_restarts"), **args)
