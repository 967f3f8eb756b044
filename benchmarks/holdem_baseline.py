"""The deck scoring of the starting point of issue 19 (commit 17c2173), kept to time beside today's.

``bench_holdem_search.py`` times how many decks per second each scores, side by side in
one run. The kernels below are that commit's ``_rank_from_sums``, ``_rank7``,
``_cut_outcome`` and ``_cut_outcomes`` (``stoplib/holdem/evaluator.py`` and
``solver.py``), unchanged but for their names: every hand of every cut ranked from its
seven cards by a branch-free look-up, an opponent's loop stopping at the first hand
that beats the seat. Their tables are today's, laid out as then (row offsets not
biased: ``ranks[offsets[k >> SHIFT] + (k & MASK)]``).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from stoplib.holdem._tables import LOW32, MASK, SHIFT, SUIT_INIT

OldTables = namedtuple("OldTables", ["card_keys", "card_bits", "offsets", "ranks", "multipliers"])


def old_tables(tables) -> OldTables:
    """Today's tables in the layout of commit 17c2173 (the same numbers)."""
    bias = np.arange(tables.offsets.size, dtype=np.int64) << SHIFT
    return OldTables(tables.card_keys, tables.card_bits, (tables.offsets + bias).astype(np.int32),
                     tables.ranks, tables.multipliers)


@njit(cache=True)
def _old_rank_from_sums(key, bits, tables):
    top = (key >> 35) & 0x1111
    shift = ((top >> 4) & 1) * 16 + ((top >> 8) & 1) * 32 + ((top >> 12) & 1) * 48
    k = key & LOW32
    i_plain = tables.offsets[k >> SHIFT] + (k & MASK)
    i_flush = (bits >> shift) & 0x1FFF
    return np.int64(tables.ranks[i_flush if top else i_plain])


@njit(cache=True)
def _old_rank7(c0, c1, c2, c3, c4, c5, c6, tables):
    ck = tables.card_keys
    cb = tables.card_bits
    key = SUIT_INIT + ck[c0] + ck[c1] + ck[c2] + ck[c3] + ck[c4] + ck[c5] + ck[c6]
    bits = cb[c0] | cb[c1] | cb[c2] | cb[c3] | cb[c4] | cb[c5] | cb[c6]
    return _old_rank_from_sums(key, bits, tables)


@njit(cache=True)
def _old_cut_outcome(deck2, c, n_players, seat, tables):
    base = c + 2 * n_players
    b0 = deck2[base + 1]
    b1 = deck2[base + 2]
    b2 = deck2[base + 3]
    b3 = deck2[base + 5]
    b4 = deck2[base + 7]
    rs = _old_rank7(deck2[c + seat], deck2[c + seat + n_players], b0, b1, b2, b3, b4, tables)
    tie = False
    for p in range(n_players):
        if p == seat:
            continue
        r = _old_rank7(deck2[c + p], deck2[c + p + n_players], b0, b1, b2, b3, b4, tables)
        if r > rs:
            return -1
        if r == rs:
            tie = True
    return 0 if tie else 1


@njit(cache=True)
def _old_cut_outcomes(deck, n_players, seat, tables, out):
    deck2 = np.empty(104, np.int64)
    for k in range(52):
        deck2[k] = deck[k]
        deck2[k + 52] = deck[k]
    wins = 0
    for c in range(52):
        out[c] = _old_cut_outcome(deck2, c, n_players, seat, tables)
        if out[c] == 1:
            wins += 1
    return wins


@njit(cache=True)
def old_score_decks(decks, n_players, seat, tables, outs, wins):
    """Every deck scored by the old kernel, one call per deck (as its search and deck_value did)."""
    for d in range(decks.shape[0]):
        wins[d] = _old_cut_outcomes(decks[d], n_players, seat, tables, outs[d])
