"""Ten Thousand and Pig: what a call would cost, before it starts (the work and memory budget).

Every public function of :mod:`stoplib.tenthousand` whose cost grows with its
arguments builds an :class:`stoplib.util.budget.Estimate` here and passes it to
:func:`stoplib.util.budget.check`, which refuses it above the limits (30 minutes
and 4 GiB unless raised on purpose with ``stoplib.util.budget.allow`` or the
``STOPLIB_MAX_SECONDS`` / ``STOPLIB_MAX_BYTES`` environment variables). A refusal
names the call, the estimate, the rate it rests on and the limit, and is instant.

The rates are the named constants below, measured by
``benchmarks/bench_tenthousand.py`` (which prints each estimate beside the
measured time, so the calibration can be checked on any machine). Seconds are
for a warm call (kernels compiled or loaded from numba's cache); bytes are the
arrays the call allocates.
"""
from __future__ import annotations

from functools import lru_cache

from ..util.budget import Estimate
from ._tables import MAX_DICE, _prob_matrix, _rules

__all__: list[str] = []   # private: used by the public functions and the benchmark

# ----------------------------------------------------------------------------- rates
# Measured with benchmarks/bench_tenthousand.py (its last section prints every estimate
# beside the measured time) on the 2-core development machine: an Intel Xeon (Sapphire Rapids,
# AVX-512) under KVM, "Intel(R) Xeon(R) Processor, 2 cores, virtual machine" in
# stoplib.util.timing.machine(), its cores shared with other jobs; numba 0.68.1, numpy 2.4.6,
# 2026-11-23: the slow end of repeated runs, so that estimates err on the long side
# (estimate / measured between 0.8 and 4.3 there, busy or quiet; run the benchmark to check
# another machine).

#: Value iteration: seconds per state-action of one sweep (a sweep does
#: ``(cap + 1) * VI_WORK[n_dice]`` of them), and per entry of its ``[tau, k, n]``
#: tables (allocation, the greedy-policy pass, the broadcasts: seven tables).
VI_SECONDS_PER_UPDATE = 2.5e-8
VI_SECONDS_PER_ENTRY = 4.0e-7
#: Sweeps until value iteration stops changing, by number of dice (the most seen over
#: every cap, action set and ``chain``; the count no longer grows once ``cap >= tau*(N)``).
VI_SWEEPS = {1: 2, 2: 3, 3: 5, 4: 9, 5: 18, 6: 29}
#: Seconds per entry of a policy table ``[tau, k, n]``: building "stop at" tables
#: (with their check), and the checks, padding and kernel passes of evaluate and simulate.
POLICY_SECONDS_PER_ENTRY = 1.2e-7
EVALUATE_SECONDS_PER_ENTRY = 5.0e-7
SIMULATE_SECONDS_PER_ENTRY = 2.0e-7
#: Seconds per step of the pure-Python score distribution: a turn total, a number of dice
#: and a configuration those dice can show (``cap * roll_pairs(n_dice)`` steps).
DISTRIBUTION_SECONDS_PER_STEP = 7.0e-6
#: Seconds per simulated turn on one core, by number of dice (rule tables up to a few MiB).
SIMULATE_SECONDS_PER_TURN = {1: 3.0e-7, 2: 4.5e-7, 3: 6.0e-7, 4: 7.5e-7, 5: 9.0e-7, 6: 1.0e-6}
#: What ``parallel=True`` gains on the development machine: nothing measurable (its two
#: cores are shared); a machine with free cores finishes sooner than estimated.
PARALLEL_SPEEDUP = 1.0
#: The pure-Python reachability search behind :func:`~stoplib.tenthousand.is_reachable`: seconds
#: and bytes per state below its bound (``(tau_max + 1) * K * n_dice`` states; about a third are
#: reachable).
REACHABLE_SECONDS_PER_STATE = 6.0e-6
REACHABLE_BYTES_PER_STATE = 120.0
#: Seconds of the exact-fraction Algorithm 4.1 (``solve_exact``) with all actions, by number of dice.
SOLVE_EXACT_SECONDS = {1: 1e-4, 2: 3e-4, 3: 2e-3, 4: 0.04, 5: 0.3, 6: 2.5}
#: Seconds per state ``tau < threshold`` of the Python passes over a solution.
AUDIT_SECONDS_PER_STATE = 2.5e-5       # action_audit: every action of every state
LONGEST_SECONDS_PER_STATE = 3.5e-6     # longest_turn
COMPARE_SECONDS_PER_STATE = 1.2e-6     # max_state_difference

#: Pig: seconds per turn-total update of value iteration, and its sweeps (12 once cap >= 20).
PIG_VI_SECONDS_PER_UPDATE = 1.8e-8
PIG_VI_SWEEPS = 12
#: Pig: seconds per die roll of the simulator on one core (a turn costs its rolls plus one).
PIG_SECONDS_PER_ROLL = 4.0e-8
#: Pig: the exact value of "stop at s" in Fractions costs about ``a s + b s**2.6`` seconds
#: (the denominators 6**k grow with the total, and so does the cost of each operation).
PIG_EXACT_SECONDS_PER_TOTAL = 1.2e-4
PIG_EXACT_SECONDS_COEFF = 1.0e-9
PIG_EXACT_EXPONENT = 2.6

#: Seconds of a small public call (checks, a small table): one rule of ``stop_at_table``,
#: one :func:`stoplib.tenthousand.solve`.
CALL_SECONDS = 2.0e-4
SOLVE_SECONDS = 0.005

_FLOAT = 8.0


def _n(count):
    """A count as a float for an estimate; beyond float range it is inf (refused as "forever")."""
    try:
        return float(count)
    except OverflowError:
        return float("inf")


def count_text(count):
    """A count for a message: ``'20,000'``, or ``'about 1e+18'``, or ``'a 401-digit number'``."""
    if count < 10**15:
        return f"{count:,}"
    digits = len(str(count))
    return f"about 1e+{digits - 1}" if digits < 300 else f"a {digits}-digit number"


def _sizes(n_dice):
    rules = _rules(n_dice)
    return rules, len(rules.configs), int(rules.s.max()), len(rules.move_to)


@lru_cache(maxsize=None)
def roll_pairs(n_dice):
    """The (dice rolled, configuration shown) pairs with a positive probability."""
    rules, K, _, _ = _sizes(n_dice)
    p = _prob_matrix(n_dice)
    return sum(1 for n in range(1, n_dice + 1) for k in range(1, K) if rules.d[k] <= n and p[n, k] > 0)


def vi_work(n_dice):
    """State-actions one value-iteration sweep visits per turn total: the rolls' outcomes,
    the states' stop/roll values and their moves."""
    rules, K, _, M = _sizes(n_dice)
    return roll_pairs(n_dice) + n_dice * K + M


def table_rows(n_dice, cap):
    """Rows ``tau`` of a ``[tau, k, n]`` table that covers every total reachable from ``tau < cap``."""
    return cap + int(_rules(n_dice).s.max()) + 2


def table_entries(n_dice, rows):
    """Entries of a ``[rows, K, n_dice + 1]`` table."""
    return _n(rows) * len(_rules(n_dice).configs) * (n_dice + 1)


def value_iteration(n_dice, cap, max_iter):
    """Estimate of :func:`stoplib.tenthousand.value_iteration`."""
    sweeps = min(max_iter, VI_SWEEPS[n_dice])
    updates = _n(cap + 1) * vi_work(n_dice)
    rows = table_rows(n_dice, cap)
    entries = table_entries(n_dice, rows)
    return Estimate(f"value_iteration(n_dice={n_dice}, cap={count_text(cap)})",
                    sweeps * updates * VI_SECONDS_PER_UPDATE + entries * VI_SECONDS_PER_ENTRY,
                    7 * _FLOAT * entries,
                    f"{sweeps} sweeps of {updates:.3g} state-actions at {VI_SECONDS_PER_UPDATE:.2g} s, "
                    f"7 tables of {entries:.3g} entries at {VI_SECONDS_PER_ENTRY:.2g} s")


def policy_table(n_dice, chips):
    """Estimate of :func:`stoplib.tenthousand.stop_at_policy` (one int64 table of ``chips`` rows)."""
    entries = table_entries(n_dice, chips)
    return Estimate(f"stop_at_policy({count_text(chips)}, n_dice={n_dice})", entries * POLICY_SECONDS_PER_ENTRY,
                    3 * _FLOAT * entries, f"an int64 table of {entries:.3g} entries and its check, "
                    f"{POLICY_SECONDS_PER_ENTRY:.2g} s an entry")


def evaluate(n_dice, cap):
    """Estimate of :func:`stoplib.tenthousand.evaluate` for a policy that stops at ``cap``."""
    entries = table_entries(n_dice, table_rows(n_dice, cap))
    return Estimate(f"evaluate(a policy with cap={count_text(cap)}, n_dice={n_dice})",
                    entries * EVALUATE_SECONDS_PER_ENTRY, 6 * _FLOAT * entries,
                    f"tables of {entries:.3g} entries at {EVALUATE_SECONDS_PER_ENTRY:.2g} s an entry")


def score_distribution(n_dice, cap):
    """Estimate of :func:`stoplib.tenthousand.score_distribution` (a pure-Python forward pass)."""
    steps = _n(cap) * roll_pairs(n_dice)
    entries = table_entries(n_dice, table_rows(n_dice, cap))
    return Estimate(f"score_distribution(a policy with cap={count_text(cap)}, n_dice={n_dice})",
                    steps * DISTRIBUTION_SECONDS_PER_STEP + entries * SIMULATE_SECONDS_PER_ENTRY,
                    3 * _FLOAT * entries,
                    f"{steps:.3g} steps at {DISTRIBUTION_SECONDS_PER_STEP:.2g} s each (pure Python)")


def simulate(n_dice, cap, n_turns, n_chunks, parallel):
    """Estimate of :func:`stoplib.tenthousand.simulate`."""
    speedup = PARALLEL_SPEEDUP if parallel else 1.0
    per_turn = SIMULATE_SECONDS_PER_TURN[n_dice]
    entries = table_entries(n_dice, table_rows(n_dice, cap))
    return Estimate(f"simulate(n_turns={count_text(n_turns)}, n_dice={n_dice})",
                    _n(n_turns) * per_turn / speedup + entries * SIMULATE_SECONDS_PER_ENTRY,
                    3 * _FLOAT * entries + 40.0 * _n(n_chunks),
                    f"{per_turn:.2g} s a turn on one core, parallel speed-up {speedup:g}; "
                    f"rule tables of {entries:.3g} entries")


def reachable(n_dice, tau_max):
    """Estimate of the forward search behind :func:`stoplib.tenthousand.is_reachable` (``tau_max`` < 2 * 10**15)."""
    states = float(tau_max + 1) * len(_rules(n_dice).configs) * n_dice
    return Estimate(f"is_reachable (a search up to tau={tau_max:,}, n_dice={n_dice})",
                    states * REACHABLE_SECONDS_PER_STATE, states * REACHABLE_BYTES_PER_STATE,
                    f"{states:.3g} states below the bound at {REACHABLE_SECONDS_PER_STATE:.2g} s and "
                    f"{REACHABLE_BYTES_PER_STATE:g} bytes each (pure Python)")


def solve_exact(n_dice):
    """Estimate of :func:`stoplib.tenthousand.solve_exact` (Fractions, pure Python)."""
    seconds = SOLVE_EXACT_SECONDS[n_dice]
    return Estimate(f"solve_exact(n_dice={n_dice})", seconds, 1e6 + 1e7 * seconds,
                    f"measured {seconds:.2g} s with all actions")


def solution_pass(sol, what, per_state):
    """Estimate of a Python pass over every state ``tau < threshold`` of a solution."""
    K = len(_rules(sol.n_dice).configs)
    states = _n(sol.threshold) * sol.n_dice * K
    return Estimate(f"{what} (a solution with threshold {count_text(sol.threshold)}, n_dice={sol.n_dice})",
                    states * per_state, 0.0, f"{states:.3g} states at {per_state:.2g} s each (pure Python)")


def compare(n_dice, states):
    """Estimate of :func:`stoplib.tenthousand.claims.max_state_difference`."""
    return Estimate(f"max_state_difference (n_dice={n_dice})", _n(states) * COMPARE_SECONDS_PER_STATE, 0.0,
                    f"{_n(states):.3g} states at {COMPARE_SECONDS_PER_STATE:.2g} s each (pure Python)")


# ----------------------------------------------------------------------------- Pig

def pig_value_iteration(cap, max_iter):
    """Estimate of :func:`stoplib.tenthousand.pig_value_iteration`."""
    sweeps = min(max_iter, PIG_VI_SWEEPS)
    return Estimate(f"pig_value_iteration(cap={count_text(cap)})", sweeps * _n(cap + 1) * PIG_VI_SECONDS_PER_UPDATE,
                    3 * _FLOAT * _n(cap + 7),
                    f"{sweeps} sweeps of {count_text(cap + 1)} totals at {PIG_VI_SECONDS_PER_UPDATE:.2g} s each")


def pig_expected_rolls(stop_at):
    """Expected rolls of a Pig turn under "stop at ``stop_at``" (at most 6: a 1 comes every 6 rolls).

    Examples
    --------
    >>> round(pig_expected_rolls(20), 2), pig_expected_rolls(10**9)
    (3.75, 6.0)
    """
    if stop_at > 400:   # the chance of reaching 400 without a 1 is below 1e-20
        return 6.0
    R = [0.0] * (stop_at + 7)
    for t in range(stop_at - 1, -1, -1):
        R[t] = 1.0 + sum(R[t + f] for f in (2, 3, 4, 5, 6)) / 6.0
    return R[0]


def pig_simulate(stop_at, n_turns, n_chunks, parallel):
    """Estimate of :func:`stoplib.tenthousand.pig_simulate`."""
    speedup = PARALLEL_SPEEDUP if parallel else 1.0
    rolls = pig_expected_rolls(stop_at)
    return Estimate(f"pig_simulate(stop_at={count_text(stop_at)}, n_turns={count_text(n_turns)})",
                    _n(n_turns) * (rolls + 1) * PIG_SECONDS_PER_ROLL / speedup, 40.0 * _n(n_chunks),
                    f"{rolls:.3g} rolls a turn (and one turn's overhead) at {PIG_SECONDS_PER_ROLL:.2g} s each, "
                    f"parallel speed-up {speedup:g}")


def pig_stop_at_value(stop_at):
    """Estimate of :func:`stoplib.tenthousand.pig_stop_at_value` (Fractions)."""
    s = _n(stop_at)
    return Estimate(f"pig_stop_at_value({count_text(stop_at)})",
                    PIG_EXACT_SECONDS_PER_TOTAL * s + PIG_EXACT_SECONDS_COEFF * s ** PIG_EXACT_EXPONENT,
                    (s + 7.0) * (100.0 + 0.7 * s),
                    f"{PIG_EXACT_SECONDS_PER_TOTAL:.2g} s per total plus {PIG_EXACT_SECONDS_COEFF:.2g} s "
                    f"x total^{PIG_EXACT_EXPONENT:g} (the denominators 6**k grow with the total)")


def dice_table(max_dice, cap_extra, thresholds):
    """Estimate of :func:`stoplib.tenthousand.claims.dice_table` (``thresholds``: tau* for 1..max_dice dice)."""
    each = [value_iteration(N, t + cap_extra, 100_000) for N, t in enumerate(thresholds, 1)]
    return Estimate(f"dice_table(max_dice={max_dice}, cap_extra={count_text(cap_extra)})",
                    sum(e.seconds for e in each) + SOLVE_SECONDS * 2 * max_dice, max(e.bytes for e in each),
                    "the value iterations it runs, the largest: " + each[-1].basis)


def rules_at_least(count):
    """What :func:`stoplib.tenthousand.claims.stop_at_table` costs at least, for ``count`` rules."""
    return Estimate(f"stop_at_table({count_text(count)} or more rules)", count * CALL_SECONDS, count * 200.0,
                    f"at least {CALL_SECONDS:.2g} s and 200 bytes a rule")


def stop_at_table(values, n_dice):
    """Estimate of :func:`stoplib.tenthousand.claims.stop_at_table` for the checked rules ``values``
    (a range or a list): each rule's table, built then evaluated."""
    if isinstance(values, range):   # the sum over a range of the per-rule costs, which grow linearly
        total = _n((values[0] + values[-1]) * len(values) // 2)
        top = max(values[0], values[-1])
    else:
        total, top = _n(sum(values)), max(values)
    K = len(_rules(n_dice).configs)
    rows = total + len(values) * table_rows(n_dice, 0)
    per_entry = POLICY_SECONDS_PER_ENTRY + EVALUATE_SECONDS_PER_ENTRY
    seconds = rows * K * (n_dice + 1) * per_entry + len(values) * CALL_SECONDS
    return Estimate(f"stop_at_table({len(values):,} rules up to {count_text(top)} chips, n_dice={n_dice})", seconds,
                    evaluate(n_dice, top).bytes, f"{rows * K * (n_dice + 1):.3g} table entries at {per_entry:.2g} s "
                    f"each and {CALL_SECONDS:.2g} s a rule")


assert set(VI_SWEEPS) == set(SIMULATE_SECONDS_PER_TURN) == set(SOLVE_EXACT_SECONDS) == set(range(1, MAX_DICE + 1))


# ----------------------------------------------------------------------------- the two-player twins

#: The brute-force twins (global Jacobi sweeps in NumPy): seconds per state per sweep, the
#: sweeps they take (they grow with the goal; these are upper bounds seen up to goal 30 and
#: 10), and for Ten Thousand the Python set-up per state.
PIG_BRUTE_SECONDS_PER_STATE = 1.2e-8
PIG_BRUTE_SWEEPS = 700
DUEL_BRUTE_SECONDS_PER_STATE = 2.0e-8
DUEL_BRUTE_SETUP_SECONDS = 5.0e-6
DUEL_BRUTE_SWEEPS = 400
#: Post-roll states per (pair, turn total), about (the paper's (k, n) with s(k) <= t), and the
#: bytes each takes in the Python set-up (its transition lists).
DUEL_BRUTE_STATES_PER_TOTAL = 150.0
DUEL_BRUTE_BYTES_PER_STATE = 4000.0


def pig_brute_force(goal, die, max_sweeps):
    """Estimate of :func:`stoplib.tenthousand.pig_duel_brute_force`."""
    G = _n(goal)
    states = G ** 3 * (die - 1)
    sweeps = min(max_sweeps, PIG_BRUTE_SWEEPS)
    return Estimate(f"pig_duel_brute_force(goal={count_text(goal)}, die={die})",
                    sweeps * states * PIG_BRUTE_SECONDS_PER_STATE, 8.0 * 8 * G * G * (G + die),
                    f"{sweeps} sweeps of {states:.3g} state updates")


def duel_brute_force(goal, max_sweeps):
    """Estimate of :func:`stoplib.tenthousand.duel_brute_force`."""
    G = _n(goal)
    states = G * G * (G + 1) / 2 * DUEL_BRUTE_STATES_PER_TOTAL
    sweeps = min(max_sweeps, DUEL_BRUTE_SWEEPS)
    return Estimate(f"duel_brute_force(goal={count_text(goal)})",
                    states * (DUEL_BRUTE_SETUP_SECONDS + sweeps * DUEL_BRUTE_SECONDS_PER_STATE),
                    DUEL_BRUTE_BYTES_PER_STATE * states,
                    f"about {states:.3g} states (Python set-up) and {sweeps} NumPy sweeps")
