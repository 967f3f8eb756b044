"""Tests of the hold'em hand evaluator (stoplib.holdem.evaluator and _tables, document 004):
documented counts first, then agreement with PyPI evaluators, hand-crafted edge cases
(also against the slow twin), invariances, the numba contract, the table cache and bad
inputs. The fast-against-twin comparisons on random hands are in test_twins.py."""
import itertools

import numpy as np
import pytest
from numba import njit

from stoplib.holdem import (CATEGORIES, N_RANKS, as_cards, board_sums, category, category_code,
                            category_codes, category_of, evaluate5, evaluate7, evaluate7_many, parse_deck,
                            rank5, rank7, rank_counts, rank_with_board)
from stoplib.holdem import _tables
from stoplib.holdem.evaluator import _board_sums, _category_of, _rank5, _rank7, _rank_with_board, load_tables
from stoplib.holdem._evaluator_kernels import FLUSH_CHECK, _flush_rank_cold, _packed_rank


@njit(cache=True)
def _packed_key_rank(key, bits, packed, ranks):
    """A hand's rank through the one-array layout, as the enumeration and deck kernels find it."""
    if key & FLUSH_CHECK:
        return _flush_rank_cold(key, bits, ranks)
    return _packed_rank(key, packed)
from stoplib.holdem.twins import reference_rank5, reference_rank7  # noqa: E402

# --------------------------------------------------------------------------- documented counts
# holdem-facts.md (Wikipedia "Poker probability"; Alspach, "7-Card Poker Hands")
FIVE_CARD = {"straight flush": 40, "four of a kind": 624, "full house": 3744, "flush": 5108,
             "straight": 10200, "three of a kind": 54912, "two pair": 123552,
             "one pair": 1098240, "high card": 1302540}
FIVE_CARD_CLASSES = {"straight flush": 10, "four of a kind": 156, "full house": 156,
                     "flush": 1277, "straight": 10, "three of a kind": 858, "two pair": 858,
                     "one pair": 2860, "high card": 1277}
SEVEN_CARD = {"straight flush": 41584, "four of a kind": 224848, "full house": 3473184,
              "flush": 4047644, "straight": 6180020, "three of a kind": 6461620,
              "two pair": 31433400, "one pair": 58627800, "high card": 23294460}
SEVEN_CARD_CLASSES = {"straight flush": 10, "four of a kind": 156, "full house": 156,
                      "flush": 1277, "straight": 10, "three of a kind": 575, "two pair": 763,
                      "one pair": 1470, "high card": 407}


def test_all_five_card_hands_give_the_known_counts():
    counts = rank_counts(5)
    assert counts.n_hands == 2_598_960
    assert counts.by_category == FIVE_CARD
    assert counts.n_distinct == 7462
    assert counts.distinct_by_category == FIVE_CARD_CLASSES
    assert np.array_equal(counts.counts, rank_counts(5, parallel=False).counts)


@pytest.fixture(scope="module")
def seven():
    return rank_counts(7)


def test_all_seven_card_hands_give_the_known_counts(seven):
    counts = seven
    assert counts.n_hands == 133_784_560
    assert counts.by_category == SEVEN_CARD
    assert counts.n_distinct == 4824
    assert counts.distinct_by_category == SEVEN_CARD_CLASSES


def test_seven_card_enumeration_serial_equals_parallel(seven):
    assert np.array_equal(rank_counts(7, parallel=False).counts, seven.counts)


def test_royal_flush_count_among_seven_card_hands(seven):
    # 4,324 of the 41,584 seven-card straight flushes are royal (holdem-facts.md)
    assert seven.counts[N_RANKS] == 4324


# --------------------------------------------------------------------------- the article's deck
ARTICLE_DECK = ("Th5d7cAd3cQsJc4h6c8c9dTc6hQc8d9sJh5c7dAhAc9h2cKh5sJs8s7h2d"
                "7s9c4dKd8hQd6d3sKs5h2hAs4s2sTs6sQhJd3h4cTd3dKc")
# Final-hand columns of the article's 52-cut table (H high card, P one pair,
# 2 two pair, 3 trips, S straight, F flush), player 1 then player 2.
ARTICLE_P1 = "PPF2FSFPPS3FSP22223PP22PSH2PPSPSP2PFPPPPS2S3F3S2PFPH"
ARTICLE_P2 = "HPP222HPPPPHPP2HHPPPPPPHPH2HHHPPHPHFPHPHPPPPPPPPHPHH"
_ABBREV = {"H": "high card", "P": "one pair", "2": "two pair", "3": "three of a kind",
           "S": "straight", "F": "flush"}


def test_article_table_categories_and_winner_for_every_cut():
    deck = parse_deck(ARTICLE_DECK).astype(np.int64)
    for cut in range(52):
        d = [int(deck[(cut + i) % 52]) for i in range(12)]
        board = [d[5], d[6], d[7], d[9], d[11]]
        r1 = evaluate7([d[0], d[2]] + board)
        r2 = evaluate7([d[1], d[3]] + board)
        assert category(r1) == _ABBREV[ARTICLE_P1[cut]], cut
        assert category(r2) == _ABBREV[ARTICLE_P2[cut]], cut
        assert r1 > r2, cut  # the article: player 1 wins every cut


# --------------------------------------------------------------------------- established evaluators
def _random_hands(n, n_cards=7, seed=0):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :n_cards].astype(np.int8)


@pytest.fixture(scope="module")
def million_hands():
    rng = np.random.default_rng(2026)
    keys = rng.random((1_000_000, 52), dtype=np.float32)
    return np.argpartition(keys, 7, axis=1)[:, :7].astype(np.int8)


def test_agrees_exactly_with_phevaluator_on_a_million_hands(million_hands):
    # phevaluator numbers the same 7,462 classes 1 (best) .. 7462 (worst)
    # and uses the same card codes (rank * 4 + suit, suits c d h s)
    _pheval = pytest.importorskip("phevaluator.evaluator")._pheval
    theirs = np.array([_pheval.evaluate_7cards(*h) for h in million_hands.astype(np.int64).tolist()])
    ours = evaluate7_many(million_hands)
    assert np.array_equal(ours, N_RANKS + 1 - theirs)


def test_orders_pairs_of_hands_like_eval7(million_hands):
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    theirs = np.array([eval7.evaluate([deck[c] for c in h])
                       for h in million_hands.astype(np.int64).tolist()])
    ours = evaluate7_many(million_hands)
    # consecutive hands as 500,000 pairs: same winner or tie
    assert np.array_equal(np.sign(ours[0::2] - ours[1::2]), np.sign(theirs[0::2] - theirs[1::2]))
    # and globally: ours -> eval7 is a strictly increasing bijection on the hands seen,
    # so every one of the ~5e11 pairs is ordered alike
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)
    assert np.unique(pairs[:, 0]).size == pairs.shape[0] == np.unique(pairs[:, 1]).size
    assert np.all(np.diff(pairs[:, 1]) > 0)


def test_five_card_ranks_agree_with_phevaluator():
    _pheval = pytest.importorskip("phevaluator.evaluator")._pheval
    tables = load_tables()
    for h in _random_hands(20_000, 5, seed=5).astype(np.int64).tolist():
        assert rank5(*h, tables) == _rank5(*h, tables) == N_RANKS + 1 - _pheval.evaluate_5cards(*h)


EDGE_CASES = [
    # (seven cards, best five by the rules, category)
    ("Ah2c3d4s5h9cKd", "5h4s3d2cAh", "straight"),            # wheel
    ("As2s3s4s5sKdQd", "5s4s3s2sAs", "straight flush"),      # steel wheel
    ("2c3d4h5s6c7dKh", "7d6c5s4h3d", "straight"),            # six in a row: top five
    ("AsAdKsKdQsQd2c", "AsAdKsKdQs", "two pair"),            # three pairs: third pair kicks
    ("AsAdKsKd2s2dQc", "AsAdKsKdQc", "two pair"),            # three pairs, higher single
    ("AsAdAhKsKdKh2c", "AsAdAhKsKd", "full house"),          # two trips
    ("2s2d2hKsKdQhQc", "2s2d2hKsKd", "full house"),          # trips and two pairs
    ("AsAdAhAcKsKdKh", "AsAdAhAcKs", "four of a kind"),      # quads beside trips
    ("AsKs9s7s5s3s2s", "AsKs9s7s5s", "flush"),               # seven suited cards
    ("AhKh9h8h7h6h5h", "9h8h7h6h5h", "straight flush"),      # SF inside a bigger flush
    ("Th9h8d7h6h2hJc", "Th9h7h6h2h", "flush"),               # straight and flush, not SF
    ("AsKdQh9c7s3d2h", "AsKdQh9c7s", "high card"),           # kickers: the top five
    ("8s8dAhKcQs3d2h", "8s8dAhKcQs", "one pair"),
    ("8s8d8hKcQs3d2h", "8s8d8hKcQs", "three of a kind"),
]


@pytest.mark.parametrize("seven, five, name", EDGE_CASES)
def test_edge_cases(seven, five, name):
    rank = evaluate7(seven)
    assert rank == evaluate5(five) == reference_rank7(seven) == reference_rank5(five)
    assert category(rank) == name


def test_edge_case_orderings():
    # the wheel is the lowest straight; the steel wheel the lowest straight flush
    assert evaluate7("Ah2c3d4s5h9cKd") < evaluate7("2c3d4s5h6h9cKd")
    assert evaluate5("As2s3s4s5s") == 7453
    assert evaluate5("AsKsQsJsTs") == 7462
    assert evaluate5("7c5d4h3s2c") == 1  # the worst hand
    # the kicker decides; when the board plays, it is a tie
    board = "AsKdQh7c3d"
    assert evaluate7("9c8s" + board) > evaluate7("8c6s" + board)
    assert evaluate7("2c4s" + "AsKdQhJcTd") == evaluate7("5c6s" + "AsKdQhJcTd")
    # a fifth card below the best five never matters
    assert evaluate7("AsAdKsKdQs2c3h") == evaluate7("AsAdKsKdQs4c5h")


# --------------------------------------------------------------------------- properties
def test_rank_invariant_under_suit_permutation_and_card_order():
    hands = _random_hands(5000, seed=3).astype(np.int64)
    base = evaluate7_many(hands)
    for perm in itertools.permutations(range(4)):
        permuted = (hands // 4) * 4 + np.array(perm)[hands % 4]
        assert np.array_equal(evaluate7_many(permuted), base)
    rng = np.random.default_rng(4)
    shuffled = rng.permuted(hands, axis=1)
    assert np.array_equal(evaluate7_many(shuffled), base)


def test_int8_and_int64_inputs_serial_and_parallel_agree():
    hands = _random_hands(20_000, seed=6)
    a = evaluate7_many(hands)
    assert a.dtype == np.int32
    assert np.array_equal(a, evaluate7_many(hands.astype(np.int64)))
    assert np.array_equal(a, evaluate7_many(hands, parallel=False))
    assert np.array_equal(a, evaluate7_many(hands.astype(np.int32)))
    assert [evaluate7(h) for h in hands[:50]] == a[:50].tolist()


def test_seven_card_rank_is_the_best_of_its_five_card_subsets():
    for h in _random_hands(500, seed=7).tolist():
        assert evaluate7(h) == max(evaluate5(list(f)) for f in itertools.combinations(h, 5))


def test_categories_are_contiguous_blocks():
    starts = [r for r in range(1, N_RANKS + 1) if r == 1 or category_code(r) != category_code(r - 1)]
    assert [category(r) for r in starts] == list(CATEGORIES)
    assert starts == list(_tables.CATEGORY_START)
    assert all(category_code(r) == category_of(r) for r in range(1, N_RANKS + 1))
    every = np.arange(1, N_RANKS + 1)
    assert category_codes(every).tolist() == [category_code(int(r)) for r in every]


# --------------------------------------------------------------------------- numba contract
# The kernels are private (they trust their arguments); the solver and the search call them
# from their own kernels, as these do. The public names are their checked faces.
@njit(cache=True)
def _user_kernel(hands, tables, out, cats):
    for i in range(hands.shape[0]):
        r = _rank7(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4],
                   hands[i, 5], hands[i, 6], tables)
        out[i] = r
        cats[i] = _category_of(r)


def test_the_private_kernels_are_callable_from_other_kernels():
    hands = _random_hands(1000, seed=8)
    out = np.zeros(1000, np.int64)
    cats = np.zeros(1000, np.int64)
    _user_kernel(hands, load_tables(), out, cats)
    assert np.array_equal(out, evaluate7_many(hands))
    assert cats.tolist() == [category_code(int(r)) for r in out]


@njit(cache=True)
def _showdowns(deals, tables, out):
    for i in range(deals.shape[0]):
        key, bits = _board_sums(deals[i, 4], deals[i, 5], deals[i, 6], deals[i, 7],
                                deals[i, 8], tables)
        out[i, 0] = _rank_with_board(deals[i, 0], deals[i, 1], key, bits, tables)
        out[i, 1] = _rank_with_board(deals[i, 2], deals[i, 3], key, bits, tables)


def test_shared_board_helpers_equal_rank7():
    deals = _random_hands(5000, 9, seed=10)
    out = np.zeros((5000, 2), np.int64)
    _showdowns(deals, load_tables(), out)
    assert np.array_equal(out[:, 0], evaluate7_many(deals[:, [0, 1, 4, 5, 6, 7, 8]]))
    assert np.array_equal(out[:, 1], evaluate7_many(deals[:, [2, 3, 4, 5, 6, 7, 8]]))
    # about 4.3% of heads-up showdowns tie (holdem-facts.md)
    assert 0.03 < np.mean(out[:, 0] == out[:, 1]) < 0.06
    # the checked faces give the same ranks
    for row, (a, b) in zip(deals[:50].tolist(), out[:50].tolist()):
        key, bits = board_sums(*row[4:9])
        assert rank_with_board(row[0], row[1], key, bits) == a == rank7(*row[:2], *row[4:9])
        assert rank_with_board(row[2], row[3], key, bits, load_tables()) == b


def test_the_public_faces_of_the_kernels_check_their_cards():
    """A card code of 10**9 once ended the interpreter; repeated cards once returned a rank."""
    for bad in (10**9, -1, 52, 2**63, np.int64(10**9), np.uint64(2**63)):
        with pytest.raises(ValueError, match="c3 must be in 0..51"):
            rank7(0, 1, 2, bad, 4, 5, 6)
        with pytest.raises(ValueError, match="b0 must be in 0..51"):
            board_sums(bad, 1, 2, 3, 4)
    for bad in (1.0, "As", None, True, np.bool_(False)):
        with pytest.raises(TypeError, match="c0 must be an int"):
            rank5(bad, 1, 2, 3, 4)
    with pytest.raises(ValueError, match="c0 and c6 are the same card, 2c"):
        rank7(0, 1, 2, 3, 4, 5, 0)
    with pytest.raises(ValueError, match="c1 and c4 are the same card, As"):
        rank5(0, 51, 2, 3, 51)
    key, bits = board_sums(8, 9, 10, 11, 12)
    with pytest.raises(ValueError, match="p1 and board card 4h are the same card"):
        rank_with_board(0, 10, key, bits)
    with pytest.raises(ValueError, match="p0 and p1 are the same card"):
        rank_with_board(0, 0, key, bits)
    for bad_key, bad_bits in ((key + 1, bits), (key, bits | 1), (key, bits & ~(1 << 2)), (2**63 - 1, 2**62)):
        with pytest.raises(ValueError, match="key and bits must be a pair returned by board_sums"):
            rank_with_board(0, 1, bad_key, bad_bits)
    with pytest.raises(ValueError, match="key must be in"):
        rank_with_board(0, 1, 2**64, bits)
    assert rank5(np.int64(48), np.int8(49), np.uint8(50), 51, 44) == 7452  # numpy integers are ints
    with pytest.raises(ValueError, match="rank must be in 1..7462"):
        category_of(7463)
    assert category_of(np.int16(7462)) == 8


def test_only_the_evaluators_own_tables_are_accepted():
    tables = load_tables()
    copy = _tables.Tables(*(a.copy() for a in tables))
    assert rank7(0, 1, 2, 3, 4, 5, 6, copy) == rank7(0, 1, 2, 3, 4, 5, 6)  # equal arrays: fine
    small = tables._replace(ranks=tables.ranks[:100].copy())
    with pytest.raises(ValueError, match="'ranks' differs"):
        rank7(0, 1, 2, 3, 4, 5, 6, small)
    wrong = tables._replace(offsets=tables.offsets + 1)
    with pytest.raises(ValueError, match="'offsets' differs"):
        rank5(0, 1, 2, 3, 4, wrong)
    with pytest.raises(TypeError, match="Tables returned by load_tables"):
        board_sums(0, 1, 2, 3, 4, tuple(tables))
    with pytest.raises(ValueError, match="differs"):
        rank7(0, 1, 2, 3, 4, 5, 6, _tables.Tables(1, 2, 3, 4, 5, 6))


def test_load_tables_is_a_tuple_of_small_arrays():
    tables = load_tables()
    assert isinstance(tables, tuple)
    assert all(isinstance(a, np.ndarray) for a in tables)
    # L2-sized: the two-array layout of the hand kernels, and the one-array copy of the
    # enumeration and deck-scoring kernels, each well inside the development machine's 1 MiB L2
    assert tables.offsets.nbytes + tables.ranks.nbytes < 300_000
    assert tables.packed.nbytes < 500_000
    assert tables.card_keys.shape == (52,)


# --------------------------------------------------------------------------- table cache
def test_tables_rebuild_identically_from_the_rules(tmp_path):
    built = _tables.build_tables()
    loaded = load_tables()
    for name in _tables.Tables._fields:
        assert np.array_equal(getattr(built, name), getattr(loaded, name)), name


def test_kept_multipliers_are_the_greedy_search_result():
    assert _tables.rank_multipliers().tolist() == list(_tables.MULTIPLIERS)


def test_the_pinned_digest_is_that_of_the_tables_built_from_the_rules():
    tables = load_tables()
    assert _tables._digest(tables) == _tables.TABLES_DIGEST
    assert {name: getattr(tables, name).shape for name in _tables.Tables._fields} == _tables.SHAPES


def test_cache_file_round_trip_and_corruption(tmp_path):
    tables = load_tables()
    path = tmp_path / "tables.npz"
    _tables._write(path, tables)
    again = _tables._read(path)
    assert again is not None
    assert all(np.array_equal(a, b) for a, b in zip(tables, again))
    data = path.read_bytes()
    # truncated anywhere, garbage, missing: all rejected (then rebuilt by load_tables)
    for cut in (0, 10, len(data) // 3, len(data) // 2, len(data) - 1):
        path.write_bytes(data[:cut])
        assert _tables._read(path) is None, cut
    path.write_bytes(b"not a table")
    assert _tables._read(path) is None
    assert _tables._read(tmp_path / "missing.npz") is None
    # a flipped byte anywhere in the file: rejected, or (if it lands in zip padding) the same tables
    rng = np.random.default_rng(3)
    for position in rng.choice(len(data), 40, replace=False).tolist():
        flipped = bytearray(data)
        flipped[position] ^= 0x5A
        path.write_bytes(bytes(flipped))
        read = _tables._read(path)
        assert read is None or all(np.array_equal(a, b) for a, b in zip(read, tables)), position
    # tampered content: the digest catches it, whether or not the stored digest was updated
    bad = tables._replace(ranks=tables.ranks.copy())
    bad.ranks[100] += 1
    for digest in (_tables._digest(tables), _tables._digest(bad)):
        np.savez(path, version=_tables.FORMAT_VERSION, shift=_tables.SHIFT, digest=digest, **bad._asdict())
        assert _tables._read(path) is None
    # another format version or SHIFT (the parameters the tables belong to), another shape or dtype
    for changes in ({"version": _tables.FORMAT_VERSION + 1}, {"shift": _tables.SHIFT + 1}):
        fields = {"version": _tables.FORMAT_VERSION, "shift": _tables.SHIFT, "digest": _tables._digest(tables),
                  **tables._asdict(), **changes}
        np.savez(path, **fields)
        assert _tables._read(path) is None
    np.savez(path, version=_tables.FORMAT_VERSION, shift=_tables.SHIFT, digest=_tables._digest(tables),
             **tables._replace(ranks=tables.ranks.astype(np.int32))._asdict())
    assert _tables._read(path) is None
    np.savez(path, version=_tables.FORMAT_VERSION, shift=_tables.SHIFT, digest=_tables._digest(tables),
             extra=np.zeros(3), **tables._asdict())
    assert _tables._read(path) is None
    # an object array (pickle) is never loaded
    np.savez(path, version=_tables.FORMAT_VERSION, shift=_tables.SHIFT, digest=_tables._digest(tables),
             **tables._replace(card_keys=np.array([object()] * 52))._asdict())
    assert _tables._read(path) is None


def test_load_tables_uses_and_repairs_the_disk_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_CACHE_DIR", str(tmp_path))
    tables = load_tables()
    monkeypatch.setattr(_tables, "_TABLES", None)
    monkeypatch.setattr(_tables, "build_tables", lambda: tables)  # no slow rebuild here
    _tables.cache_path().write_bytes(b"corrupt")
    assert _tables.load_tables() is tables  # corrupt file: rebuilt ...
    assert _tables._read(_tables.cache_path()) is not None  # ... and rewritten
    monkeypatch.setattr(_tables, "_TABLES", None)
    monkeypatch.setattr(_tables, "build_tables", lambda: pytest.fail("should read the cache"))
    assert all(np.array_equal(a, b) for a, b in zip(_tables.load_tables(), tables))
    # a truncated cache is rebuilt, and the ranks stay right
    data = _tables.cache_path().read_bytes()
    _tables.cache_path().write_bytes(data[: len(data) - 100])
    monkeypatch.setattr(_tables, "_TABLES", None)
    monkeypatch.setattr(_tables, "build_tables", lambda: tables)
    assert _tables.load_tables() is tables and evaluate7("AsKsQsJsTs2d3c") == 7462
    assert _tables._read(_tables.cache_path()) is not None


def test_load_tables_checks_its_flag_and_estimates_a_rebuild(monkeypatch):
    from stoplib.util import budget

    for bad in ("yes", 1, None, np.int64(1)):
        with pytest.raises(TypeError, match="rebuild must be True or False"):
            load_tables(bad)
    monkeypatch.setenv("STOPLIB_MAX_SECONDS", "1")
    with pytest.raises(budget.BudgetError, match=r"load_tables\(rebuild=True\) would take about"):
        load_tables(rebuild=True)
    assert load_tables(np.bool_(False)) is load_tables()


# --------------------------------------------------------------------------- bad inputs
def test_bad_hands_are_rejected_with_clear_errors():
    with pytest.raises(ValueError, match="7 cards, found 6"):
        evaluate7("AsKsQsJsTs2c")
    with pytest.raises(ValueError, match="repeated card As"):
        evaluate7("AsKsQsJsTs2cAs")
    with pytest.raises(ValueError, match="unknown card 'Xs'"):
        evaluate7("AsKsQsJsXs2c3c")
    with pytest.raises(ValueError, match="0..51, got 52"):
        evaluate7([0, 1, 2, 3, 4, 5, 52])
    with pytest.raises(ValueError, match="5 cards, found 7"):
        evaluate5("AsKsQsJsTs2c3c")
    with pytest.raises(TypeError):
        evaluate7([0.0, 1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError, match=r"shape \(n, 7\)"):
        evaluate7_many(np.zeros((3, 6), np.int8))
    with pytest.raises(ValueError, match="row 1"):
        evaluate7_many([[0, 1, 2, 3, 4, 5, 6], [0, 0, 2, 3, 4, 5, 6]])
    with pytest.raises(ValueError, match="row 0"):
        evaluate7_many([[0, 1, 2, 3, 4, 5, -1]])
    with pytest.raises(ValueError, match="row 1"):  # a code that an int8 cast would wrap into range
        evaluate7_many(np.array([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 256 + 7]], np.int32))
    with pytest.raises(ValueError, match="row 0"):
        evaluate7_many(np.array([[0, 1, 2, 3, 4, 5, 2**63]], np.uint64))
    with pytest.raises(TypeError, match="parallel must be True or False"):
        evaluate7_many([[0, 1, 2, 3, 4, 5, 6]], parallel="no")
    with pytest.raises(ValueError, match="method must be one of"):
        evaluate7_many([[0, 1, 2, 3, 4, 5, 6]], method="fast")
    with pytest.raises(TypeError, match="hands must be a list or array"):
        evaluate7_many("AsKsQsJsTs2d3c")
    with pytest.raises(TypeError):
        evaluate7_many(np.zeros((2, 7)))
    with pytest.raises(ValueError, match="1..7462"):
        category(0)
    with pytest.raises(ValueError, match="1..7462"):
        category(7463)
    with pytest.raises(TypeError):
        category(True)
    with pytest.raises(TypeError):
        category(5.0)
    with pytest.raises(ValueError, match="5 or 7"):
        rank_counts(6)
    with pytest.raises(ValueError, match="1..7462"):
        category_codes([0, 5])
    assert as_cards("AsKs").tolist() == [51, 47]
    assert evaluate7(["As", "Ks", "Qs", "Js", "Ts", "2c", "3d"]) == N_RANKS


def test_many_hands_at_once_agree_with_one_at_a_time_and_with_the_best_of_21():
    from stoplib.holdem import SEVEN_CARD_METHODS, evaluate5, evaluate5_many, evaluate7, evaluate7_many
    from stoplib.holdem.timings import random_hands

    hands = random_hands(3000, 7, seed=11)
    direct = evaluate7_many(hands)
    assert SEVEN_CARD_METHODS == ("direct", "best_of_21")
    for parallel in (False, True):
        assert np.array_equal(evaluate7_many(hands, parallel=parallel, method="best_of_21"), direct)
    assert [evaluate7(h) for h in hands[:50].tolist()] == direct[:50].tolist()
    five = np.ascontiguousarray(hands[:, :5])
    ranks5 = evaluate5_many(five)
    assert np.array_equal(ranks5, evaluate5_many(five, parallel=False))
    assert [evaluate5(h) for h in five[:50].tolist()] == ranks5[:50].tolist()


def test_many_hands_refuse_bad_input():
    import pytest

    from stoplib.holdem import evaluate5_many, evaluate7_many

    with pytest.raises(ValueError, match="method"):
        evaluate7_many([[0, 1, 2, 3, 4, 5, 6]], method="slow")
    with pytest.raises(ValueError, match="shape"):
        evaluate5_many([[0, 1, 2, 3, 4, 5, 6]])
    with pytest.raises(ValueError, match="row 0"):
        evaluate5_many([[0, 0, 2, 3, 4]])


# --------------------------------------------------------------------------- the enumeration's layout and loops
def test_the_pair_loop_visits_the_pairs_in_order():
    from stoplib.holdem.evaluator import pair_tables

    tables = load_tables()
    keys, bits, start = pair_tables(tables)
    pairs = list(itertools.combinations(range(52), 2))
    assert keys.tolist() == [int(tables.card_keys[f] + tables.card_keys[g]) for f, g in pairs]
    assert bits.tolist() == [int(tables.card_bits[f] | tables.card_bits[g]) for f, g in pairs]
    assert start.tolist() == [sum(1 for f, _ in pairs if f < k) for k in range(53)]


def test_the_enumeration_checksum_is_the_sum_of_the_counted_ranks(seven):
    """The benchmark's enumeration (ranks summed) ranks the same hands as rank_counts."""
    from stoplib.holdem.evaluator import _checksum7, pair_tables

    tables = load_tables()
    assert _checksum7(tables, *pair_tables(tables)) == int(np.dot(np.arange(N_RANKS + 1), seven.counts))


@njit(cache=True)
def _packed_ranks(hands, tables, out):
    from_ranks = tables.ranks
    for i in range(hands.shape[0]):
        key, bits = _board_sums(hands[i, 2], hands[i, 3], hands[i, 4], hands[i, 5], hands[i, 6], tables)
        key += tables.card_keys[hands[i, 0]] + tables.card_keys[hands[i, 1]]
        bits |= tables.card_bits[hands[i, 0]] | tables.card_bits[hands[i, 1]]
        out[i] = _packed_key_rank(key, bits, tables.packed, from_ranks)


def test_the_one_array_layout_gives_the_two_array_layouts_ranks():
    hands = _random_hands(300_000, seed=12)
    out = np.zeros(hands.shape[0], np.int64)
    _packed_ranks(hands.astype(np.int64), load_tables(), out)
    assert np.array_equal(out, evaluate7_many(hands))
    tables = load_tables()
    assert np.array_equal(tables.packed[:8192], tables.ranks[:8192])
