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
# **Source:** Gwern Branwen, FeepingCreature, nshepperd and Khoth, "Problem 14 Dynamic
# Programming Solutions", gwern.net, October 2022, <https://gwern.net/problem-14> ("the
# document" below). It takes "problem 14" from Nigel Coldwell's page of interview questions,
# reproduces Han Zheng's spreadsheet answer, and solves the problem again in R, Neat, Haskell
# and a series of ever faster C programs.
#
# ## Overview
#
# A deck holds 26 red cards, each worth +<span class="tex2jax_ignore">&#36;</span>1, and 26
# black cards, each worth −<span class="tex2jax_ignore">&#36;</span>1. The cards are turned
# over one at a time, without replacement, and you may stop whenever you like, keeping what
# you have. Stopping at once is worth nothing and drawing all 52 cards is worth nothing, yet
# good play is worth about <span class="tex2jax_ignore">&#36;</span>2.62. The document
# computes that number five ways, from a spreadsheet to a 15-thread C program, and prints its
# numbers along the way. This notebook reruns every one of them and asks:
#
# 1. What is the game worth, exactly?
# 2. What did the spreadsheet actually compute, cell by cell?
# 3. How do the dynamic-programming methods work, and how fast is each here?
# 4. When should you stop?
# 5. Which game is the R program's "143 cards"?
#
# The algorithms live in `stoplib.redblack` (numba kernels behind a validated API), the
# figures in `stoplib.redblack.plots`, the panel at the end in `stoplib.redblack.widgets`,
# and the verdict table that closes the notebook in `stoplib.redblack.claims`.

# %%
import os

import numpy as np
import pandas as pd

import stoplib as sl
from stoplib import redblack as rb
from stoplib.redblack import asymptotics as rba
from stoplib.redblack import claims
from stoplib.redblack import document as doc
from stoplib.redblack import frontier as rbf
from stoplib.redblack import plots as rbplots
from stoplib.redblack import widgets as rbwidgets
from stoplib.workbook import readme

NB = "01_redblack_dp"
print("quick mode" if sl.is_quick() else "full mode")

# %% [markdown]
# The parameters a reader may change. Every check below holds for any of their values; the
# comparisons with the document are about the document's own 52-card deck.

# %%
N_SMALL = sl.pick(300, 100)          # deck side for the slow methods
N_BIG = sl.pick(100_000, 2_000)      # deck side for the fast ones
N_BOUNDARY = sl.pick(400, 100)       # rows of the stopping boundary

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
# the one nshepperd's Haskell program prints (section "Haskell" of the document), and beside
# Han Zheng's spreadsheet answer.

# %%
exact = rb.value(26, 26, method="exact")
v26 = rb.value(26, 26)
print(f"ours, exact:   {exact} = {float(exact):.15f}")
print(f"ours, float64: {v26:.15f}")
print(f"document:      {doc.VALUE_26_26_EXACT} (Haskell), {doc.VALUE_26_26} (spreadsheet)")
assert exact == doc.VALUE_26_26_EXACT
assert round(float(exact), 9) == doc.VALUE_26_26 and abs(v26 - float(exact)) < 1e-14

# %% [markdown]
# The fraction is identical, numerator and denominator, and the spreadsheet's
# <span class="tex2jax_ignore">&#36;</span>2.624475549 is it rounded to nine decimals:
# **agrees**.
#
# The R program prints the values of every balanced deck from 0/0 to 26/26 to nine decimals,
# and the C program prints the same list to six. One sweep of the tiled kernel over the
# 26 × 26 square gives all 27 at once; beside them, the C program's own arithmetic emulated
# (`c_program_values`: a table of single-precision `float`, as the C code declares it).

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
table["R agrees"] = np.round(table["ours"], 9) == np.round(table["R (9 decimals)"], 9)
table["C agrees"] = np.isclose(np.round(table["ours"], 6), table["C (6 decimals)"], rtol=0, atol=1e-9)
emulated = np.isclose(np.round(c_float, 6), table["C (6 decimals)"], rtol=0, atol=1e-9)
assert table["R agrees"].all()
assert np.max(np.abs(table["ours"] - table["C (6 decimals)"])) <= 1e-6
assert np.max(np.abs(c_float - balanced)) < 1e-6
c_off = table.loc[~table["C agrees"], "n"].tolist()
sl.show_table(table, formats={c: "{:.9f}" for c in ("ours", "R (9 decimals)", "ours, single precision")}
              | {"C (6 decimals)": "{:.6f}"},
              headers={"n": "n (each colour)", "ours": "Ours (double precision)", "R (9 decimals)": "R, 9 decimals",
                       "C (6 decimals)": "C, 6 decimals", "ours, single precision": "Ours, C's single precision",
                       "R agrees": "R prints ours", "C agrees": "C prints ours"})

# %%
off_emulated = table.loc[~emulated, "n"].tolist()
sl.prose.md(
    f"All 27 R values agree to the nine decimals printed. The C list differs from the correctly "
    f"rounded six-decimal values in the last digit for {len(c_off)} decks (n = {', '.join(map(str, c_off))}), "
    f"by one unit of 10⁻⁶: the size of single-precision rounding, since the C program keeps its table "
    f"in `float`. Our emulation of that program moves the values by as much, and reproduces the printed "
    f"C digit at {len(c_off) - len(set(c_off) & set(off_emulated))} of those {len(c_off)} decks; the rest "
    f"depend on how the C compiler (with `-Ofast`) ordered the arithmetic, which we cannot rerun. "
    f"A precision artefact of the C program, not another answer.")

# %% [markdown]
# ## What did the spreadsheet actually compute?
#
# The document reproduces Han Zheng's 27 × 27 spreadsheet: a header "Good #", the labels 26
# down to 0, then 27 rows, each a label and 27 cells printed to about four significant
# digits. Its top-left corner, as printed (transcribed once into `stoplib.redblack.document`):

# %%
sheet = pd.DataFrame(doc.SPREADSHEET, index=pd.Index(doc.SPREADSHEET_ROW_LABELS, name="row label"),
                     columns=pd.Index(doc.SPREADSHEET_LABELS, name="column label"))
sl.show_table(sheet.iloc[:8, :10].rename_axis("Row label \\ column label").reset_index(), digits=4)

# %% [markdown]
# The natural reading puts red ("Good #") across the top and makes each cell the value
# $V(r, b)$. We compare every cell with our table at the printed precision:

# %%
naive = rb.spreadsheet_comparison("value")
df = naive.table
matching = set(zip(df.row_label[df.matches], df.col_label[df.matches]))
expected = {(r, c) for r, c in zip(df.row_label, df.col_label) if r == c or r == 0 or c == 0}
assert matching == expected          # the diagonal and the two edges labelled 0, nothing else
one_red = df[df.red == 1].sort_values("black")
assert np.allclose(one_red.printed, 1 / (one_red.black + 1), rtol=1e-3)
cell = df[(df.red == 1) & (df.black == 2)].iloc[0]
sl.prose.md(
    f"Under this reading only **{naive.n_match} of {naive.n_cells}** cells agree: the main diagonal (where "
    f"any reading of the axes coincides) and the two edges labelled 0 (where both readings give 0, or "
    f"the number of red cards). The other {naive.n_differ} differ, and not by rounding: the cell read as "
    f"V(1, 2) prints {cell.printed_text} where V(1, 2) = {cell.ours:g} (stopping ties with drawing), "
    f"and the whole \"red = 1\" column prints 1/(b + 1).")

# %% [markdown]
# The spreadsheet's own description says what it does: "the value in each cell is the maximum
# of either what we are currently holding or the expected return of a gamble". Its cells
# count the money *already held* in the 26/26 game, and its rows, not its columns, are the
# red cards left. With $r$ red and $b$ black cards left you hold $(26 - r) - (26 - b) = b - r$,
# so a cell should be $(b - r) + V(r, b)$. `holdings_table` runs exactly the spreadsheet's
# rule, $W(r, b) = \max\bigl(b - r,\ \tfrac{r}{r+b} W(r-1, b) + \tfrac{b}{r+b} W(r, b-1)\bigr)$,
# and a test checks that it equals holding plus $V$.

# %%
holdings = rb.spreadsheet_comparison("holdings")
assert holdings.n_match == holdings.n_cells
sl.prose.md(
    f"Under the spreadsheet's own reading **all {holdings.n_match} of {holdings.n_cells}** cells agree to "
    f"the digits printed: **agrees**. The sheet is right; it is laid out with red cards left down the "
    f"side (the \"Good #\" label belongs to the rows) and it shows expected final winnings rather than "
    f"the value of the rest of the game. The column that looked like \"1 red card, b black\" and read "
    f"1/(b + 1) is really \"r red cards, 1 black\": (1 − r) + V(r, 1) = 1/(r + 1), because "
    f"V(r, 1) = r − 1 + 1/(r + 1).")

# %% [markdown]
# How far off is the naive reading, cell by cell? The figure colours every printed cell by the
# printed number minus $V(\text{column}, \text{row})$:

# %%
fig, ax = sl.style.figure(figsize=(7.5, 6.2))
rbplots.plot_spreadsheet_comparison(
    ax, naive, title=f"cells read as V(column, row): {naive.n_match} of {naive.n_cells} print the same")
sl.save_figure(fig, NB, "spreadsheet-comparison")
sl.style.show(fig)

# %%
gap = df.assign(gap=df.printed - df.ours).pivot(index="row_label", columns="col_label", values="gap")
worst_cell = df.loc[(df.printed - df.ours).abs().idxmax()]
antisymmetric = bool(np.allclose(gap.to_numpy(), -gap.to_numpy().T, atol=1e-3))
off_diagonal = (df.row_label != df.col_label) & (df.row_label > 0) & (df.col_label > 0)
small = float((df.printed - df.ours)[off_diagonal].abs().min())
sl.caption(
    f"How far each printed cell of Han Zheng's spreadsheet is from the naive reading V(column, row), in the sheet's "
    f"own layout (dots: the {naive.n_match} cells that print the same). Off the diagonal and the two 0 edges no "
    f"cell is within rounding: the gaps run from {sl.prose.money(small, 3)} to "
    f"{sl.prose.money(abs(worst_cell.printed - worst_cell.ours))} (row {worst_cell.row_label}, column "
    f"{worst_cell.col_label}), largest a few cards off the diagonal"
    + (", and each gap is minus its mirror image across the diagonal, as the spreadsheet's own reading "
       "explains: printed − V(column, row) = (column − row) + V(row, column) − V(column, row). "
       if antisymmetric else ". ")
    + f"Read as the spreadsheet intends (red cards left down the side, cells = money held + V), all "
    f"{holdings.n_match} cells print the same.")

# %% [markdown]
# Our own table $V(r, b)$ for the 52-card deck shows what the spreadsheet's layout hides: a
# large region where the rest of the game is worth exactly nothing, on the side with more
# black cards.

# %%
values = rb.value_table(26, 26)
fig, ax = sl.style.figure(figsize=(7.5, 5.2))
rbplots.plot_value_heatmap(ax, values)
sl.save_figure(fig, NB, "value-heatmap")
_ = sl.save_table(pd.DataFrame(values, index=pd.Index(range(27), name="red"),
                               columns=[f"black_{b}" for b in range(27)]),
                  "redblack_value_table_26", index=True)
share_zero = float(np.mean(values[1:, 1:] == 0))
sl.style.show(fig)

# %%
sl.caption(
    f"V(r, b), the value of the rest of the game, red cards left up the side, black across; grey where "
    f"V = 0 and you stop. {sl.prose.percent(share_zero, 0)} of the positions with both colours left are worth "
    f"nothing more. "
    f"The table is saved as `data/redblack_value_table_26.csv`.")

# %% [markdown]
# Recomputed in the document's layout and rounding, the spreadsheet's quantity reads cell for
# cell like the printed corner above:

# %%
recomputed = rb.holdings_table(26, 26)
layout = pd.DataFrame(recomputed[::-1, ::-1], index=pd.Index(range(26, -1, -1), name="red left"),
                      columns=pd.Index(range(26, -1, -1), name="black left"))
shown = layout.map(lambda x: float(f"{x:.4g}")).iloc[:8, :10]
assert np.array_equal(shown.to_numpy(), sheet.iloc[:8, :10].to_numpy())
sl.show_table(shown.rename_axis("Red left \\ black left").reset_index(), digits=4)

# %% [markdown]
# ## How do the methods work, and how fast is each?
#
# The document walks through five implementations. `stoplib.redblack.value` has each one as
# a `method`:
#
# * **topdown**: the recursion as written, memoised with `functools.cache`. Every state
#   $(r, b)$ is computed once and kept, so memory grows with the square of the deck. The
#   recursion is as deep as the deck is long, which is where the document's R version hit
#   its stack limit; ours first asks for the corners of 64 × 64 blocks in order, so each
#   call recurses only through one block (and refuses more than `MAX_TOPDOWN_CELLS` states).
# * **exact**: the same recursion in `fractions.Fraction`; the numerators grow to hundreds of
#   digits, so it is for small decks.
# * **row**: bottom-up, one row $r$ at a time in a single array of $n_\text{black} + 1$ floats,
#   as in the document's Haskell and C programs. Each cell waits for its left neighbour, so
#   the loop is a chain of dependent operations. A row ends at its first zero: the rest is
#   the stop region.
# * **diagonal**: bottom-up along anti-diagonals $k = r + b$. The cells of one anti-diagonal
#   depend only on the previous one, so the inner loop has no chain and the compiler can
#   vectorise it. Cells known to be in the stop region are skipped.
# * **tiled**: the wavefront over square tiles of the document's last C program. The tiles
#   on one tile anti-diagonal are independent and run in parallel (numba `prange`); inside a
#   tile the cells are swept diagonally as above. A tile entirely in the stop region is
#   skipped, and only the edges of tiles are stored, so memory is $O(N)$.
#
# All float methods agree to 1e-12 relative on random balanced and unbalanced decks, and
# with the exact fraction on small ones (`tests/redblack/test_solver.py`). We time them on
# the same decks. A timing says as much as the machine it ran on and what else that machine
# was doing, so every timing below carries both: the machine, and its load average (the
# number of processes wanting a core) when it was taken.

# %%
runs = [(m, N_SMALL) for m in ("exact", "topdown", "row", "diagonal", "tiled")]
runs += [("topdown", sl.pick(1_000, 300))]
runs += [(m, N_BIG) for m in ("row", "diagonal", "tiled")]
timings = pd.DataFrame([rb.time_method(m, n, n).__dict__ for m, n in runs])
for n in (N_SMALL, N_BIG):                       # every method prints the same value
    same = timings[timings.n_red == n]["value"]
    assert np.allclose(same, same.iloc[0], rtol=1e-12, atol=0)
_ = sl.save_table(timings, "redblack_method_timings")
cores = os.cpu_count()
loaded = timings.load.max() > cores              # more processes wanting a core than there are cores
sl.show_table(timings[["method", "n_red", "seconds", "cells", "cells_per_second", "value", "load", "taken"]],
              formats={"seconds": "{:.4f}", "cells_per_second": lambda v: f"{v / 1e6:,.0f}", "value": "{:.9f}",
                       "load": "{:.1f}"},
              headers={"n_red": "n (each colour)", "cells": "Cells updated",
                       "cells_per_second": "Cells per second (millions)", "load": "Load average (1 min)"},
              caption=f"Machine: {timings.machine.iloc[0]}")

# %%
fig, ax = sl.style.figure(figsize=(7.5, 3.6))
rbplots.plot_method_timings(
    ax, timings.assign(method=timings["method"] + " (n = " + timings["n_red"].map("{:,}".format) + ")"))
ax.set_title(f"{timings.machine.iloc[0].split(';')[0]}, load average "
             f"{timings.load.min():.1f} to {timings.load.max():.1f}", fontsize=9)
sl.save_figure(fig, NB, "method-timings")
sl.style.show(fig)

# %%
rate = timings[timings.n_red == N_BIG].set_index("method")["cells_per_second"]


def millions(x):
    """Cells per second as a reader takes them in: 170 million, 3,600 million."""
    return f"{x / 1e6:,.0f} million"


speedup = min(rate["diagonal"], rate["tiled"]) / rate["row"]
low, high = timings.load.min(), timings.load.max()
load_text = f"{high:.1f}" if f"{low:.1f}" == f"{high:.1f}" else f"{low:.1f} to {high:.1f}"
if loaded:
    reading = (f"The load average was {load_text} while they ran, above the machine's {cores} cores: other work "
               f"took turns on the same cores, so each time is an upper bound, and the ratios between methods "
               f"say how the machine was shared as much as how the methods compare. What survives such a load is "
               f"the order of magnitude: the row sweep, a chain of dependent operations, updated "
               f"{millions(rate['row'])} cells per second at n = {N_BIG:,}, the vectorised sweeps "
               f"{millions(min(rate['diagonal'], rate['tiled']))} or more. `make bench` compares them on a quiet "
               "machine")
else:
    reading = (f"The load average was {load_text} on {cores} cores, so the methods had the cores to themselves. "
               f"At n = {N_BIG:,} the row sweep, a chain of dependent operations, updates {millions(rate['row'])} "
               f"cells per second, the diagonal sweep {millions(rate['diagonal'])} and the tiled wavefront "
               f"{millions(rate['tiled'])}: the vectorised sweeps update {speedup:.0f} times as many cells per second "
               f"or more, the gap between a latency-bound loop and a vectorised one. `make bench` repeats these "
               "timings")
sl.caption(
    f"Wall-clock seconds per method and deck (log scale), one timed run each after a warm-up call on a small "
    f"deck, on {timings.machine.iloc[0]} at {timings.taken.iloc[-1]}. On the same deck every method prints the "
    f"same value. {reading}, at 10,000, 100,000 and, with `--full`, 1,000,000 cards. The timings are saved, "
    f"with their machine and load, in `data/redblack_method_timings.csv`.")

# %% [markdown]
# The document's parallel programs compute 100,000 red against 100,000 black cards and print
# <span class="tex2jax_ignore">&#36;</span>165.075847 (section "Diagonalization"). We compute
# the same value with the diagonal and the tiled kernels and set our times beside every time
# the document reports for it, each with its machine.

# %%
t_diag = rb.time_method("diagonal", 100_000, 100_000)
t_tiled = rb.time_method("tiled", 100_000, 100_000)
print(f"V(100000, 100000) = {t_tiled.value:.6f}; document {doc.VALUE_100000}")
assert round(t_tiled.value, 6) == doc.VALUE_100000 and abs(t_diag.value - t_tiled.value) < 1e-9
doc_times = claims.document_timings(t_diag, t_tiled)
_ = sl.save_table(doc_times, "redblack_document_timings")
sl.show_table(doc_times.drop(columns=["n", "machine", "taken"]),
              formats={"document seconds": "{:g}", "our seconds": "{:.3f}", "load": "{:.1f}"},
              headers={"program": "Program", "document seconds": "The document's seconds",
                       "document machine": "The document's machine", "our method": "Our method",
                       "our seconds": "Our seconds", "load": "Our load average (1 min)"},
              caption=f"Our machine: {t_tiled.machine}")

# %%
load_100k = max(t_diag.load, t_tiled.load)
sl.prose.md(
    f"The value **agrees** to all six decimals. Our diagonal kernel took {t_diag.seconds:.2f} s and the "
    f"tiled one {t_tiled.seconds:.2f} s on {t_tiled.machine}, at a load average of {load_100k:.1f} on "
    f"{cores} cores"
    + (" (above the core count: other work shared the cores, so both are upper bounds, and which kernel is "
       "faster cannot be read off them)" if load_100k > cores else "")
    + f"; the document reports {doc.DIAGONAL2_SECONDS['clang']:g} s for its vectorised diagonal program on a "
    f"laptop and {doc.SKIPPING_SECONDS:g} s for its block-and-skip program on a 16-core Threadripper. Different "
    f"machines, compilers and loads: the comparison is a scale, not a race, and the verdict table counts these "
    f"rows as context. The table is saved as `data/redblack_document_timings.csv`.")

# %% [markdown]
# The same tiled wavefront, made resumable (it writes its frontier to a checkpoint file and
# carries on after a stop with the same bits), was run much further on this project's
# development machine, for hours at a time; notebook 03 studies those values. The committed
# results, as `data/redblack_frontier.csv` holds them now:

# %%
front = rbf.load_frontier()
how = front.sweeps.method.str.replace(r"^tiled, diagonal of n=(\d+)$",
                                      lambda m: f"read off the diagonal of the {int(m.group(1)):,} sweep", regex=True)
sl.show_table(front.sweeps.assign(method=how), formats={"value": "{:.6f}", "seconds": "{:,.0f}"},
              headers={"n": "n (each colour)", "value": "V(n, n)", "method": "How", "seconds": "Seconds"},
              caption="Seconds: wall-clock time summed over each sweep's sessions, on the machine named, shared "
                      "with other work; the machine's load is stated where the script recorded it")

# %%
largest = front.largest
sl.prose.md(
    f"The largest CPU sweep reached n = {int(largest.n):,} cards of each colour, V = {largest.value:.6f}, in "
    f"{largest.seconds:,.0f} s ({largest.seconds / 3600:.1f} hours) of wall-clock time on {largest.machine}: "
    f"bottom-up dynamic programming with the stop region skipped does evaluate decks in the millions of cards, "
    f"as the document says, with memory for a few arrays of n numbers. Those seconds were taken on a shared "
    f"machine over several sessions; they say how long it took, not how fast it can go.")

# %% [markdown]
# ### On a GPU
#
# The same wavefront also runs as a CUDA kernel (`method="cuda"`, `stoplib.redblack.gpu`):
# one thread block per tile, one thread per row of the tile, each cell computed from the
# value the thread of the row above handed over one step earlier. This machine has no GPU;
# sessions of the project that were lent one, a quarter of an hour at a time, recorded what
# they measured in `data/redblack_gpu_runs.csv`, each row with its device and host. The values are
# compared with the CPU's sweeps above (the GPU fuses `a*b + c` into one operation, so the
# last bits may differ).

# %%
gpu_runs = rb.recorded_gpu_runs()
run_names = {"cuda": "GPU, V(n, n) alone", "tiled, 16 host cores": "host CPU, tiled, 16 cores"}
sl.show_table(gpu_runs[["what", "n", "seconds", "cells_per_s", "value", "cpu_value", "rel_diff", "note"]]
              .replace({"what": run_names}),
              formats={"seconds": "{:,.2f}", "cells_per_s": lambda v: f"{v / 1e9:,.0f}", "value": "{:.9f}",
                       "cpu_value": "{:.9f}", "rel_diff": "{:.1e}"},
              headers={"what": "Run", "n": "n (each colour)", "seconds": "Seconds",
                       "cells_per_s": "Cells per second (billions)", "value": "V(n, n), GPU",
                       "cpu_value": "V(n, n), CPU", "rel_diff": "Relative difference", "note": "Note"},
              caption="Device: " + "; ".join(sorted(set(gpu_runs.device) - {"(host CPU)"}))
                      + ". Host: " + "; ".join(sorted(set(gpu_runs.host))))

# %%
on_gpu = gpu_runs[gpu_runs.what == "cuda"].set_index("n")
n_top = int(on_gpu.index.max())
cpu_top = front.sweeps.set_index("n").loc[n_top]
sweeps = gpu_runs[gpu_runs.what.str.startswith("one sweep")]
whole = sweeps.dropna(subset=["seconds"]).sort_values("n")   # the whole sweeps, smallest first
first_sweep, big = whole.iloc[0], whole.iloc[-1]
past = sweeps.dropna(subset=["value"]).groupby("n")["value"].first()
n_past = int(big.n)
gpu_rate = on_gpu.loc[n_top, "cells_per_s"]
ten_minutes = (2 * big.cells_per_s * 600) ** 0.5    # a sweep of n x n updates about n^2 / 2 cells
sl.prose.md(
    f"On {on_gpu.device.iloc[0]}, V({n_top:,}, {n_top:,}) took **{on_gpu.loc[n_top, 'seconds']:,.0f} s** "
    f"({gpu_rate / 1e9:,.0f} billion cells per second), against {cpu_top.seconds:,.0f} s "
    f"({cpu_top.seconds / 3600:.1f} hours) for the CPU sweep in the table above on {cpu_top.machine}; the two "
    f"values differ by {on_gpu.loc[n_top, 'rel_diff']:.1e} relative. At 100,000 cards the GPU and the host's "
    f"tiled sweep on all its cores compute every V(i, i) alike to {on_gpu.loc[100_000, 'rel_diff']:.0e}. One "
    f"sweep of {int(first_sweep.n):,} cards took {first_sweep.seconds:,.0f} s. **How far does an exact sweep get "
    f"in ten minutes?** The largest sweep recorded, {n_past:,} cards of each colour, took "
    f"**{big.seconds:,.1f} s** of sweeping ({'under' if big.seconds <= 600 else 'over'} ten minutes; "
    f"{big.cells_per_s / 1e9:,.0f} billion cells per second) and gives every V(k, k) on its way, among them "
    f"**V({n_past:,}, {n_past:,}) = {past[n_past]:.6f}**, past the CPU's largest sweep. At that rate a full "
    f"600 s would reach about {ten_minutes / 1e6:.1f} million cards (the work grows as the square of the deck).")

# %% [markdown]
# ## When should you stop?
#
# The policy is a threshold. For each number $r$ of red cards left there is a number of
# black cards, the stopping boundary, from which on stopping is optimal; with fewer black
# cards you draw. `stopping_boundary(r)` is the fewest black cards $b$ with $V(r, b) = 0$,
# i.e. with drawing worth no more than stopping (ties stop: with 1 red and 2 black cards,
# drawing is worth exactly 0). With no red card left the boundary is 0.

# %%
comparison = rba.boundary_comparison(N_BOUNDARY)   # the exact boundary beside the bridge's rule
boundary = comparison.exact
r = np.arange(N_BOUNDARY + 1)
assert boundary[0] == 0 and np.all(np.diff(boundary) >= 0)
assert np.all(boundary[1:] > r[1:])                  # never stop while level or behind
alpha, _ = rb.bridge_constant()
rows = sorted({1, 4, min(26, N_BOUNDARY), min(100, N_BOUNDARY), N_BOUNDARY})
stops = pd.DataFrame({"red left r": rows, "stop from b black": boundary[rows],
                      "ahead by b − r": boundary[rows] - np.array(rows),
                      "α √(r + b)": alpha * np.sqrt(np.array(rows) + boundary[rows])})
sl.show_table(stops, formats={"α √(r + b)": "{:.2f}"},
              headers={"red left r": "Red cards left, r", "stop from b black": "Stop from b black cards",
                       "ahead by b − r": "Ahead by b − r (dollars)", "α √(r + b)": "α √(r + b) (dollars)"})

# %%
lead = boundary[1:] - r[1:]
far = r[1:] >= min(100, N_BOUNDARY)
worst = float(np.max(np.abs(lead[far] - alpha * np.sqrt(r[1:][far] + boundary[1:][far]))))
assert worst < 1.0
sl.prose.md(
    f"The boundary lies strictly beyond the diagonal b = r: while at least as many red cards as black "
    f"remain, you always draw. In a balanced game b − r black cards in excess means you are b − r dollars "
    f"ahead, so optimal play never stops while level or behind, and stops only once it is ahead by "
    f"{lead[0]} dollar with one red card left, {lead[min(26, N_BOUNDARY) - 1]} with "
    f"{min(26, N_BOUNDARY)}, {lead[-1]} with {N_BOUNDARY}. The Brownian-bridge limit (Shepp 1969; "
    f"notebook 03) predicts \"stop once ahead by α √(cards left)\" with α = {alpha:.4f}; from "
    f"{min(100, N_BOUNDARY)} red cards on, the exact lead is within {worst:.2f} dollar of it.")

# %%
fig, (left, right) = sl.style.figure(1, 2, figsize=(11, 4.2))
rbplots.plot_boundary_gap(left, comparison)
left.set_title("how far ahead optimal play stops")
rbplots.plot_policy(right, rb.policy_table(26, 26), title="the policy in the 52-card deck")
sl.save_figure(fig, NB, "stopping-boundary")
sl.style.show(fig)

# %% [markdown]
# **Figure.** How far ahead optimal play must be before it stops, and what it does in every
# position of the 52-card game. Left: the lead b − r at which it stops, row by row (step),
# against the bridge's α √(r + b) (dashed): the lead grows like the square root of the cards
# left, which is what makes the value grow like a square root (notebook 03). Right: the action
# in every position.
#
# ## Which game is "143 cards, worth <span class="tex2jax_ignore">&#36;</span>6.21519192"?
#
# The document says its R version runs "all the way up to 143 cards, worth
# <span class="tex2jax_ignore">&#36;</span>6.21519192, where it hits a stack limit". A
# 143-card deck cannot be balanced; the value fits 143 cards *of each colour*:

# %%
v143 = rb.value(doc.R_LIMIT_CARDS, doc.R_LIMIT_CARDS)
print(f"V(143, 143) = {v143:.8f}; document {doc.R_LIMIT_VALUE}")
print(f"V(72, 71) = {rb.value(72, 71):.8f}, V(71, 72) = {rb.value(71, 72):.8f} (143 cards in all)")
assert round(v143, 8) == doc.R_LIMIT_VALUE

# %% [markdown]
# **Agrees**, as 143 red + 143 black = 286 cards: "cards" in that sentence, as in the
# document's later fits, counts the cards of one colour.
#
# ## Explore: any deck
#
# The panel recomputes the value, the stopping boundary with your position marked, and the
# policy map for every position reachable from it. Move the slider and release it, or type a
# number of black cards; the button saves the figure (PNG, SVG and PDF in `figures/`).

# %%
rbwidgets.position_panel()

# %% [markdown]
# The chapter's picture in the index and the README gallery, the value table, drawn small enough
# to read at 240 pixels (`figures/01_redblack_dp-thumbnail.png`; not shown here):

# %%
fig, ax = sl.style.figure(figsize=readme.THUMBNAIL_SIZE)
rbplots.plot_value_heatmap(ax, values, title="V(r, b); grey: stop")
_ = sl.save_figure(fig, NB, "thumbnail", formats="png")

# %% [markdown]
# ## Verdicts
#
# Every number and claim of the document about the value, the spreadsheet and the programs,
# with our number beside it (notebook 02 covers the simulation, notebook 03 the growth law).
# One rule judges them all (`stoplib.workbook.verdicts`): a printed number agrees when ours
# prints the same at the digits shown. Running times on the document's machines are
# *context*: they are set beside ours in the timing table above, never counted as agreeing
# or differing.

# %%
verdicts = claims.verdicts(NB, frontier=front)   # the committed sweeps, as read above
_ = sl.save_table(verdicts, f"{NB}_verdicts")
sl.verdicts.styler(verdicts)

# %%
sl.prose.md(sl.verdicts.summary(verdicts, list_differences=True) + f" Saved as `data/{NB}_verdicts.csv`.")

# %% [markdown]
# ## Open questions
#
# * The stop lead sits about α √(cards left) past the diagonal. How fast does it converge
#   to the Brownian-bridge rule, and from which side? (Notebook 03 compares thousands of rows.)
# * With the panel: how unbalanced can a deck be (more black than red) and still be worth
#   playing?
# * The spreadsheet stores expected *final* winnings. Which layout would have made its stop
#   region visible at a glance?
# * The tiled kernel skips the stop region; the document also suggests skipping values
#   below machine precision. How much of the square would that save at 1,000,000 cards?
#
# [02 Red and black cards, played ten million times →](02_redblack_monte_carlo.ipynb) ·
# [index](00_index.ipynb)

# %%
sl.references.cite("gwern2022problem14", "shepp1969explicit", "ekstrom2009bridge")
