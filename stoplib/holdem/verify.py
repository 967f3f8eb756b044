"""A deck checker a reader can run: every deck of a file dealt again by the slow rules-based twin.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em", Math ∩
Programming (jeremykun.com), 9 April 2012. Whatever a search claims, a reader can deal its
decks again::

    python -m stoplib.holdem verify data/holdem_stackings_9p_seat1.txt
    python -m stoplib.holdem verify data/holdem_stackings_by_players.csv
    python -m stoplib.holdem verify my_decks.txt --players 9

:func:`rescore_file` reads a stackings file (its first line names the table size and the seat),
a CSV with the columns ``n_players`` and ``deck`` (the committed tables), or plain text with
one deck per line (the table size given), and deals every deck's 52 cuts with
:func:`stoplib.holdem.deck_value_reference` (each hand scored from its seven cards by the
evaluator's Python API, the deal spelled out from the rules) and with the fast scorer,
:func:`stoplib.holdem.deck_value`: the cuts won, tied and lost by each, per deck.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pandas as pd

from ..util.validate import check_int, check_path
from ._costs import _reference_deals_estimate
from .rules import MAX_PLAYERS, MIN_PLAYERS, as_deck, format_deck
from .solver import _deck_value
from .twins import _value_reference

__all__ = ["RESCORE_COLUMNS", "rescore_file", "main"]

#: Columns of :func:`rescore_file`'s table.
RESCORE_COLUMNS = ("line", "n_players", "seat", "deck", "won", "tied", "lost", "fast_won", "fast_tied",
                   "fast_lost", "agree")
_HEADER = re.compile(r"#\s*stoplib holdem stackings:\s*n_players=(\d+)\s+seat=(\d+)")
#: Most decks one call deals again (the twin deals about 1,000 hands a second per table of 20).
MAX_DECKS = 100_000


def _decks_of(path: Path, n_players, seat):
    """``[(line, n, seat, deck text)]`` from a stackings file, a CSV with ``n_players`` and ``deck``, or
    plain text with one deck per line."""
    text = path.read_text(encoding="ascii", errors="replace")
    lines = text.splitlines()
    first = lines[0].strip() if lines else ""
    match = _HEADER.match(first)
    if match:
        n = int(match[1]) if n_players is None else n_players
        s = int(match[2]) if seat is None else seat
        return [(k, n, s, ln.strip()) for k, ln in enumerate(lines[1:], 2) if ln.strip()]
    if "deck" in first.split(",") and "n_players" in first.split(","):
        out = []
        with open(path, newline="") as fh:
            for k, row in enumerate(csv.DictReader(fh), 2):
                n = int(row["n_players"]) if n_players is None else n_players
                out.append((k, n, 1 if seat is None else seat, row["deck"].strip()))
        return out
    if n_players is None:
        raise ValueError(f"{path}: plain decks, one per line: give the table size (--players)")
    return [(k, n_players, 1 if seat is None else seat, ln.strip()) for k, ln in enumerate(lines, 1)
            if ln.strip() and not ln.lstrip().startswith("#")]


def rescore_file(path, n_players: int | None = None, seat: int | None = None) -> pd.DataFrame:
    """Every deck of a file, dealt again by the slow twin and by the fast scorer.

    Parameters
    ----------
    path : str or pathlib.Path
        A stackings file, a CSV with columns ``n_players`` and ``deck``, or plain decks one per line.
    n_players : int, optional
        The table size (required for plain decks; overrides the file's).
    seat : int, optional
        The seat whose cuts are counted (default: the file's, else 1).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`RESCORE_COLUMNS`: the line, the table, the deck, the cuts won, tied and lost by
        the twin and by the fast scorer, and whether the two agree.

    Examples
    --------
    >>> import tempfile, os
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> path = os.path.join(tempfile.mkdtemp(), "decks.txt")
    >>> _ = open(path, "w").write(EXAMPLE_DECK + "\\n")
    >>> rescore_file(path, n_players=2)[["won", "tied", "lost", "agree"]].values.tolist()
    [[52, 0, 0, True]]
    """
    path = check_path("path", path, must_exist=True, kind="file")
    if n_players is not None:
        n_players = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    if seat is not None:
        seat = check_int("seat", seat, 1, MAX_PLAYERS)
    decks = _decks_of(path, n_players, seat)
    if len(decks) > MAX_DECKS:
        raise ValueError(f"{path}: {len(decks):,} decks, more than {MAX_DECKS:,} to deal again in one call")
    rows = []
    for line, n, s, text in decks:
        n = check_int("n_players", n, MIN_PLAYERS, MAX_PLAYERS)
        s = check_int("seat", s, 1, n)
        try:
            arr = as_deck(text)
        except (TypeError, ValueError) as err:
            raise ValueError(f"{path}, line {line}: not a deck ({err})") from None
        _reference_deals_estimate(f"rescore_file, line {line}", n)
        twin = _value_reference([int(c) for c in arr], n, s)
        fast = _deck_value(arr.astype("int64"), n, s)
        rows.append({"line": line, "n_players": n, "seat": s, "deck": format_deck(arr), "won": twin.wins,
                     "tied": twin.ties, "lost": twin.losses, "fast_won": fast.wins, "fast_tied": fast.ties,
                     "fast_lost": fast.losses,
                     "agree": (twin.wins, twin.ties, twin.losses) == (fast.wins, fast.ties, fast.losses)})
    return pd.DataFrame(rows, columns=list(RESCORE_COLUMNS))


def main(argv=None) -> int:
    """``python -m stoplib.holdem verify FILE [--players N] [--seat S]``: print the cuts each deck wins, ties
    and loses (the slow twin), and exit 1 if the fast scorer disagrees on any deck.

    Examples
    --------
    >>> main(["verify", "--help"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    SystemExit: 0
    """
    import argparse

    parser = argparse.ArgumentParser(prog="python -m stoplib.holdem",
                                     description="Deal every deck of a file again with the slow rules-based twin.")
    sub = parser.add_subparsers(dest="command", required=True)
    verify = sub.add_parser("verify", help="cuts won, tied and lost by each deck of FILE")
    verify.add_argument("file")
    verify.add_argument("--players", type=int, default=None, help="the table size (plain decks need it)")
    verify.add_argument("--seat", type=int, default=None, help="the seat whose cuts count (default: 1)")
    args = parser.parse_args(argv)
    table = rescore_file(args.file, n_players=args.players, seat=args.seat)
    for r in table.itertuples(index=False):
        print(f"line {r.line}: {r.n_players} players, seat {r.seat}: won {r.won}, tied {r.tied}, lost {r.lost}"
              + ("" if r.agree else f"  (fast scorer: {r.fast_won}/{r.fast_tied}/{r.fast_lost}: DIFFERS)")
              + f"  {r.deck}")
    optimal = int((table["won"] == 52).sum())
    print(f"{len(table)} decks dealt again by the slow twin: {optimal} win all 52 cuts; the fast scorer "
          + ("agrees on every deck." if table["agree"].all() else "DIFFERS on some."))
    return 0 if table["agree"].all() else 1
