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
- :func:`dice_widget`: the solved game with 1 to 6 dice, with or without moves, and the
  value of rolling on in each pre-roll state (:func:`stoplib.tenthousand.value_of_rolling`,
  unreachable states marked), drawn by :func:`.plots.plot_value_of_rolling`.

The two-player panels of notebook 08 are the race engine's (:mod:`stoplib.race.widgets`).

Every panel draws on an explicit Figure, shows a request out of range as a message
(nothing is clamped), has a "Save figure" button, and writes one readout line the
browser test reads (``V(4, [2, 1, 0], 2) = 5.020582 chips ...``). Source: F. Crocce
and E. Mordecki, "A finite exact algorithm to solve a dice game", Journal of
Applied Probability 53(1), 2016, pp. 91-105.
"""
from __future__ import annotations

import html
from functools import lru_cache

from ..util.rng import kernel_seed
from ..workbook.panel import Panel, View, dropdown, int_box, int_slider, slug, toggle
from ..workbook.style import figure
from ._tables import _sdc
from .claims import NOTEBOOK, _stop_at_table
from .plots import plot_action_values, plot_stop_at, plot_value_of_rolling
from .policies import _stop_at_policy
from .rolling import _value_of_rolling
from .rules import MAX_DICE, _check_flag, _check_state, _normalise_config, _rules
from .simulation import _simulate
from .solver import _solve_game

__all__ = ["advisor_widget", "policy_explorer_widget", "dice_widget", "describe", "NOTEBOOK",
           "MAX_TURNS", "MAX_TAU"]

# NOTEBOOK (from .claims): the notebook whose panels these are (saved figures are named after it).
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
        plot_value_of_rolling(ax, _value_of_rolling(sol))
        ax.set_title(f"{dice} {'die' if dice == 1 else 'dice'}, " + ("stop or roll only" if plain else "moves allowed"),
                     fontsize=10)
        readout = (f"N = {dice}: τ* = {sol.threshold} chips, V*(ι) = {sol.value:.6f} chips "
                   f"({50 * sol.value:.2f} points), " + ("stop or roll only" if plain else "moves allowed"))
        return View(fig, readout)

    return Panel({"dice": dice, "plain": plain}, render, notebook=NOTEBOOK, name="dice",
                 title="Number of dice: threshold, value and the value of rolling on")
