"""CardCounter: the numbers document 003 prints, transcribed once (facts only).

Source document: J. S. Plank's write-up of TopCoder SRM 734 D1 400, "CardCounter"
(:data:`CITATION`), used by the tests and notebook 06. Each
number carries a pointer to where it appears in the document; :mod:`.claims` sets our
own values beside them.

Card values: 1 is the ace, 10 every ten-valued card; a deck is ten counts, the
document's ten-digit string such as "1004000002" (aces first, tens last).
"""

__all__ = [
    "CITATION", "URL", "DATE", "CONTEST_COUNT_VALUES", "FIRST_TRY_BITS", "BAD_SUBMISSIONS", "SUBMISSIONS",
    "EX5_ACES",
    "EX5_DECK", "EX5_DEALER", "EX5_PLAYER", "EX5_FIRST_CALL", "EX5_STAND_CALL", "EX5_STAND",
    "EX5_HIT_TOTAL", "EX5_HIT_WAYS", "EX5_HIT", "EX5_ANSWER", "EX5_RANKS",
    "EX6_DECK", "EX6_DEALER", "EX6_PLAYER", "EX6_ANSWER", "EX6_STAND", "EX6_MEMO_DUMP",
]

#: How a reader finds the document.
CITATION = ('J. S. Plank, "SRM 734, D1, 400-Pointer (CardCounter)", TopCoder problem write-ups, '
            "University of Tennessee, 26 August 2018")
#: The index of Plank's TopCoder write-ups, where the page is listed.
URL = "https://web.eecs.utk.edu/~jplank/topcoder-writeups/"
#: "Sun Aug 26 11:50:53 EDT 2018", the date line under the title.
DATE = "2018-08-26"

# --- The memo key. "at first I only allocated two bits to each card in the deck, and that
# didn't work out too well, because there are 5 potential values (0 through 4)".
CONTEST_COUNT_VALUES = 5
FIRST_TRY_BITS = 2

# --- "none of the examples have aces, which is I'm sure why there were 13 bad submissions out of 23."
BAD_SUBMISSIONS = 13
SUBMISSIONS = 23

# --- Example 5 ("I have it in main.cpp as example 5"): dealer 1, player {1, 1}, deck 4440000004.
EX5_DECK = "4440000004"
EX5_DEALER = 1
EX5_PLAYER = (1, 1)
# "Yes, there are 7 aces in this situation." (four in the deck, the dealer's, the player's two)
EX5_ACES = 7
# "you'll call players_move(1, 2, true, "4440000004")"
EX5_FIRST_CALL = (1, 2, True, "4440000004")
# "you'll call dealers_move(1, true, 12, "4440000004") -- see below. It will return 0.143506."
EX5_STAND_CALL = (1, True, 12, "4440000004")
EX5_STAND = 0.143506
# "Your total is 6.98776, and the number of ways to get a hit is 16,"
EX5_HIT_TOTAL = 6.98776
EX5_HIT_WAYS = 16
# "so your probability of winning if you get a hit is 0.436735 ... you return 0.436735."
EX5_HIT = 0.436735
EX5_ANSWER = 0.436735
# "There are only four ranks of cards in the deck: ace, two, three and ten."
EX5_RANKS = (1, 2, 3, 10)
# The per-rank lines after "Let's consider each in turn:" are absent from the document
# (the sentence is followed directly by the total).

# --- Example 6: "dealer = 5, player = { 7, 8 }, and Deck = 1004000002", memo caches printed in full.
EX6_DECK = "1004000002"
EX6_DEALER = 5
EX6_PLAYER = (7, 8)
# The answer is the memo line players_move( 5, 15, false, "1004000002") = 0.26666667
EX6_ANSWER = 0.26666667
# and the stand probability the line dealers_move( 5, false, 15, "1004000002") = 0.20952381
EX6_STAND = 0.20952381
# The 58 memo lines exactly as printed (the first line's "dea" is cut off in the document).
EX6_MEMO_DUMP = (
    'lers_move( 5, false, 15, "1004000002") = 0.20952381',
    'dealers_move( 5, false, 16, "0004000002") = 0.26666667',
    'dealers_move( 5, false, 19, "1003000002") = 0.30000000',
    'dealers_move( 5, false, 20, "0003000002") = 1.00000000',
    'dealers_move( 6,  true, 15, "0004000002") = 0.06666667',
    'dealers_move( 6,  true, 19, "0003000002") = 0.10000000',
    'dealers_move( 9, false, 15, "1003000002") = 0.25000000',
    'dealers_move( 9, false, 16, "0003000002") = 0.30000000',
    'dealers_move( 9, false, 19, "1002000002") = 0.40000000',
    'dealers_move( 9, false, 20, "0002000002") = 1.00000000',
    'dealers_move(10,  true, 15, "0003000002") = 0.00000000',
    'dealers_move(10,  true, 19, "0002000002") = 0.00000000',
    'dealers_move(13, false, 15, "1002000002") = 0.50000000',
    'dealers_move(13, false, 16, "0002000002") = 0.50000000',
    'dealers_move(13, false, 19, "1001000002") = 1.00000000',
    'dealers_move(13, false, 20, "0001000002") = 1.00000000',
    'dealers_move(14,  true, 15, "0002000002") = 0.50000000',
    'dealers_move(14,  true, 19, "0001000002") = 1.00000000',
    'dealers_move(15, false, 15, "1004000001") = 0.20000000',
    'dealers_move(15, false, 16, "0004000001") = 0.20000000',
    'dealers_move(15, false, 19, "1003000001") = 0.25000000',
    'dealers_move(15, false, 20, "0003000001") = 1.00000000',
    'dealers_move(16,  true, 15, "0004000001") = 0.20000000',
    'dealers_move(16,  true, 19, "0003000001") = 0.25000000',
    'dealers_move(17, false, 15, "1001000002") = 0.00000000',
    'dealers_move(17, false, 16, "0001000002") = 0.00000000',
    'dealers_move(17, false, 19, "1000000002") = 1.00000000',
    'dealers_move(17, false, 20, "0000000002") = 1.00000000',
    'dealers_move(18,  true, 15, "0001000002") = 0.00000000',
    'dealers_move(18,  true, 19, "0000000002") = 1.00000000',
    'dealers_move(19, false, 15, "1003000001") = 0.00000000',
    'dealers_move(19, false, 16, "0003000001") = 0.00000000',
    'dealers_move(19, false, 19, "1002000001") = 0.00000000',
    'dealers_move(19, false, 20, "0002000001") = 1.00000000',
    'dealers_move(20,  true, 15, "0003000001") = 0.00000000',
    'dealers_move(20,  true, 19, "0002000001") = 0.00000000',
    'dealers_move(23, false, 15, "1002000001") = 1.00000000',
    'dealers_move(23, false, 16, "0002000001") = 1.00000000',
    'dealers_move(23, false, 19, "1001000001") = 1.00000000',
    'dealers_move(23, false, 20, "0001000001") = 1.00000000',
    'dealers_move(24,  true, 15, "0002000001") = 1.00000000',
    'dealers_move(24,  true, 19, "0001000001") = 1.00000000',
    'dealers_move(25, false, 15, "1004000000") = 1.00000000',
    'dealers_move(25, false, 16, "0004000000") = 1.00000000',
    'dealers_move(25, false, 19, "1003000000") = 1.00000000',
    'dealers_move(25, false, 20, "0003000000") = 1.00000000',
    'dealers_move(26,  true, 15, "0004000000") = 1.00000000',
    'dealers_move(26,  true, 19, "0003000000") = 1.00000000',
    'players_move( 5, 15, false, "1004000002") = 0.26666667',
    'players_move( 5, 16,  true, "0004000002") = 0.66666667',
    'players_move( 5, 19, false, "1003000002") = 0.30000000',
    'players_move( 5, 20,  true, "0003000002") = 1.00000000',
    'players_move( 5, 23, false, "1002000002") = 0.00000000',
    'players_move( 5, 24,  true, "0002000002") = 0.00000000',
    'players_move( 5, 25, false, "1004000001") = 0.00000000',
    'players_move( 5, 26,  true, "0004000001") = 0.00000000',
    'players_move( 5, 29, false, "1003000001") = 0.00000000',
    'players_move( 5, 30,  true, "0003000001") = 0.00000000',
)
