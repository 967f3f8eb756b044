"""Long stacking searches on Dask that lose nothing (document 004 ran overnight on 12 threads).

:func:`run_search` splits a search of any length into batches of restarts,
submits them as futures to a Dask cluster (a light in-process
``LocalCluster`` by default, or any scheduler address), and appends every
optimal stacking to a text file **as each batch comes back**: one deck per
line in the article's notation, flushed and fsync-ed, de-duplicated up to
rotation (each deck is written in its canonical rotation, the one starting
with ``2c``). On start the file is read back, so a restarted run neither loses
nor repeats what an earlier (possibly killed) run wrote; a torn last line left
by a kill is dropped.

Batch ``b`` runs restarts ``[first_restart + b * batch_size, ...)`` of one
seeded search, so the stackings found do not depend on the batch size, the
number of workers or the order in which batches finish.

Source: document 004, Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Each batch calls the
kernels of :mod:`stoplib.holdem.local_search` serially on a worker thread; each
stored deck is re-valued with :func:`stoplib.holdem.deck_value` by
:func:`verify_file`.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..workbook.config import data_dir
from ..workbook.progressbar import progress
from ..util.rng import kernel_seed
from ..util.validate import check_int
from .local_search import MAX_MOVES, _run, _settings, search
from .rules import canonical_rotation, format_deck, parse_deck
from .solver import deck_value

__all__ = ["RunSummary", "run_search", "default_path", "read_stackings", "StackingFile", "verify_file"]


def default_path(n_players: int = 2, seat: int = 1, objective: str = "wins") -> Path:
    """``data/holdem_stackings_<players>p_seat<k>.txt`` (``holdem_semi_...`` for ties allowed).

    Examples
    --------
    >>> default_path(2, 1).name
    'holdem_stackings_2p_seat1.txt'
    """
    n, s = _settings(n_players, seat, "steepest", "first", objective)
    stem = "holdem_stackings" if objective == "wins" else "holdem_semi_stackings"
    return data_dir() / f"{stem}_{n}p_seat{s}.txt"


def read_stackings(path) -> list[str]:
    """The decks stored in a stackings file, one per line (a torn last line is ignored).

    Examples
    --------
    >>> read_stackings("/nonexistent/file.txt")
    []
    """
    path = Path(path)
    if not path.is_file():
        return []
    text = path.read_text()
    lines = text.split("\n")
    if not text.endswith("\n"):
        lines = lines[:-1]  # a line cut short by a kill
    out = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        try:
            parse_deck(line)
        except ValueError as err:
            raise ValueError(f"{path}, line {number}: not a deck ({err})") from None
        out.append(line)
    return out


class StackingFile:
    """An append-only file of distinct stackings (canonical rotations), durable line by line.

    Examples
    --------
    >>> import tempfile, os
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> path = os.path.join(tempfile.mkdtemp(), "s.txt")
    >>> f = StackingFile(path)
    >>> f.add([EXAMPLE_DECK, EXAMPLE_DECK[2:] + EXAMPLE_DECK[:2]])  # a deck and one of its cuts
    1
    >>> len(StackingFile(path))
    1
    """

    def __init__(self, path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._repair()
        self.decks = {self._key(d) for d in read_stackings(self.path)}

    @staticmethod
    def _key(deck) -> str:
        return format_deck(canonical_rotation(deck))

    def _repair(self):
        """Cut a torn last line (the file was killed mid-write) so appends start clean."""
        if not self.path.is_file():
            return
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
            with open(self.path, "r+b") as fh:
                fh.truncate(keep)
                fh.flush()
                os.fsync(fh.fileno())

    def __len__(self) -> int:
        return len(self.decks)

    def add(self, decks) -> int:
        """Append the decks not yet stored (up to rotation); return how many were new."""
        new = []
        for deck in decks:
            key = self._key(deck)
            if key not in self.decks:
                self.decks.add(key)
                new.append(key)
        if new:
            with open(self.path, "a") as fh:
                fh.write("".join(line + "\n" for line in new))
                fh.flush()
                os.fsync(fh.fileno())
        return len(new)


@dataclass(frozen=True)
class RunSummary:
    """What a :func:`run_search` call did.

    Attributes
    ----------
    n_restarts : int
        Climbs completed in this call.
    n_optimal : int
        Climbs that reached 52 (before de-duplication).
    n_new : int
        Stackings appended to the file by this call (new up to rotation).
    n_stored : int
        Stackings in the file at the end.
    steps : numpy.ndarray
        Steps of every climb, in restart order.
    scores : numpy.ndarray
        Final objective of every climb, in restart order.
    path : pathlib.Path
        The stackings file.
    seconds : float
        Wall time of the search (cluster start-up excluded).
    """
    n_restarts: int
    n_optimal: int
    n_new: int
    n_stored: int
    steps: np.ndarray
    scores: np.ndarray
    path: Path
    seconds: float

    @property
    def fraction_optimal(self) -> float:
        return self.n_optimal / max(self.n_restarts, 1)


def _batch(first, count, n_players, seat, method, tie_break, objective, kseed, kicks=0,
           kick_size=3):
    """One batch on a worker: serial climbs (one thread per Dask worker thread)."""
    decks = np.empty((count, 52), np.int64)
    res = _run(decks, True, kseed, first, n_players, seat, method, tie_break, objective,
               MAX_MOVES, False, kicks, kick_size)
    return first, res.decks[res.optimal].copy(), res.steps.copy(), res.scores.copy()


def run_search(n_restarts: int, n_players: int = 2, seat: int = 1, *, method: str = "steepest",
               tie_break: str = "first", objective: str = "wins", seed=0, first_restart: int = 0,
               batch_size: int = 50, scheduler=None, n_workers: int = 2,
               out_path=None, show_progress: bool | None = None, kicks: int = 0,
               kick_size: int = 3) -> RunSummary:
    """Run a long stacking search on Dask, appending each optimal stacking to a file as found.

    Parameters
    ----------
    n_restarts : int
        Climbs to run (>= 0).
    n_players, seat, method, tie_break, objective, kicks, kick_size :
        As in :func:`stoplib.holdem.search`.
    seed : int
        Seed of the whole search; with ``first_restart`` it fixes every climb, so
        a run can be continued by passing ``first_restart`` = restarts already done.
    first_restart : int
        Index of the first climb.
    batch_size : int
        Climbs per Dask task (1..100,000).
    scheduler : None, str or distributed.Client
        None: a ``LocalCluster`` of ``n_workers`` worker threads in this process
        (the kernels release the GIL), shut down at the end. A str: the address
        of a running scheduler (``"tcp://host:8786"``). A ``Client``: used as is.
    n_workers : int
        Worker threads of the default local cluster (1..64).
    out_path : str or pathlib.Path, optional
        The stackings file (default :func:`default_path`). Existing lines are kept.
    show_progress : bool, optional
        Show a tqdm bar (default: unless ``STOPLIB_PROGRESS=0``).

    Returns
    -------
    RunSummary

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "s.txt")
    >>> run = run_search(4, batch_size=2, n_workers=1, out_path=path, show_progress=False)
    >>> run.n_restarts, run.n_stored == len(read_stackings(path))
    (4, True)
    """
    count = check_int("n_restarts", n_restarts, 0)
    n, s = _settings(n_players, seat, method, tie_break, objective)
    first = check_int("first_restart", first_restart, 0)
    size = check_int("batch_size", batch_size, 1, 100_000)
    workers = check_int("n_workers", n_workers, 1, 64)
    kicks = check_int("kicks", kicks, 0, 1_000_000)
    kick_size = check_int("kick_size", kick_size, 1, 52)
    if seed is None or isinstance(seed, np.random.Generator):
        raise TypeError("seed must be an int for run_search (it names the search so it can be resumed)")
    kseed = kernel_seed(seed)
    path = Path(out_path) if out_path is not None else default_path(n, s, objective)
    store = StackingFile(path)
    # compile (or load from cache) before workers start, so threads never compile together
    search(1, n, s, method=method, tie_break=tie_break, objective=objective, seed=0,
           parallel=False)

    from dask.distributed import Client, LocalCluster, as_completed

    cluster = client = None
    own = False
    if scheduler is None:
        # a free local port for the scheduler's web server: None means the default 8787,
        # and a second cluster on the machine (another notebook) then prints a warning
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                               dashboard_address="127.0.0.1:0")
        client = Client(cluster)
        own = True
    elif isinstance(scheduler, str):
        client = Client(scheduler)
        own = True
    elif isinstance(scheduler, Client):
        client = scheduler
    else:
        raise TypeError(f"scheduler must be None, an address str or a dask Client, "
                        f"got {type(scheduler).__name__}")
    starts = list(range(first, first + count, size))
    steps = np.zeros(count, np.int64)
    scores = np.zeros(count, np.int64)
    n_opt = n_new = 0
    t0 = time.perf_counter()
    try:
        in_flight = max(2, 2 * len(client.scheduler_info().get("workers", {})) or 2)
        pending = iter(starts)
        futures = as_completed()
        for _ in range(min(in_flight, len(starts))):
            b = next(pending)
            futures.add(client.submit(_batch, b, min(size, first + count - b), n, s, method,
                                      tie_break, objective, kseed, kicks, kick_size, pure=False))
        bar = progress(total=count, desc=f"stackings {n}p seat {s}",
                       disable=None if show_progress is None else not show_progress)
        try:
            for fut in futures:
                b, decks, st, sc = fut.result()
                fut.release()
                found = [format_deck(d) for d in decks]
                n_opt += len(found)
                n_new += store.add(found)
                steps[b - first:b - first + st.size] = st
                scores[b - first:b - first + sc.size] = sc
                bar.update(st.size)
                bar.set_postfix(found=n_opt, stored=len(store))
                nxt = next(pending, None)
                if nxt is not None:
                    futures.add(client.submit(_batch, nxt, min(size, first + count - nxt), n, s,
                                              method, tie_break, objective, kseed, kicks,
                                              kick_size, pure=False))
        finally:
            bar.close()
    finally:
        if own:
            client.close()
            if cluster is not None:
                cluster.close()
    return RunSummary(n_restarts=count, n_optimal=n_opt, n_new=n_new, n_stored=len(store),
                      steps=steps, scores=scores, path=path, seconds=time.perf_counter() - t0)


def verify_file(path, n_players: int = 2, seat: int = 1, objective: str = "wins") -> int:
    """Check that every deck in a stackings file is optimal and distinct up to rotation.

    Returns the number of decks; raises ``ValueError`` naming the first bad line.

    Examples
    --------
    >>> verify_file("/nonexistent/file.txt")
    0
    """
    decks = read_stackings(path)
    seen = set()
    for number, line in enumerate(decks, 1):
        v = deck_value(line, seat=seat, n_players=n_players)
        counted = v.wins + (v.ties if objective == "wins_or_ties" else 0)
        if counted != 52:
            raise ValueError(f"{path}, deck {number}: worth {counted}, not 52")
        key = format_deck(canonical_rotation(line))
        if key in seen:
            raise ValueError(f"{path}, deck {number}: a rotation of an earlier deck")
        seen.add(key)
    return len(decks)
