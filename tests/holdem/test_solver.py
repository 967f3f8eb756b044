"""The value of a stacking: deck values and the per-cut table (stoplib.holdem.solver, document 004).

The dealing rules are tested in test_rules.py, the pure-Python twin of deck_value in test_twins.py."""
import numpy as np
import pytest

from stoplib.holdem import CARD_NAMES, cut_table, dealt_offsets, deck_value, deck_value_reference, parse_deck
from stoplib.holdem import document as doc
from stoplib.holdem.rules import canonical_rotation, cut_deck
from stoplib.holdem.solver import cut_outcomes

SORTED = "".join(CARD_NAMES)  # 2c2d2h2s3c3d... As


# --------------------------------------------------------------------------- the article's answers
def test_example_deck_wins_every_cut_for_player_1():
    v = deck_value(doc.EXAMPLE_DECK)
    assert (v.wins, v.ties, v.losses) == (52, 0, 0)
    assert v.optimal and v.semi_optimal
    assert deck_value(parse_deck(doc.EXAMPLE_DECK)).wins == 52  # encoded input too


def test_example_table_matches_the_article_row_by_row():
    table = cut_table(doc.EXAMPLE_DECK)
    assert len(table) == len(doc.EXAMPLE_TABLE) == 52
    for c, (p1, p2, board, h1, h2, winner) in enumerate(doc.EXAMPLE_TABLE):
        row = table.loc[c]
        assert (row["p1"], row["p2"], row["board"]) == (p1, p2, board), c
        assert row["p1 hand"] == doc.ARTICLE_CATEGORY[h1], c
        assert row["p2 hand"] == doc.ARTICLE_CATEGORY[h2], c
        assert row["winner"] == winner and row["result"] == "win", c


@pytest.mark.parametrize("k", range(10))
def test_the_ten_listed_decks_are_optimal_for_player_1(k):
    v = deck_value(doc.TEN_DECKS[k])
    assert (v.wins, v.ties, v.losses) == (52, 0, 0)


# --------------------------------------------------------------------------- hand-checkable decks
def test_sorted_deck_by_hand():
    # Cut 0: p1 2c2h, p2 2d2s, board 3d3h3s 4d 4s: both play the board's full house, a tie.
    # Cut 1: p1 2d2s, p2 2h3c, board 3h3s4c 4h 5c: p2 has threes full of fours, p1 two pair.
    table = cut_table(SORTED)
    assert table.loc[0, ["p1", "p2", "board", "winner"]].tolist() == ["2c2h", "2d2s", "3d 3h 3s 4d 4s", "1=2"]
    assert table.loc[0, "p1 hand"] == table.loc[0, "p2 hand"] == "full house"
    assert table.loc[1, ["p1 hand", "p2 hand", "winner", "result"]].tolist() == [
        "two pair", "full house", "2", "loss"]
    # Every board holds three of one rank and two of the next (or the reverse), so
    # player 1 never wins outright; the lone pocket card that pairs the board wins for p2.
    v = deck_value(SORTED)
    assert v.wins == 0 and v.ties + v.losses == 52
    assert deck_value(SORTED, seat=2).wins == v.losses


def test_a_royal_flush_on_cut_zero():
    # p1: As Ks (cards 0, 2); p2: 2c 7d; burn; flop Qs Js Ts.
    head = parse_deck_prefix("As2cKs7d3hQsJsTs4h5c6h9d")
    table = cut_table(head)
    assert table.loc[0, "p1 hand"] == "straight flush"
    assert table.loc[0, "winner"] == "1"


def parse_deck_prefix(prefix: str) -> np.ndarray:
    """A deck starting with the given cards, the rest in sorted order."""
    head = {prefix[k:k + 2] for k in range(0, len(prefix), 2)}
    return parse_deck(prefix + "".join(c for c in CARD_NAMES if c not in head))


# --------------------------------------------------------------------------- properties
def test_table_agrees_with_value_for_every_seat():
    deck = np.random.default_rng(7).permutation(52)
    for n in (2, 4, 6):
        for seat in range(1, n + 1):
            table = cut_table(deck, n_players=n, seat=seat)
            v = deck_value(deck, seat=seat, n_players=n)
            assert (table["result"] == "win").sum() == v.wins
            assert (table["result"] == "tie").sum() == v.ties


def test_cutting_rotates_the_outcomes():
    deck = np.random.default_rng(1).permutation(52)
    out = cut_outcomes(deck)
    for c in (1, 17, 51):
        assert np.array_equal(cut_outcomes(cut_deck(deck, c)), np.roll(out, -c))
    assert deck_value(canonical_rotation(deck)).wins == deck_value(deck).wins


def test_two_players_win_for_one_is_loss_for_the_other():
    rng = np.random.default_rng(3)
    for _ in range(5):
        deck = rng.permutation(52)
        assert np.array_equal(cut_outcomes(deck, seat=2), -cut_outcomes(deck, seat=1))


def test_suit_relabelling_changes_nothing():
    deck = np.random.default_rng(5).permutation(52)
    perm = np.array([2, 0, 3, 1])  # c->h, d->c, h->s, s->d
    relabelled = (deck // 4) * 4 + perm[deck % 4]
    for n in (2, 3):
        assert np.array_equal(cut_outcomes(deck, n_players=n), cut_outcomes(relabelled, n_players=n))


def test_outcomes_sum_to_52_and_at_most_one_outright_winner():
    deck = np.random.default_rng(11).permutation(52)
    for n in (2, 3, 6):
        wins = np.zeros(52, int)
        for seat in range(1, n + 1):
            v = deck_value(deck, seat=seat, n_players=n)
            assert v.wins + v.ties + v.losses == 52
            wins += v.outcomes == 1
        assert wins.max() <= 1


# --------------------------------------------------------------------------- bad inputs
@pytest.mark.parametrize("n_players", [1, 23, 0, -2])
def test_bad_player_count(n_players):
    with pytest.raises(ValueError, match="n_players"):
        deck_value(doc.EXAMPLE_DECK, n_players=n_players)


@pytest.mark.parametrize("n_players", [2.0, True, "2"])
def test_player_count_must_be_an_int(n_players):
    with pytest.raises(TypeError, match="n_players"):
        deck_value(doc.EXAMPLE_DECK, n_players=n_players)


@pytest.mark.parametrize("seat,n", [(0, 2), (3, 2), (7, 6), (-1, 4), (23, 22)])
def test_bad_seat(seat, n):
    with pytest.raises(ValueError, match="seat"):
        deck_value(doc.EXAMPLE_DECK, seat=seat, n_players=n)
    with pytest.raises(ValueError, match="seat"):
        cut_table(doc.EXAMPLE_DECK, n_players=n, seat=seat)


@pytest.mark.parametrize("deck,match", [
    (doc.EXAMPLE_DECK[:-2], "52 cards, found 51"),
    (doc.EXAMPLE_DECK[:-2] + "Th", "repeated card Th"),
    (doc.EXAMPLE_DECK[:-2] + "Kx", "suit 'x'"),
    (doc.EXAMPLE_DECK[:-2] + "1c", "rank '1'"),
    (list(range(51)), "52 cards"),
    (list(range(51)) + [0], "repeated card"),
    (list(range(51)) + [52], "0..51"),
])
def test_bad_decks(deck, match):
    with pytest.raises(ValueError, match=match):
        deck_value(deck)


def test_deck_of_wrong_type():
    with pytest.raises(TypeError, match="deck"):
        deck_value(12345)
    with pytest.raises(TypeError):
        deck_value(np.linspace(0, 51, 52))


# --------------------------------------------------------------------------- the fast paths against the full one
# _score_decks shares each cut's board key and deals an opponent only where the seat is still
# ahead; _cut_outcomes_full ranks every hand from its seven cards. Exact equality, 2..22 players.
@pytest.mark.parametrize("n_players", list(range(2, 23)))
def test_deck_scoring_equals_the_full_evaluation_of_every_hand(n_players):
    from stoplib.holdem import load_tables
    from stoplib.holdem.solver import _cut_outcomes_full, _cut_ranks, _score_decks
    from stoplib.holdem.evaluator import _rank7

    tables = load_tables()
    rng = np.random.default_rng(100 + n_players)
    decks = np.argsort(rng.random((200, 52)), axis=1).astype(np.int64)
    for seat in sorted({0, n_players - 1, int(rng.integers(n_players))}):
        outs = np.empty((200, 52), np.int8)
        wins = np.empty(200, np.int64)
        _score_decks(decks, n_players, seat, tables, outs, wins)
        full = np.empty(52, np.int8)
        for d in range(200):
            assert _cut_outcomes_full(decks[d], n_players, seat, tables, full) == wins[d]
            assert np.array_equal(outs[d], full), (seat, d)
    # every hand's rank, against _rank7 on the seven cards dealt by the rules
    off = dealt_offsets(n_players)
    ranks = np.empty((52, n_players), np.int64)
    deck = decks[0]
    _cut_ranks(deck, n_players, tables, ranks)
    for c in range(0, 52, 5):
        board = [int(deck[(c + k) % 52]) for k in off["board"]]
        for p, (a, b) in enumerate(off["pockets"]):
            assert ranks[c, p] == _rank7(deck[(c + a) % 52], deck[(c + b) % 52], *board, tables)


def test_deck_scoring_on_decks_rich_in_flushes_and_ties():
    """Decks sorted by suit or by rank: every board a flush draw, or many equal ranks."""
    from stoplib.holdem import load_tables
    from stoplib.holdem.solver import _cut_outcomes_full

    tables = load_tables()
    by_suit = np.array(sorted(range(52), key=lambda c: (c % 4, c // 4)))
    by_rank = np.arange(52)
    rng = np.random.default_rng(3)
    for deck in (by_suit, by_rank, np.roll(by_suit, 7), rng.permutation(by_rank)):
        for n in (2, 3, 6, 9, 22):
            for seat in (1, n):
                fast = deck_value(deck, seat=seat, n_players=n).outcomes
                full = np.empty(52, np.int8)
                _cut_outcomes_full(np.asarray(deck, np.int64), n, seat - 1, tables, full)
                assert np.array_equal(fast, full), (n, seat)


def test_twenty_two_players_deal_the_whole_deck():
    deck = np.random.default_rng(22).permutation(52)
    off = dealt_offsets(22)
    used = sorted([a for a, b in off["pockets"]] + [b for a, b in off["pockets"]] + off["burns"] + off["board"])
    assert used == list(range(52))
    v = deck_value(deck, seat=22, n_players=22)
    assert v.wins + v.ties + v.losses == 52
    assert np.array_equal(v.outcomes, deck_value_reference(deck, seat=22, n_players=22).outcomes)


# --------------------------------------------------------------------------- many decks at once
def test_score_decks_equals_deck_value_deck_by_deck_serial_and_parallel():
    from stoplib.holdem import score_decks

    rng = np.random.default_rng(31)
    decks = np.argsort(rng.random((700, 52)), axis=1)  # more than two parallel blocks
    for n, seat in ((2, 1), (3, 3), (9, 4), (22, 1)):
        out = score_decks(decks, seat=seat, n_players=n)
        assert out.shape == (700, 52) and out.dtype == np.int8
        assert np.array_equal(out, score_decks(decks.astype(np.int8), seat=seat, n_players=n, parallel=False))
        for d in range(0, 700, 97):
            assert np.array_equal(out[d], deck_value(decks[d], seat=seat, n_players=n).outcomes)
    assert score_decks(np.empty((0, 52), np.int64)).shape == (0, 52)


def test_score_decks_refuses_bad_decks():
    from stoplib.holdem import score_decks

    good = np.tile(np.arange(52), (3, 1))
    bad = good.copy()
    bad[2, 5] = 0
    with pytest.raises(ValueError, match="row 2 is not 52 distinct cards"):
        score_decks(bad)
    bad[2, 5] = 52
    with pytest.raises(ValueError, match="row 2"):
        score_decks(bad)
    with pytest.raises(ValueError, match=r"shape \(m, 52\)"):
        score_decks(good[:, :51])
    with pytest.raises(TypeError, match="decks"):
        score_decks(good.astype(float))
    with pytest.raises(ValueError, match="n_players"):
        score_decks(good, n_players=23)
    with pytest.raises(TypeError, match="parallel"):
        score_decks(good, parallel=1)
