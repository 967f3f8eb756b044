"""The red/black card game ("Problem 14"): the numbers document 000 prints.

Document 000 is Gwern Branwen, FeepingCreature, nshepperd and Khoth, "Problem 14
Dynamic Programming Solutions", gwern.net, 2 to 17 October 2022
(https://gwern.net/problem-14): the problem, Han Zheng's spreadsheet, R, Neat,
Haskell and C programs, and the "Approximating" section's fits. The comments below
say in which section of that page each number appears. Facts only: numbers, no
code or prose. The spreadsheet was parsed from the page once and pasted here as a
literal. The plain-text copy we transcribed from lost its minus signs
(``−1.86936e02`` is R's ``-1.86936e-02``; ``ylim=c(7,5)`` is ``c(-7, 5)``); they
are restored here, as the fitted lines themselves show they must be.

The values all concern the recursion of :mod:`stoplib.redblack.rules`,
``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``, where
the document's "Cards" (its ``l``) is ``n``, the number of cards of each colour.
:mod:`stoplib.redblack.claims`, the tests and notebooks 01-03 set our numbers
beside these.

Sections: the dynamic programming (balanced values, the exact 26/26 fraction,
100,000 and 133,787,000 cards, the spreadsheet); the programs' running times;
the simulation and the sample games; the growth fits of the "Approximating" section.
"""
from fractions import Fraction

__all__ = [
    # the dynamic programming
    "BALANCED_0_TO_26_R", "BALANCED_0_TO_26_R_DECIMALS", "BALANCED_0_TO_26_C",
    "BALANCED_0_TO_26_C_DECIMALS", "VALUE_26_26", "VALUE_26_26_EXACT", "VALUE_26_26_EXACT_DECIMAL",
    "R_LIMIT_CARDS", "R_LIMIT_VALUE", "WITH_REPLACEMENT_MISTAKE", "OMNISCIENT_26_26",
    "VALUE_100000", "VALUE_100000_ROUNDED", "VALUE_2000000", "CARDS_133M", "VALUE_133M_BODY",
    "VALUE_133M_INTRO", "VALUE_133M_PRINTED_DIGITS",
    "SPREADSHEET_LABELS", "SPREADSHEET_ROW_LABELS", "SPREADSHEET_TEXT", "SPREADSHEET",
    "SPREADSHEET_CELLS_TEXT",
    # the simulation
    "SIMULATION_GAMES", "SIMULATION_MEAN", "SAMPLE_GAMES", "SAMPLE_GAMES_YLIM",
    # the growth fits
    "CONJECTURED_SLOPE", "FIT_N_MAX", "FIT_EXTRA_N", "FIT_EXTRA_VALUE",
    "LOG_FIT_INTERCEPT", "LOG_FIT_INTERCEPT_SE", "LOG_FIT_SLOPE", "LOG_FIT_SLOPE_SE",
    "LOG_FIT_RESIDUAL_SE", "LOG_FIT_DF", "LOG_FIT_R2", "LOG_FIT_RESIDUALS",
    "SQRT_FIT_INTERCEPT", "SQRT_FIT_INTERCEPT_SE", "SQRT_FIT_SLOPE", "SQRT_FIT_SLOPE_SE",
    "SQRT_FIT_RESIDUAL_SE", "SQRT_FIT_DF", "SQRT_FIT_RESIDUALS", "SQRT_FIT_PREDICTIONS",
    "SQRT_FIT_PREDICTION_133M",
    "LOGSQRT_FIT_INTERCEPT", "LOGSQRT_FIT_INTERCEPT_SE", "LOGSQRT_FIT_LOG", "LOGSQRT_FIT_LOG_SE",
    "LOGSQRT_FIT_SQRT", "LOGSQRT_FIT_SQRT_SE", "LOGSQRT_FIT_RESIDUAL_SE", "LOGSQRT_FIT_DF",
    "LOGSQRT_FIT_R2", "LOGSQRT_FIT_RESIDUALS",
    "SQRT_FIT2_INTERCEPT", "SQRT_FIT2_INTERCEPT_SE", "SQRT_FIT2_SLOPE", "SQRT_FIT2_SLOPE_SE",
    "SQRT_FIT2_RESIDUAL_SE", "SQRT_FIT2_DF", "SQRT_FIT2_RESIDUALS", "SQRT_FIT2_PREDICTION_133M",
    "SQRT_FIT_ERROR_133M_PERCENT", "SQRT_FIT2_ERROR_133M_PERCENT", "INTRO_ERROR_BOUND_PERCENT",
    "FIT_F_STATISTICS",
    # the programs
    "FACTORIAL_52", "DIAGONAL_SECONDS", "DIAGONAL2_SECONDS", "THREADRIPPER_CORES",
    "SPINLOCK_BEST_THREADS", "SPINLOCK_SECONDS", "BLOCK_SIZE_100K", "BLOCK_THREADS", "BLOCKS_SECONDS",
    "SKIPPING_SECONDS", "PGO_SECONDS", "SECONDS_2000000", "BLOCK_SIZE_133M", "DAYS_133M",
    "CPU_CORE_DAYS_133M", "CPU_CORE_MINUTES_133M",
]

# ===========================================================================
# The dynamic programming
# ===========================================================================
# Section "R" (top-down DP): the R program's values of the balanced games 0/0 .. 26/26
# (``sapply(0:26, function(t) mV(t, t, 0))``), printed to 9 decimals.
BALANCED_0_TO_26_R = (
    0.000000000, 0.500000000, 0.666666667, 0.850000000, 1.000000000, 1.119047619,
    1.229437229, 1.335372960, 1.434110334, 1.524701769, 1.607227911, 1.687397226,
    1.765411833, 1.840809473, 1.913207824, 1.982391061, 2.048281891, 2.112213746,
    2.174760756, 2.235998731, 2.295858627, 2.354246421, 2.411081973, 2.466309395,
    2.520043731, 2.572700079, 2.624475549,
)
BALANCED_0_TO_26_R_DECIMALS = 9

# Section "C" (bottom-up DP), the comment after the program: the first 27 lines it prints (``printf("%f")``
# of a table stored in single-precision ``float``), 6 decimals.
BALANCED_0_TO_26_C = (
    0.000000, 0.500000, 0.666667, 0.850000, 1.000000, 1.119048, 1.229437,
    1.335373, 1.434110, 1.524702, 1.607228, 1.687397, 1.765412, 1.840810,
    1.913208, 1.982391, 2.048282, 2.112214, 2.174761, 2.235999, 2.295858,
    2.354246, 2.411082, 2.466309, 2.520043, 2.572700, 2.624475,
)
BALANCED_0_TO_26_C_DECIMALS = 6

# Section "Spreadsheet Answer" (twice): Han Zheng's spreadsheet answer for 26 red / 26 black.
VALUE_26_26 = 2.624475549

# Section "Haskell": nshepperd's program's exact answer for 26/26.
VALUE_26_26_EXACT = Fraction(41984711742427, 15997372030584)
# Section "Haskell": its decimal expansion as printed.
VALUE_26_26_EXACT_DECIMAL = 2.624475548993925

# Section "R": the R top-down version "runs ... all the way up to 143 cards, worth
# $6.21519192, where it hits a stack limit".
R_LIMIT_CARDS = 143
R_LIMIT_VALUE = 6.21519192

# Section "R": the author's first R attempt, with the probability of a red card
# fixed at 0.5 all game, "yielded a value of $2.86".
WITH_REPLACEMENT_MISTAKE = 2.86

# Footnote 1 (to the spreadsheet's answer): "an omniscient player who knew the deck order could
# expect to win $4.04" (26/26).
OMNISCIENT_26_26 = 4.04

# Section "Diagonalization": the parallel C program, 100,000 red / 100,000 black: "$165.075847".
VALUE_100000 = 165.075847
# Section "Approximating": the same value rounded, as used in the fits.
VALUE_100000_ROUNDED = 165.076

# Section "Blocks + Skipping": l = 2,000,000 "($818.1, ~2m10s)".
VALUE_2000000 = 818.1

# Section "Blocks + Skipping": 133,787,000 cards "turns out to be $6,038.22" (body),
# but the introduction says "value of $6,038.32".
CARDS_133M = 133_787_000
VALUE_133M_BODY = 6038.22
VALUE_133M_INTRO = 6038.32

# Section "Blocks + Skipping": the 133,787,000-card C program prints ``printf("value=%g\n", ...)``:
# %g keeps 6 significant digits, so "6038.22" means a value in [6038.215, 6038.225).
VALUE_133M_PRINTED_DIGITS = 6

# Section "Spreadsheet Answer": Han Zheng's 27 x 27 spreadsheet. The document prints the header
# "Good #" followed by the 27 labels 26..0, then 27 rows, each a label (26..0)
# followed by 27 cells. Cells are as printed (about 4 significant digits).
# ``SPREADSHEET_TEXT[i]`` is the row labelled ``SPREADSHEET_ROW_LABELS[i]``, its
# cells under ``SPREADSHEET_LABELS``. Which label is red and which black is
# worked out numerically in stoplib.redblack.claims.spreadsheet_comparison.
SPREADSHEET_LABELS = (26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
SPREADSHEET_ROW_LABELS = (26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
SPREADSHEET_TEXT = (
    ("2.624 2.322 2.061 1.834 1.637 1.464 1.311 1.176 1.056 0.9479 0.8509 0.7632 0.6835 0.6107 0.5439 0.4824 0.4254 0.3724 0.3228 0.2762 0.2322 0.1903 0.1503 0.1117 0.07407 0.03704 0"),  # row 26
    ("2.927 2.573 2.27 2.009 1.783 1.587 1.415 1.264 1.13 1.011 0.9049 0.8091 0.7227 0.6441 0.5723 0.5065 0.4458 0.3895 0.3371 0.288 0.2418 0.198 0.1562 0.116 0.07692 0.03846 0"),  # row 25
    ("3.296 2.876 2.52 2.217 1.956 1.731 1.536 1.366 1.216 1.084 0.9661 0.861 0.7667 0.6814 0.6039 0.5332 0.4683 0.4084 0.3528 0.301 0.2523 0.2064 0.1626 0.1207 0.08 0.04 0"),  # row 24
    ("3.751 3.246 2.824 2.466 2.162 1.902 1.678 1.484 1.315 1.167 1.036 0.92 0.8164 0.7233 0.6393 0.563 0.4933 0.4292 0.3701 0.3152 0.2638 0.2155 0.1696 0.1258 0.08333 0.04167 0"),  # row 23
    ("4.322 3.706 3.196 2.771 2.411 2.106 1.846 1.624 1.431 1.264 1.117 0.9876 0.873 0.7708 0.6791 0.5963 0.5211 0.4524 0.3892 0.3308 0.2764 0.2254 0.1773 0.1313 0.08696 0.04348 0"),  # row 22
    ("5.051 4.284 3.661 3.146 2.716 2.354 2.049 1.79 1.568 1.377 1.211 1.066 0.9381 0.825 0.7243 0.6339 0.5523 0.4782 0.4105 0.3481 0.2903 0.2364 0.1856 0.1374 0.09091 0.04545 0"),  # row 21
    ("6 5.027 4.249 3.618 3.095 2.659 2.296 1.99 1.732 1.511 1.322 1.157 1.013 0.8874 0.7759 0.6767 0.5876 0.5072 0.4342 0.3674 0.3058 0.2485 0.1948 0.144 0.09524 0.04762 0"),  # row 20
    ("7 6 5.006 4.219 3.574 3.041 2.601 2.236 1.931 1.673 1.453 1.265 1.102 0.9598 0.8355 0.7256 0.6278 0.5401 0.4609 0.3889 0.3229 0.2619 0.205 0.1513 0.1 0.05 0"),  # row 19
    ("8 7 6 5 4.19 3.528 2.986 2.541 2.175 1.869 1.612 1.393 1.206 1.045 0.9049 0.7823 0.674 0.5776 0.4913 0.4133 0.3422 0.2769 0.2163 0.1594 0.1053 0.05263 0"),  # row 18
    ("9 8 7 6 5 4.16 3.479 2.928 2.48 2.112 1.806 1.549 1.332 1.146 0.9866 0.8484 0.7275 0.6208 0.5259 0.4409 0.364 0.2937 0.2289 0.1684 0.1111 0.05556 0"),  # row 17
    ("10 9 8 7 6 5 4.127 3.429 2.87 2.418 2.048 1.741 1.484 1.268 1.084 0.9267 0.7903 0.671 0.5659 0.4726 0.3888 0.3128 0.2431 0.1785 0.1176 0.05882 0"),  # row 16
    ("11 10 9 8 7 6 5 4.094 3.378 2.811 2.355 1.982 1.674 1.417 1.202 1.02 0.8648 0.7301 0.6126 0.5092 0.4173 0.3346 0.2593 0.19 0.125 0.0625 0"),  # row 15
    ("12 11 10 9 8 7 6 5 4.059 3.328 2.753 2.291 1.913 1.603 1.348 1.135 0.9546 0.8006 0.6678 0.5521 0.4504 0.3596 0.2778 0.2029 0.1333 0.06667 0"),  # row 14
    ("13 12 11 10 9 8 7 6 5 4.026 3.28 2.696 2.223 1.841 1.531 1.276 1.065 0.886 0.7338 0.603 0.4892 0.3889 0.2992 0.2179 0.1429 0.07143 0"),  # row 13
    ("14 13 12 11 10 9 8 7 6 5 4 3.241 2.635 2.151 1.765 1.455 1.202 0.9914 0.8143 0.6643 0.5356 0.4234 0.3242 0.2352 0.1538 0.07692 0"),  # row 12
    ("15 14 13 12 11 10 9 8 7 6 5 4 3.199 2.569 2.076 1.687 1.377 1.124 0.9144 0.7394 0.5916 0.4647 0.3538 0.2555 0.1667 0.08333 0"),  # row 11
    ("16 15 14 13 12 11 10 9 8 7 6 5 4 3.152 2.499 1.998 1.607 1.296 1.042 0.8334 0.6608 0.5152 0.3896 0.2797 0.1818 0.09091 0"),  # row 10
    ("17 16 15 14 13 12 11 10 9 8 7 6 5 4 3.101 2.427 1.919 1.525 1.208 0.9542 0.7483 0.5779 0.4336 0.3091 0.2 0.1 0"),  # row 9
    ("18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3.048 2.356 1.841 1.434 1.114 0.8618 0.6581 0.4889 0.3455 0.2222 0.1111 0"),  # row 8
    ("19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2.299 1.754 1.335 1.015 0.7639 0.5606 0.3917 0.25 0.125 0"),  # row 7
    ("20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2.232 1.656 1.229 0.9091 0.6571 0.4524 0.2857 0.1429 0"),  # row 6
    ("21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2.154 1.55 1.119 0.7937 0.5357 0.3333 0.1667 0"),  # row 5
    ("22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2.067 1.444 1 0.6571 0.4 0.2 0"),  # row 4
    ("23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1.343 0.85 0.5 0.25 0"),  # row 3
    ("24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1.2 0.6667 0.3333 0"),  # row 2
    ("25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0.5 0"),  # row 1
    ("26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0"),  # row 0
)
SPREADSHEET = tuple(tuple(float(x) for x in row.split()) for row in SPREADSHEET_TEXT)
SPREADSHEET_CELLS_TEXT = tuple(tuple(row.split()) for row in SPREADSHEET_TEXT)


# ===========================================================================
# The programs: sizes and running times
# ===========================================================================
# Section "Dynamic Programming": the deck has "52! = 8 x 10^67" orders.
FACTORIAL_52 = 8e67

# Section "C Diagonal Bottom-Up": V(100,000, 100,000) on FeepingCreature's laptop,
# the first diagonal version "6s vs 17s" (Clang vs GCC), the second "4.6s vs 5.8s".
DIAGONAL_SECONDS = {"clang": 6.0, "gcc": 17.0}
DIAGONAL2_SECONDS = {"clang": 4.6, "gcc": 5.8}

# Section "Diagonalization": on "my 16-core AMD Ryzen Threadripper 1950X", "the optimal
# thread count appears to be ~12", "a GCC speedup of 6.1s -> 2.9s" for the 100k value;
# footnote 2: ``_Atomic(bool)`` is "~0.1s slower for both GCC & Clang (2.9s -> 3s)".
THREADRIPPER_CORES = 16
SPINLOCK_BEST_THREADS = 12
SPINLOCK_SECONDS = {"one thread": 6.1, "12 threads": 2.9, "_Atomic(bool)": 3.0}

# Section "Blocks": "for l = 100,000 cards ... a block size = 400", ``NUM_THREADS 15``,
# "a total runtime under Clang of ~0.85s (GCC: 1.3s)".
BLOCK_SIZE_100K = 400
BLOCK_THREADS = 15
BLOCKS_SECONDS = {"clang": 0.85, "gcc": 1.3}

# Section "Blocks + Skipping": skipping the stop region "cuts off almost half the state
# space"; "For l = 100k, this runs in ~0.5s"; footnote 3: with Clang PGO ``real 0m0.540s``
# (``user 0m7.486s``), "slower by ~0.03s".
SKIPPING_SECONDS = 0.5
PGO_SECONDS = {"real": 0.540, "user": 7.486, "slowdown": 0.03}

# Section "Blocks + Skipping": l = 2m took "~2m10s" (its value is VALUE_2000000);
# l = 133,787,000 is the largest l because "higher values require static arrays so large
# that the linker balks", run with block size 1,000 and took "9 days on my Threadripper
# (8-17 October 2022) & 51 CPU-core-days (184,331 CPU-core-minutes)".
SECONDS_2000000 = 130.0
BLOCK_SIZE_133M = 1000
DAYS_133M = 9
CPU_CORE_DAYS_133M = 51
CPU_CORE_MINUTES_133M = 184_331

# ===========================================================================
# The simulation and the sample games
# ===========================================================================
# Section "Simulation Check": the R simulation of the optimal policy,
# ``mean(replicate(10000000, simulateGame(26,26,0)))`` -> 2.6243913.
SIMULATION_GAMES = 10_000_000
SIMULATION_MEAN = 2.6243913

# Section "Simulation Check": "Simulating 49 sample games", drawn with ``facet_wrap(~ID)`` and
# ``coord_cartesian(ylim=c(-7,5))``.
SAMPLE_GAMES = 49
SAMPLE_GAMES_YLIM = (-7, 5)


# ===========================================================================
# The growth fits ("Approximating")
# ===========================================================================
# The abstract: "the value approaches 0.5 x sqrt(l)"; "Approximating": "I wonder if
# the limit is just 0.5 x sqrt(l)?" and "it does converge to 0.5 x sqrt(l)".
CONJECTURED_SLOPE = 0.5

# Sections "Bottom-Up DP" and "Approximating": exact values V(i, i) for i = 0..22,974
# (a text file of the C program's output), plus the 100,000 value entered as 165.076.
FIT_N_MAX = 22_974
FIT_EXTRA_N = 100_000
FIT_EXTRA_VALUE = 165.076

# "Approximating": ``lm(Value ~ log(Cards))`` on 1..22,974 and 100,000.
LOG_FIT_INTERCEPT = -106.6454973
LOG_FIT_INTERCEPT_SE = 0.3724555
LOG_FIT_SLOPE = 17.6267169
LOG_FIT_SLOPE_SE = 0.0409405
LOG_FIT_RESIDUAL_SE = 6.19828
LOG_FIT_DF = 22_973
LOG_FIT_R2 = 0.889734
LOG_FIT_RESIDUALS = (-6.62279, -4.98638, -1.00526, 3.96333, 107.14550)  # min, q1, median, q3, max

# "Approximating": ``lm(Value ~ sqrt(Cards))``.
SQRT_FIT_INTERCEPT = -0.0186936
SQRT_FIT_INTERCEPT_SE = 3.70052e-05
SQRT_FIT_SLOPE = 0.522088
SQRT_FIT_SLOPE_SE = 3.45212e-07
SQRT_FIT_RESIDUAL_SE = 0.00187101
SQRT_FIT_DF = 22_974
SQRT_FIT_RESIDUALS = (-0.05298383, -0.00071444, 0.00047093, 0.00121099, 0.01869362)

# "Blocks + Skipping": the sqrt fit's prediction at 133,787,000.
SQRT_FIT_PREDICTION_133M = 6038.78162

# "Approximating", the comment after the sqrt fit: its predictions "100k = 165.080028 (not quite 165.076),
# 1m = 522.0, 10m = 1650.96, 100m = 5220.86, 1b = 16509.85, 10b = 52208.78,
# 100b = 165098.70".
SQRT_FIT_PREDICTIONS = {
    100_000: 165.080028,
    1_000_000: 522.0,
    10_000_000: 1650.96,
    100_000_000: 5220.86,
    1_000_000_000: 16509.85,
    10_000_000_000: 52208.78,
    100_000_000_000: 165098.70,
}

# "Approximating": ``lm(Value ~ log(Cards) + sqrt(Cards))``. Note 91,897 residual
# degrees of freedom = 4 x 22,975 - 3: the printed fit was run on a data frame
# four times the data (see the notebook 03 for the explanation).
LOGSQRT_FIT_INTERCEPT = -26.6931
LOGSQRT_FIT_INTERCEPT_SE = 0.172306
LOGSQRT_FIT_LOG = 4.40946
LOGSQRT_FIT_LOG_SE = 0.0266876
LOGSQRT_FIT_SQRT = 0.391493
LOGSQRT_FIT_SQRT_SE = 7.45612e-04
LOGSQRT_FIT_RESIDUAL_SE = 2.68411
LOGSQRT_FIT_DF = 91_897
LOGSQRT_FIT_R2 = 0.978735
LOGSQRT_FIT_RESIDUALS = (-80.34388, -1.34909, -0.15215, 1.34937, 26.80501)

# "Approximating", last fit: the square-root fit again with the 133,787,000 value
# 6038.22 added (``Value=6038.22``).
SQRT_FIT2_INTERCEPT = -0.0146229
SQRT_FIT2_INTERCEPT_SE = 2.54948e-05
SQRT_FIT2_SLOPE = 0.522048
SQRT_FIT2_SLOPE_SE = 1.93756e-07
SQRT_FIT2_RESIDUAL_SE = 0.00245711
SQRT_FIT2_DF = 22_974
SQRT_FIT2_RESIDUALS = (-0.10346355, 0.00010533, 0.00071383, 0.00105519, 0.00453808)

# "Blocks + Skipping": the second sqrt fit's prediction at 133,787,000.
SQRT_FIT2_PREDICTION_133M = 6038.32303

# "Blocks + Skipping": relative errors of the two fits at 133,787,000 ("0.009%" and
# "0.0017%"); the introduction: "An approximation yields <0.002% relative error".
SQRT_FIT_ERROR_133M_PERCENT = 0.009
SQRT_FIT2_ERROR_133M_PERCENT = 0.0017
INTRO_ERROR_BOUND_PERCENT = 0.002

# "Approximating": the F statistics R prints under each fit.
FIT_F_STATISTICS = {"log": 185369.0, "sqrt": 2.28726e12, "log+sqrt": 2.11482e6, "sqrt with 133M": 7.25955e12}
