"""Ten Thousand: the interactive panels of notebook 05, built on :class:`stoplib.workbook.panel.Panel`.

Thin wrappers over the API, each a function that builds and returns its panel. Each
panel checks a request once and computes one result per interaction, which both its
readout and its figure show (the plot functions only draw what they are given):

- :func:`advisor_widget`: the :class:`~stoplib.tenthousand.Advice` of a state (every
  action's value, from the cached solution of the game), drawn by
  :func:`.plots.plot_action_values`;
- :func:`policy_explorer_widget`: "stop at X points" against optimal play, exactly (the
  exact values of every rule, computed once for the panel) and by one simulation per
  request (:func:`stoplib.tenthousand.simulate`), drawn by :func:`.plots.plot_stop_at`;
- :func:`dice_widget`: the solved game with 1 to 6 dice, with or without moves, drawn by
  :func:`.plots.plot_value_of_rolling`.

The two-player panels of notebook ``08_two_player_dice`` (:data:`DUEL_NOTEBOOK`):

- :func:`duel_advisor_widget`: both banked scores, the turn total and a roll; the
  :class:`~stoplib.tenthousand.DuelAdvice` (every option's win probability, the optimal
  one marked), drawn by :func:`.plots.plot_duel_advice`;
- :func:`duel_policy_widget`: the :class:`~stoplib.tenthousand.PolicyMap` for an
  opponent's score and a goal, drawn by :func:`.plots.plot_policy_map`. A goal already
  solved (in memory or in the duel's checked disk cache) is shown at once; one not yet
  solved is solved at once when the budget's estimate is under
  :data:`SOLVE_AT_ONCE_SECONDS`, and otherwise its estimated cost is shown and the
  "Solve" button solves it, once (it is then kept on disk).

Every panel draws on an explicit Figure, shows a request out of range as a message
(nothing is clamped), has a "Save figure" button, and writes one readout line the
browser test reads (``V(4, [2, 1, 0], 2) = 5.020582 chips ...``). Source: F. Crocce
and E. Mordecki, "A finite exact algorithm to solve a dice game", Journal of
Applied Probability 53(1), 2016, pp. 91-105.
"""
from __future__ import annotations

import html
from functools import lru_cache

import ipywidgets

from ..util import budget
from ..util.rng import kernel_seed
from ..util.validate import check_bool, check_int
from ..workbook.panel import Panel, View, dropdown, int_box, int_slider, slug, text_box, toggle
from ..workbook.style import figure
from . import _costs
from ._plot_duel import _option_label
from ._tables import _sdc
from .claims import DUEL_NOTEBOOK, NOTEBOOK, _stop_at_table
from .duel_advice import _parse_roll
from .duel_game import N_DICE, _duel, _lookup
from .plots import plot_action_values, plot_duel_advice, plot_policy_map, plot_stop_at, plot_value_of_rolling
from .policies import _stop_at_policy
from .rules import MAX_DICE, _check_flag, _check_state, _normalise_config, _rules
from .simulation import _simulate
from .solver import _solve_game

__all__ = ["advisor_widget", "policy_explorer_widget", "dice_widget", "describe", "NOTEBOOK",
           "MAX_TURNS", "MAX_TAU", "duel_advisor_widget", "duel_policy_widget", "DUEL_NOTEBOOK", "MAX_GOAL",
           "SOLVE_AT_ONCE_SECONDS"]

# NOTEBOOK and DUEL_NOTEBOOK (from .claims): the notebooks whose panels these are (saved figures are named after them).
#: Most simulated turns the policy explorer accepts (about 1 s on the development machine).
MAX_TURNS = 2_000_000
#: Largest turn total the advisor accepts (chips): above every threshold up to six dice (201).
MAX_TAU = 300

_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def describe(config) -> str:
    """A configuration in words: ``(2, 1, 0)`` -> ``'two 5s and a 1'``.

    Examples
    --------
    >>> describe((2, 1, 0)), describe((1, 0, 4)), describe((0, 0, (2, 3)))
    ('two 5s and a 1', 'a 5 and three 4s', 'three 2s and three 3s')
    >>> describe((0, 0, 0))
    'no scoring dice'
    """
    f, o, t = _rules(MAX_DICE).configs[_normalise_config(config, MAX_DICE)]
    if (f, o, t) == (0, 0, 0):
        return "no scoring dice"
    parts = []
    if f:
        parts.append(f"{_WORDS[f]} 5" + ("s" if f > 1 else ""))
    if o:
        parts.append(f"{_WORDS[o]} 1" + ("s" if o > 1 else ""))
    for kind in (t if isinstance(t, tuple) else ((t,) if t else ())):
        parts.append(f"three {kind}s")
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 2 else parts)


def _given(move):
    """The dice a move gives back, as a configuration: ``"m55"`` -> ``(2, 0, 0)``, ``"m1t2"`` -> ``(0, 1, 2)``."""
    singles, _, kind = move[1:].partition("t")
    f, o = singles.count("5"), singles.count("1")
    t = 0
    if kind:
        k = int(kind)
        f, o, t = f + 3 * (k == 5), o + 3 * (k == 1), (0 if k in (1, 5) else k)
    return (f, o, t)


def _options(n_dice):
    return [(f"{list(c)}: {describe(c)} ({_sdc(c)[0]} chips)", c) for c in _rules(n_dice).configs[1:]]


@lru_cache(maxsize=None)
def _solution(n_dice, stop_roll_only=False):
    """The solved game, once per panel session (its tables are read, never changed)."""
    return _solve_game(n_dice, stop_roll_only)


def advisor_widget(n_dice=5, tau=4, config=(2, 1, 0), n=2):
    """Choose the game's dice, the turn total, what was set aside and the dice left; see every action's value.

    The readout reads ``V(tau, config, n) = value chips; best: action``.

    Examples
    --------
    >>> panel = advisor_widget()
    >>> panel.readout.value
    'V(4, [2, 1, 0], 2) = 5.020582 chips; best: <b>m55</b> (give back two 5s, roll 4 dice)'
    """
    dice = int_slider("dice N", n_dice, 1, MAX_DICE)
    total = int_box("turn total τ (chips)", tau, 1, MAX_TAU, width="17em")
    left = int_slider("dice left n", n, 1, MAX_DICE)
    # the starting state must be one the game can be in (a later choice that is not gets a message)
    k = _check_state(_rules(n_dice), tau, config, n)[1]
    # "set aside" sits in the button row (the Panel's hook for menus), not among the controls: a new
    # number of dice changes its options, and the panel must then compute once, with the new dice and
    # a possible choice, not once per intermediate value of the menu
    kept = dropdown("set aside", _options(n_dice), _rules(n_dice).configs[k])
    kept.layout.width = "26em"
    updating = [False]
    shown = {"kept": kept.value}

    def new_dice(change):
        # the configurations of the new game; keep the choice when it is still possible
        updating[0] = True
        try:
            current = kept.value
            options = _options(change["new"])
            kept.options = options
            kept.value = current if current in [v for _, v in options] else options[0][1]
        finally:
            updating[0] = False

    dice.observe(new_dice, names="value")   # before the panel's own observer: options first

    def render(dice, total, left):
        choice = kept.value
        try:
            advice = _solution(dice).advice(total, choice, left)   # the one check: ValueError for an impossible state
        except ValueError as exc:                                   # said in the panel's words
            raise ValueError(str(exc).replace("tau must", "turn total τ must").replace("n must", "dice left n must")
                             .replace("got n=", "got dice left n = ")) from None
        best = advice.best
        if best == "s":
            why = "stop and bank the turn total"
        elif best == "r":
            why = f"roll the {left} {'die' if left == 1 else 'dice'} left"
        else:
            why = f"give back {describe(_given(best))}, roll {advice.rolls[advice.actions.index(best)]} dice"
        fig, ax = figure(figsize=(7.8, 0.5 + 0.42 * len(advice.actions) + 0.6))   # wide enough for the settings line
        plot_action_values(ax, advice)
        readout = (f"V({total}, {list(choice)}, {left}) = {advice.value:.6f} chips; best: <b>{html.escape(best)}</b> "
                   f"({html.escape(why)})")
        shown["kept"] = choice
        return View(fig, readout)

    def settings(values):
        return "   ".join(f"{w.description} = {v}" for w, v in ((dice, values["dice"]), (total, values["total"]),
                                                            (left, values["left"]), (kept, list(kept.value))))

    panel = Panel({"dice": dice, "total": total, "left": left}, render, notebook=NOTEBOOK, name="advisor",
                  title="Advisor: the value of every action in a state of the game", buttons=[kept],
                  settings=settings, stem=lambda values: slug({**values, "kept": list(shown["kept"])}))
    kept.observe(lambda change: updating[0] or panel.refresh(), names="value")
    return panel


#: The rules the policy explorer offers: stop at 1..60 chips (50..3000 points).
_MAX_CHIPS = 60


@lru_cache(maxsize=None)
def _stop_at_curve():
    """The exact value of every rule the policy explorer offers, computed once (a DataFrame: read, never changed)."""
    return _stop_at_table(range(1, _MAX_CHIPS + 1), 5, _solution(5).value)


def policy_explorer_widget(stop_at=300, n_turns=100_000, seed=1):
    """Compare "stop at X points" (keep every scoring die) with optimal play, exactly and by simulation.

    The readout reads ``stop at X points: E points exactly; simulated M ± S (T turns); optimal play O``.

    Examples
    --------
    >>> panel = policy_explorer_widget(n_turns=10_000)
    >>> panel.readout.value.split(";")[0]
    'stop at 300 points: 238.40 points exactly'
    """
    x = int_slider("stop at X (points)", stop_at, 50, 50 * _MAX_CHIPS, step=50, width="30em")
    if stop_at % 50:
        raise ValueError(f"stop at X (points) must be a multiple of 50 (one chip), got {stop_at}")
    turns = int_box("simulated turns", n_turns, 1_000, MAX_TURNS, width="16em")
    base = kernel_seed(seed)   # the seed checked once, here; each request simulates from it
    optimum = _solution(5).value
    stop_roll = _solution(5, True).value

    def render(x, turns):
        if x % 50:
            raise ValueError(f"stop at X (points) must be a multiple of 50 (one chip), got {x}")
        chips = x // 50
        table = _stop_at_curve()
        exact = float(table["value"].iloc[chips - 1])                   # row chips - 1: stop at `chips`
        mc = _simulate(_stop_at_policy(chips, 5), turns, base, seed=seed if isinstance(seed, int) else None)
        fig, ax = figure(figsize=(7.0, 4.0))
        plot_stop_at(ax, table, optimum, stop_roll=stop_roll, mark=x, simulated=(mc.mean, mc.std_err))
        readout = (f"stop at {x} points: {50 * exact:.2f} points exactly; simulated {50 * mc.mean:.2f} "
                   f"± {50 * mc.std_err:.2f} ({turns:,} turns); optimal play {50 * optimum:.2f}")
        return View(fig, readout)

    return Panel({"x": x, "turns": turns}, render, notebook=NOTEBOOK, name="stop-at",
                 title="Policy explorer: a simple rule against optimal play")


def dice_widget(n_dice=5, stop_roll_only=False):
    """Pick the number of dice, with or without moves; see the threshold, the value and the value of rolling on.

    The readout reads ``N = 5: τ* = 56 chips, V*(ι) = 5.872019 chips (293.60 points)``.

    Examples
    --------
    >>> dice_widget(4).readout.value
    'N = 4: τ* = 18 chips, V*(ι) = 3.492661 chips (174.63 points), moves allowed'
    """
    dice = int_slider("dice N", n_dice, 1, MAX_DICE)
    plain = toggle("stop or roll only", _check_flag("stop_roll_only", stop_roll_only))

    def render(dice, plain):
        sol = _solution(dice, plain)
        fig, ax = figure(figsize=(7.0, 3.8))
        plot_value_of_rolling(ax, sol)
        ax.set_title(f"{dice} {'die' if dice == 1 else 'dice'}, " + ("stop or roll only" if plain else "moves allowed"),
                     fontsize=10)
        readout = (f"N = {dice}: τ* = {sol.threshold} chips, V*(ι) = {sol.value:.6f} chips "
                   f"({50 * sol.value:.2f} points), " + ("stop or roll only" if plain else "moves allowed"))
        return View(fig, readout)

    return Panel({"dice": dice, "plain": plain}, render, notebook=NOTEBOOK, name="dice",
                 title="Number of dice: threshold, value and the value of rolling on")


# ----------------------------------------------------------------------------- two players (notebook 08)

#: Largest goal (chips) the two-player panels accept: twice the 200 chips notebook 08 studies.
MAX_GOAL = 400
#: A goal not yet solved is solved at once when the budget estimates it under this many
#: seconds (goals up to about 110 chips); a longer solve waits for the "Solve" button.
SOLVE_AT_ONCE_SECONDS = 5.0


def _solved(goal):
    """The solved duel at ``goal`` (budget checked), solving it now if it is not on disk yet."""
    budget.check(_costs.duel(goal, "pairwise", False))
    return _duel(goal, "pairwise", "reach")


def duel_advisor_widget(goal=200, own=0, opponent=0, turn_total=0, roll="15522"):
    """Choose both banked scores, the turn total and a roll; see the optimal move and every option's win probability.

    The game to ``goal`` chips is solved once (or read from the duel's disk cache) when the
    panel is built. The readout reads ``goal 200 chips · own 0, opponent 0, turn total 0,
    roll 15522: best <b>...</b>, win probability 0.517241 ...``.

    Examples
    --------
    >>> panel = duel_advisor_widget(goal=20)
    >>> panel.readout.value.split(":")[0]
    'goal 20 chips · own 0, opponent 0, turn total 0, roll 15522'
    """
    goal = check_int("goal", goal, 1, MAX_GOAL)
    own = check_int("own", own, 0, goal - 1)
    opponent = check_int("opponent", opponent, 0, goal - 1)
    turn_total = check_int("turn_total", turn_total, 0, goal - 1 - own)
    _parse_roll(roll)                          # a bad starting roll raises here, as any bad argument
    result = _solved(goal)
    own_s = int_slider("own score (chips)", own, 0, goal - 1, width="24em")
    opp_s = int_slider("opponent's score (chips)", opponent, 0, goal - 1, width="24em")
    total = int_box("turn total (chips)", turn_total, 0, goal - 1)
    faces = text_box("roll (faces)", roll, width="8em", placeholder="15522")

    def render(own, opponent, total, faces):
        advice = result.advice(own, opponent, total, faces)       # the one check and computation
        shown = "".join(map(str, advice.roll))
        head = f"goal {goal} chips · own {own}, opponent {opponent}, turn total {total}, roll {shown}"
        if advice.bust:
            readout = (f"{head}: bust, the turn ends with nothing; win probability "
                       f"{advice.win_probability:.6f} (from the opponent's turn)")
        else:
            best = advice.best
            readout = (f"{head}: best <b>{html.escape(_option_label(best))}</b>, win probability "
                       f"{best.win_probability:.6f} ({len(advice.options)} "
                       f"option{'s' if len(advice.options) != 1 else ''})")
        fig, ax = figure(figsize=(8.0, 1.3 + 0.36 * max(len(advice.options), 2)))
        plot_duel_advice(ax, advice)
        return View(fig, readout)

    return Panel({"own": own_s, "opponent": opp_s, "total": total, "faces": faces}, render,
                 notebook=DUEL_NOTEBOOK, name="duel-advisor",
                 title=f"Advisor: every option after a roll, and its chance to win the game to {goal} chips")


def _bank_text(pm, n, own):
    left = pm.goal - own
    b = int(pm.bank_from[n - 1, own])
    return f"rolls on to the goal at own score {own}" if b >= left else f"banks from {b} chips at own score {own}"


def duel_policy_widget(goal=200, opponent=0, dice=N_DICE, solitaire=True):
    """Choose the goal and the opponent's score; see where the optimal player banks or rolls.

    The readout reads ``goal 200 chips, opponent at 0, 5 dice to roll: banks from 43 chips at
    own score 0, ...; the solitaire optimum banks from 56``. A goal not yet solved is solved
    at once when that is quick (:data:`SOLVE_AT_ONCE_SECONDS`); otherwise the panel shows its
    estimated cost and the "Solve" button solves it, once.

    Examples
    --------
    >>> panel = duel_policy_widget(goal=20, opponent=5)
    >>> panel.readout.value.split(":")[0]
    'goal 20 chips, opponent at 5, 5 dice to roll'
    """
    goal = check_int("goal", goal, 2, MAX_GOAL)
    opponent = check_int("opponent", opponent, 0, goal - 1)
    dice = check_int("dice", dice, 1, N_DICE)
    solitaire = check_bool("solitaire", solitaire)
    _solved(goal)
    opp_s = int_slider("opponent's score (chips)", opponent, 0, goal - 1, width="26em")
    goal_box = int_box("goal (chips)", goal, 2, MAX_GOAL)
    dice_menu = dropdown("dice to roll", [(f"{n} {'die' if n == 1 else 'dice'}", n) for n in range(N_DICE, 0, -1)],
                         dice)
    sol_box = toggle("solitaire thresholds", solitaire)
    solve_button = ipywidgets.Button(description="Solve", icon="cogs",
                                     tooltip="solve this goal once (the solution is then kept on disk)")

    def render(opponent, goal, dice, solitaire):
        result = _lookup(goal)
        if result is None:
            estimate = _costs.duel(goal, "pairwise", False)
            if estimate.seconds > SOLVE_AT_ONCE_SECONDS:
                raise ValueError(f"the game to {goal} chips is not solved yet: about "
                                 f"{budget.describe_seconds(estimate.seconds)} and "
                                 f"{budget.describe_bytes(estimate.bytes)} (the budget's estimate); press Solve "
                                 "to solve it once (it is then kept on disk)")
            result = _solved(goal)
        if opponent >= goal:
            raise ValueError(f"opponent's score must be below the goal ({goal} chips), got {opponent}")
        if opp_s.max != goal - 1:              # the slider follows the goal; its value is below it: no clamp
            opp_s.max = goal - 1
        pm = result.policy_map(opponent)
        fig, ax = figure(figsize=(8.6, 4.6))
        plot_policy_map(ax, pm, dice, solitaire, legend=True)
        readout = (f"goal {goal} chips, opponent at {opponent}, {dice} {'die' if dice == 1 else 'dice'} to roll: "
                   f"{_bank_text(pm, dice, 0)}, {_bank_text(pm, dice, opponent)}; the solitaire optimum banks "
                   f"from {int(pm.solitaire_bank_from[dice - 1])}")
        return View(fig, readout)

    panel = Panel({"opponent": opp_s, "goal": goal_box, "dice": dice_menu, "solitaire": sol_box}, render,
                  notebook=DUEL_NOTEBOOK, name="duel-policy", buttons=[solve_button],
                  title="Policy map: where the optimal player banks, for an opponent's score and a goal")

    def solve(_):
        wanted = goal_box.value
        try:
            wanted = check_int("goal (chips)", wanted, 2, MAX_GOAL)
            estimate = _costs.duel(wanted, "pairwise", False)
            budget.check(estimate)
        except (ValueError, TypeError) as exc:
            panel.refuse(exc)
            return
        if _lookup(wanted) is None:
            panel.message.value = (f"solving the game to {wanted} chips once (about "
                                   f"{budget.describe_seconds(estimate.seconds)}) ...")
            _duel(wanted, "pairwise", "reach")
        panel.refresh()

    solve_button.on_click(solve)
    return panel
