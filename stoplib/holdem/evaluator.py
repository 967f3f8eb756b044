"""A fast poker hand evaluator for hold'em (document 004: optimal deck stackings).

The stacking search of the article deals 52 cuts per deck and 1,326 neighbours
per step, so it needs seven-card hands scored fast. A hand's **rank** is an
integer 1..7,462, higher is better, equal for hands that tie; a seven-card hand
gets the rank of its best five cards, so five- and seven-card ranks compare.
The ranks of each category form one block (``category_code``).

How it works (tables built by :mod:`stoplib.holdem._tables` at first use and
cached on disk): each card adds a rank multiplier and a suit counter to one
64-bit key and a suit-rank bit to a second word. If a suit counter shows five
or more cards, the rank is ``ranks[mask of that suit's cards]`` (the first
8,192 entries); otherwise it is ``ranks[offsets[key >> SHIFT] + (key & MASK)]``,
a perfect hash of the rank multiset. Both indices are computed and a select
picks one, so there is no branch. ``offsets`` and ``ranks`` take about 260 KB
and stay in L2.

Ranks equal phevaluator's (and Cactus Kev's) ``7463 - rank``: the same 7,462
classes, numbered the other way round.

The numba kernels (``_rank7``, ``_rank5``, ``_board_sums``, ``_rank_with_board``,
``_category_of``) are private: they trust their arguments, and a card code outside
0..51 would read outside the tables. The public names ``rank7``, ``rank5``,
``board_sums``, ``rank_with_board`` and ``category_of`` are their checked faces
(cards are ints 0..51, distinct; the tables, if given, must be the evaluator's
own), beside the checked API ``evaluate5``, ``evaluate7``, ``evaluate7_many``,
``evaluate5_many``. Kernels elsewhere in :mod:`stoplib.holdem` (the solver, the
search) call the private kernels after their public functions have checked the
deck. The slow rules-based twin is :mod:`stoplib.holdem.twins`
(``reference_rank5``, ``reference_rank7``). Work that grows with its arguments
(``evaluate7_many``, ``rank_counts``, a table rebuild) is estimated first and
refused above :mod:`stoplib.util.budget`'s limits. Source: document 004, Jeremy Kun,
"Optimally Stacking the Deck – Texas Hold 'Em", Math ∩ Programming, 9 April 2012.
"""
from __future__ import annotations

from collections import namedtuple

import numba
import numpy as np
from numba import njit, prange

from ._tables import (CATEGORIES, CATEGORY_START, CLASSES_PER_CATEGORY, LOW32, MASK,
                      N_RANKS, SHIFT, SUIT_INIT, Tables, load_tables)
from ..util.validate import check_choice, check_int
from ._costs import _hands_estimate
from .rules import CARD_NAMES, _distinct_cards, _integer_array, as_cards, check_bool

__all__ = ["CATEGORIES", "N_RANKS", "Tables", "load_tables", "rank7", "rank5",
           "board_sums", "rank_with_board", "category_of", "category", "category_code",
           "category_codes", "evaluate5", "evaluate7", "evaluate7_many", "evaluate5_many",
           "SEVEN_CARD_METHODS", "rank_counts", "RankCounts"]

_C1, _C2, _C3, _C4, _C5, _C6, _C7, _C8 = CATEGORY_START[1:]


# --------------------------------------------------------------------------- kernels
# The kernels below are branch-free single blocks on purpose: LLVM then inlines
# them into the caller and numba drops the reference counting of the table
# arrays; a branchy version (or numba's inline='always') ran 20-30x slower.
@njit(cache=True)
def _rank_from_sums(key, bits, tables):
    """Rank from the summed card keys and OR-ed card bits of 5 or 7 cards."""
    top = (key >> 35) & 0x1111  # top bit of each suit counter: a suit with >= 5 cards
    shift = ((top >> 4) & 1) * 16 + ((top >> 8) & 1) * 32 + ((top >> 12) & 1) * 48
    k = key & LOW32
    i_plain = tables.offsets[k >> SHIFT] + (k & MASK)
    i_flush = (bits >> shift) & 0x1FFF
    return np.int64(tables.ranks[i_flush if top else i_plain])


@njit(cache=True)
def _rank7(c0, c1, c2, c3, c4, c5, c6, tables):
    """Rank (1..7462, higher better) of seven distinct cards 0..51; no checks.

    Callable from other ``@njit`` functions with ``tables = load_tables()``.
    """
    ck = tables.card_keys
    cb = tables.card_bits
    key = SUIT_INIT + ck[c0] + ck[c1] + ck[c2] + ck[c3] + ck[c4] + ck[c5] + ck[c6]
    bits = cb[c0] | cb[c1] | cb[c2] | cb[c3] | cb[c4] | cb[c5] | cb[c6]
    return _rank_from_sums(key, bits, tables)


@njit(cache=True)
def _rank5(c0, c1, c2, c3, c4, tables):
    """Rank (1..7462, higher better) of five distinct cards 0..51; no checks."""
    ck = tables.card_keys
    cb = tables.card_bits
    key = SUIT_INIT + ck[c0] + ck[c1] + ck[c2] + ck[c3] + ck[c4]
    bits = cb[c0] | cb[c1] | cb[c2] | cb[c3] | cb[c4]
    return _rank_from_sums(key, bits, tables)


@njit(cache=True)
def _board_sums(b0, b1, b2, b3, b4, tables):
    """Key and bits of five board cards, to share between the players of a deal.

    ``_rank_with_board(p0, p1, key, bits, tables)`` then ranks each player's
    seven cards with two additions: the same rank as ``rank7`` on all seven.
    """
    ck = tables.card_keys
    cb = tables.card_bits
    key = SUIT_INIT + ck[b0] + ck[b1] + ck[b2] + ck[b3] + ck[b4]
    bits = cb[b0] | cb[b1] | cb[b2] | cb[b3] | cb[b4]
    return key, bits


@njit(cache=True)
def _rank_with_board(p0, p1, key, bits, tables):
    """Rank of pocket cards ``p0, p1`` with a board summarised by ``board_sums``."""
    return _rank_from_sums(key + tables.card_keys[p0] + tables.card_keys[p1],
                           bits | tables.card_bits[p0] | tables.card_bits[p1], tables)


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


@njit(cache=True)
def _evaluate_many(hands, tables, out):
    for i in range(hands.shape[0]):
        out[i] = _rank7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
                       hands[i, 4], hands[i, 5], hands[i, 6], tables)


@njit(cache=True, parallel=True)
def _evaluate_many_parallel(hands, tables, out):
    for i in prange(hands.shape[0]):
        out[i] = _rank7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
                       hands[i, 4], hands[i, 5], hands[i, 6], tables)


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


@njit(cache=True)
def _count7_from(a, tables, hist):
    """Histogram of ranks of all 7-card hands whose lowest card is ``a``."""
    ck = tables.card_keys
    cb = tables.card_bits
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
                    for f in range(e + 1, 51):
                        kf = ke + ck[f]
                        bf = be | cb[f]
                        for g in range(f + 1, 52):
                            hist[_rank_from_sums(kf + ck[g], bf | cb[g], tables)] += 1


@njit(cache=True)
def _count5_from(a, tables, hist):
    """Histogram of ranks of all 5-card hands whose lowest card is ``a``."""
    ck = tables.card_keys
    cb = tables.card_bits
    ka = SUIT_INIT + ck[a]
    ba = cb[a]
    for b in range(a + 1, 49):
        kb = ka + ck[b]
        bb = ba | cb[b]
        for c in range(b + 1, 50):
            kc = kb + ck[c]
            bc = bb | cb[c]
            for d in range(c + 1, 51):
                kd = kc + ck[d]
                bd = bc | cb[d]
                for e in range(d + 1, 52):
                    hist[_rank_from_sums(kd + ck[e], bd | cb[e], tables)] += 1


@njit(cache=True)
def _count_serial(n_cards, tables, hist):
    for a in range(52 - n_cards + 1):
        if n_cards == 7:
            _count7_from(a, tables, hist[a])
        else:
            _count5_from(a, tables, hist[a])


@njit(cache=True, parallel=True)
def _count_parallel(n_cards, tables, hist):
    for a in prange(52 - n_cards + 1):
        if n_cards == 7:
            _count7_from(a, tables, hist[a])
        else:
            _count5_from(a, tables, hist[a])


# --------------------------------------------------------------------------- public API
def _own_tables(tables) -> Tables:
    """The evaluator's tables: ``None`` or a :class:`Tables` equal to :func:`load_tables`'s.

    The kernels index the tables without bounds checks, so only the evaluator's own
    tables (the same arrays, or arrays equal to them) are accepted.
    """
    own = load_tables()
    if tables is None or tables is own:
        return own
    if not isinstance(tables, Tables):
        raise TypeError(f"tables must be None or the Tables returned by load_tables(), "
                        f"got {type(tables).__name__}")
    for name in Tables._fields:
        mine, theirs = getattr(own, name), getattr(tables, name)
        if not (isinstance(theirs, np.ndarray) and theirs.dtype == mine.dtype and theirs.shape == mine.shape
                and np.array_equal(theirs, mine)):
            raise ValueError(f"tables must be the evaluator's own (load_tables()); their {name!r} differs")
    return own


def rank7(c0, c1, c2, c3, c4, c5, c6, tables=None) -> int:
    """Rank (1..7462, higher better) of seven distinct cards given as codes 0..51.

    The checked face of the private numba kernel ``_rank7`` (which the solver and
    the search call inside their own kernels).

    Parameters
    ----------
    c0, ..., c6 : int
        Seven distinct card codes 0..51 (``rank * 4 + suit``).
    tables : Tables, optional
        The evaluator's tables (default :func:`load_tables`); no other tables are accepted.

    Examples
    --------
    >>> rank7(51, 47, 43, 39, 35, 0, 1)  # a royal flush in spades
    7462
    >>> rank7(0, 1, 2, 3, 4, 5, 0)
    Traceback (most recent call last):
    ...
    ValueError: c0 and c6 are the same card, 2c (0): a hand holds distinct cards
    """
    cards = _distinct_cards(("c0", "c1", "c2", "c3", "c4", "c5", "c6"), (c0, c1, c2, c3, c4, c5, c6))
    return int(_rank7(*cards, _own_tables(tables)))


def rank5(c0, c1, c2, c3, c4, tables=None) -> int:
    """Rank (1..7462, higher better) of five distinct cards given as codes 0..51 (checked ``_rank5``).

    Examples
    --------
    >>> rank5(48, 49, 50, 51, 44)  # four aces and a king
    7452
    """
    cards = _distinct_cards(("c0", "c1", "c2", "c3", "c4"), (c0, c1, c2, c3, c4))
    return int(_rank5(*cards, _own_tables(tables)))


def board_sums(b0, b1, b2, b3, b4, tables=None) -> tuple[int, int]:
    """Key and bits of five distinct board cards, to share between the players of a deal.

    ``rank_with_board(p0, p1, key, bits)`` then ranks a player's seven cards with
    two additions: the same rank as :func:`rank7` on all seven.

    Examples
    --------
    >>> key, bits = board_sums(8, 9, 10, 11, 12)  # 4c 4d 4h 4s 5c
    >>> rank_with_board(51, 47, key, bits) == rank7(51, 47, 8, 9, 10, 11, 12)
    True
    """
    cards = _distinct_cards(("b0", "b1", "b2", "b3", "b4"), (b0, b1, b2, b3, b4))
    key, bits = _board_sums(*cards, _own_tables(tables))
    return int(key), int(bits)


def _board_of(key: int, bits: int, tables: Tables) -> list[int]:
    """The five board cards behind ``(key, bits)`` from :func:`board_sums`; ValueError if there are none."""
    cards = [rank * 4 + suit for suit in range(4) for rank in range(13) if bits >> (16 * suit + rank) & 1]
    valid = sum(1 << (16 * (c & 3) + (c >> 2)) for c in cards) == bits and len(cards) == 5
    if valid:
        expected, _ = _board_sums(*cards, tables)
        valid = int(expected) == key
    if not valid:
        raise ValueError("key and bits must be a pair returned by board_sums for five distinct cards")
    return cards


def rank_with_board(p0, p1, key, bits, tables=None) -> int:
    """Rank of pocket cards ``p0, p1`` with a board summarised by :func:`board_sums`.

    ``key`` and ``bits`` must come from :func:`board_sums` (they are checked: they
    name five cards), and the pocket cards must be distinct and not on the board.

    Examples
    --------
    >>> key, bits = board_sums(8, 9, 10, 11, 12)
    >>> category(rank_with_board(51, 47, key, bits))
    'four of a kind'
    """
    own = _own_tables(tables)
    key = check_int("key", key, 0, 2**63 - 1)
    bits = check_int("bits", bits, 0, 2**63 - 1)
    board = _board_of(key, bits, own)
    cards = _distinct_cards(("p0", "p1") + tuple(f"board card {CARD_NAMES[c]}" for c in board),
                            (p0, p1, *board))
    return int(_rank_with_board(cards[0], cards[1], np.int64(key), np.int64(bits), own))


def category_of(rank) -> int:
    """Category code 0..8 (high card .. straight flush) of a rank 1..7462 (checked ``_category_of``).

    Examples
    --------
    >>> category_of(7462), CATEGORIES[category_of(1)]
    (8, 'high card')
    """
    return category_code(rank)


def category(rank) -> str:
    """Name of the category of a rank (``"high card"`` ... ``"straight flush"``).

    Examples
    --------
    >>> category(evaluate7("AsKsQsJsTs2d3c"))
    'straight flush'
    >>> category(1)
    'high card'
    """
    code = category_code(rank)
    return CATEGORIES[code]


def category_code(rank) -> int:
    """Category code 0..8 of a rank, the index into ``CATEGORIES``.

    Examples
    --------
    >>> category_code(7462)
    8
    """
    return int(_category_of(check_int("rank", rank, 1, N_RANKS)))


def category_codes(ranks) -> np.ndarray:
    """Category codes 0..8 of an array of ranks (vectorised ``category_code``).

    Examples
    --------
    >>> category_codes([1, 1278, 7462]).tolist()
    [0, 1, 8]
    """
    arr = _integer_array("ranks", ranks, f"ranks 1..{N_RANKS}")
    if arr.size and (arr.min() < 1 or arr.max() > N_RANKS):
        bad = arr.min() if arr.min() < 1 else arr.max()
        raise ValueError(f"ranks must be in 1..{N_RANKS}, got {int(bad)}")
    return (np.searchsorted(np.array(CATEGORY_START), arr, side="right") - 1).astype(np.int8)


def evaluate5(cards) -> int:
    """Rank (1..7462, higher better) of a five-card hand.

    Parameters
    ----------
    cards : str or array_like of int
        Five distinct cards, as text (``"AsKd..."``) or codes 0..51.

    Examples
    --------
    >>> evaluate5("AsKsQsJsTs")
    7462
    >>> evaluate5("7c5d4h3s2c")
    1
    """
    c = as_cards(cards, n=5).astype(np.int64)
    return int(_rank5(c[0], c[1], c[2], c[3], c[4], load_tables()))


def evaluate7(cards) -> int:
    """Rank (1..7462, higher better) of the best five of seven cards.

    Parameters
    ----------
    cards : str or array_like of int
        Seven distinct cards, as text (``"AsKs..."``) or codes 0..51.

    Returns
    -------
    int
        The rank of the best five-card hand among the seven (same scale as
        :func:`evaluate5`); equal ranks tie.

    Examples
    --------
    >>> evaluate7("AsAdKhKc2s3d4c") == evaluate5("AsAdKhKc4c")
    True
    >>> category(evaluate7("Th7cQsJc4h8cTc"))
    'one pair'
    """
    c = as_cards(cards, n=7).astype(np.int64)
    return int(_rank7(c[0], c[1], c[2], c[3], c[4], c[5], c[6], load_tables()))


def _checked_hands(hands, n_cards, what, kind, parallel):
    """Hands as a C-contiguous int8/int64 array of shape (n, n_cards), each row distinct cards 0..51."""
    arr = _integer_array("hands", hands)
    if arr.ndim != 2 or arr.shape[1] != n_cards:
        raise ValueError(f"hands must have shape (n, {n_cards}), got {arr.shape}")
    n = arr.shape[0]
    converted = arr.dtype not in (np.int8, np.int64) or not arr.flags.c_contiguous
    _hands_estimate(f"{what} of {n:,} hands", n, kind, parallel,
                    n_bytes=4.0 * n + (8.0 * n_cards * n if converted else 0.0))
    if arr.dtype not in (np.int8, np.int64):
        if arr.size and (arr.min() < 0 or arr.max() > 51):  # before a cast could wrap a code into range
            bad = arr.min() if arr.min() < 0 else arr.max()
            row = int(np.argwhere(arr == bad)[0, 0])
            raise ValueError(f"hands row {row} is not {n_cards} distinct cards 0..51: {arr[row].tolist()}")
        arr = arr.astype(np.int64)
    arr = np.ascontiguousarray(arr)
    bad = _first_bad_hand(arr)
    if bad >= 0:
        raise ValueError(f"hands row {bad} is not {n_cards} distinct cards 0..51: {arr[bad].tolist()}")
    return arr


#: How :func:`evaluate7_many` ranks seven cards.
SEVEN_CARD_METHODS = ("direct", "best_of_21")


def evaluate7_many(hands, parallel: bool = True, method: str = "direct") -> np.ndarray:
    """Ranks of many seven-card hands at once.

    Parameters
    ----------
    hands : array_like of int, shape (n, 7)
        One hand per row, card codes 0..51 (int8 or int64), distinct in a row.
    parallel : bool
        Spread the rows over numba's threads (results are identical).
    method : {"direct", "best_of_21"}
        ``"direct"``: one look-up of all seven cards (our evaluator).
        ``"best_of_21"``: the article's "slow" method, the best of the 21
        five-card hands (same ranks, for timing the two side by side).

    Returns
    -------
    numpy.ndarray
        int32 ranks, shape (n,).

    Raises
    ------
    ValueError
        For a row that is not seven distinct cards 0..51 (the row is named), or a
        call estimated above the work budget (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> ranks = evaluate7_many([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 20, 25, 30]])
    >>> [category(r) for r in ranks], int(ranks[0])
    (['straight flush', 'flush'], 7462)
    >>> evaluate7_many([[0, 4, 8, 12, 20, 25, 30]], method="best_of_21").tolist()
    [5864]
    """
    method = check_choice("method", method, SEVEN_CARD_METHODS)
    parallel = check_bool("parallel", parallel)
    kind = "rank7" if method == "direct" else "best_of_21"
    arr = _checked_hands(hands, 7, f"evaluate7_many(method={method!r})", kind, parallel)
    out = np.empty(arr.shape[0], np.int32)
    if method == "direct":
        kernel = _evaluate_many_parallel if parallel else _evaluate_many
    else:
        kernel = _evaluate_many_best21_parallel if parallel else _evaluate_many_best21
    kernel(arr, load_tables(), out)
    return out


def evaluate5_many(hands, parallel: bool = True) -> np.ndarray:
    """Ranks of many five-card hands at once (same scale as :func:`evaluate5`).

    Parameters
    ----------
    hands : array_like of int, shape (n, 5)
        One hand per row, card codes 0..51, distinct in a row.
    parallel : bool
        Spread the rows over numba's threads (results are identical).

    Examples
    --------
    >>> evaluate5_many([[48, 49, 50, 51, 44], [0, 1, 2, 3, 4]]).tolist()  # quad aces, quad deuces
    [7452, 7297]
    """
    parallel = check_bool("parallel", parallel)
    arr = _checked_hands(hands, 5, "evaluate5_many", "rank5", parallel)
    out = np.empty(arr.shape[0], np.int32)
    (_evaluate5_many_parallel if parallel else _evaluate5_many)(arr, load_tables(), out)
    return out


RankCounts = namedtuple("RankCounts", ["n_cards", "n_hands", "counts", "by_category",
                                       "distinct_by_category", "n_distinct"])
RankCounts.__doc__ = """Ranks of every hand of ``n_cards`` cards.

counts : int64 array, ``counts[r]`` hands of rank ``r`` (index 0 unused)
by_category : dict, category name -> number of hands
distinct_by_category : dict, category name -> number of distinct ranks reached
n_distinct : number of distinct ranks reached
"""

#: Hands of 5 and of 7 cards from a 52-card deck.
N_HANDS = {5: 2_598_960, 7: 133_784_560}


def rank_counts(n_cards: int = 7, parallel: bool = True) -> RankCounts:
    """Evaluate every 5- or 7-card hand from a 52-card deck and count ranks.

    All 2,598,960 five-card or 133,784,560 seven-card hands, enumerated in
    nested loops that build each hand's key incrementally (estimated first: about
    a second for seven cards on one thread of the development machine).

    Parameters
    ----------
    n_cards : int
        5 or 7.
    parallel : bool
        Spread the lowest card over numba's threads (same counts).

    Examples
    --------
    >>> rc = rank_counts(5)
    >>> rc.n_hands, rc.n_distinct, rc.by_category["straight flush"]
    (2598960, 7462, 40)
    """
    n_cards = check_int("n_cards", n_cards)
    if n_cards not in (5, 7):
        raise ValueError(f"n_cards must be 5 or 7, got {n_cards}")
    parallel = check_bool("parallel", parallel)
    _hands_estimate(f"rank_counts({n_cards})", N_HANDS[n_cards], "enumerate", parallel,
                    n_bytes=8.0 * (52 - n_cards + 1) * (N_RANKS + 1), checked=False)
    tables = load_tables()
    hist = np.zeros((52 - n_cards + 1, N_RANKS + 1), np.int64)
    if parallel:
        old = numba.get_parallel_chunksize()
        numba.set_parallel_chunksize(1)  # first cards carry very unequal work
        try:
            _count_parallel(n_cards, tables, hist)
        finally:
            numba.set_parallel_chunksize(old)
    else:
        _count_serial(n_cards, tables, hist)
    counts = hist.sum(axis=0)
    by_category, distinct = {}, {}
    for k, name in enumerate(CATEGORIES):
        block = counts[CATEGORY_START[k]:CATEGORY_START[k] + CLASSES_PER_CATEGORY[k]]
        by_category[name] = int(block.sum())
        distinct[name] = int(np.count_nonzero(block))
    return RankCounts(n_cards=n_cards, n_hands=int(counts.sum()), counts=counts,
                      by_category=by_category, distinct_by_category=distinct,
                      n_distinct=int(np.count_nonzero(counts)))
