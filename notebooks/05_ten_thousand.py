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
# # Ten Thousand: when to stop rolling, and when to give a scoring die back
#
# **Source:** Fabián Crocce and Ernesto Mordecki, "A finite exact algorithm to solve a dice game",
# *Journal of Applied Probability* 53(1), March 2016, pp. 91–105
# ([JSTOR 43860959](https://www.jstor.org/stable/43860959)).
#
# ## Overview
#
# In the dice game Ten Thousand (also Zilch or Farkle) a player rolls five dice, sets aside the
# ones that score, and either banks the turn total or rolls the rest, losing everything on a roll
# that scores nothing. Two decisions make the game interesting: *when to stop*, and whether to set
# aside *fewer* scoring dice than the roll allows so as to roll more dice next time.
# Crocce and Mordecki model one turn as a Markov control process, find a turn total beyond which
# stopping is always optimal (56 chips of 50 points), and then solve the game exactly by one
# backward pass. They report the value of a turn (5.872019 chips), the optimal action in every
# state (Tables 5 and 6), the value of games with fewer moves allowed (Table 7), and a one-die
# relative, solitaire Pig.
#
# This notebook rebuilds all of it from the rules (nothing is read from the paper's tables),
# checks every number the paper prints (the verdict table at the end lists them), and goes further:
# an independent value iteration, exact rational arithmetic, Monte Carlo play, simple "stop at X"
# rules, and the game with 1 to 6 dice.

# %%
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np
import pandas as pd

import stoplib as sl
from stoplib import tenthousand as tt
from stoplib.tenthousand import claims, document as doc, plots as ttplots, widgets as ttwidgets
from stoplib.workbook import readme

NB = "05_ten_thousand"
md, number = sl.prose.md, sl.prose.number
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
# `tt.score`:

# %%
examples = [(1, 0, 0), (0, 1, 0), (3, 0, 0), (0, 3, 0), (0, 0, 4), (2, 1, 0), (1, 0, 6), (0, 5, 0)]
sl.show_table(pd.DataFrame([{"config": str(list(c)), "words": ttwidgets.describe(c), "s": tt.score(c)[0],
                             "points": 50 * tt.score(c)[0], "d": tt.score(c)[1], "c": tt.score(c)[2]}
                            for c in examples]),
              headers={"config": "Configuration [f, o, t]", "words": "In words", "s": "Score s (chips)",
                       "points": "Points", "d": "Scoring dice d", "c": "Combinations c"})

# %%
best_roll = max(tt.configurations(5)[1:], key=lambda c: tt.score(c)[0])
md(f"Three 1s are worth {tt.score((0, 3, 0))[0]} chips ({50 * tt.score((0, 3, 0))[0]} points) and count as "
   f"{tt.score((0, 3, 0))[2]} scoring combinations, so a player may give one of them back; "
   f"{ttwidgets.describe(best_roll)} ({tt.score(best_roll)[0]} chips) is the best roll of the game.")

# %% [markdown]
# ## How often does each configuration come up? (Table 2)
#
# We enumerate all $6^n$ rolls of $n = 1, \dots, 5$ dice and count the configurations. The table below
# puts each count beside the paper's Table 2.

# %%
t2 = claims.table2()
sl.save_table(t2, "tenthousand_table2")
assert all(sum(tt.frequencies(n).values()) == 6 ** n for n in range(1, 6))
sl.show_table(t2, headers={"d": "d", "config": "Configuration i", "c": "c", "s": "s",
                           **{f"f({n},i)": f"f({n}, i)" for n in range(1, 6)},
                           **{f"paper f({n},i)": f"Paper f({n}, i)" for n in range(1, 6)}, "matches": "Matches"})

# %%
bust = [tt.frequencies(n)[(0, 0, 0)] for n in range(1, 6)]
md(f"**{int(t2['matches'].sum())} of {len(t2)}** rows match"
   f"{', in the paper’s order' if t2.attrs['same_order'] else ''}, including the non-scoring counts "
   f"{', '.join(map(str, bust))}. A second, independent count (multinomial coefficients over face counts) "
   "gives the same dictionary:")

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
advice = sol.advice(4, (2, 1, 0), 2)
example = dict(zip(advice.actions, advice.values))
sl.show_table(pd.DataFrame({"action": advice.actions, "value": advice.values,
                            "keeps": ["" if k is None else str(list(k)) for k in advice.keeps], "rolls": advice.rolls}),
              formats={"value": "{:.6f}"},
              headers={"action": "Action", "value": "Value (chips)", "keeps": "Keeps", "rolls": "Dice rolled next"})

# %%
best_move = advice.best
tie = abs(example["m5"] - example["m55"]) < 1e-12
md(f"The best action is **{best_move}**: giving back both 5s to roll four dice with 2 chips is worth "
   f"{example['m55']:.2f} chips, more than banking 4 or rolling the two dice ({example['r']:.2f}). "
   + ("Giving back one 5 ties with it, because from there the best play is to give back the other 5 too: "
      "moves may follow moves, and a chain of moves is never better than the single move to its end "
      "(the paper's remark after its equation (3.9))." if tie else
      f"Giving back one 5 is worth {example['m5']:.2f}."))

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
sl.show_table(thr, formats={"sum f(n,k) s(k)": lambda v: f"{int(v):,}", "ratio": "{:.4f}"},
              headers={"n": "Dice n", "bust rolls f(n,0)": "Bust rolls f(n, 0)", "sum f(n,k) s(k)": "Σ f(n, k) s(k)",
                       "ratio": "Ratio", "tau*(n)": "τ*(n)",
                       "argument applies with N=n": "Argument applies with N = n"})

# %%
r5 = thr.set_index("n").loc[5]
md(f"The five-dice ratio is {int(r5['sum f(n,k) s(k)'])}/{int(r5['bust rolls f(n,0)'])} = {float(th5.ratios[5]):.2f}, "
   f"so τ*(5) = **{th5.threshold}** (the paper: {doc.THRESHOLD}), and the ratios of one to four dice "
   f"({', '.join(f'{float(th5.ratios[n]):.2f}' for n in range(1, 5))}) are "
   f"{'all below it, so the paper’s argument goes through' if th5.argument_applies else 'not all below it'}.")

# %% [markdown]
# ## What is the game worth?
#
# `tt.solve()` runs Algorithm 4.1: backwards from $\tau = \tau^* - 1$, each state first gets
# $\max(\tau, V_r(\tau, n))$ and then offers that value to every state that can move to it. A twin in
# exact rational arithmetic (`tt.solve_exact`) runs the same recursion in pure Python.

# %%
value = sol.value
exact, pre_exact = tt.solve_exact(5)
getcontext().prec = 40
digits = Decimal(exact.numerator) / Decimal(exact.denominator)
print(f"V*(ι) = {value!r} chips (float64, Algorithm 4.1)")
print(f"V*(ι) = {digits}… (exact rational, {len(str(exact.denominator))}-digit denominator)")
print(f"paper: {doc.VALUE}; in points: {50 * value:.4f}")

# %%
gap_exact = abs(float(exact) - value)
assert gap_exact < 1e-12
md(f"The value of a turn is **{value:.15f}** chips ({50 * value:.2f} points): the paper's {doc.VALUE} "
   f"{'to its six decimals' if sl.verdicts.judge(doc.VALUE, value) == 'agrees' else '— it differs'}. The exact "
   f"rational agrees with the float64 backward pass to {gap_exact:.0e} chips.")

# %% [markdown]
# An independent check iterates $W_{k+1} = L W_k$ from $W_0 = 0$ on a state space truncated at a
# turn total `cap` (above it the player must stop), using no threshold at all:

# %%
caps = [10, 20, 30, 40, 50, 55, 56, 80, 120]
vi = {cap: tt.value_iteration(5, cap=cap) for cap in caps}
vi_table = pd.DataFrame([{"cap": cap, "value": r.value, "value − V*": r.value - value, "iterations": r.iterations}
                         for cap, r in vi.items()])
diff, n_states = claims.max_state_difference(sol, vi[120])
assert diff < 1e-12
print(f"largest difference over all {n_states} states with τ < {sol.threshold}: {diff:.1e}")
sl.show_table(vi_table, formats={"value": "{:.12f}", "value − V*": "{:.2e}"},
              headers={"cap": "Cap (chips)", "value": "Value (chips)", "value − V*": "Value − V*",
                       "iterations": "Sweeps"})

# %%
max_rolls, max_decisions = claims.longest_turn(sol)
exact_from = min(c for c in caps if vi[c].value == value)
md(f"Truncating below {exact_from} loses value; from a cap of {exact_from} on (every state with τ ≤ "
   f"{exact_from} may roll) the iteration lands on V* to the last bit in every state, and with cap 120 its "
   f"greedy policy stops everywhere from τ = {vi[120].threshold} on. The iteration stops changing after "
   f"{vi[120].iterations} sweeps although the longest optimal turn takes {max_decisions} decisions (below): "
   f"turns longer than {vi[120].iterations} decisions are too rare to move any value in its last float64 bit.")

# %% [markdown]
# How long can an optimal turn be? We follow the policy through every possible sequence of rolls:

# %%
print(f"longest turn under the optimal rule: {max_rolls} rolls, {max_decisions} decisions with moves "
      f"(the paper's bounds: {doc.MAX_ROLLS} rolls, 56 × 4 + 1 = {56 * 4 + 1} transitions)")

# %%
cells = claims.table5_cells(sol)
last_small_roll = max(t for t in range(1, sol.threshold) for n in range(1, 5) if sol.value_at(t, None, n) > t)
md(f"No optimal turn lasts more than **{max_rolls} rolls** ({max_decisions} decisions counting moves), well "
   f"inside the paper's bound of {doc.MAX_ROLLS}: beyond {last_small_roll} chips the player rolls only with "
   "five dice, so the paper's worst case of one-chip rolls all the way to 56 never happens.")

# %% [markdown]
# ## Do our values and actions match Tables 5 and 6?
#
# Table 5 lists the states with two to four dice left where rolling or moving beats stopping. Each
# cell below shows *our value | the paper's*; '-' marks a state where stopping is optimal or that cannot
# arise (the paper prints both as '-').

# %%
t5 = claims.table5(sol)
sl.save_table(cells, "tenthousand_table5")
sl.show_table(t5.rename_axis("τ (chips)").reset_index(), headers={c: c.replace("n=", "n = ") for c in t5.columns})

# %%
printed5 = cells[cells["paper"].notna()]
dashes5 = cells[cells["paper"].isna()]
md(f"**{int(printed5['matches'].sum())} of {len(printed5)}** printed values match to their three decimals, "
   f"and {int(dashes5['matches'].sum())} of the {len(dashes5)} cells printed '–' are states where we also stop "
   "or that a turn cannot reach. The action row is another matter:")

# %%
labels = printed5.groupby("column", sort=False)[["action", "paper_action"]].first()
labels["matches"] = labels["action"] == labels["paper_action"]
at3 = sol.action_values(3, (2, 0, 0), 2)
assert max(at3, key=lambda a: at3[a][0]) == "m5"
sl.show_table(labels.reset_index().assign(column=lambda d: d["column"].str.replace("n=", "n = ")),
              headers={"column": "Column of Table 5", "action": "Our action",
                                            "paper_action": "The paper's action", "matches": "Matches"})

# %%
md(f"The paper's action row puts **r** under the column n = 2, [2,0,0]/[1,1,0], but its values are those "
   f"of the move m5. At τ = 3 with [2,0,0] and two dice, stopping is worth {at3['s'][0]:g}, rolling the two dice "
   f"{at3['r'][0]:.3f} and giving a 5 back to roll three {at3['m5'][0]:.3f}, the best action; the printed {doc.TABLE5[3][2]} is the m5 value "
   f"(it equals the 'other i, n = 3' entry at τ = 2, {doc.TABLE5[2][5]}). The label r looks like a typo for m5: "
   "**differs (label only)**.")

# %% [markdown]
# Table 6 gives the five-dice values, which depend on $\tau$ only:

# %%
t6 = claims.table6(sol)
sl.save_table(t6, "tenthousand_table6")
sl.show_table(t6[t6.tau <= 15], formats={"ours": "{:.6f}"},
              headers={"tau": "τ (chips)", "ours": "Ours", "paper": "The paper", "action": "Action",
                       "matches": "Matches as printed", "matches_3dp": "Matches at 3 decimals"})

# %%
late6, early6 = t6[t6.tau >= 14], t6[(t6.tau >= 1) & (t6.tau <= 13)]
row1, row9, row0 = t6.set_index("tau").loc[1], t6.set_index("tau").loc[9], t6.set_index("tau").loc[0]
md(f"**{int(t6['matches_3dp'].sum())} of {len(t6)}** rows match at three decimals, and "
   f"{int(late6['matches'].sum())} of the {len(late6)} rows τ = 14..55 (printed with three) match exactly. "
   f"Rows 1–13 are printed with four decimals, but all end in 0 and only "
   f"{', '.join(early6.loc[early6['matches'], 'paper']) or 'none'} is the correct four-decimal rounding "
   f"({row1.paper} against our {row1.ours:.5f}, {row9.paper} against {row9.ours:.5f}): these are three-decimal "
   f"values padded with a 0, and they match at three decimals. Row 0 reads {row0.paper} where the value, which "
   f"the paper itself quotes as {doc.VALUE}, rounds to {row0.ours:.4f}: "
   + ("**differs in the fourth decimal** (a typo or a rounding slip); at three decimals it matches."
      if not row0.matches else "it matches."))

# %% [markdown]
# Table 5's caption also says that with one die, or two dice and a single scoring combination
# ("other i"), the optimal action is always to stop. A forward search over every state a turn can
# reach looks for exceptions:

# %%
outside = claims.rolling_states_outside_table5(sol)
fr = {n: tt.frequencies(n) for n in (2, 3, 4, 5)}
route = fr[5][(1, 0, 0)] / 6**5 * fr[4][(1, 0, 0)] / 6**4 * fr[3][(1, 0, 0)] / 6**3
print(f"one route to (3, [1, 0, 0], 2): a lone 5 on each of three rolls, probability {route:.4f}")
sl.show_table(outside, formats={"value": "{:.6f}"},
              headers={"tau": "τ (chips)", "config": "Set aside", "n": "Dice left n", "action": "Optimal action",
                       "value": "Value (chips)", "stop": "Stopping (chips)"})

# %%
if len(outside):
    o = outside.iloc[0]
    tau_o, n_o = int(o["tau"]), int(o["n"])
    hot = sum(c for k, c in fr[2].items() if tt.score(k)[1] == 2) / 36
    follows = all(sol.action_at(t, (1, 0, 0), n) == "r" for t, n in ((1, 4), (2, 3)))
    exception = (
        f"The search finds **{'one exception' if len(outside) == 1 else f'{len(outside)} exceptions'}**"
        f"{'' if len(outside) == 1 else '; the first'}: with {tau_o} chips, one 5 set aside and {n_o} dice left "
        f"(three lone 5s in a row{', a route the optimal rule follows' if follows else ''}), rolling the two dice is "
        f"worth {float(pre_exact[tau_o, n_o]):.4f} chips (exactly a fraction with a "
        f"{len(str(Fraction(pre_exact[tau_o, n_o]).denominator))}-digit denominator), more "
        f"than stopping at {tau_o}: a {hot:.3f} chance of both dice scoring (and rolling all five again) outweighs "
        f"the {fr[2][(0, 0, 0)] / 36:.3f} risk of a bust. The gain is small "
        f"({float(pre_exact[tau_o, n_o]) - tau_o:.2f} chips, on at least {route:.2%} of turns), so the caption's "
        "'always s' **differs** from the exact solution in this state; the table's values are unaffected, and the "
        "value of the game includes it.")
else:
    exception = "The search finds no exception: the caption's 'always s' holds."
md(exception)

# %% [markdown]
# ## Which moves are never worth making?
#
# Theorem 4.1 says $m_{11}$, $m_{551}$, $m_{511}$ and giving back a triple ($m_{t_k}$) are never
# optimal. For every state below the threshold we compare each available move's value with the best value:

# %%
audit = claims.action_audit(sol)
sl.show_table(audit, formats={"min_shortfall": "{:.3f}"},
              headers={"action": "Move", "available_in": "Available in (states)", "optimal_in": "Optimal in",
                       "chosen_in": "Chosen in", "min_shortfall": "Smallest shortfall (chips)"})

# %%
never = audit.set_index("action").loc[list(doc.NEVER_OPTIMAL)]
closest = never["min_shortfall"].idxmin()
used = list(audit.loc[audit["chosen_in"] > 0, "action"])
md(f"The nine moves are available in {int(never['available_in'].min())} to {int(never['available_in'].max())} "
   f"states each and optimal in **{int(never['optimal_in'].sum())}**; the closest call costs "
   f"{never.loc[closest, 'min_shortfall']:.2f} chips ({closest}). Above the threshold a move is worse still (it "
   "lowers τ while the value is τ), so the claim holds in every state: "
   f"**{'agrees' if never['optimal_in'].sum() == 0 else 'differs'}**. Only {', '.join(used)} are ever used. (In "
   "the table, *optimal in* counts the states where a move attains the best value, ties included; *chosen in*, "
   "those where the solver's rule A picks it, one action per state; the *smallest shortfall* is taken over the "
   "states where the move is available but not optimal.)")

# %% [markdown]
# ## What do the restricted games lose? (Table 7)
#
# Allowing only some actions, as in the paper (after a move the player stops or rolls):

# %%
t7 = claims.table7()
sl.save_table(t7, "tenthousand_table7")
sl.show_table(t7, headers={"actions": "Actions allowed", "count": "Number of actions", "ours": "Ours",
                           "paper": "The paper", "matches": "Matches", "slip": "Printing slip",
                           "value_chained": "Value if moves may follow moves"})

# %%
odd = t7[~t7["matches"]]
restricted = t7[t7["actions"] != "all"].reset_index(drop=True)
collapsed = [i + 1 for i, v in enumerate(restricted["value_chained"]) if v == t7["ours"].iloc[-1]]
md(f"**{int(t7['matches'].sum())} of {len(t7)}** rows match to all ten decimals. "
   + " ".join(f"For {{{r['actions']}}} the paper prints {r['paper']}; we get {r['ours']}: the printed digits are "
              f"ours with {r['slip'] or 'more than one slip'}, a printing slip (**differs**)."
              for _, r in odd.iterrows())
   + " The last column shows why the paper's restricted games must forbid a move after a move: "
   f"otherwise two m5 in a row would make m55, and the values of rows {collapsed[0]}–{collapsed[-1]} would "
   "collapse onto the full game.")

# %% [markdown]
# Three independent methods confirm our value for $\{s, r, m_5\}$, and a simulation shows the size of
# the slip:

# %%
v_m5 = tt.solve(actions=["s", "r", "m5"])
vi_m5 = tt.value_iteration(5, actions=["s", "r", "m5"], cap=70, chain=False)
mc_m5 = tt.simulate(v_m5, sl.pick(2_000_000, 200_000), seed=3)
paper_m5 = float(doc.TABLE7[1][2])
assert abs(tt.evaluate(v_m5) - v_m5.value) < 1e-12 and abs(vi_m5.value - v_m5.value) < 1e-12
assert abs(mc_m5.mean - v_m5.value) < 5 * mc_m5.std_err
print(f"Algorithm 4.1 {v_m5.value:.12f}, value iteration {vi_m5.value:.12f}, "
      f"policy evaluation {tt.evaluate(v_m5):.12f}")
print(f"simulation {mc_m5.mean:.4f} ± {mc_m5.std_err:.4f}; paper {doc.TABLE7[1][2]}")

# %%
md(f"The three exact methods agree to 12 decimals. The printed value is {paper_m5 - v_m5.value:.5f} chips above "
   f"ours, {abs(paper_m5 - v_m5.value) / mc_m5.std_err:.3f} standard errors of this simulation: only the exact "
   "methods can tell the two apart.")

# %% [markdown]
# ## What is the right to roll on worth?
#
# The figure shows $\max(\tau, V_r(\tau, n)) - \tau$: what holding $\tau$ chips with $n$ dice to roll is
# worth beyond banking them now. Not every such state occurs in a turn: five dice are rolled only at the
# start or after all five scored (5 chips at least), one die only after four scored (4 chips at least).
# `tt.value_of_rolling` computes the gains together with a forward search of the states a turn can
# reach; the figure draws the unreachable ones dotted (with a cross where rolling would pay). Open
# circles are the values the paper prints (Table 6 for five dice, Table 5 for four and three).

# %%
rolling = tt.value_of_rolling(sol)
paper_values = {5: {t: float(v) for t, v in doc.TABLE6.items() if t >= 1},
                4: {t: float(row[6]) for t, row in doc.TABLE5.items() if row[6] is not None},
                3: {t: float(row[5]) for t, row in doc.TABLE5.items() if row[5] is not None}}
off_curve = max(abs(v - t - rolling.gain[t, n]) for n, points in paper_values.items() for t, v in points.items())
assert off_curve < 5e-4 + 1e-9          # every printed value lies on our curve, at the paper's three decimals
fig, ax = sl.style.figure(figsize=(7.5, 4.2))
ttplots.plot_value_of_rolling(ax, rolling, paper=paper_values)
_ = sl.save_figure(fig, NB, "value-of-rolling")
sl.style.show(fig)

# %%
pays = {n: rolling.pays(n) for n in range(1, 6)}
pays_anywhere = {n: rolling.pays(n, reachable_only=False) for n in range(1, 6)}
first5 = rolling.first_reachable(5)
slope = (rolling.gain[20, 5] - rolling.gain[40, 5]) / 20          # tau = 20 .. 40
p_bust = fr[5][(0, 0, 0)] / 6**5
last = {n: int(pays[n].max()) if len(pays[n]) else None for n in range(1, 6)}
assert last[5] == sol.threshold - 1 and last[1] is None
sl.caption(
    f"What the right to roll on is worth, max(τ, V_r(τ, n)) − τ, against the turn total τ for one to five dice "
    f"to roll; dotted where no turn can be, crossed where rolling would pay there (the paper's printed values, "
    f"open circles, lie on the "
    f"curves to within {off_curve:.4f}). In states a turn reaches, rolling pays up to τ = {last[5]} with five "
    f"dice, {last[4]} with four, {last[3]} with three and {last[2]} with two"
    + (" (the exception to the Table 5 caption found above)" if len(outside) and pays[2].tolist() == [tau_o] else "")
    + f", and never with one die: its curve is positive only at τ = "
    f"{', '.join(map(str, pays_anywhere[1]))}, below the {rolling.first_reachable(1)} chips that four scoring "
    f"dice bring at least. With five dice the right is worth {rolling.gain[first5, 5]:.2f} chips at τ = {first5}, "
    f"the smallest total at which a turn rolls five dice again, and {rolling.gain[sol.threshold - 1, 5]:.2f} at "
    f"τ = {sol.threshold - 1}; between 20 and 40 chips it falls by {slope:.3f} per chip, a little more than the "
    f"bust probability f(5, 0)/6⁵ = {p_bust:.3f} at which each extra chip is lost.")

# %% [markdown]
# ## Does playing the game give 5.872019?
#
# A numba simulator plays turns with real dice under any policy table.

# %%
n_turns = sl.pick(4_000_000, 200_000)
mc = tt.simulate(sol, n_turns=n_turns, seed=2016)
z = (mc.mean - value) / mc.std_err
assert abs(z) < 5
print(f"{n_turns:,} simulated turns: {mc.mean:.5f} ± {mc.std_err:.5f} chips (z = {z:+.2f})")

# %%
md(f"The simulated mean is {abs(z):.2f} standard errors {'below' if z < 0 else 'above'} the exact value. "
   "The exact distribution of a turn's score, pushed forward through the policy, shows where the value comes from:")

# %%
dist = tt.score_distribution(sol)
dist300 = tt.score_distribution(tt.stop_at_policy(6))
support = np.arange(len(dist))
assert abs(dist.sum() - 1) < 1e-12 and abs((dist * support).sum() - value) < 1e-12
sd = np.sqrt((dist * support**2).sum() - value**2)
print(f"P(bust) = {dist[0]:.4f}, standard deviation {sd:.3f} chips; "
      f"predicted std. error for {n_turns:,} turns: {sd / np.sqrt(n_turns):.5f} (simulation: {mc.std_err:.5f})")
fig, ax = sl.style.figure(figsize=(8, 3.6))
ttplots.plot_score_distribution(ax, {"optimal play": dist, "stop at 6 chips (300 points)": dist300})
_ = sl.save_figure(fig, NB, "score-distribution")
sl.style.show(fig)

# %%
mode = int(np.argmax(dist[1:])) + 1
sl.caption(f"The exact distribution of the points banked in one turn, optimal play beside \"stop at 300 points\": "
   f"optimal play busts {dist[0]:.1%} of the time, against {dist300[0]:.1%}, and banks {50 * mode} points most "
   f"often. It banks {dist[4] + dist[5]:.0%} of its turns at 200 or 250 points, "
   "totals that \"stop at 300\" rolls on from, and so busts less; the "
   f"simulation's standard error, {mc.std_err:.5f}, is the one the exact distribution predicts "
   f"({sd / np.sqrt(n_turns):.5f}).")

# %% [markdown]
# ## How good are simple "stop at X points" rules?
#
# Keep every scoring die, roll until the turn total reaches X, then stop. Each rule's exact value
# comes from policy evaluation, and a simulation confirms one of them:

# %%
stop_tab = claims.stop_at_table(range(1, 31))
sl.save_table(stop_tab, "tenthousand_stop_at")
best = stop_tab.loc[stop_tab["value"].idxmax()]
at300 = stop_tab.set_index("stop at (points)").loc[300]
check = tt.simulate(tt.stop_at_policy(6), sl.pick(1_000_000, 100_000), seed=7)
assert abs(check.mean - at300["value"]) < 5 * check.std_err
stop_roll = tt.solve(actions=["s", "r"]).value
assert best["value"] < stop_roll < value
print(f"stop at 300 points: exact {50 * at300['value']:.2f} points, simulated {50 * check.mean:.2f} "
      f"± {50 * check.std_err:.2f}")
fig, ax = sl.style.figure(figsize=(7, 4))
ttplots.plot_stop_at(ax, stop_tab, value, stop_roll=stop_roll)
_ = sl.save_figure(fig, NB, "stop-at-rules")
sl.style.show(fig)

# %%
gap, by_dice, by_moves = value - best["value"], stop_roll - best["value"], value - stop_roll
sl.caption(f"The exact expected score of the rules \"stop at X points\" against X, with optimal play and the best "
   f"stop-or-roll rule as lines: the best simple rule, stop at {int(best['stop at (points)'])} points, earns "
   f"{50 * best['value']:.1f} points, {best['share of optimum']:.0%} of optimal play; \"stop at 300\" earns "
   f"{50 * at300['value']:.1f}. The gap of "
   f"{gap:.2f} chips to the optimum splits {'almost evenly' if abs(by_dice - by_moves) < 0.1 * gap else 'unevenly'}: "
   f"{by_dice:.3f} is recovered by a stop-or-roll rule that looks at the number of dice left, "
   f"{by_moves:.3f} by giving dice back.")

# %% [markdown]
# ## What is the game worth with N dice?
#
# The same rules with $N$ dice: configurations use at most $N$ dice and a roll where all $N$ score
# lets the player roll all $N$ again. With six dice a roll can show two triples (e.g. 222333) or six
# 5s; we score a roll by its best split into Table 1 combinations (six 5s = two triples of 5s),
# which for five dice or fewer is exactly the paper's formula.
#
# **Where the paper's argument applies.** Its Lemma 4.1 needs $\tau^*(N)$, the least integer above the
# $N$-dice ratio, to exceed the ratio of every smaller number of dice. `tt.solve` checks this
# (`threshold(N).argument_applies`) and runs Algorithm 4.1 exactly when it holds; otherwise it
# falls back on value iteration over a truncated state space. Value iteration (with no threshold) is
# run beside it as an independent check:

# %%
dice = claims.dice_table()
sl.save_table(dice, "tenthousand_dice")
assert (dice["|alg - VI|"] < 1e-12).all()
sl.show_table(dice.assign(method=dice["method"].str.replace("algorithm", "Algorithm")),
              formats={"value (chips)": "{:.6f}", "value (points)": "{:,.2f}", "stop/roll only": "{:.6f}",
                       "VI value": "{:.6f}", "|alg - VI|": lambda v: "0" if v == 0 else f"{v:.0e}"},
              headers={"N": "Dice N", "tau*": "τ*(N)", "argument applies": "Argument applies", "method": "Method",
                       "value (chips)": "Value (chips)", "value (points)": "Value (points)",
                       "stop/roll only": "Stop or roll only (chips)", "VI value": "Value iteration (chips)",
                       "|alg - VI|": "|Algorithm 4.1 − value iteration|", "VI iterations": "Value-iteration sweeps"})

# %%
d6 = dice.set_index("N").loc[6]
no_gain = [int(N) for N, a, b in zip(dice["N"], dice["value (chips)"], dice["stop/roll only"]) if abs(a - b) < 1e-12]
methods = sorted(set(dice["method"]))
md(f"The argument applies for {'every' if dice['argument applies'].all() else 'not every'} N = 1..6 (method used: "
   f"{', '.join(methods).replace('algorithm', 'Algorithm')}). A turn with one die is worth {dice['value (chips)'].iloc[0]:.2f} chips (stop after the "
   f"first score), with six dice {d6['value (chips)']:.2f} chips ({50 * d6['value (chips)']:.0f} points) and a "
   f"threshold of {int(d6['tau*'])} chips, because only {tt.frequencies(6)[(0, 0, 0)]:,} of the {6**6:,} rolls of six "
   f"dice score nothing. The option to move is worth nothing for N ≤ {max(no_gain)} and grows with N.")

# %%
fig, axes = sl.style.figure(1, 2, figsize=(10, 3.8))
ttplots.plot_dice(axes[0], dice)
ttplots.plot_thresholds(axes[1], dice)
_ = sl.save_figure(fig, NB, "n-dice")
sl.style.show(fig)

# %%
v_ratio = dice["value (chips)"].to_numpy()[1:] / dice["value (chips)"].to_numpy()[:-1]
t_ratio = dice["tau*"].to_numpy()[1:] / dice["tau*"].to_numpy()[:-1]
value_slows = bool(np.all(np.diff(v_ratio) < 0))
threshold_speeds = bool(np.all(np.diff(t_ratio[1:]) > 0))
sl.caption(f"The value of a turn (left, points, optimal and stop-or-roll only) and the threshold τ*(N) (right, chips) "
   f"against the number of dice N, both on log scales: each extra die multiplies the value by "
   f"{'less and less' if value_slows else 'a varying factor'} (×{v_ratio[0]:.2f} for the second die, "
   f"×{v_ratio[-1]:.2f} for the sixth) and the threshold, from the third die on, by "
   f"{'more and more' if threshold_speeds else 'a varying factor'} (×{t_ratio[1]:.1f} for the third, "
   f"×{t_ratio[-1]:.1f} for the sixth).")

# %% [markdown]
# ## Solitaire Pig: what does the simplest relative teach?
#
# One die: a 1 loses the turn, 2 to 6 add their face. The dynamic-programming equation is
# $V(\tau) = \max\{\tau, \tfrac16 (V(\tau+2) + \dots + V(\tau+6))\}$; one more roll pays iff
# $(5\tau + 20)/6 > \tau$, i.e. $\tau < 20$.

# %%
pr = tt.pig()
W, sweeps = tt.pig_value_iteration(cap=100)
assert abs(W[0] - pr.value) < 1e-12
print(f"threshold {pr.threshold} (paper {doc.PIG_THRESHOLD})")
print(f"V(0) = {pr.value_exact} = {pr.value!r} (paper {doc.PIG_VALUE})")
print(f"value iteration from 0 (cap 100): {float(W[0])!r} after {sweeps} sweeps")

# %%
md(f"τ* = {pr.threshold} and V(0) = {pr.value_exact.numerator}/{pr.value_exact.denominator} = {pr.value:.12f}…, "
   f"the paper's {doc.PIG_THRESHOLD} and {doc.PIG_VALUE}.")

# %% [markdown]
# **Where does 1.0461 come from?** Without the max, the equation is linear with constant
# coefficients; trying $V(\tau) = \lambda^\tau$ gives $\lambda^2 + \lambda^3 + \lambda^4 + \lambda^5 +
# \lambda^6 = 6$, whose root above 1 is the growth rate. Then $c\lambda^\tau$ solves the equation for
# every $c$, and it is $\ge \tau$ for all $\tau$ once $c \ge \max_\tau \tau\lambda^{-\tau}$
# (attained near $\tau = 1/\ln\lambda$):

# %%
lam = pr.growth_rate
assert abs(sum(lam**k for k in (2, 3, 4, 5, 6)) - 6) < 1e-12
print(f"λ = {lam!r} (paper {doc.PIG_GROWTH}); 1/ln λ = {1 / np.log(lam):.2f}")
print(f"smallest c with c λ^τ ≥ τ for every τ: {pr.min_scale:.6f} (V(0) = {pr.value:.6f})")
mc_pig = tt.pig_simulate(20, sl.pick(4_000_000, 200_000), seed=5)
assert abs(mc_pig.mean - pr.value) < 5 * mc_pig.std_err
print(f"simulated 'stop at 20': {mc_pig.mean:.4f} ± {mc_pig.std_err:.4f}")
fig, ax = sl.style.figure(figsize=(7, 4))
ttplots.plot_pig(ax, pr)
_ = sl.save_figure(fig, NB, "pig")
sl.style.show(fig)

# %%
sl.caption(f"Pig's value V(τ) (dots), the stopping payoff τ (dashed) and two solutions cλ^τ of the equation without "
   f"the max: the value is the smallest of the many solutions of its equation. Every cλ^τ with λ = "
   f"{lam:.4f} and c ≥ {pr.min_scale:.4f} satisfies the dynamic-programming equation (the max is never attained "
   f"by τ), and each starts above V(0) = {pr.value:.4f}; only the boundary condition V(τ) = τ from "
   f"{pr.threshold} on picks the value out, the point the paper makes about Ten Thousand too.")

# %% [markdown]
# ## Explore
#
# **(a) Advisor.** Choose the number of dice, the turn total (chips), what you set aside and the dice
# left; the panel draws every available action's value, best first (a state that cannot occur is
# refused with a message).

# %%
ttwidgets.advisor_widget()

# %% [markdown]
# **(b) Policy explorer.** Compare "stop at X points" with optimal play, exactly and by simulation
# (the black diamond is the simulated mean, ± 2 standard errors).

# %%
ttwidgets.policy_explorer_widget()

# %% [markdown]
# **(c) Number of dice.** The threshold, the value and the value of rolling on in the game with N dice,
# with or without moves.

# %%
ttwidgets.dice_widget()

# %% [markdown]
# ## Open questions
#
# - The paper's threshold argument held for every $N \le 6$ here because the one-roll ratio grows with
#   the number of dice. Are there natural scoring rules (three pairs, straights, four of a kind, as in
#   Farkle) where it fails, so that value iteration is the only route?
# - What is the distribution of the number of rolls in an optimal turn, and how does it change with
#   the number of dice?
# - With six dice busts become rare and the threshold jumps (panel c). How do the usual six-dice
#   extras (three pairs, straights) change the value and the threshold?
# - The solitaire game maximises one turn's expected score. How much does the optimal rule change in a
#   race to 10 000 points against an opponent (the question the paper leaves open)? Chapter 08
#   ([Two players](08_two_player_dice.ipynb)) answers it: a finite pairwise algorithm solves the race,
#   and there the optimal player's banking total moves with both scores, away from the solitaire 56.
# - With the advisor: at which turn totals does the best action with $[2,0,0]$ and three dice switch
#   from $m_5$ to stopping, and why does it never switch to rolling?

# %% [markdown]
# The chapter's picture in the index and the README gallery, the value of rolling on with three
# to five dice, drawn small enough to read at 240 pixels
# (`figures/05_ten_thousand-thumbnail.png`; not shown here):

# %%
fig, ax = sl.style.figure(figsize=readme.THUMBNAIL_SIZE)
ttplots.plot_value_of_rolling(ax, rolling, n_values=[5, 4, 3])
ax.set_title("what rolling on is worth")
_ = sl.save_figure(fig, NB, "thumbnail", formats="png")

# %% [markdown]
# ## Verdict: what we confirm, and where the paper slips
#
# Every number and claim of the paper that this notebook checks, with our value and the evidence
# (`claims.verdicts`, saved to `data/05_ten_thousand_verdicts.csv`). A printed number agrees when ours
# prints the same at the paper's precision; a claim differs when ours does not, or when we found a
# counterexample (the rule of `sl.verdicts`).

# %%
verdict_table = claims.verdicts(sol)
sl.save_table(verdict_table, f"{NB}_verdicts")
sl.verdicts.styler(verdict_table)

# %%
counts = sl.verdicts.counts(verdict_table)
head = verdict_table[verdict_table["headline"]].iloc[0]
md(f"{sl.verdicts.summary(verdict_table, list_differences=True)} The headline ({head['claim']}): ours "
   f"{head['ours']} chips, the paper's {head['document']}, **{head['verdict']}**. "
   + ("The differences are printing slips and a caption that overreaches (a column label, padded or mistyped "
      "digits, one rolling state the caption calls a stop); none changes the value of the game or its optimal rule."
      if head["verdict"] == "agrees" and counts["differs"] else ""))

# %% [markdown]
# ---
# [← 04 Increasing fields](04_increasing_fields.ipynb) · [index](00_index.ipynb) ·
# [06 CardCounter →](06_card_counter.ipynb) · [08 Two players: the race the paper leaves open](08_two_player_dice.ipynb)

# %%
sl.references.cite("crocce2016finite", "roters1998optimal", "neller2004pig", "steele2014splitmix")
