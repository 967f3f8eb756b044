"""Ten Thousand and solitaire Pig (document 002): the figures of notebook 05.

Each ``plot_*`` function draws on the matplotlib ``Axes`` it is given and
returns it; the notebook exports the figure. The values come from
:mod:`.solver` (:func:`plot_value_function`, :func:`plot_advantage`,
:func:`plot_score_distribution`), the tables of :mod:`.claims`
(:func:`plot_dice`, :func:`plot_stop_at`) and :mod:`.pig_game`
(:func:`plot_pig`). Source: F. Crocce and E. Mordecki, "A finite exact
algorithm to solve a dice game", J. Appl. Prob. 53 (2016) 91-105.
"""
from __future__ import annotations

import numpy as np

from .claims import dice_table, stop_at_table
from .pig_game import pig
from .solver import Solution, score_distribution, solve, stop_at_policy

__all__ = ["plot_value_function", "plot_advantage", "plot_dice", "plot_stop_at", "plot_score_distribution",
           "plot_pig"]


def plot_value_function(ax, solution=None, n_values=None):
    """Draw max(tau, V_r(tau, n)), the value with tau chips and n dice to roll, against tau."""
    sol = solve() if solution is None else solution
    N = sol.n_dice
    T = sol.threshold
    tau = np.arange(1, T + 8)
    for n in (n_values or range(N, 0, -1)):
        v = [max(t, sol.value_at(t, None, n)) for t in tau]
        ax.plot(tau, v, lw=1.5, label=f"n = {n}")
    ax.plot(tau, tau, "k--", lw=0.8, label="stop: tau")
    ax.axvline(T, color="grey", ls=":", lw=0.8)
    ax.set_xlabel("turn total tau (chips)")
    ax.set_ylabel("value (chips)")
    ax.legend(frameon=False, title="dice to roll")
    return ax


def plot_advantage(ax, solution=None):
    """Draw V*(tau, n) - tau, what the option to roll is worth, against tau for each n."""
    sol = solve() if solution is None else solution
    T = sol.threshold
    tau = np.arange(1, T + 3)
    for n in range(sol.n_dice, 0, -1):
        ax.plot(tau, [max(t, sol.value_at(int(t), None, n)) - t for t in tau], lw=1.5, label=f"n = {n}")
    ax.axhline(0, color="k", lw=0.6)
    ax.set_xlabel("turn total tau (chips)")
    ax.set_ylabel("value of rolling on, V - tau (chips)")
    ax.legend(frameon=False, title="dice to roll")
    return ax


def plot_dice(ax, table=None):
    """Draw the value of a turn (points) against the number of dice, optimal and stop/roll only."""
    df = dice_table() if table is None else table
    ax.plot(df["N"], df["value (points)"], "o-", label="optimal")
    ax.plot(df["N"], 50 * df["stop/roll only"], "s--", label="stop or roll only")
    ax.set_yscale("log")
    ax.set_xlabel("number of dice N")
    ax.set_ylabel("value of a turn (points)")
    ax.legend(frameon=False)
    return ax


def plot_stop_at(ax, table=None, optimum=None):
    """Draw the exact value of "stop at X" rules against X, with the optimum as a line."""
    df = stop_at_table() if table is None else table
    opt = solve().value if optimum is None else optimum
    ax.plot(df["stop at (points)"], 50 * df["value"], "o-", ms=3, label="stop at X, keep all scoring dice")
    ax.axhline(50 * opt, color="C3", lw=1, label=f"optimal play: {50 * opt:.1f}")
    ax.set_xlabel("stop once the turn total reaches X (points)")
    ax.set_ylabel("expected score of a turn (points)")
    ax.legend(frameon=False)
    return ax


def plot_score_distribution(ax, policies=None):
    """Draw the exact distribution of the points banked in a turn under each policy (bars at 50-point steps)."""
    if policies is None:
        policies = [solve(), stop_at_policy(6)]
    width = 0.8 / len(policies)
    top = 0
    for i, pol in enumerate(policies):
        p = score_distribution(pol)
        name = pol.as_policy().name if isinstance(pol, Solution) else pol.name
        x = np.arange(len(p))
        keep = p > 1e-6
        ax.bar(50 * (x[keep] + (i - (len(policies) - 1) / 2) * width), p[keep], width=50 * width,
               label=f"{name}: bust {p[0]:.1%}")
        top = max(top, int(np.nonzero(p > 1e-4)[0].max()))
    ax.set_xlim(-50, 50 * top + 50)
    ax.set_xlabel("points banked in the turn")
    ax.set_ylabel("probability")
    ax.legend(frameon=False)
    return ax


def plot_pig(ax, result=None, scales=None):
    """Draw ``V(tau)``, the stop payoff ``tau`` and solutions ``c lambda**tau`` of the equation without max."""
    r = pig() if result is None else result
    tau = np.arange(0, r.threshold + 15)
    V = np.where(tau < r.threshold, np.interp(tau, np.arange(len(r.values)), r.values), tau)
    ax.plot(tau, V, "o-", ms=3, label="value V(tau)")
    ax.plot(tau, tau, "k--", lw=1, label="stop now: tau")
    for c in (scales or (r.min_scale, 10.0)):
        ax.plot(tau, c * r.growth_rate ** tau, lw=1, label=f"{c:.3f} x {r.growth_rate:.4f}^tau")
    ax.axvline(r.threshold, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("turn total tau")
    ax.set_ylabel("value")
    ax.legend(frameon=False)
    return ax
