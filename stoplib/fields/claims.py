"""The increasing-fields game: the source page's claims, checked, and its verdict table.

The source page (Mikolaj Stepinski's increasing-fields game with its solution,
https://mikolajstepinski.online/; the numbers it prints are in
:mod:`stoplib.fields.document`) makes these claims, each checked here:

- the base cases and the recurrence for Win(V, F) ("Calculating win probability"):
  :func:`check_recurrence` compares them, in exact fractions, with a brute force
  over real game states that knows nothing of the recurrence;
- the cost of the recurrence, O(V^2 F^2 A) plain and O(V^2 F A) with the
  optimisation ("Time complexity", "Optimization"): :func:`work_count` counts the
  products our kernels evaluate, which is deterministic where timings are not;
- the optimisation's unproved claim: if ``f`` is an optimal field for roll ``r``,
  an optimal field for roll ``r + 1`` is ``f`` or ``f + 1``
  (:data:`stoplib.fields.document.MONOTONE_STEP`): :func:`check_monotonicity`
  tests its strong form, ties included, with exact integers on every sub-game up
  to a size, and compares the fast and plain exact tables cell by cell;
  :func:`tied_first_moves` lists the first rolls with several optimal fields;
- the mid-game gap formula and the rule "find the roll's gap and play its
  sub-game" ("Win probability from any state"): :func:`check_gap_formula`.

:func:`verdicts` turns these reports into the notebook's closing table, built with the
workbook's one verdict module (:mod:`stoplib.workbook.verdicts`, whose docstring states
the rule): agrees / differs / open, and *context* for the page's running time, which was
taken on hardware the page does not name and is shown beside ours, never compared.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field as dc_field

from ..util import budget
from ..util.validate import check_choice, check_instance, check_int, check_str
from ..workbook import verdicts as vd
from ..workbook.prose import scientific
from . import document as doc
from ._costs import _call, _gap_formula_estimate, _monotonicity_estimate, _products, _recurrence_estimate
from .rules import _all_states, _gap_of
from .solver import _placement_values, _state_value, _win
from .twins import _brute, _exact_counts, _exact_win_table

__all__ = ["check_monotonicity", "tied_first_moves", "MonotonicityReport", "check_recurrence",
           "RecurrenceReport", "check_gap_formula", "GapReport", "work_count", "verdicts", "NOTEBOOK"]

#: The notebook whose verdict table :func:`verdicts` builds.
NOTEBOOK = "04_increasing_fields"


# --------------------------------------------------------------------------
# the monotonicity claim
# --------------------------------------------------------------------------
@dataclass
class MonotonicityReport:
    """What :func:`check_monotonicity` checked and found.

    ``n_rolls``: (sub-game, roll) pairs r -> r+1 checked; ``n_games``:
    sub-games (n values, k fields); ``n_tied``: rolls with several optimal
    fields; ``counterexamples``: tuples (n, k, r, optimal fields for r,
    optimal fields for r + 1), the first ``max_counterexamples`` of
    ``n_counterexamples``; ``holds``: no counterexample;
    ``fast_equals_plain``: the exact fast and plain tables agree everywhere.
    """
    V_max: int
    F_max: int
    n_games: int
    n_rolls: int
    n_tied: int
    max_optimal_fields: int
    counterexamples: list = dc_field(default_factory=list)
    n_counterexamples: int = 0
    fast_equals_plain: bool = True

    @property
    def holds(self):
        return self.n_counterexamples == 0


def check_monotonicity(V_max, F_max=None, max_counterexamples=20):
    """Check the document's claim with exact integers on every sub-game n <= V_max, k <= F_max.

    For every game with n values and k fields (1 <= k <= min(n, F_max),
    n <= V_max) and every roll r = 0..n-2, let O(r) be the set of optimal
    fields (exact ties included). The claim checked is the strong form: for
    EVERY f in O(r), O(r+1) contains f or f+1. It implies that the fast
    recurrence (which keeps one optimal field and compares two candidates) is
    exact whatever the tie-break. The fast and plain exact tables are also
    compared cell by cell.

    Parameters
    ----------
    V_max : int
        Largest number of values (>= 1).
    F_max : int or None
        Largest number of fields (default V_max).
    max_counterexamples : int
        How many counterexamples to keep.

    Returns
    -------
    MonotonicityReport

    Examples
    --------
    >>> check_monotonicity(8).holds
    True
    """
    V_max = check_int("V_max", V_max, 1)
    F_max = V_max if F_max is None else check_int("F_max", F_max, 1, V_max)
    max_counterexamples = check_int("max_counterexamples", max_counterexamples, 0)
    budget.check(_monotonicity_estimate(V_max, F_max, _call("check_monotonicity", V_max, F_max), fast=True))
    report = MonotonicityReport(V_max, F_max, 0, 0, 0, 1)
    prev = [()]                     # the optimal fields of the previous roll of the same game

    def record(k, s, r, flo, vals):
        m = max(vals)
        if vals.count(m) == 1:       # the usual case: one optimal field
            opt = (flo + vals.index(m),)
        else:
            opt = tuple(flo + i for i, v in enumerate(vals) if v == m)
            report.max_optimal_fields = max(report.max_optimal_fields, len(opt))
            report.n_tied += 1
        if r == 0:                   # the rolls of one game (k, s) come in order r = 0, 1, ...
            report.n_games += 1
        else:
            report.n_rolls += 1
            before = prev[0]
            if any(f not in opt and f + 1 not in opt for f in before):
                report.n_counterexamples += 1
                if len(report.counterexamples) < max_counterexamples:
                    report.counterexamples.append((k + s, k, r - 1, before, opt))
        prev[0] = opt

    plain = _exact_counts(F_max, V_max - 1, "plain", n_max=V_max, record=record)
    fast = _exact_counts(F_max, V_max - 1, "fast", n_max=V_max)
    report.fast_equals_plain = all(
        plain[k][s] == fast[k][s] for k in range(F_max + 1) for s in range(V_max) if k + s <= V_max)
    return report


def tied_first_moves(V_max, F_max=None):
    """Exact ties on the empty board: first rolls with several optimal fields.

    Parameters
    ----------
    V_max : int
        Largest number of values n checked (every 1 <= k <= min(n, F_max)).
    F_max : int or None
        Largest number of fields (default V_max).

    Returns
    -------
    list of tuple
        ``(n, k, roll, optimal fields)`` for each tie, exact integers.

    Examples
    --------
    >>> [t for t in tied_first_moves(9) if 2 * t[2] != t[0] - 1]
    [(9, 3, 2, (0, 1)), (9, 3, 6, (1, 2)), (9, 5, 3, (1, 2)), (9, 5, 5, (2, 3))]
    """
    V_max = check_int("V_max", V_max, 1)
    F_max = V_max if F_max is None else check_int("F_max", F_max, 1, V_max)
    budget.check(_monotonicity_estimate(V_max, F_max, _call("tied_first_moves", V_max, F_max), fast=False))
    ties = []

    def record(k, s, r, flo, vals):
        m = max(vals)
        if vals.count(m) > 1:
            ties.append((k + s, k, r, tuple(flo + i for i, v in enumerate(vals) if v == m)))

    _exact_counts(F_max, V_max - 1, "plain", n_max=V_max, record=record)
    return sorted(ties)


# --------------------------------------------------------------------------
# the recurrence and the base cases
# --------------------------------------------------------------------------
@dataclass
class RecurrenceReport:
    """What :func:`check_recurrence` compared.

    ``n_games``: games (V, F) with F <= V <= ``V_max``; ``exact_equal``: the
    exact fast and plain recurrences equal the brute force on all of them;
    ``max_float_error``: the largest absolute error of the float kernels;
    ``base_cases``: Win(V, 0) = 1 and Win(a, b) = 0 for a < b hold on the
    exact table up to ``V_max``.
    """
    V_max: int
    n_games: int
    exact_equal: bool
    max_float_error: float
    base_cases: bool

    @property
    def holds(self):
        return self.exact_equal and self.base_cases and self.max_float_error < 1e-12


def check_recurrence(V_max=8):
    """Compare the recurrence (exact and float, fast and plain) with the brute force.

    Parameters
    ----------
    V_max : int
        Every game with 0 <= F <= V <= V_max is compared (the brute force visits
        up to C(V + F, F) states per game, so the work budget keeps V_max small:
        about 10 at the default limits).

    Returns
    -------
    RecurrenceReport

    Examples
    --------
    >>> report = check_recurrence(5)
    >>> report.n_games, report.holds
    (21, True)
    """
    V_max = check_int("V_max", V_max, 0)
    budget.check(_recurrence_estimate(V_max, _call("check_recurrence", V_max)))
    n_games, exact_equal, worst = 0, True, 0.0
    for V in range(V_max + 1):
        for F in range(V + 1):
            brute = _brute(V, F, [-1] * F)
            exact_equal &= _win(V, F, True, "fast") == brute == _win(V, F, True, "plain")
            for method in ("fast", "plain"):
                worst = max(worst, abs(_win(V, F, False, method) - float(brute)))
            n_games += 1
    table = _exact_win_table(V_max, V_max, "fast")
    base = all(table[V, 0] == doc.WIN_NO_FIELDS for V in range(V_max + 1)) and all(
        table[a, b] == doc.WIN_MORE_FIELDS_THAN_VALUES for a in range(V_max + 1) for b in range(a + 1, V_max + 1))
    return RecurrenceReport(V_max, n_games, bool(exact_equal), worst, base)


# --------------------------------------------------------------------------
# the gap formula and the gap's choice
# --------------------------------------------------------------------------
@dataclass
class GapReport:
    """What :func:`check_gap_formula` compared, in exact fractions.

    ``n_states``: mid-game states (every increasing partial filling) whose gap
    formula value was compared with the brute force; ``n_expected``: how many
    there should be, the sum of C(V + F, F); ``n_choices``: (live state, roll)
    pairs whose set of optimal fields was compared with the optimal fields of
    the roll's gap played as a game of its own; the ``*_equal`` flags say
    whether all of them agreed.
    """
    sizes: tuple
    n_states: int
    n_expected: int
    states_equal: bool
    n_choices: int
    choices_equal: bool

    @property
    def holds(self):
        return self.states_equal and self.choices_equal and self.n_states == self.n_expected


def _check_sizes_list(sizes):
    """``sizes`` as a tuple of (V, F) int pairs with 1 <= F <= V."""
    if isinstance(sizes, (str, bytes, dict)) or not isinstance(sizes, (list, tuple)):
        raise TypeError(f"sizes must be a list or tuple of (V, F) pairs, got {type(sizes).__name__}")
    if not sizes:
        raise ValueError("sizes must name at least one game (V, F)")
    if len(sizes) > 1000:
        raise ValueError(f"sizes must name at most 1000 games, got {len(sizes)}")
    out = []
    for i, pair in enumerate(sizes):
        if not isinstance(pair, (list, tuple)):
            raise TypeError(f"sizes[{i}] must be a pair (V, F), got {type(pair).__name__}")
        if len(pair) != 2:
            raise ValueError(f"sizes[{i}] must be a pair (V, F), got {len(pair)} items")
        V = check_int(f"sizes[{i}][0] (V)", pair[0], 1)
        out.append((V, check_int(f"sizes[{i}][1] (F)", pair[1], 1, V)))
    return tuple(out)


def _optimal_set(probabilities):
    best = max(probabilities.values())
    return {f for f, p in probabilities.items() if p == best}


def check_gap_formula(sizes=((7, 3), (8, 4))):
    """Check the page's mid-game claims on every state of small games, exactly.

    1. The gap formula ``prod C(V_G, F_G) Win(V_G, F_G) / C(V - D, F - D)``
       equals the brute-force win probability of every state.
    2. In a live state, the optimal fields for a roll are those of the roll's
       gap played alone (F_G fields, V_G values, the roll's rank in the gap).

    Parameters
    ----------
    sizes : sequence of (V, F)
        Games small enough for the brute force (C(V + F, F) <= 200,000 states).

    Returns
    -------
    GapReport

    Examples
    --------
    >>> check_gap_formula([(5, 2)]).holds
    True
    """
    sizes = _check_sizes_list(sizes)
    budget.check(_gap_formula_estimate(sizes, _call("check_gap_formula", "...")))
    n_states = n_choices = 0
    states_equal = choices_equal = True
    for V, F in sizes:
        for state in _all_states(V, F):
            cells = [-1 if v is None else v for v in state]
            value = _state_value(V, F, cells, True)
            states_equal &= value == _brute(V, F, cells)
            n_states += 1
            if value == 0:
                continue
            for roll in range(V):
                if roll in cells:
                    continue
                a, b, lo, hi = _gap_of(V, F, cells, roll)
                if a > b:
                    continue
                here = _optimal_set(_placement_values(V, F, cells, roll, True))
                n_f, n_v = b - a + 1, hi - lo - 1
                alone = _placement_values(n_v, n_f, [-1] * n_f, roll - lo - 1, True)
                choices_equal &= here == {a + f for f in _optimal_set(alone)}
                n_choices += 1
    expected = sum(math.comb(V + F, F) for V, F in sizes)
    return GapReport(sizes, n_states, expected, bool(states_equal), n_choices, bool(choices_equal))


# --------------------------------------------------------------------------
# the cost of the recurrence
# --------------------------------------------------------------------------
def work_count(V, F, method="fast"):
    """Products ``W(f, s1) W(k-1-f, s-s1)`` our kernel evaluates to compute Win(V, F).

    The table holds every sub-game with k <= F fields and slack s <= V - F
    (``(F + 1)(V - F + 1)`` cells, the page's "Win is calculated O(V F)
    times"). ``"plain"`` tries every feasible field for every roll: ``k (s + 1)``
    products per cell, O(V^2 F^2) in all. ``"fast"`` follows the page's
    monotone path, two candidates per roll over half the rolls (mirror
    symmetry): ``2 floor((n - 1) / 2) + 1`` per cell, O(V^2 F) in all. The
    binomials cancel (the page's factor ``A`` is one multiplication).

    Examples
    --------
    >>> work_count(4, 2, "plain"), work_count(4, 2, "fast")
    (18, 12)
    """
    check_choice("method", method, ("fast", "plain"))
    V = check_int("V", V, 0)
    F = check_int("F", F, 0, V)
    return _products(F, V - F, method)       # closed forms: exact ints for any size


# --------------------------------------------------------------------------
# the verdict table
# --------------------------------------------------------------------------
def _ratio(V, F, method, double):
    V2, F2 = (2 * V, F) if double == "V" else (V, 2 * F)
    return _products(F2, V2 - F2, method) / _products(F, V - F, method)


def verdicts(recurrence, monotonicity, gaps, notebook=NOTEBOOK):
    """The verdict table of notebook 04: every number and claim of the source page.

    Built with :mod:`stoplib.workbook.verdicts` (its docstring states the rule). The
    page's running time (12 s for Win(1000, 20)) was taken on hardware the page does not
    name: its row is *context*, never counted as agreeing or differing, and points to our
    timings (``data/fields_timings.csv``, with our machine and its load) instead of copying
    them: a result table holds no time, so rerunning the notebook leaves it unchanged.

    Parameters
    ----------
    recurrence : RecurrenceReport
        From :func:`check_recurrence`.
    monotonicity : MonotonicityReport
        From :func:`check_monotonicity`.
    gaps : GapReport
        From :func:`check_gap_formula`.
    notebook : str
        The notebook stem written in the first column.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`stoplib.workbook.verdicts.VERDICT_COLUMNS`; exactly one headline row.
    """
    for name, value, kind in (("recurrence", recurrence, RecurrenceReport),
                              ("monotonicity", monotonicity, MonotonicityReport),
                              ("gaps", gaps, GapReport)):
        check_instance(name, value, kind)
    check_str("notebook", notebook, 120, allow_empty=False)

    def verdict(ok):
        return "agrees" if ok else "differs"

    V, F = doc.TIMING_V, doc.TIMING_F
    row = vd.row
    rows = [row("base case: no fields", "Win(V, 0) = 1", f"1 for every V ≤ {recurrence.V_max} (exact)",
                verdict(recurrence.base_cases), "exact table beside the brute force"),
            row("base case: more fields than values", "Win(a, b) = 0 if a < b",
                f"0 for every a < b ≤ {recurrence.V_max} (exact)", verdict(recurrence.base_cases), "exact table"),
            row("the recurrence Win = (1/V) Σ_r max_f Place(V, F, r, f)", "Place = hypergeometric × Win × Win",
                f"equals the brute force on all {recurrence.n_games} games with V ≤ {recurrence.V_max}",
                verdict(recurrence.exact_equal and recurrence.max_float_error < 1e-12),
                f"exact fractions; float kernels within {recurrence.max_float_error:.0e}"),
            row("Win is calculated O(V F) times", "O(V F) sub-games",
                f"(F + 1)(V − F + 1) = {(F + 1) * (V - F + 1):,} for Win({V}, {F})", "agrees",
                "table indexed by fields and slack (spare values)")]
    pv, pf = _ratio(500, 20, "plain", "V"), _ratio(1000, 20, "plain", "F")
    rows.append(row("cost of the plain recurrence", doc.PLAIN_COMPLEXITY.replace("^2", "²"),
                    f"doubling V: ×{pv:.2f}, doubling F: ×{pf:.2f} products",
                    verdict(3.0 <= pv <= 4.5 and 3.0 <= pf <= 4.5),
                    "products counted by work_count (V = 500 → 1000, F = 20 → 40); A = 1: the binomials cancel"))
    mono = (f"no counterexample in {monotonicity.n_rolls:,} roll steps, every sub-game with ≤ "
            f"{monotonicity.V_max} values" if monotonicity.holds else
            f"{monotonicity.n_counterexamples} counterexamples with ≤ {monotonicity.V_max} values")
    rows.append(row("optimisation: the optimal field for roll r + 1 is f or f + 1", "claimed, proof left to the reader",
                    mono, verdict(monotonicity.holds and monotonicity.fast_equals_plain),
                    f"exact integers, strong form with ties ({monotonicity.n_tied:,} tied rolls); fast table "
                    f"{'=' if monotonicity.fast_equals_plain else '≠'} plain table; a check, not a proof",
                    headline=True))
    fv, ff = _ratio(500, 20, "fast", "V"), _ratio(1000, 20, "fast", "F")
    rows.append(row("cost with the optimisation", doc.FAST_COMPLEXITY.replace("^2", "²"),
                    f"doubling V: ×{fv:.2f}, doubling F: ×{ff:.2f} products",
                    verdict(3.0 <= fv <= 4.5 and 1.5 <= ff <= 2.5),
                    "products counted by work_count (V = 500 → 1000, F = 20 → 40)"))
    rows.append(row(f"Win({V}, {F}) computes in {doc.TIMING_SECONDS:g} s in Python with big integers",
                    f"{doc.TIMING_SECONDS:g} s (the page names no machine)",
                    "our times in the timing table (exact big integers in Python, and the float kernels)",
                    "context", "a running time on other hardware with other code: set beside ours, not "
                               "compared; our medians, with our machine and its load, in data/fields_timings.csv"))
    rows.append(row("state value: the gap formula", "Π C(V_G, F_G) Win(V_G, F_G) / C(V − D, F − D)",
                    f"equals the brute force on all {gaps.n_states:,} states of "
                    + " and ".join(f"({a}, {b})" for a, b in gaps.sizes),
                    verdict(gaps.states_equal and gaps.n_states == gaps.n_expected),
                    "exact fractions, every increasing partial filling"))
    rows.append(row("any state: play the roll's gap as a game of its own", "choose by Win(V_G, F_G)",
                    f"same optimal fields in all {gaps.n_choices:,} (live state, roll) pairs",
                    verdict(gaps.choices_equal), "exact fractions, ties compared as sets"))
    rows.append(row("the page's \"Win prob:\" readout", "no value (a live widget, empty in the text)",
                    f"Win({V}, {F}) = {scientific(_win(V, F), 6)}", "open",
                    "the page prints no win probability to compare with"))
    return vd.table(notebook, rows)
