"""Numbers printed by document 000 (shared/seeds/000_cd0610b35b05a9e7.txt) about
its simulation, its sample games and its growth fits (the "Approximating"
section). Line numbers refer to that text file. The text lost its minus signs
(``−1.86936e02`` is R's ``-1.86936e-02``; ``ylim=c(7,5)`` is ``c(-7, 5)``), and
they are restored here, as the fitted lines themselves show they must be.

The DP numbers (balanced values, 2.624475549, 165.075847, 133,787,000 cards)
live in :mod:`stoplib.sources.doc000_redblack`.
"""

# Line 852-853: ``mean(replicate(10000000, simulateGame(26,26,0)))`` -> 2.6243913
# (also ``R_SIMULATION_MEAN`` in doc000_redblack).
SIMULATION_GAMES = 10_000_000
SIMULATION_MEAN = 2.6243913

# Lines 854-887: "Simulating 49 sample games", drawn with ``facet_wrap(~ID)`` and
# ``coord_cartesian(ylim=c(-7,5))``.
SAMPLE_GAMES = 49
SAMPLE_GAMES_YLIM = (-7, 5)

# Line 1: "the value approaches 0.5 x sqrt(l)"; line 1752: "I wonder if the limit
# is just 0.5 x sqrt(l)?"; line 1769: "it does converge to 0.5 x sqrt(l)".
CONJECTURED_SLOPE = 0.5

# Lines 1000 and 1689: exact values V(i, i) for i = 0..22,974 (a text file of the
# C program's output), plus line 1691: the 100,000 value entered as 165.076.
FIT_N_MAX = 22_974
FIT_EXTRA_N = 100_000
FIT_EXTRA_VALUE = 165.076

# Lines 1692-1705: ``lm(Value ~ log(Cards))`` on 1..22,974 and 100,000.
LOG_FIT_INTERCEPT = -106.6454973
LOG_FIT_INTERCEPT_SE = 0.3724555
LOG_FIT_SLOPE = 17.6267169
LOG_FIT_SLOPE_SE = 0.0409405
LOG_FIT_RESIDUAL_SE = 6.19828
LOG_FIT_DF = 22_973
LOG_FIT_R2 = 0.889734
LOG_FIT_RESIDUALS = (-6.62279, -4.98638, -1.00526, 3.96333, 107.14550)  # min, q1, median, q3, max

# Lines 1706-1718: ``lm(Value ~ sqrt(Cards))``.
SQRT_FIT_INTERCEPT = -0.0186936
SQRT_FIT_INTERCEPT_SE = 3.70052e-05
SQRT_FIT_SLOPE = 0.522088
SQRT_FIT_SLOPE_SE = 3.45212e-07
SQRT_FIT_RESIDUAL_SE = 0.00187101
SQRT_FIT_DF = 22_974
SQRT_FIT_RESIDUALS = (-0.05298383, -0.00071444, 0.00047093, 0.00121099, 0.01869362)

# Lines 1722-1725: the fit's predictions "100k = 165.080028 (not quite 165.076),
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

# Lines 1726-1739: ``lm(Value ~ log(Cards) + sqrt(Cards))``. Note 91,897 residual
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

# Lines 1755-1768: the square-root fit again with the 133,787,000 value 6038.22
# added (line 1755: ``Value=6038.22``).
SQRT_FIT2_INTERCEPT = -0.0146229
SQRT_FIT2_INTERCEPT_SE = 2.54948e-05
SQRT_FIT2_SLOPE = 0.522048
SQRT_FIT2_SLOPE_SE = 1.93756e-07
SQRT_FIT2_RESIDUAL_SE = 0.00245711
SQRT_FIT2_DF = 22_974
SQRT_FIT2_RESIDUALS = (-0.10346355, 0.00010533, 0.00071383, 0.00105519, 0.00453808)

# Lines 1664-1666: relative errors of the two fits at 133,787,000 ("0.009%" and
# "0.0017%"); line 6: "An approximation yields <0.002% relative error".
SQRT_FIT_ERROR_133M_PERCENT = 0.009
SQRT_FIT2_ERROR_133M_PERCENT = 0.0017

# Line 1659: the 133,787,000-card C program prints ``printf("value=%g\n", ...)``:
# %g keeps 6 significant digits, so "6038.22" means a value in [6038.215, 6038.225).
VALUE_133M_PRINTED_DIGITS = 6
