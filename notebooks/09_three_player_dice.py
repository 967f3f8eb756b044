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
# # Dice races for three players: an equilibrium, and who wins from each seat
#
# **Sources:** Todd W. Neller and Clifton G. M. Presser, "Optimal Play of the Dice Game Pig", *The
# UMAP Journal* 25(1), 2004; Matthew Busche and Todd W. Neller, "Optimal Play of the Farkle Dice
# Game", *Advances in Computer Games* 2017; Fabián Crocce and Ernesto Mordecki, "A finite exact
# algorithm to solve a dice game", *Journal of Applied Probability* 53(1), 2016 (document 002);
# Tian Zhu et al., "Optimal strategy of the simultaneous dice game Pig for multiplayers", *Scientific
# Reports* 13, 2023.
#
# ## Overview
#
# Chapter 08 solved Pig, Ten Thousand and Farkle for two players with one engine. With three players
# the race changes in kind: it is no longer zero-sum (one player's loss is not simply another's gain),
# so "optimal play" needs a *solution concept*. Ours: every player maximises their own probability of
# winning, and the strategies form a **stationary equilibrium** (each turn's choices depend only on
# the banked scores, the turn total and the dice, and no player can raise their own chance by
# changing their choices at any state while the others keep theirs). As far as we know nobody has
# published an exact solution of three-player Pig, Ten Thousand or Farkle: the published exact
# solutions are for two players (Neller and Presser, Busche and Neller), and Zhu et al. (2023) study
# a *simultaneous* multiplayer variant of Pig, another game. So every number here is new, as far as
# we know, and the chapter shows how each was checked.
#
# The questions: how is an equilibrium computed, and how do we know it is one? Who wins from each
# seat, and what head starts would make the seats even? How do the leader and the trailer play,
# compared with the two-player policy?

# %%
import time

import numpy as np
import pandas as pd
from IPython.display import display

import stoplib as sl
from stoplib import race
from stoplib.race import claims, document as doc, plots as rplots
from stoplib.util.timing import machine, stamp

sl.style.apply()
NB = "09_three_player_dice"
md, pct = sl.prose.md, sl.prose.percent
PIG_GOAL = sl.pick(100, 30)          # points: Neller and Presser's goal
TT_GOAL = sl.pick(60, 12)            # chips of 50 points: the largest that takes about five minutes on one core
FARKLE_GOAL = sl.pick(50, 10)        # chips of 50 points: the same
CHECK_GOAL = sl.pick(40, 20)         # Pig: the goal of the checks by other methods and starting points
md(f"Run in **{'quick' if sl.is_quick() else 'full'} mode**: three-player Pig to {PIG_GOAL} points, Ten Thousand to "
   f"{TT_GOAL} chips ({50 * TT_GOAL:,} points) and Farkle to {FARKLE_GOAL} chips ({50 * FARKLE_GOAL:,} points), on "
   f"{machine()}.")

# %% [markdown]
# ## How is an equilibrium computed?
#
# At a turn start the banked scores are $(s_0, s_1, s_2)$ in turn order from the player to move, and
# $W(s_0, s_1, s_2)$ is the *vector* of the three players' probabilities of winning. A bank of $t$
# hands the turn on at $(s_1, s_2, s_0 + t)$, a larger score sum; a bust at $(s_1, s_2, s_0)$, the
# same sum. So the rotations of a score tuple form a *cycle* of at most three turn starts linked by
# busts, and the cycles can be solved one at a time from the largest score sums down, as the pairs
# were for two players. Within a cycle each mover's turn is a backward pass over the turn total that
# chooses, at every roll, what maximises the mover's *own* component; the other components follow
# those choices. Two methods:
#
# - **value iteration** on the vectors: the cycle's turns are passed in turn (each reading the
#   freshest bust successor) until no component moves by more than $10^{-14}$;
# - **the exact finish** (the engine's default): value iteration to $10^{-9}$, then the cycle is
#   solved exactly under the choices it settled on (a linear system around the cycle, in closed
#   form), its turns are passed again against the exact values, and this repeats while any choice
#   changes.
#
# Best responses need not settle with three players: two players' choices can keep flipping each
# other, round after round, and then there is no pure equilibrium in that cycle. Such a cycle is
# *damped* after 3,000 plain rounds: each value moves a shrinking share of the way to its best
# response, which averages the flipping choices, so the values approach those of a **mixed
# strategy**. They only approach it, so the cycle is then **solved exactly** before any smaller sum
# reads it. A mover's best turn depends on the others only through one number, its own share after
# a bust, so near the damped values each mover has few candidate turns: the best one and those just
# across the nearby switching points. For each assignment (one turn per mover, or a mixture of two
# neighbouring turns), fewest mixtures first, the cycle's values solve a small linear system, and
# the mixing probabilities are those that leave every mixing mover indifferent between its two
# turns (Brent's method for one mixer, a root finder for more). An assignment is kept only if no mover of
# the cycle can gain more than $10^{-12}$ against it; a cycle with none keeps its damped values and
# is reported as approximate. The check that the result is an equilibrium is independent of how it
# was found: the equilibrium's choices are evaluated **exactly**, cycle by cycle (a mixed cycle
# keeps its solved values), and at every turn start the mover's best turn against those values is
# computed; the largest gain a player could get by deviating at any state (or any set of states
# within a turn) is the *deviation gain*, 0 at an exact equilibrium. (The residual $|LW - W|$ is
# not 0 at a mixed cycle: one pure update replaces the mixture by one of its two turns.)

# %%
def timed(compute):
    """``(result, seconds)`` of ``compute()``."""
    start = time.perf_counter()
    result = compute()
    return result, time.perf_counter() - start


race.solve("pig", 6, players=3)                                  # warm-up: load the compiled kernels
pig3, pig3_s = timed(lambda: race.solve("pig", PIG_GOAL, players=3))
pig3_stamp = stamp()
check = race.equilibrium("pig", CHECK_GOAL, players=3)
others = {"value iteration": race.equilibrium("pig", CHECK_GOAL, players=3, method="value_iteration")}
for start in race.STARTS:
    others[f"value iteration from the {start} start"] = race.equilibrium("pig", CHECK_GOAL, players=3,
                                                                          method="value_iteration", start=start)
two_engine = race.equilibrium("pig", 100, players=2)
two_gap = float(np.abs(two_engine.turn_start[:, :, 0] - race.solve("pig", 100).turn_start).max())
checks = pd.DataFrame(
    [{"check": f"Pig to {PIG_GOAL}: cycles whose best responses flip each other (no pure equilibrium)",
      "value": float(pig3.mixed)},
     {"check": f"Pig to {PIG_GOAL}: of these, solved exactly for a mixed equilibrium", "value": float(pig3.mixed_exact)},
     {"check": f"Pig to {PIG_GOAL}: cycles whose exact finish did not settle", "value": float(pig3.unsettled)},
     {"check": f"Pig to {PIG_GOAL}: residual max |LW − W|", "value": pig3.residual},
     {"check": f"Pig to {PIG_GOAL}: deviation gain", "value": pig3.deviation_gain},
     {"check": f"Pig to {PIG_GOAL}: largest |W − exact value of its choices|", "value": pig3.evaluation_gap}]
    + [{"check": f"Pig to {CHECK_GOAL}: largest difference, exact finish vs {name}",
        "value": float(np.abs(r.turn_start - check.turn_start).max())} for name, r in others.items()]
    + [{"check": "two-player Pig to 100, the three-player engine vs the two-player engine", "value": two_gap}])
assert pig3.unsettled == 0 and pig3.deviation_gain < 1e-3 and (checks["value"].iloc[6:] < 1e-11).all()
sl.save_table(checks, "race_three_player_checks")
sl.show_table(checks, formats={"value": "{:.1e}"}, headers={"check": "Check", "value": "Value"})

# %%
if pig3.mixed:
    where = "; ".join(f"({', '.join(str(int(x)) for x in c)})" for c in pig3.mixed_cycles[:6])
    mixed_text = (f"At **{pig3.mixed} cycles** of the {PIG_GOAL}-point game two movers' choices keep flipping each other "
                  f"(for example at the scores {where}, in turn order from the mover): there is no pure equilibrium "
                  "there. ")
    if pig3.mixed_exact == pig3.mixed:
        mixed_text += (f"Every one was solved exactly for a mixed equilibrium ({len(pig3.mixing)} movers randomise "
                       f"between two turns, with probabilities from {pig3.mixing['p'].min():.3f} to "
                       f"{pig3.mixing['p'].max():.3f}: the table below), and the largest gain any player could get "
                       f"by deviating anywhere is **{pig3.deviation_gain:.1e}**, float64 rounding.")
    else:
        mixed_text += (f"{pig3.mixed_exact} of them were solved exactly for a mixed equilibrium; at the others the "
                       f"damped values stand, and the largest gain any player could get by deviating is "
                       f"**{pig3.deviation_gain:.1e}**: an approximate equilibrium there, not an exact one.")
else:
    mixed_text = (f"Every cycle settled on pure strategies: no best responses cycled, and no player gains more than "
                  f"{pig3.deviation_gain:.1e} by deviating anywhere.")
md(f"Three-player Pig to {PIG_GOAL} points took **{pig3_s:.0f} s** on one core at a load of {pig3_stamp['load']:.1f}. "
   f"{mixed_text} Everywhere else the values equal the exact values of the equilibrium's choices ("
   + ("to the last bit" if pig3.evaluation_gap == 0 else f"the largest difference is {pig3.evaluation_gap:.1e}")
   + f"). At goal "
   f"{CHECK_GOAL}, value iteration from three different starting vectors reaches the same equilibrium (the largest "
   f"difference is {checks['value'].iloc[6:-1].max():.0e}): as far as these starts tell, the equilibrium is unique "
   f"there. Run with two players, the same engine reproduces the two-player engine to {two_gap:.0e}: the first player "
   f"of Pig to 100 wins {pct(two_engine.win_probability(0), 4)} (Neller and Presser: {doc.PIG_FIRST_PLAYER_PERCENT}%).")

# %%
sl.save_table(pig3.mixing, "race_three_player_mixing")
if len(pig3.mixing):
    display(sl.show_table(pig3.mixing.head(12), formats={"p": "{:.6f}"},
                          headers={"s0": "Mover's score", "s1": "Next", "s2": "Last",
                                   "p": "Probability of the second turn", "bank_from_first": "First turn banks from",
                                   "bank_from_second": "Second banks from"}))
md(f"The first {min(12, len(pig3.mixing))} of the {len(pig3.mixing)} mixing movers (all in "
   "`data/race_three_player_mixing.csv`): at its turn start the mover plays its first turn, or with the "
   "probability shown its second; the columns give the least turn total at which each banks (two turns that "
   "bank from the same total differ at a later one). The probabilities are those at which every mixing mover is "
   "indifferent between its two turns: a mover's mixture moves what the others, and around the cycle the mover "
   "itself, get after a bust."
   if len(pig3.mixing) else f"No mover mixes at this goal ({PIG_GOAL} points): every cycle has a pure equilibrium.")

# %% [markdown]
# ## Who wins three-player Pig, and what head starts make it fair?
#
# Each seat's chance of winning from the start, and the head starts (points given to the second and
# third seats before the first turn) that bring the three chances closest to a third each:

# %%
head_pig = race.fair_head_start("pig", PIG_GOAL, players=3)
shares = pig3.win_shares()
pig_table = pd.DataFrame({"seat": [1, 2, 3], "win": shares, "head_start": head_pig.head_starts,
                          "win_with_head_start": head_pig.shares})
sl.save_table(pig_table, "race_three_player_pig")
sl.show_table(pig_table, formats={"win": "{:.4%}", "win_with_head_start": "{:.4%}"},
              headers={"seat": "Seat", "win": "Wins from the start", "head_start": "Fair head start (points)",
                       "win_with_head_start": "Wins with the head starts"})

# %%
md(f"In three-player Pig to {PIG_GOAL} the first seat wins **{pct(shares[0], 2)}**, the second {pct(shares[1], 2)} and "
   f"the third {pct(shares[2], 2)} (a fair share is {pct(1 / 3, 2)}). Head starts of {head_pig.head_starts[1]} and "
   f"{head_pig.head_starts[2]} points for the second and third seats bring them to "
   + ", ".join(pct(s, 2) for s in head_pig.shares) + ".")

# %% [markdown]
# ## Ten Thousand and Farkle with three players
#
# The same engine takes the other turn models. Their turns are heavier (five and six dice, many more
# outcomes and choices), so the goals are smaller: the largest whose solve takes about five minutes on
# one core of this machine (printed at the top; a goal 20% larger would take about twice as long,
# since the work grows as the goal to the fourth power):

# %%
games = {}
for game, goal in (("tenthousand", TT_GOAL), ("farkle", FARKLE_GOAL)):
    result, seconds = timed(lambda: race.solve(game, goal, players=3))
    games[game] = (result, seconds, stamp(), race.fair_head_start(game, goal, players=3))
rows = []
for game, (r, seconds, st, head) in games.items():
    for k in range(3):
        rows.append({"game": r.model.title, "goal_points": 50 * r.goal, "seat": k + 1, "win": r.win_probability(k),
                     "head_start_points": 50 * head.head_starts[k], "win_with_head_start": head.shares[k],
                     "seconds": seconds, "load": st["load"], "deviation_gain": r.deviation_gain,
                     "mixed_cycles": r.mixed, "mixed_solved": r.mixed_exact, "unsettled": r.unsettled})
    assert r.unsettled == 0 and r.deviation_gain < 1e-3
dice_table = pd.DataFrame(rows)
sl.save_table(dice_table, "race_three_player_dice")
sl.show_table(dice_table.drop(columns=["seconds", "load", "deviation_gain", "mixed_cycles", "mixed_solved",
                                       "unsettled"]),
              formats={"win": "{:.4%}", "win_with_head_start": "{:.4%}"},
              headers={"game": "Game", "goal_points": "Goal (points)", "seat": "Seat", "win": "Wins from the start",
                       "head_start_points": "Fair head start (points)", "win_with_head_start": "Wins with them"})

# %%
tt3, tt3_s = games["tenthousand"][:2]
fk3, fk3_s = games["farkle"][:2]
md(f"Three-player Ten Thousand to {50 * TT_GOAL:,} points took {tt3_s:.0f} s and Farkle to {50 * FARKLE_GOAL:,} "
   f"{fk3_s:.0f} s; best responses flipped each other at {tt3.mixed} and {fk3.mixed} cycles, of which "
   f"{tt3.mixed_exact} and {fk3.mixed_exact} were solved exactly for a mixed equilibrium, and the "
   f"largest gains from deviating are {tt3.deviation_gain:.1e} and {fk3.deviation_gain:.1e}. The first seat wins {pct(tt3.win_probability(0), 2)} of Ten Thousand and "
   f"{pct(fk3.win_probability(0), 2)} of Farkle at these goals; the third {pct(tt3.win_probability(2), 2)} and "
   f"{pct(fk3.win_probability(2), 2)}.")

# %% [markdown]
# ## How does each seat's share change with the goal?
#
# The rules look only at what is left to the goal, so one solve gives every smaller goal (the game to
# $g$ is the game to the solved goal $G$ started with $G - g$ banked by everyone). The figure sets
# the three-player shares (solid) beside the two-player ones (dashed):

# %%
curves = {"pig": (race.win_shares_by_goal("pig", PIG_GOAL), race.win_shares_by_goal("pig", PIG_GOAL, players=3)),
          "tenthousand": (race.win_shares_by_goal("tenthousand", TT_GOAL),
                          race.win_shares_by_goal("tenthousand", TT_GOAL, players=3)),
          "farkle": (race.win_shares_by_goal("farkle", FARKLE_GOAL),
                     race.win_shares_by_goal("farkle", FARKLE_GOAL, players=3))}
by_goal = pd.concat([pd.DataFrame({"game": game, "players": c.players, "goal": c.goals,
                                   **{f"seat_{k + 1}": c.shares[:, k] for k in range(c.players)}})
                     for game, pair in curves.items() for c in pair], ignore_index=True)
sl.save_table(by_goal, "race_win_shares_by_goal")
fig, axes = sl.style.figure(1, 3, figsize=(15, 4.4))
for ax, (game, (two, three)) in zip(axes, curves.items()):
    rplots.plot_win_shares(ax, three, min_goal=max(2, three.goal // 10), two_players=two)
_ = sl.save_figure(fig, NB, "win-share-by-seat")
sl.style.show(fig)

# %%
p3, t3 = curves["pig"][1], curves["tenthousand"][1]
sl.caption(f"Each seat's win probability against the goal, three players (solid) and two (dashed): in Pig the first "
           f"seat's share falls from {pct(p3.at(max(2, PIG_GOAL // 10), 0), 1)} at {max(2, PIG_GOAL // 10)} points to "
           f"{pct(p3.at(PIG_GOAL, 0), 1)} at {PIG_GOAL}, the third rises from {pct(p3.at(max(2, PIG_GOAL // 10), 2), 1)} to "
           f"{pct(p3.at(PIG_GOAL, 2), 1)}; in Ten Thousand to {50 * TT_GOAL:,} points the seats win "
           + ", ".join(pct(t3.at(TT_GOAL, k), 1) for k in range(3))
           + f" (at {max(2, TT_GOAL // 10)} chips: " + ", ".join(pct(t3.at(max(2, TT_GOAL // 10), k), 1) for k in range(3))
           + ").")

# %% [markdown]
# ## How do the leader and the trailer play?
#
# At every turn start, with all dice to roll, the least turn total at which the three-player
# equilibrium banks is set beside the two-player policy's against the strongest opponent (the higher
# of the other two scores). The mover *leads*, *trails*, is *between* the others, or is *level* with
# the leader:

# %%
seat_rows = []
for game, goal in (("pig", PIG_GOAL), ("tenthousand", TT_GOAL), ("farkle", FARKLE_GOAL)):
    t = race.seat_departures(race.solve(game, goal, players=3), race.solve(game, goal))
    t.insert(0, "game", race.turn_model(game).title)
    seat_rows.append(t)
seats = pd.concat(seat_rows, ignore_index=True)
sl.save_table(seats, "race_three_player_departures")
sl.show_table(seats, formats={"median_bank_from": "{:.0f}", "median_bank_from_two": "{:.0f}",
                              "later_share": "{:.1%}", "sooner_share": "{:.1%}", "mean_difference": "{:+.2f}"},
              headers={"game": "Game", "place": "The mover", "turn_starts": "Turn starts",
                       "median_bank_from": "Median least banking total, three players",
                       "median_bank_from_two": "Two players (against the strongest)",
                       "later_share": "Banks later (more risk)", "sooner_share": "Banks sooner (less risk)",
                       "mean_difference": "Mean difference"})

# %%
pig_seats = seats[seats["game"] == "Pig"].set_index("place")
md(f"In three-player Pig to {PIG_GOAL} the leader banks later than the two-player policy would at "
   f"{pct(pig_seats.loc['leads', 'later_share'], 0)} of its turn starts and sooner at "
   f"{pct(pig_seats.loc['leads', 'sooner_share'], 0)}; the trailer banks later at "
   f"{pct(pig_seats.loc['trails', 'later_share'], 0)} and sooner at {pct(pig_seats.loc['trails', 'sooner_share'], 0)}. "
   f"On average the leader's least banking total moves by {pig_seats.loc['leads', 'mean_difference']:+.2f} points "
   f"and the trailer's by {pig_seats.loc['trails', 'mean_difference']:+.2f}: with two opponents to beat, a "
   "player cannot play only against the strongest one.")

# %% [markdown]
# ## Verdict
#
# What the public record says about three players, and the checks of our equilibrium, judged by the
# workbook's one rule (a question nobody has answered is **open**, with our answer beside it):

# %%
verdict_table = claims.three_player_verdicts(pig3, two_engine, (tt3, fk3))
sl.save_table(verdict_table, f"{NB}_verdicts")
sl.verdicts.styler(verdict_table)

# %%
exactness = ("exact wherever best responses settle, and approximate at the mixed cycles not solved exactly"
             if pig3.mixed_exact < pig3.mixed else
             f"exact up to float64 rounding, with mixed strategies at the {pig3.mixed} cycles where best responses "
             "flip each other" if pig3.mixed else "exact up to float64 rounding")
md(f"{sl.verdicts.summary(verdict_table, list_differences=True)} The headline: "
   f"{verdict_table[verdict_table['headline']].iloc[0]['ours']}. As far as we know, no exact solution of "
   f"three-player Pig has been published; ours is {exactness}.")

# %% [markdown]
# ## Open questions
#
# - Is the equilibrium unique? Three starting vectors reach the same one at a smaller goal; a proof, or
#   a game of the family with two equilibria, would settle it.
# - The mixed cycles: each found here has exactly one mixed equilibrium among the candidate turns
#   near the damped values (two movers randomising, the third pure), but the search does not look
#   far from them. Can a cycle have several mixed equilibria, or one needing three mixers?
# - How far can the goals grow? The tables grow as the goal to the fourth power (three scores and the
#   turn total); Ten Thousand to 10,000 points would need a faster pass or many cores.
# - Does the last seat gain from a last round (the usual house rule: once someone reaches the goal,
#   the others get one more turn)? It is a new turn model with a different end.

# %% [markdown]
# ---
# [← 08 two players](08_two_player_dice.ipynb) · [index](00_index.ipynb)

# %%
sl.references.cite("neller2004pig", "busche2017farkle", "busche2016farkle", "crocce2016finite", "crocce2018pig",
                   "zhu2023pig", "okabe-ito")
