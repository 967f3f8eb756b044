"""CardCounter rules and state encoding: the deck notation, hand totals, input checks.

The game (TopCoder SRM 734, Division 1, 400 points, "CardCounter", as written up by
J. S. Plank in 2018):

* the remaining deck is given as ten counts, ``deck[i]`` = cards of value ``i + 1``
  left (value 1 is the ace, index 9 counts every ten-valued card), or as the
  document's ten-digit string such as ``"1004000002"``;
* the dealer shows one card, the player holds two; an ace counts 11 when that keeps
  the hand at 21 or below (a *soft* hand), otherwise 1;
* the player hits (a card drawn uniformly from the remaining deck) as often as he
  likes, or stands; over 21 is a bust and a loss;
* after the player stands, the dealer draws his hidden card and keeps hitting while
  his total is below 17 (a soft 17 stands);
* the player wins when he has not bust and the dealer busts or ends lower. Ties lose.

The deck passed in is the REMAINING deck, after the dealer's up card and the
player's two cards were taken out (the document's convention): shown cards are not
checked against it. A deck on which, along some line of play, the dealer must draw
from an empty deck is refused: :func:`_starving_message` finds and names such a line
for the error that :mod:`.solver` and :mod:`.twins` raise.

State encoding: a hand is its hard sum (aces counted 1) and a flag saying it holds an
ace; a deck composition is keyed in :class:`.solver.Engine` by the cards removed from a
base deck, as a mixed-radix integer. The ``_*_BASE`` constants below are the radices
of the player and dealer memo keys (the kernels in :mod:`._kernels` spell the same
numbers out).

This is the ``rules`` room of :mod:`stoplib.cardcounter` (see the package docstring
for the other rooms).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..util.validate import check_int

__all__ = ["N_VALUES", "DEALER_STANDS", "OUTCOMES", "parse_deck", "deck_string", "hand_total", "fresh_deck"]

N_VALUES = 10
DEALER_STANDS = 17
OUTCOMES = ("17", "18", "19", "20", "21", "bust")
_PLAYER_SUM_BASE = 32   # player's hard sum (< 32 when he may still act) in the key
_DEALER_SUM_BASE = 17   # dealer's hard sum (< 17 while he must hit) in the key
_UP_BASE = 16           # dealer's up card 1..10 in the player key
_CAP_POINTS = 100        # card points a key can describe as removed from the base
_START_POINTS = 45       # points a starting deck may lie below the base (a hand adds <= 54)


# ---------------------------------------------------------------- notation and input checks

def parse_deck(deck) -> np.ndarray:
    """Return the remaining deck as ten int64 counts.

    Parameters
    ----------
    deck : str or sequence of int
        Ten non-negative integer counts (``deck[i]`` cards of value ``i + 1``), or the
        document's ten-digit string such as ``"1004000002"``.

    Returns
    -------
    numpy.ndarray
        Shape (10,), dtype int64.

    Examples
    --------
    >>> parse_deck("1004000002").tolist()
    [1, 0, 0, 4, 0, 0, 0, 0, 0, 2]
    """
    if isinstance(deck, str):
        if len(deck) != N_VALUES or not all(ch in "0123456789" for ch in deck):
            raise ValueError(f"deck as a string must be exactly ten digits 0-9 (counts of aces, twos, ..., tens), got {deck!r}")
        return np.array([int(ch) for ch in deck], dtype=np.int64)
    if isinstance(deck, (bytes, dict)) or not hasattr(deck, "__len__"):
        raise TypeError(f"deck must be ten counts (a sequence of ints) or a ten-digit string, got {type(deck).__name__}")
    if isinstance(deck, np.ndarray) and deck.ndim != 1:
        raise ValueError(f"deck must be one-dimensional with ten counts, got shape {deck.shape}")
    if len(deck) != N_VALUES:
        raise ValueError(f"deck must have exactly ten counts (aces, twos, ..., tens), got {len(deck)}")
    return np.array([check_int(f"deck[{i}] (count of {_value_name(i + 1)})", c, 0) for i, c in enumerate(deck)],
                    dtype=np.int64)


def _value_name(v: int) -> str:
    return {1: "aces", 10: "ten-valued cards"}.get(v, f"{v}s")


def _check_card(name: str, value) -> int:
    return check_int(name, value, 1, 10)


def _check_player(player) -> tuple[int, ...]:
    if isinstance(player, (str, bytes)) or not hasattr(player, "__len__"):
        raise TypeError(f"player must be a sequence of card values (two ints in 1..10), got {type(player).__name__}")
    if len(player) < 2:
        raise ValueError(f"player must hold at least two cards, got {len(player)}")
    return tuple(_check_card(f"player[{i}]", c) for i, c in enumerate(player))


def deck_string(deck) -> str:
    """The document's ten-character deck notation (counts above 9 in brackets).

    Examples
    --------
    >>> deck_string([1, 0, 0, 4, 0, 0, 0, 0, 0, 2])
    '1004000002'
    """
    return "".join(str(c) if c < 10 else f"[{c}]" for c in (int(x) for x in deck))


def hand_total(cards: Sequence[int]) -> tuple[int, bool]:
    """Best total of a hand and whether it is soft (an ace counted as 11).

    Examples
    --------
    >>> hand_total([1, 6])
    (17, True)
    >>> hand_total([1, 6, 10])
    (17, False)
    """
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def fresh_deck(n_decks: int = 1, minus: Sequence[int] = ()) -> np.ndarray:
    """Counts of ``n_decks`` full 52-card decks with the cards in ``minus`` taken out.

    Parameters
    ----------
    n_decks : int
        Number of decks shuffled together (>= 1).
    minus : sequence of int
        Card values (1..10) already shown, removed from the shoe.

    Examples
    --------
    >>> fresh_deck(1, minus=[10, 6, 10]).tolist()
    [4, 4, 4, 4, 4, 3, 4, 4, 4, 14]
    """
    n_decks = check_int("n_decks", n_decks, 1)
    counts = np.array([4 * n_decks] * 9 + [16 * n_decks], dtype=np.int64)
    for i, v in enumerate(minus):
        v = _check_card(f"minus[{i}]", v)
        if counts[v - 1] == 0:
            raise ValueError(f"cannot remove another {v}: none left in {n_decks} deck(s)")
        counts[v - 1] -= 1
    return counts


# ---------------------------------------------------------------- a deck too small for the dealer

def _starving_message(counts, dealer, player) -> str:
    """The ValueError message for a deck on which the dealer may have to draw from an empty deck."""
    line = _starving_line(tuple(int(c) for c in counts), int(dealer), tuple(player))
    if line is None:  # pragma: no cover - the fast path only reports NaN when a line exists
        return f"deck {deck_string(counts)} is too small for the dealer to finish"
    pdraws, ddraws, dsum = line
    return (f"deck {deck_string(counts)} is too small: if the player draws {list(pdraws)} and stands, "
            f"the dealer (up card {dealer}) may draw {list(ddraws)} and then, at hard {dsum}, must hit "
            f"from an empty deck; give more cards (the deck is what remains after the shown cards)")


def _starving_line(counts, dealer, player):
    """A line of play on which the dealer must draw from an empty deck, or None."""
    psum0 = sum(player)
    pace0 = 1 in player
    seen_d = set()

    def dealer_line(deck, s, a):
        if _total_py(s, a) >= 17 or (deck, s, a) in seen_d:
            return None
        if sum(deck) == 0:
            return (s,)
        seen_d.add((deck, s, a))
        for v in range(1, 11):
            if deck[v - 1]:
                d = list(deck)
                d[v - 1] -= 1
                r = dealer_line(tuple(d), s + v, a or v == 1)
                if r is not None:
                    return (v,) + r
        return None

    seen_p = set()

    def player_line(deck, s, a):
        if s > 21 or (deck, s, a) in seen_p:
            return None
        seen_p.add((deck, s, a))
        r = dealer_line(deck, dealer, dealer == 1)
        if r is not None:
            return (), r[:-1], r[-1]
        for v in range(1, 11):
            if deck[v - 1]:
                d = list(deck)
                d[v - 1] -= 1
                r = player_line(tuple(d), s + v, a or v == 1)
                if r is not None:
                    return (v,) + r[0], r[1], r[2]
        return None

    return player_line(tuple(counts), psum0, pace0)


def _total_py(s, a):
    """Best total of a hard sum ``s`` with ace flag ``a`` (pure-Python twin of ``_kernels._total``)."""
    return s + 10 if a and s + 10 <= 21 else s


def _parse_bracketed(text: str) -> np.ndarray:
    """Inverse of :func:`deck_string`: ten counts from the notation (counts above 9 in brackets)."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "[":
            j = text.index("]", i)
            out.append(int(text[i + 1:j]))
            i = j + 1
        else:
            out.append(int(text[i]))
            i += 1
    return np.array(out, dtype=np.int64)
