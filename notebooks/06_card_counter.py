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
# **Source document:** J. S. Plank, *SRM 734, D1, 400-Pointer (CardCounter)*, a write-up
# of a TopCoder problem and its memoised solution (`shared/seeds/003_796a598a91b6182b.txt`).
#
# ## Overview
#
# A player who has counted every card knows exactly what is left in the deck. How often
# can he then beat a dealer who follows the house rules, if he only chooses between
# hitting and standing? The contest asks for that probability for decks of at most
# 16 cards; the document solves it with two memoised recursions and prints its memo
# tables for one example. We reproduce those tables line for line, check the answers
# three independent ways (exact fractions, a brute force over card orders, a seeded
# simulation), and then go past the contest: full 52-card decks and larger shoes, the
# optimal hit/stand chart for a fresh deck beside textbook basic strategy, and which
# removed card helps the player most, the idea behind card counting.

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
# * Then the dealer draws his hidden card and hits while below 17; a soft 17 stands.
# * The player wins if he has not bust and the dealer busts or ends lower. **Ties lose.**
#   There is no doubling, splitting, insurance or blackjack bonus: the score is the
#   probability of winning.
# * Beyond the contest (which caps the deck at 16 cards, counts 0..4) any counts are
#   allowed, but a deck on which the dealer could have to draw from an empty deck is
#   refused with an error (see the last section before the widgets).
#
# Drawing the dealer's hidden card after the player's turn rather than before changes
# nothing: the player never sees it, and every position in a shuffled deck is alike.

# %%
import time

import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from fractions import Fraction
from IPython.display import display

import stoplib as sl
from stoplib import cardcounter as cc
from stoplib.cardcounter import claims as ccclaims, document as doc, plots as ccplots
from stoplib.cardcounter import strategy as ccstrategy, widgets as ccwidgets

STEM = "06_card_counter"
print("quick mode" if sl.is_quick() else "full mode")

# %% [markdown]
# ## How do the two recursions work?
#
# The state is the deck composition plus the hand sums. The **dealer's recursion**
# `dealer(D, s, a)` gives the distribution of his final total (17, 18, 19, 20, 21, bust)
# from hard sum `s` (aces as 1) and ace flag `a` with deck `D`: once his total is 17
# or more it is fixed, otherwise it is the average over the next card,
# $\sum_v \frac{D_v}{|D|}\,\mathrm{dealer}(D - v,\ s + v,\ a \lor v = 1)$.
# The **player's recursion** is
# $\mathrm{player}(D, s, a) = \max(\text{stand}, \text{hit})$, where *stand* reads his
# win probability off `dealer(D, up, up = 1)` (dealer busts, or ends below the player's
# total) and *hit* is $\sum_v \frac{D_v}{|D|}\,\mathrm{player}(D - v, s + v, a \lor v = 1)$,
# a bust being worth 0. Both are memoised on an integer code of the composition, in
# numba dictionaries. Here is the document's example 6: dealer 5, player 7 + 8,
# deck `1004000002`.

# %%
ex6 = cc.solve(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
print(f"win {ex6.win_probability:.8f}  stand {ex6.stand_probability:.8f}  hit {ex6.hit_probability:.8f}  -> {ex6.action}")
print(f"document: win {doc.EX6_ANSWER:.8f}  stand {doc.EX6_STAND:.8f}")
assert round(ex6.win_probability, 8) == doc.EX6_ANSWER and round(ex6.stand_probability, 8) == doc.EX6_STAND
assert cc.solve_exact(doc.EX6_DECK, 5, [7, 8]).win_probability == Fraction(4, 15) and ex6.action == "hit"

# %% [markdown]
# Both numbers **match**: hitting 15 against a 5 wins 4/15 of the time, standing only
# 22/105. The exact fraction comes from the slow twin below. The solution also carries
# its memo: every state the player can reach, with both values and the best action.

# %%
display(ex6.states()[["player_sum", "has_ace", "total", "deck", "removed", "stand", "hit", "best", "action"]])

# %% [markdown]
# After a hit the player holds 16 (ace drawn), 19 (a 4) or 25 (a ten, bust, not stored);
# from 16 he hits again and from 19 or 20 he stands.
#
# The dealer's recursion alone already says a lot: the distribution of his final total
# for each up card, dealt from a fresh 52-card deck (one up card removed).

# %%
fig, ax = plt.subplots(figsize=(7, 3.6))
ccplots.plot_dealer_outcomes(ax, cc.fresh_deck(1))
sl.save_figure(fig, STEM, "dealer-outcomes")
plt.show()

# %% [markdown]
# *The dealer's final total by up card (fresh single deck).* A 5 or 6 busts him about
# 42% of the time; with a 10 or an ace showing he busts least and usually makes 20 or 21.

# %%
busts = {up: cc.Engine(cc.fresh_deck(1)).dealer_distribution(cc.fresh_deck(1, minus=[up]), up, up == 1)[-1]
         for up in range(1, 11)}
print("P(dealer busts) by up card:", {("A" if k == 1 else k): round(float(v), 3) for k, v in busts.items()})
assert 0.40 < busts[5] < 0.44 and 0.40 < busts[6] < 0.44 and busts[10] < 0.25 and busts[1] < 0.2

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
print(cmp6["verdict"].value_counts().to_string())
assert len(ours6) == len(doc.EX6_MEMO_DUMP) == 58
assert (cmp6["verdict"] == "matches").sum() == 57
assert cmp6.loc[0, "verdict"] == "truncated in document" and cmp6.loc[0, "ours"] == "dea" + cmp6.loc[0, "document"]

# %% [markdown]
# All 58 lines agree. 57 are character-for-character identical; the first
# **differs only by a truncation in the document**: it prints `lers_move( 5, false, 15,
# "1004000002") = 0.20952381`, our line is the same with the leading `dea` restored.
# The full table, ours beside the document's:

# %%
with pd.option_context("display.max_rows", 80, "display.max_colwidth", 70, "display.width", 200):
    display(cmp6[["line", "ours", "verdict"]])

# %% [markdown]
# The dump's values are printed to 8 decimals. The fast numba solver (a different
# memo: final-total distributions keyed by composition) reproduces every one of them.

# %%
gap = ccclaims.check_dump_with_fast(doc.EX6_MEMO_DUMP)
print(f"largest gap between the document's printed values and the fast solver: {gap:.1e}")
assert gap < 5e-9 + 1e-12

# %% [markdown]
# The gap is rounding at the 8th decimal: every printed value **matches**. The two
# memos are organised differently: the document caches one dealer entry per (dealer
# state, player total), dealers who already stand included, while ours keeps only
# dealers who must still draw, each with his whole distribution of final totals, so
# one entry serves every player total.

# %%
n_doc_dealer = sum(line.startswith("dea") or line.startswith("lers") for line in doc.EX6_MEMO_DUMP)
print(f"document: {n_doc_dealer} dealer entries, {len(doc.EX6_MEMO_DUMP) - n_doc_dealer} player entries; "
      f"fast solver: {ex6.n_dealer_states} dealer states, {ex6.n_player_states} player states (busts not stored)")
assert (n_doc_dealer, ex6.n_dealer_states) == (48, 22)

# %% [markdown]
# The 48 document entries collapse to 22 dealer states, and the 10 player entries to
# the 4 states where the player has not bust.
#
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
display(check5.terms)
sl.save_table(ex5, "cardcounter_example5")
display(ex5)
assert (ex5["verdict"] == "matches").all()
assert round(cc.win_probability(doc.EX5_DECK, 1, [1, 1]), 6) == doc.EX5_ANSWER
assert round(cc.stand_probability(doc.EX5_DECK, 1, [1, 1]), 6) == doc.EX5_STAND
print(f"exact: best {best5} ~ {float(best5):.10f}, stand {stand5} ~ {float(stand5):.10f}")

# %% [markdown]
# Every number **matches**: standing on soft 12 wins 0.143506, hitting 0.436735
# (6.98776 / 16). A 3 is the best card to draw (0.533), a ten the worst (0.268).
#
# ## Are the answers right? Three independent checks
#
# Besides the document's own functions in exact fractions (`solve_exact`), we check
# against a brute force that never uses a conditional probability: it lists every
# distinct **order** of the remaining cards (all equally likely), lets the player's
# decision depend only on the prefix he has seen (orders sharing a prefix are grouped
# in a trie), and counts orders won. Example 6's seven cards have 105 orders.

# %%
brute6 = cc.brute_force_orders(doc.EX6_DECK, 5, [7, 8])
print("brute force over orders:", brute6, " exact twin:", cc.solve_exact(doc.EX6_DECK, 5, [7, 8]).win_probability)
assert brute6 == Fraction(4, 15)

# %% [markdown]
# The same 4/15. Now random contest-sized decks (at most 16 cards, counts 0..4): the
# fast solver against the exact twin, and, for the decks of at most 8 cards, against
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
print(f"{len(ok)} decks solved, fast = exact on all; {len(bf)} also by brute force, all equal; "
      f"{checks['fast'].isna().sum()} rejected as too small")
display(checks.head(10))

# %% [markdown]
# All three agree to rounding wherever the game is defined.
#
# ## How big is a full deck's problem?
#
# The contest caps the deck at 16 cards. A fresh 52-card deck has
# $5^9 \cdot 17 \approx 33$ million sub-compositions, but a hand can only remove cards
# worth about 50 points (the player stops by 21 plus one busting card, the dealer by 26),
# so only a few thousand compositions are ever reached. We solve every one of the 550
# starting hands (dealer card x two player cards) from fresh decks and count the states.

# %%
deck_sizes = sl.pick((1, 2, 4, 8), (1, 2))
dealer_cards = sl.pick(range(1, 11), (1, 2, 6, 10))   # quick mode: a few dealer cards only
sizes = pd.concat([ccstrategy.state_counts(n, dealers=dealer_cards) for n in deck_sizes], ignore_index=True)
sl.save_table(sizes, "cardcounter_state_counts")
summary = sizes.groupby("n_decks").agg(max_player_states=("n_player_states", "max"),
                                       max_dealer_states=("n_dealer_states", "max"),
                                       max_memo_mb=("memo_mb", "max"),
                                       median_ms=("seconds", lambda s: 1000 * s.median()),
                                       max_ms=("seconds", lambda s: 1000 * s.max()))
display(summary)
worst = sizes.loc[sizes[sizes.n_decks == 1]["n_dealer_states"].idxmax()]
print(f"largest single-deck hand: dealer {int(worst.dealer)}, player {int(worst['first'])} + {int(worst['second'])}")
assert summary.loc[1, "max_dealer_states"] < 5 ** 9 * 17 / 100 and summary.loc[1, "max_memo_mb"] < 10

# %% [markdown]
# The worst single-deck hand (small cards against a small up card, where both hands
# take many cards) memoises about 70 thousand dealer states, about 0.2% of the dense
# grid, and holds about 4 MB of keys and values (twice that with the hash table's
# overhead), where a dense array over the compositions alone, before the dealer's sums,
# would need 33 million x 6 x 8 bytes = 1.6 GB. It solves in well under a second
# (timings on a shared machine; see `benchmarks/bench_cardcounter.py`). More decks add
# compositions but the count levels off: once every value has more copies than a hand
# can use, more decks only relabel the same states.

# %%
fig, ax = plt.subplots(figsize=(5, 3.2))
ccplots.plot_state_counts(ax, sizes)
sl.save_figure(fig, STEM, "state-counts")
plt.show()

# %% [markdown]
# *Memoised dealer states per starting hand, by number of decks (log scale).*
#
# ## What is the optimal strategy for a fresh deck?
#
# For every dealer card and every two-card hand we solve the hand from a fresh single
# deck minus those three cards, and collapse the first decision to a chart by total and
# softness: **H** if every hand with that total should hit, **S** if every one should
# stand, **H/S** if it depends on the cards that make the total. Beside it, the
# textbook basic strategy's hit/stand part (3+ decks, dealer stands on soft 17; doubles
# read as their fallback). Bold frames mark where ours differs.

# %%
engine = cc.Engine(cc.fresh_deck(1))
table = ccstrategy.strategy_table(1, engine)
grid = ccstrategy.chart_grid(table)
basic = ccstrategy.basic_strategy_grid(grid.index)
sl.save_table(table, "cardcounter_strategy_single_deck")
sl.save_table(grid.reset_index(names="hand"), "cardcounter_chart_single_deck")
diff = ccstrategy.chart_differences(grid, basic)
print(f"{len(diff)} of {grid.size} cells differ from basic strategy:")
print(diff.to_string(index=False))
assert len(diff) == 12

# %%
fig, axes = plt.subplots(1, 2, figsize=(10, 7.5), sharey=True)
ccplots.plot_strategy_chart(axes[0], grid, reference=basic, title="optimal here (ties lose), fresh single deck")
ccplots.plot_strategy_chart(axes[1], basic, title="textbook basic strategy (hit/stand part)")
sl.save_figure(fig, STEM, "strategy-chart")
plt.show()

# %% [markdown]
# *Optimal first decision (left; red hit, green stand, yellow composition-dependent)
# and basic strategy (right).* The differences come from this game's scoring, not from
# an error in either chart:
#
# * **Ties lose.** Standing on hard 17 against an ace loses every time the dealer also
#   makes 17 (an ace showing makes 17 through 21 likely), so hitting is better; the same
#   pull makes soft 18 hit against an 8. Against a 7 or an 8 hard 17 hits only in a
#   single deck (see the shoes below).
# * **No pushes means 16 against 9 or 10 stands.** In ordinary blackjack hitting 16 buys
#   many pushes (worth 0); here a push is a loss, so the hit mostly converts busts into
#   ties and the player is better off waiting for the dealer to bust.
# * **One known deck.** Composition effects show: hard 12 against a 2 hits only as 10+2
#   (stand otherwise), 14 against a 10 stands only as 7+7, 15 against a 9 hits only as
#   8+7, and soft 18 (A+7) against a 5 is a near tie (0.5494 hitting, 0.5490 standing)
#   that this particular deck tips towards hitting.

# %%
mixed = ccstrategy.mixed_decisions(engine)
sl.save_table(mixed, "cardcounter_mixed_decisions")
display(mixed)
h16 = ccstrategy.player_hands(engine, 10, 16)
print(h16.groupby("n_cards")["action"].value_counts().unstack(fill_value=0).T.to_string())

# %% [markdown]
# Counting multi-card hands too, the decision depends on composition in 18 (dealer,
# total) cells, e.g. hard 16 against a 7: 19 of the reachable 16s hit and 127 stand.
# Hard 16 against a 10, the classic composition-dependent hand of single-deck blackjack
# (hit 10+6, stand with three or more cards), is a stand for every one of its 146 forms
# here, as the no-push argument says.
#
# ## Does the chart change with more decks?
#
# Composition effects fade as the shoe grows; the effects of the scoring rule do not.
# We redo the chart for a larger shoe and list its differences from basic strategy.

# %%
shoe_decks = sl.pick(8, 2)
grid_shoe = ccstrategy.chart_grid(ccstrategy.strategy_table(shoe_decks))
diff_shoe = ccstrategy.chart_differences(grid_shoe, basic)
sl.save_table(grid_shoe.reset_index(names="hand"), f"cardcounter_chart_{shoe_decks}_decks")
print(f"{shoe_decks} decks: {len(diff_shoe)} cells differ from basic strategy")
print(diff_shoe.to_string(index=False))
kept = {("hard 15", "10"), ("hard 16", "9"), ("hard 16", "10"), ("hard 17", "A"), ("soft 18", "8"), ("hard 12", "3")}
assert kept <= set(zip(diff_shoe.hand, diff_shoe.dealer))
assert not {("hard 17", "7"), ("hard 17", "8"), ("soft 18", "5")} & set(zip(diff_shoe.hand, diff_shoe.dealer))

# %% [markdown]
# The scoring-rule differences stay in the shoe: stand on 15 and 16 against a 10 and
# on 16 against a 9, stand on 12 against a 3, hit hard 17 against an ace and soft 18
# against an 8. The single-deck curiosities (hard 17 hitting against a 7 or 8, soft 18
# against a 5) are gone: they came from the three removed cards weighing on a small deck.
# (With eight decks a few new cells appear, such as 12 against a 2 standing for every
# composition and 16 against an 8 depending on it: near ties that the shoe size tips.)
#
# ## Which removed card helps the player most?
#
# Card counting rests on one fact: the player's chances depend on what is left. We deal
# a whole hand (player, dealer up card, player) from a fresh deck, play it optimally, and
# compute the exact win probability; then again after removing one card of each value.

# %%
effects = ccstrategy.removal_effects(1, engine)
sl.save_table(effects, "cardcounter_removal_effects")
display(effects)
best_removed = effects.iloc[1:].sort_values("change", ascending=False).iloc[0]
print(f"fresh deck: {effects.win_probability.iloc[0]:.6f}; removing a {best_removed.removed} helps most "
      f"(+{best_removed.change:.3f} points)")
assert best_removed.removed == "5"
assert effects.set_index("removed").loc["10", "change"] < 0

# %%
fig, ax = plt.subplots(figsize=(6, 3.4))
ccplots.plot_removal_effects(ax, effects)
sl.save_figure(fig, STEM, "removal-effects")
plt.show()

# %% [markdown]
# *Change in the win probability of a dealt hand (percentage points) when one card of a
# value is removed from a fresh deck.* Removing a **5** helps most (+0.28 points), then
# the 7 and 4; removing a ten hurts most (-0.18), then the 9. Small cards help the
# dealer (he must hit stiff hands and rarely busts with them), tens help whoever stands.
# The ace is nearly neutral here: without the 3:2 blackjack bonus it has lost its
# special value to the player. A Hi-Lo count (+1 for each 2..6 seen, -1 for each ten
# or ace) follows these effects closely:

# %%
tags = np.array([ccstrategy.HI_LO[v] for v in range(1, 11)])
corr = np.corrcoef(tags, effects.change.iloc[1:])[0, 1]
print(f"correlation between Hi-Lo tags and the removal effects: {corr:.2f}")
assert corr > 0.5

# %% [markdown]
# The win probability of a fresh hand is 0.4346. Averaged over which card was burnt the
# value is higher, because the player *saw* it: that information is exactly what a
# counter sells.
#
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
mc_rows.append({"case": "dealt hands, fresh deck", "exact": r.exact, "simulated": r.win_rate, "std_err": r.std_err, "z": r.z})
mc = pd.DataFrame(mc_rows)
sl.save_table(mc, "cardcounter_monte_carlo")
display(mc)
assert (mc["z"].abs() < 4).all()

# %% [markdown]
# Every simulated rate lies within 4 standard errors of the exact value.
#
# ## How do larger shoes compare?
#
# Solving a whole dealt hand exactly for several decks takes seconds; the player's
# edge from a known deck shrinks as the shoe grows, since each card removed matters less.

# %%
shoe_rows = []
for n in sl.pick((1, 2, 4, 6, 8), (1, 2)):
    t0 = time.perf_counter()
    eng_n = cc.Engine(cc.fresh_deck(n))
    p = cc.deal_win_probability(cc.fresh_deck(n), eng_n)
    shoe_rows.append({"n_decks": n, "win_probability": p, "seconds": time.perf_counter() - t0,
                      "player_states": eng_n.n_player_states, "dealer_states": eng_n.n_dealer_states})
shoes = pd.DataFrame(shoe_rows)
sl.save_table(shoes, "cardcounter_shoes")
display(shoes)

# %% [markdown]
# The fresh-shoe win probability barely moves with the number of decks (under half a
# point); the single deck is slightly better for the player here.
#
# ## How does one hand play out?
#
# The optimal policy recomputes everything after each card. Here is one seeded hand
# from a fresh deck: player 10 + 2 against a dealer's 10, the exact stand and hit
# probabilities at each decision, then the dealer's draws (seed 11, chosen because its
# hand takes two hits; most seeds end sooner).

# %%
steps = cc.play_hand(cc.fresh_deck(1, minus=[10, 10, 2]), 10, (10, 2), seed=11)
display(steps)
first = steps.iloc[0]
assert first.action == "hit" and first.hit > first.stand

# %% [markdown]
# Each player row is a fresh exact solve on the cards that remain, so the probabilities
# move as the deck changes; the widget below lets you step through hands like this one.
#
# ## What if the deck is too small?
#
# The contest's decks always let the dealer finish. Ours need not: with one ace left,
# a player on 15 against a 10 can stand (the dealer draws the ace: 21) but if he hits,
# the dealer has nothing left to draw. Rather than return a number for a game that
# cannot be played out, every solver refuses such a deck and names the line of play.

# %%
print("stand:", cc.stand_probability("1000000000", 10, [10, 5]))
try:
    cc.win_probability("1000000000", 10, [10, 5])
except ValueError as err:
    print("win_probability:", err)
else:
    raise AssertionError("expected a ValueError")

# %% [markdown]
# Standing is well defined (and hopeless); the optimal value is not, so we say so.
#
# ## Explore it yourself
#
# Set the ten counts, the dealer's card and the player's cards; the panel shows the win
# probability of standing, of hitting (then playing optimally) and the best action.
# "draw a card" takes a random card from the deck into the player's hand, so you can
# step through a hand. (The panel needs a live kernel.)

# %%
ccwidgets.counter_panel()

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
