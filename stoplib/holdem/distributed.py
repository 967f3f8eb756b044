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

The file's first line names the search it belongs to::

    # stoplib holdem stackings: n_players=2 seat=1 objective=wins

and every reader checks it: appending a three-player search to a two-player
file, or verifying it for another seat, is refused. Each later line must be a
whole deck of 52 distinct cards in its canonical rotation, and no line may
repeat another; anything else (a cut line, a flipped byte, a missing header) is
a ``ValueError`` naming the file and the line, never a wrong deck.

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
import re
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..workbook.config import data_dir
from ..workbook.progressbar import progress
from ..util.rng import kernel_seed
from ..util.validate import check_choice, check_int, check_path, check_str
from ._costs import RATES, _cluster_speed, _read_estimate, _search_estimate, _verify_estimate
from .local_search import MAX_MOVES, OBJECTIVES, _restarts, _run, _settings
from .rules import MAX_PLAYERS, MIN_PLAYERS, canonical_rotation, check_bool, format_deck, parse_deck
from .solver import _deck_value

__all__ = ["RunSummary", "run_search", "default_path", "read_stackings", "StackingFile", "verify_file"]


def default_path(n_players: int = 2, seat: int = 1, objective: str = "wins") -> Path:
    """``data/holdem_stackings_<players>p_seat<k>.txt`` (``holdem_semi_...`` for ties allowed).

    Examples
    --------
    >>> default_path(2, 1).name
    'holdem_stackings_2p_seat1.txt'
    """
    n, s = _settings(n_players, seat, "steepest", "first", objective)
    return _default_path(n, s, objective)


def _default_path(n: int, s: int, objective: str) -> Path:
    """:func:`default_path` of checked settings."""
    stem = "holdem_stackings" if objective == "wins" else "holdem_semi_stackings"
    return data_dir() / f"{stem}_{n}p_seat{s}.txt"


_HEADER = "# stoplib holdem stackings: n_players={} seat={} objective={}"
_HEADER_RE = re.compile(r"# stoplib holdem stackings: n_players=(\d+) seat=(\d+) objective=(\w+)")
#: Bytes of one stored deck: 104 characters and a newline.
_LINE_BYTES = 105


def _header(n_players: int, seat: int, objective: str) -> str:
    return _HEADER.format(n_players, seat, objective)


def _parse_header(path, line: str) -> tuple[int, int, str]:
    """``(n_players, seat, objective)`` named by a stackings file's first line."""
    match = _HEADER_RE.fullmatch(line.strip())
    if match is None:
        raise ValueError(f"{path}, line 1: not a stackings file (its first line must read "
                         f"{_header('<k>', '<seat>', '<objective>')!r}, got {line[:60]!r})")
    try:
        n, s = _settings(int(match[1]), int(match[2]), "steepest", "first", match[3])
    except ValueError as err:
        raise ValueError(f"{path}, line 1: {err}") from None
    return n, s, match[3]


def _wanted(n_players, seat, objective):
    """The parameters a caller asks for (each None or checked), as a dict."""
    wanted = {}
    if n_players is not None:
        wanted["n_players"] = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    if seat is not None:
        wanted["seat"] = check_int("seat", seat, 1, MAX_PLAYERS)
    if objective is not None:
        wanted["objective"] = check_choice("objective", objective, OBJECTIVES)
    return wanted


def _read(path, wanted=None) -> tuple[tuple | None, list[str]]:
    """``(parameters or None, decks)`` of a stackings file; None for an empty (or only torn) file."""
    path = check_path("path", path, must_exist=True, kind="file")
    size = path.stat().st_size
    _read_estimate(path.name, size, _LINE_BYTES)
    data = path.read_bytes()
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError as err:
        raise ValueError(f"{path}: not a stackings file (byte {err.start} is not ASCII text)") from None
    lines = text.split("\n")
    lines = lines[:-1]  # the part after the last newline: empty, or a line cut short by a kill
    if not lines:
        params = None
    else:
        params = _parse_header(path, lines[0])
    if params is not None and wanted:
        for key, have in zip(("n_players", "seat", "objective"), params):
            if key in wanted and wanted[key] != have:
                raise ValueError(f"{path} holds stackings for {key}={have}, not {key}={wanted[key]} "
                                 f"(its first line: {lines[0]!r})")
    decks, seen = [], {}
    for number, line in enumerate(lines[1:], 2):
        line = line.strip()
        try:
            cards = parse_deck(line)
        except ValueError as err:
            raise ValueError(f"{path}, line {number}: not a deck ({err})") from None
        if cards[0] != 0:
            raise ValueError(f"{path}, line {number}: a deck not in its canonical rotation (it must start "
                             f"with 2c): not written by StackingFile")
        if line in seen:
            raise ValueError(f"{path}, line {number}: repeats line {seen[line]}")
        seen[line] = number
        decks.append(line)
    return params, decks


def read_stackings(path, n_players: int | None = None, seat: int | None = None,
                   objective: str | None = None) -> list[str]:
    """The decks stored in a stackings file, one per line (a torn last line is ignored).

    Parameters
    ----------
    path : str or pathlib.Path
        A file written by :func:`run_search` (or :class:`StackingFile`); it must exist.
    n_players, seat, objective : optional
        The search the file must belong to (checked against its first line).

    Raises
    ------
    ValueError
        For a file that is not a stackings file, belongs to another search, or
        has a bad line (the line is named); :class:`~stoplib.util.validate.MissingFileError`
        when nothing is at ``path``.

    Examples
    --------
    >>> import tempfile, os
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> path = os.path.join(tempfile.mkdtemp(), "s.txt")
    >>> StackingFile(path).add([EXAMPLE_DECK])
    1
    >>> read_stackings(path, n_players=2)[0][:8]
    '2cKh5sJs'
    >>> read_stackings(path, n_players=3)
    Traceback (most recent call last):
    ...
    ValueError: ... holds stackings for n_players=2, not n_players=3 ...
    """
    return _read(path, _wanted(n_players, seat, objective))[1]


class StackingFile:
    """An append-only file of distinct stackings (canonical rotations), durable line by line.

    Its first line names the search (``n_players``, ``seat``, ``objective``); an
    existing file must name the same one.

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

    def __init__(self, path, n_players: int = 2, seat: int = 1, objective: str = "wins"):
        n, s = _settings(n_players, seat, "steepest", "first", objective)
        self.params = (n, s, objective)
        self.path = check_path("path", path, kind="file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"path: cannot create the folder {self.path.parent} ({exc.strerror})") from None
        self._repair()
        params, decks = _read(self.path, dict(zip(("n_players", "seat", "objective"), self.params)))
        if params is None:  # empty: start with the header
            with open(self.path, "w") as fh:
                fh.write(_header(*self.params) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        self.decks = set(decks)

    @staticmethod
    def _key(deck) -> str:
        return format_deck(canonical_rotation(deck))

    def _repair(self):
        """Cut a torn last line (the file was killed mid-write) so appends start clean; create it if missing."""
        if not self.path.is_file():
            self.path.touch()
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


_ADDRESS = re.compile(r"(?:(?:tcp|tls|ucx|ws|wss)://)?(?:[A-Za-z0-9_.\-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}"
                      r"|inproc://[\w.\-/]+")


def _connect(scheduler):
    """``(client, own)`` for a scheduler given as None, an address or a Client (None: make one later)."""
    from dask.distributed import Client

    if scheduler is None:
        return None, True
    if isinstance(scheduler, str):
        check_str("scheduler", scheduler, 300, allow_empty=False)
        if not _ADDRESS.fullmatch(scheduler):
            raise ValueError(f"scheduler must be the address of a Dask scheduler such as 'tcp://host:8786', "
                             f"got {scheduler!r}")
        try:
            return Client(scheduler, timeout=CONNECT_TIMEOUT), True
        except (OSError, TimeoutError, ValueError) as exc:
            raise ValueError(f"could not connect to a Dask scheduler at {scheduler!r} within "
                             f"{CONNECT_TIMEOUT} s: {exc}") from None
    if isinstance(scheduler, Client):
        return scheduler, False
    raise TypeError(f"scheduler must be None, an address str or a dask Client, got {type(scheduler).__name__}")


#: Seconds to wait for a scheduler given by its address.
CONNECT_TIMEOUT = 5


def run_search(n_restarts: int, n_players: int = 2, seat: int = 1, *, method: str = "steepest",  # noqa: PLR0915
               tie_break: str = "first", objective: str = "wins", seed=0, first_restart: int = 0,
               batch_size: int = 50, scheduler=None, n_workers: int = 2,
               out_path=None, show_progress: bool | None = None, kicks: int = 0,
               kick_size: int = 3) -> RunSummary:
    """Run a long stacking search on Dask, appending each optimal stacking to a file as found.

    Parameters
    ----------
    n_restarts : int
        Climbs to run (>= 0). The run is estimated first (climbs × the measured
        cost of a climb, over the cluster's threads) and refused above the work
        budget of :mod:`stoplib.util.budget`; an overnight run raises it on purpose
        (``with stoplib.util.budget.allow(seconds=12 * 3600): ...``).
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
        The stackings file (default :func:`default_path`). Existing lines are kept;
        an existing file must belong to the same search (its first line says).
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
    count, first = _restarts(n_restarts, first_restart)
    n, s = _settings(n_players, seat, method, tie_break, objective)
    size = check_int("batch_size", batch_size, 1, 100_000)
    workers = check_int("n_workers", n_workers, 1, 64)
    kicks = check_int("kicks", kicks, 0, 1_000_000)
    kick_size = check_int("kick_size", kick_size, 1, 52)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    if seed is None or isinstance(seed, np.random.Generator):
        raise TypeError("seed must be an int for run_search (it names the search so it can be resumed)")
    kseed = kernel_seed(seed)
    what = (f"run_search({count:,} restarts, {n} players, {method}" + (f", {kicks:,} kicks" if kicks else "")
            + ")")
    if scheduler is None:  # refuse before anything starts
        cores = min(workers, os.cpu_count() or 1)
        _search_estimate(what, count, n, method, kicks, _cluster_speed(cores), overhead=RATES["dask_start"])
    path = (check_path("out_path", out_path, kind="file") if out_path is not None
            else _default_path(n, s, objective))
    store = StackingFile(path, n, s, objective)
    client, own = _connect(scheduler)
    cluster = None
    try:
        if client is not None:  # a given cluster: estimate with its threads
            threads = max(1, sum(client.nthreads().values()))
            _search_estimate(what, count, n, method, kicks, _cluster_speed(threads))
        # compile (or load from cache) before workers start, so threads never compile together
        _batch(0, 1, n, s, method, tie_break, objective, 0)
        from dask.distributed import Client, LocalCluster, as_completed

        if client is None:
            # a free local port for the scheduler's web server: None means the default 8787,
            # and a second cluster on the machine (another notebook) then prints a warning
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                                   dashboard_address="127.0.0.1:0")
            client = Client(cluster)
        starts = list(range(first, first + count, size))
        steps = np.zeros(count, np.int64)
        scores = np.zeros(count, np.int64)
        n_opt = n_new = 0
        t0 = time.perf_counter()
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
        if own and client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    return RunSummary(n_restarts=count, n_optimal=n_opt, n_new=n_new, n_stored=len(store),
                      steps=steps, scores=scores, path=path, seconds=time.perf_counter() - t0)


def verify_file(path, n_players: int | None = None, seat: int | None = None,
                objective: str | None = None) -> int:
    """Check that every deck in a stackings file is optimal for its search and distinct up to rotation.

    Parameters
    ----------
    path : str or pathlib.Path
        A stackings file (it must exist).
    n_players, seat, objective : optional
        The search the file must belong to; by default the one its first line names.
        Each deck is re-valued with :func:`stoplib.holdem.deck_value` for that search.

    Returns
    -------
    int
        The number of decks; ``ValueError`` names the first bad line.

    Examples
    --------
    >>> import tempfile, os
    >>> from stoplib.holdem.document import EXAMPLE_DECK, TEN_DECKS
    >>> path = os.path.join(tempfile.mkdtemp(), "s.txt")
    >>> StackingFile(path).add([EXAMPLE_DECK, *TEN_DECKS])
    11
    >>> verify_file(path)
    11
    """
    params, decks = _read(path, _wanted(n_players, seat, objective))
    if params is None:
        return 0
    n, s, objective = params
    _verify_estimate(len(decks))
    for number, line in enumerate(decks, 2):
        v = _deck_value(parse_deck(line).astype(np.int64), n, s)  # each line was checked by _read
        counted = v.wins + (v.ties if objective == "wins_or_ties" else 0)
        if counted != 52:
            raise ValueError(f"{path}, line {number}: worth {counted}, not 52, for seat {s} of {n}")
    return len(decks)
