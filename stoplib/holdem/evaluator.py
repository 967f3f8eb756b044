"""A fast poker hand evaluator for hold'em (document 004: optimal deck stackings).

The stacking search of the article deals 52 cuts per deck and 1,326 neighbours
per step, so it needs seven-card hands scored fast. A hand's **rank** is an
integer 1..7,462, higher is better, equal for hands that tie; a seven-card hand
gets the rank of its best five cards, so five- and seven-card ranks compare.
The ranks of each category form one block (``category_code``).

How it works (tables built by :mod:`stoplib.holdem._tables` at first use and
cached on disk; kernels in :mod:`stoplib.holdem._evaluator_kernels`): each card
adds a rank multiplier and a suit counter to one 64-bit key, whose rank part is
a perfect hash of the rank multiset: ``ranks[k + offsets[k >> SHIFT]]`` for its
low 32 bits ``k``. Only when a suit counter shows five or more cards (3% of
seven-card hands) are the cards' suit-rank bits OR-ed, and the flush suit's
13-bit mask indexes the flush table instead. These are the public techniques of
OMPEval (zekyll) and PokerHandEvaluator (HenryRLee); the tables take about
260 KB (and a 454 KB one-array copy for the enumeration and deck-scoring
kernels), so they stay in L2. ``benchmarks/bench_holdem_evaluator.py --ompeval
PATH`` times it beside OMPEval built from a checkout, on the same core.

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

from ._evaluator_kernels import (_board_sums, _category_of, _checksum7, _count_parallel,  # noqa: F401
                                 _count_serial, _evaluate5_many, _evaluate5_many_parallel,
                                 _evaluate_many, _evaluate_many_best21, _evaluate_many_best21_parallel,
                                 _evaluate_many_parallel, _first_bad_hand, _rank5, _rank7,
                                 _rank_with_board, pair_tables)
from ._tables import CATEGORIES, CATEGORY_START, CLASSES_PER_CATEGORY, N_RANKS, Tables, load_tables
from ..util.validate import check_choice, check_int
from ._costs import _hands_estimate
from .rules import CARD_NAMES, _distinct_cards, _integer_array, as_cards, check_bool

__all__ = ["CATEGORIES", "N_RANKS", "Tables", "load_tables", "rank7", "rank5",
           "board_sums", "rank_with_board", "category_of", "category", "category_code",
           "category_codes", "evaluate5", "evaluate7", "evaluate7_many", "evaluate5_many",
           "SEVEN_CARD_METHODS", "rank_counts", "RankCounts"]

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
    nested loops that build each hand's key incrementally, the last two cards as
    one loop over the 1,326 pairs (estimated first: well under a second for seven
    cards on one thread of the development machine).

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
    pairs = pair_tables(tables)
    hist = np.zeros((52 - n_cards + 1, 2, N_RANKS + 1), np.int32)  # lowest card, lane, rank
    if parallel:
        old = numba.get_parallel_chunksize()
        numba.set_parallel_chunksize(1)  # first cards carry very unequal work
        try:
            _count_parallel(n_cards, tables, *pairs, hist)
        finally:
            numba.set_parallel_chunksize(old)
    else:
        _count_serial(n_cards, tables, *pairs, hist)
    counts = hist.sum(axis=(0, 1), dtype=np.int64)
    by_category, distinct = {}, {}
    for k, name in enumerate(CATEGORIES):
        block = counts[CATEGORY_START[k]:CATEGORY_START[k] + CLASSES_PER_CATEGORY[k]]
        by_category[name] = int(block.sum())
        distinct[name] = int(np.count_nonzero(block))
    return RankCounts(n_cards=n_cards, n_hands=int(counts.sum()), counts=counts,
                      by_category=by_category, distinct_by_category=distinct,
                      n_distinct=int(np.count_nonzero(counts)))
