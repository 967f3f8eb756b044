"""The increasing-fields game: the source document and the numbers it prints.

The source is a single undated web page on Mikolaj Stepinski's site,
https://mikolajstepinski.online/ (the page itself is unsigned; the site carries
his name). It holds a playable version of the game (values, fields, *New Game*,
*Roll a number*, a live "Win prob:" readout) and a write-up in sections: "Game
rules", "Instructions", and under "Solution": "Calculating win probability",
"Time complexity", "Optimization" and "Win probability from any state".

Facts only: the numbers and checkable claims of the page, with the section that
states each. The page prints no win probability (its "Win prob:" is the live
widget, empty in the text), so its only numbers are one timing and the sizes it
was taken at, the base cases and the complexity claims below. Notebook 04 and
the tests (``tests/fields/``) set our results beside them; the claims are checked
in :mod:`stoplib.fields.claims`.
"""

__all__ = [
    "AUTHOR", "TITLE", "URL", "CITATION",
    "TIMING_V", "TIMING_F", "TIMING_SECONDS", "WIN_NO_FIELDS", "WIN_MORE_FIELDS_THAN_VALUES",
    "PLAIN_COMPLEXITY", "FAST_COMPLEXITY", "MONOTONE_STEP",
]

#: Who wrote the page (the site's owner; the page is unsigned).
AUTHOR = "Mikolaj Stepinski"
#: What the page is (it has no printed title; its sections are "Game rules" and "Solution").
TITLE = "the increasing-fields game, with its solution (\u201cCalculating win probability\u201d)"
#: Where to read it.
URL = "https://mikolajstepinski.online/"
#: One line a reader can follow (the page is undated).
CITATION = f"{AUTHOR}, {TITLE}, web page, {URL} (undated)"

# "Optimization": "Win(1000, 20) computes in 12 seconds", with the author's
# Python implementation (big integers and math.comb, the O(V^2 F A) version).
# The page names no machine.
TIMING_V = 1000
TIMING_F = 20
TIMING_SECONDS = 12.0

# "Calculating win probability", base cases: "Win(V, 0) = 1" (no fields: the
# game is won) and "Win(a, b) = 0 if a < b" (more fields than values: it
# cannot be won).
WIN_NO_FIELDS = 1
WIN_MORE_FIELDS_THAN_VALUES = 0

# "Time complexity": Win is computed O(V F) times, each in O(V F A) (A: the
# cost of the binomials), in all O(V^2 F^2 A).
PLAIN_COMPLEXITY = "O(V^2 F^2 A)"
# "Optimization": with the (unproved) monotonicity claim, O(V^2 F A).
FAST_COMPLEXITY = "O(V^2 F A)"

# "Optimization", the claim itself: if f is the optimal field for roll r, the
# optimal field for roll r + 1 is in {f, f + 1}. "I will leave the proof as an
# exercise to the reader."
MONOTONE_STEP = (0, 1)
