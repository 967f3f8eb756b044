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

from collections.abc import Sequence

import numpy as np

from ..util.validate import check_int

__all__ = ["N_VALUES", "DEALER_STANDS", "OUTCOMES", "MAX_COUNT", "MAX_FRESH_DECKS", "MAX_HAND", "parse_deck",
           "deck_string", "hand_total", "fresh_deck"]

N_VALUES = 10
DEALER_STANDS = 17
OUTCOMES = ("17", "18", "19", "20", "21", "bust")
_PLAYER_SUM_BASE = 32   # player's hard sum (< 32 when he may still act) in the key
_DEALER_SUM_BASE = 17   # dealer's hard sum (< 17 while he must hit) in the key
_UP_BASE = 16           # dealer's up card 1..10 in the player key
_CAP_POINTS = 100        # card points a key can describe as removed from the base
_START_POINTS = 45       # points a starting deck may lie below the base (a hand adds <= 54)


# ---------------------------------------------------------------- notation and input checks

#: The most cards of one value a deck may hold (62,500 decks' worth of tens): larger decks add
#: no states to the solver (its state space saturates at about eight decks) and would only
#: overflow the simulation's arrays.
MAX_COUNT = 1_000_000
#: The most 52-card decks :func:`fresh_deck` shuffles together (``16 * MAX_FRESH_DECKS <= MAX_COUNT``).
MAX_FRESH_DECKS = MAX_COUNT // 16
#: The most cards a hand can hold: 21 aces and the card that busts them.
MAX_HAND = 22


def parse_deck(deck) -> np.ndarray:
    """Return the remaining deck as ten int64 counts.

    Parameters
    ----------
    deck : str or sequence of int
        Ten non-negative integer counts (``deck[i]`` cards of value ``i + 1``, at most
        :data:`MAX_COUNT` each), or the document's ten-character string such as
        ``"1004000002"`` (counts above 9 in brackets, as :func:`deck_string` writes
        them: ``"4444444[12]44[16]"``).

    Returns
    -------
    numpy.ndarray
        Shape (10,), dtype int64.

    Raises
    ------
    TypeError
        Not a string or a sequence, or a count that is not an int.
    ValueError
        Not ten counts, a negative or too large count, or a character of the string
        that is not a count (the message quotes it).

    Examples
    --------
    >>> parse_deck("1004000002").tolist()
    [1, 0, 0, 4, 0, 0, 0, 0, 0, 2]
    >>> parse_deck("444444444[16]").tolist()[-1]
    16
    >>> parse_deck("10040x0002")
    Traceback (most recent call last):
    ...
    ValueError: deck: 'x' (character 6 of '10040x0002') is not a count; write ten digits ...
    """
    if isinstance(deck, str):
        return _parse_string(deck)
    if isinstance(deck, (bytes, bytearray)) or not isinstance(deck, (Sequence, np.ndarray)):
        raise TypeError(f"deck must be ten counts (a sequence of ints) or a ten-digit string, got "
                        f"{type(deck).__name__}")
    if isinstance(deck, np.ndarray) and deck.ndim != 1:
        raise ValueError(f"deck must be one-dimensional with ten counts, got shape {deck.shape}")
    if len(deck) != N_VALUES:
        raise ValueError(f"deck must have exactly ten counts (aces, twos, ..., tens), got {len(deck)}")
    return np.array([check_int(f"deck[{i}] (count of {_value_name(i + 1)})", c, 0, MAX_COUNT)
                     for i, c in enumerate(deck)], dtype=np.int64)


_HOW = "write ten digits (aces first, tens last), counts above 9 in brackets such as [12]"


def _parse_string(text: str) -> np.ndarray:
    """The ten counts of a deck string; a ValueError quotes the token that is not a count."""
    if len(text) > 100:
        raise ValueError(f"deck must be a short string of ten counts, got {len(text)} characters")
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            j = text.find("]", i)
            token = text[i:j + 1] if j >= 0 else text[i:]
            inner = token[1:-1] if j >= 0 else ""
            if j < 0 or not (inner.isascii() and inner.isdigit()) or len(inner) > 7:
                raise ValueError(f"deck: {token!r} (from character {i + 1} of {text!r}) is not a count; {_HOW}")
            value = int(inner)
            if value > MAX_COUNT:
                raise ValueError(f"deck: {token!r} is more than {MAX_COUNT:,} cards of one value")
            out.append(value)
            i = j + 1
        elif ch.isascii() and ch.isdigit():
            out.append(int(ch))
            i += 1
        else:
            raise ValueError(f"deck: {ch!r} (character {i + 1} of {text!r}) is not a count; {_HOW}")
    if len(out) != N_VALUES:
        raise ValueError(f"deck as a string must be ten digits (ten counts: aces, twos, ..., tens; counts above 9 "
                         f"in brackets), got {len(out)} counts in {text!r}")
    return np.array(out, dtype=np.int64)


def _value_name(v: int) -> str:
    return {1: "aces", 10: "ten-valued cards"}.get(v, f"{v}s")


def _check_card(name: str, value) -> int:
    return check_int(name, value, 1, 10)


def _check_cards(name: str, cards, min_cards: int) -> tuple[int, ...]:
    """A hand as card values 1..10 (a sequence of ``min_cards`` to :data:`MAX_HAND` ints)."""
    if isinstance(cards, (str, bytes, bytearray)) or not isinstance(cards, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be a sequence of card values (ints 1..10), got {type(cards).__name__}")
    if isinstance(cards, np.ndarray) and cards.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {cards.shape}")
    if len(cards) < min_cards:
        raise ValueError(f"{name} must hold at least {('one', 'two')[min_cards - 1]} card"
                         f"{'s' if min_cards > 1 else ''}, got {len(cards)}")
    if len(cards) > MAX_HAND:
        raise ValueError(f"{name} must hold at most {MAX_HAND} cards (21 aces and one more are bust), "
                         f"got {len(cards)}")
    return tuple(_check_card(f"{name}[{i}]", c) for i, c in enumerate(cards))


def _check_player(player) -> tuple[int, ...]:
    """The player's hand: two or more cards, reachable (he stops hitting once he is bust)."""
    cards = _check_cards("player", player, 2)
    before_last = sum(cards) - max(cards)
    if len(cards) > 2 and before_last > 21:
        raise ValueError(f"player {list(cards)} cannot arise: without its largest card the hand is already "
                         f"bust at hard {before_last}, and a bust player draws no more cards")
    return cards


def _check_not_empty(counts) -> None:
    """A hand needs a card in the remaining deck: at least the dealer's hidden card."""
    if int(np.sum(counts)) == 0:
        raise ValueError("deck 0000000000 is empty: too small to deal the hand (the dealer's hidden card "
                         "and every hit come from the remaining deck; give at least one card)")


def _check_deal(counts, what: str = "a hand") -> None:
    """Dealing a whole hand needs four cards: the player's two, the dealer's up card and his hidden card."""
    n = int(np.sum(counts))
    if n < 4:
        raise ValueError(f"deck {_deck_string(counts)} holds {n} card{'s' if n != 1 else ''}: too small to deal "
                         f"{what} (two cards to the player, the dealer's up card and his hidden card: 4 at least)")


def _check_dealers(dealers) -> tuple[int, ...]:
    """Up cards to study: a non-empty sequence of distinct values 1..10."""
    if isinstance(dealers, (str, bytes, bytearray)) or not isinstance(dealers, (Sequence, np.ndarray)):
        raise TypeError(f"dealers must be a sequence of up cards (ints 1..10), got {type(dealers).__name__}")
    if not 1 <= len(dealers) <= N_VALUES:
        raise ValueError(f"dealers must list 1 to 10 up cards, got {len(dealers)}")
    out = tuple(_check_card(f"dealers[{i}]", v) for i, v in enumerate(dealers))
    if len(set(out)) != len(out):
        raise ValueError(f"dealers lists an up card twice: {list(out)}")
    return out


def _check_frame(name: str, frame, columns, made_by: str):
    """A pandas DataFrame with ``columns`` (the output of ``made_by``)."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"{name} must be a pandas DataFrame ({made_by}), got {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"{name} lacks the columns {missing} (it must be {made_by})")
    return frame


def deck_string(deck) -> str:
    """The document's ten-character deck notation (counts above 9 in brackets).

    Examples
    --------
    >>> deck_string([1, 0, 0, 4, 0, 0, 0, 0, 0, 2])
    '1004000002'
    >>> deck_string([4] * 9 + [16])
    '444444444[16]'
    """
    return _deck_string(parse_deck(deck))


def _deck_string(counts) -> str:
    """:func:`deck_string` of counts already checked (no second validation in messages and loops)."""
    return "".join(str(c) if c < 10 else f"[{c}]" for c in (int(x) for x in counts))


def hand_total(cards: Sequence[int]) -> tuple[int, bool]:
    """Best total of a hand and whether it is soft (an ace counted as 11).

    Parameters
    ----------
    cards : sequence of int
        One to 22 card values, 1 (ace) .. 10.

    Examples
    --------
    >>> hand_total([1, 6])
    (17, True)
    >>> hand_total([1, 6, 10])
    (17, False)
    """
    cards = _check_cards("cards", cards, 1)
    return _hand_total(cards)


def _hand_total(cards) -> tuple[int, bool]:
    s = sum(cards)
    if 1 in cards and s + 10 <= 21:
        return s + 10, True
    return s, False


def fresh_deck(n_decks: int = 1, minus: Sequence[int] = ()) -> np.ndarray:
    """Counts of ``n_decks`` full 52-card decks with the cards in ``minus`` taken out.

    Parameters
    ----------
    n_decks : int
        Number of decks shuffled together, 1 .. :data:`MAX_FRESH_DECKS`.
    minus : sequence of int
        Card values (1..10) already shown, removed from the shoe.

    Examples
    --------
    >>> fresh_deck(1, minus=[10, 6, 10]).tolist()
    [4, 4, 4, 4, 4, 3, 4, 4, 4, 14]
    """
    n_decks = check_int("n_decks", n_decks, 1, MAX_FRESH_DECKS)
    if isinstance(minus, (str, bytes, bytearray)) or not isinstance(minus, (Sequence, np.ndarray)):
        raise TypeError(f"minus must be a sequence of card values (ints 1..10), got {type(minus).__name__}")
    return _fresh_deck(n_decks, [_check_card(f"minus[{i}]", v) for i, v in enumerate(minus)])


def _fresh_deck(n_decks: int, minus=()) -> np.ndarray:
    """:func:`fresh_deck` for arguments already checked (a ValueError when the shoe runs out of a value)."""
    counts = np.array([4 * n_decks] * 9 + [16 * n_decks], dtype=np.int64)
    for v in minus:
        if counts[v - 1] == 0:
            raise ValueError(f"cannot remove another {v}: none left in {n_decks} deck(s)")
        counts[v - 1] -= 1
    return counts


# ---------------------------------------------------------------- dealing a hand

def _deals(counts):
    """``(first, up, second, probability, remaining counts)`` for every deal of player, dealer up, player."""
    out = []
    for a, pa, c1 in _draws(counts):
        for up, pu, c2 in _draws(c1):
            for b, pb, c3 in _draws(c2):
                out.append((a, up, b, float(pa * pu * pb), c3))
    return out


def _draws(counts):
    """``(value, probability, counts after)`` for each card value the deck can give."""
    n = counts.sum()
    for v in range(1, 11):
        if counts[v - 1]:
            rest = counts.copy()
            rest[v - 1] -= 1
            yield v, counts[v - 1] / n, rest


# ---------------------------------------------------------------- a deck too small for the dealer

def _starving_message(counts, dealer, player) -> str:
    """The ValueError message for a deck on which the dealer may have to draw from an empty deck."""
    line = _starving_line(tuple(int(c) for c in counts), int(dealer), tuple(player))
    if line is None:  # pragma: no cover - the fast path only reports NaN when a line exists
        return f"deck {_deck_string(counts)} is too small for the dealer to finish"
    pdraws, ddraws, dsum = line
    return (f"deck {_deck_string(counts)} is too small: if the player {_in_words(pdraws, 'draws')} and stands, "
            f"the dealer (up card {dealer}) may {_in_words(ddraws, 'draw')} and then, at hard {dsum}, must hit "
            f"from an empty deck; give more cards (the deck is what remains after the shown cards)")


def _in_words(cards, verb: str) -> str:
    """A line of draws in words: ``draw nothing``, ``draws an ace``, ``draw a 2, an 8 and a 10``."""
    if not cards:
        return f"{verb} nothing"
    names = ["an ace" if c == 1 else f"an {c}" if c == 8 else f"a {c}" for c in map(int, cards)]
    return f"{verb} " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])


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
