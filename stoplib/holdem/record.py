"""The public record of the n-player question, and the words the n-player table uses (beyond document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em", Math ∩
Programming (jeremykun.com), 9 April 2012. Others have asked its question for more players.
The most thorough public account we found is the research report of the GitHub repository
aaronjeline/poker-solver (``RESEARCH_REPORT.md``, status 2026-07-15, commit ``0a7a5d0``). Its
rules are ours: seat 1 gets the first card, a burn before flop, turn and river, and seat 1 must
strictly beat every opponent at every cut. It publishes no deck files, so its counts cannot be
dealt again; its published scorer (``src/hands.rs``, and the CP-SAT model ``smt/poker_cp.py``
"matching the simplified (rank, high_card) scoring") compares hands by category and highest
card only, and the report says that its *solved* decks also win under full rules; for the
unsolved sizes it does not say which scorer gave the count (its beam-search plateau, 44 at
seven players, is marked "coarse"). :data:`PUBLIC_RECORD` lists its best count per table size
and the section it comes from.

Earlier work: Ben Joffe, "Ice Cold Decks" (2009), stacked decks for two to four players with the
dealer dealt last.
"""
from __future__ import annotations

import pandas as pd

from ..util.validate import check_int
from .rules import MAX_PLAYERS, MIN_PLAYERS, N_CUTS

__all__ = ["PUBLIC_SOURCE", "PUBLIC_URL", "PUBLIC_RECORD", "FAMILY_WORDS", "public_record", "family_words",
           "versus_public"]

#: The public report the record comes from.
PUBLIC_SOURCE = ("aaronjeline/poker-solver, RESEARCH_REPORT.md, \"Jeff Decks: Existence and Nonexistence Across "
                 "Player Counts\" (status 2026-07-15, commit 0a7a5d0)")
PUBLIC_URL = ("https://github.com/aaronjeline/poker-solver/blob/0a7a5d0d74c5998123d2cf4c53e83425f37554b7/"
              "RESEARCH_REPORT.md")
#: Per table size: the report's best count of cuts won and where in the report it stands.
PUBLIC_RECORD = {
    2: (52, "section 2: solved"), 3: (52, "section 2: solved, closed form"), 4: (52, "section 2: solved"),
    5: (52, "section 2: solved"), 6: (52, "section 2: solved"), 7: (50, "section 2: open, best 50/52"),
    8: (48, "section 2: open, best 48/52"), 9: (52, "section 2: solved, ranks falling by one, suits by a solver"),
    10: (48, "section 2: open, best 48/52"), 11: (48, "section 2: open, best 48/52"),
    12: (50, "section 2: open, best 50/52"), 13: (39, "sections 2 and 5: best 39/52"),
    14: (43, "section 5: annealing, 43"), 15: (40, "section 5: annealing, 40"), 16: (42, "section 5: annealing, 42"),
    17: (27, "section 5: annealing, 27"), 18: (29, "section 5: annealing, 29"),
    19: (32, "section 4: a period-26 construction, 32 (annealing: 31)"),
    20: (28, "section 5: annealing, 28"), 21: (36, "section 4: a period-26 construction, 36 (annealing: 25)"),
    22: (38, "section 4: a 38/52 skeleton (annealing: 32)"),
}
#: The deck families, in words (their keys are the code names of :mod:`stoplib.holdem.families`).
FAMILY_WORDS = {
    "period13_cycle": "ranks repeating every 13 cards, suits cycling",
    "period13_blocks": "ranks repeating every 13 cards, suits in four blocks",
    "period13_free": "ranks repeating every 13 cards, suits free",
}


def public_record() -> pd.DataFrame:
    """The public record by table size: ``n_players``, ``public_best`` (cuts won), ``solved``, ``where``.

    Examples
    --------
    >>> t = public_record()
    >>> int(t.set_index("n_players").loc[9, "public_best"]), len(t)
    (52, 21)
    """
    rows = [{"n_players": n, "public_best": best, "solved": best == N_CUTS, "where": where}
            for n, (best, where) in sorted(PUBLIC_RECORD.items())]
    return pd.DataFrame(rows)


def family_words(text: str) -> str:
    """``text`` with every family code name replaced by its words.

    Examples
    --------
    >>> family_words("exhaustive search of period13_cycle")
    'exhaustive search of ranks repeating every 13 cards, suits cycling'
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    for key, words in FAMILY_WORDS.items():
        text = text.replace(key, words)
    return text


def versus_public(n_players: int, wins: int) -> str:
    """Our count beside the public record's, in words ("above", "equal", "below").

    Examples
    --------
    >>> versus_public(7, 51), versus_public(9, 52), versus_public(12, 46)
    ('above', 'equal', 'below')
    """
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    wins = check_int("wins", wins, 0, N_CUTS)
    public = PUBLIC_RECORD[n][0]
    return "above" if wins > public else "equal" if wins == public else "below"
