"""Texas hold'em: cards, a fast hand evaluator, and optimal deck stackings (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012.
Cards are ints 0..51 (``rank * 4 + suit``; ranks 2..A, suits c, d, h, s), decks
are written as in the article (``"Th5d7c..."``). A deck's value for a seat is
the number of its 52 cuts the seat wins; a deck worth 52 is an optimal stacking,
found by hill climbing over swaps of two cards.

The rooms
---------
``rules.py``
    Card and deck notation, the dealing rules (deal window, offsets, cuts,
    canonical rotation) and the outcome codes.
``evaluator.py`` (tables built and cached by ``_tables.py``)
    The fast numba hand evaluator: ranks 1..7,462 of five- and seven-card hands
    (private kernels behind checked public functions).
``solver.py``
    The value of a stacking: the outcome of every cut (``deck_value``,
    ``cut_outcomes``, ``cut_table``; ``score_decks`` for many decks at once).
``gpu.py`` (kernel in ``_gpu_kernels.py``)
    ``score_decks(..., method="cuda")``: every cut of many decks on a CUDA GPU
    (numba-cuda, one thread per cut; numba's simulator where there is none).
``local_search.py`` (kernels in ``_local_search_kernels.py``)
    Hill climbing to optimal stackings (``search``, ``climb``, ``swap_delta``,
    ``summarize``).
``distributed.py``
    Long searches on Dask that append each stacking to a file as found.
``annealing.py`` (kernels in ``_annealing_kernels.py``)
    Beyond the article: simulated annealing and tabu search on a cost finer than
    the cuts lost (``anneal``, ``tabu_search``).
``families.py`` (kernels in ``_family_kernels.py``)
    Structured families of decks (period 13) searched exhaustively (``search_family``).
``players.py``
    The n-player question, 2 to 22 players: the committed table
    (``stackings_by_players``), the study's runs and the long annealing runs on Dask.
``census.py``, ``census_runs.py`` (kernels in ``_census_kernels.py``, models in ``_cpsat.py``)
    Decks whose ranks repeat every 13 cards with suits free, settled exactly for each table
    size: the flush capacity, the exact suit completion (a search of our own and CP-SAT), the
    census of all 12! layouts and its committed results.
``frontier.py`` (kernel in ``_frontier_kernels.py``)
    Parallel tempering, suits optimised on a fixed skeleton (CP-SAT), and the anytime runs
    with one CPU budget per table size.
``record.py``
    The public record (aaronjeline/poker-solver's report) and the families in words.
``verify.py`` (``python -m stoplib.holdem verify FILE``)
    Every deck of a file dealt again by the slow twin.
``twins.py``
    The slow exact twins the tests compare with: the rules-based evaluator,
    ``deck_value_reference``, ``swap_delta_reference``.
``document.py``, ``claims.py``
    The article's numbers, and every claim checked: ``claims.verdicts`` builds
    the verdict table that ends notebook ``07_holdem_stacking``, with the rows,
    the rule and the look of :mod:`stoplib.workbook.verdicts`.
``timings.py``
    Our speeds, each with its machine and load, beside the ones the article
    reports for its machine.
``plots.py``, ``widgets.py``
    The notebook's figures and tables, which draw the results they are given,
    and its interactive panels (the shared :class:`stoplib.workbook.panel.Panel`;
    each interaction computes one result for both the readout and the figure).
``_costs.py``
    The work budget: the measured rates and every estimate.

Every public function checks its input once (cards are distinct codes 0..51 or
text; a repeated card is refused wherever a hand or a deck enters), then calls
private internals, and estimates work that grows with its arguments before
starting it, refusing it above the limits of :mod:`stoplib.util.budget` (rates
in :data:`stoplib.holdem._costs.RATES`).

The names below are the public API (also importable from their rooms).
"""
from .rules import (RANKS, SUITS, CARD_NAMES, card_name, card_code, parse_cards, format_cards,
                    as_cards, parse_deck, format_deck, canonical_rotation, cut_deck, deal_window,
                    dealt_offsets)
from .evaluator import (CATEGORIES, N_RANKS, Tables, load_tables, rank7, rank5, board_sums,
                        rank_with_board, category_of, category, category_code, category_codes,
                        evaluate5, evaluate7, evaluate7_many, evaluate5_many, SEVEN_CARD_METHODS,
                        rank_counts, RankCounts)
from .solver import deck_value, cut_table, cut_outcomes, DeckValue, score_decks
from .local_search import search, climb, summarize, SearchResult, swap_delta
from .twins import (hand_key5, reference_rank5, reference_rank7, deck_value_reference,
                    swap_delta_reference)
from .distributed import run_search, RunSummary, read_stackings, verify_file
from .annealing import anneal, tabu_search, AnnealResult
from .families import FAMILIES, FamilyResult, family_deck, family_size, period13_pairs, search_family
from .players import (stackings_by_players, run_anneal, AnnealRunSummary, read_runs, read_family_searches,
                      shared_budgets, equal_budget)
from .census import (N_LAYOUTS, FlushCapacity, SuitCompletion, period13_deck, bad_classes, flush_capacity,
                     complete_suits, layout_text)
from .census_runs import (N_CHUNKS, Period13Census, period13_census, census_table, run_census, read_capacity,
                          read_completions)
from .frontier import (TemperResult, SuitOptimum, FrontierRun, temper, anneal26, period26_deck, optimize_suits,
                       run_frontier, read_frontier)
from .record import PUBLIC_RECORD, PUBLIC_SOURCE, public_record, versus_public, family_words
from .twins import complete_suits_reference
from .verify import rescore_file

__all__ = [
    # rules: notation and dealing
    "RANKS", "SUITS", "CARD_NAMES", "card_name", "card_code", "parse_cards", "format_cards",
    "as_cards", "parse_deck", "format_deck", "canonical_rotation", "cut_deck", "deal_window",
    "dealt_offsets",
    # evaluator (rank7, rank5, board_sums, rank_with_board, category_of: the checked faces
    # of the private numba kernels _rank7, ...)
    "CATEGORIES", "N_RANKS", "Tables", "load_tables", "rank7", "rank5", "board_sums",
    "rank_with_board", "category_of", "category", "category_code", "category_codes",
    "evaluate5", "evaluate7", "evaluate7_many", "evaluate5_many", "SEVEN_CARD_METHODS", "rank_counts",
    "RankCounts",
    # solver: the value of a stacking
    "deck_value", "cut_table", "cut_outcomes", "DeckValue", "score_decks",
    # local search
    "search", "climb", "summarize", "SearchResult", "swap_delta",
    # twins
    "hand_key5", "reference_rank5", "reference_rank7", "deck_value_reference",
    "swap_delta_reference",
    # distributed
    "run_search", "RunSummary", "read_stackings", "verify_file",
    # beyond the article: annealing, tabu search, structured families, the n-player table
    "anneal", "tabu_search", "AnnealResult", "FAMILIES", "FamilyResult", "family_deck", "family_size",
    "period13_pairs", "search_family", "stackings_by_players", "run_anneal", "AnnealRunSummary", "read_runs",
    "read_family_searches",
    # the period-13 census with free suits, the anytime frontier, the public record, the deck checker
    "N_LAYOUTS", "FlushCapacity", "SuitCompletion", "period13_deck", "bad_classes", "flush_capacity",
    "complete_suits", "layout_text", "N_CHUNKS", "Period13Census", "period13_census", "census_table",
    "run_census",
    "read_capacity", "read_completions", "TemperResult", "SuitOptimum", "FrontierRun", "temper", "anneal26",
    "period26_deck", "optimize_suits",
    "run_frontier", "read_frontier", "shared_budgets", "equal_budget",
    "PUBLIC_RECORD", "PUBLIC_SOURCE", "public_record", "versus_public",
    "family_words", "complete_suits_reference", "rescore_file",
]
