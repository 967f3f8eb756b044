"""Numbers, decks and tables printed by document 004, transcribed for the tests and notebook 07.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012.
Facts only, each with a pointer to where the article prints it; the checks of
these claims are in :mod:`stoplib.holdem.claims` and the notebook
``07_holdem_stacking``.

Cards are written as in the article: rank ``23456789TJQKA`` then suit ``cdhs``.
"""

__all__ = ["EXAMPLE_DECK", "EXAMPLE_TABLE_TEXT", "EXAMPLE_TABLE", "ARTICLE_CATEGORY", "TEN_DECKS",
           "FRACTION_OPTIMAL", "MAX_STEPS", "MIN_STEPS", "N_STACKINGS_OVERNIGHT", "N_THREADS",
           "PLAYERS_WITH_STACKINGS", "HANDS_PER_SECOND_7", "HANDS_PER_SECOND_5", "N_DISTINCT_5",
           "N_AKQJ9_HIGH_CARD", "DIGITS_52_FACTORIAL_MORE_THAN", "N_NEIGHBOURS", "KICSI_STACKINGS"]

# --- "Here it is:" the example optimal stacking, printed on two lines (joined here).
EXAMPLE_DECK = (
    "Th5d7cAd3cQsJc4h6c8c9dTc6hQc8d9sJh5c7dAhAc9h2cKh5sJs8s7h2d"
    "7s9c4dKd8hQd6d3sKs5h2hAs4s2sTs6sQhJd3h4cTd3dKc"
)

# --- The table printed under the example deck (one row per cut, cut 0 first):
# "p1 | p2 | community | p1 hand | p2 hand | winner", copied verbatim.
EXAMPLE_TABLE_TEXT = """\
Th7c | 5dAd | Qs Jc 4h 8c Tc | One Pair  | High Card | 1
5dAd | 7c3c | Jc 4h 6c 9d 6h | One Pair  | One Pair  | 1
7c3c | AdQs | 4h 6c 8c Tc Qc | Flush     | One Pair  | 1
AdQs | 3cJc | 6c 8c 9d 6h 8d | Two Pair  | Two Pair  | 1
3cJc | Qs4h | 8c 9d Tc Qc 9s | Flush     | Two Pair  | 1
Qs4h | Jc6c | 9d Tc 6h 8d Jh | Straight  | Two Pair  | 1
Jc6c | 4h8c | Tc 6h Qc 9s 5c | Flush     | High Card | 1
4h8c | 6c9d | 6h Qc 8d Jh 7d | One Pair  | One Pair  | 1
6c9d | 8cTc | Qc 8d 9s 5c Ah | One Pair  | One Pair  | 1
8cTc | 9d6h | 8d 9s Jh 7d Ac | Straight  | One Pair  | 1
9d6h | TcQc | 9s Jh 5c Ah 9h | Trips     | One Pair  | 1
TcQc | 6h8d | Jh 5c 7d Ac 2c | Flush     | High Card | 1
6h8d | Qc9s | 5c 7d Ah 9h Kh | Straight  | One Pair  | 1
Qc9s | 8dJh | 7d Ah Ac 2c 5s | One Pair  | One Pair  | 1
8dJh | 9s5c | Ah Ac 9h Kh Js | Two Pair  | Two Pair  | 1
9s5c | Jh7d | Ac 9h 2c 5s 8s | Two Pair  | High Card | 1
Jh7d | 5cAh | 9h 2c Kh Js 7h | Two Pair  | High Card | 1
5cAh | 7dAc | 2c Kh 5s 8s 2d | Two Pair  | One Pair  | 1
7dAc | Ah9h | Kh 5s Js 7h 7s | Trips     | One Pair  | 1
Ah9h | Ac2c | 5s Js 8s 2d 9c | One Pair  | One Pair  | 1
Ac2c | 9hKh | Js 8s 7h 7s 4d | One Pair  | One Pair  | 1
9hKh | 2c5s | 8s 7h 2d 9c Kd | Two Pair  | One Pair  | 1
2c5s | KhJs | 7h 2d 7s 4d 8h | Two Pair  | One Pair  | 1
KhJs | 5s8s | 2d 7s 9c Kd Qd | One Pair  | High Card | 1
5s8s | Js7h | 7s 9c 4d 8h 6d | Straight  | One Pair  | 1
Js7h | 8s2d | 9c 4d Kd Qd 3s | High Card | High Card | 1
8s2d | 7h7s | 4d Kd 8h 6d Ks | Two Pair  | Two Pair  | 1
7h7s | 2d9c | Kd 8h Qd 3s 5h | One Pair  | High Card | 1
2d9c | 7s4d | 8h Qd 6d Ks 2h | One Pair  | High Card | 1
7s4d | 9cKd | Qd 6d 3s 5h As | Straight  | High Card | 1
9cKd | 4d8h | 6d 3s Ks 2h 4s | One Pair  | One Pair  | 1
4d8h | KdQd | 3s Ks 5h As 2s | Straight  | One Pair  | 1
KdQd | 8h6d | Ks 5h 2h 4s Ts | One Pair  | High Card | 1
8h6d | Qd3s | 5h 2h As 2s 6s | Two Pair  | One Pair  | 1
Qd3s | 6dKs | 2h As 4s Ts Qh | One Pair  | High Card | 1
6dKs | 3s5h | As 4s 2s 6s Jd | Flush     | Flush     | 1
3s5h | Ks2h | 4s 2s Ts Qh 3h | One Pair  | One Pair  | 1
Ks2h | 5hAs | 2s Ts 6s Jd 4c | One Pair  | High Card | 1
5hAs | 2h4s | Ts 6s Qh 3h Td | One Pair  | One Pair  | 1
2h4s | As2s | 6s Qh Jd 4c 3d | One Pair  | High Card | 1
As2s | 4sTs | Qh Jd 3h Td Kc | Straight  | One Pair  | 1
4sTs | 2s6s | Jd 3h 4c 3d Th | Two Pair  | One Pair  | 1
2s6s | TsQh | 3h 4c Td Kc 5d | Straight  | One Pair  | 1
TsQh | 6sJd | 4c Td 3d Th 7c | Trips     | One Pair  | 1
6sJd | Qh3h | Td 3d Kc 5d Ad | Flush     | One Pair  | 1
Qh3h | Jd4c | 3d Kc Th 7c 3c | Trips     | One Pair  | 1
Jd4c | 3hTd | Kc Th 5d Ad Qs | Straight  | One Pair  | 1
3hTd | 4c3d | Th 5d 7c 3c Jc | Two Pair  | One Pair  | 1
4c3d | TdKc | 5d 7c Ad Qs 4h | One Pair  | High Card | 1
TdKc | 3dTh | 7c Ad 3c Jc 6c | Flush     | One Pair  | 1
3dTh | Kc5d | Ad 3c Qs 4h 8c | One Pair  | High Card | 1
Kc5d | Th7c | 3c Qs Jc 6c 9d | High Card | High Card | 1
"""

# (p1 pocket, p2 pocket, community cards, p1 hand, p2 hand, winner) for each printed row.
EXAMPLE_TABLE = tuple(tuple(part.strip() for part in line.split("|"))
                      for line in EXAMPLE_TABLE_TEXT.splitlines())

# The article's hand names and ours (stoplib.holdem.CATEGORIES).
ARTICLE_CATEGORY = {
    "High Card": "high card", "One Pair": "one pair", "Two Pair": "two pair",
    "Trips": "three of a kind", "Straight": "straight", "Flush": "flush",
    "Full House": "full house", "Quads": "four of a kind", "Straight Flush": "straight flush",
}

# --- "here is a list of ten optimal stackings" (the bracketed list at the end of "Results").
TEN_DECKS = (
    "AcQhJd8h9c9h6d3cTc3dQdKhJs6h3hThQc7d3sJc4h2h6c8d7c5c"
    "7s8cAd4dTd9sKs5h8s2c4c2d2s5sAhKd9dKcQs4s5dAs7hJhTs6s",
    "8h4h3cAsQd7dTh3s5h9dAhKh9sTs6s4d7s2hKdJc9h6h3h4c4sQc"
    "JsTd5d2c9c3dQhJd8c5c2dKs8s6cJh7hAcAdKc8d2sTc6dQs7c5s",
    "6d2cAc7sQc9sThJs2dQd7h6c9dAsKs2sKc3d4c9hJc2hAdKh3cQs"
    "4h5c3hTdAh4s8c8hQh7dTc8s8d5s6hJd4d3s5h6sTsKd9c7cJh5d",
    "Th2s9s6hJh3s8c5h5cAh6s3cQhJcKc4c9dAcTcJd3hQs7h8sAsTs"
    "2d8d4s3d5s7sKsAd9hKd5d2hTd4h7d7cJs9cQdQc2c8h6cKh4d6d",
    "Js7hQhTh4h8s9hAh7sQc6d3sTc9d3d5hTs8cJhAcQd5s5cTd4dKs"
    "KcJd8h2hKh4c6s7d2sQs7c6h3cKdAs2d9cJc6cAd8d3h9s4s5d2c",
    "Jd2cAc9s5c8h9cTh4c7d2dTcAdKcKsQc8c4h7s4s9d5dJs5h7hKd"
    "Qh7c4d9h8d2h6dQdJc3cAs3sKh8sTd6s3hAh5sJhQsTs6h6c2s3d",
    "6dJs5c4s8d8h9s6s4dTh8s2c6h3hQd9d4hAc2d8cKcJh3d5sJdQh"
    "7dAd3cTsAs7c5h7hQs2sTcKs4cAhKdTd7s6cKhQcJc9c3s9h2h5d",
    "9dTdAd7hKd9h3cJcTsKh3h9c8s3d4hKsJs3s5c8h6c6s5d4dKcAs"
    "7dQc6d5h2c4s4c7c5s2dQh9s7s8cAc2sJhQsThQd6hJd8dAhTc2h",
    "3cJd4s2s9hAd6sKcTd3h5dTs3s9d8d4cAcQsKsKdJc3d2h5h4dJs"
    "8cAh9c7sKh6d5s4hTc7cQhQc8hJh6c9s5c2d7dQd2c8sTh6hAs7h",
    "Ac7cTd6d3c4c9hQc7h9d8hJc8c5sTc6hAdQs9s7s2cKc2s2d4s8d"
    "6sAh5d8sJs3sQhKd3hQdJh5cKh4h3d5hTsJd7dKs9c2h4dTh6cAs",
)

# --- Claims of the "Results" section and elsewhere.
# "about one in six randomly chosen decks can be improved to an optimal stacking."
FRACTION_OPTIMAL = 1 / 6
# "we never witnessed a deck which required more than 15 steps to reach a local maximum."
MAX_STEPS = 15
# "some decks were optimized with as few as 5 steps."
MIN_STEPS = 5
# "a list of approximately 100,000 distinct optimal stackings" (overnight, 12 threads).
N_STACKINGS_OVERNIGHT = 100_000
N_THREADS = 12
# "There are optimal stackings both for player 1 and player 2."
PLAYERS_WITH_STACKINGS = (1, 2)
# "we can evaluate about 7 million seven-card hands per second, down from about 87 million
# five-card hands per second" (on the 12-thread machine).
HANDS_PER_SECOND_7 = 7_000_000
HANDS_PER_SECOND_5 = 87_000_000
# "there are only 7,462 distinct five-card poker hands"; "1,020 different hands of the form AKQJ9".
N_DISTINCT_5 = 7462
N_AKQJ9_HIGH_CARD = 1020
# "there are 52! possible stackings of the deck, a number with more than 60 digits."
DIGITS_52_FACTORIAL_MORE_THAN = 60
# Neighbours: "swapping any two cards in the deck" (52 choose 2, implied by the C++ loops).
N_NEIGHBOURS = 52 * 51 // 2
# Kicsi Poker (the earlier post, recapped): "11 total distinct optimal stackings ...
# (nine for player 1, and two for player 2)". Not checked here (a different game).
KICSI_STACKINGS = (11, 9, 2)
