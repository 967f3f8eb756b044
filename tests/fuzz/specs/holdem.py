"""Fuzz specs of stoplib.holdem: cards and decks, the evaluator, deck values, the search, files, claims,
plots, timings and panels.

Every card or deck argument also meets duplicate cards, codes far outside 0..51 (10**9 once ended
the interpreter), wrong lengths and wrong element types. Calls that start a Dask cluster or
re-build the evaluator's tables are few and fuzzed on fewer arguments.
"""
import numpy as np

from harness import Make, Spec

DECK = ("Th5d7cAd3cQsJc4h6c8c9dTc6hQc8d9sJh5c7dAhAc9h2cKh5sJs8s7h2d"
        "7s9c4dKd8hQd6d3sKs5h2hAs4s2sTs6sQhJd3h4cTd3dKc")
TMP_FILE = Make("factories.tmp_file", ("stackings.txt",))
STACKINGS = Make("factories.holdem_stackings_file")
RESULT = Make("factories.holdem_search_result")
AX = Make("factories.axes")
FIG = Make("factories.figure")
SUMMARY = Make("factories.holdem_summary_table")
CUT_TABLE = Make("factories.holdem_cut_table")
PLAYERS = Make("stoplib.holdem.players.stackings_by_players")
RUNS = Make("stoplib.holdem.players.read_runs")
FRONTIER = Make("stoplib.holdem.frontier.read_frontier")
NINE = "2AKQJT9876543"
#: Layouts that are not layouts: too short, a repeated rank, codes out of range, floats.
BAD_LAYOUTS = ["2AKQ", "22KQJT9876543", "XAKQJT9876543", list(range(12)) + [13], [1.0] * 13, list(range(12)) + [0],
               list(range(14))]
FAMS = Make("stoplib.holdem.players.read_family_searches")
# key and bits of the board 4h 4s 5c 5d 5h (cards 10..14), as board_sums(10, 11, 12, 13, 14) gives them
BOARD_KEY, BOARD_BITS = 76158360093056, 1125951446974472

#: Decks that are not decks: a repeated card, 51 and 53 cards, codes out of range, floats.
BAD_DECKS = [DECK[:-2] + "Th", DECK[:-2], DECK + "2c", DECK.replace("Th", "Xx"), DECK.lower()[:-1],
             [0] * 52, list(range(51)) + [0], list(range(53)), [10**9] * 52,
             np.arange(52) * 10**9, np.arange(52, dtype=np.float64), np.arange(52, dtype=np.uint64) + 2**63,
             np.arange(52).reshape(4, 13), [str(c) for c in range(52)], list(range(51)) + [True]]


def bad_cards(n):
    """Hands of ``n`` cards that are not hands: repeated cards, codes out of range, wrong length."""
    good = list(range(n))
    return ["As" * n, "As Kd" * n, "Xs" + "Kd" * (n - 1), [0] * n, good[:-1] + [0], good[:-1] + [10**9],
            good[:-1] + [-(10**9)], good[:-1] + [52], good[:-1] + [10**400], good + [n],
            np.array(good[:-1] + [10**9], dtype=np.int64), np.array(good, dtype=np.uint64) + 2**63,
            np.array(good, dtype=np.float64), ["As"] * n, good[:-1] + [np.int64(2**40)]]


def card_spec(target, n, **extra):
    """A spec calling ``target(c0, ..., c{n-1}, **extra)`` with cards 0..n-1."""
    kwargs = {f"c{k}": k for k in range(n)}
    kwargs.update(extra)
    bad = [10**9, -(10**9), 52, 2**63, np.int64(10**9), np.uint64(2**63), np.int8(-1)]
    return Spec(target, kwargs=kwargs, extra_bad={f"c{k}": bad + [(k + 1) % n] for k in range(n)},
                max_examples=10)


HANDS7 = [[0, 4, 8, 12, 20, 25, 30]]
HANDS5 = [[48, 49, 50, 51, 44]]
BAD_HANDS7 = [[[0, 0, 1, 2, 3, 4, 5]], [[0, 1, 2, 3, 4, 5, 10**9]], np.full((2, 7), 10**9),
              np.array([[0, 1, 2, 3, 4, 5, 6]], dtype=np.uint64) + 2**63, np.zeros((1, 7)), [[0, 1, 2]],
              np.zeros((10**6, 7), np.int8)]

SPECS = [
    # rules: notation and dealing
    Spec("stoplib.holdem.rules.card_name", kwargs=dict(card=51), extra_bad={"card": [52, 10**9, np.int64(-1)]}),
    Spec("stoplib.holdem.rules.card_code", kwargs=dict(name="As"), extra_bad={"name": ["AsKd", "Xs", "A s", "Ah "]}),
    Spec("stoplib.holdem.rules.parse_cards", kwargs=dict(text="As Kd 2c", n=None),
         extra_bad={"text": bad_cards(3), "n": [3 + 10**18]}),
    Spec("stoplib.holdem.rules.format_cards", kwargs=dict(cards=[51, 45, 0], sep=""),
         extra_bad={"cards": bad_cards(3)}),
    Spec("stoplib.holdem.rules.as_cards", kwargs=dict(cards="2c3c", n=None, name="cards"),
         extra_bad={"cards": bad_cards(2)}),
    Spec("stoplib.holdem.rules.parse_deck", kwargs=dict(text=DECK), extra_bad={"text": BAD_DECKS}),
    Spec("stoplib.holdem.rules.format_deck", kwargs=dict(deck=list(range(52))), extra_bad={"deck": BAD_DECKS}),
    Spec("stoplib.holdem.rules.as_deck", kwargs=dict(deck=DECK, name="deck"), extra_bad={"deck": BAD_DECKS}),
    Spec("stoplib.holdem.rules.canonical_rotation", kwargs=dict(deck=DECK), extra_bad={"deck": BAD_DECKS}),
    Spec("stoplib.holdem.rules.cut_deck", kwargs=dict(deck=DECK, cut=5), extra_bad={"deck": BAD_DECKS}),
    Spec("stoplib.holdem.rules.deal_window", kwargs=dict(n_players=22), extra_bad={"n_players": [23, 1]}),
    Spec("stoplib.holdem.rules.dealt_offsets", kwargs=dict(n_players=2), extra_bad={"n_players": [23]}),
    # evaluator: the kernels' public faces (10**9 once ended the interpreter), then the checked API
    card_spec("stoplib.holdem.evaluator.rank7", 7, tables=Make("stoplib.holdem.load_tables")),
    card_spec("stoplib.holdem.evaluator.rank5", 5, tables=Make("stoplib.holdem.load_tables")),
    Spec("stoplib.holdem.evaluator.board_sums",
         kwargs=dict(b0=8, b1=9, b2=10, b3=11, b4=12, tables=Make("stoplib.holdem.load_tables")),
         extra_bad={"b0": [10**9, -(10**9), 9, np.int64(10**9)], "b4": [10**9, 2**63, 8]}, max_examples=10),
    Spec("stoplib.holdem.evaluator.rank_with_board",
         kwargs=dict(p0=0, p1=1, key=BOARD_KEY, bits=BOARD_BITS, tables=Make("stoplib.holdem.load_tables")),
         extra_bad={"p0": [10**9, -(10**9), 1, 8], "p1": [10**9, 0, 12], "key": [BOARD_KEY + 1, 2**63],
                    "bits": [BOARD_BITS | 1, 2**64 - 1]}, max_examples=10),
    Spec("stoplib.holdem.evaluator.category_of", kwargs=dict(rank=100),
         extra_bad={"rank": [7463, 10**9, np.int64(-(10**9))]}),
    Spec("stoplib.holdem.evaluator.category", kwargs=dict(rank=7462), extra_bad={"rank": [7463]}),
    Spec("stoplib.holdem.evaluator.category_code", kwargs=dict(rank=1), extra_bad={"rank": [7463]}),
    Spec("stoplib.holdem.evaluator.category_codes", kwargs=dict(ranks=[1, 1278, 7462]),
         extra_bad={"ranks": [[7463], [[1, 2]], np.array([10**9]), np.array([2**63], np.uint64), [1.5]]}),
    Spec("stoplib.holdem.evaluator.evaluate5", kwargs=dict(cards="AsKsQsJsTs"), extra_bad={"cards": bad_cards(5)}),
    Spec("stoplib.holdem.evaluator.evaluate7", kwargs=dict(cards="AsAdKhKc2s3d4c"),
         extra_bad={"cards": bad_cards(7)}),
    Spec("stoplib.holdem.evaluator.evaluate7_many", kwargs=dict(hands=HANDS7, parallel=False, method="direct"),
         extra_bad={"hands": BAD_HANDS7, "method": ["Direct", "best_of_22"]}),
    Spec("stoplib.holdem.evaluator.evaluate5_many", kwargs=dict(hands=HANDS5, parallel=False),
         extra_bad={"hands": [[[0, 0, 1, 2, 3]], [[0, 1, 2, 3, 10**9]], np.zeros((1, 5)), [[0, 1, 2]]]}),
    Spec("stoplib.holdem.evaluator.rank_counts", kwargs=dict(n_cards=5, parallel=False), max_examples=5),
    Spec("stoplib.holdem._tables.load_tables", kwargs=dict(rebuild=False), max_examples=5),
    # solver: the value of a stacking
    Spec("stoplib.holdem.solver.deck_value", kwargs=dict(deck=DECK, seat=1, n_players=2),
         extra_bad={"deck": BAD_DECKS, "seat": [3], "n_players": [23, 1]}),
    Spec("stoplib.holdem.solver.cut_outcomes", kwargs=dict(deck=DECK, seat=9, n_players=22),
         extra_bad={"deck": BAD_DECKS, "seat": [23], "n_players": [23]}),
    Spec("stoplib.holdem.solver.score_decks",
         kwargs=dict(decks=np.tile(np.arange(52), (3, 1)), seat=1, n_players=2, parallel=False, method="cpu"),
         extra_bad={"decks": [np.zeros((2, 52), np.int64), np.arange(51)[None, :], [list(range(51)) + [52]],
                              np.full((1, 52), 10**9)], "n_players": [23], "seat": [3],
                    "method": ["CUDA", "gpu", " cpu", "cuda "]}),
    Spec("stoplib.holdem.solver.cut_table", kwargs=dict(deck=DECK, n_players=2, seat=1),
         extra_bad={"deck": BAD_DECKS}, max_examples=10),
    # local search
    Spec("stoplib.holdem.local_search.search",
         kwargs=dict(n_restarts=2, n_players=2, seat=1, method="steepest", tie_break="first", objective="wins",
                     max_steps=None, seed=0, first_restart=0, kicks=0, kick_size=3, parallel=False),
         extra_bad={"n_restarts": [10**6, 10**12], "kicks": [10**6, 10**12], "first_restart": [2**63],
                    "n_players": [23]}),
    Spec("stoplib.holdem.local_search.climb",
         kwargs=dict(deck=DECK, n_players=2, seat=1, method="steepest", tie_break="first", objective="wins",
                     max_steps=None, seed=0),
         extra_bad={"deck": BAD_DECKS}),
    Spec("stoplib.holdem.local_search.swap_delta",
         kwargs=dict(deck=DECK, i=3, j=30, n_players=2, seat=1, objective="wins"),
         extra_bad={"deck": BAD_DECKS, "i": [52, 10**9], "j": [-1, 2**63], "n_players": [23]}),
    Spec("stoplib.holdem.local_search.swap_tables", kwargs=dict(n_players=2), extra_bad={"n_players": [23]}),
    Spec("stoplib.holdem.local_search.summarize", kwargs=dict(results=RESULT),
         extra_bad={"results": [[RESULT, 3], (RESULT, None)]}),
    # twins
    Spec("stoplib.holdem.twins.hand_key5", kwargs=dict(cards="As2d3c4h5s"), extra_bad={"cards": bad_cards(5)}),
    Spec("stoplib.holdem.twins.reference_rank5", kwargs=dict(cards="AsKsQsJsTs"),
         extra_bad={"cards": bad_cards(5)}),
    Spec("stoplib.holdem.twins.reference_rank7", kwargs=dict(cards="AsAdKhKcQsQd2c"),
         extra_bad={"cards": bad_cards(7)}),
    Spec("stoplib.holdem.twins.deck_value_reference", kwargs=dict(deck=DECK, seat=1, n_players=2),
         extra_bad={"deck": BAD_DECKS}, max_examples=10),
    Spec("stoplib.holdem.twins.swap_delta_reference",
         kwargs=dict(deck=DECK, i=3, j=30, n_players=2, seat=1, objective="wins"),
         extra_bad={"deck": BAD_DECKS, "i": [52, 10**9]}, max_examples=10),
    # distributed: files and Dask (each accepted run_search starts a cluster: few arguments, few draws)
    Spec("stoplib.holdem.distributed.default_path", kwargs=dict(n_players=2, seat=1, objective="wins")),
    Spec("stoplib.holdem.distributed.read_stackings", kwargs=dict(path=STACKINGS)),
    # StackingFile and run_search create the file they are given (a fuzzed "nan" is a valid relative
    # path: the worker runs in a temporary folder, so it lands there)
    Spec("stoplib.holdem.distributed.StackingFile",
         kwargs=dict(path=TMP_FILE, n_players=2, seat=1, objective="wins"),
         extra_bad={"path": ["", "x" * 300, Make("factories.tmp_dir")], "seat": [3], "objective": ["win"]}),
    Spec("stoplib.holdem.distributed.verify_file",
         kwargs=dict(path=STACKINGS, n_players=2, seat=1, objective="wins"), max_examples=10),
    Spec("stoplib.holdem.distributed.run_search",
         kwargs=dict(n_restarts=2, n_players=2, seat=1, method="steepest", tie_break="first", objective="wins",
                     seed=0, first_restart=0, batch_size=2, scheduler=None, n_workers=1, out_path=TMP_FILE,
                     show_progress=False, kicks=0, kick_size=3),
         fuzz=("n_restarts", "seed", "batch_size", "scheduler", "n_workers", "out_path", "show_progress",
               "kicks"),
         extra_bad={"n_restarts": [10**7], "kicks": [10**6], "scheduler": ["tcp://127.0.0.1:1", "tcp://x:y"]},
         max_examples=3),
    # claims
    Spec("stoplib.holdem.claims.article_example_table"),
    Spec("stoplib.holdem.claims.example_table_agreement", kwargs=dict(table=None),
         extra_bad={"table": [Make("factories.frame"), SUMMARY]}),
    Spec("stoplib.holdem.claims.ten_decks_table"),
    Spec("stoplib.holdem.claims.distinct_printed_stackings"),
    Spec("stoplib.holdem.claims.years_to_enumerate", kwargs=dict(rate=1e12)),
    Spec("stoplib.holdem.claims.cut_example"),
    Spec("stoplib.holdem.claims.count_high_card_akqj9"),
    Spec("stoplib.holdem.claims.article_table_text", kwargs=dict(deck=DECK), extra_bad={"deck": BAD_DECKS},
         max_examples=10),
    Spec("stoplib.holdem.claims.file_size_estimate", kwargs=dict(decks=[DECK], n_stackings=1),
         extra_bad={"decks": [[DECK, "x"], [DECK[:-2]], DECK, [DECK] * 10**5]}, max_examples=10),
    Spec("stoplib.holdem.claims.verdicts",
         kwargs=dict(main=None, seat2=None, kicked=(), semi=None, players=None, n_check=100),
         extra_bad={"main": [Make("factories.holdem_search_result", (4, 3))], "n_check": [10**9],
                    "players": [Make("factories.frame"), SUMMARY, RUNS]},
         max_examples=3),
    # plots (their checks are the array checks _ints/_flags and the summary-table check: 5 draws
    # each; every accepted draw renders a figure)
    Spec("stoplib.holdem.plots.plot_steps_histogram",
         kwargs=dict(steps=[3, 5, 6, 6, 16], optimal=[True, False, True, True, False], ax=AX, article_max=15),
         extra_bad={"steps": [[-1, 3], [10**9], np.array([1.5]), [[1, 2]]]}, max_examples=5),
    Spec("stoplib.holdem.plots.plot_success_by_players",
         kwargs=dict(table=SUMMARY, ax=AX, column="fraction", label_by="seat"), max_examples=5),
    Spec("stoplib.holdem.plots.plot_scores_by_players", kwargs=dict(table=SUMMARY, ax=AX), max_examples=5),
    Spec("stoplib.holdem._plot_players.plot_best_by_players", kwargs=dict(table=PLAYERS, ax=AX),
         extra_bad={"table": [SUMMARY, RUNS, Make("factories.frame")]}, max_examples=5),
    Spec("stoplib.holdem.plots.plot_cut_table", kwargs=dict(table=CUT_TABLE, seat=1, fig=None),
         extra_bad={"table": [DECK, SUMMARY, Make("factories.frame")], "seat": [2], "fig": [FIG]},
         max_examples=5),
    Spec("stoplib.holdem.plots.plot_climbs",
         kwargs=dict(paths=np.array([[20, 30, 52, -1], [25, 40, -1, -1]]), steps=[2, 1], optimal=[True, False],
                     ax=AX, max_lines=200),
         extra_bad={"steps": [[3, 1], [-1, 1], [10**9, 1]], "paths": [np.zeros((2, 2))]}, max_examples=5),
    Spec("stoplib.holdem.plots.plot_step_gains",
         kwargs=dict(paths=np.array([[20, 30, 52, -1], [25, 40, -1, -1]]), steps=[2, 1], ax=AX, min_climbs=1),
         extra_bad={"steps": [[3, 1], [-1, 1], [10**9, 1]]}, max_examples=5),
    Spec("stoplib.holdem.plots.plot_final_scores", kwargs=dict(scores=[48, 50, 52, 52], ax=AX, objective="wins"),
         extra_bad={"scores": [[53], [-1], [10**9], [48.5]]}, max_examples=5),
    Spec("stoplib.holdem.plots.style_cut_table", kwargs=dict(table=CUT_TABLE, seat=1),
         extra_bad={"table": [DECK, SUMMARY], "seat": [2]}, max_examples=5),
    # timings
    Spec("stoplib.holdem.timings.table_kilobytes"),
    Spec("stoplib.holdem.timings.random_hands", kwargs=dict(n=3, n_cards=7, seed=1)),
    Spec("stoplib.holdem.timings.evaluator_speeds", kwargs=dict(n_hands=100, repeats=1, seed=1), max_examples=5),
    Spec("stoplib.holdem.timings.search_speeds", kwargs=dict(n_restarts=2, seed=0), max_examples=5),
    Spec("stoplib.holdem.timings.deck_speeds", kwargs=dict(n_decks=50, players=(2, 9), repeats=1, seed=1),
         extra_bad={"players": [[1], [23], ["x"], [2.5]]}, max_examples=5),
    Spec("stoplib.holdem.timings.recorded_gpu_deck_speeds", kwargs=dict(path=None),
         extra_bad={"path": [Make("factories.tmp_dir"), Make("factories.tmp_file"), "no/such/file.csv"]},
         max_examples=5),
    # widgets
    Spec("stoplib.holdem.widgets.explorer_view", kwargs=dict(deck=DECK, players=2, seat=1),
         extra_bad={"deck": BAD_DECKS[:6]}, max_examples=5),
    Spec("stoplib.holdem.widgets.cut_table_explorer", kwargs=dict(deck=None, decks={"x": (DECK, 3)}),
         extra_bad={"deck": BAD_DECKS[:6], "decks": [{"x": (DECK, 23)}, {"x": (DECK[:-2], 3)}, {"": (DECK, 3)},
                                                      {"x": DECK}, {str(k): (DECK, 3) for k in range(101)}]},
         max_examples=5),
    Spec("stoplib.holdem.widgets.search_view",
         kwargs=dict(restarts=2, players=2, seat=1, method="steepest", kicks=0, seed=0, ties=False),
         extra_bad={"restarts": [10**6], "kicks": [10**6]}, max_examples=5),
    Spec("stoplib.holdem.widgets.search_panel"),
    # beyond the article: annealing, tabu search, structured families, the n-player table
    Spec("stoplib.holdem.annealing.anneal",
         kwargs=dict(n_runs=2, n_players=4, seat=1, moves=2000, t_start=3.0, t_end=0.3, weight=4, seed=0,
                     first_run=0, deck=None, parallel=False),
         extra_bad={"n_runs": [10**9], "moves": [10**12, 0], "t_end": [5.0], "n_players": [23], "seat": [5],
                    "first_run": [2**63], "deck": BAD_DECKS[:6]}),
    Spec("stoplib.holdem.annealing.tabu_search",
         kwargs=dict(n_runs=1, n_players=3, seat=1, iterations=20, sample=16, tenure=4, weight=4, seed=0,
                     first_run=0, deck=None, parallel=False),
         extra_bad={"iterations": [10**12], "sample": [0, 1327], "tenure": [52], "deck": BAD_DECKS[:6]}),
    Spec("stoplib.holdem.families.family_deck", kwargs=dict(family="period13_cycle", ranks="23456789TJQKA"),
         extra_bad={"ranks": ["2345", "22456789TJQKA", list(range(13))[::-1][:-1] + [13], [1.0] * 13],
                    "family": ["period13"]}),
    Spec("stoplib.holdem.families.family_size", kwargs=dict(family="period13_blocks")),
    Spec("stoplib.holdem.families.period13_pairs", kwargs=dict(n_players=9), extra_bad={"n_players": [1, 23]}),
    Spec("stoplib.holdem.families.search_family",
         kwargs=dict(family="period13_cycle", n_players=3, seat=1, prefix="23456789", show_progress=False),
         extra_bad={"prefix": ["", "2", "233", "X"], "seat": [4]}, max_examples=10),
    Spec("stoplib.holdem.players.committed_dir"),
    Spec("stoplib.holdem.players.sizes_text", kwargs=dict(values=[2, 3, 5]),
         extra_bad={"values": ["23", [1], [23], [2.0], 5]}),
    Spec("stoplib.holdem.players.stackings_by_players", kwargs=dict(folder=None),
         extra_bad={"folder": [Make("factories.tmp_dir"), "no/such/folder"]}, max_examples=5),
    Spec("stoplib.holdem.players.read_runs", kwargs=dict(folder=None),
         extra_bad={"folder": [Make("factories.tmp_dir")]}, max_examples=5),
    Spec("stoplib.holdem.players.read_family_searches", kwargs=dict(folder=None),
         extra_bad={"folder": [Make("factories.tmp_dir")]}, max_examples=5),
    Spec("stoplib.holdem.players.players_table", kwargs=dict(runs=RUNS, families=FAMS, sizes=[3, 4], seat=1),
         extra_bad={"sizes": [[1], [23], ["x"]], "runs": [SUMMARY]}, max_examples=5),
    Spec("stoplib.holdem.players.run_anneal",
         kwargs=dict(n_runs=1, n_players=3, seat=1, moves=1000, t_start=3.0, t_end=0.3, weight=4, seed=0,
                     first_run=0, folder=Make("factories.tmp_dir"), scheduler=None, n_workers=1,
                     show_progress=False),
         fuzz=("n_runs", "n_players", "moves", "seed", "folder", "scheduler", "n_workers"),
         extra_bad={"n_runs": [10**9], "moves": [10**12], "scheduler": ["tcp://x:y"], "folder": ["no/such"]},
         max_examples=3),
    # the period-13 census with free suits
    Spec("stoplib.holdem.census.layout_text", kwargs=dict(ranks=NINE), extra_bad={"ranks": BAD_LAYOUTS}),
    Spec("stoplib.holdem.census.period13_deck", kwargs=dict(ranks=NINE, suits=["cdhs"] * 13),
         extra_bad={"ranks": BAD_LAYOUTS, "suits": [["cdhh"] * 13, ["cdhs"] * 12, "cdhs", [[0, 1, 2, 2]] * 13,
                                                    [[0, 1, 2, 3.0]] * 13, [None] * 13]}),
    Spec("stoplib.holdem.census.bad_classes", kwargs=dict(ranks=NINE, n_players=9),
         extra_bad={"ranks": BAD_LAYOUTS, "n_players": [1, 23]}),
    Spec("stoplib.holdem.census.flush_capacity", kwargs=dict(n_players=12, method="search"),
         extra_bad={"method": ["cpsat", ""], "n_players": [1, 23]}, max_examples=5),
    Spec("stoplib.holdem.census.complete_suits",
         kwargs=dict(ranks=NINE, n_players=9, cuts=[0, 13, 26, 39], method="auto", suits=None),
         extra_bad={"ranks": BAD_LAYOUTS, "cuts": [[52], [-1], "0", [0.5], 5],
                    "suits": [["cdhh"] * 13, ["cdhs"] * 12, "cdhs"], "method": ["dfs"]}, max_examples=10),
    Spec("stoplib.holdem.census_runs.period13_census", kwargs=dict(n_players=12, folder=None),
         extra_bad={"n_players": [1, 23], "folder": [Make("factories.tmp_dir"), "no/such/folder"]}, max_examples=5),
    Spec("stoplib.holdem.census_runs.census_table", kwargs=dict(folder=None, sizes=[12], partial=False),
         extra_bad={"sizes": [[1], [23], ["x"], 5], "folder": ["no/such/folder"], "partial": ["yes", 2]},
         max_examples=5),
    Spec("stoplib.holdem.census_runs.read_capacity", kwargs=dict(folder=None),
         extra_bad={"folder": [Make("factories.tmp_dir"), "no/such/folder"]}, max_examples=5),
    Spec("stoplib.holdem.census_runs.read_completions", kwargs=dict(folder=None),
         extra_bad={"folder": [Make("factories.tmp_dir"), "no/such/folder"]}, max_examples=5),
    Spec("stoplib.holdem.twins.complete_suits_reference",
         kwargs=dict(ranks=NINE, n_players=9, suits=[None] + ["cdhs"] * 12, cuts=[0]),
         extra_bad={"suits": [[None] * 13, ["cdhh"] * 13, "cdhs"], "ranks": BAD_LAYOUTS, "cuts": [[52], 3]},
         max_examples=10),
    # the anytime frontier, the public record, the deck checker
    Spec("stoplib.holdem.frontier.temper",
         kwargs=dict(n_players=4, replicas=2, rounds=2, moves=200, t_min=0.3, t_max=3.0, weight=4, seed=0,
                     stream=0, decks=None),
         extra_bad={"replicas": [1, 65], "rounds": [10**12], "moves": [10**12], "t_max": [0.1],
                    "decks": [[DECK], [DECK[:-2], None], "x"]}, max_examples=10),
    Spec("stoplib.holdem.frontier.anneal26",
         kwargs=dict(n_players=4, moves=200, t_start=3.0, t_end=0.3, weight=4, seed=0, stream=0, deck=None),
         extra_bad={"moves": [10**13, 0], "t_end": [10.0], "deck": [DECK, DECK[:-2], "x"]}, max_examples=10),
    Spec("stoplib.holdem.frontier.period26_deck", kwargs=dict(seed=0), extra_bad={"seed": [-1, 2**63]}),
    Spec("stoplib.holdem.frontier.optimize_suits", kwargs=dict(deck=DECK, n_players=3, seconds=0.5),
         extra_bad={"deck": BAD_DECKS[:6], "seconds": [0, 10**9]}, max_examples=5),
    Spec("stoplib.holdem.frontier.run_frontier",
         kwargs=dict(n_players=3, cpu_budget=0.5, seed=0, temper_seconds=0.2, suit_seconds=0.2,
                     folder=Make("factories.tmp_dir"), scheduler=None, kinds=None),
         fuzz=("n_players", "cpu_budget", "seed", "temper_seconds", "folder", "scheduler", "kinds"),
         extra_bad={"cpu_budget": [10**9, 0], "scheduler": ["tcp://x:y"], "folder": ["no/such"],
                    "kinds": ["anneal", [], ["walk"], ["anneal", "anneal"]]}, max_examples=3),
    Spec("stoplib.holdem.frontier.read_frontier", kwargs=dict(folder=None),
         extra_bad={"folder": [Make("factories.tmp_dir"), "no/such/folder"]}, max_examples=5),
    Spec("stoplib.holdem.players.shared_budgets", kwargs=dict(frontier=FRONTIER),
         extra_bad={"frontier": [SUMMARY, [1.0], "x"]}, max_examples=5),
    Spec("stoplib.holdem.players.equal_budget", kwargs=dict(frontier=FRONTIER),
         extra_bad={"frontier": [SUMMARY, [1.0], "x"]}, max_examples=5),
    Spec("stoplib.holdem.record.public_record"),
    Spec("stoplib.holdem.record.family_words", kwargs=dict(text="period13_cycle"), extra_bad={"text": [3, None]}),
    Spec("stoplib.holdem.record.versus_public", kwargs=dict(n_players=9, wins=52),
         extra_bad={"n_players": [1, 23], "wins": [53, -1]}),
    Spec("stoplib.holdem.verify.rescore_file", kwargs=dict(path=STACKINGS, n_players=None, seat=None),
         extra_bad={"path": [Make("factories.tmp_dir"), "no/such/file", Make("factories.tmp_file")],
                    "n_players": [1, 23], "seat": [0, 23]}, max_examples=5),
    Spec("stoplib.holdem._plot_players.plot_anytime", kwargs=dict(frontier=FRONTIER, public={7: 50}, fig=None),
         extra_bad={"frontier": [SUMMARY], "public": [[50], "x"], "fig": [AX]}, max_examples=5),
]

EXEMPT = {
    "stoplib.holdem._tables.Tables": "a record of the evaluator's arrays, returned by load_tables",
    "stoplib.holdem.evaluator.RankCounts": "a result record built by rank_counts",
    "stoplib.holdem.solver.DeckValue": "a result record built by deck_value",
    "stoplib.holdem.local_search.SearchResult": "a result record built by search and climb",
    "stoplib.holdem.distributed.RunSummary": "a result record built by run_search",
    "stoplib.holdem.annealing.AnnealResult": "a result record built by anneal and tabu_search",
    "stoplib.holdem.families.FamilyResult": "a result record built by search_family",
    "stoplib.holdem.players.AnnealRunSummary": "a result record built by run_anneal",
    "stoplib.holdem.census.FlushCapacity": "a result record built by flush_capacity",
    "stoplib.holdem.census.SuitCompletion": "a result record built by complete_suits",
    "stoplib.holdem.census_runs.Period13Census": "a result record built by run_census and period13_census",
    "stoplib.holdem.census_runs.run_census": "minutes to hours of computation (a chunk is 10! layouts, the "
                                             "budget of a fuzz call is 2 s); its chunks and files are tested "
                                             "in tests/holdem/test_census.py",
    "stoplib.holdem.frontier.TemperResult": "a result record built by temper",
    "stoplib.holdem.frontier.SuitOptimum": "a result record built by optimize_suits",
    "stoplib.holdem.frontier.FrontierRun": "a result record built by run_frontier",
    "stoplib.holdem.verify.main": "the command-line entry point (argv strings); rescore_file behind it is fuzzed",
}
