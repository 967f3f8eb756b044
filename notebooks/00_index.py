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
# # stoplib: optimal play in card and dice games
#
# This is a research workbook. Each chapter takes one published analysis of a game of
# chance (a blog post, a paper, a contest write-up, a puzzle page), rebuilds every
# computation in it from scratch, sets each number the document prints beside ours, says
# plainly where they agree and where they do not, and then goes a step further than the
# document did. The games are small enough to solve exactly and rich enough to be
# interesting: when to stop turning cards, where to place a die roll, when to stop rolling,
# when to hit at blackjack with a known deck, how to stack a deck so that one player always
# wins at hold'em.
#
# ## How to read it
#
# - **Read** a chapter from the top: it starts with an overview of the document and the
#   questions the chapter answers, and ends with a *verdict table* covering every number
#   and claim of the document, its references and links to its neighbours. One rule judges
#   every row (`stoplib.workbook.verdicts`): a number *agrees* when ours prints the same at
#   the precision the document prints (a random estimate: within 4 standard errors), it
#   *differs* when it does not (with the evidence), a claim we cannot settle is *open*, and
#   the document's own running times and settings on its hardware are *context*: shown
#   beside ours, never counted as agreeing or differing.
# - **Rerun** it: *Run → Run All Cells*. Set `STOPLIB_QUICK=1` in the environment before
#   starting JupyterLab for a run of seconds on smaller sizes; the default, full mode,
#   uses the document's sizes (minutes).
# - **Explore**: each chapter has panels of sliders, boxes and buttons. Values out of a
#   control's range are refused with a message, never clipped. **Save figure** writes the
#   panel's picture as PNG, SVG and PDF to `figures/`, named after its parameters.
# - **Reuse**: the notebooks call the `stoplib` package (one subpackage per game); every
#   table they compute is in `data/` as CSV and every figure in `figures/`.
#
# The overview below reads the verdict tables the chapters wrote (`data/*_verdicts.csv`,
# committed with the notebooks), and the last cell recomputes one number from each chapter
# on your machine.

# %%
import base64
import time

import pandas as pd
from IPython.display import HTML, display

import stoplib as sl
from stoplib import cardcounter as cc, fields as fl, holdem as hd, race, redblack as rb, tenthousand as tt
from stoplib.cardcounter import document as cc_doc
from stoplib.fields import document as fl_doc
from stoplib.holdem import document as hd_doc
from stoplib.redblack import document as rb_doc, frontier as rbf
from stoplib.tenthousand import document as tt_doc
from stoplib.workbook import readme

md, number = sl.prose.md, sl.prose.number
chapters = readme.chapters()

# %% [markdown]
# ## The chapters
#
# One picture, the headline result and the verdict count of each chapter; click a title to
# open it.

# %%
def chapter_card(row) -> str:
    """One chapter as an HTML table row: thumbnail, title, headline and verdict counts."""
    link = f"{row.notebook}.ipynb"
    counts = f"{row.agrees} agree · {row.differs} differ · {row.open} open · {row.context} context"
    picture = base64.b64encode(readme.thumbnail(row.notebook)).decode()
    return (f'<tr><td style="width:250px"><a href="{link}"><img src="data:image/png;base64,{picture}" '
            f'width="240" style="max-height:200px;object-fit:contain" alt="{row.title}"></a></td>'
            f'<td style="text-align:left"><a href="{link}"><b>{row.notebook[:2]} {row.title}</b></a>'
            f'<br><i>{row.claim}</i><br>the document: {sl.prose.escape(row.document)}'
            f'<br>we find: {sl.prose.escape(row.ours)} (<b>{row.verdict}</b>)'
            f'<br><small>{counts} · <a href="{link}#References">references</a></small></td></tr>')


display(HTML("<table>" + "".join(chapter_card(row) for row in chapters.itertuples()) + "</table>"))

# %%
totals = chapters[["agrees", "differs", "open", "context"]].sum()
md(f"Across the {len(chapters)} chapters the verdict tables hold {int(totals.sum())} numbers and "
   f"claims of the source documents: {int(totals['agrees'])} agree with ours, "
   f"{int(totals['differs'])} differ (each with its evidence: typos, a misread figure, a "
   f"different convention, an error), {int(totals['open'])} are open, and {int(totals['context'])} "
   "are the documents' own timings and settings, shown for context.")

# %% [markdown]
# ## Check a number from each chapter now
#
# Each line calls the package the way the chapter does and sets the result beside the
# same quantity as the document prints it, judged by the workbook's one rule. How long each
# call took on this machine is a separate column (it includes loading the compiled kernels
# from numba's cache; a first run on a fresh machine compiles them, which takes longer).

# %%
def timed(compute):
    """``(value, seconds)`` of ``compute()``."""
    start = time.perf_counter()
    value = compute()
    return value, time.perf_counter() - start


checks = [
    ("01", "V(26, 26), the 52-card game", rb_doc.VALUE_26_26, lambda: rb.value(26, 26), 9),
    ("05", "V*(ι), the value of a turn of Ten Thousand", tt_doc.VALUE, lambda: tt.solve().value, 6),
    ("06", "Example 5, the player's win probability", cc_doc.EX5_ANSWER,
     lambda: cc.win_probability(cc_doc.EX5_DECK, cc_doc.EX5_DEALER, cc_doc.EX5_PLAYER), 6),
    ("07", "cuts of the printed deck won by player 1", 52,
     lambda: hd.deck_value(hd.parse_deck(hd_doc.EXAMPLE_DECK)).wins, 0),
    ("08", "first player's win in two-player Pig to 100, %", tt_doc.PIG_FIRST_PLAYER_PERCENT,
     lambda: 100 * tt.pig_duel(100).first_player_win, 2),
    ("09", "the same, by the engine for three or more players run with two, %", tt_doc.PIG_FIRST_PLAYER_PERCENT,
     lambda: 100 * race.equilibrium("pig", 100, players=2).win_probability(0), 2),
]
rows = []
for chapter, what, document, compute, digits in checks:
    value, seconds = timed(compute)
    printed = f"{document:.{digits}f}" if isinstance(document, float) else str(document)
    rows.append({"chapter": chapter, "quantity": what, "the document": printed,
                 "ours": f"{value:.{digits}f}", "verdict": sl.verdicts.judge(printed, value),
                 "seconds on this machine": seconds})
sl.show_table(pd.DataFrame(rows), formats={"seconds on this machine": "{:.3f}"},
              headers={"the document": "The document", "seconds on this machine": "Seconds on this machine"})

# %% [markdown]
# Chapter 04's document prints no win probability (its only number is a running time, 12 s on
# its own machine); we print ours here with its time, beside nothing.

# %%
win, seconds = timed(lambda: fl.win_probability(fl_doc.TIMING_V, fl_doc.TIMING_F))
md(f"Win({fl_doc.TIMING_V}, {fl_doc.TIMING_F}) = {sl.prose.scientific(win, 6)}, computed in {seconds:.3f} s on this machine "
   f"(the document: {fl_doc.TIMING_SECONDS:g} s in Python with big integers, on its machine).")

# %%
frontier = rbf.load_frontier()
gpu_part = ("" if frontier.n_exact == frontier.n_max else
            f", and to {frontier.n_exact:,} with the GPU sweeps that chapter 01 records (`data/redblack_gpu_runs.csv`)")
md(f"Chapter 02 simulates ten million games, and chapter 03 reads exact values up to {frontier.n_max:,} cards of "
   f"each colour from the committed CPU sweeps (`data/redblack_frontier.csv`){gpu_part}; their headline numbers "
   "are in the table of chapters above, and the notebooks compute them.")

# %% [markdown]
# ## Where things live
#
# | you want | look in |
# |---|---|
# | the rules, solvers and simulations of a game | `stoplib/<game>/` (`rules`, `solver`, `twins`, `simulation`, ...) |
# | the numbers a document prints, transcribed | `stoplib/<game>/document.py` |
# | the verdicts, claim by claim | the end of each chapter, and `data/<notebook>_verdicts.csv` |
# | tables and figures | `data/` (CSV) and `figures/` (PNG, SVG, PDF) |
# | how fast it is | `make bench`, and `benchmarks/` |
#
# ## References
#
# Every source the workbook cites, from `references.bib` (each chapter ends with the ones it
# leans on).

# %%
sl.references.cite(*sl.references.keys(), heading="")

# %% [markdown]
# ---
# [01 Red and black cards →](01_redblack_dp.ipynb)
