"""The census of period-13 decks with free suits (stoplib.holdem.census, census_runs): every fact it rests on
tested against brute force, the exact suit search against CP-SAT and against every suit assignment, the kernel
against the cycling-suit decks, and the committed census read back and checked."""
import itertools

import numpy as np
import pytest

from stoplib.holdem import (deck_value, deck_value_reference, evaluate7, family_deck, load_tables, parse_deck,
                            reference_rank7)
from stoplib.holdem import census as ce
from stoplib.holdem import census_runs as cr
from stoplib.holdem._census_kernels import (C_BAD_CUTS, C_CAPACITY, C_COMPLETE, C_LAYOUTS, C_SETS, N_COUNTERS,
                                            PERMS, _census_chunk, _search)
from stoplib.holdem.twins import complete_suits_reference

NINE = "2AKQJT9876543"  # ranks falling by one at each card: the 9-player layout of the public report


def random_layout(rng):
    return [0] + [int(r) for r in rng.permutation(np.arange(1, 13))]


def random_suits(rng):
    return ["".join("cdhs"[t] for t in rng.permutation(4)) for _ in range(13)]


def rank_only(cards):
    """A hand's value with its suits ignored: the same ranks given suits that never make a flush."""
    ranks = sorted(c // 4 for c in cards)
    return evaluate7([4 * r + (i % 4) for i, r in enumerate(ranks)])  # copies of a rank sit side by side


def test_perms_are_the_24_permutations_identity_first():
    assert len({tuple(p) for p in PERMS}) == 24 and list(PERMS[0]) == [0, 1, 2, 3]


def test_a_hand_is_worth_its_rank_only_value_or_its_best_flush():
    """Fact 2, on random seven-card hands rich in flushes, against the rules-based twin."""
    rng = np.random.default_rng(7)
    tables = load_tables()
    checked = 0
    for _ in range(400):
        suit = int(rng.integers(4))
        pool = [c for c in range(52) if c % 4 == suit]
        cards = list(rng.choice(pool, size=int(rng.integers(3, 8)), replace=False))
        rest = [c for c in range(52) if c not in cards]
        cards += list(rng.choice(rest, size=7 - len(cards), replace=False))
        best_flush = 0
        for t in range(4):
            mask = 0
            for c in cards:
                if c % 4 == t:
                    mask |= 1 << (c // 4)
            best_flush = max(best_flush, int(tables.ranks[mask]))  # 0 with fewer than five suited
        value = max(rank_only(cards), best_flush)
        assert value == evaluate7(cards) == reference_rank7(cards)
        checked += best_flush > 0
    assert checked > 100


def test_cuts_13_apart_deal_the_same_ranks_and_each_slot_sees_every_suit_once_per_class():
    """Facts 1 and 4 on random decks of the family."""
    rng = np.random.default_rng(1)
    for _ in range(5):
        deck = parse_deck(ce.period13_deck(random_layout(rng), random_suits(rng))).astype(int)
        for c in range(13):
            for o in range(30):
                cards = [deck[(c + 13 * q + o) % 52] for q in range(4)]
                assert len({x // 4 for x in cards}) == 1 and sorted(x % 4 for x in cards) == [0, 1, 2, 3]


@pytest.mark.parametrize("n", [7, 9, 12, 13])
def test_bad_classes_are_the_classes_a_cycling_suit_deck_loses(n):
    """Cycling suits never make a flush: such a deck wins exactly the cuts of the good classes."""
    rng = np.random.default_rng(n)
    for _ in range(6):
        layout = random_layout(rng)
        outcomes = deck_value(family_deck("period13_cycle", layout), 1, n).outcomes
        bad = ce.bad_classes(layout, n)
        assert [c for c in range(52) if outcomes[c] != 1] == [c for c in range(52) if c % 13 in bad]


def test_without_a_flush_a_cut_goes_as_its_class_and_in_a_bad_class_seat_1_wins_only_with_a_flush():
    """Facts 1 and 3 on random decks with random suits (full rules, the fast scorer)."""
    rng = np.random.default_rng(3)
    seen = 0
    for n in (7, 9, 12):
        for _ in range(8):
            layout, suits = random_layout(rng), random_suits(rng)
            deck = parse_deck(ce.period13_deck(layout, suits)).astype(int)
            outcomes = deck_value(deck, 1, n).outcomes
            bad = ce.bad_classes(layout, n)
            for c in range(52):
                board = [deck[(c + 2 * n + b) % 52] for b in (1, 2, 3, 5, 7)]
                hands = [[deck[(c + p) % 52], deck[(c + p + n) % 52]] + board for p in range(n)]
                flushes = [max(np.bincount([x % 4 for x in h], minlength=4)) >= 5 for h in hands]
                if not any(flushes):
                    assert (outcomes[c] == 1) == (c % 13 not in bad)
                    seen += 1
                if c % 13 in bad and outcomes[c] == 1:
                    assert flushes[0]
    assert seen > 500


@pytest.mark.parametrize("n", [14, 18, 22])
def test_from_14_players_seat_14_holds_seat_1s_ranks_so_every_class_is_bad(n):
    rng = np.random.default_rng(n)
    layout = random_layout(rng)
    deck = parse_deck(ce.period13_deck(layout, random_suits(rng))).astype(int)
    for c in range(0, 52, 5):
        ranks = [sorted([deck[(c + p) % 52] // 4, deck[(c + p + n) % 52] // 4]) for p in (0, 13)]
        assert ranks[0] == ranks[1]
    assert ce.bad_classes(layout, n) == tuple(range(13))


def test_a_rotation_of_the_deck_is_the_layout_shifted_and_wins_the_same_cuts():
    rng = np.random.default_rng(5)
    layout, suits = random_layout(rng), random_suits(rng)
    deck = ce.period13_deck(layout, suits)
    codes = parse_deck(deck)
    rotated = np.roll(codes, -1)
    assert [c // 4 for c in rotated[:13]] == [layout[(r + 1) % 13] for r in range(13)]
    assert deck_value(rotated, 1, 9).wins == deck_value(codes, 1, 9).wins


def test_the_nine_player_layout_completes_and_the_rising_one_does_not():
    res = ce.complete_suits(NINE, 9)
    assert res.found and res.method == "search"
    assert deck_value(res.deck, 1, 9).wins == deck_value_reference(res.deck, 1, 9).wins == 52
    again = ce.complete_suits(NINE, 9, method="cp-sat")
    assert again.found and deck_value_reference(again.deck, 1, 9).wins == 52
    assert not ce.complete_suits("23456789TJQKA", 9, method="cp-sat").found


CYCLING = ["".join("cdhs"[(r + q) % 4] for q in range(4)) for r in range(13)]  # suit = position mod 4


@pytest.mark.parametrize("n", [7, 9, 12])
def test_the_suit_search_and_cp_sat_agree_with_every_suit_assignment(n):
    """Cross-check on small cases: ten residues' suits given, the other three tried in all 13,824 ways. Half the
    cases keep suits cycling (no flush anywhere) and ask for the cuts of a good class: some assignment wins
    them; the others give random suits and ask for a cut of a bad class."""
    rng = np.random.default_rng(100 + n)
    outcomes = set()
    for case in range(6):
        layout = random_layout(rng)
        bad = ce.bad_classes(layout, n)
        good = [j for j in range(13) if j not in bad]
        if case % 2 and good:
            suits, cuts = CYCLING, [good[0] + 13 * q for q in range(4)]
        else:
            suits, cuts = random_suits(rng), [int(rng.choice(bad or range(13))) + 13 * int(rng.integers(4))]
        free = rng.choice(13, size=3, replace=False)
        given = [None if r in free else s for r, s in enumerate(suits)]
        count = complete_suits_reference(layout, n, given, cuts=cuts)
        fast = ce.complete_suits(layout, n, cuts=cuts, suits=given, method="search")
        cp = ce.complete_suits(layout, n, cuts=cuts, suits=given, method="cp-sat")
        assert fast.found == cp.found == (count > 0), (layout, given, cuts, count)
        outcomes.add(count > 0)
    assert outcomes == {True, False}


@pytest.mark.parametrize("n", [9, 12])
def test_seat_1_flushes_by_the_search_agree_with_brute_force(n):
    """Mode 1 (seat 1's flushes alone) against every assignment of three free residues."""
    load = load_tables()
    rng = np.random.default_rng(n)
    out = np.empty(13, np.int64)
    for _ in range(4):
        fixed = rng.integers(24, size=13)
        free = rng.choice(13, size=3, replace=False)
        cls = [int(j) for j in rng.choice(13, size=2, replace=False)]
        cuts = np.array([j + 13 * q for j in cls for q in range(4)], np.int64)
        allowed = np.zeros((13, 24), np.bool_)
        for r in range(13):
            allowed[r] = r in free
            allowed[r, fixed[r]] = True
        res, _ = _search(np.arange(13, dtype=np.int64), n, cuts, allowed, 1, load.multipliers, load.packed,
                         load.ranks[:8192].astype(np.int64), 0, out)
        any_flush = False
        for choice in itertools.product(range(24), repeat=3):
            k = fixed.copy()
            k[free] = choice
            suit = [int(PERMS[k[x % 13], x // 13]) for x in range(52)]
            offs = [0, n, 2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 5, 2 * n + 7]
            if all(max(np.bincount([suit[(c + o) % 52] for o in offs], minlength=4)) >= 5 for c in cuts):
                any_flush = True
                break
        assert (res == 1) == any_flush


def test_flush_capacity_by_search_and_by_cp_sat_agree():
    cap = ce.flush_capacity(12)  # both methods decide every set and must agree
    assert cap.method == "both" and cap.capacity == 8
    assert cap.by_size[:4] == (1, 13, 78, 260) and sum(cap.by_size[9:]) == 0
    # every set's rotations stand or fall together; a superset of a failing set fails
    masks = np.arange(8192)
    rot = ((masks << 1) | (masks >> 12)) & 8191
    assert (cap.feasible[masks] == cap.feasible[rot]).all()


@pytest.mark.parametrize("n", [14, 22])
def test_from_14_players_the_committed_capacity_settles_the_family_and_our_search_agrees(n):
    """From 14 players every class is bad (fact 6), so an optimal deck of the family needs seat 1's flush at all 52
    cuts. The census read those sizes' capacities (CP-SAT alone) from the committed file; our own suit search,
    independently, finds the set of all 13 classes infeasible too, and the census reports no completion."""
    caps = cr.read_capacity().set_index("n_players")
    assert set(range(14, 23)) <= set(caps.index)
    assert (caps.loc[14:22, "capacity"] < 13).all()
    assert ce._flush_decider(n, "search")(list(range(13))) is False
    res = cr.period13_census(n)
    assert res.basis == "fact 6" and res.complete and res.min_bad_classes == 13 and res.completions == ()


def test_the_census_kernel_follows_its_tests_layout_by_layout():
    """A chunk of 4! = 24 layouts (n = 9, the nine-player layout among them): each counter against the public
    functions, layout by layout (the exact stages by CP-SAT)."""
    n = 9
    capacity = int(cr.read_capacity().set_index("n_players").loc[n, "capacity"])  # as the census computed it
    decide = ce._flush_decider(n, "cp-sat")
    prefix = [0, 12, 11, 10, 9, 8, 7, 6, 5]
    layouts = [prefix + list(rest) for rest in itertools.permutations([r for r in range(13) if r not in prefix])]
    feasible = np.zeros(8192, np.bool_)  # decided for the sets of bad classes these layouts have
    for layout in layouts:
        bad = ce.bad_classes(layout, n)
        if len(bad) <= capacity:
            feasible[sum(1 << j for j in bad)] = decide(bad)
    mult, packed, franks = ce._tables()
    hist = np.zeros(14, np.int64)
    counts = np.zeros(N_COUNTERS, np.int64)
    found, n_found = np.zeros((200, 26), np.int64), np.zeros(1, np.int64)
    gave, n_gave = np.zeros((200, 14), np.int64), np.zeros(1, np.int64)
    near, n_near = np.zeros((200, 13), np.int64), np.zeros(1, np.int64)
    _census_chunk(np.array(prefix, np.int64), n, mult, packed, franks, capacity, feasible, 10**9, hist,
                  counts, found, n_found, gave, n_gave, near, n_near)
    expect = np.zeros(N_COUNTERS, np.int64)
    expect_hist = np.zeros(14, np.int64)
    complete, misses = set(), set()
    for layout in layouts:
        bad = ce.bad_classes(layout, n)
        expect_hist[len(bad)] += 1
        expect[C_LAYOUTS] += 1
        if len(bad) > capacity:
            continue
        expect[C_CAPACITY] += 1
        if not feasible[sum(1 << j for j in bad)]:
            continue
        expect[C_SETS] += 1
        if not ce.complete_suits(layout, n, cuts=[j + 13 * q for j in bad for q in range(4)],
                                 method="cp-sat").found:
            continue
        expect[C_BAD_CUTS] += 1
        if ce.complete_suits(layout, n, method="cp-sat").found:
            expect[C_COMPLETE] += 1
            complete.add(ce.layout_text(layout))
        else:
            misses.add(ce.layout_text(layout))
    assert (hist == expect_hist).all() and n_gave[0] == 0
    assert [counts[k] for k in (C_LAYOUTS, C_CAPACITY, C_SETS, C_BAD_CUTS, C_COMPLETE)] == \
        [expect[k] for k in (C_LAYOUTS, C_CAPACITY, C_SETS, C_BAD_CUTS, C_COMPLETE)]
    assert expect[C_SETS] > expect[C_COMPLETE] >= 1
    assert NINE in complete and {ce.layout_text(r[:13]) for r in found[:n_found[0]]} == complete
    assert {ce.layout_text(r) for r in near[:n_near[0]]} == misses


def test_run_census_appends_chunks_and_resumes(tmp_path):
    """Thirteen players (no exact stage: every layout has more bad classes than the capacity), one chunk."""
    first = cr.run_census(13, folder=tmp_path, prefixes=["2AK"], method="search", show_progress=False)
    again = cr.run_census(13, folder=tmp_path, prefixes=["2AK"], method="search", show_progress=False)
    assert first == again and first.layouts == 3628800 and not first.complete
    assert sum(first.bad_classes) == first.layouts and first.min_bad_classes > first.capacity
    assert first.survivors == 0 and first.completions == ()
    with open(tmp_path / cr.CHUNK_FILE) as fh:
        assert len(fh.readlines()) == 2  # the header and the one chunk, not visited twice


def test_bad_input_is_refused_naming_the_argument():
    with pytest.raises(ValueError, match="ranks"):
        ce.bad_classes("2AKQ", 9)
    with pytest.raises(ValueError, match="n_players"):
        ce.complete_suits(NINE, 23)
    with pytest.raises(ValueError, match="suits"):
        ce.period13_deck(NINE, ["cdhh"] * 13)
    with pytest.raises(ValueError, match="chunk"):
        cr.run_census(9, prefixes=["AK2"])
