"""Texas hold'em: cards, a fast hand evaluator, and optimal deck stackings (document 004).

Cards are ints 0..51 (``rank * 4 + suit``; ranks 2..A, suits c, d, h, s), decks
are written as in the article (``"Th5d7c..."``). See :mod:`.cards`,
:mod:`.evaluator` (fast numba evaluator) and :mod:`.reference` (its slow twin).
"""
from .cards import (RANKS, SUITS, CARD_NAMES, card_name, card_code, parse_cards, format_cards,
                    as_cards, parse_deck, format_deck)
from .evaluator import (CATEGORIES, N_RANKS, Tables, load_tables, rank7, rank5, board_sums,
                        rank_with_board, category_of, category, category_code, category_codes,
                        evaluate5, evaluate7, evaluate7_many, rank_counts, RankCounts)
from .reference import hand_key5, reference_rank5, reference_rank7
from .deals import (deck_value, deck_value_reference, cut_table, cut_outcomes, DeckValue,  # noqa: E402
                    canonical_rotation, cut_deck, deal_window, dealt_offsets)
from .search import search, climb, summarize, SearchResult, swap_delta, swap_delta_reference  # noqa: E402
from .distributed import run_search, RunSummary, read_stackings, verify_file  # noqa: E402
