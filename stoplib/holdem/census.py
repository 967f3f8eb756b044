"""Period-13 decks with free suits, settled exactly for every table size (beyond document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em", Math ∩
Programming (jeremykun.com), 9 April 2012. It guesses that optimal stackings exist for any
number of players. The public research report of aaronjeline/poker-solver (2026) studies the
decks whose ranks repeat every 13 cards, suits free, and states that none is optimal for 7,
8, 10, 11 and 13 to 22 players, leaving a tail of 12-player layouts unsearched. This module
settles the family again, independently, for every table size.

The family
----------
A *layout* is an order ``sigma`` of the 13 ranks: the card at position ``x`` has rank
``sigma[x mod 13]``. Its suits are free, but the four cards of one rank sit at the four
positions ``r, r + 13, r + 26, r + 39`` of one residue ``r``, so each residue's positions take
the four suits in some order (a permutation per residue). Moving the top card to the bottom
is the same stacking and turns ``sigma`` into ``sigma(. + 1)``: every stacking of the family
has exactly one rotation with ``sigma[0]`` the deuce, so there are 12! = 479,001,600 layouts.

The facts the census rests on (each tested against brute force in ``tests/holdem/test_census.py``):

1. *Classes.* Cuts ``c`` and ``c + 13`` deal every seat the same ranks, so the rank-only
   outcome of a cut (every hand scored as if no five of its cards shared a suit) depends only
   on ``c mod 13``: 13 classes of four cuts. A class is *bad* when seat 1 does not strictly beat
   every opponent on ranks alone.
2. *A hand's value* is the larger of its rank-only value and its best flush (the best five of
   its cards of one suit, a straight flush when they run): a five-card subset of one suit
   scores at least as much as flush as on its ranks, and any other subset scores on its ranks.
3. *Flush or lose.* In a bad class an opponent's rank-only value is at least seat 1's, so seat 1
   wins a cut of it only with a flush.
4. *Each slot sees every suit once per class.* Over the four cuts of a class, a dealt slot (an
   offset from the cut) holds the four positions of one residue: the four suits, once each. So
   a suit fills at most seven of seat 1's 28 cards over a class, and the four cuts of a bad class
   need four different flush suits.
5. *Flush capacity.* Whether seat 1 can hold a flush at every cut of a set of classes depends on
   the suits alone, under the same constraint (a permutation per residue) for every layout. The
   capacity ``C(n)`` is the largest such set; the feasible sets are computed once per table size,
   by CP-SAT and by an exact search of our own, which must agree (:func:`flush_capacity`).
6. *Seat 14.* With 14 players or more, the opponent dealt 13 places after seat 1 holds the
   ranks seat 1 holds at every cut: every class is bad.

The census of one table size visits every layout (numba, Heap's algorithm, kernels in
:mod:`stoplib.holdem._census_kernels`) and applies the tests in turn: the bad classes and their
count (the *flush-capacity test*: at most ``C(n)``); whether the set of bad classes admits
seat 1's flushes (the *set test*); an exact search for suits that win every cut of the bad
classes; and then every cut. A layout passes the last test only with a deck that wins all 52
cuts, re-dealt by :func:`stoplib.holdem.deck_value` and by the slow twin. Where the search
gives up (a node limit), CP-SAT decides.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from ..util.validate import check_choice, check_int
from ._census_kernels import FOUND, GAVE_UP, PERMS, _bad_mask, _complete, _free, _search
from ._costs import _census_estimate
from .evaluator import load_tables
from .rules import N_CUTS, RANKS, SUITS, _check_table, format_deck
from .solver import _deck_value

__all__ = ["N_LAYOUTS", "FlushCapacity", "SuitCompletion", "period13_deck", "bad_classes", "flush_capacity",
           "complete_suits", "layout_text"]

#: Layouts of the family up to a cut: 12! (the deuce at residue 0).
N_LAYOUTS = math.factorial(12)
#: Node limit of the exact suit search before CP-SAT takes over (about a tenth of a second: CP-SAT settles the
#: hard cases faster than the search, in about a quarter of a second).
MAX_NODES = 100_000


def _tables():
    t = load_tables()
    return t.multipliers.astype(np.int64), t.packed, t.ranks[:8192].astype(np.int64)


def _layout(ranks, name="ranks") -> np.ndarray:
    """A layout given as 13 distinct ranks (text ``"2AKQ..."`` or codes 0..12), as int64 codes."""
    from .families import _ranks

    return np.array(_ranks(name, ranks, 13), np.int64)


def layout_text(ranks) -> str:
    """A layout written as its 13 ranks by residue.

    Examples
    --------
    >>> layout_text(range(13))
    '23456789TJQKA'
    """
    return "".join(RANKS[r] for r in _layout(ranks))


def period13_deck(ranks, suits) -> str:
    """The deck of a layout and a permutation of the suits per residue.

    Parameters
    ----------
    ranks : str or sequence of int
        The rank of each residue 0..12 (text such as ``"23456789TJQKA"`` or codes 0..12).
    suits : sequence of str or of sequences of int
        For each residue ``r``, the suits of positions ``r, r + 13, r + 26, r + 39`` (four
        distinct suits, as text ``"cdhs"`` or codes 0..3).

    Examples
    --------
    >>> period13_deck("23456789TJQKA", ["cdhs"] * 13)[:8]
    '2c3c4c5c'
    """
    sigma = _layout(ranks)
    if isinstance(suits, str) or not hasattr(suits, "__len__") or len(suits) != 13:
        raise ValueError("suits must give 13 residues' suits, four each (e.g. ['cdhs'] * 13)")
    perm = np.empty((13, 4), np.int64)
    for r, s in enumerate(suits):
        codes = [SUITS.index(ch) for ch in s.lower() if ch in SUITS] if isinstance(s, str) else list(s)
        if (len(codes) != 4 or isinstance(s, str) and len(s) != 4
                or any(isinstance(v, bool) or not isinstance(v, (int, np.integer)) for v in codes)
                or sorted(int(v) for v in codes) != [0, 1, 2, 3]):
            raise ValueError(f"suits[{r}] must be the four suits in some order (e.g. 'cdhs'), got {s!r:.40}")
        perm[r] = codes
    return format_deck([4 * int(sigma[x % 13]) + int(perm[x % 13, x // 13]) for x in range(52)])


def _deck_codes(sigma, k) -> np.ndarray:
    return np.array([4 * int(sigma[x % 13]) + int(PERMS[k[x % 13], x // 13]) for x in range(52)], np.int64)


def bad_classes(ranks, n_players: int) -> tuple:
    """The classes (cuts mod 13) in which seat 1 does not strictly beat every opponent on ranks alone.

    Examples
    --------
    >>> bad_classes("2AKQJT9876543", 9)
    (5, 6, 7)
    """
    sigma = _layout(ranks)
    n, _ = _check_table(n_players, 1)
    mult, packed, _ = _tables()
    mask = _bad_mask(sigma, n, mult, packed, np.empty(13, np.int64), np.empty(13, np.int64))
    return tuple(j for j in range(13) if mask >> j & 1)


# --------------------------------------------------------------------------- flush capacity
@dataclass(frozen=True)
class FlushCapacity:
    """Which sets of classes admit a flush for seat 1 at every one of their cuts (any layout).

    Attributes
    ----------
    n_players : int
    capacity : int
        The most classes that can all carry seat 1's flushes.
    feasible : numpy.ndarray
        bool, shape (8192,): ``feasible[mask]`` for the set of classes with bits ``mask``.
    by_size : tuple
        Feasible sets of each size 0..13.
    solves : int
        Sets decided by a solver (the others follow by rotation, or from a subset that is not feasible).
    method : str
        ``"cp-sat"``, ``"search"`` or ``"both"`` (both decided every set and agreed).
    seconds : float
    """
    n_players: int
    capacity: int
    feasible: np.ndarray = field(repr=False)
    by_size: tuple
    solves: int
    method: str
    seconds: float


def _canonical(classes) -> tuple:
    return min(tuple(sorted((j + k) % 13 for j in classes)) for k in range(13))


def _flush_decider(n, method):
    mult, packed, franks = _tables()
    sigma = np.arange(13, dtype=np.int64)
    out = np.empty(13, np.int64)

    def by_search(classes):
        cuts = np.array([j + 13 * q for j in classes for q in range(4)], np.int64)
        res, _ = _search(sigma, n, cuts, _free(0), 1, mult, packed, franks, 0, out)
        return res == FOUND

    def by_cpsat(classes):
        from . import _cpsat

        model, y, _ = _cpsat.flush_model(n, classes)
        status, *_ = _cpsat.solve(model, y, 3600.0)
        if status not in ("OPTIMAL", "FEASIBLE", "INFEASIBLE"):
            raise RuntimeError(f"CP-SAT did not decide the classes {classes} for {n} players: {status}")
        return status != "INFEASIBLE"

    if method == "search":
        return by_search
    if method == "cp-sat":
        return by_cpsat

    def both(classes):
        a, b = by_search(classes), by_cpsat(classes)
        if a != b:
            raise AssertionError(f"{n} players, classes {classes}: the search says {a}, CP-SAT {b}")
        return a
    return both


def flush_capacity(n_players: int, method: str = "both") -> FlushCapacity:
    """The sets of classes at whose every cut seat 1 can hold a flush, and the largest size (fact 5).

    Every set is decided up to rotation (a set and its shifts by one class stand or fall together:
    shifting every suit one position along maps solutions to solutions), from the smallest up; a set
    with a subset that fails fails. A solver decides the rest.

    Parameters
    ----------
    n_players : int
        Players at the table, 2..22.
    method : {"both", "cp-sat", "search"}
        OR-Tools CP-SAT, the exact search of :mod:`stoplib.holdem._census_kernels`, or both (each
        set decided twice; any disagreement raises).

    Examples
    --------
    >>> cap = flush_capacity(12, method="search")
    >>> cap.capacity, cap.by_size[:3]
    (8, (1, 13, 78))
    """
    n, _ = _check_table(n_players, 1)
    method = check_choice("method", method, ("both", "cp-sat", "search"))
    _census_estimate(f"flush_capacity({n}, method={method!r})", 0, n, sets=True, cpsat=method != "search")
    decide = _flush_decider(n, method)
    t0 = time.process_time()
    known, solves = {(): True}, 0
    for size in range(1, 14):
        alive = False
        for classes in combinations(range(13), size):
            key = _canonical(classes)
            if key in known:
                alive |= known[key]
                continue
            if not all(known[_canonical(tuple(j for j in key if j != d))] for d in key):
                known[key] = False
                continue
            known[key] = decide(key)
            solves += 1
            alive |= known[key]
        if not alive:
            break
    feasible = np.zeros(8192, np.bool_)
    for mask in range(8192):
        key = _canonical(tuple(j for j in range(13) if mask >> j & 1))
        feasible[mask] = known.get(key, False)
    sizes = np.array([bin(m).count("1") for m in range(8192)])
    by_size = tuple(int(np.count_nonzero(feasible & (sizes == k))) for k in range(14))
    capacity = max(k for k in range(14) if by_size[k])
    return FlushCapacity(n_players=n, capacity=capacity, feasible=feasible, by_size=by_size, solves=solves,
                         method=method, seconds=round(time.process_time() - t0, 3))


# --------------------------------------------------------------------------- suit completion
@dataclass(frozen=True)
class SuitCompletion:
    """Suits for a layout that win every cut asked (or the proof that none do).

    Attributes
    ----------
    n_players : int
    layout : str
        The ranks by residue.
    cuts : tuple
        The cuts that must be won.
    found : bool
    deck : str
        The deck found ("" when none exists).
    method : str
        What decided: ``"search"`` or ``"cp-sat"``.
    nodes : int
        Nodes of the search (0 for CP-SAT).
    seconds : float
    """
    n_players: int
    layout: str
    cuts: tuple
    found: bool
    deck: str
    method: str
    nodes: int
    seconds: float


def _complete_cpsat(sigma, n, cuts, fixed=None):
    """CP-SAT's verdict on ``cuts`` of a layout: (found, deck codes or None). ``fixed[r]``: a residue's
    permutation index into ``PERMS`` (or -1)."""
    from . import _cpsat

    ranks_at = np.array([sigma[x % 13] for x in range(52)], np.int64)
    given = None
    if fixed is not None and (np.asarray(fixed) >= 0).any():
        given = {x: int(PERMS[fixed[x % 13], x // 13]) for x in range(52) if fixed[x % 13] >= 0}
    built = _cpsat.suits_model(ranks_at, n, cuts, load_tables(), fixed=given)
    if built is None:
        return False, None
    model, y, _ = built
    status, suits, _, _ = _cpsat.solve(model, y, 3600.0)
    if status not in ("OPTIMAL", "FEASIBLE", "INFEASIBLE"):
        raise RuntimeError(f"CP-SAT did not decide the layout {layout_text(sigma)} for {n} players: {status}")
    if suits is None:
        return False, None
    return True, 4 * ranks_at + suits


def _fixed_perms(suits) -> np.ndarray:
    """Per residue the index into ``PERMS`` of its given suits, or -1 where free."""
    if isinstance(suits, str) or not hasattr(suits, "__len__") or len(suits) != 13:
        raise ValueError("suits must give 13 entries, one per residue: four suits such as 'cdhs', or None")
    out = np.full(13, -1, np.int64)
    for r, s in enumerate(suits):
        if s is None:
            continue
        if not isinstance(s, str) or len(s) != 4 or sorted(s.lower()) != sorted(SUITS):
            raise ValueError(f"suits[{r}] must be the four suits in some order (e.g. 'cdhs') or None, got {s!r:.40}")
        codes = [SUITS.index(ch) for ch in s.lower()]
        out[r] = next(k for k in range(24) if list(PERMS[k]) == codes)
    return out


def complete_suits(ranks, n_players: int, cuts=None, method: str = "auto", suits=None) -> SuitCompletion:
    """Suits for a period-13 layout with which seat 1 strictly wins every cut of ``cuts``, or none.

    Parameters
    ----------
    ranks : str or sequence of int
        The layout: the rank of each residue 0..12.
    n_players : int
        Players at the table, 2..22.
    cuts : sequence of int, optional
        The cuts to win (default all 52).
    method : {"auto", "search", "cp-sat"}
        The exact depth-first search of :mod:`stoplib.holdem._census_kernels` (without a node
        limit: most layouts take well under a second, a few far longer, the rising 9-player
        layout among them), OR-Tools CP-SAT (the model of :mod:`stoplib.holdem._cpsat`), or
        ``"auto"``: the search up to :data:`MAX_NODES` nodes, then CP-SAT (as the census does).
    suits : sequence, optional
        13 entries, one per residue: its suits given (``"cdhs"``: positions ``r, r + 13, ...``),
        or None where free (default: all free).

    Returns
    -------
    SuitCompletion
        ``method`` names what decided: ``"search"`` or ``"cp-sat"``.

    Examples
    --------
    >>> res = complete_suits("2AKQJT9876543", 9)
    >>> res.found, res.deck[:8], res.method
    (True, '2cAcKcQc', 'search')
    >>> complete_suits("23456789TJQKA", 9).found
    False
    """
    sigma = _layout(ranks)
    n, _ = _check_table(n_players, 1)
    method = check_choice("method", method, ("auto", "search", "cp-sat"))
    if cuts is None:
        cuts = range(N_CUTS)
    if isinstance(cuts, (str, bytes)) or not hasattr(cuts, "__iter__"):
        raise TypeError(f"cuts must be a sequence of cuts 0..51, got {type(cuts).__name__}")
    cut_list = sorted({check_int("cut", c, 0, N_CUTS - 1) for c in cuts})
    fixed = np.full(13, -1, np.int64) if suits is None else _fixed_perms(suits)
    _census_estimate(f"complete_suits({n} players, {len(cut_list)} cuts)", 0, n, cpsat=method == "cp-sat",
                     completion=True)
    t0 = time.process_time()
    nodes, codes = 0, None
    if not cut_list:
        found = True
        codes = _deck_codes(sigma, np.where(fixed >= 0, fixed, 0))
    elif method != "cp-sat":
        limit = MAX_NODES if method == "auto" else 0
        mult, packed, franks = _tables()
        out = np.empty(13, np.int64)
        cut_arr = np.array(cut_list, np.int64)
        if (fixed >= 0).any():  # given suits name the suits: no symmetry to break
            allowed = np.ones((13, 24), np.bool_)
            for r in range(13):
                if fixed[r] >= 0:
                    allowed[r] = False
                    allowed[r, fixed[r]] = True
            res, nodes = _search(sigma, n, cut_arr, allowed, 0, mult, packed, franks, limit, out)
        else:  # the cuts of whole bad classes first, four by four (each needs a flush of seat 1)
            bad = [j for j in bad_classes(sigma, n) if all(j + 13 * q in cut_list for q in range(4))]
            first = [j + 13 * q for j in bad for q in range(4)]
            cut_arr = np.array(first + [c for c in cut_list if c not in first], np.int64)
            res, nodes = _complete(sigma, n, cut_arr, mult, packed, franks, limit, out, len(first))
        found = res == FOUND
        codes = _deck_codes(sigma, out) if found else None
        if res == GAVE_UP:
            method = "cp-sat"
            found, codes = _complete_cpsat(sigma, n, cut_list, fixed)
        else:
            method = "search"
    else:
        found, codes = _complete_cpsat(sigma, n, cut_list, fixed)
    if found:  # the deck is dealt again: every cut asked must be won
        value = _deck_value(codes, n, 1)
        lost = [c for c in cut_list if value.outcomes[c] != 1]
        if lost:
            raise AssertionError(f"{method} returned suits that do not win the cuts {lost}")
    return SuitCompletion(n_players=n, layout=layout_text(sigma), cuts=tuple(cut_list), found=bool(found),
                          deck=format_deck(codes) if found else "", method=method, nodes=int(nodes),
                          seconds=round(time.process_time() - t0, 3))


