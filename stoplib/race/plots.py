"""Dice races: the figures of notebook 08 and of its panels.

Each ``plot_*`` draws a result it is given, already computed by the API, on the matplotlib
``Axes`` it is given, inside the workbook style, and returns it; it computes nothing (it checks
its arguments, picks axis ranges from the data and draws). The results:

- a :class:`~stoplib.race.Race` (:func:`plot_hold_at`, :func:`plot_hold_map`, :func:`plot_pair_work`);
- a :class:`~stoplib.race.WinShares` (:func:`plot_first_player_win`, :func:`plot_win_shares`);
- a :class:`~stoplib.race.HeadStart` (:func:`plot_head_start`);
- a :class:`~stoplib.race.PolicyMap` (:func:`plot_policy_map`);
- a :class:`~stoplib.race.DepartureMap` (:func:`plot_departure_map`);
- an :class:`~stoplib.race.Advice` (:func:`plot_advice`).

Scores are in the game's unit: points for Pig, chips of 50 points for Ten Thousand and Farkle.
"""
from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap, TwoSlopeNorm
from matplotlib.ticker import FuncFormatter, MaxNLocator, NullFormatter

from ..util.validate import check_bool, check_instance, check_int, check_real, check_str
from ..workbook.style import COLORS, CYCLE, DIVERGING, OPEN, SEQUENTIAL, styled
from .advice import Advice, DepartureMap, PolicyMap
from .match import HeadStart, WinShares
from .solver import Race

__all__ = ["plot_hold_at", "plot_hold_map", "plot_first_player_win", "plot_win_shares", "plot_head_start",
           "plot_policy_map", "plot_departure_map", "plot_advice", "plot_pair_work", "TITLES"]

#: A reader's name for each game.
TITLES = {"pig": "Pig", "tenthousand": "Ten Thousand", "farkle": "Farkle", "facebook_farkle": "Facebook Farkle"}


def _check_ax(ax):
    return check_instance("ax", ax, Axes)


def _dice(n):
    return f"{n} {'die' if n == 1 else 'dice'}"


def _colorbar(ax, mappable, label):
    bar = ax.figure.colorbar(mappable, ax=ax, shrink=0.9, pad=0.02)
    bar.set_label(label)
    return bar


@styled
def plot_hold_at(ax, result, own=None, reference=None, dice=None):
    """Draw the optimal "hold at" total (the least banking total) against the opponent's score, one line
    per own score.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    result : Race
        A solved two-player game; its :meth:`~stoplib.race.Race.bank_table` for ``dice`` dice is drawn.
    own : sequence of int, optional
        The player's own scores, one line each (default: 0, a quarter, half and three quarters of the goal).
    reference : int, optional
        A fixed rule to draw as a dashed line (the notebook passes 20, solitaire Pig's optimum).
    dice : int, optional
        Dice to roll (default: all of them).
    """
    _check_ax(ax)
    r = check_instance("result", result, Race)
    G = r.goal
    dice = r.model.dice if dice is None else check_int("dice", dice, 1, r.model.dice)
    if own is None:
        own = sorted({0, G // 4, G // 2, (3 * G) // 4})
    if isinstance(own, (str, bytes)) or not isinstance(own, (list, tuple, range, np.ndarray)):
        raise TypeError(f"own must be a list or tuple of scores, got {type(own).__name__}")
    if not 1 <= len(own) <= 8:
        raise ValueError(f"own must hold 1..8 scores, got {len(own)}")
    own = [check_int(f"own[{k}]", o, 0, G - 1) for k, o in enumerate(own)]
    if reference is not None:
        reference = check_int("reference", reference, 1, 10**6)
    table = r.bank_table(dice)
    opp = np.arange(G)
    for k, o in enumerate(own):
        y = table[o].astype(float)
        ax.step(opp, y, where="mid", color=CYCLE[k % len(CYCLE)], label=f"own score {o}")
    if reference is not None:
        ax.axhline(reference, color=COLORS["black"], ls="--", lw=1, label=f"hold at {reference}")
    top = max(float(table[own].max()), reference or 0)
    ax.set_xlim(0, G - 1)
    ax.set_ylim(0, min(G, top * 1.08 + 1))
    ax.set_xlabel(f"opponent's banked score ({r.unit}; goal {G})")
    ax.set_ylabel("bank once the turn total reaches")
    ax.legend(loc="upper left", title="the player to move")
    return ax


@styled
def plot_hold_map(ax, result, dice=None):
    """Draw the optimal "hold at" total (least banking total) over both banked scores, as a heat map.

    Cells where the optimal player rolls on until it wins or busts (the "hold at" total is
    what is left to the goal: the end race) are drawn in grey.
    """
    _check_ax(ax)
    r = check_instance("result", result, Race)
    G = r.goal
    dice = r.model.dice if dice is None else check_int("dice", dice, 1, r.model.dice)
    table = r.bank_table(dice)
    race = table >= (G - np.arange(G))[:, None]
    image = ax.imshow(np.ma.masked_where(race, table), origin="lower", aspect="auto", cmap=SEQUENTIAL,
                      extent=(-0.5, G - 0.5, -0.5, G - 0.5), interpolation="nearest")
    grey = ListedColormap([OPEN])
    ax.imshow(np.ma.masked_where(~race, np.zeros(race.shape)), origin="lower", aspect="auto", cmap=grey,
              extent=(-0.5, G - 0.5, -0.5, G - 0.5), interpolation="nearest")
    ax.plot([0, G - 1], [0, G - 1], color=COLORS["black"], lw=0.8, ls=":")
    ax.plot([], [], "s", color=OPEN, ms=8, label="roll on to the goal")
    ax.legend(loc="lower right", framealpha=0.9, frameon=True)
    ax.grid(False)
    ax.set_xlabel(f"opponent's banked score ({r.unit})")
    ax.set_ylabel(f"own banked score ({r.unit})")
    _colorbar(ax, image, "bank once the turn total reaches")
    return ax


@styled
def plot_first_player_win(ax, curve, min_goal=1, reference=None, checks=None):
    """Draw the first player's win probability against the goal.

    Parameters
    ----------
    curve : WinShares
        :func:`stoplib.race.win_shares_by_goal` (its seat 0 is drawn).
    min_goal : int
        The smallest goal drawn.
    reference : (goal, probability, label), optional
        A published value to mark (a star).
    checks : dict, optional
        ``{goal: probability}`` from separate solves, drawn as open circles on the curve.
    """
    _check_ax(ax)
    c = check_instance("curve", curve, WinShares)
    min_goal = check_int("min_goal", min_goal, 1, c.goal)
    if reference is not None:
        if not isinstance(reference, (tuple, list)) or len(reference) != 3:
            raise TypeError("reference must be a (goal, probability, label) triple")
        reference = (check_int("reference goal", reference[0], 1, c.goal),
                     check_real("reference probability", reference[1], 0, 1),
                     check_str("reference label", reference[2], 200))
    if checks is not None:
        check_instance("checks", checks, dict)
        if len(checks) > 1000:
            raise ValueError(f"checks must hold at most 1000 goals, got {len(checks)}")
        checks = {check_int("a goal of checks", g, 1, c.goal): check_real(f"checks[{g}]", p, 0, 1)
                  for g, p in checks.items()}
    keep = c.goals >= min_goal
    x, y = c.goals[keep], c.shares[keep, 0]
    ax.plot(x, y, color=COLORS["blue"], lw=1.4, label="optimal play, first player")
    ax.axhline(0.5, color=COLORS["grey"], lw=1, ls=":")
    if checks:
        g = sorted(checks)
        ax.plot(g, [checks[k] for k in g], "o", mfc="none", ms=6, mew=1, color=COLORS["black"],
                label="solved separately at that goal")
    if reference is not None:
        ax.plot([reference[0]], [reference[1]], "*", ms=12, color=COLORS["vermillion"], label=reference[2],
                clip_on=False)
    low = min(0.5, float(y.min()))
    ax.set_ylim(low - 0.01, float(y.max()) + 0.02)
    ax.set_xlim(min_goal, c.goal)
    ax.set_xlabel(f"goal ({'chips of 50 points' if c.unit == 'chips' else c.unit})")
    ax.set_ylabel("first player's win probability")
    ax.legend(loc="upper right")
    return ax


@styled
def plot_head_start(ax, head_start, max_head_start=None):
    """Draw the second player's win probability against a head start given at the start, the fair one marked.

    ``head_start`` is :func:`stoplib.race.fair_head_start`; ``max_head_start`` the
    last head start drawn (default: where the second player's chance passes 3/4).
    """
    _check_ax(ax)
    h = check_instance("head_start", head_start, HeadStart)
    curve = np.asarray(h.second_player_win, dtype=float)
    if max_head_start is None:
        above = np.flatnonzero(curve >= 0.75)
        max_head_start = int(above[0]) if len(above) else h.goal
        max_head_start = max(max_head_start, 2 * h.head_start, 4)
    max_head_start = min(check_int("max_head_start", max_head_start, 1, 10**9), h.goal)
    x = np.arange(max_head_start + 1)
    ax.plot(x, curve[:max_head_start + 1], "o-", ms=3, color=COLORS["blue"], label="second player, optimal play")
    ax.axhline(0.5, color=COLORS["grey"], lw=1, ls=":")
    points = f" ({50 * h.head_start} points)" if h.unit == "chips" else ""
    ax.plot([h.head_start], [curve[h.head_start]], "D", ms=7, color=COLORS["vermillion"],
            label=f"fair head start: {h.head_start} {h.unit}{points}")
    ax.set_xlim(0, max_head_start)
    ax.set_xlabel(f"head start of the second player ({'chips of 50 points' if h.unit == 'chips' else h.unit})")
    ax.set_ylabel("second player's win probability")
    ax.legend(loc="lower right")
    return ax


@styled
def plot_policy_map(ax, policy_map, dice=None, solitaire=True, max_total=None, legend=False):
    """Draw the optimal bank-or-roll decision of a two-player race for one opponent score.

    The background shows, for ``dice`` dice to roll, where rolling (blue) or banking (light)
    is optimal over own banked score (x) and turn total (y); the lines are the least
    banking total for every number of dice, and with ``solitaire`` the solitaire optimum's
    thresholds (document 002) are dashed in the same colours. ``policy_map`` is
    :meth:`stoplib.race.Race.policy_map`; ``max_total`` the top of the turn-total axis
    (default: above every boundary drawn); ``legend`` puts the key to the right of the axes.
    """
    _check_ax(ax)
    pm = check_instance("policy_map", policy_map, PolicyMap)
    N = pm.decision.shape[0]
    dice = N if dice is None else check_int("dice", dice, 1, N)
    solitaire = check_bool("solitaire", solitaire)
    legend = check_bool("legend", legend)
    G = pm.goal
    own = np.arange(G)
    lines = {}
    for n in range(1, N + 1):
        b = pm.bank_from[n - 1].astype(float)
        lines[n] = np.where(b < G - own, b, np.nan)
    finite = [v for v in lines.values() if np.isfinite(v).any()]
    if max_total is None:
        top = max([float(np.nanmax(v)) for v in finite] + [float(pm.solitaire_bank_from.max()) if solitaire else 0.0])
        max_total = int(min(G, max(10.0, 1.15 * top + 2)))
    max_total = check_int("max_total", max_total, 1, 10**6)
    decision = pm.decision[dice - 1].T.astype(float)          # [t, own]
    shown = np.ma.masked_where(decision < 0, decision)
    cmap = ListedColormap(["#FBE3B5", "#9CC9E6"])               # bank (light orange), roll (light blue)
    ax.pcolormesh(np.arange(G + 1) - 0.5, np.arange(G + 1) - 0.5, shown, cmap=cmap, vmin=0, vmax=1,
                  shading="flat", rasterized=True)
    ax.plot([], [], "s", color="#9CC9E6", ms=8, label=f"roll {_dice(dice)}")
    ax.plot([], [], "s", color="#FBE3B5", ms=8, label=f"bank ({_dice(dice)} left)")
    for n in range(N, 0, -1):
        color = CYCLE[(N - n) % len(CYCLE)]
        # a boundary lies between the cells of totals b - 1 and b, at b - 1/2
        ax.step(own, lines[n] - 0.5, where="mid", color=color, lw=1.3, label=f"bank from, {_dice(n)}")
        if solitaire:
            ax.axhline(pm.solitaire_bank_from[n - 1] - 0.5, color=color, lw=1, ls="--")
    if solitaire:
        ax.plot([], [], ls="--", color=COLORS["grey"], label="solitaire optimum")
    ax.step(own, G - own - 0.5, where="mid", color=COLORS["black"], lw=0.8)
    ax.set_xlim(-0.5, G - 0.5)
    ax.set_ylim(0.5, max_total)
    ax.grid(False)
    ax.set_xlabel(f"own banked score ({pm.unit})")
    ax.set_ylabel(f"turn total ({pm.unit})")
    ax.set_title(f"opponent at {pm.opponent} of {G} {pm.unit}", fontsize=10)
    if legend:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return ax


@styled
def plot_departure_map(ax, departure_map):
    """Draw by how many units the race's least banking total departs from the solitaire optimum's.

    ``departure_map`` is :meth:`stoplib.race.Race.departure_map`. Orange: the race
    player rolls on longer (more risk); purple: it banks sooner (less risk); white: the same.
    """
    _check_ax(ax)
    m = check_instance("departure_map", departure_map, DepartureMap)
    G = m.goal
    d = np.asarray(m.difference, dtype=float)
    low, high = float(d.min()), float(d.max())
    if low < 0 < high:
        norm = TwoSlopeNorm(vmin=low, vcenter=0.0, vmax=high)
    else:
        edge = max(abs(low), abs(high), 1.0)
        norm = TwoSlopeNorm(vmin=-edge, vcenter=0.0, vmax=edge)
    image = ax.imshow(d, origin="lower", aspect="auto", cmap=DIVERGING, norm=norm, interpolation="nearest",
                      extent=(-0.5, G - 0.5, -0.5, G - 0.5))
    ax.plot([0, G - 1], [0, G - 1], color=COLORS["black"], lw=0.8, ls=":")
    ax.grid(False)
    ax.set_xlabel(f"opponent's banked score ({m.unit})")
    ax.set_ylabel(f"own banked score ({m.unit})")
    ax.set_title(f"{_dice(m.dice)} to roll; solitaire optimum banks from {m.solitaire_threshold}", fontsize=10)
    bar = _colorbar(ax, image, f"least banking total − solitaire's ({m.unit})")
    ticks = [t for t in MaxNLocator(4).tick_values(norm.vmin, 0) if t >= norm.vmin]
    ticks += [t for t in MaxNLocator(4).tick_values(0, norm.vmax) if 0 < t <= norm.vmax]
    bar.set_ticks(ticks)
    return ax


def _option_label(o):
    """An option in words: ``'keep 155, roll 2 dice'``, ``'keep 1, bank 6'``, ``'keep 11155: win (21)'``."""
    if o.action == "win":
        return f"keep {o.keep}: reach the goal ({o.turn_total})"
    if o.action == "bank":
        return f"keep {o.keep}, bank {o.turn_total}"
    return f"keep {o.keep}, roll {_dice(o.dice)}{' (hot dice)' if o.hot_dice else ''}"


@styled
def plot_advice(ax, advice):
    """Draw the win probability of every option after a roll of a two-player race, best first.

    ``advice`` is :meth:`stoplib.race.Race.advice`; the optimal option is blue.
    """
    _check_ax(ax)
    a = check_instance("advice", advice, Advice)
    faces = "".join(map(str, a.roll))
    ax.set_title(f"own {a.own}, opponent {a.opponent}, turn total {a.turn_total}, roll {faces}", fontsize=10)
    if a.bust:
        ax.text(0.5, 0.5, f"bust: nothing scores, the turn ends with nothing\nwin probability from the "
                f"opponent's turn: {a.win_probability:.4f}", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return ax
    options = list(a.options)
    values = np.array([o.win_probability for o in options])
    y = np.arange(len(options))[::-1]
    colors = [COLORS["blue"] if o.optimal else COLORS["grey"] for o in options]
    low, high = float(values.min()), float(values.max())
    pad = max(0.1 * (high - low), 0.005)
    left = max(0.0, low - pad)
    ax.hlines(y, left, values, color=colors, lw=2)
    ax.scatter(values, y, color=colors, zorder=3, s=22)
    for yi, v in zip(y, values):
        ax.annotate(f"{v:.4f}", (v, yi), xytext=(4, 0), textcoords="offset points", va="center", fontsize=9)
    ax.set_yticks(y, [_option_label(o) for o in options])
    ax.set_xlim(left, min(1.0, high + 3 * pad))
    ax.grid(axis="y", visible=False)
    ax.set_xlabel("probability of winning the game")
    return ax


@styled
def plot_pair_work(ax, pairwise, value_iteration=None):
    """Draw how many turn passes each pair of banked scores took: the pairwise method beside value iteration.

    ``pairwise`` and ``value_iteration`` are solved two-player games (:class:`~stoplib.race.Race`)
    of the same kind and goal; their ``iterations`` (upper triangle) are counted.
    """
    _check_ax(ax)
    kinds = Race
    pw = check_instance("pairwise", pairwise, kinds)
    if pw.method != "pairwise":
        raise ValueError(f"pairwise must be solved with method 'pairwise', got {pw.method!r}")
    results = [(pw, "pairwise: turn passes", COLORS["blue"])]
    if value_iteration is not None:
        vi = check_instance("value_iteration", value_iteration, kinds)
        if vi.method != "value_iteration" or vi.game != pw.game or vi.goal != pw.goal:
            raise ValueError("value_iteration must be the same game and goal solved with method 'value_iteration'")
        results.append((vi, "value iteration: rounds", COLORS["orange"]))
    upper = np.triu_indices(pw.iterations.shape[0])
    top = max(int(r.iterations[upper].max()) for r, _, _ in results)
    bins = np.arange(0.5, top + 1.5)
    for r, label, color in results:
        counts = r.iterations[upper]
        ax.hist(counts, bins=bins, color=color, alpha=0.8, histtype="stepfilled",
                label=f"{label} (mean {counts.mean():.2f}, most {counts.max()})")
    if top > 12:                       # many rounds beside a few passes: a log scale shows both
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_xlim(0.7, top * 1.5)
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlim(0.4, top + 0.6)
    ax.set_yscale("log")
    ax.set_ylim(top=ax.get_ylim()[1] * 4)          # room for the legend above the bars
    ax.set_xlabel("turn passes of one pair of banked scores")
    ax.set_ylabel("pairs")
    ax.legend(loc="upper right")
    return ax


@styled
def plot_win_shares(ax, shares, min_goal=1, legend=True, two_players=None):
    """Draw each seat's win probability against the goal, the fair share ``1 / players`` dotted.

    ``shares`` is :func:`stoplib.race.win_shares_by_goal` (any number of players); ``two_players``, the
    same game with two players (its seats dashed, in the same colours), to set beside it.
    """
    _check_ax(ax)
    c = check_instance("shares", shares, WinShares)
    min_goal = check_int("min_goal", min_goal, 1, c.goal)
    legend = check_bool("legend", legend)
    if two_players is not None:
        two = check_instance("two_players", two_players, WinShares)
        if two.game != c.game or two.players != 2 or two.goal < min_goal:
            raise ValueError(f"two_players must be two-player {c.game} reaching goal {min_goal} or more")
    keep = c.goals >= min_goal
    for k in range(c.players):
        ax.plot(c.goals[keep], c.shares[keep, k], color=CYCLE[k % len(CYCLE)], lw=1.4,
                label=f"seat {k + 1}" + (" (moves first)" if k == 0 else ""))
    low, high = float(c.shares[keep].min()), float(c.shares[keep].max())
    if two_players is not None:
        top = min(two.goal, c.goal)
        keep2 = (two.goals >= min_goal) & (two.goals <= top)
        for k in range(2):
            ax.plot(two.goals[keep2], two.shares[keep2, k], color=CYCLE[k % len(CYCLE)], lw=1.1, ls="--",
                    label=f"seat {k + 1} of two")
        low, high = min(low, float(two.shares[keep2].min())), max(high, float(two.shares[keep2].max()))
        ax.axhline(0.5, color=COLORS["grey"], lw=1, ls=":")
    ax.axhline(1.0 / c.players, color=COLORS["grey"], lw=1, ls=":")
    ax.set_xlim(min_goal, c.goal)
    ax.set_ylim(max(0.0, low - 0.02), min(1.0, high + 0.02))
    ax.set_xlabel(f"goal ({'chips of 50 points' if c.unit == 'chips' else c.unit})")
    ax.set_ylabel("win probability")
    ax.set_title(f"{TITLES.get(c.game, c.game)}, {c.players} players" + (" and two" if two_players else ""),
                 fontsize=10)
    if legend:
        ax.legend(loc="upper right", ncol=2 if two_players is not None else 1, fontsize=8)
    return ax
