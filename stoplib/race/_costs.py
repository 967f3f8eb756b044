"""What a race computation would cost, before it starts (the only room of the engine that builds
a ``budget.Estimate``).

Every estimate counts *steps*: one step is one (turn total x option) update of a turn pass, so
a pass at own score ``i`` takes ``(goal - i) * steps_per_total`` steps with ``steps_per_total =
options + dice`` of the turn model. The rates are seconds per step on one core of the 2-core
development machine ("AMD EPYC, 2 cores, virtual machine", numba 0.68.1), measured by
``benchmarks/bench_race.py`` and set on the long side (the machine is shared).
"""
from __future__ import annotations

from ..util.budget import Estimate

__all__: list[str] = []   # private

#: Seconds per step of a pass that tracks slopes and intervals (the pairwise method) and of a plain one.
TRACKED_SECONDS = 1.2e-8
PASS_SECONDS = 6.0e-9
#: Tracked passes per turn of the pairwise method, rounds per pair of value iteration.
PAIRWISE_PASSES = 2.5
VI_ROUNDS = 30.0
#: Gauss-Seidel sweeps of a game with a bust counter (Facebook Farkle) by value iteration, about.
COUNTER_SWEEPS = 30.0
#: Policy iteration on a game with a bust counter, in sweeps' worth of plain passes: the warm start and
#: about five rounds of improvement, each vector pass serving every count against four opponent's
#: positions (measured 0.70 at the published goal, benchmarks/bench_race_facebook.py).
COUNTER_PI_SWEEPS = 0.8
#: Rounds a cycle of three or more players takes, about (each round one pass per seat).
MULTI_ROUNDS = 12.0
#: Seconds per game and unit of goal of a Monte Carlo game (one core).
GAME_SECONDS_PER_UNIT = 2.0e-7
#: Seconds per state of the exact Pig twin (Fractions; it grows with the goal).
EXACT_SECONDS = 6.0e-5


def _n(count):
    try:
        return float(count)
    except OverflowError:   # pragma: no cover - beyond float range
        return float("inf")


def count_text(count):
    """A count for a message: ``'20,000'`` or ``'about 1e+18'``."""
    return f"{count:,}" if count < 10**15 else f"about 1e+{len(str(count)) - 1}"


def steps_per_total(model):
    return float(len(model.opt_s) + model.dice)


def pass_steps(model, goal, players=2):
    """Steps of one pass over every turn start of the game to ``goal`` with ``players`` players."""
    S = _n(goal) - model.floor
    per_player = S * model.farkles
    own = model.farkles * S * (S + 1) / 2          # sum over own positions of the totals left
    return own * per_player ** (players - 1) * steps_per_total(model)


def solitaire_steps(model):
    """Steps of the solitaire optimum (:mod:`._solitaire`): its cap reaches about twice the threshold, which
    for one die of ``F`` faces is about ``F**2 / 2`` (Pig: 20), and stays below 256 units for the dice games."""
    cap = max(128.0, 2.0 * _n(model.faces) ** 2) if model.dice == 1 else 512.0
    return 2.0 * cap * steps_per_total(model)


def solve(model, goal, players, method, multi=False):
    """Estimate of :func:`stoplib.race.solve` (``multi``: the engine of three or more players, any count)."""
    steps = pass_steps(model, goal, players)
    S = _n(goal) - model.floor
    P = S * model.farkles
    extra = solitaire_steps(model) * PASS_SECONDS
    if players >= 3 or multi:
        seconds = steps * (MULTI_ROUNDS * players * 0.5 + 2) * PASS_SECONDS
        nbytes = 8.0 * players * P ** players * 2 + 1e7
    elif model.counter:
        sweeps = COUNTER_PI_SWEEPS if method == "pairwise" else COUNTER_SWEEPS + 1
        seconds = steps * sweeps * PASS_SECONDS
        nbytes = 40.0 * P * P * (model.dice + 1) / 4 + 16.0 * P * P + 1e7
        if method == "pairwise":    # policy iteration stores each turn start's distribution of ends, its
            # statistics and a few snapshots of the table (993 MiB measured at the published goal)
            nbytes += 8.0 * P * P * (S / 2 + 2) + 16.0 * (model.dice + 1) * P * P + 80.0 * P * P + 1e8
    elif method == "pairwise":
        seconds = steps * (PAIRWISE_PASSES * TRACKED_SECONDS + PASS_SECONDS)
        nbytes = 16.0 * (model.dice + 1) * P * P + 16.0 * P * P + 1e7
    elif method == "value_iteration":
        seconds = steps * (VI_ROUNDS + 1) * PASS_SECONDS
        nbytes = 16.0 * (model.dice + 1) * P * P + 16.0 * P * P + 1e7
    else:   # the exact Pig twin
        states = S * S * (S + 1) / 2 * (model.faces - 1)
        seconds = states * EXACT_SECONDS * max(1.0, S / 20.0)
        nbytes = 9.0 * S ** 3 + 1e7
    return Estimate(f"solve({model.game!r}, goal={count_text(goal)}, players={players}, method={method!r})",
                    seconds + extra, nbytes, f"{steps:.3g} pass steps a sweep over every turn start")


def passes(model, goal, what, count=2):
    """Estimate of ``count`` plain passes over every two-player turn start (evaluation, tables, maps)."""
    steps = pass_steps(model, goal, 2)
    S = _n(goal) - model.floor
    return Estimate(f"{what} ({model.game!r}, goal={count_text(goal)})", count * steps * PASS_SECONDS,
                    40.0 * S * S * model.farkles ** 2 + 1e7, f"{count} passes of {steps:.3g} steps")


def table(model, goal, what):
    """Estimate of a table of every pre-roll state (``goal**3 * dice`` values)."""
    steps = pass_steps(model, goal, 2)
    S = _n(goal) - model.floor
    P = S * model.farkles
    entries = P * P * S * model.dice
    return Estimate(f"{what} ({model.game!r}, goal={count_text(goal)})", steps * PASS_SECONDS,
                    8.0 * entries + 1e7, f"{entries:.3g} values")


def simulate(model, goal, n_games, parallel):
    """Estimate of :func:`stoplib.race.simulate` (the games and the players' tables; the solve and the
    optimal player's table are estimated apart)."""
    seconds = _n(n_games) * _n(goal) * GAME_SECONDS_PER_UNIT
    return Estimate(f"simulate({model.game!r}, goal={count_text(goal)}, n_games={count_text(n_games)})", seconds,
                    1e6 + 32.0 * _n(goal) ** 2 + 16.0 * _n(goal) * model.n_outcomes,
                    f"{GAME_SECONDS_PER_UNIT:.2g} s a game per unit of goal")
