"""Fuzz specs of stoplib.cardcounter: blackjack against a known deck (notebook 06).

Baselines are the document's example 6 (a 7-card deck, dealer 5, player 7 + 8) and
other decks of a few cards, so that each call costs milliseconds. The extras are the
inputs a reader can type: decks too small to deal the hand (empty, starving the
dealer), decks with bad tokens, impossible hands, big-but-valid shoes that the
worker's 2-second budget must refuse (or solve at once: the state space saturates).
"""
import numpy as np

from harness import Make, Spec

AX = Make("factories.axes")
DECK = "1004000002"            # example 6: A, four 4s, two tens
HAND = dict(dealer=5, player=(7, 8))
DECK16 = "4440000004"          # example 5: 16 cards, every deal can be played out
MEMO = ('dealers_move( 5, false, 16, "0004000002") = 0.26666667',
        'players_move( 5, 16,  true, "0004000002") = 0.66666667')

BAD_DECKS = ["0000000000", [0] * 10, np.zeros(10, dtype=np.int64), "1000000000", "100400000x", "10040000021",
             "1004 00002", "[x]004000002", "[12", "1004000002" * 100, [1, 0, 0, 4, 0, 0, 0, 0, 0, -2], [1] * 9,
             [1.0] * 10, [True] * 10, set(range(10)), np.ones((2, 5), dtype=np.int64), [10**7] * 10,
             [10**6] * 10, ["1"] * 10, [None] * 10]
BAD_HANDS = [(7,), (7, 8, 10, 10), (7, 11), (0, 8), [7.0, 8], "7 8", (True, 8), (7, None), [1] * 23,
             np.array([7, 8, 9]), (np.int64(7), np.int64(8))]
BAD_CARDS = [11, 0, np.int64(5), 5.0, "5"]
SMALL_DEALS = ["0000000000", "2000000000", "0000000003", "1000000002"]
DEALERS = [[], [10, 10], [11], (0,), "10", [10.0], range(0, 3)]
BAD_TABLES = [Make("factories.frame"), Make("factories.cc_effects")]
#: Hypothesis examples for the plots: their checks are type and range checks (the pool's 50 values
#: sweep every argument first); a random text drawn for a title is valid and costs a whole drawing.
PLOT_EXAMPLES = 8

SPECS = [
    # rules
    Spec("stoplib.cardcounter.rules.parse_deck", kwargs=dict(deck=DECK), extra_bad={"deck": BAD_DECKS}),
    Spec("stoplib.cardcounter.rules.deck_string", kwargs=dict(deck=[1, 0, 0, 4, 0, 0, 0, 0, 0, 12]),
         extra_bad={"deck": BAD_DECKS + [[1.5] * 10, [-1] * 10]}),
    Spec("stoplib.cardcounter.rules.hand_total", kwargs=dict(cards=[1, 6]),
         extra_bad={"cards": [[0, 5], [11, 2], [], [1.0, 6], [True, 6], [1] * 23, "A 6"]}),
    Spec("stoplib.cardcounter.rules.fresh_deck", kwargs=dict(n_decks=1, minus=(10, 6, 10)),
         extra_bad={"minus": [[11], [0], "106", [1] * 5, [1.5], [None]], "n_decks": [10**5, 3.0]}),
    # solver
    Spec("stoplib.cardcounter.solver.Engine", kwargs=dict(base=DECK), extra_bad={"base": BAD_DECKS}),
    Spec("stoplib.cardcounter.solver.solve", kwargs=dict(deck=DECK, **HAND),
         extra_bad={"deck": BAD_DECKS, "player": BAD_HANDS, "dealer": BAD_CARDS}),
    Spec("stoplib.cardcounter.solver.win_probability", kwargs=dict(deck=DECK, **HAND),
         extra_bad={"deck": BAD_DECKS, "player": BAD_HANDS, "dealer": BAD_CARDS}),
    Spec("stoplib.cardcounter.solver.stand_probability", kwargs=dict(deck=DECK, **HAND),
         extra_bad={"deck": BAD_DECKS, "player": BAD_HANDS + [(10, 10, 5)], "dealer": BAD_CARDS}),
    Spec("stoplib.cardcounter.solver.best_action", kwargs=dict(deck=DECK, **HAND),
         extra_bad={"deck": BAD_DECKS, "player": BAD_HANDS}),
    Spec("stoplib.cardcounter.solver.next_card", kwargs=dict(deck=DECK, **HAND),
         extra_bad={"deck": BAD_DECKS, "player": BAD_HANDS + [(10, 10, 5)], "dealer": BAD_CARDS}),
    Spec("stoplib.cardcounter.solver.deal_probabilities", kwargs=dict(counts=DECK),
         extra_bad={"counts": BAD_DECKS + SMALL_DEALS}),
    Spec("stoplib.cardcounter.solver.deal_win_probability", kwargs=dict(deck=DECK16, engine=None),
         extra_bad={"deck": BAD_DECKS + SMALL_DEALS,
                    "engine": [Make("stoplib.cardcounter.Engine", ("0000000001",)), Make("factories.cc_effects")]}),
    # twins
    Spec("stoplib.cardcounter.twins.DocumentSolver", kwargs=dict(number=float),
         extra_bad={"number": [int, "Fraction", np.float64, complex]}),
    Spec("stoplib.cardcounter.twins.solve_exact", kwargs=dict(deck=DECK, **HAND),
         extra_bad={"deck": BAD_DECKS + ["4444444444", [100] * 10], "player": BAD_HANDS}),
    Spec("stoplib.cardcounter.twins.brute_force_orders", kwargs=dict(deck=DECK, **HAND, max_orders=2_000_000),
         extra_bad={"deck": BAD_DECKS + ["2222222228"], "player": BAD_HANDS, "max_orders": [10, 10**12]}),
    Spec("stoplib.cardcounter.twins.compare_solvers", kwargs=dict(deck=DECK, **HAND, brute_force_max_cards=8),
         extra_bad={"deck": BAD_DECKS + ["2222222228"], "player": BAD_HANDS,
                    "brute_force_max_cards": [40, 10**6]}),
    # simulation
    Spec("stoplib.cardcounter.simulation.simulate",
         kwargs=dict(deck=DECK, **HAND, n_games=100, seed=0, solution=None),
         extra_bad={"deck": BAD_DECKS, "player": BAD_HANDS, "n_games": [10**10, 10**15],
                    "solution": [Make("stoplib.cardcounter.solve", (DECK, 6, [7, 8])),
                                 Make("stoplib.cardcounter.solve", ("2004000002", 5, [7, 8])),
                                 Make("factories.cc_chart_engine")]}),
    Spec("stoplib.cardcounter.simulation.simulate_deals", kwargs=dict(deck=DECK16, n_games=100, seed=0, engine=None),
         extra_bad={"deck": BAD_DECKS + SMALL_DEALS, "n_games": [10**10, 10**15],
                    "engine": [Make("stoplib.cardcounter.Engine", ("0000000001",)), Make("factories.cc_effects")]}),
    Spec("stoplib.cardcounter.simulation.play_hand", kwargs=dict(deck=DECK, **HAND, seed=3),
         extra_bad={"deck": BAD_DECKS, "player": BAD_HANDS + [(10, 10, 5)], "dealer": BAD_CARDS}),
    # claims
    Spec("stoplib.cardcounter.claims.memo_dump", kwargs=dict(deck=DECK, **HAND, number=float),
         extra_bad={"deck": BAD_DECKS + ["4444444444"], "player": BAD_HANDS, "number": [int, "float"]}),
    Spec("stoplib.cardcounter.claims.compare_dump", kwargs=dict(ours=["a", "b"], theirs=["a", "c"]),
         extra_bad={"ours": ["ab", [1, 2]], "theirs": ["ab", [None]]}),
    Spec("stoplib.cardcounter.claims.check_dump_with_fast", kwargs=dict(lines=MEMO),
         extra_bad={"lines": ['players_move( 5, 16,  true, "0004000002") = 0.5', [1],
                              ['players_move(99, 16,  true, "0004000002") = 0.5'],
                              ['players_move( 5, 16,  yes, "0004000002") = 0.5'],
                              ['players_move( 0, 16, false, "0004000002") = 0.5'],
                              ['dealers_move(99, false, 16, "0004000002") = 0.5'],
                              ['dealers_move( 5, false, 99, "0004000002") = 0.5'],
                              ['players_move( 5, 16,  true, "0000000000") = 0.5'],
                              ['players_move( 5, 16,  true, "1000000000") = 0.5'],
                              ['players_move( 5, 16,  true, "0004000002") = 1.2.3'],
                              ['players_move( 5, 16,  true, "0004000002") = 7'],
                              ['players_move( 5, 1' + '0' * 400 + ', true, "0004000002") = 0.5'],
                              [MEMO[0]] * 10_001, [MEMO[0]] * 10_000]}),
    Spec("stoplib.cardcounter.claims.example5"),
    Spec("stoplib.cardcounter.claims.packed_key_solve",
         kwargs=dict(bits=3, packing="or", deck=DECK, dealer=5, player=(7, 8)),
         extra_bad={"deck": BAD_DECKS + ["4444444444"], "player": BAD_HANDS, "packing": ["OR", "xor"]}),
    Spec("stoplib.cardcounter.claims.verdicts", kwargs=dict(notebook="06_card_counter"),
         extra_bad={"notebook": ["06 card counter", "../x", ""]}, max_examples=5),
    # strategy
    Spec("stoplib.cardcounter.strategy.strategy_table", kwargs=dict(n_decks=1, engine=None, dealers=[10]),
         extra_bad={"dealers": DEALERS, "n_decks": [64, 10**5],
                    "engine": [Make("stoplib.cardcounter.Engine", (DECK,)), Make("factories.cc_effects")]},
         max_examples=15),
    Spec("stoplib.cardcounter.strategy.chart_grid", kwargs=dict(table=Make("factories.cc_strategy_table")),
         extra_bad={"table": BAD_TABLES}),
    Spec("stoplib.cardcounter.strategy.basic_strategy_grid", kwargs=dict(rows=["hard 16", "soft 18"]),
         extra_bad={"rows": [["hard 3"], ["soft 11"], ["hard16"], ["medium 16"], ["hard 16", 5], "hard 16",
                             ["hard 1e3"], ["hard -4"]]}),
    Spec("stoplib.cardcounter.strategy.chart_differences",
         kwargs=dict(grid=Make("factories.cc_chart"), reference=Make("factories.cc_basic_chart")),
         extra_bad={"grid": BAD_TABLES, "reference": BAD_TABLES}),
    Spec("stoplib.cardcounter.strategy.mixed_decisions", kwargs=dict(engine=Make("factories.cc_chart_engine"))),
    Spec("stoplib.cardcounter.strategy.player_hands",
         kwargs=dict(engine=Make("factories.cc_chart_engine"), dealer=10, total=16, soft=False),
         extra_bad={"dealer": BAD_CARDS, "total": [22, 1, 16.0], "soft": ["no", 0]}),
    Spec("stoplib.cardcounter.strategy.removal_effects", kwargs=dict(n_decks=1, engine=Make("factories.cc_study_engine")),
         extra_bad={"engine": [Make("stoplib.cardcounter.Engine", (DECK,))]}, max_examples=10),
    Spec("stoplib.cardcounter.strategy.state_counts", kwargs=dict(n_decks=1, dealers=[10]),
         extra_bad={"dealers": DEALERS, "n_decks": [64, 10**5]}, max_examples=10),
    Spec("stoplib.cardcounter.strategy.dealer_outcomes", kwargs=dict(deck=DECK16, dealers=[1, 2]),
         extra_bad={"deck": BAD_DECKS, "dealers": DEALERS + [[5]]}),
    Spec("stoplib.cardcounter.strategy.mixed_two_card_hands", kwargs=dict(table=Make("factories.cc_strategy_table")),
         extra_bad={"table": BAD_TABLES}),
    # plots
    Spec("stoplib.cardcounter.plots.plot_strategy_chart",
         kwargs=dict(ax=AX, grid=Make("factories.cc_small_chart"), reference=Make("factories.cc_small_basic_chart"),
                     title="x", legend=True),
         extra_bad={"grid": BAD_TABLES, "reference": BAD_TABLES}, max_examples=PLOT_EXAMPLES),
    Spec("stoplib.cardcounter.plots.plot_removal_effects",
         kwargs=dict(ax=AX, effects=Make("factories.cc_effects"), label="a fresh deck"),
         extra_bad={"effects": [Make("factories.frame"), Make("factories.cc_sizes")]}, max_examples=PLOT_EXAMPLES),
    Spec("stoplib.cardcounter.plots.plot_dealer_outcomes",
         kwargs=dict(ax=AX, outcomes=Make("factories.cc_outcomes")),
         extra_bad={"outcomes": BAD_DECKS + BAD_TABLES + [DECK16, [4] * 9 + [16]]}, max_examples=PLOT_EXAMPLES),
    Spec("stoplib.cardcounter.plots.plot_state_counts",
         kwargs=dict(ax=AX, sizes=Make("factories.cc_sizes"), column="n_dealer_states"),
         extra_bad={"sizes": BAD_TABLES, "column": ["dealer", "n_dealer"]}, max_examples=PLOT_EXAMPLES),
    Spec("stoplib.cardcounter.plots.plot_next_card",
         kwargs=dict(ax=AX, result=Make("stoplib.cardcounter.next_card", (DECK, 5, (7, 8))), title=""),
         extra_bad={"result": [Make("stoplib.cardcounter.next_card", (DECK, 5, (10, 8, 7))),
                               Make("factories.cc_next_card_fields", (), {"terms": [(1, 1)]}),
                               Make("factories.cc_next_card_fields", (), {"terms": [(11, 1, 0.5)]}),
                               Make("factories.cc_next_card_fields", (), {"terms": [(1, 0, 0.5)]}),
                               Make("factories.cc_next_card_fields", (), {"terms": [(1, 1, 1.5)]}),
                               Make("factories.cc_next_card_fields", (), {"terms": [(1, 1, 0.5), (1, 2, 0.5)]}),
                               Make("factories.cc_next_card_fields", (), {"terms": [(1, 1, float("nan"))]}),
                               Make("factories.cc_next_card_fields", (), {"terms": "1,1,0.5"}),
                               Make("factories.cc_next_card_fields", (), {"stand_probability": 1.5}),
                               Make("factories.cc_next_card_fields", (), {"hit_probability": -0.1}),
                               Make("factories.cc_effects"), [(1, 1, 0.5)]]}, max_examples=PLOT_EXAMPLES),
    # widgets
    Spec("stoplib.cardcounter.widgets.hand_view", kwargs=dict(counts=DECK, dealer=5, cards=(7, 8), width=7.0),
         extra_bad={"counts": BAD_DECKS, "cards": BAD_HANDS + [(10, 10, 5)], "dealer": BAD_CARDS,
                    "width": [0.1, 1e6]}),
    Spec("stoplib.cardcounter.widgets.counter_panel",
         kwargs=dict(deck=None, dealer=10, player=(10, 6), n_decks=1, seed=0, notebook="99_fuzz"),
         extra_bad={"deck": BAD_DECKS + [[40] * 10], "player": BAD_HANDS + [(1,) * 5], "dealer": BAD_CARDS,
                    "n_decks": [3, 16]}, max_examples=10),
]

EXEMPT = {
    "stoplib.cardcounter.solver.Solution": "a result record built by solve() (it carries the solved Engine)",
    "stoplib.cardcounter.solver.NextCard": "a result record built by next_card() (what plot_next_card draws)",
    "stoplib.cardcounter.twins.ExactSolution": "a result record built by solve_exact() (exact fractions)",
    "stoplib.cardcounter.simulation.MonteCarloResult": "a result record built by simulate() and simulate_deals()",
    "stoplib.cardcounter.claims.Example5": "a result record built by claims.example5() (tables and fractions)",
}
