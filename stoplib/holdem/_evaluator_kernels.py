"""Numba kernels of the hold'em hand evaluator (document 004), behind :mod:`stoplib.holdem.evaluator`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is private
and trusts its arguments (card codes 0..51, distinct; the tables of
:func:`stoplib.holdem._tables.load_tables`): a code outside 0..51 would read
outside the tables. The public functions of :mod:`stoplib.holdem.evaluator`
check their input and call these.

A hand's key is ``SUIT_INIT`` plus the sum of its cards' keys (a rank
multiplier in the low 32 bits, a 4-bit counter per suit above). If no suit
counter reached its top bit (``key & FLUSH_CHECK == 0``, 97% of random
seven-card hands) the rank is one look-up through the biased row offsets;
otherwise the suit's 13-bit rank mask (OR of the cards' bits) indexes the flush
table. Written this way (a branch, the common path first), the look-up of a
hand is a handful of instructions, as in OMPEval; the rare flush path is where
the card bits are touched.

How the kernels are written, and why (measured on the 2-core AMD EPYC of the
development machine, one thread, see ``benchmarks/bench_holdem_evaluator.py``):

* Card codes index the tables as unsigned integers (``_U(c)``): numba then
  emits no wrap-around test for negative indices, which cost about 40% on
  random hands.
* A kernel that takes an array must be one basic block (see the note above
  ``_key7``), so the branch "flush or not" is written out in the loop of each
  hot kernel, around branch-free pieces.
* The enumeration kernels read one array (``tables.packed``) for the common
  look-up, so the base pointers stay in registers across the nested loops; run
  over the last two cards as one loop over the 1,326 pairs (``pair_tables``);
  and keep the flush path out of line (``_flush_rank_cold``). Together about
  25% faster than seven loops over the two-array layout.
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from ._tables import CATEGORY_START, FLUSH_SIZE, LOW32, SHIFT, SUIT_INIT

#: The top bit of each suit counter: set when a suit holds five or more cards.
FLUSH_CHECK = 0x8888 << 32
_U = np.uint64
_C1, _C2, _C3, _C4, _C5, _C6, _C7, _C8 = CATEGORY_START[1:]


# --------------------------------------------------------------------------- one hand
@njit(cache=True)
def _flush_shift(key):
    """``16 * suit`` of the suit with five or more cards, without a branch."""
    top = (key >> 35) & 0x1111
    return ((top >> 4) & 1) * 16 + ((top >> 8) & 1) * 32 + ((top >> 12) & 1) * 48


@njit(cache=True)
def _flush_rank_cold(key, bits, ranks):
    """Rank of a hand with a flush, for the rare flush path of the enumeration and deck kernels.

    The suit is found by a loop, so LLVM keeps this function out of line and the
    caller's loop scalar: its registers stay with the common path (12% faster
    than the same look-up written inline, and than vectorised code with gathers).
    ``ranks`` is ``tables.ranks`` (its first 8,192 entries are the flush table),
    not ``tables.packed``, which the caller's common path reads (the same array
    here ran as slowly as the inline look-up).
    """
    top = (key >> 35) & 0x1111
    shift = 0
    while (top & 1) == 0:
        top >>= 4
        shift += 16
    return np.int64(ranks[(bits >> shift) & 0x1FFF])


# A kernel that takes an array argument must be one basic block (no branch, no loop): numba
# counts references to the arrays it is given, and removes that counting after LLVM inlines
# the kernel only when it happens in one block; with a branch inside, the counting stayed in
# the caller's loop, ten times slower. So the branch "flush or not" is written out in the loop
# of each hot kernel (``_evaluate_many``, the enumeration, the deck scoring), around these
# branch-free pieces; ``_rank7`` and its siblings, meant to be called from any kernel, take the
# tables and pick between the two look-ups with a select instead.
@njit(cache=True)
def _key7(c0, c1, c2, c3, c4, c5, c6, ck):
    """Summed key (with ``SUIT_INIT``) of seven cards."""
    return (SUIT_INIT + ck[_U(c0)] + ck[_U(c1)] + ck[_U(c2)] + ck[_U(c3)] + ck[_U(c4)] + ck[_U(c5)]
            + ck[_U(c6)])


@njit(cache=True)
def _bits7(c0, c1, c2, c3, c4, c5, c6, cb):
    """OR-ed suit-rank bits of seven cards."""
    return cb[_U(c0)] | cb[_U(c1)] | cb[_U(c2)] | cb[_U(c3)] | cb[_U(c4)] | cb[_U(c5)] | cb[_U(c6)]


@njit(cache=True)
def _plain_rank(key, offsets, ranks):
    """Rank of a hand without a flush from its key (``offsets`` and ``ranks``)."""
    k = key & LOW32
    return np.int64(ranks[_U(k + offsets[k >> SHIFT])])


@njit(cache=True)
def _flush_rank(key, bits, ranks):
    """Rank of a hand with a flush from its key and bits (``ranks``)."""
    return np.int64(ranks[(bits >> _flush_shift(key)) & 0x1FFF])


@njit(cache=True)
def _packed_rank(key, packed):
    """Rank of a hand without a flush from its key, through the one-array layout ``packed``."""
    k = key & LOW32
    return np.int64(packed[_U(k + packed[FLUSH_SIZE + (k >> SHIFT)])])


@njit(cache=True)
def _select_rank(key, bits, offsets, ranks):
    """Rank from key and bits, both look-ups computed and one picked (no branch)."""
    k = key & LOW32
    plain = k + offsets[k >> SHIFT]
    flush = (bits >> _flush_shift(key)) & 0x1FFF
    return np.int64(ranks[_U(flush if key & FLUSH_CHECK else plain)])


@njit(cache=True)
def _rank7(c0, c1, c2, c3, c4, c5, c6, tables):
    """Rank (1..7462, higher better) of seven distinct cards 0..51; no checks.

    Callable from other ``@njit`` functions with ``tables = load_tables()``.
    """
    return _select_rank(_key7(c0, c1, c2, c3, c4, c5, c6, tables.card_keys),
                        _bits7(c0, c1, c2, c3, c4, c5, c6, tables.card_bits), tables.offsets,
                        tables.ranks)


@njit(cache=True)
def _rank5(c0, c1, c2, c3, c4, tables):
    """Rank (1..7462, higher better) of five distinct cards 0..51; no checks."""
    ck = tables.card_keys
    cb = tables.card_bits
    key = SUIT_INIT + ck[_U(c0)] + ck[_U(c1)] + ck[_U(c2)] + ck[_U(c3)] + ck[_U(c4)]
    bits = cb[_U(c0)] | cb[_U(c1)] | cb[_U(c2)] | cb[_U(c3)] | cb[_U(c4)]
    return _select_rank(key, bits, tables.offsets, tables.ranks)


@njit(cache=True)
def _board_sums(b0, b1, b2, b3, b4, tables):
    """Key and bits of five board cards, to share between the players of a deal.

    ``_rank_with_board(p0, p1, key, bits, tables)`` then ranks each player's
    seven cards with two additions: the same rank as ``_rank7`` on all seven.
    """
    ck = tables.card_keys
    cb = tables.card_bits
    key = SUIT_INIT + ck[_U(b0)] + ck[_U(b1)] + ck[_U(b2)] + ck[_U(b3)] + ck[_U(b4)]
    bits = cb[_U(b0)] | cb[_U(b1)] | cb[_U(b2)] | cb[_U(b3)] | cb[_U(b4)]
    return key, bits


@njit(cache=True)
def _rank_with_board(p0, p1, key, bits, tables):
    """Rank of pocket cards ``p0, p1`` with a board summarised by ``_board_sums``."""
    ck = tables.card_keys
    cb = tables.card_bits
    return _select_rank(key + ck[_U(p0)] + ck[_U(p1)], bits | cb[_U(p0)] | cb[_U(p1)], tables.offsets,
                        tables.ranks)


@njit(cache=True)
def _category_of(rank):
    """Category code 0..8 (high card .. straight flush) of a rank 1..7462."""
    if rank < _C4:
        if rank < _C1:
            return 0
        if rank < _C2:
            return 1
        if rank < _C3:
            return 2
        return 3
    if rank < _C5:
        return 4
    if rank < _C6:
        return 5
    if rank < _C7:
        return 6
    if rank < _C8:
        return 7
    return 8


# --------------------------------------------------------------------------- many hands
@njit(cache=True)
def _evaluate_many(hands, tables, out):
    ck, cb, offsets, ranks = tables.card_keys, tables.card_bits, tables.offsets, tables.ranks
    for i in range(hands.shape[0]):
        c0 = hands[i, 0]
        c1 = hands[i, 1]
        c2 = hands[i, 2]
        c3 = hands[i, 3]
        c4 = hands[i, 4]
        c5 = hands[i, 5]
        c6 = hands[i, 6]
        key = _key7(c0, c1, c2, c3, c4, c5, c6, ck)
        if key & FLUSH_CHECK:
            out[i] = _flush_rank(key, _bits7(c0, c1, c2, c3, c4, c5, c6, cb), ranks)
        else:
            out[i] = _plain_rank(key, offsets, ranks)


@njit(cache=True, parallel=True)
def _evaluate_many_parallel(hands, tables, out):
    ck, cb, offsets, ranks = tables.card_keys, tables.card_bits, tables.offsets, tables.ranks
    for i in prange(hands.shape[0]):
        c0 = hands[i, 0]
        c1 = hands[i, 1]
        c2 = hands[i, 2]
        c3 = hands[i, 3]
        c4 = hands[i, 4]
        c5 = hands[i, 5]
        c6 = hands[i, 6]
        key = _key7(c0, c1, c2, c3, c4, c5, c6, ck)
        if key & FLUSH_CHECK:
            out[i] = _flush_rank(key, _bits7(c0, c1, c2, c3, c4, c5, c6, cb), ranks)
        else:
            out[i] = _plain_rank(key, offsets, ranks)


#: The 21 ways to keep five of seven cards (positions kept), for the article's method.
_KEEP21 = np.array([[j for j in range(7) if j not in (a, b)] for a in range(6) for b in range(a + 1, 7)],
                   dtype=np.int64)


@njit(cache=True)
def _best_of_21(hands, i, tables):
    """The article's method: the best of the 21 five-card hands in row ``i``."""
    best = np.int64(0)
    for s in range(21):
        r = _rank5(hands[i, _KEEP21[s, 0]], hands[i, _KEEP21[s, 1]], hands[i, _KEEP21[s, 2]],
                   hands[i, _KEEP21[s, 3]], hands[i, _KEEP21[s, 4]], tables)
        if r > best:
            best = r
    return best


@njit(cache=True)
def _evaluate_many_best21(hands, tables, out):
    for i in range(hands.shape[0]):
        out[i] = _best_of_21(hands, i, tables)


@njit(cache=True, parallel=True)
def _evaluate_many_best21_parallel(hands, tables, out):
    for i in prange(hands.shape[0]):
        out[i] = _best_of_21(hands, i, tables)


@njit(cache=True)
def _evaluate5_many(hands, tables, out):
    for i in range(hands.shape[0]):
        out[i] = _rank5(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], tables)


@njit(cache=True, parallel=True)
def _evaluate5_many_parallel(hands, tables, out):
    for i in prange(hands.shape[0]):
        out[i] = _rank5(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], tables)


@njit(cache=True)
def _first_bad_hand(hands):
    """Index of the first row with a card outside 0..51 or a repeated card, else -1."""
    for i in range(hands.shape[0]):
        seen = np.int64(0)
        for j in range(hands.shape[1]):
            c = np.int64(hands[i, j])
            if c < 0 or c > 51:
                return i
            bit = np.int64(1) << c
            if seen & bit:
                return i
            seen |= bit
    return -1


# --------------------------------------------------------------------------- every hand
def pair_tables(tables):
    """The 1,326 pairs of cards ``f < g`` in lexicographic order, for the enumeration kernels.

    Returns ``(keys, bits, start)``: the pair's summed card keys and OR-ed card bits,
    and ``start[f]``, the first pair whose lower card is ``f`` (``start[52] = 1326``).
    The pairs whose lower card is at least ``f`` are ``start[f]:1326``.
    """
    first = np.array([f for f in range(52) for g in range(f + 1, 52)], np.int64)
    second = np.array([g for f in range(52) for g in range(f + 1, 52)], np.int64)
    keys = tables.card_keys[first] + tables.card_keys[second]
    bits = tables.card_bits[first] | tables.card_bits[second]
    start = np.searchsorted(first, np.arange(53)).astype(np.int64)
    return keys, bits, start


@njit(cache=True)
def _count7_from(a, tables, pair_keys, pair_bits, pair_start, hist):
    """Ranks of all seven-card hands whose lowest card is ``a``, counted in ``hist[lane, rank]``.

    The last two cards run as one loop over pairs; consecutive hands count into
    two lanes (``p & 1``) of 32-bit counts, so that equal ranks in a row do not wait
    on each other's store (15% faster than one lane, and than four).
    """
    ck = tables.card_keys
    cb = tables.card_bits
    packed = tables.packed
    ranks = tables.ranks
    ka = SUIT_INIT + ck[a]
    ba = cb[a]
    for b in range(a + 1, 47):
        kb = ka + ck[b]
        bb = ba | cb[b]
        for c in range(b + 1, 48):
            kc = kb + ck[c]
            bc = bb | cb[c]
            for d in range(c + 1, 49):
                kd = kc + ck[d]
                bd = bc | cb[d]
                for e in range(d + 1, 50):
                    ke = kd + ck[e]
                    be = bd | cb[e]
                    for p in range(pair_start[e + 1], 1326):
                        key = ke + pair_keys[_U(p)]
                        if key & FLUSH_CHECK:
                            r = _flush_rank_cold(key, be | pair_bits[_U(p)], ranks)
                        else:
                            r = _packed_rank(key, packed)
                        hist[_U(p & 1), _U(r)] += 1


@njit(cache=True)
def _checksum7(tables, pair_keys, pair_bits, pair_start):
    """Sum of the ranks of all 133,784,560 seven-card hands (the timing of the enumeration)."""
    ck = tables.card_keys
    cb = tables.card_bits
    packed = tables.packed
    ranks = tables.ranks
    total = 0
    for a in range(46):
        ka = SUIT_INIT + ck[a]
        ba = cb[a]
        for b in range(a + 1, 47):
            kb = ka + ck[b]
            bb = ba | cb[b]
            for c in range(b + 1, 48):
                kc = kb + ck[c]
                bc = bb | cb[c]
                for d in range(c + 1, 49):
                    kd = kc + ck[d]
                    bd = bc | cb[d]
                    for e in range(d + 1, 50):
                        ke = kd + ck[e]
                        be = bd | cb[e]
                        for p in range(pair_start[e + 1], 1326):
                            key = ke + pair_keys[_U(p)]
                            if key & FLUSH_CHECK:
                                total += _flush_rank_cold(key, be | pair_bits[_U(p)], ranks)
                            else:
                                total += _packed_rank(key, packed)
    return total


@njit(cache=True)
def _count5_from(a, tables, pair_keys, pair_bits, pair_start, hist):
    """Ranks of all five-card hands whose lowest card is ``a``, counted in ``hist[lane, rank]``."""
    ck = tables.card_keys
    cb = tables.card_bits
    packed = tables.packed
    ranks = tables.ranks
    ka = SUIT_INIT + ck[a]
    ba = cb[a]
    for b in range(a + 1, 49):
        kb = ka + ck[b]
        bb = ba | cb[b]
        for c in range(b + 1, 50):
            kc = kb + ck[c]
            bc = bb | cb[c]
            for p in range(pair_start[c + 1], 1326):
                key = kc + pair_keys[_U(p)]
                if key & FLUSH_CHECK:
                    r = _flush_rank_cold(key, bc | pair_bits[_U(p)], ranks)
                else:
                    r = _packed_rank(key, packed)
                hist[_U(p & 1), _U(r)] += 1


@njit(cache=True)
def _count_serial(n_cards, tables, pair_keys, pair_bits, pair_start, hist):
    for a in range(52 - n_cards + 1):
        if n_cards == 7:
            _count7_from(a, tables, pair_keys, pair_bits, pair_start, hist[a])
        else:
            _count5_from(a, tables, pair_keys, pair_bits, pair_start, hist[a])


@njit(cache=True, parallel=True)
def _count_parallel(n_cards, tables, pair_keys, pair_bits, pair_start, hist):
    for a in prange(52 - n_cards + 1):
        if n_cards == 7:
            _count7_from(a, tables, pair_keys, pair_bits, pair_start, hist[a])
        else:
            _count5_from(a, tables, pair_keys, pair_bits, pair_start, hist[a])
