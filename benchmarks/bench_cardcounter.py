"""Benchmark the CardCounter solvers (document 003: contest decks of at most 16 cards).

Methods side by side:
  fast      numba recursion memoised on composition codes (``stoplib.cardcounter.solver.solve``)
  float     the document's two functions in pure Python floats (``twins.DocumentSolver(float)``)
  fraction  the same in exact fractions (``twins.solve_exact``)
Sizes: random 16-card contest decks, the document's example 5, and the worst starting
hand (A+A against a 2) of 1, 2, 4 and 8 fresh decks; then the whole strategy chart and
the card-removal study of a single deck. Numba is warmed up (compiled or loaded from
its cache) first; each timing is the median over repeats, a fresh memo every run.

Last, the work budget's calibration: for every kind of call that checks the budget
(``stoplib.cardcounter._costs``: a solve, a study on a shared engine, the exact twins,
the brute force, a simulation) the estimate the library would make beside the time
measured, and their ratio (the rates in ``_costs`` come from this table; a ratio near
1 or above means the estimate is honest or safe).

    python benchmarks/bench_cardcounter.py          # default sizes
    python benchmarks/bench_cardcounter.py --full   # adds larger shoes and the slow twins on full decks
    python benchmarks/bench_cardcounter.py --no-record   # print only, leave benchmarks/results.csv alone

Every time printed is recorded in ``benchmarks/results.csv``
(:func:`stoplib.workbook.benchmarks.record`, with the machine, its load and the time); the
slowest of the 20 random contest decks and a full deck's worst hand (fast column) are lines of
the README's speed table.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from stoplib import cardcounter as cc
from stoplib.cardcounter import document as doc
from stoplib.cardcounter import strategy
from stoplib.cardcounter import _costs
from stoplib.util import budget
from stoplib.util.timing import median_time as timed
from stoplib.workbook.benchmarks import RESULTS, Recorder

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).stem


save = Recorder(BENCH, path=ROOT / RESULTS)


def float_twin(deck, dealer, player):
    solver = cc.DocumentSolver(float)
    return solver.players_move(dealer, sum(player), 1 in player, tuple(int(c) for c in cc.parse_deck(deck)))


def contest_decks(n, seed=734):
    """Random 16-card decks (counts 0..4) on which the dealer can always finish."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        counts = np.zeros(10, dtype=np.int64)
        while counts.sum() < 16:
            j = rng.integers(10)
            if counts[j] < 4:
                counts[j] += 1
        up, a, b = (int(x) for x in rng.integers(1, 11, size=3))
        try:
            cc.solve(counts, up, [a, b])
        except ValueError:
            continue
        out.append((counts, up, (a, b)))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="include the largest sizes")
    parser.add_argument("--no-record", action="store_true", help=f"print only, write nothing to {RESULTS}")
    args = parser.parse_args(argv)
    save.enabled = not args.no_record

    t0 = time.perf_counter()
    cc.solve(doc.EX6_DECK, 5, (7, 8))
    cc.simulate(doc.EX6_DECK, 5, (7, 8), n_games=100, seed=0)
    print(f"warm-up (compile or load cache): {time.perf_counter() - t0:.2f} s\n")

    header = (f"{'case':<34} | {'fast (s)':>10} {'float (s)':>10} {'fraction (s)':>13} | {'P(win)':>9} "
              f"{'states p/d':>14}")
    print(header)
    print("-" * len(header))
    row("example 6 (7 cards)", doc.EX6_DECK, 5, (7, 8), 21)
    row("example 5 (16 cards)", doc.EX5_DECK, 1, (1, 1), 11)
    contests()

    decks_n = (1, 2, 4, 8, 16) if args.full else (1, 2, 4, 8)
    for n in decks_n:
        deck = cc.fresh_deck(n, minus=[2, 1, 1])
        twins = args.full and n == 1
        readme = "CardCounter, a full deck's worst hand (A+A against a 2)" if n == 1 else ""
        row(f"{n} deck(s), A+A vs 2 (worst hand)", deck, 2, (1, 1), 5, twins=twins, fraction=twins, readme=readme)
    studies(args.full)
    print("\ntarget: a 16-card contest deck well under a second (fast column)")
    calibration(args.full)
    print(f"\n{save.summary()}")


def _cell(t, width):
    return f"{t:{width}.4f}" if t is not None else f"{'-':>{width}}"


def row(label, deck, up, hand, reps, twins=True, fraction=True, readme=""):
    """Time the fast solver and (where asked) its twins on one deal; print the row and record each median."""
    t_fast, sol = timed(lambda: cc.solve(deck, up, hand), reps)
    save(f"CardCounter {label}, fast (numba, memoised on compositions)", t_fast, repeats=reps, readme=readme)
    t_float = t_frac = None
    if twins:
        k = max(1, reps // 3)
        t_float, w_float = timed(lambda: float_twin(deck, up, hand), k)
        assert abs(w_float - sol.win_probability) < 1e-12
        save(f"CardCounter {label}, the document's functions in Python floats", t_float, repeats=k)
    if fraction:
        t_frac, w_frac = timed(lambda: cc.solve_exact(deck, up, hand), 1)
        assert abs(float(w_frac.win_probability) - sol.win_probability) < 1e-12
        save(f"CardCounter {label}, the document's functions in exact fractions", t_frac)
    states = f"{sol.n_player_states}/{sol.n_dealer_states}"
    print(f"{label:<34} | {t_fast:10.4f} {_cell(t_float, 10)} {_cell(t_frac, 13)} | "
          f"{sol.win_probability:9.6f} {states:>14}", flush=True)
    return t_fast


def contests(n_decks=20, shown=5):
    """Random 16-card contest decks: the first few with their twins, then the slowest of all (fast)."""
    decks = contest_decks(n_decks)
    times = []
    for i, (counts, up, hand) in enumerate(decks[:shown]):
        times.append((row(f"random 16-card deck #{i + 1}", counts, up, hand, 11, fraction=i < 2), 11))
    times += [(timed(lambda d=d: cc.solve(*d), 5)[0], 5) for d in decks[shown:]]
    rest = max(t for t, _ in times[shown:])
    print(f"{f'{n_decks - shown} more 16-card decks (fast, max)':<34} | {rest:10.4f}")
    slowest, reps = max(times)
    print(f"{f'slowest of all {n_decks} (fast)':<34} | {slowest:10.4f}")
    save(f"CardCounter, the slowest of {n_decks} random 16-card contest decks (seed 734), fast: its median",
         slowest, repeats=reps, readme="CardCounter, a 16-card contest deck (the slowest of 20 random ones)")


def studies(full):
    print("\nwhole studies (single deck, one shared engine):")
    t_chart, _ = timed(lambda: strategy.strategy_table(1), 3)
    print(f"  strategy chart, 550 hands:               {t_chart:8.3f} s")
    save("CardCounter strategy chart of a single deck, 550 hands", t_chart, f"{550 / t_chart:.3g} hands/s", 3)
    t_eff, _ = timed(lambda: strategy.removal_effects(1), 3)
    print(f"  removal effects, 11 decks x 550 deals:   {t_eff:8.3f} s")
    save("CardCounter removal effects of a single deck, 11 decks x 550 deals", t_eff, repeats=3)
    n_games = 1_000_000 if full else 200_000
    eng = cc.Engine(cc.fresh_deck(1))
    cc.deal_win_probability(cc.fresh_deck(1), eng)
    t_mc, _ = timed(lambda: cc.simulate_deals(cc.fresh_deck(1), n_games=n_games, seed=1, engine=eng), 3)
    print(f"  Monte Carlo, {n_games:,} dealt hands:       {t_mc:8.3f} s")
    save(f"CardCounter Monte Carlo of a single deck, {n_games:,} dealt hands, warm engine", t_mc,
         f"{n_games / t_mc:.3g} hands/s", 3)


def calibration(full=False):
    """The budget's estimates beside measured times (medians of a few runs: the machine may be shared)."""
    print("\nwork budget: estimate vs measured (seconds; ratio = estimate / measured)")
    header = f"{'call':<46} | {'estimate':>9} {'measured':>9} {'ratio':>6}"
    print(header)
    print("-" * len(header))

    def line(label, estimate, fn, reps=3):
        with budget.allow(seconds=1e9, bytes=1e15):
            t, _ = timed(fn, reps)
        save(f"CardCounter budget calibration: {label}", t, repeats=reps)
        print(f"{label:<46} | {estimate.seconds:9.3f} {t:9.3f} {estimate.seconds / t:6.2f}", flush=True)

    hands = [(1, 2, (1, 1)), (1, 10, (10, 6)), (1, 6, (3, 4)), (2, 2, (2, 2)), (8, 2, (1, 1)), (8, 1, (1, 1))]
    for n, up, hand in hands:
        deck = cc.fresh_deck(n, minus=[up, *hand])
        line(f"solve: {n} deck(s), {'+'.join(map(str, hand))} vs {up}",
             _costs.solve_estimate("", deck, up, hand), lambda: cc.solve(deck, up, hand))
    for n, ups in ((1, [10]), (1, [2]), (1, list(range(1, 11))), (4, [2])):
        line(f"strategy_table({n}, dealers={ups if len(ups) < 3 else 'all'})",
             _costs.table_estimate("", n, ups, strategy._table_decks(n, ups), lambda *_: False, 0),
             lambda: strategy.strategy_table(n, dealers=ups), reps=1)
    for n in ((1, 2, 8) if full else (1, 2)):
        deck = cc.fresh_deck(n)
        line(f"deal_win_probability({n} deck(s))", _costs.deal_estimate("", [deck], lambda *_: False, 0),
             lambda: cc.deal_win_probability(deck), reps=1)
    line("removal_effects(1)", _costs.deal_estimate("", strategy._removal_decks(1), lambda *_: False, 0),
         lambda: strategy.removal_effects(1), reps=1)
    line("state_counts(1, dealers=[2])", _costs.state_counts_estimate("", 1, [2]),
         lambda: strategy.state_counts(1, dealers=[2]), reps=1)
    for deck, up, hand in ((doc.EX5_DECK, 1, (1, 1)), ("2222222228", 2, (2, 3)), ("3333333339", 4, (5, 6))):
        counts = cc.parse_deck(deck)
        line(f"solve_exact({deck}, {up}, {'+'.join(map(str, hand))})",
             _costs.document_estimate("", counts, up, sum(hand), exact=True),
             lambda: cc.solve_exact(deck, up, hand), reps=1)
        line(f"DocumentSolver(float): {deck}, {up}, {'+'.join(map(str, hand))}",
             _costs.document_estimate("", counts, up, sum(hand), exact=False),
             lambda: float_twin(deck, up, hand), reps=1)
    for deck, up, hand in (("2222000000", 10, (10, 2)), ("2222100000", 10, (10, 2))):
        counts = cc.parse_deck(deck)
        n_orders = round(10 ** _costs.log10_orders(counts))
        line(f"brute_force_orders({deck}): {n_orders:,} orders",
             _costs.brute_force_estimate("", n_orders, int(counts.sum())),
             lambda: cc.brute_force_orders(deck, up, hand), reps=1)
    sol = cc.solve(doc.EX6_DECK, 5, (7, 8))
    line("simulate(example 6, 10**6 hands)", _costs.simulation_estimate("", 10**6, 7, None),
         lambda: cc.simulate(doc.EX6_DECK, 5, (7, 8), n_games=10**6, solution=sol))
    eng = cc.Engine(cc.fresh_deck(1))
    cc.deal_win_probability(cc.fresh_deck(1), eng)
    line("simulate_deals(1 deck, 10**6, warm engine)",
         _costs.simulation_estimate("", 10**6, 52, _costs.deal_estimate("", [cc.fresh_deck(1)], eng._solved,
                                                                        eng.n_dealer_states), deal=True),
         lambda: cc.simulate_deals(cc.fresh_deck(1), n_games=10**6, engine=eng))
    line(f"Engine.states() of {eng.n_player_states:,} states", _costs.states_estimate("", eng.n_player_states),
         eng.states, reps=1)
    print(f"\nlimits in force: {budget.describe_seconds(budget.limits()[0])}, "
          f"{budget.describe_bytes(budget.limits()[1])}")


if __name__ == "__main__":
    main()
