# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Ten Thousand: when to stop rolling, and when to give a scoring die back
#
# **Source document:** F. Crocce and E. Mordecki, *A finite exact algorithm to solve a dice game*,
# Journal of Applied Probability 53 (2016) 91-105 (workbook document 002).
#
# ## Overview
#
# In the dice game Ten Thousand (also Zilch or Farkle) a player rolls five dice, sets aside the
# ones that score, and either banks the turn total or rolls the rest, losing everything on a roll
# that scores nothing. Two decisions make the game interesting: *when to stop*, and whether to set
# aside *fewer* scoring dice than the roll allows so as to roll more dice next time.
# Crocce and Mordecki model one turn as a Markov control process, find a turn total (56 chips,
# 2800 points) beyond which stopping is always optimal, and then solve the game exactly by one
# backward pass. They report the value of a turn, 5.872019 chips (about 293.6 points), the optimal
# action in every state (Tables 5 and 6), the value of games with fewer moves allowed (Table 7),
# and a one-die relative, solitaire Pig.
#
# This notebook rebuilds all of it from the rules (nothing is read from the paper's tables),
# checks every number the paper prints, and goes further: an independent value iteration, exact
# rational arithmetic, Monte Carlo play, simple "stop at X" rules, and the game with 1 to 6 dice.

# %%
from decimal import Decimal, getcontext
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display

import stoplib as sl
from stoplib import tenthousand as tt
from stoplib.tenthousand import claims, document as doc, plots as ttplots, widgets as ttwidgets

STEM = "05_ten_thousand"
pd.set_option("display.width", 160)
pd.set_option("display.max_columns", 20)

# %% [markdown]
# ## What are the rules?
#
# Points are counted in *chips* of 50 points (the paper's Table 1): each 5 is 1 chip, each 1 is
# 2 chips, three 2s, 3s, 4s and 6s are 4, 6, 8 and 12 chips, three 5s are 10 and three 1s are 20.
# A roll is summarised by its configuration $i = [f, o, t]$: $f$ fives, $o$ ones and the kind $t$
# of a triple of 2, 3, 4 or 6 ($t = 0$ for none). Its score, scoring dice and scoring combinations are
#
# $$s(i) = f + 2o + 7\,\mathbf 1_{f\ge 3} + 14\,\mathbf 1_{o \ge 3} + 2t,\qquad
#   d(i) = f + o + 3\,\mathbf 1_{t\ne 0},\qquad c(i) = f + o + \mathbf 1_{t \ne 0}.$$
#
# After a scoring roll the player stops (banks $\tau$), rolls the dice that did not score, rolls all
# five again if every die scored, or *moves*: keeps only a smaller configuration $j < i$ (a non-empty
# strict subset of the scoring combinations) to roll more dice. A few configurations, scored by
# `stoplib.tenthousand.score`:

# %%
examples = [(1, 0, 0), (0, 1, 0), (3, 0, 0), (0, 3, 0), (0, 0, 4), (2, 1, 0), (1, 0, 6), (0, 5, 0)]
pd.DataFrame([{"config [f, o, t]": list(c), "s (chips)": tt.score(c)[0], "points": 50 * tt.score(c)[0],
               "d": tt.score(c)[1], "c": tt.score(c)[2]} for c in examples])

# %% [markdown]
# Three 1s are worth 20 chips (1000 points) and count as three scoring combinations, so a player may
# give one of them back; five 1s are 24 chips, the best roll of the game.

# %% [markdown]
# ## How often does each configuration come up? (Table 2)
#
# We enumerate all $6^n$ rolls of $n = 1, \dots, 5$ dice and count the configurations. The table below
# puts each count beside the paper's Table 2.

# %%
t2 = claims.table2()
sl.save_table(t2, "tenthousand_table2")
assert t2["matches"].all() and t2.attrs["same_order"]
assert all(sum(tt.frequencies(n).values()) == 6 ** n for n in range(1, 6))
t2

# %% [markdown]
# All 45 rows match, in the paper's order, including the non-scoring counts 4, 16, 60, 204, 600.
# A second, independent count (multinomial coefficients over face counts) gives the same dictionary:

# %%
assert all(tt.frequencies(n) == tt.frequencies_multinomial(n) for n in range(1, 7))
print("enumeration and multinomial count agree for n = 1..6")

# %% [markdown]
# ## What is the model?
#
# A state is $x = (\tau, i, n)$: $\tau$ chips so far, the configuration $i$ just set aside and $n$
# dice to roll, plus the start $\iota = (0, \emptyset, 5)$ and the end $\Delta$. Rolling $n$ dice
# leads to $(\tau + s(j), j, n - d(j) + 5\,\mathbf 1_{n = d(j)})$ with probability $f(n, j)/6^n$, or
# to $\Delta$ with probability $f(n, \mathbf 0)/6^n$ (the paper's (3.1)). The value is the smallest
# solution of
#
# $$V(x) = \max\Big\{\tau,\; V_r(\tau, n),\; \max_{y < x} V(y)\Big\},\qquad
# V_r(\tau, n) = \sum_{k} \frac{f(n,k)}{6^n}\, V\big(\tau + s(k), k, n - d(k) + 5\,\mathbf 1_{n=d(k)}\big).$$
#
# For example, after the first roll shows two 5s and a 1 (4 chips, two dice left), the actions are
# worth:

# %%
sol = tt.solve()
pd.DataFrame([{"action": a, "value (chips)": v, "keeps": None if dst is None else list(dst)}
              for a, (v, dst) in sol.action_values(4, (2, 1, 0), 2).items()])

# %% [markdown]
# Giving back both 5s (move $m_{55}$) to roll four dice with 2 chips is worth 5.02 chips, more than
# rolling the two dice (3.71) or banking 4. Giving back one 5 ties with it, because from there the
# best play is to give back the other 5 too: moves may follow moves, and a chain of moves is never
# better than the single move to its end (the paper's remark after (3.9)).

# %% [markdown]
# ## Where does the threshold 56 come from?
#
# With $\tau$ chips and $n$ dice, one more roll followed by a stop is worth
# $\sum_k f(n,k)(\tau + s(k))/6^n$, which beats $\tau$ exactly when
# $\tau < \sum_{k} f(n,k)\,s(k) / f(n,\mathbf 0)$. The paper takes $\tau^*(5)$ = the least integer
# above the five-dice ratio and proves (Lemma 4.1) that stopping is optimal from there on, which needs
# the ratios of $n = 1, \dots, 4$ dice to be smaller too.

# %%
thr = claims.threshold_table()
th5 = tt.threshold(5)
assert th5.threshold == doc.THRESHOLD and th5.argument_applies
assert th5.ratios[5] == Fraction(33516, 600) and float(th5.ratios[5]) == 55.86
thr

# %% [markdown]
# The five-dice ratio is $33516/600 = 55.86$, so $\tau^*(5) = 56$, and the ratios grow with $n$
# (0.75, 2.25, 6.25, 17.96, 55.86), so the paper's argument goes through: **matches** (56).

# %% [markdown]
# ## What is the game worth?
#
# `tt.solve()` runs Algorithm 4.1: backwards from $\tau = 55$, each state first gets
# $\max(\tau, V_r(\tau, n))$ and then offers that value to every state that can move to it.

# %%
value = sol.value
exact, _ = tt.solve_exact(5)
getcontext().prec = 40
digits = Decimal(exact.numerator) / Decimal(exact.denominator)
assert abs(float(exact) - value) < 1e-13
assert f"{value:.6f}" == doc.VALUE
print(f"V*(iota) = {value!r} chips (float64, Algorithm 4.1)")
print(f"V*(iota) = {digits} ... (exact rational, {len(str(exact.denominator))}-digit denominator)")
print(f"paper: {doc.VALUE} -> matches; in points: {50 * value:.4f}")

# %% [markdown]
# The value of a turn is **5.872018918465640** chips (293.60 points), the paper's 5.872019 to its six
# decimals; the exact rational agrees with the float64 backward pass to about $2 \times 10^{-15}$.
#
# An independent check iterates $W_{k+1} = L W_k$ from $W_0 = 0$ on a state space truncated at a
# turn total `cap` (above it the player must stop), using no threshold at all:

# %%
caps = [10, 20, 30, 40, 50, 55, 56, 80, 120]
vi_rows = []
for cap in caps:
    vi = tt.value_iteration(5, cap=cap)
    vi_rows.append({"cap": cap, "value": vi.value, "value - V*": vi.value - value, "iterations": vi.iterations})
vi_table = pd.DataFrame(vi_rows)
vi120 = tt.value_iteration(5, cap=120)
diff, n_states = claims.max_state_difference(sol, vi120)
assert abs(vi120.value - value) < 1e-12 and diff < 1e-12 and vi120.threshold == 56
print(f"largest difference over all {n_states} states with tau < 56: {diff:.1e}")
vi_table

# %% [markdown]
# Truncating below 56 loses value; from a cap of 55 on (every state with $\tau \le 55$ may roll) the
# iteration lands on $V^*$ to the last bit in every state, and its greedy policy stops everywhere
# from 56 on. The iteration stops changing after only 18 sweeps, because optimal turns are short.
# Following the policy through every possible roll:

# %%
max_rolls, max_decisions = claims.longest_turn(sol)
assert max_rolls <= doc.MAX_ROLLS
print(f"longest turn under the optimal rule: {max_rolls} rolls, {max_decisions} decisions with moves "
      f"(the paper's bound: {doc.MAX_ROLLS} rolls)")

# %% [markdown]
# No optimal turn lasts more than 16 rolls (20 decisions counting moves): beyond 18 chips the player
# only rolls with five dice, so the paper's worst case of 56 one-chip rolls never happens. (The
# longest turns are so rare that float64 value iteration is already stationary after 18 sweeps,
# a little before the 21 that exact arithmetic would need.)

# %% [markdown]
# ## Do our values and actions match Tables 5 and 6?
#
# Table 5 lists the states with two to four dice left where rolling or moving beats stopping. Each
# cell below shows *our value | the paper's*; '-' marks a state where stopping is optimal or that cannot
# arise (the paper prints both as '-').

# %%
t5 = claims.table5(sol)
cells = claims.table5_cells(sol)
sl.save_table(cells, "tenthousand_table5")
assert cells["matches"].all() and cells["consistent_column"].all()
t5

# %% [markdown]
# All 48 printed values match to their three decimals, and every '-' is a state where we also stop
# (or that is not in the paper's state space). One label differs: the paper's action row puts **r**
# under the column $n = 2$, $[2,0,0]/[1,1,0]$, but its values are those of the move $m_5$:

# %%
labels = cells[cells["paper"].notna()].groupby("column", sort=False)[["action", "paper_action"]].first()
labels["matches"] = labels["action"] == labels["paper_action"]
print(sol.action_values(3, (2, 0, 0), 2))
assert sol.action_at(3, (2, 0, 0), 2) == "m5"
assert f"{sol.value_at(2, (1, 0, 0), 3):.3f}" == doc.TABLE5[3][2] != f"{sol.value_at(3, None, 2):.3f}"
labels

# %% [markdown]
# At $\tau = 3$ with $[2,0,0]$ and two dice, rolling the two dice is worth 3.173, giving a 5 back to
# roll three is worth 3.447: the printed 3.447 is the $m_5$ value (it equals the "other i, n = 3"
# entry at $\tau = 2$), so the "r" label in that column looks like a typo for $m_5$: **differs (label only)**.
#
# Table 6 gives the five-dice values, which depend on $\tau$ only:

# %%
t6 = claims.table6(sol)
sl.save_table(t6, "tenthousand_table6")
assert t6["matches_3dp"].all() and t6.loc[t6.tau >= 14, "matches"].all()
t6[t6.tau <= 15]

# %% [markdown]
# All 56 rows match at three decimals, and rows 14-55 (printed with three) match exactly. Rows 0-13
# are printed with four decimals, but rows 1-13 all end in 0 and only one of them (8.1070) is the
# correct four-decimal rounding (6.6070 against our 6.60651, 13.0770 against 13.07652): these are
# three-decimal values padded with a 0, and they match at three decimals, so we mark them
# **matches at the precision really printed**. Row 0 reads 5.8721 where the value, which the paper
# itself quotes as 5.872019, rounds to 5.8720: **differs in the fourth decimal** (a typo or a
# rounding slip); at three decimals it matches.

# %%
print(t6.loc[~t6["matches"], ["tau", "ours", "paper", "matches_3dp"]].to_string(index=False))

# %% [markdown]
# Table 5's caption also says that with two dice and a single scoring combination ("other i") the
# optimal action is always to stop. A forward search over every state a turn can reach finds one
# exception:

# %%
outside = claims.rolling_states_outside_table5(sol)
assert len(outside) == 1 and outside.iloc[0]["tau"] == 3 and outside.iloc[0]["action"] == "r"
_, pre_exact = tt.solve_exact(5)
print(f"V_r(3, 2) = {pre_exact[3, 2]} = {float(pre_exact[3, 2]):.6f} > 3")
fr = {n: tt.frequencies(n) for n in (3, 4, 5)}
route = fr[5][(1, 0, 0)] / 6**5 * fr[4][(1, 0, 0)] / 6**4 * fr[3][(1, 0, 0)] / 6**3
print(f"one route there (a lone 5 on each of three rolls, all optimal): probability {route:.4f}")
outside

# %% [markdown]
# With 3 chips, one 5 set aside and two dice left (three lone 5s in a row, a route the optimal rule
# follows), rolling the two dice is worth 3.1726 chips, more than stopping at 3: a 1-in-9 chance of
# both dice scoring and rolling all five again outweighs the 4-in-9 risk of a bust. The state is
# reachable and its gain is small (0.17 chips, on at least half a percent of turns), so the caption's
# "always s" for $n = 2$ **differs** from the exact solution in this one state; the table's values
# are unaffected (the value of the game includes it: our 5.872019 matches).

# %% [markdown]
# ## Which moves are never worth making?
#
# Theorem 4.1 says $m_{11}$, $m_{551}$, $m_{511}$ and giving back a triple ($m_{t_k}$) are never
# optimal. For every state with $\tau < 56$ we compare each available move's value with the best value:

# %%
audit = claims.action_audit(sol)
assert (audit.set_index("action").loc[list(doc.NEVER_OPTIMAL), "optimal_in"] == 0).all()
assert (audit.set_index("action").loc[list(doc.NEVER_OPTIMAL), "min_shortfall"] > 0.5).all()
audit

# %% [markdown]
# The nine moves are available in 69 to 293 states each and optimal in none; the closest call costs
# 0.68 chips ($m_{11}$). Above the threshold a move is worse still (it lowers $\tau$ while the value
# is $\tau$), so the claim holds in every state: **matches**. Only $m_5$, $m_1$, $m_{55}$ and
# $m_{51}$ are ever used.

# %% [markdown]
# ## What do the restricted games lose? (Table 7)
#
# Allowing only some actions, as in the paper (after a move the player stops or rolls):

# %%
t7 = claims.table7()
sl.save_table(t7, "tenthousand_table7")
assert t7.loc[t7["actions"] != "s, r, m5", "matches"].all()
assert f"{tt.solve(actions=['s', 'r']).value:.6f}" == doc.STOP_ROLL_VALUE
t7

# %% [markdown]
# Five of six rows match to all ten decimals. For $\{s, r, m_5\}$ the paper prints 5.801 218 003 7;
# we get 5.801 180 037 0. The paper's digits are ours with an extra "2" after "5.801"
# (5.801|2|180037), a transcription slip: **differs**, and our value is confirmed by value iteration
# and by exact policy evaluation below (a simulation cannot tell the two apart: they differ by
# 0.00004 chips). The `value_chained` column shows why the paper's
# restricted games must forbid a move after a move: otherwise two $m_5$ in a row would make $m_{55}$,
# and the values of rows 3-5 would collapse onto the full game.

# %%
v_m5 = tt.solve(actions=["s", "r", "m5"])
vi_m5 = tt.value_iteration(5, actions=["s", "r", "m5"], cap=70, chain=False)
mc_m5 = tt.simulate(v_m5, sl.pick(2_000_000, 200_000), seed=3)
assert abs(tt.evaluate(v_m5) - v_m5.value) < 1e-12 and abs(vi_m5.value - v_m5.value) < 1e-12
assert abs(mc_m5.mean - v_m5.value) < 4 * mc_m5.std_err
assert doc.TABLE7[1][2] == "5.801" + "2" + f"{v_m5.value:.10f}"[5:11]
print(f"Algorithm 4.1 {v_m5.value:.12f}, value iteration {vi_m5.value:.12f}, "
      f"policy evaluation {tt.evaluate(v_m5):.12f}")
print(f"simulation {mc_m5.mean:.4f} +- {mc_m5.std_err:.4f}; paper {doc.TABLE7[1][2]}: "
      f"{(float(doc.TABLE7[1][2]) - v_m5.value) / mc_m5.std_err:.2f} std errors from ours")

# %% [markdown]
# ## How does the value grow with the turn total?
#
# The figure shows $\max(\tau, V_r(\tau, n))$, the value of holding $\tau$ chips with $n$ dice to roll.

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4))
ttplots.plot_value_function(axes[0], sol)
ttplots.plot_advantage(axes[1], sol)
fig.tight_layout()
_ = sl.save_figure(fig, STEM, "value-function")

# %% [markdown]
# *Left: the value with $n$ dice to roll against the turn total (dotted line: $\tau^* = 56$). Right:
# what the right to roll on is worth.* With five dice the right to roll is worth 5.6 chips at
# $\tau = 1$ and shrinks to 0.07 chips at $\tau = 55$ (Table 6 minus $\tau$); above about 19 chips,
# where a roll that leaves fewer dice is always followed by a stop, it falls by about 0.08 per chip:
# each extra chip is lost on a bust, which has probability $f(5, \mathbf 0)/6^5 = 0.077$. With four dice
# rolling pays up to 18 chips and with three up to 6. With
# two dice it pays only up to 3 chips and with one die up to 3 chips, totals a turn reaches with two
# dice left only as 3 chips (three single 5s) and with one die left never (four dice set aside score
# at least 4): the hope of a "hot dice" roll of all five again is what makes these small rolls pay.

# %% [markdown]
# ## Does playing the game give 5.872019?
#
# A numba simulator plays turns with real dice under any policy table.

# %%
n_turns = sl.pick(4_000_000, 200_000)
mc = tt.simulate(sol, n_turns=n_turns, seed=2016)
z = (mc.mean - value) / mc.std_err
assert abs(z) < 4
print(f"{n_turns:,} simulated turns: {mc.mean:.5f} +- {mc.std_err:.5f} chips (z = {z:+.2f})")

# %% [markdown]
# The simulated mean is within a few standard errors of 5.872019. The exact distribution of a turn's
# score, pushed forward through the policy, shows where the value comes from:

# %%
dist = tt.score_distribution(sol)
support = np.arange(len(dist))
assert abs(dist.sum() - 1) < 1e-12 and abs((dist * support).sum() - value) < 1e-12
sd = np.sqrt((dist * support**2).sum() - value**2)
print(f"P(bust) = {dist[0]:.4f}, standard deviation {sd:.3f} chips; "
      f"expected std_err for {n_turns:,} turns: {sd / np.sqrt(n_turns):.5f}")
fig, ax = plt.subplots(figsize=(10, 3.5))
ttplots.plot_score_distribution(ax, [sol, tt.stop_at_policy(6)])
_ = sl.save_figure(fig, STEM, "score-distribution")

# %% [markdown]
# *Exact distribution of the points banked in a turn, optimal play against "stop at 300 points".*
# Optimal play busts 29.6% of the time; the simulation's standard error is the one the exact
# distribution predicts.

# %% [markdown]
# ## How good are simple "stop at X points" rules?
#
# Keep every scoring die, roll until the turn total reaches X, then stop. Each rule's exact value
# comes from policy evaluation (and a simulation confirms one of them):

# %%
stop_tab = claims.stop_at_table(range(1, 31))
best = stop_tab.loc[stop_tab["value"].idxmax()]
sl.save_table(stop_tab, "tenthousand_stop_at")
check = tt.simulate(tt.stop_at_policy(6), sl.pick(1_000_000, 100_000), seed=7)
assert abs(check.mean - stop_tab.loc[stop_tab["stop at (chips)"] == 6, "value"].item()) < 4 * check.std_err
stop_roll = tt.solve(actions=["s", "r"]).value
assert best["stop at (points)"] == 200 and best["value"] < stop_roll < value
print(f"best simple rule: stop at {int(best['stop at (points)'])} points, "
      f"{50 * best['value']:.1f} points = {best['share of optimum']:.1%} of the optimum")
print(f"gap to the optimum {value - best['value']:.3f} chips: {stop_roll - best['value']:.3f} recovered by "
      f"looking at the dice left (best stop/roll rule), {value - stop_roll:.3f} by moves")
fig, ax = plt.subplots(figsize=(7, 4))
ttplots.plot_stop_at(ax, stop_tab, value)
_ = sl.save_figure(fig, STEM, "stop-at-rules")

# %% [markdown]
# *Expected score of "stop at X" against X.* The best simple rule (stop at 200 points) earns about
# 90% of the optimum; "stop at 300" earns 238 points. The gap of 0.59 chips splits evenly: half is
# recovered by a stop-or-roll rule that looks at the number of dice left, half by giving dice back.

# %% [markdown]
# ## What is the game worth with N dice?
#
# The same rules with $N$ dice: configurations use at most $N$ dice and a roll where all $N$ score
# lets the player roll all $N$ again. With six dice a roll can show two triples (e.g. 222333) or six
# 5s; we score a roll by its best split into Table 1 combinations (six 5s = two triples of 5s = 20 chips),
# which for five dice or fewer is exactly the paper's formula.
#
# **Where the paper's argument applies.** Its Lemma 4.1 needs $\tau^*(N)$, the least integer above the
# $N$-dice ratio, to exceed the ratio of every smaller number of dice. `tt.solve` checks this
# (`threshold(N).argument_applies`) and runs Algorithm 4.1 exactly when it holds; otherwise it would
# fall back on value iteration over a truncated state space. Since the ratios increase with the number
# of dice (table above), the argument holds for every $N = 1, \dots, 6$, and value iteration (with no
# threshold) is run beside it as an independent check:

# %%
dice = claims.dice_table()
sl.save_table(dice, "tenthousand_dice")
assert (dice["method"] == "algorithm 4.1").all() and dice["argument applies"].all()
assert (dice["|alg - VI|"] < 1e-12).all()
dice

# %% [markdown]
# A turn with one die is worth half a chip (stop after the first score), with six dice 8.93 chips
# (447 points) and a threshold of 201 chips, because only 1440 of the 46656 rolls of six dice score
# nothing. The option to move is worth nothing for $N \le 3$ and grows with $N$.

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4))
ttplots.plot_dice(axes[0], dice)
ttplots.plot_value_function(axes[1], tt.solve(4))
axes[1].set_title("N = 4 dice")
fig.tight_layout()
_ = sl.save_figure(fig, STEM, "n-dice")

# %% [markdown]
# *Left: the value of a turn against the number of dice, optimal and stop-or-roll only. Right: the
# value curves of the four-dice game (threshold 18).*

# %% [markdown]
# ## Solitaire Pig: what does the simplest relative teach?
#
# One die: a 1 loses the turn, 2 to 6 add their face. The dynamic-programming equation is
# $V(\tau) = \max\{\tau, \tfrac16 (V(\tau+2) + \dots + V(\tau+6))\}$; one more roll pays iff
# $(5\tau + 20)/6 > \tau$, i.e. $\tau < 20$.

# %%
pr = tt.pig()
assert pr.threshold == doc.PIG_THRESHOLD and f"{pr.value:.2f}" == doc.PIG_VALUE
W, it = tt.pig_value_iteration(cap=100)
assert abs(W[0] - pr.value) < 1e-12
print(f"threshold {pr.threshold} (paper {doc.PIG_THRESHOLD}: matches)")
print(f"V(0) = {pr.value_exact} = {pr.value!r} (paper {doc.PIG_VALUE}: matches)")
print(f"value iteration from 0 (cap 100): {float(W[0])!r} after {it} sweeps")

# %% [markdown]
# $V(0) = 492303203/60466176 = 8.141794893727\ldots$, the paper's 8.14.
#
# **Where does 1.0461 come from?** Without the max, the equation is linear with constant
# coefficients; trying $V(\tau) = \lambda^\tau$ gives $\lambda^2 + \lambda^3 + \lambda^4 + \lambda^5 +
# \lambda^6 = 6$, whose root above 1 is $\lambda = 1.046104$. Then $c\lambda^\tau$ solves the equation
# for every $c$, and it is $\ge \tau$ for all $\tau$ once $c \ge \max_\tau \tau\lambda^{-\tau}$
# (attained near $\tau = 1/\ln\lambda \approx 22$):

# %%
lam = pr.growth_rate
assert f"{lam:.4f}" == doc.PIG_GROWTH and abs(sum(lam**k for k in (2, 3, 4, 5, 6)) - 6) < 1e-12
print(f"lambda = {lam!r}; smallest c with c lambda^tau >= tau: {pr.min_scale:.6f} (> V(0) = {pr.value:.6f})")
mc_pig = tt.pig_simulate(20, sl.pick(4_000_000, 200_000), seed=5)
assert abs(mc_pig.mean - pr.value) < 4 * mc_pig.std_err
print(f"simulated: {mc_pig.mean:.4f} +- {mc_pig.std_err:.4f}")
fig, ax = plt.subplots(figsize=(7, 4))
ttplots.plot_pig(ax, pr)
_ = sl.save_figure(fig, STEM, "pig")

# %% [markdown]
# *The value of Pig (dots), the stop payoff, and two of the many other solutions $c\lambda^\tau$ of the
# equation.* Every $c\lambda^\tau$ with $c \ge 8.1616$ satisfies the dynamic-programming equation (the
# max is never attained by $\tau$), and each starts above $V(0) = 8.1418$: the value is the *smallest*
# solution, and only the boundary condition $V(\tau) = \tau$ from 20 on picks it out, the point the
# paper makes about Ten Thousand too.

# %% [markdown]
# ## Explore
#
# **(a) Advisor.** Choose the number of dice, the turn total (chips), the dice left and what you set
# aside; the panel lists every available action's value, best first.

# %%
ttwidgets.advisor_widget()

# %% [markdown]
# **(b) Policy explorer.** Compare "stop at X points" with optimal play, exactly and by simulation.

# %%
ttwidgets.policy_explorer_widget()

# %% [markdown]
# **(c) Number of dice.** The threshold, the value and the value curves of the game with N dice.

# %%
ttwidgets.dice_widget()

# %% [markdown]
# ## Open questions
#
# - The paper's threshold argument held for every $N \le 6$ here because the one-roll ratio grows with
#   the number of dice. Are there natural scoring rules (three pairs, straights, four of a kind, as in
#   Farkle) where it fails, so that value iteration is the only route?
# - Under optimal play a turn never takes more than 16 rolls. What is the distribution of the number
#   of rolls, and how does it change with the number of dice?
# - With six dice the threshold jumps to 201 chips (10 050 points) because busts become rare. How do
#   the usual six-dice extras (three pairs, straights) change the value and the threshold?
# - The solitaire game maximises one turn's expected score. How much does the optimal rule change in a
#   race to 10 000 points against an opponent (the question the paper leaves open)?
# - With the advisor: at which turn totals does the best action with $[2,0,0]$ and three dice switch
#   from $m_5$ to stopping, and why does it never switch to rolling?
