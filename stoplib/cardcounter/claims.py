"""CardCounter: the document's claims checked (its memo dump and its worked examples).

Document 003 (J. S. Plank's write-up of TopCoder SRM 734 D1 400, ``shared/seeds/003_796a598a91b6182b.txt``)
prints its two memo caches for example 6 and walks through example 5; the numbers it
prints are transcribed in :mod:`.document`. Here we regenerate them:

* :func:`memo_dump` rebuilds the example-6 dump from the document's own functions
  (:class:`.twins.DocumentSolver`), same keys, format and order; :func:`compare_dump`
  sets it line by line beside the document's, and :func:`check_dump_with_fast`
  recomputes every printed value with the fast solver (:mod:`.solver`);
* :func:`example5` recomputes example 5 in exact fractions, with the per-card terms
  the document leaves out and a table of our numbers beside the document's.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from . import document
from ._kernels import _player_value, _stand_value
from .rules import _check_card, _check_player, _total_py, parse_deck
from .solver import Engine
from .twins import DocumentSolver

__all__ = ["memo_dump", "compare_dump", "check_dump_with_fast", "Example5", "example5"]


def memo_dump(deck, dealer: int, player: Sequence[int], number=float) -> list[str]:
    """Regenerate the document's memo dump for one hand (same keys, format and order).

    Examples
    --------
    >>> memo_dump("1004000002", 5, [7, 8])[-1]
    'players_move( 5, 30,  true, "0003000001") = 0.00000000'
    """
    counts = tuple(int(c) for c in parse_deck(deck))
    dealer = _check_card("dealer", dealer)
    player = _check_player(player)
    doc = DocumentSolver(number)
    doc.players_move(dealer, sum(player), 1 in player, counts)
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
    import re
    # "lers_move" is the document's truncated first line
    pat = re.compile(r'(dealers|lers|players)_move\(\s*(\d+),\s*(\w+),\s*(\w+),\s*"(\d{10})"\) = ([0-9.]+)')
    worst = 0.0
    for line in lines:
        m = pat.search(line)
        if not m:
            raise ValueError(f"not a memo line: {line!r}")
        kind, a, b, c, deck, val = m.groups()
        counts = parse_deck(deck)
        eng = Engine(counts)
        if kind in ("dealers", "lers"):
            dsum, dace, pt = int(a), b == "true", int(c)
            if _total_py(dsum, dace) > 21:
                ours = 1.0
            elif _total_py(dsum, dace) >= 17:
                ours = float(pt > _total_py(dsum, dace))
            else:
                ours = float(_stand_value(tuple(eng.dealer_distribution(counts, dsum, dace)), pt))
        else:
            up, psum, pace = int(a), int(b), c == "true"
            ours = 0.0 if psum > 21 else float(_player_value(counts, int(counts.sum()), eng.key(counts), psum, pace,
                                                             up, eng.strides, eng.dmemo, eng.pmemo)[0])
        worst = max(worst, abs(ours - float(val)))
    return worst


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
        Our numbers beside the document's (``quantity``, ``ours``, ``document``,
        ``verdict``: "matches" or "differs" at the decimals the document prints).
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
    (['matches', 'matches', 'matches', 'matches'], True)
    """
    import pandas as pd
    solver = DocumentSolver(Fraction)
    first = document.EX5_FIRST_CALL
    stand_call = document.EX5_STAND_CALL
    deck = tuple(int(c) for c in parse_deck(first[3]))
    best = solver.players_move(*first[:3], deck)
    stand = solver.dealers_move(*stand_call[:3], tuple(int(c) for c in parse_deck(stand_call[3])))
    terms = pd.DataFrame([{"card": "A" if v == 1 else str(v), "count": c, "P(win) after it": float(p),
                           "count x P": float(c * p)} for v, c, p in solver.hit_terms(*first[:3], deck)])
    table = pd.DataFrame([
        ("stand: dealers_move(1, true, 12, ...)", float(stand), document.EX5_STAND),
        ("sum over the hit cards of count x P", terms["count x P"].sum(), document.EX5_HIT_TOTAL),
        ("ways to get a hit", terms["count"].sum(), document.EX5_HIT_WAYS),
        ("hit = best", float(best), document.EX5_ANSWER),
    ], columns=["quantity", "ours", "document"])
    places = [6, 5, 0, 6]   # decimals the document prints for each quantity
    table["verdict"] = ["matches" if round(o, k) == d else "differs"
                        for o, d, k in zip(table["ours"], table["document"], places)]
    return Example5(terms, table, best, stand)
