"""The census of period-13 decks with free suits, run and read back (beyond document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em", Math ∩
Programming (jeremykun.com), 9 April 2012. :mod:`stoplib.holdem.census` states the family and
the tests; this module runs them over all 12! layouts of a table size and keeps the results.

:func:`run_census` splits a table size's layouts into 132 chunks (the ranks of residues 1 and 2
fixed, 10! layouts each) and appends one line per finished chunk to
``holdem_period13_census_chunks.csv`` (flushed and fsync-ed: a killed run loses at most the
chunk in progress and resumes where it stopped). Each line holds the histogram of bad classes
and the count of layouts passing each test. The feasible sets of classes (the flush capacity)
are decided first, by CP-SAT and by the exact search, which must agree; their sizes go to
``holdem_flush_capacity.csv``. Every deck that wins all 52 cuts goes to
``holdem_period13_completions.csv``, dealt again by :func:`stoplib.holdem.deck_value` and by the
slow twin; every *near miss* (a layout whose suits can win every cut of its bad classes but not all
52) to ``holdem_period13_near_misses.csv``: starting points for the searches of
:mod:`stoplib.holdem.frontier`.

:func:`period13_census` reads a table size's census back (every chunk present, counts summed);
:func:`census_table` gives all of them as one table.
"""
from __future__ import annotations

import csv
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ..util.validate import MissingFileError, check_int, check_path
from ..workbook.config import data_dir
from ..workbook.progressbar import progress
from ._census_kernels import (C_BAD_CUTS, C_CAPACITY, C_COMPLETE, C_LAYOUTS, C_NODES, C_SETS,
                              N_COUNTERS, PERMS, _census_chunk)
from ._costs import _census_estimate
from .census import MAX_NODES, N_LAYOUTS, _complete_cpsat, _tables, flush_capacity, layout_text
from .rules import MIN_PLAYERS, MAX_PLAYERS, N_CUTS, RANKS, _check_table, check_bool, format_deck
from .solver import _deck_value
from .twins import _value_reference

__all__ = ["N_CHUNKS", "CHUNK_COLUMNS", "CAPACITY_COLUMNS", "COMPLETION_COLUMNS", "Period13Census",
           "run_census", "period13_census", "census_table", "read_capacity", "read_completions"]

CHUNK_FILE, CAPACITY_FILE, COMPLETION_FILE, NEAR_FILE = (
    "holdem_period13_census_chunks.csv", "holdem_flush_capacity.csv", "holdem_period13_completions.csv",
    "holdem_period13_near_misses.csv")
_HIST = tuple(f"bad{b}" for b in range(14))
#: Columns of the chunks file: a chunk's layouts by number of bad classes, then the survivors of each test.
CHUNK_COLUMNS = (("n_players", "prefix") + _HIST
                 + ("layouts", "capacity_pass", "set_pass", "bad_cut_pass", "completions", "solver_decided",
                    "nodes", "cpu_seconds", "machine", "load"))
#: Columns of the flush-capacity file (``feasible``: the 8,192 sets of classes as a hex bit string, bit ``mask``
#: set when the set with bits ``mask`` admits seat 1's flushes).
CAPACITY_COLUMNS = ("n_players", "capacity", "feasible_by_size", "solves", "method", "cpu_seconds", "feasible")
#: Columns of the completions file.
COMPLETION_COLUMNS = ("n_players", "layout", "deck", "wins", "twin_wins")
#: The chunks of a table size: the ranks of residues 1 and 2 (residue 0 holds the deuce).
PREFIXES = tuple((0, a, b) for a in range(1, 13) for b in range(1, 13) if a != b)
#: How many chunks a table size's census has (one per choice of the ranks at residues 1 and 2).
N_CHUNKS = len(PREFIXES)


@dataclass(frozen=True)
class Period13Census:
    """The census of period-13 decks with free suits for one table size.

    Attributes
    ----------
    n_players : int
    layouts : int
        Layouts visited (12! = 479,001,600 for the whole family).
    bad_classes : tuple
        Layouts with 0, 1, ..., 13 bad classes.
    min_bad_classes : int
        The fewest bad classes of any layout.
    capacity : int
        The most classes that can all carry seat 1's flushes (fact 5).
    survivors : int
        Layouts with at most ``capacity`` bad classes (the flush-capacity test).
    set_survivors : int
        Of those, layouts whose set of bad classes admits seat 1's flushes at all its cuts.
    bad_cut_survivors : int
        Of those, layouts with suits that win every cut of their bad classes.
    completions : tuple
        Decks (one per layout) that win all 52 cuts: empty when the family has no optimal stacking.
    n_completions : int
        Layouts that complete (``len(completions)`` unless the file kept fewer).
    solver_decided : int
        Layouts where the exact search gave up and CP-SAT decided.
    cpu_seconds : float
    complete : bool
        Whether the family is settled: every chunk visited, or (14 players or more) fact 6.
    basis : str
        ``"every layout visited"``, or for 14 players or more without chunks ``"fact 6"``: seat 14 holds
        seat 1's ranks at every cut, so every layout has 13 bad classes, more than the capacity.
    """
    n_players: int
    layouts: int
    bad_classes: tuple
    min_bad_classes: int
    capacity: int
    survivors: int
    set_survivors: int
    bad_cut_survivors: int
    completions: tuple
    n_completions: int
    solver_decided: int
    cpu_seconds: float
    complete: bool
    basis: str = "every layout visited"
    chunks: int = 0


class _Appender:
    """An append-only CSV, durable line by line; a torn last line (a kill) is dropped on opening."""

    def __init__(self, path: Path, columns):
        self.path, self.columns = path, tuple(columns)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file() and path.stat().st_size:
            data = path.read_bytes()
            if not data.endswith(b"\n"):
                with open(path, "r+b") as fh:
                    fh.truncate(data.rfind(b"\n") + 1)
            with open(path) as fh:
                header = tuple(fh.readline().strip().split(","))
            if header != self.columns:
                raise ValueError(f"{path}: columns must be {list(self.columns)}, got {list(header)}")
        else:
            self._write([self.columns])

    def _write(self, rows):
        with open(self.path, "a", newline="") as fh:
            csv.writer(fh, lineterminator="\n").writerows(rows)
            fh.flush()
            os.fsync(fh.fileno())

    def add(self, row: dict):
        self._write([[row[c] for c in self.columns]])


def _folder(folder, write=False) -> Path:
    if folder is None:
        return data_dir() if write else Path(__file__).resolve().parents[2] / "data"
    return check_path("folder", folder, must_exist=True, kind="dir")


def _prefix_text(prefix) -> str:
    return "".join(RANKS[r] for r in prefix)


def _resolve(sigma, stage, n):
    """CP-SAT decides a layout the search gave up on: (passes the bad cuts, deck or None)."""
    from .census import bad_classes

    if stage == 1:
        cuts = [j + 13 * q for j in bad_classes(sigma, n) for q in range(4)]
        ok, _ = _complete_cpsat(sigma, n, cuts)
        if not ok:
            return False, None
    ok, codes = _complete_cpsat(sigma, n, list(range(N_CUTS)))
    return True, (codes if ok else None)


def _run_chunk(prefix, n, capacity, feasible, tables):
    """One chunk: its histogram, counters and completed decks (CP-SAT where the search gave up)."""
    mult, packed, franks = tables
    hist = np.zeros(14, np.int64)
    counts = np.zeros(N_COUNTERS, np.int64)
    found = np.zeros((64, 26), np.int64)
    n_found = np.zeros(1, np.int64)
    gave_up = np.zeros((4096, 14), np.int64)
    n_gave_up = np.zeros(1, np.int64)
    near = np.zeros((4096, 13), np.int64)
    n_near = np.zeros(1, np.int64)
    _census_chunk(np.array(prefix, np.int64), n, mult, packed, franks, capacity, feasible, MAX_NODES, hist,
                  counts, found, n_found, gave_up, n_gave_up, near, n_near)
    if n_found[0] > found.shape[0] or n_gave_up[0] > gave_up.shape[0] or n_near[0] > near.shape[0]:
        raise RuntimeError(f"chunk {prefix} of {n} players: {n_found[0]} completions, {n_gave_up[0]} left "
                           "to CP-SAT, more than the buffers hold")
    decks = [(row[:13], np.array([4 * int(row[x % 13]) + int(PERMS[row[13 + x % 13], x // 13])
                                  for x in range(52)], np.int64)) for row in found[:n_found[0]]]
    misses = [row.copy() for row in near[:n_near[0]]]
    for row in gave_up[:n_gave_up[0]]:
        passes, codes = _resolve(row[:13], int(row[13]), n)
        if row[13] == 1 and passes:
            counts[C_BAD_CUTS] += 1
        if codes is not None:
            counts[C_COMPLETE] += 1
            decks.append((row[:13], codes))
        elif passes:
            misses.append(row[:13].copy())
    return hist, counts, decks, misses, int(n_gave_up[0])


def _done(path: Path, n: int) -> set:
    if not path.is_file():
        return set()
    table = pd.read_csv(path, dtype={"prefix": str}, keep_default_na=False)
    return set(table.loc[table["n_players"] == n, "prefix"])


def _bits_hex(feasible: np.ndarray) -> str:
    return np.packbits(feasible.astype(np.uint8), bitorder="little").tobytes().hex()


def _hex_bits(text: str) -> np.ndarray:
    return np.unpackbits(np.frombuffer(bytes.fromhex(text), np.uint8), bitorder="little").astype(np.bool_)


def _capacity_row(folder: Path, n: int, method: str):
    """The table size's flush capacity: read from its file (the feasible sets kept there), or computed and
    appended."""
    from .census import FlushCapacity

    log = _Appender(folder / CAPACITY_FILE, CAPACITY_COLUMNS)
    table = pd.read_csv(log.path, keep_default_na=False, dtype={"feasible_by_size": str, "feasible": str})
    mine = table[table["n_players"] == n]
    if not mine.empty:
        row = mine.iloc[0]
        feasible = _hex_bits(row["feasible"])
        by_size = tuple(int(v) for v in row["feasible_by_size"].split(";"))
        sizes = np.array([bin(m).count("1") for m in range(8192)])
        if feasible.size != 8192 or by_size != tuple(int(np.count_nonzero(feasible & (sizes == k)))
                                                     for k in range(14)):
            raise ValueError(f"{log.path}: the feasible sets of {n} players do not match their counts")
        return FlushCapacity(n_players=n, capacity=int(row["capacity"]), feasible=feasible, by_size=by_size,
                             solves=int(row["solves"]), method=row["method"], seconds=float(row["cpu_seconds"]))
    cap = flush_capacity(n, method=method)
    log.add({"n_players": n, "capacity": cap.capacity, "feasible_by_size": ";".join(map(str, cap.by_size)),
             "solves": cap.solves, "method": cap.method, "cpu_seconds": cap.seconds,
             "feasible": _bits_hex(cap.feasible)})
    return cap


def run_census(n_players: int, folder=None, prefixes=None, method: str = "both",
               show_progress: bool | None = None) -> Period13Census:
    """Visit every layout of the family for ``n_players`` (or the chunks ``prefixes``), appending each chunk.

    Parameters
    ----------
    n_players : int
        Players at the table, 2..22.
    folder : str or pathlib.Path, optional
        Where the three files go (default: the workbook's ``data/``, which ``STOPLIB_OUTPUT_DIR``
        redirects). Chunks already in the file are not visited again.
    prefixes : sequence of str, optional
        Chunks to visit, each the ranks of residues 0, 1, 2 (``"2AK"``; residue 0 holds the deuce;
        default: all 132).
    method : {"both", "cp-sat", "search"}
        How the feasible sets of classes are decided (:func:`stoplib.holdem.census.flush_capacity`).
    show_progress : bool, optional
        A tqdm bar over the chunks.

    Examples
    --------
    >>> import tempfile
    >>> res = run_census(13, folder=tempfile.mkdtemp(), prefixes=["2AK"], method="search", show_progress=False)
    >>> res.layouts, res.min_bad_classes > res.capacity, res.completions
    (3628800, True, ())
    """
    n, _ = _check_table(n_players, 1)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    if prefixes is None:
        chunks = list(PREFIXES)
    else:
        if isinstance(prefixes, (str, bytes)) or not hasattr(prefixes, "__iter__"):
            raise TypeError(f"prefixes must be a list of three-rank chunks such as ['2AK'], got "
                            f"{type(prefixes).__name__}")
        chunks = []
        for p in prefixes:
            ranks = [int(r) for r in _layout_prefix(p)]
            chunks.append(tuple(ranks))
    _census_estimate(f"run_census({n} players, {len(chunks)} chunks)", len(chunks) * N_LAYOUTS // len(PREFIXES),
                     n, sets=True, cpsat=method != "search")
    out = _folder(folder, write=True)
    cap = _capacity_row(out, n, method)
    log = _Appender(out / CHUNK_FILE, CHUNK_COLUMNS)
    decks_log = _Appender(out / COMPLETION_FILE, COMPLETION_COLUMNS)
    near_log = _Appender(out / NEAR_FILE, ("n_players", "layout"))
    done = _done(log.path, n)
    tables = _tables()
    from ..util.timing import load_average, machine

    bar = progress(total=len(chunks), desc=f"census {n}p", disable=None if show_progress is None else not show_progress)
    try:
        for prefix in chunks:
            if _prefix_text(prefix) in done:
                bar.update(1)
                continue
            t0 = time.process_time()
            hist, counts, decks, misses, decided = _run_chunk(prefix, n, cap.capacity, cap.feasible, tables)
            for sigma in misses:
                near_log.add({"n_players": n, "layout": layout_text(sigma)})
            for sigma, codes in decks:
                fast, twin = _deck_value(codes, n, 1), _value_reference([int(c) for c in codes], n, 1)
                if fast.wins != N_CUTS or twin.wins != N_CUTS:
                    raise AssertionError(f"layout {layout_text(sigma)}: a completion worth {fast.wins} "
                                         f"(twin {twin.wins}) for {n} players")
                decks_log.add({"n_players": n, "layout": layout_text(sigma), "deck": format_deck(codes),
                               "wins": fast.wins, "twin_wins": twin.wins})
            row = {"n_players": n, "prefix": _prefix_text(prefix), **{h: int(v) for h, v in zip(_HIST, hist)},
                   "layouts": int(counts[C_LAYOUTS]), "capacity_pass": int(counts[C_CAPACITY]),
                   "set_pass": int(counts[C_SETS]), "bad_cut_pass": int(counts[C_BAD_CUTS]),
                   "completions": int(counts[C_COMPLETE]), "solver_decided": decided,
                   "nodes": int(counts[C_NODES]), "cpu_seconds": round(time.process_time() - t0, 2),
                   "machine": machine(), "load": round(load_average(), 2)}
            log.add(row)
            bar.update(1)
    finally:
        bar.close()
    return _summary(out, n, [_prefix_text(p) for p in chunks])


def _layout_prefix(text):
    if not isinstance(text, str) or len(text) != 3:
        raise ValueError(f"a chunk is three ranks (residues 0, 1, 2) such as '2AK', got {text!r:.40}")
    from .families import _ranks

    ranks = _ranks("prefix", text)
    if ranks[0] != 0:
        raise ValueError(f"a chunk starts with the deuce (residue 0 holds it), got {text!r}")
    return ranks


def _summary(folder: Path, n: int, prefixes=None) -> Period13Census:
    path = folder / CHUNK_FILE
    if not path.is_file():
        raise MissingFileError(2, "no census chunks (run stoplib.holdem.census_runs.run_census)", str(path))
    table = pd.read_csv(path, dtype={"prefix": str}, keep_default_na=False)
    if tuple(table.columns) != CHUNK_COLUMNS:
        raise ValueError(f"{path}: columns must be {list(CHUNK_COLUMNS)}")
    rows = table[table["n_players"] == n]
    if prefixes is not None:
        rows = rows[rows["prefix"].isin(prefixes)]
    if rows.empty:
        raise MissingFileError(2, f"no census of {n} players (run_census({n}))", str(path))
    if rows["prefix"].duplicated().any():
        raise ValueError(f"{path}: a chunk of {n} players appears twice")
    hist = tuple(int(rows[h].sum()) for h in _HIST)
    if sum(hist) != int(rows["layouts"].sum()):
        raise ValueError(f"{path}: the histogram of {n} players does not add up to its layouts")
    cap_table = pd.read_csv(folder / CAPACITY_FILE, keep_default_na=False, dtype={"feasible_by_size": str,
                                                                                   "feasible": str})
    capacity = int(cap_table.loc[cap_table["n_players"] == n, "capacity"].iloc[0])
    if int(rows["capacity_pass"].sum()) != sum(hist[:capacity + 1]):
        raise ValueError(f"{path}: layouts passing the capacity test differ from the histogram ({n} players)")
    decks = ()
    comp = folder / COMPLETION_FILE
    if comp.is_file():
        c = pd.read_csv(comp, dtype={"layout": str, "deck": str}, keep_default_na=False)
        c = c[c["n_players"] == n]
        if prefixes is not None:
            c = c[c["layout"].str[:3].isin(prefixes)]
        decks = tuple(c["deck"])
    complete = set(rows["prefix"]) == {_prefix_text(p) for p in PREFIXES}
    return Period13Census(n_players=n, layouts=int(rows["layouts"].sum()), bad_classes=hist,
                          min_bad_classes=next(b for b, v in enumerate(hist) if v), capacity=capacity,
                          survivors=int(rows["capacity_pass"].sum()), set_survivors=int(rows["set_pass"].sum()),
                          bad_cut_survivors=int(rows["bad_cut_pass"].sum()), completions=decks,
                          n_completions=int(rows["completions"].sum()),
                          solver_decided=int(rows["solver_decided"].sum()),
                          cpu_seconds=round(float(rows["cpu_seconds"].sum()), 1), complete=complete,
                          basis=("every layout visited" if complete else
                                 f"{len(rows)} of {len(PREFIXES)} chunks visited"),
                          chunks=len(rows))


def _by_fact_6(folder: Path, n: int) -> Period13Census | None:
    """Fourteen players or more, no chunks: every layout has 13 bad classes (fact 6); the capacity from its file."""
    path = folder / CAPACITY_FILE
    if n < 14 or not path.is_file():
        return None
    caps = pd.read_csv(path, keep_default_na=False, dtype={"feasible_by_size": str, "feasible": str})
    row = caps[caps["n_players"] == n]
    if row.empty:
        return None
    capacity = int(row["capacity"].iloc[0])
    if capacity >= 13:
        raise ValueError(f"{path}: capacity {capacity} for {n} players: fact 6 alone does not settle the family")
    return Period13Census(n_players=n, layouts=N_LAYOUTS, bad_classes=(0,) * 13 + (N_LAYOUTS,), min_bad_classes=13,
                          capacity=capacity, survivors=0, set_survivors=0, bad_cut_survivors=0, completions=(),
                          n_completions=0, solver_decided=0, cpu_seconds=float(row["cpu_seconds"].iloc[0]),
                          complete=True, basis="fact 6")


def period13_census(n_players: int, folder=None) -> Period13Census:
    """The census of one table size, read from the committed files (every chunk present; from 14 players, fact 6
    and the capacity where the chunks were not run).

    Examples
    --------
    >>> res = period13_census(12)
    >>> res.layouts, res.min_bad_classes, res.n_completions, res.chunks
    (479001600, 3, 0, 132)
    """
    n, _ = _check_table(n_players, 1)
    base = _folder(folder)
    try:
        res = _summary(base, n)
    except MissingFileError:
        res = _by_fact_6(base, n)
        if res is None:
            raise
        return res
    if not res.complete:
        fact = _by_fact_6(base, n)
        if fact is not None:
            return fact
        raise ValueError(f"the census of {n} players is not complete ({res.layouts:,} of {N_LAYOUTS:,} layouts): "
                         f"run_census({n}) continues it")
    return res


#: The columns of :func:`census_table`.
CENSUS_TABLE_COLUMNS = ("n_players", "layouts", "min_bad_classes", "capacity", "survivors", "set_survivors",
                        "bad_cut_survivors", "completions", "solver_decided", "cpu_seconds", "basis", "chunks",
                        "complete")


def census_table(folder=None, sizes=range(7, MAX_PLAYERS + 1), partial: bool = False) -> pd.DataFrame:
    """One row per table size whose census is complete: the counts of :class:`Period13Census`; with ``partial``,
    also the sizes whose census is under way (their counts cover the chunks visited, ``complete`` is False).

    Examples
    --------
    >>> t = census_table()
    >>> bool((t["layouts"] == 479001600).all()), bool(t["complete"].all())
    (True, True)
    >>> p = census_table(partial=True)
    >>> bool((p["layouts"] <= 479001600).all()), bool((p["chunks"] <= 132).all())
    (True, True)
    """
    partial = check_bool("partial", partial)
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__iter__"):
        raise TypeError(f"sizes must be an iterable of table sizes {MIN_PLAYERS}..{MAX_PLAYERS}, "
                        f"got {type(sizes).__name__}")
    sizes = [check_int("n_players", n, MIN_PLAYERS, MAX_PLAYERS) for n in sizes]
    base = _folder(folder)
    rows = []
    for n in sizes:
        try:
            res = period13_census(n, base)
        except MissingFileError:
            continue
        except ValueError:
            if not partial:
                continue
            res = _summary(base, n)
        rows.append({"n_players": n, "layouts": res.layouts, "min_bad_classes": res.min_bad_classes,
                     "capacity": res.capacity, "survivors": res.survivors, "set_survivors": res.set_survivors,
                     "bad_cut_survivors": res.bad_cut_survivors, "completions": res.n_completions,
                     "solver_decided": res.solver_decided, "cpu_seconds": res.cpu_seconds, "basis": res.basis,
                     "chunks": res.chunks, "complete": res.complete})
    return pd.DataFrame(rows, columns=list(CENSUS_TABLE_COLUMNS))


def read_capacity(folder=None) -> pd.DataFrame:
    """The flush capacities computed so far (``holdem_flush_capacity.csv``).

    Examples
    --------
    >>> int(read_capacity().set_index("n_players").loc[12, "capacity"])
    8
    """
    path = _folder(folder) / CAPACITY_FILE
    if not path.is_file():
        raise MissingFileError(2, "no flush capacities (run_census computes them)", str(path))
    return pd.read_csv(path, keep_default_na=False, dtype={"feasible_by_size": str, "feasible": str})


def read_completions(folder=None) -> pd.DataFrame:
    """Every completed deck of the census (``holdem_period13_completions.csv``).

    Examples
    --------
    >>> c = read_completions()
    >>> bool((c["wins"] == 52).all())
    True
    """
    path = _folder(folder) / COMPLETION_FILE
    if not path.is_file():
        raise MissingFileError(2, "no completions (run_census writes them)", str(path))
    return pd.read_csv(path, dtype={"layout": str, "deck": str}, keep_default_na=False)
