"""The claims of document 004 about its printed stackings, checked against our solver.

Document 004 is "Optimally Stacking the Deck - Texas Hold 'Em" (Math ∩
Programming; ``shared/seeds/004_a0644cbfc5f0e02c.txt``, first article only).
Its numbers are transcribed in :mod:`stoplib.holdem.document`; here they are set
beside ours:

* the example deck's 52-row table (pockets, community cards, both hands, winner)
  against :func:`stoplib.holdem.cut_table`, cell by cell
  (:func:`article_example_table`, :func:`example_table_agreement`);
* the ten listed decks, valued for both seats (:func:`ten_decks_table`), and
  whether the eleven printed decks are distinct stackings up to rotation
  (:func:`distinct_printed_stackings`).

The claims about the search (one deck in six climbs to 52, never more than 15
steps, stackings for player 2) depend on seeded runs and are checked where they
are made, in notebook ``07_holdem_stacking``, against the constants of
:mod:`stoplib.holdem.document`.
"""
from __future__ import annotations

import pandas as pd

from .document import ARTICLE_CATEGORY, EXAMPLE_DECK, EXAMPLE_TABLE, TEN_DECKS
from .rules import canonical_rotation, format_deck
from .solver import cut_table, deck_value

__all__ = ["ARTICLE_TABLE_COLUMNS", "article_example_table", "example_table_agreement",
           "ten_decks_table", "distinct_printed_stackings"]

ARTICLE_TABLE_COLUMNS = ("p1", "p2", "board", "p1 hand", "p2 hand", "winner")
"""The columns of the article's table, named as in :func:`stoplib.holdem.cut_table`."""


def article_example_table() -> pd.DataFrame:
    """The table the article prints under its example deck, with our hand-category names.

    One row per cut (cut 0 first); the article's "Trips" is our "three of a kind".

    Examples
    --------
    >>> article_example_table().loc[0].tolist()
    ['Th7c', '5dAd', 'Qs Jc 4h 8c Tc', 'one pair', 'high card', '1']
    """
    article = pd.DataFrame(list(EXAMPLE_TABLE), columns=list(ARTICLE_TABLE_COLUMNS))
    for col in ("p1 hand", "p2 hand"):
        article[col] = article[col].map(ARTICLE_CATEGORY)
    return article


def example_table_agreement(table: pd.DataFrame | None = None) -> pd.DataFrame:
    """Cell-by-cell agreement of our per-cut table of the example deck with the article's.

    Parameters
    ----------
    table : pandas.DataFrame, optional
        Our :func:`stoplib.holdem.cut_table` of the example deck (computed if not given).

    Returns
    -------
    pandas.DataFrame
        bool, 52 rows by the article's six columns: True where the cells are equal.

    Examples
    --------
    >>> same = example_table_agreement()
    >>> same.shape, bool(same.values.all())
    ((52, 6), True)
    """
    ours = cut_table(EXAMPLE_DECK) if table is None else table
    article = article_example_table()
    return ours[list(article.columns)].eq(article)


def ten_decks_table() -> pd.DataFrame:
    """The ten decks the article lists, each valued for player 1 and for player 2.

    Returns
    -------
    pandas.DataFrame
        One row per deck: ``deck`` (1..10), ``p1 wins``, ``p1 ties``,
        ``p1 losses``, ``p2 wins`` and the deck's first cards (``starts with``).

    Examples
    --------
    >>> t = ten_decks_table()
    >>> len(t), bool((t["p1 wins"] == 52).all())
    (10, True)
    """
    rows = []
    for k, deck in enumerate(TEN_DECKS, 1):
        v1, v2 = deck_value(deck, seat=1), deck_value(deck, seat=2)
        rows.append({"deck": k, "p1 wins": v1.wins, "p1 ties": v1.ties, "p1 losses": v1.losses,
                     "p2 wins": v2.wins, "starts with": deck[:12] + "..."})
    return pd.DataFrame(rows)


def distinct_printed_stackings() -> int:
    """How many of the eleven printed decks (the example and the ten) differ up to rotation.

    Two decks that are cuts of one another are the same stacking; each deck is
    named by its rotation that starts with ``2c``.

    Examples
    --------
    >>> distinct_printed_stackings()
    11
    """
    return len({format_deck(canonical_rotation(d)) for d in (*TEN_DECKS, EXAMPLE_DECK)})
