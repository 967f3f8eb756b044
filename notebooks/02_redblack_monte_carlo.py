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
# **Source:** Gwern Branwen, FeepingCreature, nshepperd and Khoth, "Problem 14 Dynamic
# Programming Solutions", gwern.net, October 2022, <https://gwern.net/problem-14> ("the
# document"): 26 red cards (+<span class="tex2jax_ignore">&#36;</span>1) and 26 black cards
# (−<span class="tex2jax_ignore">&#36;</span>1) are dealt one by one without replacement, and
# you may stop whenever you like.
#
# ## Overview
#
# Notebook 01 computes the value of optimal play exactly:
# <span class="tex2jax_ignore">&#36;</span>2.624475549 for a 52-card deck. A value computed by
# backward induction is a claim about a policy: *if* you play the policy the table implies,
# *then* your average winnings are that number. The document checks this the honest way, by
# playing the policy on random decks (10,000,000 games in R, mean
# <span class="tex2jax_ignore">&#36;</span>2.6243913), draws 49 sample games, and admits a
# mistake: its first program kept the chance of a red card at 1/2 and found
# <span class="tex2jax_ignore">&#36;</span>2.86. A footnote adds that a player who could see
# the deck would win <span class="tex2jax_ignore">&#36;</span>4.04. This notebook redoes all
# of that with a seeded numba simulator (`stoplib.redblack.simulation`), and asks:
#
# 1. Does the simulated mean agree with the exact value, within its standard error?
# 2. What do optimal games look like, and how are the final winnings distributed?
# 3. What exactly did the mistake compute, and does simulating it give its value?
# 4. How much more would a player who could see the deck win?

# %%
import math

import numpy as np
import pandas as pd

import stoplib as sl
from stoplib import redblack as rb
from stoplib.redblack import claims
from stoplib.redblack import document as doc
from stoplib.redblack import plots as rbplots
from stoplib.redblack import widgets as rbwidgets
from stoplib.workbook import readme

NB = "02_redblack_monte_carlo"
print("quick mode" if sl.is_quick() else "full mode")

# %% [markdown]
# The parameters a reader may change (every check below holds for any of them):

# %%
N_GAMES = sl.pick(10_000_000, 200_000)   # games per simulation of the 52-card deck
N_CHECK = sl.pick(2_000_000, 100_000)    # games per unbalanced deck
SEED = 2022

# %% [markdown]
# ## What should the simulation reproduce?
#
# The exact value of the 26/26 game from the DP of notebook 01, and the exact distribution
# of the final winnings under the optimal policy (`winnings_distribution`: probabilities
# carried forward through the policy), whose variance says how precise a simulation can be.

# %%
exact_fraction = rb.value(26, 26, method="exact")
exact = float(exact_fraction)
w_exact, p_exact = rb.winnings_distribution(26, 26)
mean_exact = float((w_exact * p_exact).sum())
var_exact = float((w_exact ** 2 * p_exact).sum() - mean_exact ** 2)
sd_exact = math.sqrt(var_exact)
print(f"value {exact_fraction} = {exact:.9f}")
print(f"winnings of one game: mean {mean_exact:.9f}, variance {var_exact:.4f}, standard deviation {sd_exact:.4f}")
assert exact_fraction == doc.VALUE_26_26_EXACT and abs(mean_exact - exact) < 1e-12

# %%
sl.prose.md(
    f"The mean of the exact distribution is the DP value to 10⁻¹², a second, independent check of "
    f"the table. One game's winnings have variance {var_exact:.2f}, a standard deviation of "
    f"{sl.prose.money(sd_exact)}: a simulation of N games has standard error {sd_exact:.2f}/√N, "
    f"{sd_exact / math.sqrt(N_GAMES):.5f} for our {N_GAMES:,} games.")

# %% [markdown]
# ## Does the simulation agree with the exact value?
#
# We play the optimal policy (draw while V(r, b) > 0, read off the DP policy table) on as
# many shuffled decks as set above; chunks of games run in parallel, each with its own seeded
# random stream.

# %%
res = rb.simulate(26, 26, N_GAMES, seed=SEED, show_progress=False)
z = res.z_score(exact)
print(f"simulated mean {res.mean:.6f} ± {res.std_err:.6f} (standard error), exact {exact:.6f}, z = {z:+.2f}")
print(f"standard deviation of one game: simulated {res.std:.4f}, exact {sd_exact:.4f}")
assert abs(z) < 4
assert abs(res.std / sd_exact - 1) < 5 / math.sqrt(N_GAMES) + 0.01

# %%
sl.prose.md(
    f"The simulated mean lies {abs(z):.2f} standard errors from the exact value, as it must if the "
    f"policy and the value agree: **agrees**. The simulated standard deviation of one game, "
    f"{sl.prose.money(res.std)}, is the exact {sl.prose.money(sd_exact)}; it is why millions of games "
    f"are needed for three decimals.\n\n"
    f"The document's R simulation, {doc.SIMULATION_GAMES:,} games with mean {doc.SIMULATION_MEAN}, can be "
    f"judged with the same yardstick: its standard error is the exact standard deviation over "
    f"√{doc.SIMULATION_GAMES:,}.")

# %%
se_doc = sd_exact / math.sqrt(doc.SIMULATION_GAMES)
z_doc = (doc.SIMULATION_MEAN - exact) / se_doc
comparison = pd.DataFrame({
    "simulation": ["document (R)", "ours (numba)"],
    "games": [doc.SIMULATION_GAMES, res.n_games],
    "mean": [doc.SIMULATION_MEAN, res.mean],
    "standard error": [se_doc, res.std_err],
    "z against the exact value": [z_doc, z],
})
comparison["verdict"] = np.where(comparison["z against the exact value"].abs() < 4, "agrees", "differs")
assert (comparison.verdict == "agrees").all()
sl.show_table(comparison, headers={"standard error": "Standard error",
                                   "z against the exact value": "z (against the exact value)"},
              formats={"mean": "{:.7f}", "standard error": "{:.6f}",
                                   "z against the exact value": "{:+.2f}"})

# %%
sl.prose.md(
    f"Both simulations **agree** with the exact value: the document's mean is {abs(z_doc):.2f} standard "
    f"errors {'below' if z_doc < 0 else 'above'} it, ours {abs(z):.2f} "
    f"{'below' if z < 0 else 'above'}.\n\n"
    f"Reproducibility is part of the claim: the same seed gives the same games whether the chunks run "
    f"in parallel or one after another.")

# %%
small = sl.pick(2_000_000, 100_000)
par = rb.simulate(26, 26, small, seed=7, parallel=True, show_progress=False)
ser = rb.simulate(26, 26, small, seed=7, parallel=False, show_progress=False)
assert np.array_equal(par.counts, ser.counts) and par.mean == ser.mean
print(f"{small:,} games, parallel and serial: identical histograms, mean {par.mean:.6f}")

# %% [markdown]
# Identical to the last game: every chunk of games draws from its own stream of the
# project's one random generator (SplitMix64, `stoplib.util.rng`), started by hashing the seed
# with the chunk's number, and outcomes are counted in integer histograms, so the order in
# which threads finish cannot matter.
#
# ## What do optimal games look like?
#
# The document draws 49 games as small multiples; here are 49 of ours, each stopping at the
# dot.

# %%
paths = rb.sample_paths(26, 26, doc.SAMPLE_GAMES, seed=49)
fig = rbplots.plot_sample_paths(paths)
sl.save_figure(fig, NB, "sample-games")
sl.style.show(fig)

# %%
ahead, behind = int((paths.final > 0).sum()), int((paths.final < 0).sum())
even = paths.final.size - ahead - behind
sl.caption(
    f"{paths.final.size} optimal games of the 52-card deck, winnings card by card, each stopping at its dot. They stop "
    f"after {paths.stop_step.min()} to {paths.stop_step.max()} cards; {ahead} end ahead, {even} even, "
    f"{behind} behind. As in the document, optimal play looks risky: a game may sink to "
    f"{sl.prose.money(paths.paths.min(), 0)} and keep drawing, because the cards left are then mostly "
    f"red. Games that never reach the stopping boundary play to the end of the deck and finish at "
    f"{sl.prose.money(0, 0)}; none can finish behind, since a deck with more red than black cards left "
    f"is always worth drawing from. (The document plots its games between "
    f"{sl.prose.money(doc.SAMPLE_GAMES_YLIM[0], 0)} and {sl.prose.money(doc.SAMPLE_GAMES_YLIM[1], 0)}; ours "
    f"reach {sl.prose.money(paths.paths.min(), 0)} and {sl.prose.money(paths.paths.max(), 0)}, so we "
    f"let the range follow the data.)")

# %% [markdown]
# ## How are the final winnings distributed?
#
# The simulated histogram against the exact distribution:

# %%
fig, ax = sl.style.figure(figsize=(8.5, 3.6))
rbplots.plot_winnings_distribution(ax, res, exact=exact, exact_distribution=(w_exact, p_exact))
ax.set_title("final winnings of optimal play, 26 red / 26 black")
sl.save_figure(fig, NB, "winnings-distribution")
sl.style.show(fig)

# %%
dist = pd.DataFrame({"winnings": w_exact, "exact probability": p_exact, "simulated": res.probabilities})
dist = dist[(dist["exact probability"] > 0) | (dist["simulated"] > 0)].reset_index(drop=True)
assert (dist["exact probability"] > 0).all()   # nothing simulated that the exact law forbids
bin_se = np.sqrt(dist["exact probability"] * (1 - dist["exact probability"]) / res.n_games)
assert (np.abs(dist["simulated"] - dist["exact probability"]) < 4 * bin_se).all()   # every bar meets its tick
_ = sl.save_table(dist, "redblack_winnings_distribution_26_26")
outcomes = res.outcome_probabilities()
p_even, p_loss = float(p_exact[w_exact == 0].sum()), float(p_exact[w_exact < 0].sum())
assert p_loss == 0.0 and outcomes["loss"] == 0.0
top = int(dist.winnings.max())
sl.caption(
    f"The final winnings of {res.n_games:,} simulated games (bars: the share ending with each amount) against "
    f"the exact distribution (black ticks) and the exact value (dashed line). Every bar meets its tick. Final "
    f"winnings take only the values 0 to {top}: early in the deck the policy stops only once well ahead "
    f"(the stopping lead grows like α √(cards left), notebook 03), later at less, and the games that never "
    f"reach the boundary finish at exactly 0. Optimal play never loses money on a 26/26 deck: the worst "
    f"outcome is to break even, which happens in {sl.prose.percent(p_even)} of games (simulated "
    f"{sl.prose.percent(outcomes['even'])}), and the rest finish ahead. A game deals "
    f"{res.mean_draws:.1f} of the 52 cards on average. The distribution is saved as "
    f"`data/redblack_winnings_distribution_26_26.csv`.")

# %%
sl.show_table(dist, formats={"exact probability": "{:.6f}", "simulated": "{:.6f}"},
              headers={"winnings": "Final winnings (dollars)", "exact probability": "Exact probability",
                       "simulated": "Simulated share"})

# %% [markdown]
# ## Do unbalanced decks check out too?
#
# The same test on decks with more red, more black, and a degenerate one.

# %%
decks = [(10, 5), (26, 13), (30, 1), (13, 12), (20, 22), (50, 55), (5, 10)]
rows = []
for r, b in decks:
    s = rb.simulate(r, b, N_CHECK, seed=100 * r + b, show_progress=False)
    v = rb.value(r, b)
    rows.append({"red": r, "black": b, "exact": v, "simulated": s.mean, "standard error": s.std_err,
                 "z": s.z_score(v)})
unbalanced = pd.DataFrame(rows)
assert (unbalanced.z.abs() < 4).all()
assert abs(rb.value(30, 1) - (29 + 1 / 31)) < 1e-12
_ = sl.save_table(unbalanced, "redblack_simulation_unbalanced")
sl.show_table(unbalanced, headers={"standard error": "Standard error"},
              formats={"exact": "{:.6f}", "simulated": "{:.6f}", "standard error": "{:.6f}",
                                   "z": "{:+.2f}"})

# %%
worthless = unbalanced[unbalanced.exact == 0]
positive_black = unbalanced[(unbalanced.black > unbalanced.red) & (unbalanced.exact > 0)]
sl.prose.md(
    f"All within {unbalanced.z.abs().max():.1f} standard errors. With 30 red and 1 black you draw until "
    f"the black card shows up, except that you stop before it when it is the last card: the value is "
    f"29 + 1/31 = {rb.value(30, 1):.6f}. Decks with a few more black than red cards ("
    + ", ".join(f"{r}/{b}" for r, b in zip(positive_black.red, positive_black.black))
    + ") are still worth playing, but "
    + ", ".join(f"{r} red against {b} black" for r, b in zip(worthless.red, worthless.black))
    + " is not: the value is 0, the policy never draws, and the simulation has zero variance (z = 0).")

# %% [markdown]
# ## What did the <span class="tex2jax_ignore">&#36;</span>2.86 mistake compute?
#
# The document's first R program used probability 1/2 for a red card all game, while still
# counting cards down. Solved exactly (`value_with_replacement`, a DP of that model) and
# simulated with *that model's* optimal policy (`replacement=True`):

# %%
mistake = rb.value_with_replacement(26, 26)
res_mistake = rb.simulate(26, 26, N_GAMES, seed=286, replacement=True, show_progress=False)
z_mistake = res_mistake.z_score(mistake)
print(f"mistaken model: DP {mistake:.6f}, simulated {res_mistake.mean:.6f} ± {res_mistake.std_err:.6f} "
      f"(z = {z_mistake:+.2f}); document {doc.WITH_REPLACEMENT_MISTAKE}")
assert round(mistake, 2) == doc.WITH_REPLACEMENT_MISTAKE and abs(z_mistake) < 4
assert abs(rb.replacement_table(26, 26)[26, 26] - mistake) < 1e-12
limits = rb.policy_limits(26, 26, replacement=True)
w_m, p_m = rb.winnings_distribution(26, 26, replacement=True)

# %%
never_stops = bool(np.all(limits[1:] == 27))
gap_z = (mistake - res.mean) / res.std_err
sl.prose.md(
    f"The mistaken model is worth {sl.prose.money(mistake, 4)}, which rounds to the document's "
    f"{sl.prose.money(doc.WITH_REPLACEMENT_MISTAKE)}: **agrees**, and its simulation agrees with its own DP "
    f"(z = {sl.prose.number(z_mistake, 2)}). It is not the real game: the simulation of the real game sits "
    f"{mistake - res.mean:.2f} below it, {gap_z:.0f} standard errors away. The document's diagnosis is "
    f"right: with the probability stuck at 1/2 there is no pull back toward the middle after a run of "
    f"red cards. In fact that model's optimal policy "
    + ("never stops early: every game runs until one colour is used up. " if never_stops else
       "stops early only in some positions. ")
    + f"It never loses either, but {sl.prose.percent(float(p_m[w_m == 0].sum()), 0)} of its games end at "
    f"exactly {sl.prose.money(0, 0)} (the black cards ran out first) and the rest spread out to "
    f"{sl.prose.money(int(w_m[p_m > 0].max()), 0)}: a long right tail instead of the real game's "
    f"stops between {sl.prose.money(1, 0)} and {sl.prose.money(top, 0)}.")

# %%
fig, ax = sl.style.figure(figsize=(9.5, 3.6))
rbplots.plot_winnings_distribution(ax, [res, res_mistake], labels=["real game", "mistaken model (p = 1/2)"])
ax.set_yscale("log")
ax.set_title("final winnings: the real game against the document's mistake")
sl.save_figure(fig, NB, "mistake-distribution")
sl.style.show(fig)

# %%
sl.caption(
    f"The final winnings of the real game (blue) and of the document's fixed-1/2 model (orange), side by side: "
    f"the share of games ending with each amount, with each model's simulated mean (dotted); the share axis is "
    f"logarithmic, so the mistaken model's long tail shows. The two values are {sl.prose.money(mistake - exact)} "
    f"apart, but the games are very different: {sl.prose.percent(float(p_m[w_m == 0].sum()), 0)} of the "
    f"mistaken model's games end at {sl.prose.money(0, 0)}, against {sl.prose.percent(p_even, 0)} of the real game's.")

# %% [markdown]
# ## How much would seeing the deck be worth?
#
# The document's footnote: a player who knew the order of the cards could expect
# <span class="tex2jax_ignore">&#36;</span>4.04. That player stops at the highest point of the
# walk, so the value is the expected maximum prefix sum, which the reflection principle gives
# exactly (`omniscient_value`; a path-counting twin checks it in the tests).

# %%
omni = rb.omniscient_value(26, 26)
print(omni, "=", float(omni))
assert round(float(omni), 2) == doc.OMNISCIENT_26_26

# %%
sl.prose.md(
    f"{sl.prose.money(float(omni))}: **agrees** with the footnote. Perfect foresight is worth "
    f"{sl.prose.money(float(omni) - exact)} more per deck than optimal play without it, "
    f"{float(omni) / exact:.2f} times its value.")

# %% [markdown]
# ## Explore
#
# Choose a deck, a number of games and a seed, and tick the box to play the document's
# mistaken model instead; the panel simulates and compares with the exact value. The button
# saves the figure (PNG, SVG and PDF in `figures/`).

# %%
rbwidgets.simulation_panel()

# %% [markdown]
# The chapter's picture in the index and the README gallery, the distribution of the final
# winnings, drawn small enough to read at 240 pixels
# (`figures/02_redblack_monte_carlo-thumbnail.png`; not shown here):

# %%
fig, ax = sl.style.figure(figsize=readme.THUMBNAIL_SIZE)
rbplots.plot_winnings_distribution(ax, res, exact=exact, exact_distribution=(w_exact, p_exact))
ax.get_legend().remove()
ax.set_title("final winnings, 26 red / 26 black")
_ = sl.save_figure(fig, NB, "thumbnail", formats="png")

# %% [markdown]
# ## Verdicts
#
# Every number and claim of the document about the simulation, the sample games, the mistake
# and the omniscient player, with ours beside it (notebook 01 covers the DP values, notebook
# 03 the growth law), judged by the workbook's one rule: a random estimate agrees within four
# standard errors; the y range of the document's plot is a setting of the plot (context).

# %%
verdicts = claims.verdicts(NB, simulation=res, mistake=res_mistake, paths=paths)
_ = sl.save_table(verdicts, f"{NB}_verdicts")
sl.verdicts.styler(verdicts)

# %%
sl.prose.md(sl.verdicts.summary(verdicts, list_differences=True) + f" Saved as `data/{NB}_verdicts.csv`.")

# %% [markdown]
# ## Open questions
#
# - A balanced deck never finishes behind; with more black than red cards losing games appear
#   (try the panel). How does the chance of finishing behind grow with the imbalance?
# - The standard deviation of a game's winnings grows with the deck; how fast, compared with
#   the value's √n (notebook 03)?
# - How long do optimal games last as the deck grows? (The result of `simulate` records how
#   many cards each game dealt.)
# - Is the mistaken model worth more than the real game for every deck? Compare
#   `value_with_replacement` with `value` over a grid of decks.
#
# [← 01 Red and black cards: when to stop](01_redblack_dp.ipynb) ·
# [03 Square root or logarithm? →](03_redblack_sqrt_vs_log.ipynb) ·
# [index](00_index.ipynb)

# %%
sl.references.cite("gwern2022problem14", "steele2014splitmix")
