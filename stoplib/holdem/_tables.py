"""Lookup tables of the hold'em hand evaluator: how they are built and cached.

Everything here is derived from the rules of poker at first use and cached on
disk (nothing is shipped as a blob). The design:

* **Hand ranks.** The 7,462 classes of five-card hands are listed from the
  rules (every five-card rank multiset, plus every set of five distinct ranks
  as a flush), sorted, and numbered 1..7,462 (7,462 = royal flush). A seven-card
  hand gets the rank of its best five cards, so 5- and 7-card ranks compare.
* **Rank key.** Rank ``r`` gets a multiplier ``m[r]``; the key of a hand is the
  sum of its cards' multipliers. The multipliers are found greedily
  (``m[r]`` is the smallest value above ``m[r-1]`` such that every rank multiset
  with at most 4 of a rank and at most 7 cards has a different sum), so the key
  identifies the rank multiset and can be built one card at a time. The greedy
  search takes a few seconds, so its 13 results are kept below as
  ``MULTIPLIERS``; ``rank_multipliers()`` re-derives them (a test checks they
  agree) and every table build re-checks that all keys are distinct.
* **Compact table.** The non-flush rank of every multiset of 5 or 7 cards is
  stored in a row-displaced table: ``key`` splits into a row ``key >> SHIFT``
  and a column ``key & MASK``; rows are packed into one array by giving each an
  offset where its occupied columns land on free cells (the row's cell for
  column ``col`` is ``start[row] + col``).
* **Flushes.** Each card also adds 1 to a 4-bit counter for its suit (bits 32+);
  counters start at 3, so a suit with 5 or more cards sets its counter's top
  bit. A second accumulator ORs a bit per card at ``16 * suit + rank``; the
  flush suit's 13-bit rank mask indexes an 8,192-entry flush table (straight
  flushes included). With 7 cards a flush excludes quads and full houses, so
  the flush rank is the answer.
* **Biased row offsets.** ``offsets[row]`` stores the row's start minus
  ``row << SHIFT``, so the index is ``key + offsets[key >> SHIFT]`` with no
  mask for the column (a trick of OMPEval's perfect hash).
* **Two layouts of the same numbers.** ``ranks`` (int16) holds the flush table
  (its first 8,192 entries) and then the packed table, and ``offsets`` (int32)
  points into it: 263 KB, the layout of the kernels that rank hands given as
  cards (``_rank7``, ``evaluate7_many``). ``packed`` (int32) holds the flush
  table, then the row offsets, then the packed table, all in one array, so
  that a kernel needs one base pointer for every look-up: the layout of the
  enumeration and of the deck-scoring kernels, whose nested loops otherwise
  run out of registers (454 KB). Both fit the 1 MiB L2 cache of the
  development machine.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from collections import namedtuple
from itertools import combinations
from pathlib import Path

import numpy as np
from numba import njit

from ._costs import _table_build_estimate
from .rules import check_bool

# Changing SHIFT or the key layout below: bump FORMAT_VERSION (the disk cache's
# key) and touch evaluator.py too, because numba's on-disk cache of the kernels
# is keyed on their own source file and these constants are frozen into them.
FORMAT_VERSION = 3
SHIFT = 10
MASK = (1 << SHIFT) - 1
SUIT_INIT = 0x3333 << 32
LOW32 = 0xFFFFFFFF
N_RANKS = 7462
# = rank_multipliers(): the greedy search's result, kept to make first use fast
MULTIPLIERS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453,
               1526359, 3453520)

CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight",
              "flush", "full house", "four of a kind", "straight flush")
CLASSES_PER_CATEGORY = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
# CATEGORY_START[k] is the lowest rank of category k; ranks run 1..7462.
CATEGORY_START = tuple(1 + sum(CLASSES_PER_CATEGORY[:k]) for k in range(9))

Tables = namedtuple("Tables", ["card_keys", "card_bits", "offsets", "ranks", "multipliers", "packed"])
Tables.__doc__ = """Lookup tables of the evaluator (pass to ``rank7``/``rank5`` inside numba).

card_keys : int64[52]   rank multiplier + suit counter increment of each card
card_bits : int64[52]   bit ``16 * suit + rank`` of each card
offsets   : int32[...]  biased row offsets: the non-flush rank of a hand whose key has low
                        32 bits ``k`` is ``ranks[k + offsets[k >> SHIFT]]``
ranks     : int16[...]  ``ranks[:8192]``: best flush within a 13-bit rank mask (0 if
                        fewer than 5 ranks); then the packed non-flush ranks
multipliers : int64[13] the rank multipliers
packed    : int32[...]  the same numbers in one array: ``packed[:8192]`` the flush table,
                        ``packed[8192 + row]`` biased row offsets (into ``packed``), then the
                        packed non-flush ranks: ``packed[k + packed[8192 + (k >> SHIFT)]]``
"""
FLUSH_SIZE = 1 << 13

# rank masks of the ten straights, five-high (the wheel, A-2-3-4-5) first
_STRAIGHTS = tuple([0b1000000001111] + [0b11111 << low for low in range(9)])


# --------------------------------------------------------------------------- values
def _straight_high(mask: int) -> int:
    """Highest straight's top rank within a 13-bit rank mask, or -1."""
    for high in range(12, 2, -1):
        need = _STRAIGHTS[high - 3]
        if mask & need == need:
            return high
    return -1


def _value(category: int, ties) -> int:
    """A sortable integer for a (category, tie-break ranks) pair."""
    v = category
    for i in range(5):
        v = v * 13 + (ties[i] if i < len(ties) else 0)
    return v


def _nonflush_value(counts) -> int:
    """Value of the best five cards of a rank multiset (suits ignored, no flush)."""
    desc = [r for r in range(12, -1, -1) if counts[r] > 0]
    quads = [r for r in desc if counts[r] >= 4]
    trips = [r for r in desc if counts[r] >= 3]
    pairs = [r for r in desc if counts[r] >= 2]
    if quads:
        q = quads[0]
        return _value(7, [q, next(r for r in desc if r != q)])
    if trips:
        t = trips[0]
        others = [r for r in pairs if r != t]
        if others:
            return _value(6, [t, others[0]])
    mask = sum(1 << r for r in desc)
    high = _straight_high(mask)
    if high >= 0:
        return _value(4, [high])
    if trips:
        t = trips[0]
        return _value(3, [t] + [r for r in desc if r != t][:2])
    if len(pairs) >= 2:
        p, q = pairs[0], pairs[1]
        return _value(2, [p, q, next(r for r in desc if r not in (p, q))])
    if pairs:
        p = pairs[0]
        return _value(1, [p] + [r for r in desc if r != p][:3])
    return _value(0, desc[:5])


def _flush_value(mask: int) -> int:
    """Value of the best flush (or straight flush) within a rank mask of >= 5 ranks."""
    high = _straight_high(mask)
    if high >= 0:
        return _value(8, [high])
    desc = [r for r in range(12, -1, -1) if mask >> r & 1]
    return _value(5, desc[:5])


def _multisets(n_cards: int):
    """All rank count vectors (13 ranks, at most 4 each) with ``n_cards`` cards."""
    out = []

    def rec(r, left, counts):
        if r == 12:
            if left <= 4:
                out.append(tuple(counts) + (left,))
            return
        for c in range(min(4, left) + 1):
            counts.append(c)
            rec(r + 1, left - c, counts)
            counts.pop()

    rec(0, n_cards, [])
    return out


def class_values() -> np.ndarray:
    """The sorted values of the 7,462 five-card hand classes (index + 1 = rank)."""
    values = {_nonflush_value(c) for c in _multisets(5)}
    for ranks in combinations(range(13), 5):
        values.add(_flush_value(sum(1 << r for r in ranks)))
    out = np.array(sorted(values), dtype=np.int64)
    if out.size != N_RANKS:  # pragma: no cover - a broken rule would show here
        raise RuntimeError(f"expected {N_RANKS} hand classes, built {out.size}")
    return out


# --------------------------------------------------------------------------- multipliers
@njit(cache=True)
def _greedy_multipliers(n_ranks, max_cards, max_count, capacity):
    """Smallest increasing multipliers giving every rank multiset a distinct sum."""
    mult = np.zeros(n_ranks, np.int64)
    n_sets = 1
    for r in range(n_ranks):
        n_sets *= 5
    n_sets = min(n_sets, 200_000)
    sums = np.zeros(n_sets, np.int64)
    sizes = np.zeros(n_sets, np.int64)
    n = 1  # the empty multiset, sum 0
    used = np.zeros(capacity, np.uint8)
    stamp = np.zeros(capacity, np.int32)
    used[0] = 1
    trial = 0
    m = 0
    for r in range(n_ranks):
        m += 1
        while True:
            trial += 1
            ok = True
            for a in range(n):
                s = sums[a]
                z = sizes[a]
                for k in range(1, max_count + 1):
                    if z + k > max_cards:
                        break
                    v = s + k * m
                    if v >= capacity or used[v] or stamp[v] == trial:
                        ok = False
                        break
                    stamp[v] = trial
                if not ok:
                    break
            if ok:
                break
            m += 1
        mult[r] = m
        new_n = n
        for a in range(n):
            s = sums[a]
            z = sizes[a]
            for k in range(1, max_count + 1):
                if z + k > max_cards:
                    break
                sums[new_n] = s + k * m
                sizes[new_n] = z + k
                used[s + k * m] = 1
                new_n += 1
        n = new_n
    return mult


def rank_multipliers() -> np.ndarray:
    """Greedy multipliers: distinct sums for all multisets of <= 7 cards, <= 4 per rank.

    Runs the search (a few seconds); the result is kept as ``MULTIPLIERS``.

    Examples
    --------
    >>> MULTIPLIERS[:4]  # rank_multipliers()[:4] gives the same
    (1, 5, 24, 112)
    """
    return _greedy_multipliers(13, 7, 4, 32_000_000)


# --------------------------------------------------------------------------- packing
@njit(cache=True)
def _pack_rows(keys, values, shift):
    """Row displacement: give each row an offset so occupied cells never collide."""
    mask = (1 << shift) - 1
    width = mask + 1
    by_key = np.argsort(keys)
    keys = keys[by_key]
    values = values[by_key]
    n_rows = (keys.max() >> shift) + 1
    counts = np.zeros(n_rows, np.int64)
    for k in keys:
        counts[k >> shift] += 1
    # rows of each key, grouped
    start = np.zeros(n_rows + 1, np.int64)
    for r in range(n_rows):
        start[r + 1] = start[r] + counts[r]
    fill = start[:-1].copy()
    cols = np.zeros(keys.size, np.int64)
    vals = np.zeros(keys.size, np.int64)
    for i in range(keys.size):
        r = keys[i] >> shift
        cols[fill[r]] = keys[i] & mask
        vals[fill[r]] = values[i]
        fill[r] += 1
    order = np.argsort(-counts, kind="mergesort")
    capacity = keys.size * 8 + 2 * width
    taken = np.zeros(capacity, np.uint8)
    table = np.zeros(capacity, np.int64)
    offsets = np.zeros(n_rows, np.int64)
    top = 0
    first_free = 0
    for r in order:
        if counts[r] == 0:
            break
        lo = start[r]
        hi = start[r + 1]
        while first_free < capacity - 1 and taken[first_free]:
            first_free += 1
        off = max(0, first_free - cols[lo])
        while True:
            if off + width >= capacity:
                raise RuntimeError("row packing ran out of room")
            bad = -1
            for i in range(lo, hi):
                if taken[off + cols[i]]:
                    bad = i
                    break
            if bad < 0:
                break
            # move on to the next offset where the clashing cell is free
            off += 1
            while off + cols[bad] < capacity - 1 and taken[off + cols[bad]]:
                off += 1
        offsets[r] = off
        for i in range(lo, hi):
            taken[off + cols[i]] = 1
            table[off + cols[i]] = vals[i]
            top = max(top, off + cols[i] + 1)
    # empty rows point at 0 (never looked up); keep the table as short as used,
    # plus one row width so any column of any row stays inside the array
    return offsets, table[:top + width]


# --------------------------------------------------------------------------- build
def build_tables() -> Tables:
    """Generate all tables from the rules (a few seconds)."""
    values = class_values()
    mult = np.array(MULTIPLIERS, np.int64)

    card_keys = np.array([mult[c >> 2] + (1 << (32 + 4 * (c & 3))) for c in range(52)], np.int64)
    card_bits = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], np.int64)

    flush = np.zeros(1 << 13, np.int16)
    for mask in range(1 << 13):
        if bin(mask).count("1") >= 5:
            flush[mask] = np.searchsorted(values, _flush_value(mask)) + 1

    keys, ranks = [], []
    for n_cards in (5, 7):
        for counts in _multisets(n_cards):
            keys.append(int(np.dot(counts, mult)))
            ranks.append(int(np.searchsorted(values, _nonflush_value(counts))) + 1)
    keys = np.array(keys, np.int64)
    ranks = np.array(ranks, np.int64)
    if np.unique(keys).size != keys.size:  # pragma: no cover
        raise RuntimeError("rank multipliers do not separate all multisets")
    if keys.max() >> SHIFT > 1 << 20:  # pragma: no cover
        raise RuntimeError("rank keys too large")
    offsets, table = _pack_rows(keys, ranks, SHIFT)
    bias = np.arange(offsets.size, dtype=np.int64) << SHIFT  # row r's keys start at r << SHIFT
    return Tables(card_keys=card_keys, card_bits=card_bits,
                  offsets=(offsets - bias + FLUSH_SIZE).astype(np.int32),
                  ranks=np.concatenate([flush, table.astype(np.int16)]),
                  multipliers=mult.astype(np.int64),
                  packed=np.concatenate([flush.astype(np.int32),
                                         (offsets - bias + FLUSH_SIZE + offsets.size).astype(np.int32),
                                         table.astype(np.int32)]))


# --------------------------------------------------------------------------- disk cache
#: SHA-256 of the tables :func:`build_tables` derives from the rules (dtypes and bytes of every
#: field, see ``_digest``). A cached file is used only if its content has exactly this digest, so
#: a truncated, corrupted, stale or hand-made cache is rebuilt, never trusted. Changing the build
#: changes the digest: ``tests/holdem/test_evaluator.py`` says so, and the new value goes here.
TABLES_DIGEST = "4a313833abbbb6caf6c0ebbe431816fa807e5ab729fa85e23149d792b696e37b"
#: The shapes of the tables this build makes (``offsets`` and ``ranks`` depend on ``SHIFT``).
SHAPES = {"card_keys": (52,), "card_bits": (52,), "offsets": (17963,), "ranks": (95528,), "multipliers": (13,),
          "packed": (113491,)}


def cache_dir() -> Path:
    """Where the tables are cached: ``$STOPLIB_CACHE_DIR``, else ``$XDG_CACHE_HOME/stoplib``,
    else ``~/.cache/stoplib``."""
    env = os.environ.get("STOPLIB_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "stoplib"


def cache_path() -> Path:
    """The cache file of this table format version."""
    return cache_dir() / f"holdem-evaluator-v{FORMAT_VERSION}-shift{SHIFT}.npz"


def _digest(tables: Tables) -> str:
    h = hashlib.sha256()
    for name in Tables._fields:
        arr = np.ascontiguousarray(getattr(tables, name))
        h.update(name.encode())
        h.update(str(arr.dtype).encode())
        h.update(arr.tobytes())
    return h.hexdigest()


_DTYPES = {"card_keys": np.int64, "card_bits": np.int64,
           "offsets": np.int32, "ranks": np.int16, "multipliers": np.int64, "packed": np.int32}


def _read(path: Path) -> Tables | None:
    """Tables from ``path``, or None when missing, of another version or shape, or corrupt.

    Checked before use: the format version and ``SHIFT`` it was built for, the dtype and
    shape of every array, the digest stored beside them, and that digest against
    :data:`TABLES_DIGEST`, the digest of what this code builds. Anything else is None
    (then :func:`load_tables` rebuilds); a file is never read with pickle.
    """
    try:
        with np.load(path, allow_pickle=False) as data:
            if set(data.files) != {"version", "shift", "digest", *Tables._fields}:
                return None
            if int(data["version"]) != FORMAT_VERSION or int(data["shift"]) != SHIFT:
                return None
            digest = str(data["digest"])
            if digest != TABLES_DIGEST:
                return None
            arrays = {}
            for name in Tables._fields:
                arr = data[name]
                if arr.dtype != _DTYPES[name] or arr.shape != SHAPES[name]:
                    return None
                arrays[name] = np.ascontiguousarray(arr)
    except Exception:  # noqa: BLE001 - missing, truncated, not an npz, bad zip member ...: rebuild
        return None
    tables = Tables(**arrays)
    if _digest(tables) != digest:  # a flipped byte in any array
        return None
    return tables


def _write(path: Path, tables: Tables) -> None:
    """Write atomically (temp file + rename), so concurrent writers never corrupt it."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.stem, suffix=".tmp.npz", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, version=FORMAT_VERSION, shift=SHIFT, digest=_digest(tables),
                     **tables._asdict())
        os.replace(tmp, path)
    except OSError:  # read-only home etc.: keep going without a disk cache
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


_TABLES: Tables | None = None


def _built() -> Tables:
    """Tables built from the rules, checked against :data:`TABLES_DIGEST` before they are used."""
    tables = build_tables()
    if _digest(tables) != TABLES_DIGEST:  # pragma: no cover - a changed build, caught by the tests
        raise RuntimeError("the evaluator's tables built from the rules differ from the pinned TABLES_DIGEST "
                           "in stoplib/holdem/_tables.py: the build changed; check it and update the digest")
    return tables


def load_tables(rebuild: bool = False) -> Tables:
    """The evaluator's tables: from memory, else the disk cache, else built and cached.

    A cache file is used only if it holds exactly the tables this code builds
    (format version, ``SHIFT``, shapes, dtypes and a SHA-256 digest pinned in the
    source): a truncated, corrupted or stale file is rebuilt and rewritten, so it
    can never give wrong ranks.

    Parameters
    ----------
    rebuild : bool
        Ignore any cached copy and rebuild (then rewrite the cache); estimated
        first (:data:`stoplib.holdem._costs.RATES` ``["table_build"]``).

    Examples
    --------
    >>> tables = load_tables()
    >>> tables.card_keys.shape, tables is load_tables()
    ((52,), True)
    """
    global _TABLES
    rebuild = check_bool("rebuild", rebuild)
    if rebuild:
        _table_build_estimate()
    if _TABLES is not None and not rebuild:
        return _TABLES
    path = cache_path()
    tables = None if rebuild else _read(path)
    if tables is None:
        tables = _built()
        _write(path, tables)
    _TABLES = tables
    return tables
