"""Dice races: the interactive panels of notebook 08, built on :class:`stoplib.workbook.panel.Panel`.

Thin wrappers over the API, each a function that builds and returns its panel; each computes one
result per interaction, which both its readout and its figure show:

- :func:`advisor_widget`: any game of the engine (a menu), both banked scores, the turn total
  and a roll; the :class:`~stoplib.race.Advice` (every option's win probability, the optimal
  one marked), drawn by :func:`.plots.plot_advice`;
- :func:`policy_widget`: the :class:`~stoplib.race.PolicyMap` of a game for an opponent's
  score and a goal, drawn by :func:`.plots.plot_policy_map`.

A game already solved (in memory or in the checked disk cache) is shown at once; one not yet
solved is solved at once when the budget's estimate is under :data:`SOLVE_AT_ONCE_SECONDS`, and
otherwise its estimated cost is shown and the "Solve" button solves it, once (it is then kept on
disk). Every panel draws on an explicit Figure, shows a request out of range as a message
(nothing is clamped), has a "Save figure" button and writes one readout line the browser test
reads.
"""
from __future__ import annotations

import html

import ipywidgets

from ..util import budget
from ..util.validate import check_bool, check_choice, check_instance, check_int
from ..workbook.panel import Panel, View, dropdown, int_box, int_slider, text_box, toggle
from ..workbook.style import figure
from . import _costs
from .advice import _parse_roll
from .models import GAMES, _model
from .plots import TITLES, _option_label, plot_advice, plot_policy_map
from .solver import _lookup, _solve

__all__ = ["advisor_widget", "policy_widget", "NOTEBOOK", "MAX_GOAL", "SOLVE_AT_ONCE_SECONDS", "ROLLS"]

#: The notebook whose panels these are (saved figures are named after it).
NOTEBOOK = "08_two_player_dice"
#: Largest goal the panels accept (units): twice the 200 chips the chapter studies.
MAX_GOAL = 400
#: A goal not yet solved is solved at once when the budget estimates it under this many seconds.
SOLVE_AT_ONCE_SECONDS = 5.0
#: A first roll to show for each game.
ROLLS = {"pig": "4", "tenthousand": "15522", "farkle": "155223", "facebook_farkle": "155223"}


def _available(game, goal):
    """The solved game, or None when it is not solved yet and would take longer than SOLVE_AT_ONCE_SECONDS."""
    model = _model(game)
    result = _lookup(model, goal)
    if result is not None:
        return result
    estimate = _costs.solve(model, goal, 2, "pairwise")
    if estimate.seconds > SOLVE_AT_ONCE_SECONDS:
        return None
    budget.check(estimate)
    return _solve(model, goal, "pairwise", "reach")


def _not_solved(game, goal):
    estimate = _costs.solve(_model(game), goal, 2, "pairwise")
    return ValueError(f"{TITLES[game]} to {goal} is not solved yet: about {budget.describe_seconds(estimate.seconds)} "
                      f"and {budget.describe_bytes(estimate.bytes)} (the budget's estimate); press Solve to solve it "
                      "once (it is then kept on disk)")


def _check_goals(goals):
    check_instance("goals", goals, dict)
    if not goals:
        raise ValueError("goals must name at least one game")
    out = {}
    for game, goal in goals.items():
        game = check_choice("a game of goals", game, GAMES)
        out[game] = check_int(f"goals[{game!r}]", goal, 2, MAX_GOAL)
    return out


def _solve_button(panel, wanted):
    """A "Solve" button: solves ``wanted()`` = (game, goal) once, then refreshes the panel."""
    button = ipywidgets.Button(description="Solve", icon="cogs",
                               tooltip="solve this game once (the solution is then kept on disk)")

    def solve(_):
        game, goal = wanted()
        try:
            estimate = _costs.solve(_model(game), goal, 2, "pairwise")
            budget.check(estimate)
        except (ValueError, TypeError) as exc:
            panel.refuse(exc)
            return
        if _lookup(_model(game), goal) is None:
            panel.message.value = (f"solving {TITLES[game]} to {goal} once (about "
                                   f"{budget.describe_seconds(estimate.seconds)}) ...")
            _solve(_model(game), goal, "pairwise", "reach")
        panel.refresh()

    button.on_click(solve)
    return button


def advisor_widget(game="tenthousand", goals=None, own=0, opponent=0, turn_total=0, roll=None):
    """Choose a game, both banked scores, the turn total and a roll; see every option's chance to win.

    ``goals`` maps each game the menu offers to its goal (default: ``game`` at its usual goal).
    The readout reads ``Ten Thousand to 200 chips · own 0, opponent 0, turn total 0, roll 15522:
    best <b>...</b>, win probability 0.517241 (10 options)``.

    Examples
    --------
    >>> panel = advisor_widget("tenthousand", {"tenthousand": 20, "pig": 30})
    >>> panel.readout.value.split(":")[0]
    'Ten Thousand to 20 chips · own 0, opponent 0, turn total 0, roll 15522'
    """
    game = check_choice("game", game, GAMES)
    goals = _check_goals({game: _model(game).default_goal} if goals is None else goals)
    if game not in goals:
        raise ValueError(f"goals must include the game shown first, {game!r}")
    goal = goals[game]
    own = check_int("own", own, 0, goal - 1)
    opponent = check_int("opponent", opponent, 0, goal - 1)
    turn_total = check_int("turn_total", turn_total, 0, goal - 1 - own)
    roll = ROLLS[game] if roll is None else roll
    _parse_roll(_model(game), roll)             # a bad starting roll raises here, as any bad argument
    top = max(goals.values())
    own_s = int_slider("own score", own, 0, top - 1, width="24em")
    opp_s = int_slider("opponent's score", opponent, 0, top - 1, width="24em")
    total = int_box("turn total", turn_total, 0, top - 1)
    faces = text_box("roll (faces)", roll, width="8em", placeholder=ROLLS[game])
    menu = dropdown("game", [(f"{TITLES[g]} to {goals[g]}", g) for g in goals], game)

    def render(own, opponent, total, faces):
        g = menu.value
        G = goals[g]
        result = _available(g, G)
        if result is None:
            raise _not_solved(g, G)
        for name, v in (("own score", own), ("opponent's score", opponent)):
            if v >= G:
                raise ValueError(f"{name} must be below the goal of {TITLES[g]} ({G} {result.unit}), got {v}")
        advice = result.advice((own, opponent), total, faces)       # the one check and computation
        shown = "".join(map(str, advice.roll))
        head = f"{TITLES[g]} to {G} {result.unit} · own {own}, opponent {opponent}, turn total {total}, roll {shown}"
        if advice.bust:
            readout = (f"{head}: bust, the turn ends with nothing; win probability "
                       f"{advice.win_probability:.6f} (from the opponent's turn)")
        else:
            n = len(advice.options)
            readout = (f"{head}: best <b>{html.escape(_option_label(advice.best))}</b>, win probability "
                       f"{advice.best.win_probability:.6f} ({n} option{'s' if n != 1 else ''})")
        fig, ax = figure(figsize=(8.0, 1.3 + 0.36 * max(len(advice.options), 2)))
        plot_advice(ax, advice)
        return View(fig, readout)

    holder = {}
    button = _solve_button(_Deferred(holder), lambda: (menu.value, goals[menu.value]))
    panel = Panel({"own": own_s, "opponent": opp_s, "total": total, "faces": faces}, render, notebook=NOTEBOOK,
                  name="advisor", buttons=[menu, button],
                  title="Advisor: every option after a roll, and its chance to win the game")
    holder["panel"] = panel
    menu.observe(lambda change: panel.refresh(), names="value")
    return panel


def _bank_text(pm, n, own):
    left = pm.goal - own
    b = int(pm.bank_from[n - 1, own])
    return (f"rolls on to the goal at own score {own}" if b >= left
            else f"banks from {b} {pm.unit} at own score {own}")


def policy_widget(game="tenthousand", goal=None, opponent=0, dice=None, solitaire=True):
    """Choose the goal and the opponent's score; see where the optimal player of ``game`` banks or rolls.

    The readout reads ``Ten Thousand to 200 chips, opponent at 0, 5 dice to roll: banks from 43
    chips at own score 0, ...; the solitaire optimum banks from 56``.

    Examples
    --------
    >>> panel = policy_widget("tenthousand", goal=20, opponent=5)
    >>> panel.readout.value.split(":")[0]
    'Ten Thousand to 20 chips, opponent at 5, 5 dice to roll'
    """
    game = check_choice("game", game, GAMES)
    model = _model(game)
    goal = check_int("goal", model.default_goal if goal is None else goal, 2, MAX_GOAL)
    opponent = check_int("opponent", opponent, 0, goal - 1)
    dice = check_int("dice", model.dice if dice is None else dice, 1, model.dice)
    solitaire = check_bool("solitaire", solitaire)
    if _available(game, goal) is None:
        raise _not_solved(game, goal)
    opp_s = int_slider(f"opponent's score ({model.unit})", opponent, 0, goal - 1, width="26em")
    goal_box = int_box(f"goal ({model.unit})", goal, 2, MAX_GOAL)
    dice_menu = dropdown("dice to roll", [(f"{n} {'die' if n == 1 else 'dice'}", n) for n in range(model.dice, 0, -1)],
                         dice)
    sol_box = toggle("solitaire thresholds", solitaire)

    def render(opponent, goal, dice, solitaire):
        result = _available(game, goal)
        if result is None:
            raise _not_solved(game, goal)
        if opponent >= goal:
            raise ValueError(f"opponent's score must be below the goal ({goal} {model.unit}), got {opponent}")
        if opp_s.max != goal - 1:              # the slider follows the goal; its value is below it: no clamp
            opp_s.max = goal - 1
        pm = result.policy_map(opponent)
        fig, ax = figure(figsize=(8.6, 4.6))
        plot_policy_map(ax, pm, dice, solitaire, legend=True)
        readout = (f"{TITLES[game]} to {goal} {model.unit}, opponent at {opponent}, {dice} "
                   f"{'die' if dice == 1 else 'dice'} to roll: {_bank_text(pm, dice, 0)}, "
                   f"{_bank_text(pm, dice, opponent)}; the solitaire optimum banks from "
                   f"{int(pm.solitaire_bank_from[dice - 1])}")
        return View(fig, readout)

    holder = {}
    button = _solve_button(_Deferred(holder), lambda: (game, goal_box.value))
    panel = Panel({"opponent": opp_s, "goal": goal_box, "dice": dice_menu, "solitaire": sol_box}, render,
                  notebook=NOTEBOOK, name=f"policy-{game}", buttons=[button],
                  title=f"Policy map of {TITLES[game]}: where the optimal player banks, for an opponent's score")
    holder["panel"] = panel
    return panel


class _Deferred:
    """The panel a button was made for before the panel existed (the Solve button joins its row)."""

    def __init__(self, holder):
        self._holder = holder

    def __getattr__(self, name):
        return getattr(self._holder["panel"], name)
