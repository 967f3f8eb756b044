"""Ten Thousand (document 002): the ipywidgets panels of notebook 05.

Thin wrappers over the API, each a function that builds and returns its panel:
:func:`advisor_widget` (every action's value in a state of the game, from
:func:`stoplib.tenthousand.solve`), :func:`policy_explorer_widget` ("stop at X
points" against optimal play, exactly and by :func:`stoplib.tenthousand.simulate`)
and :func:`dice_widget` (the game with 1 to 6 dice, drawn by
:func:`stoplib.tenthousand.plots.plot_value_function`). Source: F. Crocce and
E. Mordecki, "A finite exact algorithm to solve a dice game", J. Appl. Prob. 53
(2016) 91-105.
"""
from __future__ import annotations

import pandas as pd

from .plots import plot_value_function
from .rules import MAX_DICE, _rules
from .simulation import simulate
from .solver import evaluate, solve, stop_at_policy

__all__ = ["advisor_widget", "policy_explorer_widget", "dice_widget"]


def advisor_widget(n_dice=5):
    """Choose the turn total, the dice left and the last roll's configuration; see every action's value."""
    import ipywidgets as w

    sols = {}

    def get(N):
        if N not in sols:
            sols[N] = solve(N)
        return sols[N]

    dice = w.IntSlider(value=n_dice, min=1, max=MAX_DICE, description="dice N")
    tau = w.IntSlider(value=4, min=1, max=80, description="turn total")
    n = w.IntSlider(value=2, min=1, max=n_dice, description="dice left")
    cfg = w.Dropdown(description="set aside")
    out = w.Output()

    def refresh_configs(*_):
        rules = _rules(dice.value)
        n.max = dice.value
        opts = [(str(list(c)), c) for k, c in enumerate(rules.configs)
                if k > 0 and (n.value == dice.value or rules.d[k] <= dice.value - n.value)]
        cur = cfg.value
        cfg.options = opts
        if cur in [o[1] for o in opts]:
            cfg.value = cur

    def show(*_):
        out.clear_output()
        with out:
            try:
                sol = get(dice.value)
                vals = sol.action_values(tau.value, cfg.value, n.value)
                best = sol.action_at(tau.value, cfg.value, n.value)
                rows = [{"action": a, "value (chips)": round(v, 6), "keeps": "" if dest is None else str(list(dest)),
                         "best": "<-" if a == best else ""} for a, (v, dest) in vals.items()]
                print(pd.DataFrame(rows).to_string(index=False))
            except ValueError as err:
                print(f"not a state of the game: {err}")

    for wid in (dice, n):
        wid.observe(refresh_configs, "value")
    for wid in (dice, tau, n, cfg):
        wid.observe(show, "value")
    refresh_configs()
    if (2, 1, 0) in [o[1] for o in cfg.options]:
        cfg.value = (2, 1, 0)      # the paper's example: two 5s and a 1, two dice left
    show()
    return w.VBox([w.HBox([dice, tau]), w.HBox([n, cfg]), out])


def policy_explorer_widget(n_dice=5):
    """Compare "stop at X points" with the optimal rule: exact value and a quick simulation."""
    import ipywidgets as w

    x = w.IntSlider(value=300, min=50, max=2000, step=50, description="stop at")
    turns = w.IntSlider(value=100_000, min=10_000, max=1_000_000, step=10_000, description="MC turns")
    out = w.Output()
    opt = solve(n_dice)

    def show(*_):
        out.clear_output()
        with out:
            pol = stop_at_policy(x.value // 50, n_dice)
            exact = evaluate(pol)
            mc = simulate(pol, turns.value, seed=1)
            print(f"stop at {x.value} points: exact {50 * exact:.2f} points, simulated "
                  f"{50 * mc.mean:.2f} +- {50 * mc.std_err:.2f}")
            print(f"optimal play: {50 * opt.value:.2f} points; the rule gives up {50 * (opt.value - exact):.2f}")

    x.observe(show, "value")
    turns.observe(show, "value")
    show()
    return w.VBox([w.HBox([x, turns]), out])


def dice_widget():
    """Pick the number of dice; see the threshold, the value and the value curves."""
    import ipywidgets as w
    import matplotlib.pyplot as plt

    dice = w.IntSlider(value=5, min=1, max=MAX_DICE, description="dice N")
    out = w.Output()

    def show(*_):
        out.clear_output(wait=True)
        with out:
            sol = solve(dice.value)
            print(f"N = {dice.value}: tau* = {sol.threshold} chips, value {sol.value:.6f} chips "
                  f"= {50 * sol.value:.1f} points ({sol.method})")
            fig, ax = plt.subplots(figsize=(6, 3.5))
            plot_value_function(ax, sol)
            plt.show()

    dice.observe(show, "value")
    show()
    return w.VBox([dice, out])
