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
# # Dice races for two players: Pig, Ten Thousand and Farkle as one engine
#
# **Sources:** Fabián Crocce and Ernesto Mordecki, "A finite exact algorithm to solve a dice game",
# *Journal of Applied Probability* 53(1), 2016, pp. 91–105 (document 002, chapter 05); Todd W. Neller
# and Clifton G. M. Presser, "Optimal Play of the Dice Game Pig", *The UMAP Journal* 25(1), 2004, and
# "Practical Play of the Dice Game Pig", *The UMAP Journal* 31(1), 2010; Crocce and Mordecki, "A
# non-iterative algorithm for generalized pig games", *Journal of Dynamics and Games* 5(4), 2018;
# Matthew Busche and Todd W. Neller, "Optimal Play of the Farkle Dice Game", *Advances in Computer
# Games* 2017; Matthew Busche, "Maximizing Win Probability in the Game of Farkle" (blog, 2016).
#
# ## Overview
#
# Chapter 05 solved one turn of Ten Thousand the way document 002 does: bank or roll so as to
# maximise the expected score of the turn. A real game is a race between two players to 10,000
# points, and a player who is far behind should take more risk than one who is far ahead. The paper
# stops exactly there; its last sentence about the game reads:
#
# > *Whether a similar type of algorithm can be used in the competitive Ten Thousand game remains an
# > open question.*
#
# This chapter answers it for the paper's own rules, and then for two cousins with published
# answers. Pig (one die), Ten Thousand (five dice) and Farkle (six) are the same race: players take
# turns; a roll busts, losing the turn's total, or scores, and the player keeps some of it and banks
# or rolls on; the first to the goal wins. Only the turn differs, so one engine solves them all: a
# game is a *turn model* (for every number of dice, the chance of a bust, the scoring outcomes and the
# choices each leaves), and one solver works on any turn model. We check it where others have
# published answers: two-player Pig (Neller and Presser: the first player wins 53.06% of games to
# 100), Farkle (Busche and Neller: a fair game needs a 200-point head start for the second player)
# and Facebook Farkle (Busche: the first player wins 53.487%, in a game of 423,765,000 states).
#
# What is theirs and what is new. Value iteration on win probabilities is Neller and Presser's
# method; solving the pairs of scores one at a time is Crocce and Mordecki's idea for Pig (2018);
# Farkle's rules and numbers are Busche and Neller's. New here, as far as we know: the finite
# pairwise algorithm for Ten Thousand and Farkle (the answer to document 002's question), the
# solution of two-player Ten Thousand under document 002's rules, one engine for all three games
# with policy iteration for Facebook Farkle's three-farkle penalty, and (chapter 09) three players.
# Two panels at the end let the reader ask the advisor about any roll of any of the games.

# %%
import resource
import time

import numpy as np
import pandas as pd

import stoplib as sl
from stoplib import race
from stoplib import tenthousand as tt
from stoplib.race import claims, document as doc, plots as rplots, widgets as rwidgets
from stoplib.util.timing import machine, stamp
from stoplib.workbook.config import project_root, read_committed_csv

sl.style.apply()
NB = "08_two_player_dice"
md, pct = sl.prose.md, sl.prose.percent
PIG_GOAL = 100                                   # Neller and Presser's goal (cheap in either mode)
TT_GOAL = sl.pick(200, 60)                       # chips: 200 = 10,000 points
FARKLE_GOAL = sl.pick(200, 40)                   # chips: 200 = 10,000 points
EXACT_GOALS = list(sl.pick(range(2, 21), range(2, 11)))
PIG_GAMES = sl.pick(400_000, 40_000)
TT_GAMES = sl.pick(100_000, 10_000)
md(f"Run in **{'quick' if sl.is_quick() else 'full'} mode**: Pig to {PIG_GOAL} points, Ten Thousand to {TT_GOAL} "
   f"chips ({50 * TT_GOAL:,} points) and Farkle to {FARKLE_GOAL} chips ({50 * FARKLE_GOAL:,} points), on "
   f"{machine()}.")

# %% [markdown]
# ## What are the rules, exactly?
#
# **Ten Thousand** is document 002's turn: five dice, scores in chips of 50 points (each 5 is 1 chip,
# each 1 is 2, three 2s, 3s, 4s and 6s are 4, 6, 8 and 12, three 5s 10 and three 1s 20); after a
# scoring roll the player keeps the whole roll or, when some die did not score, a smaller
# configuration (the paper's moves), then banks or rolls the dice left; if every die scored, all five
# are rolled again (hot dice); a roll that scores nothing ends the turn with nothing. Two players
# alternate turns, and each plays to maximise the probability of reaching the goal first. The paper
# says nothing about two players, so we fix every rule it leaves open:
#
# 1. **The first roll of a turn is compulsory** (no banking of 0). Below we show that allowing a pass
#    would change nothing: at every turn start, rolling is strictly better than passing.
# 2. **Reaching the goal during a turn wins at once.** The other reading, that the total must be
#    banked, gives *bit-for-bit the same tables* (shown below): a win is worth 1, the most any
#    choice can be worth, so banking on reaching the goal is always optimal.
# 3. **No exact finish, no last round, no entry minimum, no three-bust penalty**: reaching or passing
#    the goal wins, the other player gets no reply, any positive turn total may be banked. These are
#    choices of rules, not ambiguities of the paper; other choices make other games.
# 4. **Hot dice and moves exactly as in the paper** (its Section 2.2 and Table 3).
# 5. **The goal is in chips**: every score is a multiple of 50 points, so 10,000 points is 200 chips
#    and nothing is lost.
#
# **Pig** is the same race with one die: a 1 loses the turn total, a face $r \ge 2$ adds $r$, and the
# same conventions hold (a compulsory first roll, a win on reaching the goal), as in Neller and
# Presser's model.
#
# **Farkle** (Busche and Neller 2017) has six dice, each 1 worth 100 points and each 5 worth 50, three
# of a kind worth 1000 for 1s and 100 times the face otherwise, and nothing else (four 1s are a triple
# and a single); the player sets aside at least one scoring combination, may set aside several, and
# banks or rolls the rest, all six again after hot dice (and may then bank or roll); the first to
# bank 10,000 wins, with no last turn and no penalty. **Facebook Farkle** (Busche 2016) scores four,
# five and six of a kind at two, three and four times the triple, a straight 1–6 at 1500 and three
# pairs at 750 (four of a kind and a pair are *not* three pairs); at least 300 points must be banked;
# three farkles in a row cost 500 banked points and reset the count; and, as in Busche's model, no
# banked score falls below −2,500. The sources of each rule, and the readings where a source is
# silent, are in the table below (transcribed by a research pass over the papers, Busche's rules
# pages and his blog; the paper's body could not be read, so its human-playable policy could not be
# transcribed).

# %%
rules = pd.DataFrame([
    {"game": "Farkle (Busche and Neller)", "rule": "six dice; the first to bank 10,000 points wins, no last turn",
     "source": "Busche and Neller 2017, Section 1"},
    {"game": "Farkle (Busche and Neller)", "rule": "1 = 100, 5 = 50, three of a kind = 1000 for 1s, 100 × face "
     "otherwise; nothing else scores", "source": "their Table 1 (through a summary of it) and Section 1"},
    {"game": "Farkle (Busche and Neller)", "rule": "set aside at least one combination, several allowed; bank any "
     "positive total", "source": "Section 1; no minimum is mentioned"},
    {"game": "Farkle (Busche and Neller)", "rule": "hot dice: all six again, bank or roll", "source":
     "reading (a) of two (the other: must roll); no published number tells them apart"},
    {"game": "Facebook Farkle (Busche)", "rule": "four, five, six of a kind = 2, 3, 4 × the triple; straight = 1500; "
     "three pairs = 750, not four of a kind and a pair", "source": "Busche's scoring page; of the readings we "
     "tried, the one that reproduces 53.487% (counting four of a kind and a pair as three pairs does not)"},
    {"game": "Facebook Farkle (Busche)", "rule": "at least 300 points to bank", "source": "Busche's rules page, and "
     "the published state count needs it"},
    {"game": "Facebook Farkle (Busche)", "rule": "three farkles in a row: −500 banked points, the count reset; a "
     "bank resets the banker's count", "source": "Busche's rules page and blog"},
    {"game": "Facebook Farkle (Busche)", "rule": "banked scores never below −2,500", "source": "Busche's blog (a bound "
     "of his model, not a rule of the game)"},
])
sl.show_table(rules, headers={"game": "Game", "rule": "Rule", "source": "Source"})

# %% [markdown]
# As turn models the games differ only in their arrays: for each number of dice, the chance of a
# bust, the scoring outcomes (rolls that leave the same choices are one outcome) and the choices each
# leaves (points set aside, dice left; in Farkle a choice that leaves the same dice with fewer points
# is dropped, which changes no value, as the tests check):

# %%
models = pd.DataFrame([{"game": m.title, "dice": m.dice, "outcomes": m.n_outcomes, "choices": len(m.opt_s),
                        "bust_all_dice": float(m.bust[m.dice]), "unit": m.unit,
                        "least_bank": m.minimum_bank * m.unit_points, "farkles": m.farkles if m.counter else 0}
                       for m in (race.turn_model(g) for g in race.GAMES)])
sl.show_table(models, formats={"bust_all_dice": "{:.4%}"},
              headers={"game": "Game", "dice": "Dice", "outcomes": "Scoring outcomes", "choices": "Choices",
                       "bust_all_dice": "Bust with all dice", "unit": "Unit", "least_bank": "Least bank (points)",
                       "farkles": "Farkles that cost points"})

# %% [markdown]
# **The equations.** With $P_0(i, j)$ the probability that the player to move wins at the start of a
# turn with $i$ banked against the opponent's $j$, and inside the turn $t$ set aside with $n$ dice to
# roll,
#
# $$\mathrm{pre}(t, n) = p_n(\text{bust})\,\big(1 - P_0(j, i)\big) + \sum_k p_n(k)
#   \max_{\text{kept } c \le k} \mathrm{base}\big(t + s(c), n'\big),\qquad
#   \mathrm{base}(t, n) = \max\big(1 - P_0(j, i + t),\ \mathrm{pre}(t, n)\big),$$
#
# with $\mathrm{base} = 1$ once $i + t$ reaches the goal and $P_0(i, j) = \mathrm{pre}(0, N)$. A bust
# hands the turn to the opponent at the same scores, so $P_0(i, j)$ and its *partner* $P_0(j, i)$
# depend on each other; a bank leads to a larger score sum. That is what makes the game harder than
# the solitaire turn, where a backward pass from a threshold suffices, and it is also the way out:
# the pairs $\{(i, j), (j, i)\}$ can be solved one at a time, from the largest score sums down.

# %% [markdown]
# ## Two-player Pig: who wins, and do two methods agree?
#
# Pig has the same structure with one die. We solve it by value iteration (Neller and Presser's
# method, pair by pair until no value moves by more than $10^{-14}$) and by the pairwise algorithm
# (for a fixed partner value each turn is one backward pass, affine in that value on an interval; the
# pair's values are where two monotone piecewise-linear maps cross, found by visiting pieces). Each is
# timed after a warm-up solve of a tiny goal has loaded its compiled kernels.

# %%
def timed(compute):
    """``(result, seconds)`` of ``compute()``."""
    start = time.perf_counter()
    result = compute()
    return result, time.perf_counter() - start


for method in ("pairwise", "value_iteration"):
    race.solve("pig", 3, method=method)            # warm-up: load the compiled kernels
pig, pig_s = timed(lambda: race.solve("pig", PIG_GOAL, cache=False))
pig_vi, pig_vi_s = timed(lambda: race.solve("pig", PIG_GOAL, method="value_iteration", cache=False))
pig_stamp = stamp()
pig_values, pig_vi_values = pig.state_values(), pig_vi.state_values()
pig_gap = float(np.abs(pig_values - pig_vi_values).max())
assert pig_gap < 1e-11 and pig.residual < 1e-13
upper = np.triu_indices(PIG_GOAL)
pig_methods = pd.DataFrame([{"method": r.method, "first_player_win": r.first_player_win, "residual": r.residual,
                             "per_pair_mean": r.iterations[upper].mean(), "per_pair_max": int(r.iterations[upper].max()),
                             "seconds": s, **pig_stamp} for r, s in ((pig, pig_s), (pig_vi, pig_vi_s))])
sl.save_table(pig_methods, "two_player_pig_methods")
sl.show_table(pig_methods.drop(columns="taken"),
              formats={"first_player_win": "{:.12f}", "residual": "{:.1e}", "per_pair_mean": "{:.2f}",
                       "seconds": "{:.3f}", "load": "{:.1f}"},
              headers={"first_player_win": "First player wins", "residual": "Residual max |LP − P|",
                       "per_pair_mean": "Turn passes or rounds a pair (mean)", "per_pair_max": "(most)",
                       "seconds": "Seconds", "load": "Load average"})

# %%
np_verdict = sl.verdicts.judge(doc.PIG_FIRST_PLAYER_PERCENT, 100 * pig.first_player_win)
md(f"The first player wins **{pct(pig.first_player_win, 4)}** of games to {PIG_GOAL} under optimal play; Neller "
   f"and Presser print {doc.PIG_FIRST_PLAYER_PERCENT}%: **{np_verdict}**. The two methods agree to "
   f"{pig_gap:.0e} in every one of the {pig_values.size:,} table entries. The pairwise method makes "
   f"{pig_methods.per_pair_mean[0]:.2f} turn passes a pair on average (at most {pig_methods.per_pair_max[0]}) and "
   f"needs no tolerance; value iteration takes {pig_methods.per_pair_mean[1]:.1f} rounds a pair on average (at most "
   f"{pig_methods.per_pair_max[1]}), each two passes.")

# %% [markdown]
# **Exact fractions.** For small goals the pairs are solved in rational arithmetic (each pair by
# policy iteration, a finite process, then checked to satisfy its equations exactly), and the float
# tables of the pairwise method are compared with them:

# %%
exact_rows = []
for g in EXACT_GOALS:
    ex, pw = race.solve("pig", g, method="exact"), race.solve("pig", g)
    exact_rows.append({"goal": g, "exact": str(ex.first_player_win_exact) if g <= 6 else "…",
                       "digits": len(str(ex.first_player_win_exact.denominator)), "float": float(ex.first_player_win_exact),
                       "gap": float(np.abs(ex.state_values() - pw.state_values()).max())})
exact_table = pd.DataFrame(exact_rows)
assert (exact_table["gap"] < 1e-12).all()
sl.save_table(exact_table, "two_player_pig_exact")
sl.show_table(exact_table, formats={"float": "{:.12f}", "gap": "{:.0e}"},
              headers={"goal": "Goal", "exact": "First player wins (exact)", "digits": "Digits of the denominator",
                       "float": "As a float", "gap": "Largest |exact − pairwise| over all states"})

# %%
md(f"Up to goal {EXACT_GOALS[-1]} the pairwise floats agree with the exact fractions to "
   f"{exact_table['gap'].max():.0e} in every state; the denominators grow to "
   f"{exact_table['digits'].max()} digits.")

# %% [markdown]
# **Who wins at other goals?** The rules never look at a banked score, only at what is left to the
# goal, so the game to 100 started from $(100 - g, 100 - g)$ *is* the game to $g$: one solve gives
# the first player's chance for every goal. We check it against separate solves at ten goals:

# %%
pig_curve = race.win_shares_by_goal("pig", PIG_GOAL)
pig_checks = {g: race.solve("pig", g).first_player_win for g in range(10, PIG_GOAL + 1, 10)}
assert all(pig_curve.at(g) == v for g, v in pig_checks.items())          # bit for bit
pig_goals = pd.DataFrame({"goal": pig_curve.goals, "first_player_win": pig_curve.first_player_win})
sl.save_table(pig_goals, "two_player_pig_by_goal")
md(f"All ten separate solves equal the curve bit for bit. From goal 10 ({pct(pig_curve.at(10), 2)}) to goal "
   f"{PIG_GOAL} ({pct(pig_curve.at(PIG_GOAL), 2)}) the first player's edge shrinks, though not at every step (the "
   "figure below draws the curve).")

# %% [markdown]
# ## How should a Pig player play the race?
#
# The optimal rule is "hold once the turn total reaches $h$", with $h$ depending on both scores
# (read off the solved table; holding need not be a single threshold in general). Solitaire Pig
# (chapter 05) holds at 20 whatever the scores.

# %%
fig, axes = sl.style.figure(1, 2, figsize=(12, 4.4))
rplots.plot_hold_at(axes[0], pig, reference=tt.pig().threshold)
rplots.plot_hold_map(axes[1], pig)
_ = sl.save_figure(fig, NB, "pig-hold-at")
sl.style.show(fig)

# %%
H = pig.bank_table()
race_end = H >= (PIG_GOAL - np.arange(PIG_GOAL))[:, None]
first_race = int(np.flatnonzero(race_end[0])[0])
sl.caption(f"The optimal Pig player's \"hold at\" total against the opponent's score (left, one line per own score) "
           f"and over both scores (right; grey: roll on until the goal or a bust): at 0–0 it holds at "
           f"{int(H[0, 0])}, close to solitaire Pig's {tt.pig().threshold}; it holds earlier when ahead "
           f"({int(H[75, 25])} at 75–25) and later when behind ({int(H[25, 75])} at 25–75), and from an "
           f"opponent's score of {first_race} a player who still has 0 rolls on to the goal. At "
           f"{pct(race_end.mean(), 0)} of all score pairs the optimal player never holds before the goal.")

# %% [markdown]
# **Simple rules.** Neller and Presser (2010) propose rules a person can follow; two famous ones are
# "hold at 20" (the solitaire optimum) and "keep pace and end race": if either score is at least 71,
# roll for the goal; otherwise hold at $21 + \mathrm{round}((j - i)/8)$. A fixed rule against a
# fixed rule is a linear system per pair of scores, so every match below is evaluated **exactly**
# (no simulation), for both seats:

# %%
hold20, pace = race.hold_at(20), race.keep_pace()
pairs = [("optimal", "optimal"), ("optimal", hold20), ("optimal", pace), (pace, hold20), (hold20, hold20)]
pig_matches = [race.evaluate("pig", a, b, goal=PIG_GOAL) for a, b in pairs]
pig_match_table = pd.DataFrame([{"player": m.player, "opponent": m.opponent, "first": m.first_player_win,
                                 "second": m.second_player_win, "mean": m.mean} for m in pig_matches])
sl.save_table(pig_match_table, "two_player_pig_rules")
sl.show_table(pig_match_table, formats={c: "{:.4%}" for c in ("first", "second", "mean")},
              headers={"first": "Player wins, moving first", "second": "Moving second",
                       "mean": "Mean (a coin decides who starts)"})

# %%
by = {(m.player, m.opponent): m for m in pig_matches}
lose20, lose_pace = (by["optimal", "hold at 20"].mean - 0.5, by["optimal", "keep pace and end race"].mean - 0.5)
md(f"Against an optimal opponent, \"hold at 20\" wins {pct(0.5 - lose20, 2)} of games (a coin deciding who starts), "
   f"{100 * lose20:.2f} percentage points below even, and \"keep pace and end race\" {pct(0.5 - lose_pace, 2)}, "
   f"{100 * lose_pace:.2f} below. Played against \"hold at 20\", keep pace wins "
   f"{pct(by['keep pace and end race', 'hold at 20'].mean, 2)}.")

# %% [markdown]
# **Real dice.** Seeded Monte Carlo games between the same policies (the player moving first), set
# beside the exact values; the workbook's rule asks for agreement within 4 standard errors:

# %%
def simulated(rows):
    table = pd.DataFrame(rows)
    table["z"] = (table["simulated"] - table["exact"]) / table["std_err"]
    table["within 4 SE"] = [sl.verdicts.within_error(s, e, se) == "agrees"
                            for s, e, se in zip(table["simulated"], table["exact"], table["std_err"])]
    assert table["within 4 SE"].all()
    return table


pig_rows = []
for m, (a, b) in zip(pig_matches[:3], pairs[:3]):
    games = race.simulate("pig", a, b, goal=PIG_GOAL, n_games=PIG_GAMES, seed=2004)
    pig_rows.append({"player": m.player, "opponent": m.opponent, "games": games.n_games, "exact": m.first_player_win,
                     "simulated": games.win_rate, "std_err": games.std_err})
pig_mc = simulated(pig_rows)
sl.save_table(pig_mc, "two_player_pig_monte_carlo")
SIM_FORMATS = {"exact": "{:.4%}", "simulated": "{:.4%}", "std_err": "{:.4%}", "z": "{:+.2f}"}
SIM_HEADERS = {"games": "Games", "exact": "Exact (moving first)", "simulated": "Simulated", "std_err": "Std. error",
               "z": "z", "within 4 SE": "Within 4 std. errors"}
sl.show_table(pig_mc, formats=SIM_FORMATS, headers=SIM_HEADERS)

# %%
md(f"All {len(pig_mc)} simulations land within {pig_mc['z'].abs().max():.2f} standard errors of the exact values "
   f"({PIG_GAMES:,} games each).")

# %% [markdown]
# ## Two-player Ten Thousand: how big is it, and how long does it take?
#
# The game (to the goal printed at the top: 200 chips in full mode) is solved twice, by the
# pairwise algorithm and by value iteration (each pair's two turns alternated until no value
# moves by more than $10^{-14}$), timed here (without the disk cache: a solve, not a read of a
# stored copy) after warm-up solves of a tiny goal. The solution keeps only the turn-start values
# $P_0$ and, for the figures, the least banking totals; everything inside a turn follows from
# $P_0$ by one backward pass (a millisecond).

# %%
for method in ("pairwise", "value_iteration"):
    race.solve("tenthousand", 3, method=method, cache=False)     # warm-up: load the compiled kernels
game, game_s = timed(lambda: race.solve("tenthousand", TT_GOAL, cache=False))
game_stamp = stamp()
game_vi, game_vi_s = timed(lambda: race.solve("tenthousand", TT_GOAL, method="value_iteration", cache=False))
vi_stamp = stamp()
peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024      # Linux reports KiB
kept_mib = sum(getattr(game, name).nbytes for name in ("turn_start", "bank_from", "roll_above", "riskier", "safer",
                                                       "iterations")) / 2**20
gap = float(np.abs(game.turn_start - game_vi.turn_start).max())
assert gap < 1e-10 and game.residual < 1e-13 and game_vi.residual < 1e-12
tt_upper = np.triu_indices(TT_GOAL)
tt_methods = pd.DataFrame([{"method": r.method, "first_player_win": r.first_player_win, "residual": r.residual,
                            "per_pair_mean": r.iterations[tt_upper].mean(),
                            "per_pair_max": int(r.iterations[tt_upper].max()), "seconds": s, **st}
                           for r, s, st in ((game, game_s, game_stamp), (game_vi, game_vi_s, vi_stamp))])
sl.save_table(tt_methods, "two_player_tenthousand_methods")
sl.show_table(tt_methods.drop(columns="taken"),
              formats={"first_player_win": "{:.15f}", "residual": "{:.1e}", "per_pair_mean": "{:.2f}",
                       "seconds": "{:.1f}", "load": "{:.1f}"},
              headers={"first_player_win": "First player wins", "residual": "Residual max |LP₀ − P₀|",
                       "per_pair_mean": "Passes or rounds a pair (mean)", "per_pair_max": "(most)",
                       "seconds": "Seconds", "load": "Load average"})

# %%
states = game.state_count
state_table = pd.DataFrame([{"kind": k.replace("_", " "), "states": v} for k, v in states.items()])
sl.save_table(state_table, "two_player_tenthousand_states")
sl.show_table(state_table, headers={"kind": "States", "states": "Count"})

# %%
md(f"Two-player Ten Thousand to {TT_GOAL} chips has {states['turn_starts']:,} turn starts, {states['pre_roll']:,} "
   f"pre-roll states $(i, j, t, n)$ and {states['post_roll']:,} of the paper's post-roll states "
   f"$(i, j, t, \\text{{configuration}}, n)$: **{states['total']:,}** in all. The pairwise solve took "
   f"**{game_s:.1f} s** and value iteration {game_vi_s:.1f} s, on one core of {game_stamp['machine']} at a load "
   f"average of {game_stamp['load']:.1f} (other jobs share the machine). The solution keeps {kept_mib:.1f} MiB of "
   f"tables, and the whole notebook process had peaked at {peak_mib:.0f} MiB of memory by then. "
   f"The methods agree to **{gap:.0e}** in every turn-start value; both residuals are below "
   f"{max(game.residual, game_vi.residual):.0e}.")

# %% [markdown]
# **A brute force on the paper's own states.** A third method shares no code with the two above: it
# writes down every state of document 002's model, $(t, \text{configuration}, n)$ for every pair of
# banked scores, with every action (stop, roll, and every move to a smaller configuration, valued at
# the destination's full value as in the paper's MCP), and iterates all of them at once (Jacobi, in
# NumPy, no pairs, no ordering) until nothing moves. Tiny goals only:

# %%
brute_rows = []
for g in sl.pick((1, 2, 4, 6, 8), (1, 3, 6)):
    P0, sweeps = tt.duel_brute_force(g)
    brute_rows.append({"goal": g, "sweeps": sweeps, "first_player_win": float(P0[0, 0]),
                       "gap": float(np.abs(P0 - race.solve("tenthousand", g, cache=False).turn_start).max())})
brute = pd.DataFrame(brute_rows)
assert (brute["gap"] < 1e-12).all()
sl.save_table(brute, "two_player_tenthousand_brute_force")
sl.show_table(brute, formats={"first_player_win": "{:.12f}", "gap": "{:.0e}"},
              headers={"goal": "Goal (chips)", "sweeps": "Jacobi sweeps", "first_player_win": "First player wins",
                       "gap": "Largest |brute force − pairwise|"})

# %% [markdown]
# ## Do the rules the paper leaves open change the answer?
#
# We solve the game again with the other finishing rule (the goal must be banked) and compare every
# table bit for bit; and we measure how far rolling is above passing at every turn start.

# %%
game_bank = race.solve("tenthousand", TT_GOAL, finish="bank")
same = all(np.array_equal(getattr(game, k), getattr(game_bank, k))
           for k in ("turn_start", "bank_from", "roll_above", "riskier", "safer"))
assert same and game.pass_margin > 0 and pig.pass_margin > 0
md(f"\"Win on reaching the goal\" and \"win on banking it\" give **{'identical' if same else 'different'}** tables, "
   f"bit for bit. Passing at a turn start is worth $1 - P_0(j, i)$ and rolling $P_0(i, j)$; the smallest margin "
   f"$P_0(i, j) + P_0(j, i) - 1$ over all turn starts is {game.pass_margin:.3g} in Ten Thousand (far above the "
   f"residual, {game.residual:.0e}) and {pig.pass_margin:.4f} in Pig. So a game with an optional first roll has "
   "the same solution, and nobody would pass in it.")

# %% [markdown]
# ## Who wins Ten Thousand, and what head start makes it fair?

# %%
tt_curve = race.win_shares_by_goal("tenthousand", TT_GOAL)
tt_checks = {g: race.solve("tenthousand", g).first_player_win for g in (20, 50, 100) if g < TT_GOAL}
assert all(tt_curve.at(g) == v for g, v in tt_checks.items())
sl.save_table(pd.DataFrame({"goal_chips": tt_curve.goals, "first_player_win": tt_curve.first_player_win}),
              "two_player_tenthousand_by_goal")
fig, axes = sl.style.figure(1, 2, figsize=(12, 4.2))
rplots.plot_first_player_win(axes[0], pig_curve, min_goal=10, checks=pig_checks,
                             reference=(100, float(doc.PIG_FIRST_PLAYER_PERCENT) / 100,
                                        f"Neller and Presser (2004): {doc.PIG_FIRST_PLAYER_PERCENT}%"))
axes[0].set_title("Pig", fontsize=10)
rplots.plot_first_player_win(axes[1], tt_curve, min_goal=min(10, TT_GOAL), checks=tt_checks)
axes[1].set_title("Ten Thousand", fontsize=10)
_ = sl.save_figure(fig, NB, "first-player-by-goal")
sl.style.show(fig)

# %%
wiggle = tt_curve.goals[1:][np.diff(tt_curve.first_player_win) > 0]
pig_wiggle = pig_curve.goals[1:][np.diff(pig_curve.first_player_win) > 0]
sl.caption(f"The first player's win probability against the goal, from one solve per game (separate solves: open "
           f"circles): in Pig it falls from {pct(pig_curve.at(10), 1)} at 10 points to "
           f"{pct(pig_curve.at(PIG_GOAL), 2)} at {PIG_GOAL}, on Neller and Presser's {doc.PIG_FIRST_PLAYER_PERCENT}%; in "
           f"Ten Thousand from {pct(tt_curve.at(min(10, TT_GOAL)), 1)} at {min(10, TT_GOAL)} chips to "
           f"{pct(game.first_player_win, 2)} at {TT_GOAL} chips ({50 * TT_GOAL:,} points). The fall is not monotone: the "
           f"curve rises again at {len(pig_wiggle)} goals of Pig (the last at {int(pig_wiggle.max()) if len(pig_wiggle) else 0} "
           f"points) and {len(wiggle)} of Ten Thousand (the last at {int(wiggle.max()) if len(wiggle) else 0} chips).")

# %%
head_tt, head_pig = race.fair_head_start("tenthousand", TT_GOAL), race.fair_head_start("pig", PIG_GOAL)
fig, axes = sl.style.figure(1, 2, figsize=(12, 4.0))
rplots.plot_head_start(axes[0], head_pig)
axes[0].set_title(f"Pig to {PIG_GOAL}", fontsize=10)
rplots.plot_head_start(axes[1], head_tt)
axes[1].set_title(f"Ten Thousand to {TT_GOAL} chips", fontsize=10)
_ = sl.save_figure(fig, NB, "head-start")
sl.style.show(fig)

# %%
sl.caption(f"The second player's win probability against a head start given before the first turn: in Ten Thousand "
           f"to {TT_GOAL} chips it needs **{head_tt.head_start} chips ({50 * head_tt.head_start} points)** to win at "
           f"least half its games ({pct(head_tt.without, 2)} without, {pct(head_tt.at_head_start, 2)} with them), and in "
           f"Pig to {PIG_GOAL} {head_pig.head_start} points ({pct(head_pig.without, 2)} without, "
           f"{pct(head_pig.at_head_start, 2)} with). Farkle's head start, which Busche and Neller publish, is below.")

# %% [markdown]
# ## How does the race policy depart from the solitaire optimum?
#
# The solitaire optimum of document 002 banks five dice from 56 chips, whatever the scores. Each
# panel below is one opponent score: the shading shows where rolling five dice (blue) or banking
# (light) is optimal over own score and turn total, the lines the least banking total for each number
# of dice, dashed the solitaire optimum's.

# %%
opponents = [0, TT_GOAL // 4, TT_GOAL // 2, (3 * TT_GOAL) // 4]
maps = {o: game.policy_map(o) for o in opponents}
fig, axes = sl.style.figure(2, 2, figsize=(12, 8.4), sharex=True, sharey=True)
top = int(min(TT_GOAL, 1.2 * max(maps[o].bank_from[4, 0] for o in opponents) + 5))
for ax, o in zip(axes.flat, opponents):
    rplots.plot_policy_map(ax, maps[o], max_total=top, legend=(o == opponents[1]))
for ax in axes[0]:
    ax.set_xlabel("")
_ = sl.save_figure(fig, NB, "policy-surfaces")
sl.style.show(fig)

# %%
def bank5(own, opp):
    """The least turn total at which the optimal player banks with five dice to roll."""
    return int(game.bank_from[5, own, opp])


solitaire5 = int(maps[0].solitaire_bank_from[4])
half, quarter = TT_GOAL // 2, TT_GOAL // 4
at_zero = [bank5(0, o) for o in opponents]
rising = all(a < b for a, b in zip(at_zero, at_zero[1:]))
sl.caption(f"The optimal bank-or-roll decision of two-player Ten Thousand to {TT_GOAL} chips, one panel per opponent "
           f"score: with five dice the optimal player banks from {bank5(0, 0)} chips at 0–0 and from "
           f"{bank5(half, half)} at {half}–{half} (the solitaire optimum: from {solitaire5}), from {bank5(quarter, half)} "
           f"when {half - quarter} behind at {quarter}–{half} and from {bank5(half, quarter)} when {half - quarter} ahead "
           f"at {half}–{quarter}. With nothing banked, the boundary "
           + ("rises" if rising else "moves") + " with the opponent's score: "
           + ", ".join(f"{b} chips against {o}" for b, o in zip(at_zero, opponents))
           + " (a total at or beyond the goal means: roll on to the goal).")

# %% [markdown]
# Where, over both scores, and by how much? The map below subtracts the solitaire optimum's
# threshold (capped by what is left to the goal, since reaching it wins) from the race's least
# banking total with five dice (the engine's departure map gives it for any number of dice).

# %%
dmap = game.departure_map(5)
fig, ax = sl.style.figure(figsize=(7.2, 5.0))
rplots.plot_departure_map(ax, dmap)
_ = sl.save_figure(fig, NB, "departure-from-solitaire")
sl.style.show(fig)

# %%
d5 = dmap.difference
lead = np.arange(TT_GOAL)[:, None] - np.arange(TT_GOAL)[None, :]
sl.caption(f"By how many chips the least banking total of the race departs from the solitaire optimum's with five dice "
           f"to roll, over own score (up) and the opponent's (across): orange where the race player rolls on longer, "
           f"purple where it banks sooner. It rolls on up to {int(d5.max())} chips longer (far behind, below the "
           f"diagonal) and banks up to {-int(d5.min())} chips sooner (ahead). It banks sooner than the solitaire optimum at "
           f"{pct((d5[lead >= 0] < 0).mean(), 0)} of the score pairs where it leads or is level, and later at "
           f"{pct((d5[lead < 0] > 0).mean(), 0)} of those where it trails.")

# %% [markdown]
# The same by lead, over every turn state: the share of states where the race player rolls but the
# solitaire optimum banks (more risk), or banks where the solitaire optimum rolls (less risk), and
# the median least banking total:

# %%
dep = game.departures()
sl.save_table(dep, "two_player_tenthousand_departures")
dep5 = dep[dep.dice >= 4]
sl.show_table(dep5, formats={"median_bank_from": "{:.0f}", "riskier_share": "{:.1%}", "safer_share": "{:.1%}"},
              headers={"dice": "Dice to roll", "lead": "Own lead", "pairs": "Score pairs",
                       "median_bank_from": "Median least banking total", "solitaire_bank_from": "Solitaire optimum",
                       "riskier_share": "More risk (rolls where solitaire banks)",
                       "safer_share": "Less risk (banks where solitaire rolls)"})

# %%
five = dep[dep.dice == 5].set_index("lead")
medians = five["median_bank_from"].to_numpy()
assert (np.diff(medians) <= 0).all()                      # the further ahead, the sooner it banks
sol5 = int(five["solitaire_bank_from"].iloc[0])
later = [lead for lead, m in zip(five.index, medians) if m > sol5]
equal = [lead for lead, m in zip(five.index, medians) if m == sol5]
sooner = [lead for lead, m in zip(five.index, medians) if m < sol5]
first_sooner = sooner[0] if sooner else None
md(f"With five dice the median least banking total falls steadily with the lead (in chips), from {medians[0]:.0f} "
   f"chips ({five.index[0]}) to {medians[-1]:.0f} ({five.index[-1]}); the solitaire optimum's is {sol5} whatever the "
   "scores. The race player's median banks later than the solitaire optimum (more risk) "
   + (f"only when {' or '.join(later)}" if later else "nowhere")
   + (f", the same when {' or '.join(equal)}" if equal else "")
   + (f", and sooner (less risk) from {first_sooner} on. {first_sooner.capitalize()}, it rolls where the solitaire "
      f"optimum banks at {pct(five.loc[first_sooner, 'riskier_share'])} of the turn states and banks where it would "
      f"roll at {pct(five.loc[first_sooner, 'safer_share'])}; {five.index[-1]}, at "
      f"{pct(five.loc[five.index[-1], 'riskier_share'])} and {pct(five.loc[five.index[-1], 'safer_share'])}"
      if sooner else "")
   + ". **" + (f"More risk than the solitaire optimum only when {' or '.join(later)}" if later
               else "Never more risk than the solitaire optimum")
   + (f"; less from {first_sooner} on" if sooner else "") + ".**")

# %% [markdown]
# ## What does the solitaire optimum cost against an optimal opponent?
#
# Fixed policies against each other are evaluated exactly, pair by pair (each pair is a 2×2 linear
# system): the optimal race policy, document 002's solitaire optimum and the simple rule "stop at 300
# points" (keep every scoring die, bank once the turn total reaches 6 chips).

# %%
stop300 = race.hold_at(6, unit="chips")
tt_pairs = [("optimal", "optimal"), ("solitaire", "optimal"), (stop300, "optimal"), ("solitaire", "solitaire")]
tt_matches = [race.evaluate("tenthousand", a, b, goal=TT_GOAL) for a, b in tt_pairs]
tt_match_table = pd.DataFrame([{"player": m.player, "opponent": m.opponent, "first": m.first_player_win,
                                "second": m.second_player_win, "mean": m.mean} for m in tt_matches])
sl.save_table(tt_match_table, "two_player_tenthousand_matches")
sl.show_table(tt_match_table, formats={c: "{:.4%}" for c in ("first", "second", "mean")},
              headers={"first": "Player wins, moving first", "second": "Moving second",
                       "mean": "Mean (a coin decides who starts)"})

# %%
solo = tt_matches[1]
assert abs(tt_matches[0].first_player_win - game.first_player_win) < 1e-12
md(f"Played against an optimal opponent, the solitaire optimum wins {pct(solo.first_player_win, 2)} of games moving "
   f"first and {pct(solo.second_player_win, 2)} moving second: **{pct(solo.mean, 2)}** with a coin deciding who "
   f"starts, {100 * (0.5 - solo.mean):.2f} percentage points below an even game, where the first player's edge "
   f"between two optimal players is {100 * (game.first_player_win - 0.5):.2f} points. Maximising each turn's "
   f"expected score is a good rule, but not the race's. \"Stop at 300 points\" wins only "
   f"{pct(tt_matches[2].mean, 1)}.")

# %% [markdown]
# **Real dice.** Seeded Monte Carlo games, the optimal player moving first, against the exact values:

# %%
tt_rows = []
for m, (policy, _) in zip(tt_matches[:3], tt_pairs[:3]):
    # the optimal player moving first against `policy`: the complement of `policy` moving second against it
    exact = 1.0 - m.second_player_win
    games = race.simulate("tenthousand", "optimal", policy, goal=TT_GOAL, n_games=TT_GAMES, seed=2016)
    tt_rows.append({"player": "optimal", "opponent": games.opponent, "games": games.n_games, "exact": exact,
                    "simulated": games.win_rate, "std_err": games.std_err})
tt_mc = simulated(tt_rows)
sl.save_table(tt_mc, "two_player_tenthousand_monte_carlo")
sl.show_table(tt_mc, formats=SIM_FORMATS, headers=SIM_HEADERS)

# %%
md(f"All {len(tt_mc)} simulations of {TT_GAMES:,} games land within {tt_mc['z'].abs().max():.2f} standard errors of "
   "the exact values.")

# %% [markdown]
# ## What is finite about the pairwise algorithm, and how do we know it is right?
#
# The answer to the paper's open question, for its own rules, is **yes**. As far as we know, nobody
# has published a solution of two-player Ten Thousand under document 002's rules; the numbers in this
# chapter are new, so we say precisely what the algorithm does and check it by independent methods.
#
# *What is finite.* The number of arithmetic operations. The pairs of banked scores are solved once
# each, in a fixed order (largest score sum first; a bank only ever leads to a larger sum, so every
# value a pair needs is known). Within a pair, the turn of each player, for a fixed value $y$ of its
# partner, is one backward pass of fixed length; under the choices that pass makes, every value is
# affine in $y$ on an interval the pass also returns. So $x = f(y)$ and $y = g(x)$ are monotone
# piecewise-linear maps with finitely many pieces (a turn has finitely many policies), and the
# pair's values are where they cross. The search solves the 2×2 linear system of the current
# pieces; if the solution lies on them it stops, and if not, the solution brackets the answer beyond
# them. Since $g \circ f - \mathrm{id}$ is strictly decreasing, no piece is visited twice. Nothing is
# iterated to a tolerance (a piece is accepted when its fixed point lies on it, allowing $10^{-13}$
# for rounding).
#
# *What is not exact.* The arithmetic is float64, not rational: in exact arithmetic the same steps
# would give the exact answer, and for Pig we ran them in fractions (above). For Ten Thousand we did
# not, so its exactness rests on the checks: value iteration, an iterative method that shares only
# the rule tables, agrees to the digits above; the brute force on the paper's own states agrees on
# tiny goals; the residual of the whole table is at the level of float64 rounding; and real dice
# agree within 4 standard errors.
#
# *Why it is like the paper's Algorithm 4.1.* The solitaire turn is finite because a threshold cuts
# the states off and one backward pass then solves them. The race is finite because the pairs cut the
# only cycle, $(i, j) \to (j, i)$, that forbids a plain backward pass. The histogram shows how few
# passes a pair needs, beside the rounds of value iteration:

# %%
fig, axes = sl.style.figure(1, 2, figsize=(12, 4.0))
rplots.plot_pair_work(axes[0], pig, pig_vi)
axes[0].set_title(f"Pig to {PIG_GOAL}", fontsize=10)
rplots.plot_pair_work(axes[1], game, game_vi)
axes[1].set_title(f"Ten Thousand to {TT_GOAL} chips", fontsize=10)
_ = sl.save_figure(fig, NB, "work-per-pair")
sl.style.show(fig)

# %%
passes = game.iterations[tt_upper]
rounds = game_vi.iterations[tt_upper]
sl.caption(f"Turn passes per pair of banked scores: the pairwise algorithm (blue) needs {passes.mean():.2f} passes a "
           f"pair in Ten Thousand to {TT_GOAL} chips and never more than {int(passes.max())} "
           f"({pct((passes <= 2).mean(), 0)} of pairs need at most two); value iteration (orange) needs "
           f"{rounds.mean():.1f} rounds a pair on average and up to {int(rounds.max())}, and still only converges to a "
           "tolerance.")

# %% [markdown]
# ## Farkle: does the engine reproduce Busche and Neller's numbers?
#
# Farkle is the same race with six dice and its own scoring, so it is one more turn model. We solve
# it to the goal printed at the top (10,000 points in full mode) by both methods:

# %%
race.solve("farkle", 3, cache=False)                                 # warm-up
farkle, farkle_s = timed(lambda: race.solve("farkle", FARKLE_GOAL, cache=False))
farkle_stamp = stamp()
farkle_vi, farkle_vi_s = timed(lambda: race.solve("farkle", FARKLE_GOAL, method="value_iteration", cache=False))
farkle_gap = float(np.abs(farkle.turn_start - farkle_vi.turn_start).max())
assert farkle_gap < 1e-10 and farkle.residual < 1e-13
head_farkle = race.fair_head_start("farkle", FARKLE_GOAL)
curve = head_farkle.second_player_win
closest = int(np.argmin(np.abs(curve[:-1] - 0.5)))
farkle_table = pd.DataFrame([{"head_start_points": 50 * h, "second_player_win": curve[h]}
                             for h in range(0, min(FARKLE_GOAL, 9))])
sl.save_table(farkle_table, "race_farkle_head_start")
sl.show_table(farkle_table, formats={"second_player_win": "{:.5%}"},
              headers={"head_start_points": "Second player's head start (points)",
                       "second_player_win": "Second player wins"})

# %%
md(f"Farkle to {50 * FARKLE_GOAL:,} points: the first player wins **{pct(farkle.first_player_win, 4)}** under "
   f"optimal play (the pairwise solve took {farkle_s:.0f} s on one core at a load of {farkle_stamp['load']:.1f}, value "
   f"iteration {farkle_vi_s:.0f} s; they agree to {farkle_gap:.0e}). A head start of {50 * closest} points brings the "
   f"second player nearest an even game ({pct(curve[closest], 2)}); the least head start that makes it at least even "
   f"is {50 * head_farkle.head_start} points. Busche and Neller recommend {doc.FARKLE_HEAD_START_POINTS} points.")

# %% [markdown]
# **Score maximisation and the human-playable policy.** Busche and Neller set their optimal player
# against one that maximises each turn's expected score (the solitaire optimum), and against a policy
# a person can play from two memorised tables. The first match is evaluated exactly below, under one
# reading of "score maximisation" near the goal: like every fixed policy of the engine, the score
# maximiser wins at once when setting aside every scoring die reaches the goal, and otherwise keeps
# and banks as the expected turn score says. (The paper's own definition is in its body, which we
# could not read; a maximiser that ignores the goal and may set aside less than a winning roll does
# measurably worse, in the research prototype behind the rules above.) The second match cannot be
# evaluated: the human-playable policy is stated in the same unread body, so it is not transcribed
# (its verdict row stays open).

# %%
maximizer = race.evaluate("farkle", "optimal", "solitaire", FARKLE_GOAL)
farkle_model = race.turn_model("farkle")
md(f"The score maximiser expects {farkle_model.unit_points * farkle_model.solitaire_value:.2f} points a turn and banks "
   "from " + ", ".join(f"{farkle_model.unit_points * b:,}" for b in farkle_model.solitaire_bank_from)
   + f" points with one to six dice to roll. The optimal player wins {pct(maximizer.first_player_win, 2)} of games "
   f"moving first and {pct(maximizer.second_player_win, 2)} moving second against the score maximiser: "
   f"{100 * (2 * maximizer.mean - 1):.4f} percentage points more wins than losses, or "
   f"{100 * (maximizer.mean - 0.5):.4f} above an even game. The talk's slides give about "
   f"{doc.FARKLE_MAXIMIZER_ADVANTAGE_PERCENT}%: the verdict table sets the two beside each other.")

# %% [markdown]
# **Facebook Farkle.** Busche's three-farkle penalty changes the structure: a bust adds one to the
# mover's count, so within a pair of scores there is no 2-cycle any more, but the third farkle sends a
# player *down* 500 points, to a lower score sum. The pairs can no longer be finished from the top
# down; the engine solves the game by policy iteration instead: every turn start is passed against
# the current values (one vector pass serves every count of a score against four opponent's
# positions: their turns differ only in what a bank and a bust are worth, so the same options are
# compared side by side, four lanes at a time), the chance of each way the turn can end (a bank of
# each total, a bust, a win) is stored, the values of those choices are found by cheap sweeps over the stored
# chances, and the choices are improved until none changes (a turn start whose choices cannot have
# changed, because every value it reads moved by less than half its smallest margin, is not passed
# again). Then every turn start is passed once more by the engine's one-count pass, a code path the
# solve does not use, and the largest difference from the table is the certificate. The solve is too
# long for a notebook run, so it runs in a benchmark script (benchmarks/bench_race_facebook.py), which
# records its result; the chapter reads the record, and the state count, which needs no solve, is
# computed here.

# %%
FB_COLUMNS = ["reading", "rule", "goal_chips", "first_player_win", "states", "rounds", "sweeps", "residual", "seconds",
              "resumed", "peak_rss_mib", "machine", "load", "date", "check_residual", "check_seconds"]
fb_file = project_root() / "data" / "race_facebook_farkle.csv"
fb_runs = read_committed_csv(fb_file.name, FB_COLUMNS) if fb_file.exists() else pd.DataFrame(columns=FB_COLUMNS)
fb_count = race.turn_model("facebook_farkle").state_count(200)["pre_roll"]
assert (fb_runs["states"] == fb_count).all()
sl.show_table(fb_runs[["reading", "rule", "first_player_win", "states", "rounds", "sweeps", "residual", "check_residual",
                       "seconds", "peak_rss_mib", "load"]],
              formats={"first_player_win": "{:.6%}", "residual": "{:.0e}", "check_residual": "{:.0e}",
                       "seconds": "{:.0f}"},
              headers={"reading": "Reading", "rule": "Three pairs", "first_player_win": "First player wins",
                       "states": "States", "rounds": "Rounds", "sweeps": "Evaluation sweeps",
                       "residual": "Residual", "check_residual": "Checked residual", "seconds": "Seconds",
                       "peak_rss_mib": "Peak MiB", "load": "Load"})

# %%
fb_main = fb_runs[fb_runs["reading"] == "c4"]
if len(fb_main):
    fb = fb_main.iloc[0]
    fb_text = (f"Under the reading that four of a kind and a pair are not three pairs, the first player of Facebook "
               f"Farkle wins **{pct(fb['first_player_win'], 4)}**; Busche prints {doc.FACEBOOK_FIRST_PLAYER_PERCENT}%. "
               f"The solve took {fb['seconds'] / 60:.1f} minutes and {fb['peak_rss_mib']:.0f} MiB on one core at a "
               f"load of {fb['load']:.1f}; passing every turn start once more, one count at a time, the table "
               f"satisfies its equations to {fb['check_residual']:.0e} (a check of {fb['check_seconds'] / 60:.1f} "
               "minutes, not counted in the solve's time).")
else:
    fb_text = ("No solve of Facebook Farkle is recorded yet (the benchmark script writes the record), so its first "
               "player's chance is left open below.")
md(f"{fb_text} The game has {fb_count:,} pre-roll states; Busche counts {doc.FACEBOOK_STATES}.")

# %% [markdown]
# ## Verdict: the published numbers and the open question
#
# Every number and claim about two players that this chapter sets beside ours, judged by the
# workbook's one rule: a printed number agrees when ours prints the same at its precision; a
# question a document asks is **open**, with our answer beside it.

# %%
verdict_table = claims.verdicts(game, game_vi, (6, tt.duel_brute_force(6)[0]), farkle, farkle_vi, head_farkle,
                                maximizer, facebook=[row.to_dict() for _, row in fb_runs.iterrows()])
sl.save_table(verdict_table, f"{NB}_verdicts")
sl.verdicts.styler(verdict_table)

# %%
head = verdict_table[verdict_table["headline"]].iloc[0]
md(f"{sl.verdicts.summary(verdict_table, list_differences=True)} The headline, the paper's open question: "
   f"{head['ours']}.")

# %% [markdown]
# ## Open questions
#
# - Is there a finite *exact rational* run for Ten Thousand? The turn passes a pair are few (the table
#   of the two methods above), so fractions may be affordable for goals of a few dozen chips; at 200
#   chips the denominators would be the obstacle.
# - How do the usual house rules move the answer: an entry minimum (often 500 points), a last round
#   for the other player, six dice? Each is a new turn model; the pairwise idea still applies as long as
#   only a bust or a bank passes the turn, and policy iteration where a penalty breaks that.
# - Is the optimal rule a threshold in the turn total everywhere? The policy-map panel shows places
#   near the goal where rolling again is optimal above a banking total; how many are there?
# - Which simple rule, a person could play, comes closest to optimal in the race, as "keep pace and
#   end race" does for Pig, and what did Busche and Neller's human-playable Farkle policy say exactly?
# - With the advisor: at 0–0 after rolling 1, 5, 5, 2, 2, the best move gives both 5s back; at which
#   scores does banking the four chips become best?

# %% [markdown]
# ## Explore
#
# **(a) Advisor.** Choose the game (the menu), both banked scores, the turn total before the roll and
# the roll itself (faces, such as 15522); the panel draws every legal option's probability of winning
# the game, best first. A state that cannot be (a turn total that reaches the goal, too many dice) is
# refused with a message; a game not solved yet shows what solving it would cost, and **Solve** solves
# it, once.

# %%
rwidgets.advisor_widget("tenthousand", {"tenthousand": TT_GOAL, "pig": PIG_GOAL, "farkle": FARKLE_GOAL,
                                        "facebook_farkle": 200})

# %% [markdown]
# **(b) Policy map.** Choose the opponent's score, the number of dice to shade and the goal (chips).
# A goal already solved shows at once; a new one is solved at once when that is quick (under about
# five seconds by the budget's estimate), and otherwise the panel shows what it would cost and
# **Solve** solves it, once (it is then kept in the checked disk cache).

# %%
rwidgets.policy_widget("tenthousand", goal=TT_GOAL, opponent=TT_GOAL // 4)

# %% [markdown]
# ---
# [← 07 Texas hold'em stackings](07_holdem_stacking.ipynb) · [index](00_index.ipynb) ·
# [05 Ten Thousand (one turn)](05_ten_thousand.ipynb) · [09 three players →](09_three_player_dice.ipynb)

# %%
sl.references.cite("crocce2016finite", "crocce2018pig", "neller2004pig", "neller2010practical", "busche2017farkle",
                   "busche2016farkle", "steele2014splitmix", "okabe-ito")
