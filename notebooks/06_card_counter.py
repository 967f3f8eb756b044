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
# # CardCounter: blackjack against a known deck, solved exactly
#
# **Source document:** James S. Plank, *SRM 734, D1, 400-Pointer (CardCounter)*, his write-up
# of a TopCoder problem and its memoised solution, University of Tennessee, 26 August 2018
# (listed among his TopCoder write-ups at <https://web.eecs.utk.edu/~jplank/topcoder-writeups/>).
#
# ## Overview
#
# A player who has counted every card knows exactly what is left in the deck. How often
# can he then beat a dealer who follows the house rules, if he only chooses between
# hitting and standing? The document solves this with two memoised recursions, walks
# through one example (the one with seven aces) and prints its memo tables for another.
# We reproduce those tables line for line, check the answers three independent ways
# (exact fractions, a brute force over card orders, a seeded simulation), and then go
# past the contest: full 52-card decks and shoes of up to 8 decks, the optimal hit/stand
# chart for a fresh deck beside textbook basic strategy, and which removed card helps the
# player most, the idea behind card counting. The notebook ends with a table that sets
# every number and claim of the document beside ours.

# %% [markdown]
# ## What are the rules?
#
# * The remaining deck is ten counts: `deck[i]` cards of value `i + 1` (1 is the ace,
#   index 9 counts every ten-valued card). The document writes it as a ten-digit string,
#   `"1004000002"` = one ace, four 4s, two tens. It is the deck **after** the dealer's
#   up card and the player's two cards were dealt, so shown cards are not checked against it.
# * An ace counts 11 when that keeps the hand at 21 or below (a *soft* hand), else 1.
# * The player hits (a uniformly random card from the deck) as often as he likes, or
#   stands. Over 21 is a bust and a loss.
# * Then the dealer draws his hidden card and hits while below 17; at 17 or more he
#   "sits" (the document's word), a soft 17 included.
# * The player wins if he has not bust and the dealer busts or ends lower. **Ties lose**:
#   the document does not say so in words, but its memo dump does
#   (`dealers_move(19, false, 19, ...) = 0`, a dealer's 19 against the player's 19).
#   There is no doubling, splitting, insurance or blackjack bonus: the score is the
#   probability of winning.
# * In the contest a count runs from 0 to 4 (the document: "there are 5 potential values
#   (0 through 4)"). Beyond the contest any counts are allowed, but a deck on which the
#   dealer could have to draw from an empty deck is refused with an error (see the last
#   section before the panel).
#
# Drawing the dealer's hidden card after the player's turn rather than before changes
# nothing: the player never sees it, and every position in a shuffled deck is alike.

# %%
import math
import time

import numpy as np
import pandas as pd
from IPython.display import display

import stoplib as sl
from stoplib import cardcounter as cc
from stoplib.cardcounter import claims as ccclaims, document as doc, plots as ccplots
from stoplib.cardcounter import strategy as ccstrategy, widgets as ccwidgets
from stoplib.util.timing import stamp
from stoplib.workbook import readme

NB = "06_card_counter"
md, num, pct = sl.prose.md, sl.prose.number, sl.prose.percent


def signed(x, digits=2):
    """+0.28, −0.18: a signed number with a true minus sign."""
    return f"{x:+.{digits}f}".replace("-", "−")


def an(card):
    """The article before a card's name: an 8, an ace, a 10."""
    return f"an {card}" if str(card) in ("A", "8", "ace") else f"a {card}"


def name(up):
    """A card as prose names it: the ace, or its number."""
    return "ace" if str(up) in ("A", "1") else str(up)


print("quick mode" if sl.is_quick() else "full mode")

# %% [markdown]
# ## How do the two recursions work?
#
# The state is the deck composition plus the hand sums. The **dealer's recursion**
# $\mathrm{dealer}(D, s, a)$ gives the distribution of his final total (17, 18, 19, 20, 21, bust)
# from hard sum $s$ (aces as 1) and ace flag $a$ with deck $D$: once his total is 17
# or more it is fixed, otherwise it is the average over the next card,
# $\sum_v \frac{D_v}{|D|}\,\mathrm{dealer}(D - v,\ s + v,\ a \lor v = 1)$.
# The **player's recursion** is
# $\mathrm{player}(D, s, a) = \max(\text{stand}, \text{hit})$, where *stand* reads his
# win probability off $\mathrm{dealer}(D, \mathit{up}, \mathit{up} = 1)$ (dealer busts, or ends below the player's
# total) and *hit* is $\sum_v \frac{D_v}{|D|}\,\mathrm{player}(D - v, s + v, a \lor v = 1)$,
# a bust being worth 0. Both are memoised on an integer code of the composition, in
# numba dictionaries. Here is the document's example 6: dealer 5, player 7 + 8,
# deck `1004000002`.

# %%
ex6 = cc.solve(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
exact6 = cc.solve_exact(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
print(f"ours:     win {ex6.win_probability:.8f}  stand {ex6.stand_probability:.8f}  "
      f"hit {ex6.hit_probability:.8f}  → {ex6.action}")
print(f"document: win {doc.EX6_ANSWER:.8f}  stand {doc.EX6_STAND:.8f}")
print(f"exact:    win {exact6.win_probability}  stand {exact6.stand_probability}")
assert round(ex6.win_probability, 8) == doc.EX6_ANSWER and round(ex6.stand_probability, 8) == doc.EX6_STAND
assert float(exact6.win_probability) == ex6.win_probability

# %%
judged6 = {sl.verdicts.judge(f"{printed:.8f}", ours) for printed, ours in
           ((doc.EX6_ANSWER, ex6.win_probability), (doc.EX6_STAND, ex6.stand_probability))}
verdict6 = "agree with" if judged6 == {"agrees"} else "differ from"
md(f"Both numbers **{verdict6}** the document's: hitting 15 against a 5 wins "
   f"{exact6.win_probability} of the time, standing only {exact6.stand_probability} "
   f"(the exact fractions come from the slow twin, the document's own functions in `Fraction`s). "
   f"The solution also carries its memo: every state the player can reach, with both values and the best action.")

# %%
states6 = ex6.states()[["player_sum", "has_ace", "total", "deck", "removed", "stand", "hit", "best", "action"]]
display(sl.show_table(states6, formats={c: "{:.8f}" for c in ("stand", "hit", "best")},
                      headers={"player_sum": "Player's sum (aces as 1)", "has_ace": "Holds an ace",
                               "deck": "Deck left", "removed": "Cards drawn", "stand": "P(win | stand)",
                               "hit": "P(win | hit)", "best": "P(win)"}))
assert dict(zip(states6.total, states6.action)) == {15: "hit", 16: "hit", 19: "stand", 20: "stand"}

# %% [markdown]
# After a hit the player holds 16 (an ace drawn), 19 (a 4) or 25 (a ten: bust, not stored);
# from 16 he hits again and from 19 or 20 he stands.
#
# The dealer's recursion alone already says a lot: the distribution of his final total
# for each up card, dealt from a fresh 52-card deck (only the up card removed).

# %%
outcomes = ccstrategy.dealer_outcomes(cc.fresh_deck(1))
fig, ax = sl.style.figure(figsize=(7.2, 3.8))
ccplots.plot_dealer_outcomes(ax, outcomes)
sl.save_figure(fig, NB, "dealer-outcomes")
sl.style.show(fig)

# %%
bust = outcomes.set_index("up")["bust"]
high = outcomes.set_index("up")[["20", "21"]].sum(axis=1)
assert np.allclose(outcomes[list(cc.OUTCOMES)].sum(axis=1), 1.0)
most, least = bust.idxmax(), bust.idxmin()
top3 = sorted(bust.nlargest(3).index, key=lambda up: list(bust.index).index(up))
display(sl.caption(f"The dealer's final total by up card, dealt from a fresh single deck. The bust share sits at "
                   f"the bottom of each bar: a small up card ({', '.join(top3)}) busts him most often, "
                   f"{an(name(least))} least."))
md(f"The dealer busts most often with {an(name(most))} showing ({pct(bust[most])}; a 6: {pct(bust['6'])}, "
   f"a 4: {pct(bust['4'])}) and least with {an(name(least))} ({pct(bust[least])}); with an ace he ends on "
   f"20 or 21 {pct(high['A'])} of the time, with a 10 {pct(high['10'])} (busting {pct(bust['10'])}).")

# %% [markdown]
# ## Does our memo reproduce the document's dump line for line?
#
# The document prints its two memo caches for example 6. Its keys are
# `dealers_move(dealer_sum, dealer_has_ace, player_total, deck)` and
# `players_move(dealer_card, player_sum, player_has_ace, deck)`: the *sums* count aces
# as 1 and the flags say an ace is held (so `dealers_move(6, true, ...)` is a soft 16,
# `dealers_move(14, true, ...)` a hard 14), `player_total` is the player's best total
# when he stands, the deck is what remains, and the value is the **player's** win
# probability. Every state visited is cached: player busts (value 0) and dealers who
# already stand too. `dealers_move(5, false, 15, ...)` is the dealer before his hidden
# card, so its value is the stand probability. The lines are sorted by their arguments,
# dealer cache first. We regenerate that dump from our own slow twin, which implements
# exactly those two functions, and compare.

# %%
ours6 = ccclaims.memo_dump(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
cmp6 = ccclaims.compare_dump(ours6, doc.EX6_MEMO_DUMP)
sl.save_table(cmp6, "cardcounter_example6_memo_comparison")
assert len(ours6) == len(doc.EX6_MEMO_DUMP)
assert set(cmp6["verdict"]) <= {"matches", "truncated in document"}
truncated = cmp6[cmp6["verdict"] == "truncated in document"]
assert all(row.ours.endswith(row.document) for row in truncated.itertuples())

# %%
n_same = int((cmp6["verdict"] == "matches").sum())
first_cut = truncated.iloc[0]
md(f"All {len(ours6)} lines agree. {n_same} are character-for-character identical; "
   f"{len(truncated)} **differs only by a truncation in the document**: it prints "
   f"`{first_cut.document}`, our line is the same with the leading "
   f"`{first_cut.ours[:len(first_cut.ours) - len(first_cut.document)]}` restored. "
   "The full table, ours beside the document's verdict:")

# %%
with pd.option_context("styler.render.max_rows", 80):
    display(sl.show_table(cmp6[["line", "ours", "verdict"]], headers={"ours": "Our line (the document's memo key)",
                                                                     "verdict": "Beside the document's line"}))

# %% [markdown]
# The dump's values are printed to 8 decimals. The fast numba solver (a different
# memo: final-total distributions keyed by composition) recomputes every one of them.

# %%
gap = ccclaims.check_dump_with_fast(doc.EX6_MEMO_DUMP)
print(f"largest gap between the document's printed values and the fast solver: {gap:.1e}")
assert gap < 5e-9 + 1e-12

# %%
n_doc_dealer = sum(line.startswith(("dea", "lers")) for line in doc.EX6_MEMO_DUMP)
n_doc_player = len(doc.EX6_MEMO_DUMP) - n_doc_dealer
print(f"document: {n_doc_dealer} dealer entries, {n_doc_player} player entries; "
      f"fast solver: {ex6.n_dealer_states} dealer states, {ex6.n_player_states} player states (busts not stored)")
md(f"The largest gap, {gap:.1e}, is below the half unit of the 8th decimal (5e-09): every printed value "
   f"**matches**. The two memos are organised differently: the document caches one dealer entry per "
   f"(dealer state, player total), dealers who already stand included, while ours keeps only dealers "
   f"who must still draw, each with his whole distribution of final totals, so one entry serves every "
   f"player total. The document's {n_doc_dealer} dealer entries collapse to {ex6.n_dealer_states} dealer "
   f"states, and its {n_doc_player} player entries to the {ex6.n_player_states} states where the player "
   f"has not bust.")

# %% [markdown]
# ## Do we get example 5, the one with seven aces?
#
# Dealer ace, player two aces, deck `4440000004` (four each of aces, 2s, 3s and tens).
# The document gives the stand probability, the total of the hit branch and the answer,
# but the per-card lines after "Let's consider each in turn:" are missing from it. We
# regenerate them with the document's own two functions in exact fractions
# (`claims.example5`), and set every printed number beside ours.

# %%
check5 = ccclaims.example5()   # the document's own functions, in exact fractions
best5, stand5, ex5 = check5.best, check5.stand, check5.table
display(sl.show_table(check5.terms, formats={"P(win) after it": "{:.6f}", "count x P": "{:.6f}"},
                      headers={"card": "Card drawn", "count x P": "Count × P(win)"}))
sl.save_table(ex5, "cardcounter_example5")
display(sl.show_table(ex5, formats={"ours": lambda v: f"{v:.6f}".rstrip("0").rstrip(".")},
                      headers={"ours": "We find", "document": "The document says"}))
assert (ex5["verdict"] == "agrees").all()
assert round(cc.win_probability(doc.EX5_DECK, 1, [1, 1]), 6) == doc.EX5_ANSWER
assert round(cc.stand_probability(doc.EX5_DECK, 1, [1, 1]), 6) == doc.EX5_STAND
print(f"exact: best {best5} = {float(best5):.10f}, stand {stand5} = {float(stand5):.10f}")

# %%
terms5 = check5.terms.set_index("card")["P(win) after it"]
md(f"Every number **agrees** at the precision the document prints: standing on soft 12 wins "
   f"{float(stand5):.6f}, hitting {float(best5):.6f} "
   f"({check5.terms['count x P'].sum():.5f} / {int(check5.terms['count'].sum())}). "
   f"A {terms5.idxmax()} is the best card to draw ({terms5.max():.3f}), a {terms5.idxmin()} the worst "
   f"({terms5.min():.3f}).")

# %% [markdown]
# ## Why did two bits per card count fail?
#
# The document packs its memo key into one `long long` and warns: "at first I only
# allocated two bits to each card in the deck, and that didn't work out too well, because
# there are 5 potential values (0 through 4)". We run the document's recursion with its
# cache keyed that way (each count shifted into its field and OR-ed in; the sums and flags
# kept apart) and compare example 5's answer with 2 and with 3 bits per count.

# %%
packed = pd.DataFrame([{"bits per count": b, "packing": how, "example 5 answer": ccclaims.packed_key_solve(b, how)}
                       for b in (2, 3) for how in ("or", "add", "mask")])
packed["right?"] = packed["example 5 answer"].round(6) == doc.EX5_ANSWER
display(sl.show_table(packed, formats={"example 5 answer": "{:.6f}"},
                      headers={"bits per count": "Bits per count", "packing": "Packing",
                               "example 5 answer": "Example 5's answer", "right?": "Right?"}))
p2 = packed.set_index(["bits per count", "packing"])["example 5 answer"]
assert round(p2[(3, "or")], 6) == doc.EX5_ANSWER

# %%
md(f"With 2 bits a count of 4 (binary 100) spills into the next card's field, two different decks "
   f"share a key, and the cache hands one deck's value to the other: example 5 comes out "
   f"{p2[(2, 'or')]:.6f} instead of {doc.EX5_ANSWER:.6f}. Three bits hold 0 through 4 and give the right "
   f"answer. (Adding the fields instead of OR-ing them, or masking each count to 2 bits, happens to give "
   + ("the right answer" if round(p2[(2, 'add')], 6) == round(p2[(2, 'mask')], 6) == doc.EX5_ANSWER
      else "other answers")
   + " here: the sums in the key tell those colliding decks apart.)")

# %% [markdown]
# ## Are the answers right? Three independent checks
#
# Besides the document's own functions in exact fractions (`solve_exact`), we check
# against a brute force that never uses a conditional probability: it lists every
# distinct **order** of the remaining cards (all equally likely), lets the player's
# decision depend only on the prefix he has seen (orders sharing a prefix are grouped
# in a trie), and counts orders won.

# %%
brute6 = cc.brute_force_orders(doc.EX6_DECK, 5, [7, 8])
deck6 = cc.parse_deck(doc.EX6_DECK)
n_orders6 = math.factorial(int(deck6.sum())) // math.prod(math.factorial(int(c)) for c in deck6)
print(f"brute force over the {n_orders6} orders of example 6's {deck6.sum()} cards: {brute6};"
      f" exact twin: {exact6.win_probability}")
assert brute6 == exact6.win_probability

# %% [markdown]
# The same fraction. Now random decks like the contest's (counts 0 to 4, at most 16 cards):
# the fast solver against the exact twin, and, for the decks of at most 8 cards, against
# the brute force too. Decks on which the dealer could run out of cards must be refused
# by all of them (we then record the refusal rather than a number).

# %%
rng = np.random.default_rng(2018)
rows = []
for i in range(sl.pick(60, 15)):
    counts = rng.integers(0, 5, size=10)
    while counts.sum() > (8 if i % 2 else 16):   # odd rows: small enough for the brute force
        j = rng.integers(10)
        counts[j] = max(0, counts[j] - 1)
    up, a, b = (int(x) for x in rng.integers(1, 11, size=3))
    rows.append(cc.compare_solvers(counts, up, [a, b], brute_force_max_cards=8))
checks = pd.DataFrame(rows)
sl.save_table(checks, "cardcounter_twin_checks")
ok = checks.dropna(subset=["fast"])
assert np.allclose(ok["fast"], ok["exact"], atol=1e-12)
bf = ok.dropna(subset=["brute force"])
assert np.allclose(bf["fast"], bf["brute force"], atol=1e-12)
display(sl.show_table(checks.head(10), formats={c: "{:.10f}" for c in ("fast", "exact", "brute force")},
                      headers={"fast": "Fast solver", "exact": "Exact twin", "brute force": "Brute force"}))

# %%
worst_twin = float(np.max(np.abs(ok["fast"] - ok["exact"]))) if len(ok) else 0.0


def refused_text(k):
    """How many hands were refused, in words."""
    return "none was refused" if k == 0 else ("one was refused" if k == 1 else f"{k} were refused")


md(f"Of {len(checks)} random hands, {len(ok)} were solved: the fast solver equals the exact twin on all of "
   f"them (largest gap {worst_twin:.1e}), and on the {len(bf)} small enough for the brute force all three "
   f"agree; {refused_text(int(checks['fast'].isna().sum()))} by every solver as too small for the dealer.")

# %% [markdown]
# ## How big is a full deck's problem?
#
# A fresh 52-card deck has $5^9 \cdot 17 \approx 33$ million sub-compositions (0 to 4 of
# each value from ace to 9, 0 to 16 tens). But one hand removes few of them: the player's
# hits add at most 29 points (from 2 to at most 31) and the dealer's cards at most 25 (from
# his up card to at most 26). We solve every starting hand (dealer card × two player cards)
# from fresh decks and count the states each one memoises.

# %%
deck_sizes = sl.pick((1, 2, 4, 8), (1, 2))
dealer_cards = sl.pick(range(1, 11), (1, 2, 6, 10))   # quick mode: a few dealer cards only
sizes = pd.concat([ccstrategy.state_counts(n, dealers=dealer_cards) for n in deck_sizes], ignore_index=True)
hand_cols = ["n_decks", "dealer", "first", "second"]
sl.save_table(sizes.drop(columns="seconds"), "cardcounter_state_counts")
taken = stamp()          # the machine, its load and when: every committed timing states them
sl.save_table(sizes[hand_cols + ["seconds"]].assign(**taken), "cardcounter_state_counts_timings")
summary = sizes.groupby("n_decks").agg(hands=("dealer", "size"),
                                       max_player_states=("n_player_states", "max"),
                                       max_dealer_states=("n_dealer_states", "max"),
                                       max_memo_mb=("memo_mb", "max"))
display(sl.show_table(summary.reset_index(), formats={"max_memo_mb": "{:.2f}"},
                      headers={"n_decks": "Decks", "hands": "Starting hands", "max_player_states": "Most player states",
                               "max_dealer_states": "Most dealer states", "max_memo_mb": "Largest memo (MB)"}))
dense = 5 ** 9 * 17
assert (summary["max_dealer_states"] < dense / 100).all()

# %%
one = sizes[sizes.n_decks == deck_sizes[0]]
worst = one.loc[one["n_dealer_states"].idxmax()]


def card(v):
    """A card value as the chart writes it: A, 2, ..., 10."""
    return "A" if int(v) == 1 else str(int(v))


md(f"The worst hand of a {deck_sizes[0]}-deck shoe (dealer {card(worst.dealer)}, player "
   f"{card(worst['first'])} + {card(worst['second'])}: small cards against a small up card, where both hands "
   f"take many cards) memoises {num(worst.n_dealer_states, 0)} dealer states, "
   f"{pct(worst.n_dealer_states / dense, 2)} of the {num(dense, 0)} compositions alone (before the dealer's "
   f"sums), and holds {worst.memo_mb:.1f} MB of keys and values (about twice that with the hash table's "
   f"overhead), where a dense array of six probabilities over the compositions alone would need "
   f"{dense * 6 * 8 / 1e9:.1f} GB.")

# %% [markdown]
# How long each solve takes on the machine that ran this notebook (named with its load
# below; `benchmarks/bench_cardcounter.py` times the solvers side by side):

# %%
timing = sizes.groupby("n_decks")["seconds"].agg(median_ms=lambda s: 1000 * s.median(),
                                                 max_ms=lambda s: 1000 * s.max()).reset_index()
timing = timing.assign(**taken)
display(sl.show_table(timing, formats={"median_ms": "{:.1f}", "max_ms": "{:.1f}", "load": "{:.2f}"},
                      headers={"n_decks": "Decks", "median_ms": "Median solve (ms)", "max_ms": "Slowest solve (ms)",
                               "load": "Load (1 min)", "taken": "Taken"}))
md(f"The slowest hand took {timing.max_ms.max():.0f} ms and the median hand of every shoe at most "
   f"{timing.median_ms.max():.1f} ms, each with a fresh memo, on {taken['machine']} at a load average of "
   f"{taken['load']:.2f} (a busy machine is slower).")

# %%
fig, ax = sl.style.figure(figsize=(5.6, 3.6))
ccplots.plot_state_counts(ax, sizes)
sl.save_figure(fig, NB, "state-counts")
sl.style.show(fig)

# %%
growth = summary.max_dealer_states.iloc[-1] / summary.max_dealer_states.iloc[-2]
display(sl.caption(
    f"Memoised dealer states per starting hand, by number of decks (log scale). From {deck_sizes[-2]} to "
    f"{deck_sizes[-1]} decks the largest count grows by {pct(growth - 1, 0)}, from "
    f"{num(summary.max_dealer_states.iloc[-2], 0)} to {num(summary.max_dealer_states.iloc[-1], 0)}"
    + (": the count levels off, since once every value has more copies than a hand can use, more decks "
       "only relabel the same states." if growth < 1.1 else ".")))

# %% [markdown]
# ## What is the optimal strategy for a fresh deck?
#
# For every dealer card and every two-card hand we solve the hand from a fresh single
# deck minus those three cards, and collapse the first decision to a chart by total and
# softness: **H** if every hand with that total should hit, **S** if every one should
# stand, **H/S** if it depends on the cards that make the total. Beside it, the
# textbook basic strategy's hit/stand part (3+ decks, dealer stands on soft 17; doubles
# read as their fallback).

# %%
engine = cc.Engine(cc.fresh_deck(1))
table = ccstrategy.strategy_table(1, engine)
grid = ccstrategy.chart_grid(table)
basic = ccstrategy.basic_strategy_grid(grid.index)
sl.save_table(table, "cardcounter_strategy_single_deck")
sl.save_table(grid.reset_index(names="hand"), "cardcounter_chart_single_deck")
diff = ccstrategy.chart_differences(grid, basic)
display(md(f"{len(diff)} of the chart's {grid.size} cells differ from basic strategy:"))
display(sl.show_table(diff, headers={"hand": "Hand", "dealer": "Dealer shows", "ours": "Optimal here",
                                     "reference": "Basic strategy"}))

# %%
fig, ax = sl.style.figure(figsize=(6.4, 9.6))
ccplots.plot_strategy_chart(ax, grid, reference=basic, title="optimal first decision, fresh single deck (ties lose)")
sl.save_figure(fig, NB, "strategy-chart")
sl.style.show(fig)

# %%
rows_differing = sorted(set(diff.hand), key=list(grid.index).index)
display(sl.caption(f"The optimal first decision for every two-card hand from a fresh single deck, beside textbook "
                   f"basic strategy. A heavy frame marks each of the {len(diff)} cells where basic strategy says "
                   f"otherwise (its answer written under ours); they sit in the rows "
                   f"{', '.join(rows_differing)}."))

# %% [markdown]
# Why do these cells differ? Basic strategy is built for ordinary blackjack, where a push returns
# the stake; here a tie is a loss. For each differing cell, `cc.departure_outcomes` pushes the hands
# forward through the optimal policy twice, once standing now and once hitting now (then playing on
# optimally), and reports how they end, averaged over the cell's two-card hands as they are dealt:
# the player wins, ties, loses to a higher total or busts. It also values both actions as ordinary
# blackjack would, win minus loss with a push worth 0 (the same play after a hit), and says which
# action that valuation prefers.

# %%
departures = cc.departure_outcomes(table, basic, engine=engine)
sl.save_table(departures, "cardcounter_departures_single_deck")
p3 = "{:.3f}"
display(sl.show_table(
    departures[["hand", "dealer", "ours", "reference", "stand_win", "stand_tie", "hit_win", "hit_tie", "hit_bust",
                "stand_money", "hit_money", "pushes_returned"]],
    formats={c: p3 for c in ("stand_win", "stand_tie", "hit_win", "hit_tie", "hit_bust")}
    | {"stand_money": "{:+.3f}", "hit_money": "{:+.3f}"},
    headers={"hand": "Hand", "dealer": "Dealer shows", "ours": "Optimal here", "reference": "Basic strategy",
             "stand_win": "Stand: P(win)", "stand_tie": "Stand: P(tie)", "hit_win": "Hit: P(win)",
             "hit_tie": "Hit: P(tie)", "hit_bust": "Hit: P(bust)", "stand_money": "Stand: win − loss",
             "hit_money": "Hit: win − loss", "pushes_returned": "If a push returned the stake"}))
assert (departures["stand_tie"] >= 0).all() and np.allclose(
    departures[["hit_win", "hit_tie", "hit_lose", "hit_bust"]].sum(axis=1), 1)

# %%
uniform = departures[departures.ours != "H/S"]
by_scoring = uniform[uniform.pushes_returned == uniform.reference]
by_deck = uniform[uniform.pushes_returned != uniform.reference]
hit_here = by_scoring[by_scoring.ours == "H"].sort_values("stand_tie", ascending=False)
stand_here = by_scoring[by_scoring.ours == "S"].sort_values("hit_tie", ascending=False)
margin = (uniform.hit_win - uniform.stand_win).abs()
near = uniform[margin < 0.01].assign(margin=margin[margin < 0.01])


def cell(r):
    """A chart cell in prose: hard 17 against an ace."""
    return f"{r.hand} against {an(name(r.dealer))}"


assert (hit_here.hit_tie < hit_here.stand_tie).all() and (stand_here.stand_tie == 0).all()
lines = [
    f"* **Ties lose.** In {len(by_scoring)} of the {len(uniform)} cells where every two-card hand decides alike, "
    f"valuing a push at 0 instead of a loss gives back basic strategy's answer: the scoring rule turns them."
    + (f" Where basic strategy stands and this game hits ({', '.join(map(cell, hit_here.itertuples()))}), "
       f"standing ties {pct(hit_here.stand_tie.min())} to {pct(hit_here.stand_tie.max())} of the time (most "
       f"often for {cell(hit_here.iloc[0])}); hitting busts up to {pct(hit_here.hit_bust.max())} of the time "
       f"but ties less, and so wins a little more "
       f"({', '.join(f'{r.stand_win:.4f} → {r.hit_win:.4f}' for r in hit_here.itertuples())})."
       if len(hit_here) else "")
    + (f" Where basic strategy hits and this game stands ({', '.join(map(cell, stand_here.itertuples()))}), "
       f"standing never ties (the dealer ends on 17 or more, or busts), while the hit turns "
       f"{pct(stand_here.hit_tie.min())} to {pct(stand_here.hit_tie.max())} of the hands into ties, worth a "
       "returned stake in ordinary blackjack and a loss here: the hit wins less "
       f"({', '.join(f'{r.hit_win:.4f} against {r.stand_win:.4f}' for r in stand_here.itertuples())})."
       if len(stand_here) else ""),
]
if len(by_deck):
    lines.append(f"* **Not the scoring alone.** {', '.join(map(cell, by_deck.itertuples()))} "
                 f"{'differs' if len(by_deck) == 1 else 'differ'} from basic strategy even with pushes returned: the "
                 "single known deck, or the basic chart's many-deck assumption, decides there.")
lines.append(f"* **Near ties.** In {', '.join(f'{cell(r)} ({r.margin:.4f})' for r in near.itertuples())} hitting "
             "and standing win within a hundredth of each other; the next section asks whether they survive a "
             "larger shoe." if len(near) else
             "* No uniform cell is a near tie (hitting and standing differ by a hundredth or more everywhere).")
lines.append("* **One known deck.** Some cells depend on which two cards make the total (H/S in the chart):")
md("\n".join(lines))

# %%
mixed2 = ccstrategy.mixed_two_card_hands(table)
display(sl.show_table(mixed2, formats={"gap": "{:+.5f}"},
                      headers={"hand": "Hand", "dealer": "Dealer shows", "hit": "These hit", "stand": "These stand",
                               "closest": "Closest to a tie", "gap": "Its P(hit) − P(stand)"}))
md("\n".join(f"* {r.hand} against {an(name(r.dealer))} hits as {r.hit} and stands as {r.stand}; the closest call, "
             f"{r.closest}, is {abs(r.gap):.4f} from a tie." for r in mixed2.itertuples()))

# %% [markdown]
# Multi-card hands count too: the player may reach hard 16 with 10+6 or with 4+3+5+4.
# Over every hand the memo holds, how often does the decision depend on the cards?

# %%
mixed = ccstrategy.mixed_decisions(engine)
sl.save_table(mixed, "cardcounter_mixed_decisions")
display(md(f"The {len(mixed)} (dealer card, total) cells where some hands of that total hit and others stand, "
           "counting every hand the memo holds:"))
display(sl.show_table(mixed.rename(columns={"hit": "Hands that hit", "stand": "Hands that stand"}),
                      formats={"dealer": lambda up: "A" if up == 1 else str(up)},
                      headers={"dealer": "Dealer shows", "soft": "Soft", "total": "Total"}))
h16 = ccstrategy.player_hands(engine, 10, 16)
by_size = h16.groupby("n_cards")["action"].value_counts().unstack(fill_value=0).reset_index()
display(md("Hard 16 against a 10, the hands the memo holds by their number of cards:"))
display(sl.show_table(by_size, headers={k: v for k, v in {"n_cards": "Cards in the hand", "hit": "Hands that hit",
                                                             "stand": "Hands that stand"}.items()
                                         if k in by_size.columns}))

# %%
m = mixed.set_index(["dealer", "soft", "total"])
h16_7 = m.loc[(7, False, 16)] if (7, False, 16) in m.index else None
h16_hits = int((h16["action"] == "hit").sum())
md(f"Counting multi-card hands too, the decision depends on composition in {len(mixed)} (dealer, total) "
   "cells" + (f", e.g. hard 16 against a 7: {int(h16_7.hit)} of the reachable 16s hit and "
               f"{int(h16_7.stand)} stand" if h16_7 is not None else "")
   + ". Hard 16 against a 10, the classic composition-dependent hand of single-deck blackjack (hit 10+6, "
   "stand with three or more cards), is " + (f"a stand for every one of its {len(h16)} forms here, as the "
                                                "no-push argument says." if h16_hits == 0 else
                                                f"a hit in {h16_hits} of its {len(h16)} forms here."))

# %% [markdown]
# ## Does the chart change with more decks?
#
# Composition effects fade as the shoe grows; the effects of the scoring rule should not.
# We redo the chart for a larger shoe and list its differences from basic strategy.

# %%
shoe_decks = sl.pick(8, 2)
grid_shoe = ccstrategy.chart_grid(ccstrategy.strategy_table(shoe_decks))
diff_shoe = ccstrategy.chart_differences(grid_shoe, basic)
sl.save_table(grid_shoe.reset_index(names="hand"), f"cardcounter_chart_{shoe_decks}_decks")
display(md(f"With {shoe_decks} decks, {len(diff_shoe)} cells differ from basic strategy:"))
display(sl.show_table(diff_shoe, headers={"hand": "Hand", "dealer": "Dealer shows", "ours": "Optimal here",
                                          "reference": "Basic strategy"}))

# %%
cells1, cellsN = set(zip(diff.hand, diff.dealer)), set(zip(diff_shoe.hand, diff_shoe.dealer))
column = {c: k for k, c in enumerate(grid.columns)}


def fmt(cells):
    """Chart cells in prose, in chart order."""
    return ", ".join(f"{h} against {an(name(d))}" for h, d in sorted(cells, key=lambda hd: (hd[0], column[hd[1]])))


new = diff_shoe.set_index(["hand", "dealer"])
dep1 = departures.set_index(["hand", "dealer"])


def gap1(c):
    """How far apart hitting and standing are in P(win), in the single deck's cell c."""
    return abs(dep1.loc[c, "hit_win"] - dep1.loc[c, "stand_win"])


uniform1 = {c for c in cells1 if dep1.loc[c, "ours"] != "H/S"}
kept_u, gone_u = sorted(uniform1 & cellsN, key=gap1), sorted(uniform1 - cellsN, key=gap1)
md(f"**Kept** in the {shoe_decks}-deck shoe ({len(cells1 & cellsN)} cells): {fmt(cells1 & cellsN) or 'none'}. "
   f"**Gone** ({len(cells1 - cellsN)}): {fmt(cells1 - cellsN) or 'none'}. "
   f"**New** ({len(cellsN - cells1)}): "
   + (", ".join(f"{fmt([c])} ({new.loc[c, 'ours']}, basic {new.loc[c, 'reference']})" for c in sorted(cellsN - cells1))
      or "none") + ".\n\n"
   + (f"Of the single deck's uniform cells, those that go were the closest calls there (hit and stand "
      f"{min(map(gap1, gone_u)):.4f} to {max(map(gap1, gone_u)):.4f} apart in P(win)); those kept were "
      f"{min(map(gap1, kept_u)):.4f} to {max(map(gap1, kept_u)):.4f} apart"
      + (": in this shoe the scoring rule alone no longer outweighs the cards, while where it wins by more it "
         "holds." if max(map(gap1, gone_u)) < min(map(gap1, kept_u)) else
         ", so the margin in one deck alone does not say which survive.")
      if gone_u and kept_u else "The larger shoe keeps every uniform cell of the single deck."
      if not gone_u else "")
   + (" Composition (or the shoe size) settles the new cells differently from basic strategy." if cellsN - cells1
      else ""))

# %% [markdown]
#
# ## Which removed card helps the player most?
#
# Card counting rests on one fact: the player's chances depend on what is left. We deal
# a whole hand (player, dealer up card, player) from a fresh deck, play it optimally, and
# compute the exact win probability; then again after removing one card of each value.

# %%
effects = ccstrategy.removal_effects(1, engine)
sl.save_table(effects, "cardcounter_removal_effects")
display(sl.show_table(effects, formats={"win_probability": "{:.6f}", "change": "{:+.3f}"},
                      headers={"removed": "Card removed", "value": "Value", "win_probability": "P(win) of a dealt hand",
                               "change": "Change (points)"}))

# %%
fig, ax = sl.style.figure(figsize=(6.4, 3.6))
ccplots.plot_removal_effects(ax, effects, label="a fresh single deck")
sl.save_figure(fig, NB, "removal-effects")
sl.style.show(fig)

# %%
eff = effects.iloc[1:].set_index("removed")["change"]
ranked = eff.sort_values(ascending=False)
hurts = [c for c in eff.index if eff[c] < 0]
display(sl.caption(f"The change in the exact win probability of a dealt hand (percentage points) when one card of "
                   f"a value is removed from a fresh deck. Removing any card but {' or '.join(hurts)} helps the "
                   f"player; removing {' or '.join(hurts)} hurts him."))
md(f"Removing a **{ranked.index[0]}** helps most ({signed(ranked.iloc[0])} points), then the "
   f"{ranked.index[1]} and the {ranked.index[2]}; removing a **{ranked.index[-1]}** hurts most "
   f"({signed(ranked.iloc[-1])} points), then the {ranked.index[-2]}: the card counter's pattern, small cards "
   f"out of the deck are good for the player and tens out of it bad. The ace moves the win probability by only "
   f"{signed(eff['A'])} points; this game pays no 3:2 bonus for a blackjack, the ace's main value to the player "
   f"in the casino game.")

# %% [markdown]
# A Hi-Lo count (+1 for each 2 to 6 seen, −1 for each ten or ace, 0 for 7 to 9) is the
# counter's summary of these effects. How well does it follow them?

# %%
tags = np.array([ccstrategy.HI_LO[v] for v in range(1, 11)])
corr = np.corrcoef(tags, effects.change.iloc[1:])[0, 1]
print(f"correlation between the Hi-Lo tags and the removal effects: {corr:.2f}")

# %% [markdown]
# An unseen burnt card changes nothing: averaged over which card it was (4 chances in 52
# for each value, 16 for tens), the win probability is the fresh deck's. A *seen* burnt
# card is information the player uses, so the average of the removal values should be at
# least the fresh deck's value:

# %%
base = float(effects.win_probability.iloc[0])
weights = cc.fresh_deck(1) / 52
seen = float((weights * effects.win_probability.iloc[1:].to_numpy()).sum())
assert seen >= base - 1e-12
md(f"Fresh deck: {base:.6f}. After seeing one burnt card, on average: {seen:.6f}, "
   f"{signed(100 * (seen - base), 3)} points, the value of one card of information. "
   f"The Hi-Lo tags correlate with the removal effects at {corr:.2f}.")

# %% [markdown]
# ## Does a simulation of the computed strategy agree?
#
# We play the computed strategy on seeded shuffles: the document's two examples, 16
# against a 10 from a fresh deck, and whole hands dealt from a fresh deck.

# %%
n_games = sl.pick(1_000_000, 50_000)
mc_rows = []
for label, deck, up, hand in [("example 6", doc.EX6_DECK, 5, (7, 8)), ("example 5", doc.EX5_DECK, 1, (1, 1)),
                              ("16 vs 10, fresh deck", cc.fresh_deck(1, minus=[10, 10, 6]), 10, (10, 6))]:
    r = cc.simulate(deck, up, hand, n_games=n_games, seed=6)
    mc_rows.append({"case": label, "exact": r.exact, "simulated": r.win_rate, "std_err": r.std_err, "z": r.z})
r = cc.simulate_deals(cc.fresh_deck(1), n_games=n_games, seed=6, engine=engine)
mc_rows.append({"case": "dealt hands, fresh deck", "exact": r.exact, "simulated": r.win_rate,
                "std_err": r.std_err, "z": r.z})
mc = pd.DataFrame(mc_rows)
sl.save_table(mc, "cardcounter_monte_carlo")
display(sl.show_table(mc, formats={"exact": "{:.6f}", "simulated": "{:.6f}", "std_err": "{:.6f}", "z": "{:+.2f}"},
                      headers={"case": "Case", "exact": "Exact", "simulated": "Simulated",
                               "std_err": "Standard error"}))
assert (mc["z"].abs() < 4).all()

# %%
md(f"With {num(n_games, 0)} games per case, every simulated rate lies within {mc['z'].abs().max():.1f} "
   f"standard errors of the exact value (standard errors {mc['std_err'].min():.5f} to "
   f"{mc['std_err'].max():.5f}).")

# %% [markdown]
# ## How do larger shoes compare?
#
# The exact win probability of a whole dealt hand, played optimally, from fresh shoes of
# several decks:

# %%
shoe_rows, shoe_times = [], []
taken = stamp()
for n in sl.pick((1, 2, 4, 6, 8), (1, 2)):
    t0 = time.perf_counter()
    eng_n = cc.Engine(cc.fresh_deck(n))
    p = cc.deal_win_probability(cc.fresh_deck(n), eng_n)
    shoe_times.append({"n_decks": n, "seconds": time.perf_counter() - t0})
    shoe_rows.append({"n_decks": n, "win_probability": p,
                      "player_states": eng_n.n_player_states, "dealer_states": eng_n.n_dealer_states})
shoes = pd.DataFrame(shoe_rows)
shoe_times = pd.DataFrame(shoe_times).assign(**taken)
sl.save_table(shoes, "cardcounter_shoes")
sl.save_table(shoe_times, "cardcounter_shoes_timings")
display(sl.show_table(shoes.merge(shoe_times, on="n_decks"),
                      formats={"win_probability": "{:.6f}", "seconds": "{:.2f}", "load": "{:.2f}"},
                      headers={"n_decks": "Decks", "win_probability": "P(win) of a dealt hand",
                               "player_states": "Player states", "dealer_states": "Dealer states",
                               "load": "Load (1 min)", "taken": "Taken"}))

# %%
spread = 100 * (shoes.win_probability.max() - shoes.win_probability.min())
md(f"The fresh-shoe win probability moves by only {spread:.2f} percentage points, from "
   f"{shoes.win_probability.iloc[0]:.6f} ({shoes.n_decks.iloc[0]} deck) to {shoes.win_probability.iloc[-1]:.6f} "
   f"({shoes.n_decks.iloc[-1]} decks); "
   + ("each added deck lowers it slightly. " if shoes.win_probability.is_monotonic_decreasing else "")
   + f"A row (the 1,000 possible deals of a shoe, each solved exactly, with one shared memo) took at most "
   f"{shoe_times.seconds.max():.1f} s on {taken['machine']} at a load average of {taken['load']:.2f}.")

# %% [markdown]
# ## How does one hand play out?
#
# The optimal policy recomputes everything after each card. Here is one seeded hand
# from a fresh deck: player 10 + 2 against a dealer's 10, the exact stand and hit
# probabilities at each decision, then the dealer's draws.

# %%
hand_seed = 11
steps = cc.play_hand(cc.fresh_deck(1, minus=[10, 10, 2]), 10, (10, 2), seed=hand_seed)
display(sl.show_table(steps, formats={"stand": "{:.6f}", "hit": "{:.6f}", "card": lambda v: str(v) if v else ""},
                      headers={"who": "Who", "hand": "Hand", "total": "Total", "stand": "P(win | stand)",
                               "hit": "P(win | hit)", "action": "Action", "card": "Card drawn"}))
first = steps.iloc[0]
assert first.action == "hit" and first.hit > first.stand   # the first decision does not depend on the seed

# %%
hits = steps[steps.action == "hit"]
n_hits = len(hits)
md(f"With seed {hand_seed} the player hits {n_hits} time{'s' if n_hits != 1 else ''} "
   f"({'; '.join(f'at {r.total}: stand {r.stand:.3f}, hit {r.hit:.3f}' for r in hits.itertuples())}) "
   f"and the hand ends: {steps.iloc[-1].action} ({steps.iloc[-1].hand}). Each player row is a fresh exact "
   f"solve on the cards that remain, so the probabilities move as the deck changes; the panel below lets "
   f"you deal hands like this one card by card.")

# %% [markdown]
# ## What if the deck is too small?
#
# The contest's decks always let the dealer finish. Ours need not: with one ace left,
# a player on 15 against a 10 can stand (the dealer draws the ace: 21) but if he hits,
# the dealer has nothing left to draw. Rather than return a number for a game that
# cannot be played out, every solver refuses such a deck and names the line of play.

# %%
stand_small = cc.stand_probability("1000000000", 10, [10, 5])
try:
    cc.win_probability("1000000000", 10, [10, 5])
except ValueError as err:
    refusal = str(err)
else:
    raise AssertionError("expected a ValueError")
md(f"With one ace left, a player on 15 against a 10 who stands wins with probability {stand_small:g}. Asked for "
   f"the optimal value, every solver refuses: “{sl.prose.escape(refusal)}”.")

# %% [markdown]
# Standing is well defined (and hopeless); the optimal value is not, so we say so.
#
# ## Explore it yourself
#
# Set the counts left of each card (A, 2, ..., 10), the dealer's up card and the
# player's cards (such as `10 6` or `A 7`); the panel shows the exact win probability of
# standing, of hitting (then playing optimally) and the best action, and draws the win
# probability after each possible next card. The **shoe** menu fills the counts with a
# fresh shoe of 1 to 8 decks minus the shown cards and keeps them so while you change the
# hand (a count you type switches it to "as typed"); counts go up to 32 (128 tens), an
# 8-deck shoe. **Draw a card** deals the player a seeded random card from the deck, so you
# can step through a hand; **Save figure** writes the picture to `figures/`.

# %%
ccwidgets.counter_panel(dealer=10, player=(10, 6), n_decks=1, seed=0)

# %% [markdown]
# The chapter's picture in the index and the README gallery, the card-removal effects, drawn
# small enough to read at 240 pixels (`figures/06_card_counter-thumbnail.png`; not shown here):

# %%
fig, ax = sl.style.figure(figsize=readme.THUMBNAIL_SIZE)
ccplots.plot_removal_effects(ax, effects, label="a fresh single deck")
ax.set_title("one card removed from the deck")
_ = sl.save_figure(fig, NB, "thumbnail", formats="png")

# %% [markdown]
# ## Open questions
#
# * Which two-card hands are closest to a tie between hitting and standing, and how few
#   removed cards flip them? (Try 15 against a 9 in the panel, removing 7s or 8s.)
# * How much would doubling and splitting, with pushes returned, move this chart towards
#   the textbook one?
# * A counter does not see the whole deck, only a running count. How much of the
#   known-deck advantage does a Hi-Lo count capture?
# * At what deck composition (how many tens removed) does standing on 12 against a 2
#   become right for every 12?
#
# ## What does the document say, and do we agree?
#
# Every number and claim of the document, beside ours (`claims.verdicts`):

# %%
verdicts = ccclaims.verdicts(NB)
sl.save_table(verdicts, f"{NB}_verdicts")
display(sl.verdicts.styler(verdicts))
md(f"{sl.verdicts.summary(verdicts, list_differences=True)} "
   f"Headline: {verdicts.loc[verdicts.headline, 'claim'].item()}. Document: "
   f"{verdicts.loc[verdicts.headline, 'document'].item()}; ours: {verdicts.loc[verdicts.headline, 'ours'].item()}.")

# %% [markdown]
# The document is the source of every number checked above; the textbook chart we set beside
# ours is Wikipedia's basic-strategy table; the simulation draws its cards from SplitMix64
# streams.

# %%
sl.references.cite("plank2018cardcounter", "wikipedia-blackjack", "steele2014splitmix")

# %% [markdown]
# [← 05 Ten Thousand](05_ten_thousand.ipynb) · [index](00_index.ipynb) ·
# [07 Hold'em stacking →](07_holdem_stacking.ipynb)
