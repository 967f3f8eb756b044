"""Hold'em stackings: what a call would cost, before it starts (the work and memory budget).

Every public function of :mod:`stoplib.holdem` whose cost grows with its
arguments estimates it here and passes the :class:`stoplib.util.budget.Estimate`
to :func:`stoplib.util.budget.check`, which refuses it above the limits (30
minutes and 4 GiB unless raised on purpose with ``stoplib.util.budget.allow``
or the ``STOPLIB_MAX_SECONDS`` / ``STOPLIB_MAX_BYTES`` environment variables).
A refusal names the call, the estimate, the rate it rests on and the limit, and
is instant. Each ``_*_estimate`` function below checks the budget and returns
the estimate; this is the only module of the game that builds an ``Estimate``.

The rates (:data:`RATES`) are measured by ``benchmarks/bench_holdem_evaluator.py
--budget-only`` and ``benchmarks/bench_holdem_search.py --budget-only``, which
print each estimate beside the measured time and the rate it implies. Source of
the game: document 004, Jeremy Kun, "Optimally Stacking the Deck – Texas Hold
'Em", Math ∩ Programming (jeremykun.com), 9 April 2012.
"""
from __future__ import annotations

import os

from ..util import budget

__all__: list[str] = []   # private: used by the public functions and the benchmarks

#: Rates on the development machine, one numba thread, after compilation, measured by
#: ``benchmarks/bench_holdem_evaluator.py --budget-only`` and ``benchmarks/bench_holdem_search.py
#: --budget-only`` (which print each estimate beside the measured time and the rate it implies) while
#: the machine was shared: first on a 2-core Intel Xeon (Sapphire Rapids, KVM; 2026-11-23, load
#: average 7 to 14); the evaluator, deck-value and search rates again after issue 19's kernels on a
#: 2-core AMD EPYC (KVM, numba 0.68; load average 4.5 to 5), set at about 60% of what was measured
#: there. They serve only to refuse, up front, calls that would run far past the limits of
#: :mod:`stoplib.util.budget`, with a message saying what the call would need.
RATES = {
    "rank7": 100e6,          # seven-card hands/s, direct look-up (evaluate7_many; ~300 M/s on the EPYC)
    "best_of_21": 3.0e6,     # seven-card hands/s, best of 21 five-card hands (6.5 M/s)
    "rank5": 100e6,          # five-card hands/s (evaluate5_many)
    "enumerate": 400e6,      # hands/s in rank_counts' nested loops (990 M/s)
    "hand_check": 100e6,     # hands/s checked for range and repeats before they are ranked
    "random_hands": 3e5,     # random hands/s drawn by timings.random_hands (2e5 under load)
    # steepest-ascent climbs/s, by players (measured at 2..9, 12, 16, 22: 1020, 360, 257, 202, 171, 156,
    # 128, 118, 92, 64, 41 climbs/s; the others interpolated on log-log axes)
    "climbs": {2: 610.0, 3: 220.0, 4: 150.0, 5: 120.0, 6: 100.0, 7: 94.0, 8: 77.0, 9: 71.0, 10: 65.0,
               11: 59.0, 12: 55.0, 13: 50.0, 14: 45.0, 15: 41.0, 16: 38.0, 17: 35.0, 18: 32.0, 19: 30.0,
               20: 28.0, 21: 26.0, 22: 25.0},
    "first_speedup": 2.5,    # first improvement runs this many times as many climbs/s (2.8)
    "kick": 0.6,             # one kick of the iterated local search, in climbs of the same kind (0.57)
    "deck_value": 15_000.0,  # deck_value calls/s (52 cuts, parsing and checks included; 32,000/s)
    # decks/s of score_decks (input checks included), over (1 + n_players / 8): measured 3.6e6 to 4.7e6
    # (3.5 M/s for 2 players, 1.7 M/s for 9, 1.3 M/s for 22); kept below, for slower machines
    "score_decks": 2.0e6,
    # decks/s of score_decks(method="cuda"), over (1 + n_players / 8): on an H200 with a 16-core Xeon host, 5.0 to
    # 5.3 M/s for 2..22 players (wall: the host's checks of the int64 decks take 60%, the kernel alone 1-3%)
    "score_decks_cuda": 3.0e6,
    "score_decks_cudasim": 50.0,  # the same in numba's CUDA simulator (Python threads: 80-90 decks/s, any n_players)
    "cut_table": 300.0,      # two-player cut_table calls/s (a 52-row DataFrame; 6 players: 3 times the cost)
    "reference_hands": 30_000.0,  # five-card hands/s scored by the rules (reference_rank5/7; 37,000/s)
    "reference_deals": 40_000.0,  # hands/s of deck_value_reference (evaluate7 from plain Python; 62,000/s)
    "reference_setup": 0.5,  # seconds to number the 7,462 classes for the reference evaluator, once (0.26 s)
    "table_build": 30.0,     # seconds to rebuild the evaluator's tables from the rules (9-38 s)
    "read_lines": 20_000.0,  # stackings-file lines/s read and checked
    "dask_start": 1.0,       # seconds to start and stop a local Dask cluster (0.1-0.2 s; 1.9 s with dask's import)
    "anneal_moves": 1.5e6,   # annealing proposals/s (or tabu swaps evaluated) over (1 + n_players / 4)
    "family_orders": 1.0e7,  # rank orders/s of a period-13 family search (early exit), over (1 + n_players / 8)
    "census_layouts": 2.5e6,  # period-13 layouts/s of the census kernel, over (1 + n_players / 8) (4.4e6 to 2.6e6)
    # seconds to decide every set of classes of one table size by the exact search (CP-SAT: about as long);
    # measured while the machine was shared, rounded up; sizes not listed: 300 s
    "census_sets": {8: 30.0, 9: 200.0, 12: 1.5},
    "census_completion": 1.0,  # seconds of one exact suit completion (search, then CP-SAT: most under 0.5 s)
    "verdicts": 0.6,         # seconds of claims.verdicts' fixed checks, beyond its n_check random hands (0.38 s)
}
#: Each numba thread beyond the first adds this fraction of a thread's speed (2 cores, shared).
PARALLEL_EFFICIENCY = 0.7
#: Bytes of the random-hand buffers of timings.random_hands (a 500,000-row float32 key block).
_HAND_BUFFER_BYTES = 5e5 * 52 * 12


def _threads(parallel: bool) -> float:
    """Effective speed-up of a numba ``prange`` loop over the machine's cores."""
    if not parallel:
        return 1.0
    import numba

    threads = max(1, min(numba.get_num_threads(), os.cpu_count() or 1))
    return 1.0 + PARALLEL_EFFICIENCY * (threads - 1)


def _check(what: str, seconds: float, n_bytes: float, basis: str) -> budget.Estimate:
    """Refuse a call over the budget (:func:`stoplib.util.budget.check`), else return its estimate."""
    return budget.check(budget.Estimate(what, seconds=seconds, bytes=n_bytes, basis=basis))


# --------------------------------------------------------------------------- the evaluator
def _hands_estimate(what: str, n_hands: int, kind: str, parallel: bool, n_bytes: float,
                    checked: bool = True) -> budget.Estimate:
    """Seconds to (check and) rank ``n_hands`` hands with kernel ``kind`` (a key of :data:`RATES`)."""
    speed = _threads(parallel)
    seconds = n_hands / (RATES[kind] * speed) + (n_hands / RATES["hand_check"] if checked else 0.0)
    return _check(what, seconds, n_bytes, f"{RATES[kind]:.3g} hands/s per thread, {speed:.2g} threads' worth")


def _table_build_estimate() -> budget.Estimate:
    """``load_tables(rebuild=True)``: the evaluator's tables rebuilt from the rules."""
    return _check("load_tables(rebuild=True)", RATES["table_build"], 4e7, "a rebuild from the rules, timed")


def _reference_estimate(what: str, n_five: int, setup: bool) -> budget.Estimate:
    """``n_five`` five-card hands scored by the rules, after numbering the 7,462 classes if ``setup``."""
    first = RATES["reference_setup"] if setup else 0.0
    return _check(what, first + n_five / RATES["reference_hands"], 2e6,
                  f"{RATES['reference_hands']:g} five-card hands/s by the rules"
                  + (f", {RATES['reference_setup']:g} s to number the 7,462 classes first" if setup else ""))


def _reference_deals_estimate(what: str, n_players: int, n_decks: int = 1) -> budget.Estimate:
    """``n_decks`` decks valued by the slow twin (``deck_value_reference``): 52 cuts of ``n_players`` hands."""
    return _check(what, n_decks * 52 * n_players / RATES["reference_deals"], 1e5 * n_decks,
                  f"{RATES['reference_deals']:g} hands/s through evaluate7 in plain Python")


# --------------------------------------------------------------------------- decks and tables
def _cut_table_estimate(n_players: int, n_tables: int = 1, what: str | None = None) -> budget.Estimate:
    """``n_tables`` per-cut tables (52-row DataFrames) of ``n_players`` players."""
    what = what or f"cut_table for {n_players} players"
    return _check(what, n_tables * n_players / 2 / RATES["cut_table"], 2e5 * n_tables,
                  f"{RATES['cut_table']:g} two-player tables/s (a 52-row DataFrame; cost grows with the players)")


def _file_size_estimate(n_decks: int) -> budget.Estimate:
    """``claims.file_size_estimate``: ``n_decks`` cut tables written out in the article's format."""
    return _check(f"file_size_estimate of {n_decks:,} decks", n_decks * 1.5 / RATES["cut_table"], 1e4 * n_decks,
                  f"{RATES['cut_table']:g} cut tables/s, written out as text")


def _verdicts_estimate(n_check: int) -> budget.Estimate:
    """``claims.verdicts``: the fixed checks and ``n_check`` random hands drawn and ranked twice."""
    seconds = (RATES["verdicts"] + n_check / RATES["random_hands"] + n_check / RATES["rank7"]
               + n_check / RATES["best_of_21"])
    return _check(f"verdicts(n_check={n_check:,})", seconds, 60.0 * n_check,
                  f"the fixed checks ({RATES['verdicts']:g} s) and {n_check:,} random hands drawn and ranked twice")


# --------------------------------------------------------------------------- the search
def _climb_seconds(n_players: int, method: str, kicks: int) -> float:
    """Seconds of one restart on one thread: a climb, plus ``kicks`` kicks (each a partial climb)."""
    per_climb = 1.0 / RATES["climbs"][n_players]
    if method == "first":
        per_climb /= RATES["first_speedup"]
    return per_climb * (1.0 + RATES["kick"] * kicks)


def _search_estimate(what: str, n_restarts: int, n_players: int, method: str, kicks: int,
                     speed: float, overhead: float = 0.0) -> budget.Estimate:
    """Estimate of ``n_restarts`` restarts on ``speed`` threads' worth of cores (refused above the budget)."""
    seconds = overhead + float(n_restarts) * _climb_seconds(n_players, method, kicks) / speed
    n_bytes = float(n_restarts) * 640.0  # decks (int64 and int8), paths and six result arrays per restart
    basis = (f"{RATES['climbs'][n_players]:g} steepest-ascent climbs/s per thread for {n_players} players"
             + (f", first improvement {RATES['first_speedup']:g}x faster" if method == "first" else "")
             + (f", a kick {RATES['kick']:g} climb" if kicks else "") + f", {speed:.2g} threads' worth")
    return _check(what, seconds, n_bytes, basis)


def _cluster_speed(threads: int) -> float:
    """Threads' worth of speed of a Dask cluster with ``threads`` worker threads."""
    return 1.0 + PARALLEL_EFFICIENCY * (max(int(threads), 1) - 1)


# --------------------------------------------------------------------------- files
def _read_estimate(name: str, size: int, line_bytes: int) -> budget.Estimate:
    """Reading and checking a stackings file of ``size`` bytes (lines of ``line_bytes``)."""
    return _check(f"reading {name} ({size:,} bytes)", size / line_bytes / RATES["read_lines"], 4.0 * size,
                  f"{RATES['read_lines']:g} lines/s read and checked")


def _verify_estimate(n_decks: int) -> budget.Estimate:
    """``verify_file``: every stored deck re-valued."""
    return _check(f"verify_file of {n_decks:,} decks", n_decks / RATES["deck_value"], 1e3 * n_decks,
                  f"{RATES['deck_value']:g} deck values/s")


# --------------------------------------------------------------------------- timings
def _random_hands_estimate(n: int, n_cards: int) -> budget.Estimate:
    """``timings.random_hands``: ``n`` random hands of ``n_cards`` cards."""
    return _check(f"random_hands({n:,})", n / RATES["random_hands"], float(n) * n_cards + _HAND_BUFFER_BYTES,
                  f"{RATES['random_hands']:g} hands/s drawn")


def _evaluator_speeds_estimate(n: int, repeats: int) -> budget.Estimate:
    """``timings.evaluator_speeds``: ``n`` hands drawn, then ranked ``repeats`` times by six kernels."""
    per_round = sum(n / RATES[kind] * (1 + 1 / _threads(True)) for kind in ("rank7", "best_of_21", "rank5"))
    return _check(f"evaluator_speeds({n:,} hands, {repeats} repeats)",
                  n / RATES["random_hands"] + repeats * per_round, float(n) * (7 + 5 + 4) + _HAND_BUFFER_BYTES,
                  "the rates in stoplib.holdem._costs.RATES")


def _score_decks_estimate(n_decks: int, n_players: int, parallel: bool) -> budget.Estimate:
    """Seconds to check and score ``n_decks`` decks for ``n_players`` players (score_decks)."""
    per_deck = (1 + n_players / 8) / RATES["score_decks"]  # seconds per deck on one thread
    speed = _threads(parallel)
    return _check(f"score_decks({n_decks:,} decks, {n_players} players)",
                  n_decks * per_deck / speed + n_decks / RATES["hand_check"], 10.0 * n_decks * 52,
                  f"{RATES['score_decks']:g} decks/s / (1 + n_players / 8) per thread, {speed:.2g} threads' worth")


def _score_decks_cuda_estimate(n_decks: int, n_players: int, in_simulator: bool) -> budget.Estimate:
    """Seconds to check and score ``n_decks`` decks on a GPU, or in numba's CUDA simulator."""
    key = "score_decks_cudasim" if in_simulator else "score_decks_cuda"
    where = "numba's CUDA simulator" if in_simulator else "a GPU"
    return _check(f"score_decks({n_decks:,} decks, {n_players} players, method='cuda')",
                  n_decks * (1 + n_players / 8) / RATES[key] + n_decks / RATES["hand_check"], 10.0 * n_decks * 52,
                  f"{RATES[key]:g} decks/s / (1 + n_players / 8) on {where}")


# --------------------------------------------------------------------------- annealing, tabu, families
def _anneal_estimate(what: str, n_runs: int, moves: int, n_players: int, speed: float) -> budget.Estimate:
    """``n_runs`` annealing runs of ``moves`` proposals (or tabu runs evaluating ``moves`` swaps)."""
    rate = RATES["anneal_moves"] / (1 + n_players / 4)
    seconds = float(n_runs) * float(moves) / rate / speed
    return _check(what, seconds, 2e3 * float(n_runs) + 1e5,
                  f"{rate:.3g} proposals/s per thread for {n_players} players, {speed:.2g} threads' worth")


def _family_estimate(what: str, n_orders: float, n_players: int, speed: float) -> budget.Estimate:
    """An exhaustive search of ``n_orders`` rank orders of a period-13 family."""
    rate = RATES["family_orders"] / (1 + n_players / 8)
    return _check(what, float(n_orders) / rate / speed, 1e6,
                  f"{rate:.3g} rank orders/s per thread for {n_players} players, {speed:.2g} threads' worth")



# --------------------------------------------------------------------------- the period-13 census
def _census_estimate(what: str, n_layouts: float, n_players: int, sets: bool = False, cpsat: bool = False,
                     completion: bool = False) -> budget.Estimate:
    """A census of ``n_layouts`` period-13 layouts, after deciding the sets of classes (``sets``), or one suit
    completion (``completion``)."""
    rate = RATES["census_layouts"] / (1 + n_players / 8)
    seconds = float(n_layouts) / rate
    sets_seconds = RATES["census_sets"].get(n_players, 300.0)
    if sets:
        seconds += sets_seconds * (2 if cpsat else 1)
    if completion:
        seconds += RATES["census_completion"]
    return _check(what, seconds, 5e7, f"{rate:.3g} layouts/s per thread for {n_players} players"
                  + (f", {sets_seconds:g} s per method to decide the sets of classes" if sets else ""))


def _frontier_estimate(n_players: int, cpu_budget: float) -> budget.Estimate:
    """An anytime run of :func:`stoplib.holdem.frontier.run_frontier`: the CPU budget asked for (a step may end a
    little past it)."""
    return _check(f"run_frontier({n_players} players)", cpu_budget, 1e8, "the CPU budget asked for")


def _suits_estimate(n_players: int, seconds: float) -> budget.Estimate:
    """One suit optimisation of :func:`stoplib.holdem.frontier.optimize_suits`: the solver may use all of its
    time limit."""
    return _check(f"optimize_suits({n_players} players)", seconds, 5e7, "the solver's time limit")
