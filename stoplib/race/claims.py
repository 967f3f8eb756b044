"""Dice races: the published numbers checked, one verdict row each.

:func:`verdicts` is the verdict table of notebook 08 (two players): the open question of document
002 (F. Crocce and E. Mordecki, J. Appl. Prob. 53(1), 2016, Section 6), Neller and Presser's
two-player Pig (2004), Crocce and Mordecki's pairwise idea (2018), Busche and Neller's Farkle
(2017) and Busche's Facebook Farkle (2016). :func:`three_player_verdicts` is notebook 09's: the
public record on three players, and the checks of our equilibrium. Rows are built in
:mod:`._verdicts` and judged by the one rule of :mod:`stoplib.workbook.verdicts`; the published
numbers are in :mod:`.document`.
"""
from __future__ import annotations

import numpy as np

from ..util import budget
from ..util.validate import check_instance, check_int, check_real, check_str
from ..workbook.verdicts import judge, row
from . import _costs, _verdicts
from . import document as doc
from .match import HeadStart, Match
from .models import _model
from .multi import MultiRace
from .solver import Race, _solve

__all__ = ["NOTEBOOK", "THREE_NOTEBOOK", "verdicts", "three_player_verdicts"]

#: The notebooks whose verdict tables these are.
NOTEBOOK = "08_two_player_dice"
THREE_NOTEBOOK = "09_three_player_dice"


def _race(name, value, game, method, goal=None):
    check_instance(name, value, Race)
    if value.game != game or value.method != method or (goal is not None and value.goal != goal):
        raise ValueError(f"{name} must be {game} solved by {method!r}" + (f" to {goal}" if goal else "")
                         + f", got {value.game} by {value.method!r} to {value.goal}")
    return value


def verdicts(game, value_iteration, brute, farkle, farkle_vi, head, maximizer, human=None, facebook=()):
    """The verdict table of notebook 08: the paper's open question and the published two-player numbers.

    Parameters
    ----------
    game, value_iteration : Race
        Ten Thousand solved by the pairwise method and by value iteration (the same goal).
    brute : (int, numpy.ndarray)
        A small goal and the turn-start values of Ten Thousand to it by the brute force on document 002's
        own states (:func:`stoplib.tenthousand.duel_brute_force`), set beside the engine's.
    farkle, farkle_vi : Race
        Farkle solved by both methods (the same goal).
    head : HeadStart
        Farkle's head-start curve at that goal (:func:`stoplib.race.fair_head_start`).
    maximizer : Match
        Farkle's optimal policy against the solitaire optimum (score maximisation) at that goal
        (:func:`stoplib.race.evaluate`).
    human : (str, float) or None
        A human-playable policy's name and its loss of win probability against optimal play (None:
        not evaluated; an open row).
    facebook : sequence of dict
        Facebook Farkle's solves, one mapping per reading of its scoring with the columns of
        ``data/race_facebook_farkle.csv`` (``reading``, ``rule``, ``goal_chips``, ``first_player_win``,
        ``states``, ``rounds``, ``sweeps``, ``residual``, ``seconds``, and optionally ``check_residual``: the
        residual when every turn start is passed again one count at a time); empty: its first player's row
        is open. The state count of the published game (to 10,000 points) needs no solve and is always a row.

    Two-player Pig to 100 points (both methods) is solved here (a second).

    Examples
    --------
    >>> from stoplib import race
    >>> from stoplib.tenthousand import duel_brute_force
    >>> f, fv = race.solve("farkle", 8), race.solve("farkle", 8, method="value_iteration")
    >>> v = verdicts(race.solve("tenthousand", 8), race.solve("tenthousand", 8, method="value_iteration"),
    ...              (3, duel_brute_force(3)[0]), f, fv, race.fair_head_start("farkle", 8),
    ...              race.evaluate("farkle", "optimal", "solitaire", 8))
    >>> int(v["headline"].sum()), v.loc[v.headline, "verdict"].item()
    (1, 'open')
    """
    game = _race("game", game, "tenthousand", "pairwise")
    value_iteration = _race("value_iteration", value_iteration, "tenthousand", "value_iteration", game.goal)
    if not isinstance(brute, tuple) or len(brute) != 2:
        raise TypeError("brute must be a (goal, turn-start values) pair")
    bgoal = check_int("brute's goal", brute[0], 1, 20)
    bP0 = check_instance("brute's values", brute[1], np.ndarray)
    if bP0.shape != (bgoal, bgoal) or bP0.dtype.kind != "f" or not np.isfinite(bP0).all():
        raise ValueError(f"brute's values must be a finite float array of shape ({bgoal}, {bgoal})")
    farkle = _race("farkle", farkle, "farkle", "pairwise")
    farkle_vi = _race("farkle_vi", farkle_vi, "farkle", "value_iteration", farkle.goal)
    check_instance("head", head, HeadStart)
    if head.game != "farkle" or head.goal != farkle.goal or head.players != 2:
        raise ValueError(f"head must be two-player Farkle's head start to {farkle.goal}, got {head.game} to "
                         f"{head.goal}")
    if human is not None:
        if not isinstance(human, tuple) or len(human) != 2:
            raise TypeError("human must be a (name, loss) pair or None")
        human = (check_str("human's name", human[0], 200), check_real("human's loss", human[1], -1, 1))
    check_instance("maximizer", maximizer, Match)
    if maximizer.game != "farkle" or maximizer.goal != farkle.goal or (maximizer.player, maximizer.opponent) != (
            "optimal", "solitaire optimum"):
        raise ValueError(f"maximizer must be Farkle's optimal policy against the solitaire optimum to {farkle.goal}")
    if isinstance(facebook, (str, bytes)) or not isinstance(facebook, (list, tuple)):
        raise TypeError("facebook must be a list or tuple of mappings (rows of data/race_facebook_farkle.csv)")
    keys = ("reading", "rule", "goal_chips", "first_player_win", "states", "rounds", "sweeps", "residual", "seconds")
    rows_fb = []
    for k, r in enumerate(facebook):
        if not hasattr(r, "keys") or any(key not in r for key in keys):
            raise TypeError(f"facebook[{k}] must be a mapping with the keys {keys}")
        rows_fb.append({"reading": check_str(f"facebook[{k}]['reading']", r["reading"], 20),
                        "rule": check_str(f"facebook[{k}]['rule']", r["rule"], 200),
                        "goal_chips": check_int(f"facebook[{k}]['goal_chips']", int(r["goal_chips"]), 1, 10**4),
                        "first_player_win": check_real(f"facebook[{k}]['first_player_win']",
                                                       float(r["first_player_win"]), 0, 1),
                        "states": check_int(f"facebook[{k}]['states']", int(r["states"]), 1),
                        "rounds": check_int(f"facebook[{k}]['rounds']", int(r["rounds"]), 0),
                        "sweeps": check_int(f"facebook[{k}]['sweeps']", int(r["sweeps"]), 0),
                        "residual": check_real(f"facebook[{k}]['residual']", float(r["residual"]), 0),
                        "seconds": check_real(f"facebook[{k}]['seconds']", float(r["seconds"]), 0),
                        "check_residual": (check_real(f"facebook[{k}]['check_residual']", float(r["check_residual"]),
                                                      0) if "check_residual" in r else None)})
    pig_model = _model("pig")
    budget.check(_costs.solve(pig_model, 100, 2, "value_iteration"))
    pig, pig_vi = _solve(pig_model, 100, "pairwise", "reach"), _solve(pig_model, 100, "value_iteration", "reach")
    brute = (bgoal, bP0, _solve(_model("tenthousand"), bgoal, "pairwise", "reach"))
    rows = _verdicts.two_player_rows(game, value_iteration, pig, pig_vi, brute)
    states = _model("facebook_farkle").state_count(200)["pre_roll"]
    rows += _verdicts.farkle_rows(farkle, farkle_vi, head, maximizer, human, rows_fb, states)
    return _verdicts.table(NOTEBOOK, rows)


def _kind(result):
    """What we found: an equilibrium (mixed at the cycles where best responses flip each other), or an
    approximate one where such a cycle could not be solved exactly."""
    if result.mixed and result.mixed_exact < result.mixed:
        return (f"a stationary equilibrium, approximate at {result.mixed - result.mixed_exact} of "
                f"{result.mixed} mixed cycles (deviation gain {result.deviation_gain:.1e})")
    if result.mixed:
        return f"a stationary equilibrium, mixed at {result.mixed} cycles"
    return "a stationary equilibrium"


def _mixed_words(result):
    """How the cycles where best responses flip each other were settled."""
    if not result.mixed:
        return "best responses settle on pure strategies everywhere"
    if result.mixed_exact == result.mixed:
        return (f"at {result.mixed} cycles best responses flip each other; each is solved exactly for a mixed "
                f"equilibrium ({len(result.mixing)} movers randomising between two turns)")
    return (f"at {result.mixed} cycles best responses flip each other; {result.mixed_exact} are solved exactly for a "
            "mixed equilibrium and the damped iteration approaches it at the others")


def three_player_verdicts(pig, pig_two, others=()):
    """The verdict table of notebook 09: the public record on three players and our equilibrium's checks.

    Parameters
    ----------
    pig : MultiRace
        Three-player Pig solved (the chapter: to 100 points).
    pig_two : MultiRace
        Two-player Pig to 100 solved by the engine for three or more players
        (:func:`stoplib.race.equilibrium` with ``players=2``), set beside the two-player engine.
    others : sequence of MultiRace
        Further three-player games solved (Ten Thousand, Farkle), one row each.

    Examples
    --------
    >>> from stoplib import race
    >>> v = three_player_verdicts(race.solve("pig", 12, players=3), race.equilibrium("pig", 100, players=2))
    >>> int(v["headline"].sum())
    1
    """
    check_instance("pig", pig, MultiRace)
    if pig.game != "pig" or pig.players != 3:
        raise ValueError(f"pig must be three-player Pig, got {pig.players}-player {pig.game}")
    check_instance("pig_two", pig_two, MultiRace)
    if pig_two.game != "pig" or pig_two.players != 2 or pig_two.goal != 100:
        raise ValueError(f"pig_two must be two-player Pig to 100, got {pig_two.players}-player {pig_two.game} to "
                         f"{pig_two.goal}")
    two = _solve(_model("pig"), 100, "pairwise", "reach").turn_start
    two_player_check = float(np.abs(pig_two.turn_start[:, :, 0] - two).max())
    if isinstance(others, (str, bytes)) or not isinstance(others, (list, tuple)):
        raise TypeError("others must be a list or tuple of MultiRace results")
    for k, r in enumerate(others):
        check_instance(f"others[{k}]", r, MultiRace)
    shares = ", ".join(f"seat {k + 1} {100 * pig.win_probability(k):.2f}%" for k in range(3))
    rows = [
        row(f"Published exact solutions of three-player Pig (turns in sequence, goal {pig.goal} points)",
            f"{doc.THREE_PLAYER_PUBLISHED} (our search of the public record)",
            f"{_kind(pig)}: {shares}", "open",
            "as far as we know nobody has published one (Zhu et al. 2023 solve a simultaneous multiplayer variant, "
            f"another game); ours: value iteration on win-probability vectors; {_mixed_words(pig)}; no player "
            f"gains more than {pig.deviation_gain:.1e} by deviating at any state", headline=True),
        row("Neller and Presser (2004): the first player's win probability in two-player Pig to 100",
            f"{doc.PIG_FIRST_PLAYER_PERCENT}%",
            f"{100 * pig_two.win_probability(0):.4f}% from the engine for three or more players, run with two",
            judge(doc.PIG_FIRST_PLAYER_PERCENT, 100 * pig_two.win_probability(0)),
            f"the multi-player engine with two players agrees with the two-player engine to {two_player_check:.0e} "
            "in every turn-start value"),
    ]
    for r in others:
        shares = ", ".join(f"seat {k + 1} {100 * r.win_probability(k):.2f}%" for k in range(3))
        rows.append(row(f"Published exact solutions of three-player {r.model.title} (goal {r.goal} {r.unit})",
                        f"{doc.THREE_PLAYER_PUBLISHED}", f"{_kind(r)}: {shares}", "open",
                        f"as far as we know none is published; {_mixed_words(r)}; largest deviation gain "
                        f"{r.deviation_gain:.1e}"))
    return _verdicts.table(THREE_NOTEBOOK, rows)
