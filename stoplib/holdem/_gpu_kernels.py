"""The CUDA kernel of :mod:`stoplib.holdem.gpu` (private; imported only when decks are scored on a GPU).

One thread per cut ``c`` of deck ``d`` (document 004's deal, as in
:mod:`stoplib.holdem.solver`: pockets at ``c + p`` and ``c + p + n``, the burn at
``c + 2n``, the board at ``c + 2n + 1, 2, 3, 5, 7``, all mod 52): the board key is
summed once, the seat's hand ranked, then each opponent's in deal order until one
beats the seat. A hand's rank is the evaluator's (:mod:`stoplib.holdem._evaluator_kernels`):
one look-up in ``tables.packed`` from the summed key, or, when the key's suit counters
show a flush, the flush suit's 13-bit mask in the flush table at the start of the same
array. ``numba.cuda`` is a global of this module so that numba's simulator
(``NUMBA_ENABLE_CUDASIM=1``) can stand in for it.
"""
from numba import cuda

from ._evaluator_kernels import FLUSH_CHECK
from ._tables import FLUSH_SIZE, LOW32, SHIFT, SUIT_INIT

__all__ = []


def make_score_decks():
    """The kernel ``score_decks[blocks, threads](decks, n_players, seat, card_keys, card_bits,
    packed, outs)``: ``outs[d, c]`` in {1, 0, -1} for ``seat`` (0-based) at cut ``c`` of
    ``decks[d]`` (uint8 codes). Not ``cache=True``: the simulator cannot cache, and a real
    GPU compiles it in about a second."""

    @cuda.jit(device=True)
    def card(decks, d, pos):
        """The card at position ``pos % 52`` of deck ``d`` (``pos < 104``)."""
        return decks[d, pos - 52 if pos >= 52 else pos]

    @cuda.jit(device=True)
    def hand_rank(decks, d, base, bkey, q, n, ck, cb, packed):
        """Rank of the hand with pocket cards at ``q`` and ``q + n`` and the board after ``base``."""
        key = bkey + ck[card(decks, d, q)] + ck[card(decks, d, q + n)]
        if key & FLUSH_CHECK:  # the rare path: the cards' suit-rank bits, the flush suit's mask
            bits = (cb[card(decks, d, base + 1)] | cb[card(decks, d, base + 2)] | cb[card(decks, d, base + 3)]
                    | cb[card(decks, d, base + 5)] | cb[card(decks, d, base + 7)] | cb[card(decks, d, q)]
                    | cb[card(decks, d, q + n)])
            top = (key >> 35) & 0x1111
            shift = 0
            while (top & 1) == 0:
                top >>= 4
                shift += 16
            return packed[(bits >> shift) & 0x1FFF]
        k = key & LOW32
        return packed[k + packed[FLUSH_SIZE + (k >> SHIFT)]]

    @cuda.jit
    def score_decks(decks, n, seat, ck, cb, packed, outs):
        i = cuda.grid(1)
        if i >= decks.shape[0] * 52:
            return
        d = i // 52
        c = i - d * 52
        base = c + 2 * n
        bkey = (SUIT_INIT + ck[card(decks, d, base + 1)] + ck[card(decks, d, base + 2)]
                + ck[card(decks, d, base + 3)] + ck[card(decks, d, base + 5)] + ck[card(decks, d, base + 7)])
        mine = hand_rank(decks, d, base, bkey, c + seat, n, ck, cb, packed)
        out = 1
        for p in range(n):
            if p != seat:
                r = hand_rank(decks, d, base, bkey, c + p, n, ck, cb, packed)
                if r > mine:
                    out = -1
                    break
                if r == mine:
                    out = 0
        outs[d, c] = out

    return score_decks
