"""Two-player races: the solve behind :func:`stoplib.race.solve` (private).

Pairs of banked scores ``{(i, j), (j, i)}`` are solved one at a time, largest score sums
first (a bank only ever leads to a larger sum), each by the finite pairwise search or by
value iteration (:mod:`._kernels`). A game with a bust counter (Facebook Farkle) has no
2-cycle: a bust adds one to the mover's count, so within a pair of scores the counts are
passed from the largest sum down, each turn start once (a Gauss-Seidel sweep); only the
penalty (to a *lower* score) reads a value not yet passed, so whole sweeps are repeated until
no turn-start value moves by more than the tolerance, and the count of sweeps is reported.
"""
from __future__ import annotations

import numpy as np

from ..workbook.progressbar import progress
from . import _costs, _solitaire
from ._kernels import _diagonal_parallel, _diagonal_serial, _residual, _residual_simple, _work

__all__: list[str] = []   # private

#: Value iteration stops on a pair once no turn-start value moves by more than this.
VI_TOL = 1e-14
VI_MAX_ITER = 1_000_000
#: A counter game's sweeps stop once no turn-start value moved by more than this in a sweep.
SWEEP_TOL = 1e-13
MAX_SWEEPS = 400
STATS = ("bank_from", "roll_above", "riskier", "safer")


def geometry(model, goal):
    """``(geo, T, P, S)``: the kernels' geometry tuple, the rows of a turn's tables, the positions, the scores."""
    simple = (model.dice == 1 and bool((np.diff(model.opt_ptr) == 1).all())
              and bool((model.out_p == model.bust[1]).all()))
    geo = np.array([goal, model.floor, model.farkles, model.penalty, model.minimum_bank, int(simple), model.smax],
                   dtype=np.int64)
    S = goal - model.floor
    T = S + model.smax + 1
    return geo, T, S * model.farkles, S


def compute(model, goal, method, finish, parallel, label):
    """``(P0, stats, counts, sweeps, last_change, residual)`` of the game to ``goal``."""
    if model.counter and method == "pairwise":
        return _policy_iteration(model, goal, finish, label)
    geo, T, P, S = geometry(model, goal)
    N = model.dice
    sol_roll = _solitaire.roll_table(model, T)
    P0 = np.zeros((P, P))
    stats = np.zeros((4, N + 1, P, P), dtype=np.int32)
    counts = np.zeros((S, S), dtype=np.int64)
    changes = np.zeros((S, S))
    work = _work(T, N, model.n_outcomes)
    code = 0 if method == "pairwise" else 1
    bank = finish == "bank"
    pairs = S * (S + 1) // 2
    sweeps, last = 0, 0.0
    if model.counter:
        P0[:] = 0.5
    rounds = MAX_SWEEPS if model.counter else 1
    slow = _costs.solve(model, goal, 2, method).seconds > 2.0
    with progress(total=pairs * (1 if not model.counter else 8), desc=label, unit="pair",
                  disable=None if slow else True) as bar:
        for sweep in range(rounds):
            changes[:] = 0.0
            for s in range(2 * S - 2, -1, -1):
                if parallel:
                    _diagonal_parallel(P0, s, geo, N, model.rules, T, bank, sol_roll, stats, counts, changes, code,
                                       VI_TOL, VI_MAX_ITER)
                else:
                    _diagonal_serial(P0, s, geo, N, model.rules, T, bank, sol_roll, stats, counts, changes, code,
                                     VI_TOL, VI_MAX_ITER, work)
                if sweep < 8:
                    bar.update(s // 2 - max(0, s - S + 1) + 1)
            sweeps += 1
            last = float(changes.max())
            if not model.counter or last <= SWEEP_TOL:
                break
    if not model.counter and (counts[np.triu_indices(S)] < 0).any():   # pragma: no cover - never seen
        i, j = np.argwhere(np.triu(counts < 0))[0]
        raise RuntimeError(f"{method} did not settle pair ({i}, {j}) of goal {goal}")
    if geo[5]:                          # Pig: the lean twin of the same update (same number, faster)
        residual = float(_residual_simple(P0, geo, model.rules, T))
    else:
        residual = float(_residual(P0, geo, N, model.rules, T, bank, sol_roll))
    return P0, stats, counts, sweeps, last, residual


#: Policy iteration: the evaluation's Gauss-Seidel sweeps stop once no value moves by more than this
#: (or the change stops shrinking below STALL); while choices still change, a round evaluates them with
#: at most ROUND_SWEEPS sweeps (modified policy iteration: early choices need not be valued exactly).
EVAL_TOL = 1e-15
EVAL_STALL = 1e-13
ROUND_SWEEPS = 400
MAX_EVAL_SWEEPS = 100_000
MAX_IMPROVEMENTS = 200


def _warm_start(model, goal, label):
    """Turn-start values to begin a counter game's policy iteration from: the same game without the counter
    (no penalty, so the pairwise method solves it, every count given its pair's value). A starting point
    only: policy iteration certifies its own answer."""
    import dataclasses

    plain = dataclasses.replace(model, farkles=1, penalty=0)
    P1, _, _, _, _, _ = compute(plain, goal, "pairwise", "reach", False, label + " (warm start)")
    K = model.farkles
    return np.repeat(np.repeat(P1, K, axis=0), K, axis=1)


def _policy_iteration(model, goal, finish, label, start=None, checkpoint=None, log=None):
    """A counter game by policy iteration (:mod:`._kernels_counter`): ``counts[u, v]`` holds the rounds of
    improvement, ``sweeps`` the evaluation sweeps in all, ``last_change`` the last evaluation sweep's change.

    ``start``: turn-start values to begin from (a checkpoint of an interrupted run; None: the game without
    the counter, :func:`_warm_start`). The first round improves every turn start against them, the counts
    of one score against four opponent's positions in one vector pass (:func:`._kernels_counter._side_lanes`).
    ``checkpoint``: a path where the values are saved (``.npy``) after every round, so that a long run never
    loses finished work.
    ``log``: a callable given one line per round."""
    from ._kernels_counter import _evaluate_sweep, _improve_all

    geo, T, P, S = geometry(model, goal)
    N = model.dice
    K, F, MINB = model.farkles, model.floor, model.minimum_bank
    R = np.maximum(goal - (np.arange(P) // K + F), MINB)
    starts = np.zeros((P, P), dtype=np.int64)
    sizes = np.repeat((R + 2)[:, None], P, axis=1).ravel()
    starts.ravel()[1:] = np.cumsum(sizes)[:-1]
    store = np.full(int(sizes.sum()), -1.0)
    sol_roll = _solitaire.roll_table(model, T)
    stats = np.zeros((4, N + 1, P, P), dtype=np.int32)
    P0 = _warm_start(model, goal, label) if start is None else np.array(start, dtype=float)
    if P0.shape != (P, P):
        raise ValueError(f"start must have shape {(P, P)}, got {P0.shape}")
    sweeps, last, rounds = 0, 0.0, 0
    exact = False                       # the last evaluation ran to the tolerance
    own_margin = np.full((P, P), -1.0)  # no choice known yet: every turn start is passed in the first round
    seen = np.zeros((P, P), dtype=np.int64)  # the snapshot of the table at each turn start's last pass
    snaps = np.empty((0, P, P))
    with progress(total=None, desc=label, unit="round", disable=None) as bar:
        for rounds in range(1, MAX_IMPROVEMENTS + 1):
            keep, seen = np.unique(seen, return_inverse=True) if rounds > 1 else (np.zeros(0, int), seen)
            seen = seen.reshape(P, P)           # only the snapshots some turn start still refers to are kept
            snaps = np.concatenate([snaps[keep], P0[None]])
            changed, passed, worst = _improve_all(P0, geo, N, model.rules, T, sol_roll, stats, starts, store,
                                                  own_margin, snaps, seen, len(snaps) - 1)
            bar.update(1)
            if changed == 0 and rounds > 1 and exact:
                break                   # the exact values' best responses are the choices valued: optimal
            limit = MAX_EVAL_SWEEPS if changed == 0 else ROUND_SWEEPS
            prev = np.inf
            exact = False
            for _ in range(limit):
                last = float(_evaluate_sweep(P0, geo, starts, store))
                sweeps += 1
                if last <= EVAL_TOL or (last <= EVAL_STALL and last >= prev):
                    exact = True
                    break
                prev = last
            if checkpoint is not None:
                np.save(checkpoint, P0)
            if log is not None:
                first = float(P0[model.position(0), model.position(0)])
                log(f"round {rounds}: {passed} passes, {changed} turn distributions changed, largest change "
                    f"{worst:.3e}; {sweeps} evaluation sweeps so far, last {last:.3e}; first player {first!r}")
        else:   # pragma: no cover - never seen; an error, not a wrong table
            raise RuntimeError(f"policy iteration did not settle in {MAX_IMPROVEMENTS} rounds (goal {goal})")
    counts = np.full((S, S), rounds, dtype=np.int64)
    # the last round passed every turn start whose choices could have changed and changed none (the others'
    # margins prove theirs still best): every stored distribution is a best response to these values, so its
    # largest difference between a value under its distribution and the table is the residual max |L P0 - P0|
    return P0, stats, counts, sweeps, last, float(worst)
