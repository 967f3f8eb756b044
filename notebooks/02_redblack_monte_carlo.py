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
# # Red and black cards, played ten million times
#
# **Source:** document 000 (`shared/seeds/000_cd0610b35b05a9e7.txt`), gwern's write-up of
# "Problem 14": 26 red cards (+\$1) and 26 black cards (−\$1) are dealt one by one without
# replacement, and you may stop whenever you like.
#
# ## Overview
#
# Notebook 01 computes the value of optimal play exactly: $2.624475549 for a 52-card deck.
# A value computed by backward induction is a claim about a policy: *if* you play the
# policy the table implies, *then* your average winnings are that number. The document
# checks this the honest way, by playing the policy on random decks (10,000,000 games in R,
# mean $2.6243913), draws 49 sample games, and admits a mistake: its first program kept
# the chance of a red card at 1/2 and found $2.86. This notebook redoes all of that with a
# seeded numba simulator (`stoplib.redblack.simulation`), and asks:
#
# 1. Does the simulated mean agree with the exact value, within its standard error?
# 2. What do optimal games look like, and how are the final winnings distributed?
# 3. What exactly did the $2.86 mistake compute, and does simulating it give $2.86?
# 4. How much more would a player who could see the deck win?

# %%
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import stoplib
from stoplib import redblack as rb
from stoplib.redblack import document as doc
from stoplib.redblack import plots as rbplots
from stoplib.redblack import widgets as rbwidgets

NB = "02_redblack_monte_carlo"
N_GAMES = stoplib.pick(10_000_000, 200_000)
print(f"quick mode: {stoplib.is_quick()}, games per simulation: {N_GAMES:,}")

# %% [markdown]
# ## What value should the simulation reproduce?
#
# The exact value of the 26/26 game, as a fraction and a float, from the DP of notebook 01.

# %%
exact_fraction = rb.value(26, 26, method="exact")
exact = float(exact_fraction)
print(exact_fraction, "=", exact)
assert exact_fraction == doc.VALUE_26_26_EXACT
assert round(exact, 9) == doc.VALUE_26_26

# %% [markdown]
# The fraction is the document's (Haskell) rational exactly, and its decimal is Han
# Zheng's spreadsheet value $2.624475549: **matches**.
#
# ## Does simulation confirm $2.6245?
#
# We play the optimal policy (draw while `V(r, b) > 0`, from the DP policy table) on
# `N_GAMES` shuffled decks; chunks of games run in parallel, each with its own seeded
# random stream.

# %%
res = rb.simulate(26, 26, N_GAMES, seed=2022)
z = res.z_score(exact)
print(f"simulated mean {res.mean:.6f} ± {res.std_err:.6f} (standard error), "
      f"exact {exact:.6f}, z = {z:+.2f}")
assert abs(z) < 4

# %% [markdown]
# The simulated mean lies within a couple of standard errors of the exact value, as it
# must if the policy and the value agree. The standard deviation of one game's winnings
# is large (about $3.5), which is why millions of games are needed for three decimals.
#
# The document's R simulation, 10,000,000 games with mean 2.6243913, can be judged with
# the same yardstick: its standard error is our per-game standard deviation over
# $\sqrt{10^7}$.

# %%
se_doc = res.std / np.sqrt(doc.SIMULATION_GAMES)
z_doc = (doc.SIMULATION_MEAN - exact) / se_doc
comparison = pd.DataFrame({
    "source": ["document (R)", "ours (numba)"],
    "games": [doc.SIMULATION_GAMES, res.n_games],
    "mean": [doc.SIMULATION_MEAN, res.mean],
    "standard error": [se_doc, res.std_err],
    "z vs exact": [z_doc, z],
})
comparison["verdict"] = np.where(comparison["z vs exact"].abs() < 4, "matches", "differs")
assert (comparison.verdict == "matches").all()
comparison

# %% [markdown]
# Both simulations **match** the exact value: the document's mean is 0.13 standard
# errors below it, ours is within the same band.
#
# Reproducibility is part of the claim: the same seed gives the same games whether the
# chunks run in parallel or one after another.

# %%
small = stoplib.pick(2_000_000, 100_000)
par = rb.simulate(26, 26, small, seed=7, parallel=True)
ser = rb.simulate(26, 26, small, seed=7, parallel=False)
assert np.array_equal(par.counts, ser.counts) and par.mean == ser.mean
print(f"parallel and serial: identical histograms, mean {par.mean:.6f}")

# %% [markdown]
# Identical to the last game: every chunk of games draws from its own stream, seeded by
# hashing the seed with the chunk's number, and outcomes are counted in integer
# histograms, so the order in which threads finish cannot matter.
#
# ## What do optimal games look like?
#
# The document draws 49 games as small multiples; here are 49 of ours, each stopping at
# the dot.

# %%
paths = rb.sample_paths(26, 26, doc.SAMPLE_GAMES, seed=49)
fig = rbplots.plot_sample_paths(paths, ylim=doc.SAMPLE_GAMES_YLIM)
stoplib.save_figure(fig, NB, "sample-games")
plt.show()
print(f"stopped after {paths.stop_step.min()}..{paths.stop_step.max()} cards; "
      f"ahead at the end in {(paths.final > 0).sum()} of 49 games, "
      f"behind in {(paths.final < 0).sum()}")

# %% [markdown]
# As in the document, optimal play looks risky: a game may sink several dollars below
# zero and keep drawing, because the cards left are then mostly red. Most games stop
# with a profit; those that never reach the stopping boundary play to the end of the deck
# and finish at $0, and none can finish behind: when you are behind, more red than black
# cards are left, and such a deck is always worth drawing from (its value is at least
# the difference).
#
# ## How are the final winnings distributed?
#
# The simulated histogram against the exact distribution (probabilities carried forward
# through the policy, `winnings_distribution`).

# %%
w_exact, p_exact = rb.winnings_distribution(26, 26)
assert abs((w_exact * p_exact).sum() - exact) < 1e-12
fig, ax = plt.subplots(figsize=(7, 3.5))
rbplots.plot_winnings_distribution(res, ax=ax, exact=exact, exact_distribution=(w_exact, p_exact))
ax.set_title("final winnings of optimal play, 26 red / 26 black")
stoplib.save_figure(fig, NB, "winnings-distribution")
plt.show()

# %% [markdown]
# Every bar sits on its exact marker. The exact mean of this distribution is the DP
# value to 1e-12, a second, independent check of the table. The shape is what the paths
# suggested, and more discrete than one might guess: final winnings take only the values
# 0 to 6. Early in the deck the policy stops only at about +5 or +6 (the stopping
# boundary is roughly $0.84\sqrt{\text{cards left}}$, notebook 03), later at less, and the
# games that never reach the boundary play the deck out and finish at exactly 0.

# %%
dist = pd.DataFrame({"winnings": w_exact, "exact probability": p_exact,
                     "simulated": res.probabilities})
dist = dist[dist["exact probability"] > 0].reset_index(drop=True)
stoplib.save_table(dist, "redblack_winnings_distribution_26_26")
outcomes = res.outcome_probabilities()
exact_outcomes = {"loss": p_exact[w_exact < 0].sum(), "even": p_exact[w_exact == 0].sum(),
                  "win": p_exact[w_exact > 0].sum()}
print({k: (round(outcomes[k], 4), round(float(exact_outcomes[k]), 4)) for k in outcomes})
print(f"average number of cards dealt: {res.mean_draws:.2f} of 52")
assert exact_outcomes["loss"] == 0.0 and outcomes["loss"] == 0.0
dist.head(12)

# %% [markdown]
# Optimal play never loses money on a 26/26 deck: the worst outcome is to break even,
# which happens in 22% of the games (exact 0.2205), and the rest finish ahead. A game
# deals about 36 of the 52 cards on average.
#
# ## Do unbalanced decks check out too?
#
# The same test on decks with more red, more black, and the degenerate ones.

# %%
decks = [(10, 5), (26, 13), (30, 1), (13, 12), (20, 22), (50, 55), (5, 10)]
n_check = stoplib.pick(2_000_000, 100_000)
rows = []
for r, b in decks:
    s = rb.simulate(r, b, n_check, seed=100 * r + b)
    v = rb.value(r, b)
    rows.append({"red": r, "black": b, "exact": v, "simulated": s.mean,
                 "std_err": s.std_err, "z": s.z_score(v)})
unbalanced = pd.DataFrame(rows)
assert (unbalanced.z.abs() < 4).all()
stoplib.save_table(unbalanced, "redblack_simulation_unbalanced")
unbalanced

# %% [markdown]
# All within 4 standard errors. With 30 red and 1 black you draw until the black card
# shows up, except that you stop before it when it is the last card: the value is
# 29 + 1/31. Decks with a few more black than red cards (20/22, 50/55) are still worth
# playing, but 5 red against 10 black is not: the value is 0, and the policy never
# draws (zero variance, z = 0).
#
# ## What did the $2.86 mistake compute?
#
# The document's first R program used probability 1/2 for a red card all game, while
# still counting cards down. Solved exactly (`value_with_replacement`, a DP of that model)
# and simulated with *that model's* optimal policy (`replacement=True`):

# %%
mistake = rb.value_with_replacement(26, 26)
res_mistake = rb.simulate(26, 26, N_GAMES, seed=286, replacement=True)
z_mistake = res_mistake.z_score(mistake)
print(f"mistaken model: DP {mistake:.6f}, simulated {res_mistake.mean:.6f} "
      f"± {res_mistake.std_err:.6f} (z = {z_mistake:+.2f}); document: ${doc.WITH_REPLACEMENT_MISTAKE}")
assert round(mistake, 2) == doc.WITH_REPLACEMENT_MISTAKE
assert abs(z_mistake) < 4
assert abs(rb.replacement_table(26, 26)[26, 26] - mistake) < 1e-12

# %% [markdown]
# The mistaken model is worth $2.8630, which rounds to the document's $2.86: **matches**;
# its simulation agrees with its own DP. It is not the real game: the simulation of the
# real game above sits about 0.24 below it, dozens of standard errors away. The document's
# diagnosis is right: with the probability stuck at 1/2 there is no pull back toward the
# middle after a run of red cards, so good luck can be ridden further.

# %%
fig, ax = plt.subplots(figsize=(7, 3.5))
rbplots.plot_winnings_distribution(res, ax=ax, label="real game", color="tab:blue")
rbplots.plot_winnings_distribution(res_mistake, ax=ax, label="mistaken model (p = 1/2)",
                               color="tab:orange")
ax.set_title("final winnings: the real game against the document's mistake")
stoplib.save_figure(fig, NB, "mistake-distribution")
plt.show()

# %% [markdown]
# The mistaken model has fatter tails on both sides: without the deck's memory it can
# also lose (a run of black cards is not compensated), and it wins bigger.
#
# ## How much would seeing the deck be worth?
#
# The document's footnote: a player who knew the order of the cards could expect $4.04.
# That player stops at the highest point of the walk, so the value is the expected
# maximum prefix sum, computed exactly (notebook 01 derives it).

# %%
omni = rb.omniscient_value(26, 26)
print(omni, "=", float(omni))
assert round(float(omni), 2) == doc.OMNISCIENT_26_26
print(f"information is worth ${float(omni) - exact:.4f} per deck "
      f"({float(omni) / exact:.2f} times the value of optimal play)")

# %% [markdown]
# $4.04: **matches** the footnote. Perfect foresight is worth about $1.42 more per deck
# than optimal play without it.
#
# ## Explore
#
# Choose a deck and a number of games; the panel simulates and compares with the exact
# value. (Widgets need a live kernel; in the static page they show nothing.)

# %%
rbwidgets.simulation_panel()

# %% [markdown]
# ## Open questions
#
# - Why is the probability of finishing behind exactly 0 for balanced decks? Try
#   unbalanced ones with the widget: with more black than red, losing games appear.
# - The standard deviation of a game's winnings grows with the deck; how fast, compared
#   with the value's $\sqrt{n}$ (notebook 03)?
# - How long do optimal games last as the deck grows? (`res.draw_counts` holds the
#   distribution of the number of cards dealt.)
# - The mistaken model is worth more than the real game for every deck? Compare
#   `value_with_replacement` with `value` over a grid of decks.
