"""Ten Thousand and solitaire Pig: the numbers the paper prints, transcribed.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105
(https://www.jstor.org/stable/43860959), transcribed with the precision printed
there (values kept as strings where the number of printed decimals matters).
Chips are 50-point units, as in the paper. Facts only, each with a pointer to
where it appears: :mod:`.claims`, the tests and notebook 05 set our numbers
beside them.

The last block holds what the paper asks about two players (its last sentence) and the
numbers other sources print about two-player Pig and Farkle, which notebook 08 sets beside
ours (from T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The UMAP
Journal 25(1), 2004, and M. Busche and T. W. Neller, "Optimal Play of the Farkle Dice
Game", Advances in Computer Games, 2017).
"""

__all__ = ["TABLE1_POINTS", "TABLE2", "TABLE5_COLUMNS", "TABLE5", "TABLE6", "TABLE6_ACTION", "TABLE7",
           "VALUE", "THRESHOLD", "STOP_ROLL_VALUE", "NEVER_OPTIMAL", "TABLE5_STOP_FROM", "MAX_ROLLS",
           "PIG_THRESHOLD", "PIG_VALUE", "PIG_GROWTH", "OPEN_QUESTION", "PIG_SOLVED_BY", "PIG_FIRST_PLAYER_PERCENT",
           "PIG_STATES", "FARKLE_HEAD_START_POINTS", "FARKLE_HUMAN_LOSS_PERCENT"]

# Table 1: points of each combination of dice (and chips = points / 50).
TABLE1_POINTS = {
    "each 5": 50, "each 1": 100, "three 2s": 200, "three 3s": 300,
    "three 4s": 400, "three 5s": 500, "three 6s": 600, "three 1s": 1000,
}

# Table 2: configurations obtained in one roll. Each row:
# (d(i), (f, o, t), c(i), s(i), (f(1, i), f(2, i), f(3, i), f(4, i), f(5, i))),
# None where the table leaves the cell empty (the configuration needs more dice).
TABLE2 = [
    (0, (0, 0, 0), 0, 0, (4, 16, 60, 204, 600)),
    (1, (1, 0, 0), 1, 1, (1, 8, 48, 240, 1020)),
    (1, (0, 1, 0), 1, 2, (1, 8, 48, 240, 1020)),
    (2, (2, 0, 0), 2, 2, (None, 1, 12, 96, 600)),
    (2, (1, 1, 0), 2, 3, (None, 2, 24, 192, 1200)),
    (2, (0, 2, 0), 2, 4, (None, 1, 12, 96, 600)),
    (3, (3, 0, 0), 3, 10, (None, None, 1, 16, 160)),
    (3, (2, 1, 0), 3, 4, (None, None, 3, 48, 480)),
    (3, (1, 2, 0), 3, 5, (None, None, 3, 48, 480)),
    (3, (0, 3, 0), 3, 20, (None, None, 1, 16, 160)),
    (3, (0, 0, 2), 1, 4, (None, None, 1, 13, 106)),
    (3, (0, 0, 3), 1, 6, (None, None, 1, 13, 106)),
    (3, (0, 0, 4), 1, 8, (None, None, 1, 13, 106)),
    (3, (0, 0, 6), 1, 12, (None, None, 1, 13, 106)),
    (4, (4, 0, 0), 4, 11, (None, None, None, 1, 20)),
    (4, (3, 1, 0), 4, 12, (None, None, None, 4, 80)),
    (4, (2, 2, 0), 4, 6, (None, None, None, 6, 120)),
    (4, (1, 3, 0), 4, 21, (None, None, None, 4, 80)),
    (4, (0, 4, 0), 4, 22, (None, None, None, 1, 20)),
    (4, (1, 0, 2), 2, 5, (None, None, None, 4, 65)),
    (4, (1, 0, 3), 2, 7, (None, None, None, 4, 65)),
    (4, (1, 0, 4), 2, 9, (None, None, None, 4, 65)),
    (4, (1, 0, 6), 2, 13, (None, None, None, 4, 65)),
    (4, (0, 1, 2), 2, 6, (None, None, None, 4, 65)),
    (4, (0, 1, 3), 2, 8, (None, None, None, 4, 65)),
    (4, (0, 1, 4), 2, 10, (None, None, None, 4, 65)),
    (4, (0, 1, 6), 2, 14, (None, None, None, 4, 65)),
    (5, (5, 0, 0), 5, 12, (None, None, None, None, 1)),
    (5, (4, 1, 0), 5, 13, (None, None, None, None, 5)),
    (5, (3, 2, 0), 5, 14, (None, None, None, None, 10)),
    (5, (2, 3, 0), 5, 22, (None, None, None, None, 10)),
    (5, (1, 4, 0), 5, 23, (None, None, None, None, 5)),
    (5, (0, 5, 0), 5, 24, (None, None, None, None, 1)),
    (5, (2, 0, 2), 3, 6, (None, None, None, None, 10)),
    (5, (2, 0, 3), 3, 8, (None, None, None, None, 10)),
    (5, (2, 0, 4), 3, 10, (None, None, None, None, 10)),
    (5, (2, 0, 6), 3, 14, (None, None, None, None, 10)),
    (5, (1, 1, 2), 3, 7, (None, None, None, None, 20)),
    (5, (1, 1, 3), 3, 9, (None, None, None, None, 20)),
    (5, (1, 1, 4), 3, 11, (None, None, None, None, 20)),
    (5, (1, 1, 6), 3, 15, (None, None, None, None, 20)),
    (5, (0, 2, 2), 3, 8, (None, None, None, None, 10)),
    (5, (0, 2, 3), 3, 10, (None, None, None, None, 10)),
    (5, (0, 2, 4), 3, 12, (None, None, None, None, 10)),
    (5, (0, 2, 6), 3, 16, (None, None, None, None, 10)),
]

# Table 5: value function for n = 2..4 (tau = 0..18). Columns as printed:
# (n, configurations shown in the column, action printed in the last row).
# None is a cell printed "-" (the caption: "-" unreachable, missing value: stop;
# the transcription shows both as "-").
TABLE5_COLUMNS = [
    (2, ((2, 1, 0),), "m55"),
    (2, ((1, 2, 0),), "m51"),
    (2, ((2, 0, 0), (1, 1, 0)), "r"),
    (3, ((2, 0, 0), (1, 1, 0)), "m5"),
    (3, ((0, 2, 0),), "m1"),
    (3, "other", "r"),          # the remaining configurations with d(i) <= 2
    (4, "all", "r"),
]
_ = None
TABLE5 = {  # tau: one string per column above
    0: (_, _, _, _, _, _, _),
    1: (_, _, _, _, _, _, "4.338"),
    2: (_, _, _, "4.338", _, "3.447", "5.021"),
    3: (_, _, "3.447", "5.021", _, "4.123", "5.743"),
    4: ("5.021", _, "4.123", "5.743", "5.021", "4.837", "6.476"),
    5: ("5.743", "5.021", _, "6.476", "5.743", "5.552", "7.212"),
    6: ("6.476", _, _, "7.212", "6.476", "6.266", "8.001"),
    7: ("7.212", _, _, "8.001", "7.212", _, "8.840"),
    8: ("8.001", _, _, "8.840", "8.001", _, "9.679"),
    9: (_, _, _, "9.679", _, _, "10.517"),
    10: (_, _, _, "10.517", _, _, "11.357"),
    11: (_, _, _, "11.357", _, _, "12.196"),
    12: (_, _, _, "12.196", _, _, "13.035"),
    13: (_, _, _, "13.035", _, _, "13.875"),
    14: (_, _, _, _, _, _, "14.715"),
    15: (_, _, _, _, _, _, "15.554"),
    16: (_, _, _, _, _, _, "16.394"),
    17: (_, _, _, _, _, _, "17.234"),
    18: (_, _, _, _, _, _, "18.073"),
}
del _

# Table 6: value function for n = 5 (every configuration), tau = 0..55
# (row 0 is the initial state). Printed with 4 decimals for tau <= 13, 3 after.
TABLE6 = {
    0: "5.8721", 1: "6.6070", 2: "7.3550", 3: "8.1070", 4: "8.8830", 5: "9.7130",
    6: "10.5530", 7: "11.3940", 8: "12.2350", 9: "13.0770", 10: "13.9180",
    11: "14.7790", 12: "15.6550", 13: "16.5340",
    14: "17.413", 15: "18.291", 16: "19.170", 17: "20.060", 18: "20.972", 19: "21.893",
    20: "22.814", 21: "23.734", 22: "24.655", 23: "25.576", 24: "26.497", 25: "27.418",
    26: "28.339", 27: "29.260", 28: "30.181", 29: "31.102", 30: "32.022", 31: "32.943",
    32: "33.864", 33: "34.785", 34: "35.706", 35: "36.627", 36: "37.548", 37: "38.469",
    38: "39.390", 39: "40.312", 40: "41.233", 41: "42.154", 42: "43.075", 43: "43.997",
    44: "44.919", 45: "45.840", 46: "46.762", 47: "47.684", 48: "48.607", 49: "49.529",
    50: "50.452", 51: "51.375", 52: "52.298", 53: "53.221", 54: "54.144", 55: "55.066",
}
TABLE6_ACTION = "r"  # last row of Table 6: roll in every listed state

# Table 7: values of the restricted games (number of actions, actions, value).
TABLE7 = [
    (2, ("s", "r"), "5.5763262782"),
    (3, ("s", "r", "m5"), "5.8012180037"),
    (4, ("s", "r", "m5", "m1"), "5.8153340639"),
    (5, ("s", "r", "m5", "m1", "m55"), "5.8707484326"),
    (6, ("s", "r", "m5", "m1", "m55", "m51"), "5.8720189185"),
    (15, "all", "5.8720189185"),
]

# Theorem 4.1: the value of the game from the initial state, and the threshold.
VALUE = "5.872019"            # Theorem 4.1 ("V*(iota) = 5.872 019")
THRESHOLD = 56                # Section 4: tau*(5) = 56
STOP_ROLL_VALUE = "5.576326"  # Section 5.1: V_{S/R} = 5.576 326
NEVER_OPTIMAL = ("m11", "m551", "m511", "mt1", "mt2", "mt3", "mt4", "mt5", "mt6")  # Theorem 4.1
TABLE5_STOP_FROM = 19         # Table 5 caption: rows tau >= 19 omitted (stop)
MAX_ROLLS = 57                # proof of Theorem 4.1: at most 57 rolls under the optimal rule

# Section 5.2, solitaire Pig.
PIG_THRESHOLD = 20            # "The critical threshold is tau* = 20"
PIG_VALUE = "8.14"            # "V*(0) = 8.14"
PIG_GROWTH = "1.0461"         # "V(tau) = V(0) 1.0461^tau"

# ---- two players (notebook 08): the race engine's document module holds them; named here too
from ..race.document import (FARKLE_HEAD_START_POINTS, FARKLE_HUMAN_LOSS_PERCENT, OPEN_QUESTION,  # noqa: E402
                             PIG_FIRST_PLAYER_PERCENT, PIG_SOLVED_BY, PIG_STATES)
