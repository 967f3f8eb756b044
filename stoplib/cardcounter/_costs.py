"""CardCounter cost model (private): what a solve, a twin, a study or a simulation would cost.

The game's one cost room (the same name, ``_costs.py``, in every game): the measured
rates and every estimate function live here, and this is the only module of
:mod:`stoplib.cardcounter` that builds a :class:`stoplib.util.budget.Estimate`. Every
public entry point whose work grows with its arguments asks one of the functions below
for an estimate and passes it to :func:`stoplib.util.budget.check` before it starts, so
that a request too big for the limits is refused at once with the estimate, its basis
and the limit. The callers hand in what only they know (which hands an engine already
solved, as a predicate); the model itself reads nothing but card counts.

The model counts states without solving anything. For a deck ``D`` let ``M(t)`` be
the number of multisets of its cards worth ``t`` points (a generating-function
product over the ten values, each bounded by its count), split by whether they hold
an ace. Then

* the player states of a hand (hard sum ``s``) are exactly ``P = sum_{t <= 21 - s} M(t)``
  (the player's possible draws);
* the dealer states behind each of them are at most ``Dn(up)``, the multisets the
  dealer can hold while he must still draw (total below 17, soft aces counted);

so a fresh solve memoises at most ``P * Dn`` dealer states (the measured counts are
0.1 to 0.8 of it: the product ignores that player and dealer share one deck). A
study of many hands on one shared engine (a strategy chart, every deal of a deck)
touches the union of their states: a dealer state is the dealer's cards ``X`` (his up
card among them, total below 17) and the player's ``Y`` (two cards or more, at most
21), so the union is at most ``NX * NY`` (distinct such multisets; the measured
counts are 0.2 to 0.6 of it). The
document's twin (:class:`.twins.DocumentSolver`) keys its dealer states by the
player's total as well and stores the dealer's terminal states, so its work is
modelled on ``P * Dall`` (``Dall``: every dealer draw up to a hard 26). Both
counts saturate: from about eight decks on, more cards add no states.

The rates below turn these counts into seconds; they were measured with
``benchmarks/bench_cardcounter.py`` (which prints estimate beside measurement) on the
development machine, a 2-core Intel Xeon (Sapphire Rapids, AVX-512, KVM virtual machine;
:func:`stoplib.util.timing.machine`) shared by several jobs, on 2026-11-23. A quiet or
faster machine finishes sooner.
"""
from __future__ import annotations

import math

import numpy as np

from ..util import budget
from .rules import N_VALUES, _deals, _fresh_deck

__all__: list[str] = []

# ------------------------------------------------------------------ measured rates (see the docstring)
# Measured 2026-11-23 on a 2-core Intel Xeon (Sapphire Rapids, AVX-512, KVM), shared with other jobs.
#: Seconds per unit of ``P * Dn`` for a solve on a fresh engine (numba kernels, typed-dict memo).
FAST_SECONDS_PER_UNIT = 2e-6
#: Seconds per unit of ``NX * NY`` for a study of many hands sharing one engine.
SHARED_SECONDS_PER_UNIT = 3e-6
#: Seconds per call of the solver from Python (one hand of a study, even when the memo holds it).
CALL_SECONDS = 1.5e-4
#: Fixed cost of one solve (engine set-up, validation, one dispatch).
SOLVE_OVERHEAD_SECONDS = 2e-4
#: Memo bytes per unit of ``P * Dn`` (about 0.4 dealer states per unit, ~150 bytes each in numba's typed dict).
FAST_BYTES_PER_UNIT = 60.0
#: The document's twin in floats / in exact fractions: seconds per unit of ``P * Dall``.
DOC_FLOAT_SECONDS_PER_UNIT = 3e-6
DOC_FRACTION_SECONDS_PER_UNIT = 1.5e-5
#: Bytes per unit of ``P * Dall`` (Python dicts keyed by tuples holding floats or fractions).
DOC_BYTES_PER_UNIT = 120.0
#: Brute force over card orders: seconds and bytes per (order x card) of the list of orders.
BRUTE_SECONDS_PER_CARD_ORDER = 4e-6
BRUTE_BYTES_PER_CARD_ORDER = 16.0
#: Monte Carlo: seconds per simulated hand (shuffle, policy look-ups, dealer's draws), for a given hand
#: and for a whole hand dealt (three more cards, larger policy tables).
SIM_SECONDS_PER_GAME = 5e-7
SIM_DEAL_SECONDS_PER_GAME = 2.5e-6
#: :meth:`.solver.Engine.states`: seconds and bytes per memoised player state (one DataFrame row).
STATES_SECONDS_PER_ROW = 5e-5
STATES_BYTES_PER_ROW = 400.0

_BASIS_FAST = "states bounded by the deck's card multisets x {rate:.2g} s per state unit, measured 2026-11-23"


def multisets(counts, top: int = 31) -> tuple[np.ndarray, np.ndarray]:
    """Multisets of the deck's cards by hard point total ``0..top``: (without an ace, with an ace)."""
    counts = np.asarray(counts, dtype=np.int64)

    def product(first):
        poly = np.zeros(top + 1)
        poly[0] = 1.0
        for v in range(first, N_VALUES + 1):
            c = min(int(counts[v - 1]), top // v)
            new = np.zeros(top + 1)
            for k in range(c + 1):
                new[k * v:] += poly[:top + 1 - k * v]
            poly = new
        return poly

    without = product(2)
    return without, product(1) - without


def _total(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


class Counts:
    """The state counts of one deck, for any hand dealt against it (one generating function)."""

    def __init__(self, counts):
        self.without, self.with_ace = multisets(counts)
        self.all = self.without + self.with_ace
        self.cumulative = np.cumsum(self.all)

    def player(self, psum: int) -> float:
        """Player states of a hand of hard sum ``psum`` (his possible draws while he is not bust)."""
        return float(self.cumulative[21 - psum]) if psum <= 21 else 0.0

    def dealer(self, up: int) -> float:
        """Dealer states behind one player state: his draws while his total is below 17."""
        n = 0.0
        for t in range(0, 17):
            hard = up + t
            if _total(hard, up == 1) < 17:
                n += self.without[t]
            if _total(hard, True) < 17:
                n += self.with_ace[t]
        return n

    def dealer_all(self, up: int) -> float:
        """Every dealer draw up to a hard 26 (the document's twin memoises the terminal ones too)."""
        return float(self.cumulative[max(0, 26 - up)]) if up <= 26 else 0.0


def solve_estimate(what: str, counts, dealer: int, player, n_solves: float = 1.0) -> budget.Estimate:
    """One fresh solve (``n_solves`` of them: a hand played step by step re-solves at each decision)."""
    c = Counts(counts)
    units = c.player(int(sum(player))) * c.dealer(int(dealer))
    return budget.Estimate(what, n_solves * (units * FAST_SECONDS_PER_UNIT + SOLVE_OVERHEAD_SECONDS),
                           units * FAST_BYTES_PER_UNIT,
                           _BASIS_FAST.format(rate=FAST_SECONDS_PER_UNIT))


def _dealer_hands(counts) -> float:
    """Non-empty multisets of the deck's cards the dealer may hold while he must draw (total below 17)."""
    c = Counts(counts)
    return sum(c.without[t] for t in range(1, 17)) + sum(c.with_ace[t] for t in range(1, 17) if _total(t, True) < 17)


def union_units(counts, ups) -> float:
    """``NX * NY``: the dealer's hands holding one of the up cards ``ups`` times the player's hands."""
    counts = np.asarray(counts, dtype=np.int64)
    other = counts.copy()
    other[[int(u) - 1 for u in ups]] = 0
    nx = _dealer_hands(counts) - _dealer_hands(other)
    c = Counts(counts)
    ny = max(float(c.cumulative[21]) - 1.0 - float(np.count_nonzero(counts)), 0.0)
    return nx * ny


def shared_estimate(what: str, units: float, n_calls: int = 0, memo_states: int = 0) -> budget.Estimate:
    """A study of many hands on one shared engine: ``units`` of new work (``NX * NY``), ``n_calls`` hands."""
    seconds = units * SHARED_SECONDS_PER_UNIT + n_calls * CALL_SECONDS
    return budget.Estimate(what, seconds, units * FAST_BYTES_PER_UNIT + 150.0 * memo_states,
                           f"the hands' states bounded by the deck's card multisets x "
                           f"{SHARED_SECONDS_PER_UNIT:.2g} s per state unit and {CALL_SECONDS:.2g} s per hand, "
                           "measured 2026-11-23")


def fresh_hands_estimate(what: str, units: float, n_hands: int, largest: float) -> budget.Estimate:
    """Many hands, each on a fresh engine (memory: the largest one at a time)."""
    return budget.Estimate(what, units * FAST_SECONDS_PER_UNIT + n_hands * SOLVE_OVERHEAD_SECONDS,
                           largest * FAST_BYTES_PER_UNIT, _BASIS_FAST.format(rate=FAST_SECONDS_PER_UNIT))


def document_estimate(what: str, counts, dealer: int, psum: int, exact: bool, dealer_only: bool = False,
                      extra_units: float = 0.0) -> budget.Estimate:
    """The document's two functions in fractions (``exact``) or floats, for one hand."""
    c = Counts(counts)
    units = (1.0 if dealer_only else max(c.player(int(psum)), 1.0)) * c.dealer_all(int(dealer)) + extra_units
    rate = DOC_FRACTION_SECONDS_PER_UNIT if exact else DOC_FLOAT_SECONDS_PER_UNIT
    return budget.Estimate(what, units * rate, units * DOC_BYTES_PER_UNIT,
                           f"{'fraction' if exact else 'float'} states bounded by the deck's card multisets "
                           f"x {rate:.2g} s per state unit, measured 2026-11-23")


def log10_orders(counts) -> float:
    """log10 of the number of distinct orders of the deck (a multinomial coefficient)."""
    n = int(sum(int(c) for c in counts))
    return (math.lgamma(n + 1) - sum(math.lgamma(int(c) + 1) for c in counts)) / math.log(10)


def brute_force_estimate(what: str, n_orders: int, n_cards: int) -> budget.Estimate:
    work = float(n_orders) * max(n_cards, 1)
    return budget.Estimate(what, work * BRUTE_SECONDS_PER_CARD_ORDER, work * BRUTE_BYTES_PER_CARD_ORDER,
                           f"{n_orders:,} orders of {n_cards} cards x {BRUTE_SECONDS_PER_CARD_ORDER:.2g} s per "
                           "card and order, measured 2026-11-23")


def simulation_estimate(what: str, n_games: int, n_cards: int, solve: budget.Estimate | None,
                        deal: bool = False) -> budget.Estimate:
    rate = SIM_DEAL_SECONDS_PER_GAME if deal else SIM_SECONDS_PER_GAME
    seconds = n_games * rate + n_cards * 1e-8
    nbytes = 8.0 * n_cards
    basis = f"{rate:.2g} s per hand, measured 2026-11-23"
    if solve is not None:
        seconds += solve.seconds
        nbytes += solve.bytes
        basis += "; plus the exact solve: " + solve.basis
    return budget.Estimate(what, seconds, nbytes, basis)


def states_estimate(what: str, n_rows: int) -> budget.Estimate:
    return budget.Estimate(what, n_rows * STATES_SECONDS_PER_ROW, n_rows * STATES_BYTES_PER_ROW,
                           f"{n_rows:,} memoised player states x {STATES_SECONDS_PER_ROW:.2g} s per row, "
                           "measured 2026-11-23")


def combined_estimate(what: str, parts) -> budget.Estimate:
    """Several computations run one after the other: seconds add up, memory is the largest part's."""
    parts = list(parts)
    return budget.Estimate(what, sum(e.seconds for e in parts), max(e.bytes for e in parts),
                           "; ".join(e.basis for e in parts))


def deal_estimate(what: str, decks, solved, memo_states: int) -> budget.Estimate:
    """Every deal of every deck in ``decks`` on one shared engine.

    ``solved(rest, up, hand)`` says whether the engine already holds a hand (then it costs a
    look-up); ``memo_states`` is the engine's dealer-memo size (its memory is already spent).
    """
    units, calls = 0.0, 0
    for counts in decks:
        hands = {(up, min(a, b), max(a, b)): rest for a, up, b, _, rest in _deals(counts)}
        todo = [h for h, rest in hands.items() if not solved(rest, h[0], h[1:])]
        calls += len(hands) * 2      # every deal is called, both orders of the player's cards
        if todo:
            ups = sorted({h[0] for h in hands})
            units += union_units(counts, ups) * len(todo) / len(hands)
    return shared_estimate(what, units, calls, memo_states)


def table_estimate(what: str, n_decks: int, dealers, decks: dict, solved, memo_states: int) -> budget.Estimate:
    """A strategy chart: the two-card hands ``decks`` (``(up, a, b) -> remaining deck``) on one engine."""
    todo = [h for h, d in decks.items() if not solved(d, h[0], h[1:])]
    units = union_units(_fresh_deck(n_decks), dealers) * len(todo) / len(decks)
    return shared_estimate(what, units, len(decks), memo_states)


def state_counts_estimate(what: str, n_decks: int, dealers) -> budget.Estimate:
    """Every two-card hand against each up card of ``dealers``, each on a fresh engine."""
    c = Counts(_fresh_deck(n_decks))
    units = [c.player(a + b) * c.dealer(up) for up in dealers for a in range(1, 11) for b in range(a, 11)]
    return fresh_hands_estimate(what, sum(units), len(units), max(units))


def dump_estimate(what: str, hands, n_lines: int) -> budget.Estimate:
    """Recomputing a memo dump with the fast solver: ``hands`` are its distinct ``(counts, up, psum)``
    player states (one fresh engine per deck)."""
    cache: dict = {}
    units, decks = 0.0, set()
    for counts, up, psum in hands:
        key = tuple(int(c) for c in counts)
        decks.add(key)
        c = cache.get(key)
        if c is None:
            c = cache[key] = Counts(counts)
        units += c.player(psum) * c.dealer(up)
    return fresh_hands_estimate(what, units, len(decks) + n_lines // 10, units)
