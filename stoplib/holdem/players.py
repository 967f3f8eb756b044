"""How many players? Optimal stackings for 2 to 22 players: the committed table and the long runs behind it.

Document 004 (Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em", Math ∩
Programming, jeremykun.com, 9 April 2012) finds stackings for two players and writes
"it's not hard to imagine there are optimal stackings for Hold 'Em with any number of
players". The rules assumed: the article's deal generalised to ``n`` players (pockets
round the table one card at a time, burn, flop, burn, turn, burn, river: a window of
``2n + 8`` consecutive cards, so at most 22 players), every one of the 52 cuts dealt,
and a cut counts only when seat 1's best five of seven beats every opponent's
outright (a tie is not a win).

For each table size the evidence is of several kinds, recorded in files under ``data/``
as the runs end (so nothing finished is lost):

* exhaustive searches of structured families (:mod:`stoplib.holdem.families`), one
  line each in ``holdem_family_searches.csv``;
* simulated annealing (:func:`stoplib.holdem.anneal`), run on Dask by :func:`run_anneal`,
  one line per run in ``holdem_anneal_runs.csv`` (its best deck and value) and every
  optimal deck in the stackings file of its table (``holdem_stackings_<n>p_seat1.txt``);
* the anytime runs of :mod:`stoplib.holdem.frontier` (the same CPU budget for every table
  size), one line per step in ``holdem_frontier.csv``;
* the census of decks whose ranks repeat every 13 cards with suits free
  (:mod:`stoplib.holdem.census`, :mod:`stoplib.holdem.census_runs`);
* the table, ``holdem_stackings_by_players.csv``, built from all of them by :func:`players_table`:
  per table size the best deck, its cuts won, tied and lost (dealt again by the fast
  scorer and by the slow rules-based twin, :func:`stoplib.holdem.deck_value_reference`),
  the method that found it, the public record beside it (:mod:`stoplib.holdem.record`) and
  how ours compares, the evidence in words, the families searched, the census, the CPU time
  spent, and the status: ``optimal stacking found (method)`` or ``best found (method)``, then,
  where the census found none, ``no optimal deck with ranks repeating every 13 cards, suits free
  (479,001,600 layouts)``.

:func:`stackings_by_players` reads the table back and checks it: its columns, that every
deck is 52 distinct cards, that every row's counts are what :func:`stoplib.holdem.deck_value`
gives again, and that the status and the public record follow from the row.
``benchmarks/holdem_players.py`` ran the first searches, ``benchmarks/holdem_frontier.py``
the anytime runs and builds the table.
"""
from __future__ import annotations

import csv
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ..util.rng import kernel_seed
from ..util.validate import MissingFileError, check_instance, check_int, check_path, check_real
from ..workbook.config import data_dir
from ..workbook.verdicts import row as verdict_row
from ..workbook.progressbar import progress
from ._costs import _anneal_estimate, _cluster_speed, _read_estimate, _reference_deals_estimate
from .annealing import MAX_MOVES, _run as _anneal_run
from .distributed import StackingFile, _connect
from .families import FAMILIES, family_size
from .record import PUBLIC_RECORD, family_words, versus_public
from .local_search import _restarts, _settings
from .rules import MAX_PLAYERS, MIN_PLAYERS, N_CUTS, as_deck, check_bool, format_deck
from .solver import _deck_value
from .twins import _value_reference

__all__ = ["TABLE_COLUMNS", "RUN_COLUMNS", "FAMILY_COLUMNS", "STATUSES", "committed_dir", "stackings_by_players",
           "read_runs", "read_family_searches", "run_anneal", "AnnealRunSummary", "players_table", "sizes_text",
           "shared_budgets", "equal_budget"]

#: The columns of ``holdem_stackings_by_players.csv``, in order.
TABLE_COLUMNS = ("n_players", "status", "deck", "wins", "ties", "losses", "twin_wins", "twin_ties", "twin_losses",
                 "method", "public_best", "versus_public", "evidence", "family", "family_size", "family_best",
                 "census_layouts", "census_completions", "anneal_runs", "anneal_best", "frontier_best",
                 "cpu_seconds")
#: The columns of ``holdem_anneal_runs.csv`` (one line per annealing run).
RUN_COLUMNS = ("n_players", "seat", "seed", "run", "moves", "t_start", "t_end", "weight", "moves_made",
               "best_at", "wins", "ties", "losses", "cpu_seconds", "deck", "machine", "load")
#: The columns of ``holdem_family_searches.csv`` (one line per exhaustive family search).
FAMILY_COLUMNS = ("family", "n_players", "seat", "orders", "best_wins", "n_best", "deck", "wins", "ties",
                  "losses", "cpu_seconds", "machine", "load")
#: How a table row's status starts: an optimal stacking, or the best deck found (the status goes on in words:
#: the method, and the period-13 census where it found no optimal deck).
STATUSES = ("optimal stacking found", "best found")
#: The census clause of a status (the family in words and its layouts).
NO_PERIOD13 = "no optimal deck with ranks repeating every 13 cards, suits free ({layouts:,} layouts)"
TABLE_FILE, RUNS_FILE, FAMILIES_FILE = ("holdem_stackings_by_players.csv", "holdem_anneal_runs.csv",
                                        "holdem_family_searches.csv")


def committed_dir() -> Path:
    """The ``data/`` folder of the repository that holds this package (where the committed results are).

    Examples
    --------
    >>> committed_dir().name
    'data'
    """
    return Path(__file__).resolve().parents[2] / "data"


def _folder(folder) -> Path:
    if folder is None:
        return committed_dir()
    return check_path("folder", folder, must_exist=True, kind="dir")


def _read_csv(path: Path, columns, what: str) -> pd.DataFrame:
    if not path.is_file():
        raise MissingFileError(2, f"no {what} (run benchmarks/holdem_players.py)", str(path))
    table = pd.read_csv(path, dtype={"deck": str, "status": str, "method": str, "family": str, "machine": str},
                        keep_default_na=False)
    if tuple(table.columns) != tuple(columns):
        raise ValueError(f"{path}: columns must be {list(columns)}, got {list(table.columns)}")
    return table


def _check_counts(path, number, deck, n, wins, ties, losses, seat=1):
    """Raise ValueError unless ``deck`` is a deck worth ``(wins, ties, losses)`` for ``seat`` of ``n``."""
    try:
        arr = as_deck(deck).astype(np.int64)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{path}, row {number}: not a deck ({err})") from None
    if wins + ties + losses != N_CUTS:
        raise ValueError(f"{path}, row {number}: {wins} + {ties} + {losses} cuts is not 52")
    v = _deck_value(arr, n, seat)
    if (v.wins, v.ties, v.losses) != (wins, ties, losses):
        raise ValueError(f"{path}, row {number}: the deck is worth {v.wins}/{v.ties}/{v.losses} for seat {seat} "
                         f"of {n}, not {wins}/{ties}/{losses}")


def stackings_by_players(folder=None) -> pd.DataFrame:
    """The committed table of the n-player question: one row per table size, checked as it is read.

    Parameters
    ----------
    folder : str or pathlib.Path, optional
        Where ``holdem_stackings_by_players.csv`` is (default: the repository's ``data/``).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`TABLE_COLUMNS`: the table size, the status, the best deck known
        (article notation), its cuts won, tied and lost for seat 1 by the fast scorer and
        by the slow twin, the method that found it, the family searched exhaustively
        (its size and the most cuts any of its decks wins), the annealing runs made and
        their best, and the CPU seconds spent on that table size.

    Raises
    ------
    ValueError
        When a column is missing, a deck is not 52 distinct cards, a row's counts do not
        sum to 52 or differ from :func:`stoplib.holdem.deck_value` (or from the twin's),
        or a status does not follow from the row.

    Examples
    --------
    >>> table = stackings_by_players()
    >>> bool((table["wins"] + table["ties"] + table["losses"] == 52).all())
    True
    """
    path = _folder(folder) / TABLE_FILE
    table = _read_csv(path, TABLE_COLUMNS, "n-player table")
    if table["n_players"].duplicated().any():
        raise ValueError(f"{path}: a table size appears twice")
    for number, row in enumerate(table.itertuples(index=False), 2):
        n = check_int("n_players", int(row.n_players), MIN_PLAYERS, MAX_PLAYERS)
        _check_counts(path, number, row.deck, n, int(row.wins), int(row.ties), int(row.losses))
        if (row.twin_wins, row.twin_ties, row.twin_losses) != (row.wins, row.ties, row.losses):
            raise ValueError(f"{path}, row {number}: the twin's counts differ from the fast scorer's")
        _check_status(path, number, row)
    return table


def _check_status(path, number, row):
    optimal = int(row.wins) == N_CUTS
    if not row.status.startswith(STATUSES[0] if optimal else STATUSES[1]):
        raise ValueError(f"{path}, row {number}: status {row.status!r} with {row.wins} cuts won")
    if "no optimal deck with ranks repeating" in row.status and (int(row.census_completions) != 0
                                                                 or int(row.census_layouts) <= 0):
        raise ValueError(f"{path}, row {number}: status {row.status!r} does not match its census columns")
    if int(row.public_best) != PUBLIC_RECORD[int(row.n_players)][0] or row.versus_public != versus_public(
            int(row.n_players), int(row.wins)):
        raise ValueError(f"{path}, row {number}: the public record or the comparison with it is wrong")


def read_runs(folder=None) -> pd.DataFrame:
    """Every annealing run of the n-player study (``holdem_anneal_runs.csv``), each row checked.

    Examples
    --------
    >>> runs = read_runs()
    >>> bool((runs["wins"] <= 52).all())
    True
    """
    path = _folder(folder) / RUNS_FILE
    if path.is_file():
        _read_estimate(path.name, path.stat().st_size, 200)
    runs = _read_csv(path, RUN_COLUMNS, "annealing runs")
    for number, row in enumerate(runs.itertuples(index=False), 2):
        _check_counts(path, number, row.deck, int(row.n_players), int(row.wins), int(row.ties), int(row.losses),
                      int(row.seat))
    return runs


def read_family_searches(folder=None) -> pd.DataFrame:
    """Every exhaustive family search of the study (``holdem_family_searches.csv``), each row checked.

    Examples
    --------
    >>> fams = read_family_searches()
    >>> bool((fams["best_wins"] % 4 == 0).all())
    True
    """
    path = _folder(folder) / FAMILIES_FILE
    fams = _read_csv(path, FAMILY_COLUMNS, "family searches")
    for number, row in enumerate(fams.itertuples(index=False), 2):
        if row.family not in FAMILIES or int(row.orders) != family_size(row.family)["orders"]:
            raise ValueError(f"{path}, row {number}: unknown family {row.family!r} or wrong size {row.orders}")
        if int(row.wins) != int(row.best_wins):
            raise ValueError(f"{path}, row {number}: its deck wins {row.wins}, not the best {row.best_wins}")
        _check_counts(path, number, row.deck, int(row.n_players), int(row.wins), int(row.ties), int(row.losses),
                      int(row.seat))
    return fams


# --------------------------------------------------------------------------- long runs on Dask
class _RunLog:
    """An append-only CSV of annealing runs, durable line by line (header written once)."""

    def __init__(self, path: Path):
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file() and path.stat().st_size:
            data = path.read_bytes()
            if not data.endswith(b"\n"):  # a torn last line left by a kill
                with open(path, "r+b") as fh:
                    fh.truncate(data.rfind(b"\n") + 1)
            with open(path) as fh:
                header = fh.readline().strip().split(",")
            if tuple(header) != RUN_COLUMNS:
                raise ValueError(f"{path}: not a runs file (its header is {header[:4]}...)")
        else:
            self._write([RUN_COLUMNS])

    def _write(self, rows):
        with open(self.path, "a", newline="") as fh:
            csv.writer(fh, lineterminator="\n").writerows(rows)
            fh.flush()
            os.fsync(fh.fileno())

    def add(self, rows):
        self._write([[row[c] for c in RUN_COLUMNS] for row in rows])


@dataclass(frozen=True)
class AnnealRunSummary:
    """What a :func:`run_anneal` call did: runs made, their best, the optimal decks stored."""
    n_runs: int
    best: int
    n_optimal: int
    n_new: int
    runs_path: Path
    stackings_path: Path
    seconds: float


def _anneal_task(run, n, s, moves, t_start, t_end, weight, seed):
    """One annealing run on a worker thread (run ``run`` of ``anneal(..., seed=seed)``): its row for the runs file."""
    from ..util.timing import machine

    t0 = time.thread_time()
    res = _anneal_run("annealing", np.empty((1, 52), np.int64), True, kernel_seed(seed), run, n, s, weight, moves,
                      t_start, t_end)
    return {"n_players": n, "seat": s, "seed": seed, "run": run, "moves": moves, "t_start": t_start,
            "t_end": t_end, "weight": weight, "moves_made": int(res.moves[0]), "best_at": int(res.best_at[0]),
            "wins": int(res.wins[0]), "ties": int(res.ties[0]), "losses": int(res.losses[0]),
            "cpu_seconds": round(time.thread_time() - t0, 3), "deck": format_deck(res.decks[0]),
            "machine": machine(), "load": round(os.getloadavg()[0], 2)}


def run_anneal(n_runs: int, n_players: int, seat: int = 1, *, moves: int = 10_000_000, t_start: float = 3.0,
               t_end: float = 0.3, weight: int = 4, seed: int = 0, first_run: int = 0, folder=None,
               scheduler=None, n_workers: int = 2, show_progress: bool | None = None) -> AnnealRunSummary:
    """Annealing runs on Dask, each written to the runs file as it ends, each optimal deck to the stackings file.

    Parameters
    ----------
    n_runs, n_players, seat, moves, t_start, t_end, weight :
        As in :func:`stoplib.holdem.anneal` (one Dask task per run).
    seed : int
        Seed of the whole search; run ``r`` is run ``first_run + r`` of its stream.
    first_run : int
        Index of the first run (to continue a search).
    folder : str or pathlib.Path, optional
        Where the files go: ``holdem_anneal_runs.csv`` and ``holdem_stackings_<n>p_seat<s>.txt``
        (default: the workbook's ``data/`` folder, :func:`stoplib.workbook.config.data_dir`, the
        repository's unless ``STOPLIB_OUTPUT_DIR`` redirects it, as the tests do).
    scheduler, n_workers, show_progress :
        As in :func:`stoplib.holdem.run_search`.

    Examples
    --------
    >>> import tempfile
    >>> out = run_anneal(2, 3, moves=50_000, folder=tempfile.mkdtemp(), n_workers=1, show_progress=False)
    >>> out.n_runs, len(read_runs(out.runs_path.parent))
    (2, 2)
    """
    count, first = _restarts(n_runs, first_run)
    n, s = _settings(n_players, seat, "steepest", "first", "wins")
    moves = check_int("moves", moves, 1, MAX_MOVES)
    t_start = check_real("t_start", t_start, 1e-6, 1e6)
    t_end = check_real("t_end", t_end, 1e-6, t_start)
    weight = check_int("weight", weight, 0, 1000)
    workers = check_int("n_workers", n_workers, 1, 64)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    if seed is None or isinstance(seed, np.random.Generator):
        raise TypeError("seed must be an int for run_anneal (it names the search so it can be continued)")
    seed = check_int("seed", seed, 0, 2**63 - 1)
    what = f"run_anneal({count:,} runs of {moves:,} moves, {n} players)"
    if scheduler is None:
        _anneal_estimate(what, count, moves, n, _cluster_speed(min(workers, os.cpu_count() or 1)))
    out = data_dir() if folder is None else _folder(folder)
    log = _RunLog(out / RUNS_FILE)
    store = StackingFile(out / f"holdem_stackings_{n}p_seat{s}.txt", n, s, "wins")
    client, own = _connect(scheduler)
    cluster = None
    best, n_opt, n_new = -1, 0, 0
    t0 = time.perf_counter()
    try:
        if client is not None:
            _anneal_estimate(what, count, moves, n, _cluster_speed(max(1, sum(client.nthreads().values()))))
        _anneal_task(0, n, s, 10, t_start, t_end, weight, seed)  # compile before the workers start
        from dask.distributed import Client, LocalCluster, as_completed

        if client is None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                                   dashboard_address="127.0.0.1:0")
            client = Client(cluster)
        futures = as_completed([client.submit(_anneal_task, first + r, n, s, moves, t_start, t_end, weight, seed,
                                              pure=False) for r in range(count)])
        bar = progress(total=count, desc=f"annealing {n}p seat {s}",
                       disable=None if show_progress is None else not show_progress)
        try:
            for fut in futures:
                row = fut.result()
                fut.release()
                log.add([row])
                best = max(best, row["wins"])
                if row["wins"] == N_CUTS:
                    n_opt += 1
                    n_new += store.add([row["deck"]])
                bar.update(1)
                bar.set_postfix(best=best, optimal=n_opt)
        finally:
            bar.close()
    finally:
        if own and client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    return AnnealRunSummary(n_runs=count, best=best, n_optimal=n_opt, n_new=n_new, runs_path=log.path,
                            stackings_path=store.path, seconds=time.perf_counter() - t0)


# --------------------------------------------------------------------------- the table
def _frontier_candidates(frontier, n):
    """Each anytime run's best deck for ``n`` players: ``(wins, -losses, method, deck)``, and the runs' CPU."""
    out, cpu = [], 0.0
    if frontier is None or frontier.empty:
        return out, cpu, -1
    mine = frontier[frontier["n_players"] == n]
    best = -1
    for (seed, budget), run in mine.groupby(["seed", "budget"], sort=True):
        run = run.sort_values("step")
        last = run.iloc[-1]
        first = run[run["best_wins"] == last["best_wins"]].iloc[0]
        cpu += float(last["cpu_seconds"])
        best = max(best, int(last["best_wins"]))
        out.append((int(last["best_wins"]), -int(last["best_losses"]),
                    f"anytime search (seed {seed}, {budget:g} CPU s; step {int(first['step'])}: {first['method']})",
                    last["deck"], "anytime search, " + str(first["method"]).split(" (")[0]))
    return out, cpu, best


def _census_row(census, n):
    if census is None or census.empty or not (census["n_players"] == n).any():
        return None
    if "complete" in census.columns and not bool(census.loc[census["n_players"] == n, "complete"].iloc[0]):
        return None  # a census under way settles nothing
    return census.set_index("n_players").loc[n]


def players_table(runs: pd.DataFrame, families: pd.DataFrame, sizes=range(MIN_PLAYERS, MAX_PLAYERS + 1),
                  seat: int = 1, frontier: pd.DataFrame | None = None, census: pd.DataFrame | None = None,
                  completions: pd.DataFrame | None = None) -> pd.DataFrame:
    """The n-player table from the study's runs, family searches, anytime runs and period-13 census (seat 1),
    each best deck dealt again by the fast scorer and by the slow twin.

    Parameters
    ----------
    runs, families : pandas.DataFrame
        :func:`read_runs` and :func:`read_family_searches` (or frames with their columns).
    sizes : iterable of int
        The table sizes to include (those with any evidence).
    seat : int
        The seat (1).
    frontier, census, completions : pandas.DataFrame, optional
        :func:`stoplib.holdem.frontier.read_frontier`, :func:`stoplib.holdem.census_runs.census_table` and
        :func:`stoplib.holdem.census_runs.read_completions` (the anytime runs and the census of period-13
        decks with free suits), when there are any.

    Examples
    --------
    >>> t = players_table(read_runs(), read_family_searches(), sizes=[3])
    >>> t.loc[0, "status"].startswith("optimal stacking found"), int(t.loc[0, "twin_wins"])
    (True, 52)
    """
    for label, frame, needed in (("runs", runs, RUN_COLUMNS), ("families", families, FAMILY_COLUMNS)):
        check_instance(label, frame, pd.DataFrame)
        missing = [c for c in needed if c not in frame.columns]
        if missing:
            raise ValueError(f"{label} lacks the columns {missing} (read it with read_"
                             f"{'runs' if label == 'runs' else 'family_searches'}())")
    for label, frame in (("frontier", frontier), ("census", census), ("completions", completions)):
        if frame is not None:
            check_instance(label, frame, pd.DataFrame)
    seat = check_int("seat", seat, 1, MAX_PLAYERS)
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__iter__"):
        raise TypeError(f"sizes must be an iterable of table sizes {MIN_PLAYERS}..{MAX_PLAYERS}, "
                        f"got {type(sizes).__name__}")
    # the anytime budgets every table size had (the others: longer runs for some sizes)
    common = shared_budgets(frontier) if frontier is not None else set()
    rows = []
    for n in sizes:
        n = check_int("n_players", n, MIN_PLAYERS, MAX_PLAYERS)
        mine = runs[(runs["n_players"] == n) & (runs["seat"] == seat)]
        fam = families[(families["n_players"] == n) & (families["seat"] == seat)]
        front, front_cpu, front_best = _frontier_candidates(frontier, n)
        cen = _census_row(census, n)
        if mine.empty and fam.empty and not front and cen is None:
            continue
        # a structured deck first when it is as good: max() keeps the first of equals
        candidates = []
        if completions is not None and not completions.empty:
            for r in completions[completions["n_players"] == n].itertuples(index=False):
                candidates.append((N_CUTS, 0, "census of decks with ranks repeating every 13 cards, suits free: the "
                                   f"layout {r.layout} completed by the exact suit search", r.deck,
                                   "census of decks with ranks repeating every 13 cards, suits free"))
                break
        candidates += [(int(r.wins), -int(r.losses), f"exhaustive search of {family_words(r.family)}", r.deck,
                        f"exhaustive search of {family_words(r.family)}")
                       for r in fam.sort_values("best_wins", ascending=False).itertuples(index=False)]
        candidates += front
        candidates += [(int(r.wins), -int(r.losses), f"simulated annealing (seed {r.seed}, run {r.run})", r.deck,
                        "simulated annealing") for r in mine.sort_values(["seed", "run"]).itertuples(index=False)]
        wins, _, method, deck, short = max(candidates, key=lambda c: (c[0], c[1]))
        arr = as_deck(deck).astype(np.int64)
        fast = _deck_value(arr, n, seat)
        _reference_deals_estimate("players_table", n)
        twin = _value_reference([int(c) for c in arr], n, seat)
        cpu = (float(mine["cpu_seconds"].sum()) + float(fam["cpu_seconds"].sum()) + front_cpu
               + (float(cen["cpu_seconds"]) if cen is not None else 0.0))
        none_p13 = cen is not None and int(cen["completions"]) == 0
        status = (STATUSES[0] if fast.wins == N_CUTS else STATUSES[1]) + f" ({short})"
        if none_p13:
            status += "; " + NO_PERIOD13.format(layouts=int(cen["layouts"]))
        public = PUBLIC_RECORD[n][0]
        vs = versus_public(n, fast.wins)
        evidence = (f"{fast.wins} cuts won, dealt again by the fast scorer and the slow rules-based twin; "
                    f"{cpu / 3600:.2f} CPU-hours in all on this table size; the public record {public} "
                    f"({PUBLIC_RECORD[n][1]})"
                    + (": ours is above it, as far as we know a new best" if vs == "above" else
                       ": ours equals it" if vs == "equal" else ": ours is below it"))
        if front:
            budgets = sorted({float(b) for b in frontier.loc[frontier["n_players"] == n, "budget"]})
            shared = [b for b in budgets if b in common]
            own = [b for b in budgets if b not in common]
            evidence += ("; the anytime search with structure ("
                         + (f"runs of {', '.join(f'{b:g}' for b in shared)} CPU s, as every table size had"
                            if shared else "")
                         + ("; " if shared and own else "")
                         + (f"longer runs of {', '.join(f'{b:g}' for b in own)} CPU s here" if own else "")
                         + f") reached {front_best}")
        if cen is not None:
            how = ("by fact 6, every class bad" if cen.get("basis") == "fact 6" else
                   f"all {int(cen['layouts']):,} layouts visited, at least {int(cen['min_bad_classes'])} bad classes")
            evidence += (f"; the census of decks whose ranks repeat every 13 cards, any suits ({how}, flush capacity "
                         f"{int(cen['capacity'])}): "
                         + ("no layout completes to an optimal deck" if none_p13 else
                            f"{int(cen['completions']):,} layouts complete to optimal decks"))
        rows.append({"n_players": n, "status": status, "deck": deck, "wins": fast.wins, "ties": fast.ties,
                     "losses": fast.losses, "twin_wins": twin.wins, "twin_ties": twin.ties,
                     "twin_losses": twin.losses, "method": method, "public_best": public, "versus_public": vs,
                     "evidence": evidence,
                     "family": "; ".join(family_words(f) for f in sorted(set(fam["family"]))),
                     "family_size": int(fam["orders"].sum()) if not fam.empty else 0,
                     "family_best": int(fam["best_wins"].max()) if not fam.empty else -1,
                     "census_layouts": int(cen["layouts"]) if cen is not None else 0,
                     "census_completions": int(cen["completions"]) if cen is not None else -1,
                     "anneal_runs": len(mine), "anneal_best": int(mine["wins"].max()) if len(mine) else -1,
                     "frontier_best": front_best, "cpu_seconds": round(cpu, 1)})
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


# --------------------------------------------------------------------------- the verdict on the guess
def _players_of(players) -> pd.DataFrame:
    """A checked n-player table (the columns :func:`_guess_row` reads, sizes 2..22, counts 0..52)."""
    check_instance("players", players, pd.DataFrame)
    needed = ["n_players", "status", "wins"]
    missing = [c for c in needed if c not in players.columns]
    if missing or players.empty:
        raise ValueError(f"players must be a stackings_by_players table, missing {missing or 'rows'}")
    if not players["n_players"].between(MIN_PLAYERS, MAX_PLAYERS).all() or players["n_players"].duplicated().any():
        raise ValueError(f"players must hold each table size {MIN_PLAYERS}..{MAX_PLAYERS} at most once")
    if not players["wins"].between(0, 52).all():
        raise ValueError("players['wins'] must be cuts won, 0..52")
    return players


def sizes_text(values) -> str:
    """Table sizes in words for prose: runs of consecutive sizes joined by a dash.

    Examples
    --------
    >>> sizes_text([2, 3, 4, 6, 9, 8])
    '2-4, 6 and 8-9'
    >>> sizes_text([])
    'none'
    """
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"values must be an iterable of table sizes, got {type(values).__name__}")
    values = sorted({check_int("table size", v, MIN_PLAYERS, MAX_PLAYERS) for v in values})
    if not values:
        return "none"
    runs, start = [], None
    for i, v in enumerate(values):
        if start is None:
            start = v
        if i + 1 == len(values) or values[i + 1] != v + 1:
            runs.append(f"{start}" if start == v else f"{start}-{v}")
            start = None
    return runs[0] if len(runs) == 1 else ", ".join(runs[:-1]) + " and " + runs[-1]


def _guess_row(players):
    """The "any number of players" guess judged from the n-player table: agrees only when every table
    size the deal allows has an optimal stacking; each size is settled only where one was found."""
    found = players.loc[players["wins"] == 52, "n_players"].tolist()
    short = players.loc[players["wins"] < 52].sort_values("n_players")
    untried = [k for k in range(MIN_PLAYERS, MAX_PLAYERS + 1) if k not in set(players["n_players"])]
    ours = (f"optimal stackings for {sizes_text(found)} players" if found else "no optimal stacking found")
    if not short.empty:
        ours += "; best known " + ", ".join(f"{int(r.wins)}/52 for {int(r.n_players)}" for r in short.itertuples())
    every = not untried and short.empty
    evidence = ("every deck re-dealt by the fast scorer and the slow rules-based twin; ties count as not won; "
                "the article's deal generalised to n players (pockets round the table, burn, flop, burn, turn, "
                "burn, river; at most 22 players)")
    if not every:
        nones = [int(r.n_players) for r in short.itertuples() if "no optimal deck with ranks repeating" in r.status]
        evidence += ("; the guess is settled for " + (sizes_text(found) if found else "no table size")
                     + " players and stays open for the others: a search that stops short is no proof of absence"
                     + (f"; no deck whose ranks repeat every 13 cards (any suits, all 12! layouts) is optimal for "
                        f"{sizes_text(nones)} players" if nones else "")
                     + (f"; not searched: {sizes_text(untried)} players" if untried else ""))
    return verdict_row("There are probably optimal stackings for any number of players", "'not hard to imagine'",
               ours, "agrees" if every else "open", evidence)


def shared_budgets(frontier) -> set:
    """The anytime budgets (CPU seconds) that every table size in ``frontier`` had; empty for no runs.

    Parameters
    ----------
    frontier : pandas.DataFrame
        Steps of the anytime runs, as :func:`stoplib.holdem.read_frontier` returns them.

    Examples
    --------
    >>> from stoplib.holdem import read_frontier
    >>> max(shared_budgets(read_frontier())) >= 240
    True
    """
    check_instance("frontier", frontier, pd.DataFrame)
    missing = [c for c in ("n_players", "budget") if c not in frontier.columns]
    if missing:
        raise ValueError(f"frontier lacks the columns {missing} (read it with read_frontier())")
    if not len(frontier):
        return set()
    return set.intersection(*({float(b) for b in g} for _, g in frontier.groupby("n_players")["budget"]))


def equal_budget(frontier):
    """``(budget, steps)``: the largest anytime budget every table size had, and one run of it per size (the
    lowest seed), for comparing the sizes at equal effort.

    Parameters
    ----------
    frontier : pandas.DataFrame
        Steps of the anytime runs, as :func:`stoplib.holdem.read_frontier` returns them (with ``seed`` and ``step``).

    Examples
    --------
    >>> from stoplib.holdem import read_frontier
    >>> budget, steps = equal_budget(read_frontier())
    >>> int(steps.groupby("n_players")["seed"].nunique().max())
    1
    """
    common = shared_budgets(frontier)
    if not common:
        raise ValueError("frontier has no budget that every table size had (run benchmarks/holdem_frontier.py "
                         "with one budget for every size)")
    budget = max(common)
    at = frontier[frontier["budget"] == budget]
    steps = at[at["seed"] == at.groupby("n_players")["seed"].transform("min")]
    return budget, steps.sort_values(["n_players", "step"]).reset_index(drop=True)
