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
# # The increasing-fields game: how likely is a win, and where should each roll go?
#
# **Source:** document 001 (`shared/seeds/001_dba9ac7e55753289.txt`), an interactive web game
# with a write-up of its solution.
#
# ## Overview
#
# There are $V$ values $0, \dots, V-1$ and $F$ empty fields in a row. $F$ times, a value is drawn
# uniformly *without repetition* and must be placed on an empty field so that the filled fields stay
# increasing from left to right; the game is lost as soon as a roll has no legal field. The document
# defines $Win(V, F)$, the win probability under optimal play, derives a recurrence for it, speeds it
# up with a claim it leaves unproved ("the optimal field for roll $r+1$ is $f$ or $f+1$ when $f$ is
# optimal for roll $r$"), extends it to any mid-game state with a *gap formula*, and reports that its
# Python computes $Win(1000, 20)$ in 12 seconds.
#
# We rebuild all of it in `stoplib.fields`, check the recurrence exactly against an independent
# brute-force solver over real game states, test the unproved claim with exact integers, time the
# solver against the document's 12 s, confirm everything by Monte Carlo, compare optimal play with two
# simple heuristics, and end with a playable version of the game.

# %% [markdown]
# One imports cell: the package, the game's subpackage `stoplib.fields` (its API, figures and widgets)
# and the numbers the document prints.

# %%
import time
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import stoplib as sl
from stoplib import fields as fl
from stoplib.fields import document as doc, plots as fplots, widgets as fwidgets

print("quick mode:", sl.is_quick())

# %% [markdown]
# ## How is the game played?
#
# Here is one seeded game with $V = 20$ values and $F = 5$ fields, played by the optimal player: at
# every roll we show the legal fields and the win probability after placing the roll on each.

# %%
game = fl.FieldsGame(20, 5, seed=10)
while game.outcome is None:
    roll = game.roll()
    if game.outcome:
        print(f"roll {roll:2d}: no legal field -> lost")
        break
    probs = game.placement_probabilities()
    best = game.best_field()
    game.place(best)
    shown = ", ".join(f"{f}: {p:.3f}" for f, p in probs.items())
    print(f"roll {roll:2d}: fields {{{shown}}} -> field {best}; board {game.state}")
print("outcome:", game.outcome)

# %% [markdown]
# Each roll may only go between its filled neighbours, so an early middle value forces later values to
# the correct side; the optimal player weighs exactly that.

# %% [markdown]
# ## Where does the recurrence come from?
#
# Step by step, as in the document (its lines 27-37):
#
# 1. **Base cases.** With no fields the game is won: $Win(V, 0) = 1$. With more fields than values it
#    cannot be won: $Win(a, b) = 0$ for $a < b$.
# 2. **Average over the first roll.** The first roll $r$ is uniform on $0..V-1$:
#    $Win(V,F) = \frac1V \sum_r Roll(V,F,r)$.
# 3. **Choose the best field.** $Roll(V,F,r) = \max_f Place(V,F,r,f)$.
# 4. **A placement splits the game.** Putting $r$ on field $f$ leaves $f$ fields that must take values
#    below $r$ (there are $r$ of them) and $F-f-1$ fields for the $V-r-1$ values above. The game is won
#    exactly when, of the next $F-1$ rolls, $f$ fall below $r$ and $F-f-1$ above (a hypergeometric
#    probability), *and* both sub-games are won. Given the split, each side sees a uniformly random
#    sequence of its own values, independent of the other side, so
#    $$Place(V,F,r,f) = \frac{\binom{r}{f}\binom{V-r-1}{F-f-1}}{\binom{V-1}{F-1}}\,
#      Win(r,f)\,Win(V-r-1,F-f-1).$$
# 5. **Let the binomials cancel** (our step, not the document's). With $W(V,F) = \binom VF Win(V,F)$
#    and $\binom{V}{F} = \frac VF \binom{V-1}{F-1}$,
#    $$W(V,F) = \frac1F \sum_{r=0}^{V-1} \max_f\, W(r,f)\, W(V-1-r, F-1-f),$$
#    so a float kernel needs one multiplication per candidate field and no binomials at all. In exact
#    arithmetic $N(V,F) = F!\,W(V,F)$ counts the winning roll sequences, an integer:
#    $N(V,F) = \sum_r \max_f \binom{F-1}{f} N(r,f) N(V-1-r,F-1-f)$.
# 6. **Index by slack.** A sub-game with $n$ values and $k$ fields has slack $s = n-k$ spare values,
#    and sub-games of $Win(V,F)$ never have more slack than $V-F$: the whole computation is a
#    $(F+1)\times(V-F+1)$ table. (For very large sizes the float table is rescaled by
#    $e^{-\alpha k-\beta s-\gamma}$, which leaves the recurrence unchanged up to a constant.)
#
# The solver is checked against a brute force that knows nothing of this: an expectimax over actual
# game states (the value on each field), averaging over undrawn values and maximising over legal fields.

# %%
rows = []
for V in range(1, 9):
    for F in range(0, V + 1):
        brute = fl.brute_force_win_probability(V, F)
        ours = fl.win_probability(V, F, exact=True)
        assert ours == brute == fl.win_probability(V, F, exact=True, method="plain")
        assert abs(fl.win_probability(V, F) - float(brute)) < 1e-14
        rows.append((V, F, str(ours)))
print(f"{len(rows)} games (V <= 8, all F <= V): recurrence == brute force, exactly")
print("Win(3, 2) =", fl.win_probability(3, 2, exact=True), "  Win(8, 4) =", fl.win_probability(8, 4, exact=True))

# %% [markdown]
# The recurrence, its fast and plain forms, and their float kernels all agree with the brute force on
# every game up to $V = 8$ (exact fractions; floats to $10^{-14}$). By hand: $Win(3,2) = (1 + \tfrac12
# + 1)/3 = \tfrac56$, since only the middle roll can go wrong.

# %% [markdown]
# ## What are the values for small games?
#
# The table below gives $Win(V, F)$ exactly for small sizes; the document's base cases are its first
# column and the zeros above the diagonal.

# %%
exact_small = fl.win_table(12, 6, exact=True)
table = pd.DataFrame(
    [[str(exact_small[V, F]) for F in range(7)] for V in range(13)],
    columns=[f"F={F}" for F in range(7)], index=pd.Index(range(13), name="V"))
sl.save_table(table.reset_index(), "fields_win_exact_small")
assert all(exact_small[V, 0] == doc.WIN_NO_FIELDS for V in range(13))
assert all(exact_small[a, b] == doc.WIN_MORE_FIELDS_THAN_VALUES for a in range(13) for b in range(a + 1, 7))
table

# %% [markdown]
# Both base cases of the document (line 29) **match**: $Win(V,0) = 1$ and $Win(a,b) = 0$ for $a<b$.
# Two more patterns are visible: $Win(V,1) = Win(V,V) = 1$ (with $F = V$ every roll has exactly one
# legal field, its own), and for $F = 2$ the values come in equal pairs, $Win(2m-1,2) = Win(2m,2)$.

# %%
F2 = [exact_small[V, 2] for V in range(2, 13)]
assert all(exact_small[2 * m - 1, 2] == exact_small[2 * m, 2] for m in range(2, 7))
assert all(exact_small[V, 2] == sum(Fraction(max(r, V - 1 - r), V - 1) for r in range(V)) / V
           for V in range(2, 13))
print("Win(V, 2), V = 2..12:", ", ".join(map(str, F2)))

# %% [markdown]
# For $F = 2$ the first roll $r$ goes to the longer side, and the game is won when the second roll
# lands on the other side: $Win(V,2) = \frac1V\sum_r \max(r, V-1-r)/(V-1)$ (asserted above), which
# takes equal values at $V = 2m-1$ and $2m$. For $F \ge 3$ the tests check that $Win$ strictly decreases in $V$ up to 80.

# %% [markdown]
# ## What does Win(V, F) look like?
#
# A heat map over $V \le 60$ (quick mode: 30), $F \le 20$ (quick: 10), on a log colour scale.

# %%
V_heat, F_heat = sl.pick(60, 30), sl.pick(20, 10)
grid = fl.win_table(V_heat, F_heat)
fig, ax = plt.subplots(figsize=(7.5, 4.5))
fplots.plot_win_heatmap(V_heat, F_heat, ax=ax, table=grid)
sl.save_figure(fig, "04_increasing_fields", "win-heatmap")
sl.save_table(pd.DataFrame(grid[:, 1:], columns=[f"F={f}" for f in range(1, F_heat + 1)])
              .rename_axis("V").reset_index(), "fields_win_table")
plt.show()

# %% [markdown]
# *Figure: $Win(V,F)$ under optimal play; blank cells have $F > V$.* Along each row (fixed $F$) the
# probability drops quickly and then levels off: as $V \to \infty$ the rolls become continuous uniform
# variables and $Win(V,F)$ tends to a limit that depends on $F$ alone.

# %%
fig, ax = plt.subplots(figsize=(7, 4))
fplots.plot_win_vs_values((2, 3, 5, 8, 12, 20), sl.pick(1000, 200), ax=ax)
sl.save_figure(fig, "04_increasing_fields", "win-vs-values")
plt.show()
print(f"Win(1000, 20) = {fl.win_probability(1000, 20):.6e}")

# %% [markdown]
# *Figure: $Win(V,F)$ against $V$ for several $F$ (log-log axes).* Each curve falls steeply from 1 at
# $V = F$ and flattens within ten or so multiples of $F$; the limit falls a
# little faster than geometrically with $F$, from 0.75 at $F=2$ to about $1.3\times10^{-4}$ at $F=20$.

# %% [markdown]
# ## How fast is it, against the document's 12 seconds?
#
# We time $Win(1000, 20)$ (line 53 of the document: 12 s in Python with big integers) after a warm-up
# call that compiles the numba kernels, clearing the table cache before each run.

# %%
V, F = doc.TIMING_V, doc.TIMING_F
fl.win_probability(30, 5); fl.win_probability(30, 5, method="plain")       # compile
t_fast, w_fast = fl.time_win_probability(V, F, repeats=5)
t_plain, w_plain = fl.time_win_probability(V, F, method="plain", repeats=sl.pick(3, 1))
t_exact, w_exact = fl.time_win_probability(V, F, exact=True, repeats=1)
timings = pd.DataFrame({
    "method": ["document (Python, big integers, O(V^2 F))", "fast float kernel O(V^2 F)",
               "plain float kernel O(V^2 F^2)", "exact integers, fast recurrence"],
    "seconds": [doc.TIMING_SECONDS, t_fast, t_plain, t_exact],
})
timings["speed-up vs document"] = doc.TIMING_SECONDS / timings["seconds"]
sl.save_table(timings, "fields_timings")
assert abs(w_fast - w_plain) <= 1e-12 * w_fast and abs(float(w_exact) - w_fast) <= 1e-12 * w_fast
print(f"Win(1000, 20) = {w_fast:.12e} (exact: {float(w_exact):.12e})")
timings

# %% [markdown]
# The timing **differs**, by design: the fast float kernel takes milliseconds where the document's
# Python took 12 s (timings on a shared 2-core machine; `make bench` reports quiet-machine numbers).
# Our exact version, also plain Python with big integers, takes a few seconds, the same order as the
# document's; the speed-up comes from floats, cancelled binomials and compiled loops.
# The three methods agree on $Win(1000,20) \approx 1.335\times10^{-4}$ to 12 digits; the document
# prints no value for it to compare with (its "Win prob:" is a live web widget, empty in the text).

# %% [markdown]
# Do the running times grow as the document says, $O(V^2F)$ for the fast recurrence and $O(V^2F^2)$
# for the plain one? We double $V$ and $F$ in turn.

# %%
scaling = []
for V, F, method in sl.pick(
        [(500, 20, "fast"), (1000, 20, "fast"), (2000, 20, "fast"), (1000, 10, "fast"), (1000, 40, "fast"),
         (500, 10, "plain"), (500, 20, "plain"), (500, 40, "plain")],
        [(250, 10, "fast"), (500, 10, "fast"), (500, 20, "fast"), (250, 10, "plain"), (250, 20, "plain")]):
    scaling.append((V, F, method, fl.time_win_probability(V, F, method=method, repeats=3)[0]))
scaling = pd.DataFrame(scaling, columns=["V", "F", "method", "seconds"])
sl.save_table(scaling, "fields_time_scaling")
scaling

# %% [markdown]
# Doubling $V$ multiplies the fast time by roughly 4, the $V^2$ of both orders. Doubling $F$
# multiplies the fast time by 2 to 3 and the plain time by about 3: the plain kernel's extra factor
# of $F$ shows, though at $F \le 40$ its per-roll overhead, which grows only like $F$, still weighs.
# (Our table holds only sub-games with slack up to $V-F$: the fast kernel walks about $F(V-F)V/4$
# path steps. Timings on a shared machine are noisy; none is asserted.)

# %% [markdown]
# ## Is the document's optimisation right?
#
# The claim (line 49): if $f$ is optimal for roll $r$, an optimal field for roll $r+1$ is $f$ or
# $f+1$. With ties (several optimal fields) this can be read in several ways; we check the **strong
# form**: for every game with $n \le V_{max}$ values and $k \le n$ fields, every roll $r$, and *every*
# optimal field $f$ of roll $r$, the optimal set of roll $r+1$ contains $f$ or $f+1$. All comparisons
# are between exact integers. The strong form makes the fast recurrence exact whatever the tie-break,
# and we also compare the fast and plain exact tables cell by cell.

# %%
V_check = sl.pick(140, 40)
t0 = time.perf_counter()
report = fl.check_monotonicity(V_check)
print(f"checked every sub-game with n <= {V_check} values and 1 <= k <= n fields: "
      f"{report.n_games:,} games, {report.n_rolls:,} roll steps r -> r+1 "
      f"({time.perf_counter() - t0:.1f} s)")
print(f"rolls with tied optimal fields: {report.n_tied:,} (at most {report.max_optimal_fields} optimal fields)")
print("counterexamples:", report.n_counterexamples, "| exact fast table == exact plain table:", report.fast_equals_plain)
assert report.holds and report.fast_equals_plain

# %% [markdown]
# No counterexample: the claim holds in its strong form on every sub-game with up to
# 140 values (quick mode: 40) and any number of fields, ties included (ties do occur, with at most two
# optimal fields), and the fast recurrence reproduces the plain one exactly there. This is a check,
# not a proof. Beyond the exact grid we compare the two float kernels on whole tables, which covers
# every sub-game of the sizes below (a failure of the claim that changed a value by more than rounding
# would show up).

# %%
checks = []
for V, F in sl.pick([(1000, 20), (2000, 30), (600, 60)], [(1000, 20), (300, 30)]):
    fast = fl.win_table(V, F)
    plain = fl.win_table(V, F, method="plain")
    mask = plain > 0
    rel = float(np.max(np.abs(fast[mask] - plain[mask]) / plain[mask]))
    checks.append((V, F, rel))
    assert rel < 1e-11
pd.DataFrame(checks, columns=["V_max", "F_max", "max relative difference fast vs plain"])

# %% [markdown]
# Where do the ties come from? Mirror symmetry (value $v \to n-1-v$, field $f \to k-1-f$) makes the
# middle roll of an odd $n$ tie whenever its best field is off-centre. But not every tie is a mirror
# tie: listing the first-move ties with exact integers,

# %%
ties = fl.tied_first_moves(sl.pick(60, 30))
other = [t for t in ties if 2 * t[2] != t[0] - 1]
print(f"{len(ties)} tied first rolls with n <= {sl.pick(60, 30)}; {len(other)} are not the middle roll:")
for n, k, r, fields in other:
    print(f"  n={n:2d} values, k={k} fields, roll {r:2d}: optimal fields {fields}")
p9 = fl.placement_probabilities(9, 3, [None] * 3, 2, exact=True)
assert p9[0] == p9[1] == Fraction(3, 7) > p9[2]
assert all((n - 9) % 11 == 0 for n, k, r, f in other if k == 3)
print("Win after placing 2 in the (9, 3) game:", p9)

# %% [markdown]
# Off-centre ties exist: in the 9-value, 3-field game the roll 2 does exactly as well on field 0 as on
# field 1 (both give $3/7$). Up to $n = 60$ the only others are the mirror image and the $(9, 5)$ pair,
# and for $k = 3$ they recur every 11 values, at $n = 9, 20, 31, 42, 53$. The strong form of the claim
# survives all of them.

# %% [markdown]
# The fast and plain float tables agree to rounding on every sub-game of these sizes. The optimal first
# move shows the monotone staircase the claim describes:

# %%
fig, ax = plt.subplots(figsize=(7, 4))
fplots.plot_optimal_policy(200, 10, ax=ax)
sl.save_figure(fig, "04_increasing_fields", "optimal-first-move")
plt.show()
pol = fl.optimal_policy(200, 10)
assert set(np.diff(pol)) <= {0, 1}

# %% [markdown]
# *Figure: the optimal field for the first roll, $V=200$, $F=10$, beside the proportional rule
# $\lfloor rF/V \rfloor$.* The optimal staircase gives the end fields a narrower band of values
# (13 of the 200 each, against 20 for the proportional rule) and the middle fields wider ones: an
# extreme value is worth an end field only when it is very extreme.

# %% [markdown]
# ## What is the win probability in the middle of a game?
#
# The document's gap formula (lines 57-59): with $D$ fields filled and gaps $G$ of $F_G$ empty fields
# and $V_G$ values between their neighbours,
# $State = \prod_G \binom{V_G}{F_G} Win(V_G,F_G) \,/\, \binom{V-D}{F-D}$. Take $V = 100$, $F = 10$
# with 40 on field 3 and 75 on field 7, and roll 55:

# %%
V, F = 100, 10
state = [None, None, None, 40, None, None, None, 75, None, None]
print("state probability:", fl.state_probability(V, F, state))
probs = fl.placement_probabilities(V, F, state, 55)
best = fl.best_placement(V, F, state, 55)
for f, p in probs.items():
    print(f"  place 55 on field {f}: win probability {p:.6f}" + ("   <- optimal" if f == best.field else ""))
assert list(probs) == [4, 5, 6] and best.field == max(probs, key=probs.get)

# %% [markdown]
# The roll 55 belongs to the gap between 40 and 75 (fields 4-6, 34 values), and the best field is the
# one the $(34, 3)$ sub-game would choose for its 15th value, as the document says. On tiny games we
# check every state and every placement against the brute force, exactly:

# %%
n_states = 0
for V, F in [(7, 3), (8, 4)]:
    for st in fl.all_states(V, F):
        assert fl.state_probability(V, F, st, exact=True) == fl.brute_force_state_probability(V, F, st)
        n_states += 1
print(f"{n_states} mid-game states: gap formula == brute force, exactly")
assert n_states == 615
sub = fl.optimal_policy(34, 3)
assert best.field == 4 + sub[55 - 40 - 1]

# %% [markdown]
# The gap formula **matches** the brute force on all 615 states of the $(7,3)$ and $(8,4)$ games
# ($\binom{10}{3} + \binom{12}{4}$, every increasing partial filling).

# %% [markdown]
# ## Does Monte Carlo agree, and how good are simple heuristics?
#
# Three policies play seeded games: **optimal**; **proportional** (roll $r'$ of a gap with $V_G$
# values and $F_G$ fields goes to gap field $\lfloor r' F_G/V_G \rfloor$, i.e. $r/V$ of the way along
# the board at the start); **nearest** (the legal field nearest to $\lfloor rF/V\rfloor$, ignoring the
# gap's own scale). Optimal and proportional depend only on the roll's gap, so their exact values
# follow from the same recurrence with the max replaced by the policy's choice.

# %%
n_games = sl.pick(2_000_000, 100_000)
rows, results = [], {}
for V, F in [(20, 5), (100, 10)]:
    exact = {"optimal": fl.win_probability(V, F), "proportional": fl.policy_win_probability(V, F, "proportional")}
    for policy in fl.POLICIES:
        res = fl.simulate(V, F, n_games, policy, seed=2024)
        results[(V, F, policy)] = res
        ex = exact.get(policy)
        if ex is not None:
            assert abs(res.mean - ex) <= 4 * res.std_err, (V, F, policy)
        rows.append((V, F, policy, ex, res.mean, res.std_err,
                     None if ex is None else (res.mean - ex) / res.std_err))
rates = pd.DataFrame(rows, columns=["V", "F", "policy", "exact", "monte carlo", "std err", "z"])
sl.save_table(rates, "fields_policy_win_rates")
rates

# %% [markdown]
# Monte Carlo agrees with the exact optimal and proportional values within 4 standard errors. The
# optimal policy beats proportional placement by about 4% (relative) at $F=5$ and 10% at $F=10$, and
# nearest (which ignores how crowded the roll's gap is) does worst.

# %%
fig, ax = plt.subplots(figsize=(6, 4))
V, F = 100, 10
fplots.plot_win_rates([results[(V, F, p)] for p in fl.POLICIES],
                      {"optimal": fl.win_probability(V, F),
                       "proportional": fl.policy_win_probability(V, F, "proportional")}, ax=ax)
ax.set_title(f"V = {V}, F = {F}")
nearest = results[(V, F, "nearest")]
assert fl.win_probability(V, F) - nearest.mean > 4 * nearest.std_err     # nearest is clearly worse
sl.save_figure(fig, "04_increasing_fields", "policies")
plt.show()

# %% [markdown]
# *Figure: win rates of the three policies at $V=100$, $F=10$ (bars: Monte Carlo with 4-SE error
# bars; black ticks: exact values).* For larger games the exact recurrence is the better tool:

# %%
exact_rows = []
for V, F in [(100, 10), (1000, 20), (1000, 40)]:
    opt, prop = fl.win_probability(V, F), fl.policy_win_probability(V, F, "proportional")
    exact_rows.append((V, F, opt, prop, opt / prop))
    assert opt >= prop
pd.DataFrame(exact_rows, columns=["V", "F", "optimal", "proportional", "ratio"])

# %% [markdown]
# At $V=1000$, $F=20$ the optimal player wins about 1.21 times as often as the proportional one; at
# $F=40$, about 1.46 times: the value of playing well grows with the number of fields.

# %% [markdown]
# ## Play it yourself
#
# Choose $V$, $F$ and a seed, press *New game*, then *Roll a number* and click a green field. Each
# legal field shows the win probability after placing there (optimal play afterwards); `*` marks the
# optimal field. *Play optimal move* lets the optimal player move. (The widgets need a live kernel;
# the static results above do not depend on them.)

# %%
fwidgets.fields_widget(V=20, F=5, seed=0)

# %% [markdown]
# A second widget sweeps $V$ and a list of $F$ values and redraws $Win(V, F)$ against $V$.

# %%
fwidgets.win_sweep_widget(V_max=200, F_values=(2, 3, 5, 8, 12, 20))

# %% [markdown]
# ## Open questions
#
# - **Prove the claim.** It holds exactly (strong form, ties included) for every sub-game with up to
#   140 values. Is there an exchange argument, e.g. via log-concavity of $W(\cdot, k)$?
# - **The limit.** $Win(V,F)$ decreases in $V$ to a limit $Win(\infty, F)$, the continuous version of
#   the game. How fast does that limit fall with $F$: geometrically, or faster?
# - **Ties.** Mirror symmetry explains ties at the middle roll; the off-centre ties for $k = 3$ recur
#   every 11 values ($n = 9, 20, 31, \dots$). Why 11, and what are the periods for other $k$?
# - **Heuristics.** How close can a one-line rule get? Try a proportional rule that gives the end
#   fields narrower bands, as the optimal staircase does, and measure it with `simulate`.
# - **Play the widget** at $F = 10$, $V = 100$ and see how often your own placements agree with the
#   optimal ones.
