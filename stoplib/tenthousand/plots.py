"""Ten Thousand and Pig: the figures of notebook 05 and of its panels.

Each ``plot_*`` function draws a result it is given, already computed, on the
matplotlib ``Axes`` it is given, inside the workbook style
(:mod:`stoplib.workbook.style`), and returns it; it computes nothing (it checks
its arguments and draws). The notebook creates the figure with
``sl.style.figure`` and exports it; nothing here touches pyplot. The results:
a :class:`~stoplib.tenthousand.RollingValue` (:func:`plot_value_of_rolling`), an
:class:`~stoplib.tenthousand.Advice` (:func:`plot_action_values`), exact score
distributions (:func:`plot_score_distribution`), the tables of :mod:`.claims`
(:func:`plot_dice`, :func:`plot_thresholds`, :func:`plot_stop_at`) and a
:class:`~stoplib.tenthousand.PigResult` (:func:`plot_pig`). Chips are the paper's
50-point units. The two-player figures of notebook 08 are the race engine's
(:mod:`stoplib.race.plots`).

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter

from ..util.validate import check_instance, check_int, check_real, check_str
from ..workbook.style import COLORS, CYCLE, styled
from .pig_game import PigResult
from .rolling import RollingValue
from .rules import MAX_TURN_TOTAL
from .solver import Advice

__all__ = ["plot_value_of_rolling", "plot_action_values", "plot_dice", "plot_thresholds", "plot_stop_at",
           "plot_score_distribution", "plot_pig"]

_PLAIN = FuncFormatter(lambda y, _: f"{y:g}")


def _check_ax(ax):
    return check_instance("ax", ax, Axes)


def _check_frame(table, columns, positive=()):
    """A table from :mod:`.claims`: a non-empty DataFrame with these numeric, finite columns."""
    check_instance("table", table, pd.DataFrame)
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(f"table must have the columns {columns}; missing {missing}")
    if len(table) == 0:
        raise ValueError("table must have at least one row")
    for c in columns:
        values = table[c]
        if values.dtype.kind not in "iuf":
            raise TypeError(f"table column {c!r} must hold numbers, got dtype {values.dtype}")
        if not np.isfinite(values.to_numpy(dtype=float)).all():
            raise ValueError(f"table column {c!r} must hold finite numbers")
        if c in positive and not (values > 0).all():
            raise ValueError(f"table column {c!r} must hold positive numbers (it is drawn on a log scale)")
    return table


def _check_sequence(name, value, max_length=20):
    if isinstance(value, (str, bytes, dict, set)) or not isinstance(value, (list, tuple, range, np.ndarray)):
        raise TypeError(f"{name} must be a list or tuple, got {type(value).__name__}")
    if len(value) == 0 or len(value) > max_length:
        raise ValueError(f"{name} must hold 1..{max_length} entries, got {len(value)}")
    return list(value)


def _plain_log_y(ax):
    """Log scale on y with tick labels written as plain numbers (20, 50, 100, not 2 × 10¹)."""
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    ax.yaxis.set_major_formatter(_PLAIN)
    ax.yaxis.set_minor_formatter(NullFormatter())


@styled
def plot_value_of_rolling(ax, rolling, paper=None, n_values=None):
    """Draw ``max(tau, V_r(tau, n)) - tau``, what the right to roll ``n`` dice is worth, against ``tau``.

    States a turn cannot reach (five dice at 1 to 4 chips, one die below 4, ...) are
    drawn dotted, with a cross where rolling would pay; the solid lines join the reachable ones.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    rolling : RollingValue
        The gains and the reachable states (:func:`stoplib.tenthousand.value_of_rolling`).
    paper : dict, optional
        ``{n: {tau: value}}``: printed values to mark with open circles (the
        notebook passes the paper's Tables 5 and 6).
    n_values : sequence of int, optional
        The numbers of dice to draw (default: all, most first).
    """
    _check_ax(ax)
    rv = check_instance("rolling", rolling, RollingValue)
    N = rv.n_dice
    if n_values is not None:
        n_values = [check_int(f"n_values[{i}]", n, 1, N) for i, n in enumerate(_check_sequence("n_values", n_values))]
    if paper is not None:
        check_instance("paper", paper, dict)
        for n, points in paper.items():
            check_int("paper: a number of dice", n, 1, N)
            check_instance(f"paper[{n}]", points, dict)
            for t, v in points.items():
                check_int(f"paper[{n}]: a turn total", t, 0, MAX_TURN_TOTAL)
                check_real(f"paper[{n}][{t}]", v, 0)
    T = rv.threshold
    tau = rv.tau[1:]
    any_unreachable = False
    for i, n in enumerate(n_values or range(N, 0, -1)):
        gain, reach = rv.gain[1:, n], rv.reachable[1:, n]
        color = CYCLE[i % len(CYCLE)]
        ax.plot(tau, gain, color=color, lw=0.9, ls=":")
        ax.plot(tau, np.where(reach, gain, np.nan), color=color, label=f"{n} {'die' if n == 1 else 'dice'}")
        cross = ~reach & (gain > 0)          # where rolling would pay, if a turn could get there
        if cross.any():
            any_unreachable = True
            ax.plot(tau[cross], gain[cross], "x", ms=4, mew=0.9, color=color)
        if paper and n in paper:
            pts = sorted(paper[n].items())
            ax.plot([t for t, _ in pts], [v - t for t, v in pts], "o", mfc="none", ms=5, mew=0.9, color=color)
    if paper:
        ax.plot([], [], "o", mfc="none", ms=5, mew=0.9, color=COLORS["black"], label="printed in the paper")
    if any_unreachable:
        ax.plot([], [], "x:", ms=4, mew=0.9, lw=0.9, color=COLORS["black"], label="no turn reaches it")
    ax.axvline(T, color=COLORS["grey"], ls=":", lw=1)
    ax.annotate(f"τ* = {T}", (T, 0.5 * ax.get_ylim()[1]), xytext=(-4, 0), textcoords="offset points",
                ha="right", fontsize=9, color=COLORS["grey"])
    ax.set_xlim(0, T + 3)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(bottom=0)
    ax.set_xlabel("turn total τ (chips of 50 points)")
    ax.set_ylabel("value of rolling on, V − τ (chips)")
    ax.legend(title="to roll", loc="upper right")
    return ax


def _action_label(name, keeps, rolls, tau):
    if name == "s":
        return f"stop: bank {tau}"
    if name == "r":
        return f"roll {rolls} {'die' if rolls == 1 else 'dice'}"
    return f"{name}: keep {list(keeps)}, roll {rolls}"


@styled
def plot_action_values(ax, advice):
    """Draw the value of every action available in one state, best first.

    ``advice`` is an :class:`~stoplib.tenthousand.Advice`
    (:meth:`stoplib.tenthousand.Solution.advice`). The best action is drawn in blue,
    the others in grey; the dashed line is the value of stopping now (``tau``).
    """
    _check_ax(ax)
    a = check_instance("advice", advice, Advice)
    vals = list(a.values)
    labels = [_action_label(*x, a.tau) for x in zip(a.actions, a.keeps, a.rolls)]
    y = np.arange(len(vals))[::-1]
    colors = [COLORS["blue"] if name == a.best else COLORS["grey"] for name in a.actions]
    ax.barh(y, vals, color=colors, height=0.65)
    for yi, v in zip(y, vals):
        ax.annotate(f"{v:.3f}", (v, yi), xytext=(3, 0), textcoords="offset points", va="center", fontsize=9,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})
    ax.axvline(a.tau, color=COLORS["black"], ls="--", lw=1, label="stop now")
    ax.set_yticks(y, labels)
    ax.set_xlim(0, max(vals) * 1.18 + 0.5)
    ax.set_xlabel("expected chips banked (1 chip = 50 points)")
    ax.grid(axis="y", visible=False)
    ax.set_title(f"τ = {a.tau} chips, {list(a.config)} set aside, {a.n} to roll ({a.n_dice}-dice game)",
                 fontsize=10)
    return ax


@styled
def plot_dice(ax, table):
    """Draw the value of a turn (points, log scale) against the number of dice, optimal and stop-or-roll only.

    ``table`` is :func:`stoplib.tenthousand.claims.dice_table`.
    """
    _check_ax(ax)
    df = _check_frame(table, ["N", "value (points)", "stop/roll only"], positive=("value (points)", "stop/roll only"))
    ax.plot(df["N"], df["value (points)"], "o-", color=COLORS["blue"], label="optimal play (moves allowed)")
    ax.plot(df["N"], 50 * df["stop/roll only"], "s--", color=COLORS["orange"], mfc="none",
            label="stop or roll only")
    _plain_log_y(ax)
    low = min(df["value (points)"].min(), 50 * df["stop/roll only"].min())
    ax.set_ylim(0.75 * low, 1.35 * df["value (points)"].max())
    ax.set_xticks(list(df["N"]))
    ax.set_xlabel("number of dice N")
    ax.set_ylabel("value of a turn (points)")
    ax.legend(loc="upper left")
    return ax


@styled
def plot_thresholds(ax, table):
    """Draw the threshold ``tau*(N)`` (chips, log scale) against the number of dice, each point labelled.

    ``table`` is :func:`stoplib.tenthousand.claims.dice_table`.
    """
    _check_ax(ax)
    df = _check_frame(table, ["N", "tau*"], positive=("tau*",))
    ax.plot(df["N"], df["tau*"], "o-", color=COLORS["green"])
    for N, t in zip(df["N"], df["tau*"]):
        ax.annotate(f"{int(t)}", (N, t), xytext=(-4, 6), textcoords="offset points", ha="right", fontsize=9)
    _plain_log_y(ax)
    ax.set_ylim(top=df["tau*"].max() * 2.5)
    ax.set_xticks(list(df["N"]))
    ax.set_xlabel("number of dice N")
    ax.set_ylabel("threshold τ*(N) (chips)")
    return ax


@styled
def plot_stop_at(ax, table, optimum, stop_roll=None, mark=None, simulated=None):
    """Draw the exact value of "stop at X" rules against X, with optimal play as a line.

    Parameters
    ----------
    table : DataFrame
        :func:`stoplib.tenthousand.claims.stop_at_table`.
    optimum : float
        The value (chips) of optimal play, drawn as a line.
    stop_roll : float, optional
        The value (chips) of the best stop-or-roll rule, drawn as a dashed line.
    mark : int, optional
        A rule (points) to mark; default: the best one.
    simulated : (float, float), optional
        Simulated mean and standard error (chips) of the marked rule, drawn as ± 2 standard errors.
    """
    _check_ax(ax)
    df = _check_frame(table, ["stop at (points)", "value"])
    opt = check_real("optimum", optimum, 0)
    if stop_roll is not None:
        stop_roll = check_real("stop_roll", stop_roll, 0)
    x, y = df["stop at (points)"].to_numpy(), 50 * df["value"].to_numpy()
    if mark is not None:
        mark = check_int("mark", mark)
        if mark not in x:
            raise ValueError(f"mark must be one of the table's rules (points): {x.tolist()[:12]}"
                             f"{' ...' if len(x) > 12 else ''}; got {mark}")
    if simulated is not None:
        pair = _check_sequence("simulated", simulated, 2)
        if len(pair) != 2:
            raise ValueError(f"simulated must be (mean, standard error), got {len(pair)} number(s)")
        simulated = (check_real("simulated mean", pair[0]), check_real("simulated standard error", pair[1], 0))
    ax.plot(x, y, "o-", ms=3, color=COLORS["blue"], label="stop at X, keep every scoring die")
    ax.axhline(50 * opt, color=COLORS["vermillion"], lw=1.2, label=f"optimal play: {50 * opt:.1f}")
    if stop_roll is not None:
        ax.axhline(50 * stop_roll, color=COLORS["orange"], lw=1.2, ls="--",
                   label=f"best stop-or-roll rule: {50 * stop_roll:.1f}")
    k = int(np.argmax(y)) if mark is None else int(np.nonzero(x == mark)[0][0])
    ax.plot([x[k]], [y[k]], "*", ms=13, color=COLORS["blue"], label=f"stop at {x[k]}: {y[k]:.1f}")
    if simulated is not None:
        mean, err = simulated
        ax.errorbar([x[k]], [50 * mean], yerr=[100 * err], fmt="D", ms=4, color=COLORS["black"], capsize=3,
                    label="simulated, ± 2 std. errors")
    ax.set_xlim(0, x.max() + 50)
    ax.set_ylim(0, max(50 * opt, y.max()) * 1.12)
    ax.set_xlabel("stop once the turn total reaches X (points)")
    ax.set_ylabel("expected score of a turn (points)")
    ax.legend(loc="best")
    return ax


@styled
def plot_score_distribution(ax, distributions, max_points=None):
    """Draw exact distributions of the points banked in a turn (bars at 50-point steps), one per policy.

    Parameters
    ----------
    distributions : dict
        Label -> the probabilities of banking 0, 1, 2, ... chips
        (:func:`stoplib.tenthousand.score_distribution` of a policy), 1 to 8 of them.
    max_points : float, optional
        Where to cut the x axis (default: where every policy's remaining mass is below 0.5%).
    """
    _check_ax(ax)
    check_instance("distributions", distributions, dict)
    if not 1 <= len(distributions) <= 8:
        raise ValueError(f"distributions must hold 1..8 entries, got {len(distributions)}")
    laws = []
    for label, p in distributions.items():
        check_str("a label of distributions", label, 200, allow_empty=False)
        if not isinstance(p, np.ndarray) or p.ndim != 1 or p.dtype.kind != "f" or len(p) == 0:
            raise TypeError(f"distributions[{label!r:.40}] must be a 1-D float array of probabilities")
        if not (np.isfinite(p).all() and (p >= 0).all() and abs(p.sum() - 1) < 1e-9):
            raise ValueError(f"distributions[{label!r:.40}] must hold probabilities (finite, >= 0, summing to 1)")
        laws.append((label, p))
    if max_points is not None:
        max_points = check_real("max_points", max_points)
        if not max_points > 0:
            raise ValueError(f"max_points must be > 0, got {max_points:g}")
    width = 0.8 / len(laws)
    top = 0
    for i, (name, p) in enumerate(laws):
        x = np.arange(len(p))
        keep = p > 1e-6
        ax.bar(50 * (x[keep] + (i - (len(laws) - 1) / 2) * width), p[keep], width=50 * width,
               color=CYCLE[i % len(CYCLE)], label=f"{name}: bust {p[0]:.1%}")
        tail = 1 - np.cumsum(p)
        top = max(top, int(np.argmax(tail < 0.005)))
    right = 50 * top + 50 if max_points is None else max_points
    ax.set_xlim(-50, right)
    ax.set_xlabel("points banked in the turn (0: bust or nothing)")
    ax.set_ylabel("probability")
    ax.legend(loc="upper right")
    return ax


@styled
def plot_pig(ax, result, scales=None):
    """Draw Pig's ``V(tau)``, the stop payoff ``tau`` and solutions ``c lambda**tau`` of the equation without max.

    ``result`` is :func:`stoplib.tenthousand.pig`; ``scales`` the ``c`` of the curves drawn
    (default: the least one and 10).
    """
    _check_ax(ax)
    r = check_instance("result", result, PigResult)
    if math.isnan(r.growth_rate) or math.isnan(r.min_scale):
        raise ValueError("result must have its growth_rate and min_scale computed (as pig() does)")
    if scales is not None:
        scales = [check_real(f"scales[{i}]", c, 0, 1e6) for i, c in enumerate(_check_sequence("scales", scales, 6))]
        if not all(c > 0 for c in scales):
            raise ValueError(f"scales must be positive, got {scales}")
    tau = np.arange(0, r.threshold + 15)
    V = np.where(tau < r.threshold, np.interp(tau, np.arange(len(r.values)), r.values), tau)
    fine = np.linspace(0, tau.max(), 400)
    for i, c in enumerate(scales or (r.min_scale, 10.0)):
        ax.plot(fine, c * r.growth_rate ** fine, lw=1.2, color=(COLORS["orange"], COLORS["green"])[i % 2],
                label=f"{c:.3f} × {r.growth_rate:.4f}$^\\tau$ (also solves it)")
    ax.plot(tau, tau, "--", color=COLORS["black"], lw=1, label="stop now: τ")
    ax.plot(tau, V, "o", ms=4, color=COLORS["blue"], label="value V(τ), the smallest solution")
    ax.axvline(r.threshold, color=COLORS["grey"], lw=1, ls=":")
    ax.annotate(f"τ* = {r.threshold}", (r.threshold, 2), xytext=(4, 0), textcoords="offset points",
                fontsize=9, color=COLORS["grey"])
    ax.set_xlabel("turn total τ (points)")
    ax.set_ylabel("value (points)")
    ax.legend(loc="upper left")
    return ax
