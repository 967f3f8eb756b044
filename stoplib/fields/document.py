"""The increasing-fields game: the numbers and checkable claims printed by document 001
(``shared/seeds/001_dba9ac7e55753289.txt``), an interactive web page with a
write-up of its solution.

Line numbers refer to that text file. Facts only: numbers, no code or prose.
The page prints no win probability (line 3, "Win prob:", is the live web widget,
empty in the text), so its only numbers are the timing, the sizes it was taken
at, the base cases and the complexity claims below. The tests
(``tests/fields/``) and notebook 04 set our results beside them; the claims
are checked in :mod:`stoplib.fields.claims`.
"""

__all__ = [
    "TIMING_V", "TIMING_F", "TIMING_SECONDS", "WIN_NO_FIELDS", "WIN_MORE_FIELDS_THAN_VALUES",
    "PLAIN_COMPLEXITY", "FAST_COMPLEXITY", "MONOTONE_STEP",
]

# Line 53: "Win(1000, 20) computes in 12 seconds" with the author's Python
# implementation (big integers and math.comb, the O(V^2 F A) version of line 51).
TIMING_V = 1000
TIMING_F = 20
TIMING_SECONDS = 12.0

# Line 29: base cases. "Win(V, 0) = 1" (no fields: the game is won) and
# "Win(a, b) = 0 if a < b" (more fields than values: it cannot be won).
WIN_NO_FIELDS = 1
WIN_MORE_FIELDS_THAN_VALUES = 0

# Line 45: the plain recurrence costs O(V^2 F^2 A) (A: cost of the binomials).
PLAIN_COMPLEXITY = "O(V^2 F^2 A)"
# Lines 49-51: with the (unproved) monotonicity claim, O(V^2 F A).
FAST_COMPLEXITY = "O(V^2 F A)"

# Line 49: the claim itself. If f is an optimal field for roll r, an optimal
# field for roll r + 1 lies in {f, f + 1}. "I will leave the proof as an
# exercise to the reader."
MONOTONE_STEP = (0, 1)
