"""The increasing-fields game (document 001): the document's claims, checked exactly.

Document 001 (``shared/seeds/001_dba9ac7e55753289.txt``, line 49) speeds up
its recursion with a claim it leaves unproved: if ``f`` is an optimal field
for roll ``r``, an optimal field for roll ``r + 1`` is ``f`` or ``f + 1``
(:data:`stoplib.fields.document.MONOTONE_STEP`). :func:`check_monotonicity`
tests the strong form of the claim, ties included, with the exact integers of
:mod:`stoplib.fields.twins` on every sub-game up to a size, and compares the
fast and plain exact tables cell by cell; :func:`tied_first_moves` lists the
first rolls with several optimal fields. The document's other numbers (base
cases, the timing of Win(1000, 20)) are set beside ours in notebook 04.
"""
from __future__ import annotations

from dataclasses import dataclass, field as dc_field

from ..util.validate import check_int
from .twins import MAX_EXACT_STEPS, _exact_counts

__all__ = ["check_monotonicity", "tied_first_moves", "MonotonicityReport"]


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
    steps = F_max * F_max * V_max * V_max / 8.0
    if steps > 10 * MAX_EXACT_STEPS:
        raise ValueError(f"check_monotonicity(V_max={V_max}, F_max={F_max}) needs about {steps:.1e} "
                         "big-integer products; use smaller sizes")
    report = MonotonicityReport(V_max, F_max, 0, 0, 0, 1)
    prev = {}

    def record(k, s, r, flo, vals):
        m = max(vals)
        opt = [flo + i for i, v in enumerate(vals) if v == m]
        report.max_optimal_fields = max(report.max_optimal_fields, len(opt))
        if len(opt) > 1:
            report.n_tied += 1
        if r == 0:
            report.n_games += 1
        else:
            report.n_rolls += 1
            before = prev[(k, s)]
            if any(not ({f, f + 1} & set(opt)) for f in before):
                report.n_counterexamples += 1
                if len(report.counterexamples) < max_counterexamples:
                    report.counterexamples.append((k + s, k, r - 1, tuple(before), tuple(opt)))
        prev[(k, s)] = opt

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
    if F_max * F_max * V_max * V_max / 8.0 > 10 * MAX_EXACT_STEPS:
        raise ValueError(f"tied_first_moves(V_max={V_max}, F_max={F_max}) is too large; use smaller sizes")
    ties = []

    def record(k, s, r, flo, vals):
        m = max(vals)
        opt = tuple(flo + i for i, v in enumerate(vals) if v == m)
        if len(opt) > 1:
            ties.append((k + s, k, r, opt))

    _exact_counts(F_max, V_max - 1, "plain", n_max=V_max, record=record)
    return sorted(ties)
