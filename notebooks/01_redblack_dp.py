# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Red and black cards: when to stop, by dynamic programming
#
# **Source:** document 000 (`shared/seeds/000_cd0610b35b05a9e7.txt`), gwern's write-up of
# "Problem 14" from Nigel Coldwell's interview-question page, with Han Zheng's spreadsheet,
# an R program, a Haskell program and a series of ever faster C programs.
#
# ## Overview
#
# A deck holds 26 red cards, each worth +\$1, and 26 black cards, each worth −\$1. The cards
# are turned over one at a time, without replacement, and you may stop whenever you like,
# keeping what you have. Stopping at once is worth \$0 and drawing all 52 cards is worth \$0,
# yet good play is worth about \$2.62. The document computes that number five ways, from a
# spreadsheet to a 15-thread C program, and prints its numbers along the way. This notebook
# reruns every one of them and asks:
#
# 1. What is the game worth, exactly?
# 2. What did the spreadsheet actually compute, cell by cell?
# 3. How do the dynamic-programming methods work, and how fast is each on this machine?
# 4. When should you stop?
# 5. Which game is the R program's "143 cards, worth \$6.21519192"?
#
# All the algorithms live in `stoplib.redblack` (the solver, `stoplib.redblack.solver`, is
# numba kernels behind a validated API); the figures are drawn by `stoplib.redblack.plots`
# and the panel at the end is built by `stoplib.redblack.widgets`. Notebook 02 simulates the
# game and notebook 03 studies how the value grows with the deck.

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display

import stoplib as sl
from stoplib import redblack as rb
from stoplib.redblack import document as doc
from stoplib.redblack import plots as rbplots
from stoplib.redblack import widgets as rbwidgets

NB = "01_redblack_dp"
print("quick mode" if sl.is_quick() else "full mode")

# %% [markdown]
# ## What is the game worth, exactly?
#
# Only the numbers of red and black cards left matter, so let $V(r, b)$ be the value of the
# rest of the game, net of what you already hold. With no red card left you stop; with no
# black card left you take every red card; otherwise you compare stopping (0) with drawing:
#
# $$V(r, b) = \max\Bigl(0,\ \tfrac{r}{r+b}\bigl(V(r-1, b) + 1\bigr) + \tfrac{b}{r+b}\bigl(V(r, b-1) - 1\bigr)\Bigr),
# \qquad V(0, b) = 0,\quad V(r, 0) = r.$$
#
# In exact rational arithmetic the 52-card game comes out as a fraction, which we set beside
# the one nshepperd's Haskell program prints (document line 1018).

# %%
exact = rb.value(26, 26, method="exact")
print(f"ours:     {exact}  = {float(exact):.15f}")
print(f"document: {doc.VALUE_26_26_EXACT}")
assert exact == doc.VALUE_26_26_EXACT
print("matches")

# %% [markdown]
# The fraction is identical, numerator and denominator. Han Zheng's spreadsheet answer
# \$2.624475549 (line 13) is this number rounded to nine decimals.

# %%
v26 = rb.value(26, 26)
assert round(v26, 9) == doc.VALUE_26_26
print(f"float64 value {v26:.12f}; document {doc.VALUE_26_26}: matches")

# %% [markdown]
# The R program prints the values of every balanced deck from 0/0 to 26/26 (lines 828-832),
# and the C program prints the same list with six decimals (lines 1045-1071). One sweep of
# the tiled kernel over the 26 x 26 square gives all 27 at once.

# %%
balanced = rb.balanced_values(26)
c_float = rb.c_program_values(26)
table = pd.DataFrame({
    "n": np.arange(27),
    "ours": balanced,
    "R (9 decimals)": doc.BALANCED_0_TO_26_R,
    "C (6 decimals)": doc.BALANCED_0_TO_26_C,
    "ours, single precision": c_float,
})
table["R matches"] = np.round(table["ours"], 9) == np.round(table["R (9 decimals)"], 9)
table["C matches"] = np.isclose(np.round(table["ours"], 6), table["C (6 decimals)"], rtol=0, atol=1e-9)
assert table["R matches"].all()
assert np.max(np.abs(table["ours"] - table["C (6 decimals)"])) < 1e-6
table.style.format(precision=9)

# %% [markdown]
# All 27 R values match to the nine decimals printed. The C list differs from the correctly
# rounded six-decimal values in the last digit for four decks:

# %%
table.loc[~table["C matches"], ["n", "ours", "C (6 decimals)", "ours, single precision"]]

# %% [markdown]
# Those four are 1 unit in the sixth decimal (under 1e-6), the size of single-precision
# rounding: the C program keeps its table in `float`, not `double`. Our emulation of that
# program (`c_program_values`: float storage, double arithmetic) moves the values by the same
# amount and reproduces the C digit at n = 13, but not at n = 20, 24 and 26; the exact digits
# depend on how the C compiler (with `-Ofast`) ordered the arithmetic, which we cannot rerun.
# The difference is a precision artefact of the C program, not a different answer.

# %%
assert list(table.loc[~table["C matches"], "n"]) == [13, 20, 24, 26]
assert np.max(np.abs(c_float - balanced)) < 1e-6
emulated = np.isclose(np.round(c_float, 6), table["C (6 decimals)"], rtol=0, atol=1e-9)
print("C digits reproduced by the single-precision emulation:", int(emulated.sum()), "of 27;",
      "not at n =", list(table.loc[~emulated, "n"]))
assert list(table.loc[~emulated, "n"]) == [20, 24, 26]

# %% [markdown]
# ## What did the spreadsheet actually compute?
#
# The document reproduces Han Zheng's 27 x 27 spreadsheet (lines 15-798): a header
# "Good #", the labels 26 down to 0, then 27 rows, each a label and 27 cells printed to
# about four significant digits. Here it is as printed (transcribed once into
# `stoplib.redblack.document`).

# %%
sheet = pd.DataFrame(doc.SPREADSHEET, index=pd.Index(doc.SPREADSHEET_ROW_LABELS, name="row label"),
                     columns=pd.Index(doc.SPREADSHEET_LABELS, name="column label"))
sheet.iloc[:8, :10]

# %% [markdown]
# The natural reading puts red ("Good #") across the top and makes each cell the value
# $V(r, b)$. Comparing every cell with our table at the printed precision says that reading
# is wrong for most cells:

# %%
naive = rb.spreadsheet_comparison("value")
print(f"naive reading: {naive.n_match} of {naive.n_cells} cells match, {naive.n_differ} differ")
assert naive.n_match == 79

# %% [markdown]
# The 79 cells that match are the main diagonal (where the two readings coincide) and the two
# edges labelled 0 (where both readings give 0, or give the number of red cards). The other
# 650 differ, and not by rounding: the cell
# read as $V(1, 2)$ prints 0.3333 where $V(1, 2) = 0$ (stopping ties with drawing), and the
# whole "red = 1" column prints $1/(b+1)$.

# %%
df = naive.table
print(df[(df.red == 1) & (df.black == 2)][["row_label", "col_label", "printed", "ours"]].to_string(index=False))
col = df[(df.red == 1)].sort_values("black")
assert np.allclose(col.printed, 1 / (col.black + 1), rtol=1e-3)

# %% [markdown]
# The spreadsheet's own description says what it does: "the value in each cell is the
# maximum of either what we are currently holding or the expected return of a gamble". Its
# cells count the money *already held* in the 26/26 game, and its rows, not its columns, are
# the red cards left. With $r$ red and $b$ black cards left you hold $(26 - r) - (26 - b) = b - r$,
# so a cell should be $(b - r) + V(r, b)$. `holdings_table` runs exactly the spreadsheet's rule,
# $W(r, b) = \max\bigl(b - r,\ \tfrac{r}{r+b} W(r-1, b) + \tfrac{b}{r+b} W(r, b-1)\bigr)$, and
# a test checks that it equals holding plus $V$.

# %%
holdings = rb.spreadsheet_comparison("holdings")
print(f"holdings reading: {holdings.n_match} of {holdings.n_cells} cells match")
assert holdings.n_match == holdings.n_cells == 729

# %% [markdown]
# Every one of the 729 cells matches to the digits printed. The spreadsheet is right; it is
# laid out with red cards left down the side (the "Good #" label belongs to the rows) and it
# shows expected final winnings rather than the value of the remaining game. The column that
# looked like "1 red card, $b$ black" and read $1/(b+1)$ is really "$r$ red cards, 1 black":
# $(1 - r) + V(r, 1) = 1/(r+1)$, because $V(r, 1) = r - 1 + 1/(r+1)$. The two maps below show
# which cells match under each reading.

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
rbplots.plot_spreadsheet_comparison(axes[0], naive, title="cell = V(column, row): 79 of 729 match")
rbplots.plot_spreadsheet_comparison(axes[1], holdings, title="cell = (b - r) + V(r, b), rows red: all match")
fig.tight_layout()
sl.save_figure(fig, NB, "spreadsheet-comparison")
plt.show()

# %% [markdown]
# *Figure: each square is one spreadsheet cell in the document's layout; green where our
# number, rounded to four significant digits, prints as the document prints it.*
#
# Our own value table $V(r, b)$ for the 52-card deck, drawn as a heat map, shows the
# structure the spreadsheet hides: a large region of exact zeros (stop) on the side with
# more black cards.

# %%
values = rb.value_table(26, 26)
recomputed = rb.holdings_table(26, 26)
fig, axes = plt.subplots(1, 2, figsize=(17, 7))
rbplots.plot_value_heatmap(axes[0], recomputed, cmap="magma",
                      title="the spreadsheet recomputed: (b - r) + V(r, b)")
rbplots.plot_value_heatmap(axes[1], values, title="V(r, b): value of the rest of the game")
fig.tight_layout()
sl.save_figure(fig, NB, "value-heatmap")
plt.show()
sl.save_table(pd.DataFrame(values, index=pd.Index(range(27), name="red"),
                           columns=[f"black_{b}" for b in range(27)]),
              "redblack_value_table_26", index=True)

# %% [markdown]
# *Figure: left, the spreadsheet's quantity recomputed by `holdings_table` (expected final
# winnings counting money held); right, $V(r, b)$; red cards left up the side, black cards
# left across.* The table of $V$ is saved as `data/redblack_value_table_26.csv`. Here is the
# recomputed spreadsheet in the document's own layout and rounding; it reads cell for cell
# like the printed one.

# %%
layout = pd.DataFrame(recomputed[::-1, ::-1], index=pd.Index(range(26, -1, -1), name="red left"),
                      columns=pd.Index(range(26, -1, -1), name="black left"))
layout.map(lambda x: float(f"{x:.4g}")).iloc[:8, :10]

# %% [markdown]
# The first rows and columns shown agree with the printed sheet above digit for digit.
#
# ## How do the methods work, and how fast is each?
#
# The document walks through five implementations. `stoplib.redblack.value` has each one as a
# `method`:
#
# * **topdown**: the recursion as written, memoised with `functools.cache`. Every state
#   $(r, b)$ is computed once and kept, so memory grows with the square of the deck. The
#   recursion is as deep as the deck is long, which is where the document's R version hit its
#   stack limit; ours first asks for the corners of 64 x 64 blocks in order, so each call
#   recurses only through one block (and refuses more than `MAX_TOPDOWN_CELLS` states).
# * **exact**: the same recursion in `fractions.Fraction`; the numerators grow to hundreds of
#   digits, so it is for small decks.
# * **row**: bottom-up, one row $r$ at a time in a single array of $n_\text{black} + 1$ floats,
#   as in the document's Haskell and C programs. Each cell waits for its left neighbour, so
#   the loop is a chain of dependent operations. A row ends at its first zero: the rest is
#   the stop region.
# * **diagonal**: bottom-up along anti-diagonals $k = r + b$. The cells of one anti-diagonal
#   depend only on the previous one, so the inner loop has no chain: one reciprocal $1/k$ per
#   diagonal, two distinct arrays, and LLVM turns the loop into AVX-512 instructions. Cells
#   known to be in the stop region are skipped.
# * **tiled**: the wavefront over square tiles of the document's last C program. The tiles on
#   one tile anti-diagonal are independent and run in parallel (numba `prange`); inside a tile
#   the cells are swept diagonally as above. A tile entirely in the stop region is skipped
#   without being touched, and only the edges of tiles are stored, so memory is $O(N)$.
#
# All float methods agree to 1e-12 relative on random balanced and unbalanced decks, and with
# the exact fraction on small ones (`tests/redblack/test_solver.py`). We time them on the same decks;
# the numbers depend on what else this shared 2-core machine is doing.

# %%
n_small = sl.pick(300, 100)
n_big = sl.pick(100_000, 2_000)
runs = [(m, n_small) for m in ("exact", "topdown", "row", "diagonal", "tiled")]
runs += [("topdown", sl.pick(1_000, 300))]
runs += [(m, n_big) for m in ("row", "diagonal", "tiled")]
timings = pd.DataFrame([rb.time_method(m, n, n).__dict__ for m, n in runs])
timings["value"] = timings["value"].map(lambda x: f"{x:.9f}")
timings[["method", "n_red", "seconds", "cells", "cells_per_second", "value"]].style.format(
    {"seconds": "{:.4f}", "cells_per_second": "{:.3g}", "cells": "{:,}"})

# %% [markdown]
# On the same deck every method prints the same value. The exact and top-down versions
# handle a few hundred cards per colour in about a second. At the large size the row sweep,
# a chain of dependent operations, updates on the order of 1e8 cells per second, while the
# vectorised sweeps update billions: the gap between a latency-bound loop and a SIMD loop.
# The tiled kernel's use of the second core shows only when the machine is otherwise idle
# (it waits at a barrier after every tile anti-diagonal); `make bench` measures it with and
# without the second core.

# %%
big = timings[timings.n_red == n_big]
assert big["value"].nunique() == 1
small = timings[timings.n_red == n_small]
assert small["value"].nunique() == 1
sl.save_table(timings, "redblack_method_timings")
fig, ax = plt.subplots(figsize=(7, 3.2))
labels = timings.assign(method=timings["method"] + " (n = " + timings["n_red"].map("{:,}".format) + ")")
rbplots.plot_method_timings(ax, labels)
ax.set_title("seconds per method (this machine, under whatever load it had)")
sl.save_figure(fig, NB, "method-timings")
plt.show()

# %% [markdown]
# *Figure: wall-clock seconds, log scale.* `benchmarks/bench_redblack.py` (run by
# `make bench`) repeats these timings at n = 10,000, 100,000 and, with `--full`, 1,000,000.
#
# The document's fastest program computes 100,000 red against 100,000 black cards and prints
# \$165.075847 (line 1363). Our tiled kernel does the same sweep here, about 5 billion cell
# updates after skipping the stop region.

# %%
t100k = rb.time_method("tiled", 100_000, 100_000)
print(f"V(100000, 100000) = {t100k.value:.6f} in {t100k.seconds:.2f} s; document {doc.VALUE_100000}")
assert round(t100k.value, 6) == doc.VALUE_100000
print("matches")

# %% [markdown]
# ## When should you stop?
#
# The policy is a threshold. For each number $r$ of red cards left there is a number of black
# cards, the stopping boundary, from which on stopping is optimal; with fewer black cards you
# draw. We define `stopping_boundary(r)` as the fewest black cards $b$ with $V(r, b) = 0$,
# i.e. with drawing worth no more than stopping (ties stop: with 1 red and 2 black cards,
# drawing is worth exactly 0). With no red card left the boundary is 0.

# %%
boundary = rb.stopping_boundary(sl.pick(400, 100))
print("r:        ", list(range(13)))
print("boundary: ", boundary[:13].tolist())
assert boundary[0] == 0 and np.all(np.diff(boundary) >= 0)
assert np.all(boundary[1:] > np.arange(1, len(boundary)))

# %% [markdown]
# The boundary is non-decreasing and lies strictly above the diagonal $b = r$: while at least
# as many red cards as black remain, you always draw. In the 26/26 game, $b - r$ black cards
# in excess in the deck means you are $b - r$ dollars ahead, so optimal play never stops
# while level or behind, and stops only once it is ahead by at least `boundary[r] - r`
# dollars: 1 dollar with one red card left, 6 with 26, 24 with 400.

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
rbplots.plot_stopping_boundary(axes[0], boundary)
rbplots.plot_policy(axes[1], rb.policy_table(26, 26), title="policy in the 52-card deck")
fig.tight_layout()
sl.save_figure(fig, NB, "stopping-boundary")
plt.show()

# %% [markdown]
# *Left: the boundary (red step) and the diagonal $b = r$ (dashed); the region to its right
# is "stop". Right: the policy for every position of the 26/26 game (green: draw).* The
# boundary runs about $c\sqrt{r}$ to the right of the diagonal, which is what makes the value
# grow like a square root (notebook 03). The Brownian-bridge limit (Shepp 1969; notebook 03)
# predicts "stop once you are ahead by $\alpha\sqrt{\text{cards left}}$" with
# $\alpha \approx 0.8399$; here cards left is $r + b$, so the gap should approach
# $\alpha\sqrt{r + b}$.

# %%
gap = boundary[1:] - np.arange(1, len(boundary))
alpha, _ = rb.bridge_constant()
r_last = len(boundary) - 1
for r in (1, 4, 26, 100, r_last):
    b = boundary[r]
    print(f"r = {r:>3}: stop from b = {b:>3}, ahead by {b - r:>2};"
          f" alpha * sqrt(r + b) = {alpha * np.sqrt(r + b):5.2f}")
assert abs((boundary[r_last] - r_last) - alpha * np.sqrt(2 * r_last)) < 2

# %% [markdown]
# The gap tracks $\alpha\sqrt{r + b}$ to within a card already at a few hundred cards.
#
# ## Which game is "143 cards, worth \$6.21519192"?
#
# The document says its R version runs "all the way up to 143 cards, worth \$6.21519192,
# where it hits a stack limit" (line 833). A 143-card deck cannot be balanced; the value
# fits 143 cards *of each colour*:

# %%
v143 = rb.value(143, 143)
print(f"V(143, 143) = {v143:.8f}; document {doc.R_LIMIT_VALUE}")
print(f"V(72, 71) = {rb.value(72, 71):.8f}, V(71, 72) = {rb.value(71, 72):.8f} (143 cards in all)")
assert round(v143, 8) == doc.R_LIMIT_VALUE
print("matches, as 143 red + 143 black = 286 cards")

# %% [markdown]
# So "cards" in that sentence, as in the document's later fits, counts the cards of one
# colour.
#
# ## Two more numbers from the document
#
# The footnote says a player who could see the order of the deck would win \$4.04 on
# average. Such a player stops at the top of the walk, so the value is the expected maximum
# prefix sum of a random arrangement, which the reflection principle gives exactly
# (`omniscient_value`; a path-counting twin checks it in the tests). The author's first R
# program, which kept the chance of a red card at 1/2 all game, gave \$2.86; `value_with_replacement`
# reruns that recursion exactly (notebook 02 simulates it).

# %%
omni = rb.omniscient_value(26, 26)
mistake = rb.value_with_replacement(26, 26)
print(f"omniscient: {float(omni):.6f} (= {omni.numerator}/{omni.denominator}); document {doc.OMNISCIENT_26_26}")
print(f"fixed 1/2 mistake: {mistake:.6f}; document {doc.WITH_REPLACEMENT_MISTAKE}")
assert round(float(omni), 2) == doc.OMNISCIENT_26_26
assert round(mistake, 2) == doc.WITH_REPLACEMENT_MISTAKE
print("both match")

# %% [markdown]
# Seeing the deck is worth \$4.04 - \$2.62 = \$1.42 more than playing optimally blind.
#
# ## Explore: any deck
#
# The panel below recomputes the value, the stopping boundary with your position marked, and
# the policy map for every position reachable from it. Move a slider and release it.

# %%
display(rbwidgets.position_panel())

# %% [markdown]
# ## Open questions
#
# * The boundary sits about $0.84\sqrt{r + b}$ black cards past the diagonal. How fast does
#   the gap converge to the Brownian-bridge rule, and from which side?
# * With the sliders: how unbalanced can a deck be (more black than red) and still be worth
#   playing? Compare `stopping_boundary` with the decks where `value` turns positive.
# * The spreadsheet stores expected *final* winnings. Which layout would have made its
#   stop region visible at a glance?
# * The tiled kernel skips the stop region; the document also suggests skipping values below
#   machine precision. How much of the square would that save at 1,000,000 cards?
