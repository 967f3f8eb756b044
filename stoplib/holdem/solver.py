"""The value of a stacking: every cut of a deck dealt and scored for one seat (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012.
A deck is dealt from each of its 52 cuts by the rules of :mod:`stoplib.holdem.rules`
(pockets round the table, burn, flop, burn, turn, burn, river) and each deal is
scored with the evaluator of :mod:`stoplib.holdem.evaluator`. For a chosen seat
each cut is a **win** (the seat's best five of seven is strictly better than
every opponent's), a **tie** (the seat shares the best hand) or a **loss**.

The *value* of a deck for a seat is the number of cuts won: the article's
objective, which counts a tie as not won. A deck worth 52 is an *optimal
stacking*; one with no lost cut is *semi-optimal*. The climb towards such decks
is in :mod:`stoplib.holdem.local_search`; the slow pure-Python twin of
:func:`deck_value` is :func:`stoplib.holdem.twins.deck_value_reference`.

Kernels (private, numba): ``_score_decks`` (every cut of many decks: the board
key summed once per cut and shared by the players, each pocket pair's key once
per deck, each hand then one addition and one look-up, the rare flushes found
from bit masks and ranked afterwards, and an opponent dealt only at the cuts the
seat has not lost yet), ``_cut_outcomes`` (one deck), ``_cut_ranks`` (every hand's rank) and
``_cut_outcomes_full``, the slow path the tests compare them with (every hand
ranked from its seven cards). The search's incremental version is
in :mod:`stoplib.holdem._local_search_kernels`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from numba import njit, prange

from numba.cpython.unsafe.numbers import trailing_zeros

from ..util.validate import check_choice
from ._evaluator_kernels import FLUSH_CHECK, _U, _flush_rank, _flush_rank_cold, _packed_rank, _plain_rank
from ._tables import SUIT_INIT
from .evaluator import CATEGORIES, _category_of, _rank7, load_tables
from ._costs import _cut_table_estimate, _score_decks_estimate
from .gpu import _cuda_ready, _score_decks_cuda
from .rules import (CARD_NAMES, LOSS, N_CUTS, TIE, WIN, _check_table, _integer_array, as_deck, check_bool,
                    dealt_offsets)

__all__ = ["DeckValue", "deck_value", "cut_outcomes", "cut_table", "score_decks"]

_ALL52 = (1 << 52) - 1


@njit(cache=True)
def _popcount(x):
    """Number of set bits of a non-negative int64."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


# --------------------------------------------------------------------------- kernels
# A deal's five board cards are shared by every player: a cut's board key is summed once,
# and each player's seven-card key is the board key plus the keys of two pocket cards, ranked
# through the evaluator's one-array table (``tables.packed``); the card bits, needed only for a
# flush (3% of hands), are OR-ed only then. ``keys2``/``bits2`` hold the key and bits of the card
# at each position of the deck, twice over (positions 0..103), so that a deal never wraps.
@njit(cache=True)
def _position_keys(deck, ck, cb, keys2, bits2):
    """``keys2[k]``, ``bits2[k]``: key and bits of the card at position ``k % 52`` (k < 104)."""
    for k in range(52):
        c = _U(deck[k])
        key = ck[c]
        bits = cb[c]
        keys2[k] = key
        keys2[k + 52] = key
        bits2[k] = bits
        bits2[k + 52] = bits


@njit(cache=True)
def _board_key(keys2, base):
    """Key (with ``SUIT_INIT``) of the board of the deal whose burn before the flop is at ``base``."""
    return (SUIT_INIT + keys2[base + 1] + keys2[base + 2] + keys2[base + 3] + keys2[base + 5]
            + keys2[base + 7])


@njit(cache=True)
def _hand_bits(bits2, base, q, n_players):
    """Bits of the seven cards of the player whose first pocket card is at ``q``."""
    return (bits2[base + 1] | bits2[base + 2] | bits2[base + 3] | bits2[base + 5] | bits2[base + 7]
            | bits2[q] | bits2[q + n_players])


@njit(cache=True)
def _wrap52(pos):
    """``pos % 52`` for ``0 <= pos < 104``, without a branch."""
    return _U(pos - 52 * (pos >= 52))


@njit(cache=True)
def _flush_hand_rank(key, decks, d, base, q, n_players, cb, ranks):
    """Rank of the flush hand of deck ``d`` whose board follows ``base`` and whose first pocket
    card is at ``q``.

    One basic block (no loop, no branch), like the other kernels here that take arrays (see
    ``_evaluator_kernels``), so LLVM folds it into the caller's loop. Written with a loop over
    the seven positions and the suit found by a loop (``_flush_rank_cold``), deck scoring ran
    about 6% slower at 9 players (measured side by side), though only about 3% of hands hold
    a flush.
    """
    bits = (cb[_U(decks[d, _wrap52(base + 1)])] | cb[_U(decks[d, _wrap52(base + 2)])]
            | cb[_U(decks[d, _wrap52(base + 3)])] | cb[_U(decks[d, _wrap52(base + 5)])]
            | cb[_U(decks[d, _wrap52(base + 7)])] | cb[_U(decks[d, _wrap52(q)])]
            | cb[_U(decks[d, _wrap52(q + n_players)])])
    return _flush_rank(key, bits, ranks)


@njit(cache=True)
def _score_decks(decks, n_players, seat, tables, outs, wins):  # noqa: PLR0915 (one loop nest, written out)
    """Outcome of every cut of every deck for ``seat`` (0-based): ``outs[d, c]`` in {1, 0, -1},
    ``wins[d]`` the cuts won.

    Per deck: the key of the card at each position (``keys2``, the deck twice), the key of
    each pocket pair (``pairs[q]``: the cards at ``q`` and ``q + n``), and the board key of
    each cut; then the seat and the first opponent at every cut in flat loops (keys, then
    look-ups, then the rare flushes, found from a 52-bit mask), and the other opponents one
    at a time, each dealt only at the cuts the seat has not lost yet (a 52-bit mask visited
    by its set bits; a flush met there is ranked at once, on a branch seldom taken; the
    outcome bits are set by selects, which LLVM emits as conditional moves): on a random
    deck with 9 players about 200 hands are ranked instead of 468. Indices are unsigned
    (``_U``), so numba adds no wrap-around tests and LLVM vectorises the key loops. The
    flush ranks come from ``_flush_hand_rank``, written as one basic block (see there).
    """
    ck = tables.card_keys
    cb = tables.card_bits
    offsets = tables.offsets
    ranks = tables.ranks
    keys2 = np.empty(104, np.int64)
    pairs = np.empty(74, np.int64)
    bkeys = np.empty(52, np.int64)
    skeys = np.empty(52, np.int64)
    okeys = np.empty(52, np.int64)
    mine = np.empty(52, np.int64)
    theirs = np.empty(52, np.int64)
    n = _U(n_players)
    s = _U(seat)
    b = _U(2 * n_players)
    first = 1 if seat == 0 else 0  # the opponent dealt at every cut
    f = _U(first)
    for d in range(decks.shape[0]):
        for k in range(52):
            key = ck[_U(decks[d, k])]
            keys2[_U(k)] = key
            keys2[_U(k + 52)] = key
        for q in range(51 + n_players):
            pairs[_U(q)] = keys2[_U(q)] + keys2[_U(q) + n]
        flush_s = 0  # cuts where the seat's hand, or the first opponent's, holds a flush
        flush_o = 0
        for c in range(52):
            u = _U(c)
            bkey = (SUIT_INIT + keys2[u + b + _U(1)] + keys2[u + b + _U(2)] + keys2[u + b + _U(3)]
                    + keys2[u + b + _U(5)] + keys2[u + b + _U(7)])
            bkeys[u] = bkey
            key = bkey + pairs[u + s]
            skeys[u] = key
            flush_s |= np.int64((key & FLUSH_CHECK) != 0) << c
            key = bkey + pairs[u + f]
            okeys[u] = key
            flush_o |= np.int64((key & FLUSH_CHECK) != 0) << c
        for c in range(52):
            mine[_U(c)] = _plain_rank(skeys[_U(c)], offsets, ranks)
        for c in range(52):
            theirs[_U(c)] = _plain_rank(okeys[_U(c)], offsets, ranks)
        while flush_s:
            c = trailing_zeros(flush_s)
            flush_s &= flush_s - 1
            mine[_U(c)] = _flush_hand_rank(skeys[_U(c)], decks, d, c + 2 * n_players, c + seat, n_players,
                                           cb, ranks)
        while flush_o:
            c = trailing_zeros(flush_o)
            flush_o &= flush_o - 1
            theirs[_U(c)] = _flush_hand_rank(okeys[_U(c)], decks, d, c + 2 * n_players, c + first, n_players,
                                             cb, ranks)
        alive = 0  # cuts where no opponent has beaten the seat yet
        tied = 0   # cuts where an opponent has matched the seat
        for c in range(52):
            alive |= np.int64(theirs[_U(c)] <= mine[_U(c)]) << c
            tied |= np.int64(theirs[_U(c)] == mine[_U(c)]) << c
        # the other opponents one at a time, only at the cuts still alive
        for p in range(first + 1, n_players):
            if p == seat:
                continue
            if alive == 0:
                break
            q = _U(p)
            m = alive
            lost = 0
            tie = 0
            while m:
                c = trailing_zeros(m)
                bit = m & -m
                m &= m - 1
                u = _U(c)
                key = bkeys[u] + pairs[u + q]
                if key & FLUSH_CHECK:  # 3% of hands: a branch seldom taken
                    r = _flush_hand_rank(key, decks, d, c + 2 * n_players, c + p, n_players, cb, ranks)
                else:
                    r = _plain_rank(key, offsets, ranks)
                my = mine[u]
                lost |= bit if r > my else 0  # selects (cmov), not set-and-shift
                tie |= bit if r == my else 0
            alive &= ~lost
            tied |= tie
        won = alive & ~tied
        for c in range(52):
            outs[d, c] = ((alive >> c) & 1) + ((won >> c) & 1) - 1  # 1 won, 0 tied, -1 lost
        wins[d] = _popcount(won)


@njit(cache=True)
def _cut_outcomes(deck, n_players, seat, tables, out):
    """Fill ``out[c]`` with the outcome (1, 0, -1) of every cut ``c`` for ``seat`` (0-based); return wins."""
    outs = np.empty((1, 52), np.int8)
    wins = np.empty(1, np.int64)
    _score_decks(deck.reshape(1, 52), n_players, seat, tables, outs, wins)
    for c in range(52):
        out[c] = outs[0, c]
    return wins[0]


_BLOCK = 256  # decks per task of the parallel kernel


@njit(cache=True, parallel=True)
def _score_decks_parallel(decks, n_players, seat, tables, outs, wins):
    """``_score_decks`` on blocks of ``_BLOCK`` decks spread over numba's threads (same results)."""
    n_blocks = (decks.shape[0] + _BLOCK - 1) // _BLOCK
    for b in prange(n_blocks):
        lo = b * _BLOCK
        hi = min(decks.shape[0], lo + _BLOCK)
        _score_decks(decks[lo:hi], n_players, seat, tables, outs[lo:hi], wins[lo:hi])


@njit(cache=True)
def _first_bad_deck(decks):
    """Index of the first row that is not 52 distinct cards 0..51, else -1."""
    for d in range(decks.shape[0]):
        seen = np.int64(0)
        for k in range(52):
            c = np.int64(decks[d, k])
            if c < 0 or c > 51 or (seen >> c) & 1:
                return d
            seen |= np.int64(1) << c
    return -1


@njit(cache=True)
def _cut_ranks(deck, n_players, tables, out):
    """Fill ``out[c, p]`` with the rank of player ``p``'s hand at cut ``c``."""
    packed = tables.packed
    ranks = tables.ranks
    keys2 = np.empty(104, np.int64)
    bits2 = np.empty(104, np.int64)
    _position_keys(deck, tables.card_keys, tables.card_bits, keys2, bits2)
    for c in range(52):
        base = c + 2 * n_players
        bkey = _board_key(keys2, base)
        for p in range(n_players):
            q = c + p
            key = bkey + keys2[q] + keys2[q + n_players]
            if key & FLUSH_CHECK:
                out[c, p] = _flush_rank_cold(key, _hand_bits(bits2, base, q, n_players), ranks)
            else:
                out[c, p] = _packed_rank(key, packed)


@njit(cache=True)
def _cut_outcomes_full(deck, n_players, seat, tables, out):
    """The slow path the tests hold the fast one to: every hand ranked from its seven cards.

    Each player's hand at each cut is dealt from the deck by the rules and ranked
    by ``_rank7`` (the evaluator's two-array layout), nothing shared between hands
    or cuts: ``52 * n_players`` full seven-card evaluations.
    """
    wins = 0
    for c in range(52):
        base = c + 2 * n_players
        b0 = deck[(base + 1) % 52]
        b1 = deck[(base + 2) % 52]
        b2 = deck[(base + 3) % 52]
        b3 = deck[(base + 5) % 52]
        b4 = deck[(base + 7) % 52]
        mine = _rank7(deck[(c + seat) % 52], deck[(c + seat + n_players) % 52], b0, b1, b2, b3, b4, tables)
        outcome = 1
        for p in range(n_players):
            if p != seat:
                r = _rank7(deck[(c + p) % 52], deck[(c + p + n_players) % 52], b0, b1, b2, b3, b4, tables)
                if r > mine:
                    outcome = -1
                elif r == mine and outcome == 1:
                    outcome = 0
        out[c] = outcome
        if outcome == 1:
            wins += 1
    return wins


# --------------------------------------------------------------------------- public API
@dataclass(frozen=True)
class DeckValue:
    """Value of a deck for one seat over the 52 cuts.

    Attributes
    ----------
    wins, ties, losses : int
        Cuts won outright, shared (the seat ties for best) and lost; they sum to 52.
    seat, n_players : int
        The seat (1-based) and table size.
    outcomes : numpy.ndarray
        int8, ``outcomes[c]`` is ``1`` (win), ``0`` (tie) or ``-1`` (loss) for cut ``c``.
    """
    wins: int
    ties: int
    losses: int
    seat: int
    n_players: int
    outcomes: np.ndarray

    @property
    def optimal(self) -> bool:
        """True when the seat wins all 52 cuts (an optimal stacking)."""
        return self.wins == N_CUTS

    @property
    def semi_optimal(self) -> bool:
        """True when the seat loses no cut (wins or ties every cut)."""
        return self.losses == 0


def cut_outcomes(deck, seat: int = 1, n_players: int = 2) -> np.ndarray:
    """Outcome of each of the 52 cuts for ``seat``: 1 win, 0 tie, -1 loss.

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> int(cut_outcomes(EXAMPLE_DECK).min())
    1
    """
    n, s = _check_table(n_players, seat)
    return _outcomes(as_deck(deck).astype(np.int64), n, s)


def _outcomes(arr: np.ndarray, n: int, s: int) -> np.ndarray:
    """:func:`cut_outcomes` of a checked int64 deck for seat ``s`` (1-based) of ``n``."""
    out = np.empty(N_CUTS, np.int8)
    _cut_outcomes(arr, n, s - 1, load_tables(), out)
    return out


def score_decks(decks, seat: int = 1, n_players: int = 2, parallel: bool = True,
                method: str = "cpu") -> np.ndarray:
    """Outcome of every cut of many decks for ``seat``: the fast way to score decks in bulk.

    One call deals all 52 cuts of each deck (as :func:`deck_value` does for one), the
    board key of each cut shared by its players and an opponent dealt only where the
    seat is still ahead; about 4.6 to 5 million two-player and 2.1 million nine-player decks
    per second on one thread of the development machine (``bench_holdem_search.py``).
    ``method="cuda"`` deals each cut in a thread of its own on a GPU
    (:mod:`stoplib.holdem.gpu`), with the same outcomes.

    Parameters
    ----------
    decks : array_like of int, shape (m, 52)
        One deck per row, top card first: codes 0..51, each row a permutation of them.
    seat : int
        The player (1..n_players) whose cuts are scored.
    n_players : int
        Players at the table, 2..22.
    parallel : bool
        Spread the decks over numba's threads (results are identical; ``method="cpu"`` only).
    method : {"cpu", "cuda"}
        ``"cpu"``: the numba kernel on this machine's cores. ``"cuda"``: numba-cuda on a
        GPU (:func:`stoplib.holdem.gpu.gpu_available`), or numba's CUDA simulator when
        ``NUMBA_ENABLE_CUDASIM=1`` was set before numba was imported (slow: tests only).

    Returns
    -------
    numpy.ndarray
        int8, shape (m, 52): ``1`` (win), ``0`` (tie) or ``-1`` (loss) for each deck and cut;
        ``(out == 1).sum(axis=1)`` are the decks' values.

    Raises
    ------
    ValueError
        For a row that is not 52 distinct cards 0..51, an unknown ``method``, ``method="cuda"``
        where numba finds no CUDA device (and the simulator is off), or a call estimated
        above the work budget (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> from stoplib.holdem import parse_deck
    >>> from stoplib.holdem.document import EXAMPLE_DECK, TEN_DECKS
    >>> out = score_decks([parse_deck(EXAMPLE_DECK), parse_deck(TEN_DECKS[0]), range(52)])
    >>> (out == 1).sum(axis=1).tolist()  # the sorted deck: player 1 wins no cut
    [52, 52, 0]
    """
    n, s = _check_table(n_players, seat)
    parallel = check_bool("parallel", parallel)
    method = check_choice("method", method, ("cpu", "cuda"))
    arr = _integer_array("decks", decks, "card codes 0..51")
    if arr.ndim != 2 or arr.shape[1] != N_CUTS:
        raise ValueError(f"decks must have shape (m, 52), got {arr.shape}")
    m = arr.shape[0]
    if method == "cuda":
        _cuda_ready(m, n)  # a device (or the simulator), then the budget
    else:
        _score_decks_estimate(m, n, parallel)
    if arr.size and (arr.min() < 0 or arr.max() > 51):  # before a cast could wrap a code into range
        bad = int(np.argwhere((arr < 0) | (arr > 51))[0, 0])
        raise ValueError(f"decks row {bad} is not 52 distinct cards 0..51")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    bad = _first_bad_deck(arr)
    if bad >= 0:
        raise ValueError(f"decks row {bad} is not 52 distinct cards 0..51: {arr[bad].tolist()}")
    if method == "cuda":
        return _score_decks_cuda(arr, n, s - 1)
    outs = np.empty((m, N_CUTS), np.int8)
    wins = np.empty(m, np.int64)
    (_score_decks_parallel if parallel else _score_decks)(arr, n, s - 1, load_tables(), outs, wins)
    return outs


def deck_value(deck, seat: int = 1, n_players: int = 2) -> DeckValue:
    """Cuts won, tied and lost by ``seat`` when the deck is dealt from each of its 52 cuts.

    Parameters
    ----------
    deck : str or array_like of int
        52 distinct cards, in the article's notation (``"Th5d7c..."``) or as
        codes 0..51 (``rank * 4 + suit``), top of the deck first.
    seat : int
        The player (1..n_players, in deal order) whose cuts are counted.
    n_players : int
        Players at the table, 2..22 (the deal of 22 players uses all 52 cards).

    Returns
    -------
    DeckValue
        ``wins``, ``ties``, ``losses`` (summing to 52) and the per-cut ``outcomes``.

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> v = deck_value(EXAMPLE_DECK)
    >>> v.wins, v.ties, v.losses, v.optimal
    (52, 0, 0, True)
    """
    n, s = _check_table(n_players, seat)
    return _deck_value(as_deck(deck).astype(np.int64), n, s)


def _deck_value(arr: np.ndarray, n: int, s: int) -> DeckValue:
    """:func:`deck_value` of a checked int64 deck for seat ``s`` (1-based) of ``n`` players."""
    out = _outcomes(arr, n, s)
    return DeckValue(wins=int(np.count_nonzero(out == WIN)), ties=int(np.count_nonzero(out == TIE)),
                     losses=int(np.count_nonzero(out == LOSS)), seat=s, n_players=n, outcomes=out)


def cut_table(deck, n_players: int = 2, seat: int = 1) -> pd.DataFrame:
    """The article's per-cut table: pockets, board, each hand's category and the winner.

    Parameters
    ----------
    deck : str or array_like of int
        The deck (see :func:`deck_value`).
    n_players : int
        Players at the table, 2..22 (the deal of 22 players uses all 52 cards).
    seat : int
        The seat whose result is given in the ``result`` column.

    Returns
    -------
    pandas.DataFrame
        One row per cut ``0..51`` with columns ``cut``, ``p1`` ... ``pk``
        (pockets), ``board`` (flop, turn, river), ``p1 hand`` ... ``pk hand``
        (category names), ``p1 rank`` ... (evaluator ranks, higher better),
        ``winner`` (the winning seat, or the tied seats joined by ``"="``) and
        ``result`` (``"win"``/``"tie"``/``"loss"`` for ``seat``).

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> t = cut_table(EXAMPLE_DECK)
    >>> t.loc[0, ["p1", "p2", "board", "p1 hand", "p2 hand", "winner"]].tolist()
    ['Th7c', '5dAd', 'Qs Jc 4h 8c Tc', 'one pair', 'high card', '1']
    """
    n, s = _check_table(n_players, seat)
    arr = as_deck(deck).astype(np.int64)
    _cut_table_estimate(n)
    return _cut_table(arr, n, s)


def _cut_table(arr: np.ndarray, n: int, s: int) -> pd.DataFrame:
    """:func:`cut_table` of a checked int64 deck for seat ``s`` (1-based) of ``n`` players."""
    ranks = np.empty((N_CUTS, n), np.int64)
    _cut_ranks(arr, n, load_tables(), ranks)
    off = dealt_offsets(n)
    rows = []
    for c in range(N_CUTS):
        row = {"cut": c}
        for p, (a, b) in enumerate(off["pockets"]):
            row[f"p{p + 1}"] = CARD_NAMES[arr[(c + a) % 52]] + CARD_NAMES[arr[(c + b) % 52]]
        row["board"] = " ".join(CARD_NAMES[arr[(c + k) % 52]] for k in off["board"])
        for p in range(n):
            row[f"p{p + 1} hand"] = CATEGORIES[_category_of(ranks[c, p])]
        for p in range(n):
            row[f"p{p + 1} rank"] = int(ranks[c, p])
        best = ranks[c].max()
        winners = [p + 1 for p in range(n) if ranks[c, p] == best]
        row["winner"] = "=".join(map(str, winners))
        row["result"] = ("win" if winners == [s] else "tie" if s in winners else "loss")
        rows.append(row)
    return pd.DataFrame(rows)
