"""The rules of two- to 22-player hold'em as the stacking article deals it (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012.
This room holds the notation and the dealing rules; what a deal is worth lives
in :mod:`stoplib.holdem.solver`, the hand ranks in :mod:`stoplib.holdem.evaluator`.

Cards
-----
A card is an integer ``0..51``: ``card = rank * 4 + suit`` with ``rank`` 0..12
for ``2, 3, ..., 9, T, J, Q, K, A`` and ``suit`` 0..3 for ``c, d, h, s``. So
``2c`` is 0, ``2d`` is 1, ``3c`` is 4 and ``As`` is 51. Arrays of cards are
``numpy.int8`` (what the parsers return); every function here also accepts
``int64`` arrays and plain lists of ints.

Text notation (the article's): two characters per card, rank then suit, e.g.
``"Th5d7cAd..."``. Parsing accepts whitespace between cards (the article's deck
is printed on two lines) and either case for both letters (``"as"``, ``"AS"``
and ``"As"`` all mean the ace of spades: the rank and suit alphabets share no
letter, so nothing is ambiguous). Printing always gives the canonical form:
upper-case ranks, lower-case suits, no spaces.

Deals
-----
The article deals two-player hold'em from a deck cut at position ``c`` (the
top card of the cut deck is ``deck[c]``, indices mod 52): player 1 gets cards
``c`` and ``c+2``, player 2 gets ``c+1`` and ``c+3``, ``c+4`` is burnt, the
flop is ``c+5, c+6, c+7``, ``c+8`` is burnt, the turn ``c+9``, ``c+10`` is
burnt and the river ``c+11``. We generalise to ``k`` players (2..22) with the
natural order: pockets one card at a time round the table (``p1, ..., pk, p1,
..., pk``), then burn, flop, burn, turn, burn, river. A deal uses a *window*
of ``2k + 8`` consecutive cards; for two players it is the article's order, and
22 players (``2 * 22 + 8 = 52``) use the whole deck, the most this deal allows.
All 52 rotations of a deck are the same stacking (the cut is random).

For a chosen seat a cut is a **win** (``WIN``: the seat's best five of seven
is strictly better than every opponent's), a **tie** (``TIE``: the seat shares
the best hand) or a **loss** (``LOSS``).
"""
from __future__ import annotations

import numbers

import numpy as np

from ..util.validate import check_bool as _shared_check_bool
from ..util.validate import check_int, check_str

__all__ = ["RANKS", "SUITS", "N_CARDS", "CARD_NAMES", "card_name", "card_code", "parse_cards",
           "format_cards", "as_cards", "parse_deck", "format_deck",
           "N_CUTS", "MIN_PLAYERS", "MAX_PLAYERS", "WIN", "TIE", "LOSS",
           "deal_window", "dealt_offsets", "as_deck", "cut_deck", "canonical_rotation", "MAX_TEXT"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_CARDS = 52
N_CUTS = 52
"""Places to cut a deck: every deal starts at one of the 52 cards."""
MIN_PLAYERS, MAX_PLAYERS = 2, 22
WIN, TIE, LOSS = 1, 0, -1

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)}
_RANK_OF.update({ch.lower(): i for i, ch in enumerate(RANKS)})
_SUIT_OF = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_OF.update({ch.upper(): i for i, ch in enumerate(SUITS)})

CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)
"""Canonical name of each card, indexed by its code (``CARD_NAMES[51] == 'As'``)."""


def card_name(card) -> str:
    """Name of one encoded card.

    Examples
    --------
    >>> card_name(0), card_name(51)
    ('2c', 'As')
    """
    return CARD_NAMES[check_int("card", card, 0, N_CARDS - 1)]


def card_code(name: str) -> int:
    """Code of one card given by its two-character name.

    Examples
    --------
    >>> card_code("2c"), card_code("As"), card_code("td")
    (0, 51, 33)
    """
    if not isinstance(name, str):
        raise TypeError(f"card name must be a str such as 'As', got {type(name).__name__}")
    return int(parse_cards(name, n=1)[0])


def _tokens(text: str):
    """Yield ``(index, position, token)`` for each two-character card in ``text``."""
    pos = 0
    index = 0
    length = len(text)
    while pos < length:
        if text[pos].isspace():
            pos += 1
            continue
        token = text[pos:pos + 2]
        yield index, pos, token
        index += 1
        pos += 2


def _code(token: str, index: int, pos: int) -> int:
    if len(token) == 2 and token[0] in _RANK_OF and token[1] in _SUIT_OF:
        return _RANK_OF[token[0]] * 4 + _SUIT_OF[token[1]]
    if len(token) < 2 or token[1].isspace():
        why = "a card needs a rank and a suit with no space between them"
    elif token[0] not in _RANK_OF:
        why = f"rank {token[0]!r} is not one of {RANKS}"
    else:
        why = f"suit {token[1]!r} is not one of {SUITS}"
    raise ValueError(f"unknown card {token!r} at card {index + 1} (character {pos + 1}): {why}")


def check_bool(name: str, value) -> bool:
    """:func:`stoplib.util.validate.check_bool`, also for NumPy 2's bools (whose type is named ``bool``).

    Examples
    --------
    >>> check_bool("parallel", np.True_), check_bool("parallel", False)
    (True, False)
    """
    if isinstance(value, np.bool_):
        return bool(value)
    return _shared_check_bool(name, value)


def _check_count(n):
    """``None`` or a number of cards 0..52."""
    return None if n is None else check_int("n", n, 0, N_CARDS)


def parse_cards(text: str, n: int | None = None) -> np.ndarray:
    """Parse distinct cards written as ``"AsKd..."`` into an int8 array.

    Parameters
    ----------
    text : str
        Two characters per card (rank ``23456789TJQKA``, suit ``cdhs``, either
        case), optionally separated by whitespace; at most :data:`MAX_TEXT` characters.
    n : int, optional
        Required number of cards (0..52); a different count raises ``ValueError``.

    Returns
    -------
    numpy.ndarray
        int8 card codes in the order written.

    Raises
    ------
    ValueError
        For an unknown card (quoted, with its place), a repeated card (both places)
        or a wrong count.

    Examples
    --------
    >>> parse_cards("As Kd 2c").tolist()
    [51, 45, 0]
    >>> parse_cards("As Kd As")
    Traceback (most recent call last):
    ...
    ValueError: repeated card As: card 1 and card 3 (character 7) are the same card
    """
    if not isinstance(text, str):
        raise TypeError(f"cards must be given as a str such as 'AsKd', got {type(text).__name__}")
    check_str("cards", text, MAX_TEXT)
    n = _check_count(n)
    codes = []
    seen = {}
    for index, pos, token in _tokens(text):
        code = _code(token, index, pos)
        if code in seen:
            raise ValueError(f"repeated card {CARD_NAMES[code]}: card {seen[code] + 1} and "
                             f"card {index + 1} (character {pos + 1}) are the same card")
        seen[code] = index
        codes.append(code)
    if n is not None and len(codes) != n:
        raise ValueError(f"expected {n} cards, found {len(codes)}")
    return np.asarray(codes, dtype=np.int8)


def format_cards(cards, sep: str = "") -> str:
    """Write encoded cards in the article's notation.

    Parameters
    ----------
    cards : str or array_like of int
        Distinct card codes 0..51 (int8, int64 or a list), or text.
    sep : str
        Put between cards (default none, as in the article).

    Examples
    --------
    >>> format_cards([51, 45, 0])
    'AsKd2c'
    >>> format_cards([51, 45], sep=" ")
    'As Kd'
    """
    sep = check_str("sep", sep, 100)
    arr = as_cards(cards, name="cards")
    return sep.join(CARD_NAMES[c] for c in arr.tolist())


def _codes(cards, n, name) -> np.ndarray:
    """Card codes from a list, tuple, range or 1-D integer array, checked for range and repeats."""
    if isinstance(cards, np.ndarray):
        if cards.ndim != 1:
            raise ValueError(f"{name} must be a 1-D sequence of card codes, got shape {cards.shape}")
        if cards.dtype == np.bool_ or (cards.size and not np.issubdtype(cards.dtype, np.integer)):
            raise TypeError(f"{name} must hold integer card codes 0..51 (or be text), got dtype {cards.dtype}")
        size = cards.size
    elif isinstance(cards, (list, tuple, range)):
        size = len(cards)
    else:
        raise TypeError(f"{name} must be text such as 'AsKd', a list of card names, or a list or array of "
                        f"card codes 0..51, got {type(cards).__name__}")
    if n is not None and size != n:
        raise ValueError(f"{name} must have {n} cards, found {size}")
    if size > N_CARDS:
        raise ValueError(f"{name}: a deck has 52 distinct cards, got {size} codes")
    values = cards.tolist() if isinstance(cards, np.ndarray) else list(cards)
    seen = {}
    for index, value in enumerate(values):
        if isinstance(value, bool) or type(value).__name__ == "bool_" or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must hold integer card codes 0..51 (or be text), got "
                            f"{type(value).__name__} {value!r:.40} at position {index}")
        value = int(value)
        if not 0 <= value < N_CARDS:
            raise ValueError(f"{name}: card codes must be in 0..51, got {value} at position {index}"
                             if abs(value) < 10**40 else
                             f"{name}: card codes must be in 0..51, got a {len(str(abs(value)))}-digit "
                             f"number at position {index}")
        if value in seen:
            raise ValueError(f"{name}: repeated card {CARD_NAMES[value]} (code {value}) at positions "
                             f"{seen[value]} and {index}")
        seen[value] = index
    return np.asarray(values, dtype=np.int8)


def as_cards(cards, n: int | None = None, name: str = "cards") -> np.ndarray:
    """Validate distinct cards given as text or codes; return them as an int8 array.

    Parameters
    ----------
    cards : str or array_like of int
        Text such as ``"AsKd"``, a list of card names, or codes 0..51 (a list,
        tuple, range or 1-D integer array). Cards must be distinct.
    n : int, optional
        Required number of cards.
    name : str
        Argument name used in error messages.

    Examples
    --------
    >>> as_cards("2c3c").tolist(), as_cards([0, 4]).tolist()
    ([0, 4], [0, 4])
    >>> as_cards([0, 4, 0])
    Traceback (most recent call last):
    ...
    ValueError: cards: repeated card 2c (code 0) at positions 0 and 2
    """
    name = check_str("name", name, 80)
    n = _check_count(n)
    if isinstance(cards, (list, tuple)) and cards and all(isinstance(c, str) for c in cards):
        if len(cards) > N_CARDS:
            raise ValueError(f"{name}: a deck has 52 distinct cards, got {len(cards)} names")
        cards = " ".join(cards)  # ["As", "Kd"] reads like "As Kd"
    if isinstance(cards, str):
        try:
            return parse_cards(cards, n=n)
        except ValueError as err:
            raise ValueError(f"{name}: {err}") from None
    return _codes(cards, n, name)


def parse_deck(text: str) -> np.ndarray:
    """Parse a full 52-card deck written in the article's notation.

    Parameters
    ----------
    text : str
        104 characters (52 cards), whitespace between cards allowed.

    Returns
    -------
    numpy.ndarray
        int8 array of the 52 card codes, top of the deck first.

    Raises
    ------
    ValueError
        For a wrong number of cards (the count found is given), an unknown card
        (which, and where) or a repeated card (which).

    Examples
    --------
    >>> deck = parse_deck("".join(r + s for r in "23456789TJQKA" for s in "cdhs"))
    >>> deck[:3].tolist(), len(deck)
    ([0, 1, 2], 52)
    """
    if not isinstance(text, str):
        raise TypeError(f"deck must be a str of 52 cards such as 'Th5d7c...', got {type(text).__name__}")
    cards = parse_cards(text)
    if cards.size != N_CARDS:
        raise ValueError(f"a deck has 52 cards, found {cards.size}")
    return cards


def format_deck(deck) -> str:
    """Write a 52-card deck in the article's notation (104 characters).

    Parameters
    ----------
    deck : str or array_like of int
        52 distinct cards, as text or codes 0..51 (a list, tuple, range, array
        or any other finite iterable of codes).

    Examples
    --------
    >>> format_deck(range(52))[:12]
    '2c2d2h2s3c3d'
    """
    if not isinstance(deck, (str, np.ndarray, list, tuple, range)):
        if isinstance(deck, (bytes, dict, set, frozenset)) or not hasattr(deck, "__iter__"):
            raise TypeError(f"deck must be a str such as 'Th5d7c...' or a sequence of 52 card codes, "
                            f"got {type(deck).__name__}")
        from itertools import islice

        deck = list(islice(deck, N_CARDS + 1))  # an endless iterator is not a deck
    return "".join(CARD_NAMES[c] for c in as_deck(deck).tolist())


# --------------------------------------------------------------------------- dealing rules
def _check_table(n_players, seat):
    """Validate a table size (2..22) and a seat of it (1..n_players); return both as ints."""
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    s = check_int("seat", seat, 1, n)
    return n, s


def deal_window(n_players: int) -> int:
    """Number of consecutive cards one deal uses: ``2 * n_players + 8``.

    Examples
    --------
    >>> deal_window(2)
    12
    """
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    return 2 * n + 8


def dealt_offsets(n_players: int) -> dict:
    """Offsets from the cut of every card of a deal, by role.

    Returns a dict with ``"pockets"`` (one pair per player, in seat order),
    ``"burns"`` and ``"board"`` (flop, turn, river).

    Examples
    --------
    >>> off = dealt_offsets(2)
    >>> off["pockets"], off["burns"], off["board"]
    ([(0, 2), (1, 3)], [4, 8, 10], [5, 6, 7, 9, 11])
    """
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    b = 2 * n
    return {"pockets": [(p, p + n) for p in range(n)],
            "burns": [b, b + 4, b + 6],
            "board": [b + 1, b + 2, b + 3, b + 5, b + 7]}


def as_deck(deck, name: str = "deck") -> np.ndarray:
    """Validate a 52-card deck given as text or codes; return int8 codes.

    Parameters
    ----------
    deck : str or array_like of int
        52 distinct cards: text (``"Th5d7c..."``) or codes 0..51 as a list,
        tuple, range or 1-D integer array.
    name : str
        Argument name used in error messages.

    Examples
    --------
    >>> as_deck("".join(r + s for r in "23456789TJQKA" for s in "cdhs"))[:4].tolist()
    [0, 1, 2, 3]
    >>> as_deck(list(range(51)) + [0])
    Traceback (most recent call last):
    ...
    ValueError: deck: repeated card 2c (code 0) at positions 0 and 51
    """
    name = check_str("name", name, 80)
    if isinstance(deck, str):
        try:
            return parse_deck(deck)
        except ValueError as err:
            raise ValueError(f"{name}: {err}") from None
    if not isinstance(deck, (list, tuple, range, np.ndarray)):
        raise TypeError(f"{name} must be a str such as 'Th5d7c...' or a list or array of 52 card codes, "
                        f"got {type(deck).__name__}")
    size = deck.size if isinstance(deck, np.ndarray) else len(deck)
    if size != N_CARDS and not (isinstance(deck, np.ndarray) and deck.ndim != 1):
        raise ValueError(f"{name}: a deck has 52 cards, found {size}")
    return as_cards(deck, name=name)


def cut_deck(deck, cut: int) -> np.ndarray:
    """The deck cut at position ``cut``: ``deck[cut]`` becomes the top card.

    Examples
    --------
    >>> cut_deck(range(52), 50)[:3].tolist()
    [50, 51, 0]
    """
    arr = as_deck(deck)
    c = check_int("cut", cut, 0, N_CUTS - 1)
    return np.roll(arr, -c)


def canonical_rotation(deck) -> np.ndarray:
    """The rotation of ``deck`` that starts with ``2c`` (code 0).

    All 52 rotations of a deck are the same stacking (the cut is random), and
    the lexicographically smallest rotation of distinct codes is the one that
    starts with the smallest code, so this names a stacking uniquely.

    Examples
    --------
    >>> canonical_rotation(np.roll(np.arange(52), 7))[:3].tolist()
    [0, 1, 2]
    """
    arr = as_deck(deck)
    return np.roll(arr, -int(np.argmin(arr)))


# --------------------------------------------------------------------------- card codes as numbers
def _distinct_cards(names, values) -> list[int]:
    """Card codes 0..51 given one per argument, checked to be distinct."""
    cards = [check_int(name, value, 0, 51) for name, value in zip(names, values)]
    seen = {}
    for name, card in zip(names, cards):
        if card in seen:
            raise ValueError(f"{seen[card]} and {name} are the same card, {CARD_NAMES[card]} ({card}): "
                             f"a hand holds distinct cards")
        seen[card] = name
    return cards


def _integer_array(name, values, what="card codes 0..51") -> np.ndarray:
    """``values`` as an integer array (a list, tuple or array of ints); TypeError for other kinds."""
    if isinstance(values, np.ndarray):
        arr = values
    elif isinstance(values, (list, tuple, range)):
        try:
            arr = np.asarray(values)
        except (ValueError, OverflowError) as exc:  # ragged rows, ints beyond 64 bits
            raise ValueError(f"{name} must be a regular array of integers: {exc}") from None
    else:
        raise TypeError(f"{name} must be a list or array of integers, got {type(values).__name__}")
    if arr.dtype == np.bool_ or (arr.size and not np.issubdtype(arr.dtype, np.integer)):
        if not isinstance(values, np.ndarray) and arr.dtype.kind in "fO":
            _ints_out_of_range(name, values, what)  # Python ints beyond int64 make floats or objects
        raise TypeError(f"{name} must hold integers, got dtype {arr.dtype}")
    return arr


def _ints_out_of_range(name, values, what):
    """Raise ValueError naming an int of nested lists ``values`` that no 64-bit array holds, if all are ints."""
    stack, found = [values], None
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple, range, np.ndarray)):
            stack.extend(item)
        elif isinstance(item, bool) or not isinstance(item, numbers.Integral):
            return  # not all ints: the caller's TypeError stands
        elif found is None and not -(2**63) <= int(item) < 2**63:
            found = item
    if found is not None:
        text = str(int(found))
        raise ValueError(f"{name} must hold {what}, got "
                         + (text if len(text) <= 30 else f"a {len(text)}-digit number"))


# --------------------------------------------------------------------------- limits
#: Longest text a card or deck parser reads (a deck with spaces is about 160 characters).
MAX_TEXT = 10_000
