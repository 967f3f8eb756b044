"""Farkle's turn as a turn model: six dice, the scoring combinations, and the readings of the rules (private).

A roll of ``n`` dice scores by its combinations; the player sets aside at least one scoring
combination (any dice that all score: a *keepable* sub-multiset), then banks or rolls the dice
left, all six again when every die has scored (hot dice). A roll with no scoring combination is a
farkle: the turn total is lost. Scores are counted in chips of 50 points.

The combinations (:data:`READINGS` names each rule set; the notebook's verdict rows say which
reading reproduces which published number, with the sources of :mod:`.document`). ``"farkle"`` is
Busche and Neller's (ACG 2017, Table 1 and Section 1): single 1s and 5s and three of a kind only, no
minimum to bank, no penalty. ``"facebook_farkle"`` is the game of Busche's blog (2016) with the
scoring of his rules pages (mattbusche.org, rules.php and scoring.php): four, five and six of a kind
score two, three and four times the triple, a straight 1500, three pairs 750 (four of a kind and a pair
is *not* three pairs: the reading that gives the published 53.487%; counting it gives 53.482%, see
:func:`stoplib.race.models.farkle_variant`), no two-triplet or six-dice-farkle bonus, 300 points to bank,
three farkles in a row cost 500 points and reset the count, banked scores floored at -2,500 (Busche's
model bound). Hot dice: all six dice again, and the player may bank or roll (the other reading, "must
roll", changes the first player's chance by about 1e-6 in the research prototype behind these notes).

- single 1: 100 points; single 5: 50;
- three of a kind: 1000 for 1s, 100 times the face otherwise; more of a kind by the reading's
  ``kind`` rule: ``"triples"`` (only triples score; four 1s are a triple and a single),
  ``"linear"`` (each die beyond three adds the triple's value again), ``"doubling"`` (each die
  beyond three doubles it);
- six-dice combinations, where the reading has them: a straight 1-6, three pairs (with four of
  a kind and a pair counted as three pairs where ``quad_pair``), two triplets.

Options with the same dice left and fewer points are dropped (``prune``): more points with the
same dice to roll is never worse in a two-player race (a player could play on exactly as with
fewer and bank more); the tests solve small goals both ways and compare.
"""
from __future__ import annotations


__all__: list[str] = []   # private

#: The readings of Farkle's rules (units of 50 points). ``minimum_bank``: the least turn total
#: that may be banked; ``farkles``/``penalty``/``floor``: the bust counter of Facebook Farkle.
READINGS = {
    "farkle": dict(kind="triples", straight=0, three_pairs=0, quad_pair=False, two_triplets=0, minimum_bank=1,
                   farkles=1, penalty=0, floor=0),
    "facebook_farkle": dict(kind="linear", straight=30, three_pairs=15, quad_pair=False, two_triplets=0,
                            minimum_bank=6, farkles=3, penalty=10, floor=-50),
}
TITLES = {"farkle": "Farkle", "facebook_farkle": "Facebook Farkle"}


def _kind_value(face, m, kind):
    """Units of ``m >= 3`` dice of one face set aside as one set (None: not a set under the reading)."""
    triple = 20 if face == 1 else 2 * face
    if kind == "triples":
        return triple if m == 3 else None
    if kind == "linear":
        return triple * (m - 2)
    if kind == "doubling":
        return triple * 2 ** (m - 3)
    raise ValueError(f"unknown kind rule {kind!r}")   # pragma: no cover - the readings are fixed


def _face_units(face, m, kind):
    """The best units of ``m`` dice of one face, every die used (None: some die cannot score)."""
    single = {1: 2, 5: 1}.get(face, 0)
    best = [None] * (m + 1)
    best[0] = 0
    for used in range(1, m + 1):
        options = []
        if single and best[used - 1] is not None:
            options.append(best[used - 1] + single)
        for size in range(3, used + 1):
            v = _kind_value(face, size, kind)
            if v is not None and best[used - size] is not None:
                options.append(best[used - size] + v)
        best[used] = max(options) if options else None
    return best[m]


def score(counts, reading):
    """Units of the dice ``counts`` (a tuple over faces 1..6) when every die scores, else 0."""
    n = sum(counts)
    if n == 0:
        return 0
    total = 0
    for face, m in enumerate(counts, start=1):
        if m:
            v = _face_units(face, m, reading["kind"])
            if v is None:
                total = None
                break
            total += v
    best = total or 0
    if n == 6:
        shape = sorted(c for c in counts if c)
        if reading["straight"] and shape == [1] * 6:
            best = max(best, reading["straight"])
        if reading["three_pairs"] and (shape == [2, 2, 2] or (reading["quad_pair"] and shape == [2, 4])):
            best = max(best, reading["three_pairs"])
        if reading["two_triplets"] and shape == [3, 3]:
            best = max(best, reading["two_triplets"])
    return best
