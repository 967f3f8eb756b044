"""Turn models: one turn of a dice race as data, the only thing that differs between the games.

A dice race: players take turns; a turn is a sequence of rolls; a roll either *busts* (the
turn ends and its total is lost) or scores, and then the player keeps one of the options the
roll leaves (points set aside, dice left to roll) and banks the turn total or rolls again.
The first player whose banked score plus turn total reaches the goal wins. The games differ
only in the roll: :class:`TurnModel` holds, for every number ``n`` of dice rolled, the bust
probability ``bust[n]``, the scoring outcomes (probability ``out_p[e]``) and each outcome's
options (``opt_s[o]`` units set aside, ``opt_n[o]`` dice left; the first option keeps the
most). Some games add a counter of consecutive busts: the ``farkles``-th costs ``penalty``
units, and a banked score never falls below ``floor``.

The games (:func:`turn_model`, names in :data:`GAMES`):

``"pig"``
    One die; a 1 busts, a face ``r >= 2`` adds ``r`` points (T. W. Neller and C. G. M.
    Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004). ``die`` sets
    the faces.
``"tenthousand"``
    Document 002's turn (F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
    game", J. Appl. Prob. 53(1), 2016, Tables 1-3): five dice, scores in chips of 50 points,
    the paper's moves, hot dice.
``"farkle"``, ``"facebook_farkle"``
    Six dice, the scoring of M. Busche and T. W. Neller, "Optimal Play of the Farkle Dice
    Game" (ACG 2017) and of Busche's analysis of Facebook Farkle (2016), the second with
    the three-farkle penalty and the floor (:mod:`._farkle`, with each rule's source).

Examples
--------
>>> m = turn_model("pig")
>>> m.dice, m.unit, round(float(m.bust[1]), 4)
(1, 'points', 0.1667)
>>> turn_model("tenthousand").n_outcomes
90
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..util.validate import check_choice, check_int
from . import _dice, _farkle

__all__ = ["GAMES", "TurnModel", "turn_model"]   # farkle_variant: a private door for the benchmark

#: The games of the engine.
GAMES = ("pig", "tenthousand", "farkle", "facebook_farkle")
#: The largest Pig die (faces 1..die): far beyond any real die, small enough for exact sums.
MAX_DIE = 10**6


@dataclass(frozen=True, eq=False)   # arrays inside
class TurnModel:
    """One turn of a dice race as arrays (see the module docstring).

    Attributes
    ----------
    game, title : str
        The engine's name (``"pig"``...) and the reader's (``"Pig"``...).
    unit, unit_points : str, int
        The unit of scores (``"points"`` or ``"chips"``) and the points in one unit (1 or 50).
    dice, faces : int
        Dice rolled at a turn start (and after hot dice), faces of a die.
    bust : numpy.ndarray
        ``bust[n]``: probability that ``n`` dice score nothing (``bust[0]`` unused).
    out_ptr, out_p, opt_ptr, opt_s, opt_n : numpy.ndarray
        Outcomes of ``n`` dice are ``out_ptr[n]:out_ptr[n + 1]``; outcome ``e`` has probability
        ``out_p[e]`` and options ``opt_ptr[e]:opt_ptr[e + 1]``.
    farkles, penalty, floor : int
        The ``farkles``-th bust in a row costs ``penalty`` units (``farkles = 1``: no counter),
        and no banked score falls below ``floor`` (units, at most 0).
    default_goal : int
        The goal of the published game (units).
    """

    game: str
    title: str
    unit: str
    unit_points: int
    dice: int
    faces: int
    bust: np.ndarray = field(repr=False)
    out_ptr: np.ndarray = field(repr=False)
    out_p: np.ndarray = field(repr=False)
    out_k: np.ndarray = field(repr=False)
    opt_ptr: np.ndarray = field(repr=False)
    opt_s: np.ndarray = field(repr=False)
    opt_n: np.ndarray = field(repr=False)
    opt_keep: tuple = field(repr=False)
    roll_outcome: np.ndarray = field(repr=False)
    farkles: int = 1
    penalty: int = 0
    floor: int = 0
    default_goal: int = 100
    hot_dice_moves: bool = True
    minimum_bank: int = 1
    scorer: object = field(default=None, repr=False)
    post_scores: tuple = field(default=(), repr=False)

    @property
    def rules(self):
        """The arrays as the kernels take them: ``(bust, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n)``."""
        return (self.bust, self.out_ptr, self.out_p, self.out_k, self.opt_ptr, self.opt_s, self.opt_n)

    @property
    def n_outcomes(self):
        """Scoring outcomes over every number of dice."""
        return int(self.out_ptr[-1])

    @property
    def smax(self):
        """The most units one roll can set aside."""
        return int(self.opt_s.max())

    @property
    def counter(self):
        """Whether a player carries a count of consecutive busts (``farkles > 1``)."""
        return self.farkles > 1

    def positions(self, goal):
        """Banked positions of one player: scores ``floor..goal - 1`` times bust counts ``0..farkles - 1``."""
        return (goal - self.floor) * self.farkles

    def position(self, score, count=0):
        """The index of banked ``score`` with ``count`` busts in a row."""
        return (score - self.floor) * self.farkles + count

    @property
    def solitaire_value(self):
        """The expected score of one turn (units) when every choice maximises it: the solitaire optimum
        (document 002's ``V*(iota)`` for Ten Thousand, 5.872 chips; Pig's 8.14 points)."""
        from . import _solitaire
        return _solitaire.value(self)

    @property
    def solitaire_bank_from(self):
        """The solitaire optimum's least banking total (units) with ``n = 1..dice`` dice to roll."""
        from . import _solitaire
        return _solitaire.bank_from(self)

    def state_count(self, goal):
        """The states of the two-player game to ``goal``: turn starts, pre-roll states (own position,
        opponent's, turn total, dice; totals below what is left to the goal, but at least the least bank)
        and the post-roll states the model names (document 002's ``(t, configuration, n)`` for Ten Thousand).

        Examples
        --------
        >>> turn_model("pig").state_count(100)["pre_roll"]
        505000
        """
        from .advice import _state_count
        goal = check_int("goal", goal, 1)
        return _state_count(self, goal)

    def encode_roll(self, faces):
        """``(n, key)`` of a roll given as faces 1..``faces``: the row and column of :attr:`roll_outcome`."""
        n = len(faces)
        if self.dice == 1:
            return n, faces[0] - 1
        key = 0
        for face in faces:
            key += (self.dice + 1) ** (face - 1)
        return n, key


def _i64(x):
    return np.ascontiguousarray(np.array(x, dtype=np.int64))


def _roll_table(dice, faces, outcome_of):
    """``table[n, key]``: the outcome of a roll of ``n`` dice (-1: bust), ``key`` the counts in base ``dice + 1``."""
    if dice == 1:
        table = np.full((2, faces), -1, dtype=np.int64)
        for face in range(1, faces + 1):
            table[1, face - 1] = outcome_of(1, (face,))
        return table
    table = np.full((dice + 1, (dice + 1) ** faces), -1, dtype=np.int64)
    for n in range(1, dice + 1):
        for counts in _dice._roll_counts(n, faces):
            key = sum(c * (dice + 1) ** f for f, c in enumerate(counts))
            table[n, key] = outcome_of(n, counts)
    return table


@lru_cache(maxsize=None)
def _pig(die):
    D = die
    # outcome e = face - 2 for faces 2..D: keep r points, roll one die again
    table = np.full((2, D), -1, dtype=np.int64)
    table[1, 1:] = np.arange(D - 1)
    return TurnModel("pig", "Pig" if D == 6 else f"Pig ({D}-sided die)", "points", 1, 1, D,
                     np.array([0.0, 1.0 / D]), _i64([0, 0, D - 1]), np.full(D - 1, 1.0 / D), _i64(np.arange(D - 1)),
                     _i64(np.arange(D)), _i64(np.arange(2, D + 1)), _i64(np.ones(D - 1)),
                     tuple((r,) for r in range(2, D + 1)), table, default_goal=100,
                     scorer=lambda counts: 0 if len(counts) < 2 or counts[0] else next(
                         (f + 1 for f, c in enumerate(counts) if c), 0))


@lru_cache(maxsize=None)
def _tenthousand():
    N = 5
    a = _dice.tenthousand_arrays(N)
    configs = a["configs"]
    index = {}
    for e, (n, k) in enumerate(zip(a["out_n"], a["out_k"])):
        index[(n, configs[k])] = e

    def outcome_of(n, counts):
        return index.get((n, _dice._tt_config_of((0,) + tuple(counts))), -1)

    def scorer(counts):
        f, o, trip = _dice._tt_config_of((0,) + tuple(counts))
        return _dice._tt_score(f, o, trip) if f + o + 3 * len(trip) == sum(counts) else 0

    keep = tuple(_dice.tenthousand_faces(configs[k]) for k in a["opt_keep"])
    # document 002's post-roll states (t, configuration, n): n dice to roll after setting it aside
    post = tuple(_dice._tt_score(*c) for c in configs[1:] for n in range(1, N + 1)
                 if n == N or c[0] + c[1] + 3 * len(c[2]) <= N - n)
    return TurnModel("tenthousand", "Ten Thousand", "chips", 50, N, 6, a["p0"], _i64(a["out_ptr"]),
                     np.array(a["out_p"]), _i64(a["out_k"]), _i64(a["opt_ptr"]), _i64(a["opt_s"]),
                     _i64(a["opt_n"]), keep, _roll_table(N, 6, outcome_of), default_goal=200, hot_dice_moves=False,
                     scorer=scorer, post_scores=post)


def turn_model(game, die=6):
    """The turn model of ``game`` (one of :data:`GAMES`); ``die``: the faces of Pig's die.

    Examples
    --------
    >>> turn_model("pig", die=2).out_p.tolist()
    [0.5]
    """
    game = check_choice("game", game, GAMES)
    die = check_int("die", die, 2, MAX_DIE)
    if game != "pig" and die != 6:
        raise ValueError(f"die applies to Pig only; {game} is played with six-sided dice, got die={die}")
    return _model(game, die)


def _model(game, die=6):
    if game == "pig":
        return _pig(die)
    if game == "tenthousand":
        return _tenthousand()
    return _farkle_model(game)


@lru_cache(maxsize=None)
def _farkle_model(game):
    """The turn model of ``game`` (``"farkle"`` or ``"facebook_farkle"``), the rules of :mod:`._farkle`."""
    return _farkle_build(game, tuple(sorted(_farkle.READINGS[game].items())))


def farkle_variant(game, **changes):
    """The turn model of a Farkle game under another reading of its rules (``quad_pair=True``...), for the
    verdict rows that solve each candidate reading (private use: solve it with :mod:`._two`;
    :func:`stoplib.race.solve` takes the published readings only)."""
    reading = dict(_farkle.READINGS[game])
    for key, value in changes.items():
        if key not in reading:
            raise ValueError(f"unknown rule {key!r}; the rules are {sorted(reading)}")
        reading[key] = value
    return _farkle_build(game, tuple(sorted(reading.items())))


@lru_cache(maxsize=None)
def _farkle_build(game, items):
    reading = dict(items)

    def scorer(counts):
        return _farkle.score(tuple(counts), reading)

    a = _dice.multiset_arrays(6, 6, scorer, prune=True)
    outcome = a["roll_outcome"]
    return TurnModel(game, _farkle.TITLES[game], "chips", 50, 6, 6, a["p0"], _i64(a["out_ptr"]), np.array(a["out_p"]),
                     _i64(a["out_k"]), _i64(a["opt_ptr"]), _i64(a["opt_s"]), _i64(a["opt_n"]),
                     tuple(a["opt_keep"]), _roll_table(6, 6, lambda n, counts: outcome.get((n, counts), -1)),
                     farkles=reading["farkles"], penalty=reading["penalty"], floor=reading["floor"],
                     default_goal=200, minimum_bank=reading["minimum_bank"], scorer=scorer)
