"""CardCounter: the document's claims checked (its memo dump and its worked examples).

The source document (J. S. Plank's write-up of TopCoder SRM 734 D1 400, "CardCounter", 2018)
prints its two memo caches for example 6 and walks through example 5; the numbers it
prints are transcribed in :mod:`.document`. Here we regenerate them:

* :func:`memo_dump` rebuilds the example-6 dump from the document's own functions
  (:class:`.twins.DocumentSolver`), same keys, format and order; :func:`compare_dump`
  sets it line by line beside the document's, and :func:`check_dump_with_fast`
  recomputes every printed value with the fast solver (:mod:`.solver`);
* :func:`example5` recomputes example 5 in exact fractions, with the per-card terms
  the document leaves out and a table of our numbers beside the document's;
* :func:`packed_key_solve` tests the document's remark on its memo key (two bits per
  card count were too few);
* :func:`verdicts` sets every number and claim of the document beside ours: the verdict
  table notebook 06 ends with, built with the workbook's one verdict module
  (:mod:`stoplib.workbook.verdicts`: its rows, its rule, :func:`~stoplib.workbook.verdicts.judge`
  for every printed number).

Every public function validates its arguments once and then calls private internals.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..util import budget
from ..util.validate import check_choice, check_int, check_str
from ..workbook import verdicts as _verdicts
from . import _costs, document
from ._kernels import _player_value, _stand_value
from .rules import _check_card, _check_not_empty, _hand_total, _total_py, _deck_string, parse_deck
from .solver import Engine, _hand
from .twins import DocumentSolver, _brute_force_orders, _check_number, _document_value, _solve_exact

__all__ = ["memo_dump", "compare_dump", "check_dump_with_fast", "Example5", "example5", "packed_key_solve",
           "verdicts"]


def memo_dump(deck, dealer: int, player: Sequence[int], number=float) -> list[str]:
    """Regenerate the document's memo dump for one hand (same keys, format and order).

    Examples
    --------
    >>> memo_dump("1004000002", 5, [7, 8])[-1]
    'players_move( 5, 30,  true, "0003000001") = 0.00000000'
    """
    counts, dealer, player = _hand(deck, dealer, player)
    number = _check_number(number)
    budget.check(_costs.document_estimate(f"memo_dump({_deck_string(counts)}, {dealer}, {list(player)})", counts,
                                          dealer, sum(player), exact=number is Fraction))
    return _memo_dump(counts, dealer, player, number)


def _memo_dump(counts, dealer: int, player, number) -> list[str]:
    doc = DocumentSolver(number)
    _document_value(doc, counts, dealer, player)
    return doc.dump()


def check_dump_with_fast(lines: Sequence[str]) -> float:
    """Largest gap between a regenerated dump's values and the fast solver's memo.

    Every ``players_move`` line is recomputed as a player state of the fast engine
    (base = the line's own deck) and every ``dealers_move`` line from the fast
    dealer distribution; returns the maximum absolute difference.

    Examples
    --------
    >>> check_dump_with_fast(memo_dump("1004000002", 5, [7, 8])) < 1e-8
    True
    """
    lines = _check_lines("lines", lines)
    parsed = _parse_dump(lines)
    return max((abs(ours - float(text)) for (*_, text), ours in zip(parsed, _fast_values(parsed))), default=0.0)


def _parse_dump(lines) -> list:
    """Every line parsed and checked (its deck not empty), within the work budget of recomputing them."""
    parsed, hands = [], set()
    decks = functools.lru_cache(maxsize=None)(parse_deck)
    for i, line in enumerate(lines):
        kind, a, b, c, deck, text = _parse_memo_line(i, line)
        counts = decks(deck)
        _check_not_empty(counts)
        if kind == "players" and b <= 21:
            hands.add((deck, a, b))
        parsed.append((kind, a, b, c, counts, text))
    budget.check(_costs.dump_estimate(f"check_dump_with_fast({len(lines):,} lines)",
                                      [(decks(d), up, psum) for d, up, psum in sorted(hands)], len(lines)))
    return parsed


def _fast_values(parsed) -> list[float]:
    """The fast solver's value of every parsed memo line (one engine per deck: its lines share the memo)."""
    out, engines = [], {}
    for kind, a, b, c, deck, _ in parsed:
        counts = deck.copy()
        key = tuple(int(x) for x in counts)
        eng = engines.get(key)
        if eng is None:
            eng = engines[key] = Engine._of(counts)
        if kind == "dealers":
            dsum, dace, pt = a, b, c
            if _total_py(dsum, dace) > 21:
                ours = 1.0
            elif _total_py(dsum, dace) >= 17:
                ours = float(pt > _total_py(dsum, dace))
            else:
                ours = float(_stand_value(tuple(eng._dealer_distribution(counts, dsum, dace)), pt))
        else:
            up, psum, pace = a, b, c
            if psum > 21:
                ours = 0.0
            else:
                res = _player_value(counts, int(counts.sum()), eng._key(counts), psum, pace, up,
                                    eng.strides, eng.dmemo, eng.pmemo)[0]
                if res != res:  # NaN: the dealer may run out of cards
                    raise ValueError(f"memo line for deck {_deck_string(counts)}: the deck is too small for the "
                                     "dealer to finish on some line of play")
                ours = float(res)
        out.append(ours)
    return out


# "lers_move" is the document's truncated first line
_MEMO_LINE = re.compile(r'(dealers|lers|players)_move\(\s*(\d{1,3}),\s*(\w{1,5}),\s*(\w{1,5}),\s*"([^"]{1,100})"\)'
                        r' = ([0-9.eE+-]{1,30})')


def _check_lines(name, lines) -> list:
    """A list or tuple of str (at most 10,000 lines: the document's dump has 58)."""
    if isinstance(lines, (str, bytes)) or not isinstance(lines, (list, tuple)):
        raise TypeError(f"{name} must be a list or tuple of lines (str), got {type(lines).__name__}")
    if len(lines) > 10_000:
        raise ValueError(f"{name} must hold at most 10,000 lines, got {len(lines):,}")
    for i, line in enumerate(lines):
        check_str(f"{name}[{i}]", line, 1000)
    return list(lines)


def _parse_memo_line(i, line):
    """``(kind, a, b, c, deck, value as printed)`` of a dump line, every field checked; the error quotes it."""
    m = _MEMO_LINE.search(line)
    if not m:
        raise ValueError(f"lines[{i}] = {line[:80]!r} is not a memo line such as "
                         "'players_move( 5, 15, false, \"1004000002\") = 0.26666667'")
    kind, a, b, c, deck, val = m.groups()
    flags = {"true": True, "false": False}
    try:
        value = float(val)
    except ValueError:
        raise ValueError(f"lines[{i}]: {val!r} is not a probability") from None
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"lines[{i}]: the value {val!r} is not a probability in [0, 1]")
    if not re.fullmatch(r"\d*\.?\d+", val):
        raise ValueError(f"lines[{i}]: the value {val!r} must be printed as a decimal such as 0.26666667")
    if kind == "players":
        up = _check_card(f"lines[{i}]: dealer_card", int(a))
        psum = check_int(f"lines[{i}]: player_sum", int(b), 2, 31)
        if c not in flags:
            raise ValueError(f"lines[{i}]: {c!r} must be true or false (player_has_ace)")
        return "players", up, psum, flags[c], deck, val
    dsum = check_int(f"lines[{i}]: dealer_sum", int(a), 1, 26)
    if b not in flags:
        raise ValueError(f"lines[{i}]: {b!r} must be true or false (dealer_has_ace)")
    pt = check_int(f"lines[{i}]: player_total", int(c), 0, 31) if c.isdigit() else None
    if pt is None:
        raise ValueError(f"lines[{i}]: {c!r} must be the player's total (0..31)")
    return "dealers", dsum, flags[b], pt, deck, val


def compare_dump(ours: Sequence[str], theirs: Sequence[str]):
    """Line-by-line comparison table of two dumps (``ours`` vs the document's).

    Columns: ``line``, ``ours``, ``document``, ``verdict`` ("matches", "differs",
    "truncated in document" when the document's line is a suffix of ours,
    "missing").

    Examples
    --------
    >>> compare_dump(["dealers_move(1)", "x"], ["lers_move(1)", "y"])["verdict"].tolist()
    ['truncated in document', 'differs']
    """
    return _compare_dump(_check_lines("ours", ours), _check_lines("theirs", theirs))


def _compare_dump(ours: list, theirs: list):
    import pandas as pd

    rows = []
    for i in range(max(len(ours), len(theirs))):
        a = ours[i] if i < len(ours) else ""
        b = theirs[i] if i < len(theirs) else ""
        if a == b:
            verdict = "matches"
        elif not a or not b:
            verdict = "missing"
        elif b and a.endswith(b):
            verdict = "truncated in document"
        else:
            verdict = "differs"
        rows.append({"line": i + 1, "ours": a, "document": b, "verdict": verdict})
    return pd.DataFrame(rows)


@dataclass
class Example5:
    """Example 5 of the document recomputed in exact fractions.

    Attributes
    ----------
    terms : pandas.DataFrame
        The per-card lines the document leaves out after "Let's consider each in turn:"
        (``card``, ``count``, ``P(win) after it``, ``count x P``).
    table : pandas.DataFrame
        Our numbers beside the document's (``quantity``, ``ours``, ``document`` as printed,
        ``verdict``: "agrees" or "differs" by :func:`stoplib.workbook.verdicts.judge`, at the
        precision the document prints).
    best, stand : Fraction
        The exact optimal and stand win probabilities.
    """
    terms: object
    table: object
    best: Fraction
    stand: Fraction


def example5() -> Example5:
    """Recompute the document's example 5 (dealer ace, player A+A, deck ``4440000004``).

    Uses the document's own functions (:class:`.twins.DocumentSolver`) in exact
    fractions, called as the document calls them (:data:`.document.EX5_FIRST_CALL`,
    :data:`.document.EX5_STAND_CALL`).

    Examples
    --------
    >>> ex = example5()
    >>> ex.table["verdict"].tolist(), ex.best > ex.stand
    (['agrees', 'agrees', 'agrees', 'agrees'], True)
    """
    ex = _example5()
    return Example5(ex.terms.copy(), ex.table.copy(), ex.best, ex.stand)


@functools.lru_cache(maxsize=1)
def _example5() -> Example5:
    """:func:`example5`, computed once per process (the document's numbers do not change); a copy is returned."""
    import pandas as pd

    solver = DocumentSolver(Fraction)
    first = document.EX5_FIRST_CALL
    stand_call = document.EX5_STAND_CALL
    deck = tuple(int(c) for c in parse_deck(first[3]))
    best = solver._players_move(*first[:3], deck)
    stand = solver._dealers_move(*stand_call[:3], tuple(int(c) for c in parse_deck(stand_call[3])))
    terms = pd.DataFrame([{"card": "A" if v == 1 else str(v), "count": c, "P(win) after it": float(p),
                           "count x P": float(c * p)} for v, c, p in solver._hit_terms(*first[:3], deck)])
    rows = [("stand: dealers_move(1, true, 12, ...)", float(stand), f"{document.EX5_STAND:.6f}"),
            ("sum over the hit cards of count x P", float(terms["count x P"].sum()), f"{document.EX5_HIT_TOTAL:.5f}"),
            ("ways to get a hit", int(terms["count"].sum()), str(document.EX5_HIT_WAYS)),
            ("hit = best", float(best), f"{document.EX5_ANSWER:.6f}")]
    table = pd.DataFrame([(q, o, d, _verdicts.judge(d, o)) for q, o, d in rows],
                         columns=["quantity", "ours", "document", "verdict"])
    return Example5(terms, table, best, stand)


def packed_key_solve(bits: int, packing: str = "or", deck=document.EX5_DECK, dealer: int = document.EX5_DEALER,
                     player: Sequence[int] = document.EX5_PLAYER) -> float:
    """The document's recursion with its cache keyed by the deck packed into ``bits`` bits per count.

    The document packs its parameters into one ``long long`` ("at first I only
    allocated two bits to each card in the deck, and that didn't work out too well,
    because there are 5 potential values (0 through 4)"). Here the deck part of each
    memo key is ``count[i] << (bits * i)`` for the ten counts, combined with OR
    (``packing="or"``, the usual bit arithmetic: a count of 4 in two bits spills into
    the next card's field), with ``+`` (``"add"``) or after masking each count to
    ``bits`` bits (``"mask"``); the sums and flags stay separate. A collision makes
    the cache return another state's value.

    Returns
    -------
    float
        The player's win probability computed with that cache (floats).

    Examples
    --------
    >>> round(packed_key_solve(3), 6), round(packed_key_solve(2), 6)
    (0.436735, 0.434873)
    """
    bits = check_int("bits", bits, 1, 8)
    packing = check_choice("packing", packing, ("or", "add", "mask"))
    counts, dealer, player = _hand(deck, dealer, player)
    budget.check(_costs.document_estimate(f"packed_key_solve({bits}, {packing!r}, {_deck_string(counts)})", counts,
                                          dealer, sum(player), exact=False))
    return _packed_key_solve(bits, packing, tuple(int(c) for c in counts), dealer, player)


def _packed_key_solve(bits: int, packing: str, counts: tuple, dealer: int, player) -> float:
    """:func:`packed_key_solve` for arguments already checked (and within the budget)."""
    mask = (1 << bits) - 1

    def pack(d):
        key = 0
        for i, c in enumerate(d):
            if packing == "add":
                key += c << (bits * i)
            else:
                key |= (c & mask if packing == "mask" else c) << (bits * i)
        return key

    dmemo, pmemo = {}, {}

    def dealers_move(dsum, dace, ptotal, d):
        key = (dsum, dace, ptotal, pack(d))
        if key not in dmemo:
            t = _total_py(dsum, dace)
            if t > 21 or t >= 17:
                dmemo[key] = 1.0 if (t > 21 or ptotal > t) else 0.0
            else:
                acc = 0.0
                for v in range(1, 11):
                    if d[v - 1]:
                        rest = d[:v - 1] + (d[v - 1] - 1,) + d[v:]
                        acc += d[v - 1] * dealers_move(dsum + v, dace or v == 1, ptotal, rest)
                if not sum(d):
                    raise ValueError("deck too small for the dealer")
                dmemo[key] = acc / sum(d)
        return dmemo[key]

    def players_move(up, psum, pace, d):
        key = (up, psum, pace, pack(d))
        if key not in pmemo:
            if psum > 21:
                pmemo[key] = 0.0
            else:
                best = dealers_move(up, up == 1, _total_py(psum, pace), d)
                if sum(d):
                    acc = 0.0
                    for v in range(1, 11):
                        if d[v - 1]:
                            rest = d[:v - 1] + (d[v - 1] - 1,) + d[v:]
                            acc += d[v - 1] * players_move(up, psum + v, pace or v == 1, rest)
                    best = max(best, acc / sum(d))
                pmemo[key] = best
        return pmemo[key]

    return players_move(dealer, sum(player), 1 in player, counts)


def verdicts(notebook: str = "06_card_counter"):
    """Every number and claim of the document beside ours: the verdict table of notebook 06.

    Recomputes everything it reports (the example-6 dump line for line, its values
    with the fast solver, example 5 in exact fractions, the memo-key remark) once per
    process, in under a second; later calls reuse those rows (the document's numbers do
    not change) and only set the ``notebook`` column. Every printed number is judged by
    :func:`stoplib.workbook.verdicts.judge` at the precision the document prints; the
    contest's statistics are ``context`` (the document's setting, not the game).

    Parameters
    ----------
    notebook : str
        The notebook's file-name stem, for the ``notebook`` column.

    Returns
    -------
    pandas.DataFrame
        A verdict table (:func:`stoplib.workbook.verdicts.table`): the columns
        :data:`stoplib.workbook.verdicts.VERDICT_COLUMNS`, exactly one headline row.

    Examples
    --------
    >>> t = verdicts()
    >>> tuple(t.columns) == _verdicts.VERDICT_COLUMNS, int(t["headline"].sum())
    (True, 1)
    >>> _verdicts.counts(t)
    {'agrees': 14, 'differs': 0, 'open': 1, 'context': 2}
    """
    check_str("notebook", notebook, 120)
    return _verdicts.table(notebook, [dict(r) for r in _verdict_rows()])


@functools.lru_cache(maxsize=1)
def _verdict_rows() -> tuple:
    """The rows of :func:`verdicts` (computed once per process: the document's numbers do not change)."""
    row, judge = _verdicts.row, _verdicts.judge
    rows = []

    # --- example 6: the memo dump and its answer
    counts6, up6, player6 = parse_deck(document.EX6_DECK), document.EX6_DEALER, tuple(document.EX6_PLAYER)
    ours6 = _memo_dump(counts6, up6, player6, Fraction)
    table6 = _compare_dump(ours6, list(document.EX6_MEMO_DUMP))
    n_same = int((table6["verdict"] == "matches").sum())
    n_cut = int((table6["verdict"] == "truncated in document").sum())
    dump_ok = len(ours6) == len(document.EX6_MEMO_DUMP) and n_same + n_cut == len(ours6)
    rows.append(row("Example 6 (dealer 5, player 7+8, deck 1004000002): the two memo caches, line for line",
                    f"{len(document.EX6_MEMO_DUMP)} lines",
                    f"{len(ours6)} lines: {n_same} identical, {n_cut} cut short in the document",
                    "agrees" if dump_ok else "differs",
                    "regenerated from the document's own two functions (exact fractions), same keys, format "
                    "and order; the document's first line lost its leading 'dea'", headline=True))
    parsed = _parse_dump(list(document.EX6_MEMO_DUMP))
    fast = _fast_values(parsed)
    judged = [judge(text, ours) for (*_, text), ours in zip(parsed, fast)]
    gap = max(abs(ours - float(text)) for (*_, text), ours in zip(parsed, fast))
    n_agree = judged.count("agrees")
    rows.append(row("Example 6: every value printed in the dump", f"{len(parsed)} values to 8 decimals",
                    f"fast solver: {n_agree} of {len(parsed)} print the same; largest gap {gap:.1e}",
                    "agrees" if n_agree == len(parsed) else "differs",
                    "each line recomputed with the numba solver (a different memo: final-total distributions) "
                    "and judged at the 8 decimals printed"))
    exact6 = _solve_exact(counts6, up6, player6)
    w6, s6 = exact6.win_probability, exact6.stand_probability
    brute6 = _brute_force_orders(tuple(int(c) for c in counts6), up6, player6)
    rows.append(row("Example 6: win probability, players_move(5, 15, false, ...)", f"{document.EX6_ANSWER:.8f}",
                    f"{w6} = {float(w6):.8f}", judge(f"{document.EX6_ANSWER:.8f}", float(w6)),
                    f"exact fractions; brute force over all card orders: {brute6}"))
    rows.append(row("Example 6: standing on 15, dealers_move(5, false, 15, ...)", f"{document.EX6_STAND:.8f}",
                    f"{s6} = {float(s6):.8f}", judge(f"{document.EX6_STAND:.8f}", float(s6)), "exact fractions"))
    tie = [line for line in document.EX6_MEMO_DUMP if line.startswith("dealers_move(19, false, 19,")]
    ours_tie = [line for line in ours6 if line.startswith("dealers_move(19, false, 19,")]
    rows.append(row("Ties lose (read off the dump: a dealer's 19 against the player's 19)",
                    "P(win) = " + tie[0].split("= ")[1] if tie else "-",
                    "P(win) = " + ours_tie[0].split("= ")[1] if ours_tie else "-",
                    "agrees" if tie and tie == ours_tie else "differs",
                    "our rules score a tie as a loss and reproduce the line"))

    # --- example 5, the one with seven aces
    ex5 = _example5()
    t5 = ex5.table.set_index("quantity")
    deck5 = parse_deck(document.EX5_DECK)
    aces = int(deck5[0]) + (document.EX5_DEALER == 1) + list(document.EX5_PLAYER).count(1)
    rows.append(row("Example 5 (dealer A, player A+A, deck 4440000004): aces in play", str(document.EX5_ACES),
                    f"{aces} (4 in the deck, the dealer's, the player's 2)", judge(str(document.EX5_ACES), aces),
                    "counted"))
    total, soft = _hand_total(document.EX5_PLAYER)
    rows.append(row("Example 5: standing counts one ace as 11", "12", f"{'soft' if soft else 'hard'} {total}",
                    "agrees" if total == 12 and soft else "differs", "the hand's best total, hand_total([1, 1])"))
    stand_row = t5.loc["stand: dealers_move(1, true, 12, ...)"]
    rows.append(row("Example 5: standing on soft 12, dealers_move(1, true, 12, ...)", stand_row["document"],
                    f"{ex5.stand} = {float(ex5.stand):.6f}", stand_row["verdict"], "exact fractions"))
    ranks = tuple(v for v in range(1, 11) if deck5[v - 1])
    rows.append(row("Example 5: only four ranks left (ace, two, three, ten)", "A, 2, 3, 10",
                    ", ".join("A" if v == 1 else str(v) for v in ranks),
                    "agrees" if ranks == document.EX5_RANKS else "differs", "the deck's counts"))
    sum_row = t5.loc["sum over the hit cards of count x P"]
    rows.append(row("Example 5: sum over the hit cards of count × P(win)", sum_row["document"],
                    f"{sum_row['ours']:.6f}", sum_row["verdict"], "exact fractions, judged at the 5 decimals printed"))
    ways_row = t5.loc["ways to get a hit"]
    rows.append(row("Example 5: ways to get a hit", ways_row["document"], str(int(ways_row["ours"])),
                    ways_row["verdict"], "cards left in the deck"))
    best_row = t5.loc["hit = best"]
    rows.append(row("Example 5: P(win) if he hits, the answer", best_row["document"],
                    f"{ex5.best} = {float(ex5.best):.6f}", best_row["verdict"],
                    "exact fractions; the fast solver and the simulation agree (notebook)"))
    rows.append(row("Example 5: hitting beats standing", "hit", "hit" if ex5.best > ex5.stand else "stand",
                    "agrees" if ex5.best > ex5.stand else "differs",
                    f"{float(ex5.best):.6f} > {float(ex5.stand):.6f}"))
    terms = ", ".join(f"{c} {p:.4f}" for c, p in zip(ex5.terms["card"], ex5.terms["P(win) after it"]))
    rows.append(row("Example 5: P(win) after each card, the lines after \"Let's consider each in turn:\"",
                    "(missing from the document)", terms, "open",
                    "the document prints no number to compare with; 4 × their sum is its total 6.98776"))

    # --- the memo key and the contest
    deck5_t = tuple(int(c) for c in deck5)
    p2 = _packed_key_solve(2, "or", deck5_t, document.EX5_DEALER, document.EX5_PLAYER)
    p3 = _packed_key_solve(3, "or", deck5_t, document.EX5_DEALER, document.EX5_PLAYER)
    answer = f"{document.EX5_ANSWER:.6f}"
    holds = judge(answer, p2) == "differs" and judge(answer, p3) == "agrees"
    rows.append(row("Two bits per card count are too few for the memo key (counts 0 to 4)",
                    f"{document.FIRST_TRY_BITS} bits \"didn't work out too well\"",
                    f"example 5 cached with 2 bits: {p2:.6f}; with 3 bits: {p3:.6f}",
                    "agrees" if holds else "differs",
                    "deck packed as count << bits·i with OR: a count of 4 spills into the next card's field and "
                    "the cache returns another deck's value (added or masked 2-bit fields happen to survive here)"))
    rows.append(row("None of the contest's examples 0 to 4 has an ace", "no aces", "not in the document", "context",
                    "a fact about the contest's test data, not about the game; the write-up does not reproduce "
                    "those examples"))
    rows.append(row("Bad submissions in the contest", f"{document.BAD_SUBMISSIONS} of {document.SUBMISSIONS}",
                    "not a property of the game", "context",
                    "contest statistics (the document's setting); nothing of ours to compare"))
    return tuple(rows)
