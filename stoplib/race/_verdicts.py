"""The rows of the dice races' verdict tables (private; :mod:`stoplib.race.claims` is the public entry).

One row per number or claim others print about dice races, built with
:func:`stoplib.workbook.verdicts.row` and judged by its one rule: a printed number agrees when ours
lies in its printed interval; a question a document asks is open, with our answer in the "we find"
column. The solved games arrive computed from :mod:`.claims`; the published numbers are in
:mod:`.document`.
"""
from __future__ import annotations

import numpy as np

from ..workbook.verdicts import judge, row
from ..workbook.verdicts import table as verdict_table
from . import document as doc

__all__: list[str] = []   # private: used by stoplib.race.claims


def _pct(p, digits=4):
    return f"{100 * p:.{digits}f}%"


def two_player_rows(game, vi, pig, pig_vi, brute):
    """The open question of document 002 and the two-player Pig numbers (Neller and Presser, Crocce and Mordecki)."""
    G = game.goal
    upper = np.triu_indices(G)
    passes = game.iterations[upper]
    gap = float(np.abs(game.turn_start - vi.turn_start).max())
    bgoal, bP0, bpw = brute
    bgap = float(np.abs(bP0 - bpw.turn_start).max())
    pig_gap = float(np.abs(pig.turn_start - pig_vi.turn_start).max())
    pig_pct = 100 * pig.first_player_win
    pig_passes = pig.iterations[np.triu_indices(pig.goal)]
    states = pig.state_count["pre_roll"]
    return [
        row("Document 002, Section 6: can an algorithm like the paper's solve the competitive game?",
            "“remains an open question”",
            f"yes, a finite pairwise algorithm: the first player wins {_pct(game.first_player_win)} "
            f"of games to {G} chips ({50 * G:,} points)", "open",
            "a question the document asks (by the rule: open); our answer, which as far as we know nobody has "
            "published: the pairs of banked scores are solved once each from the largest score sums down, "
            f"{passes.mean():.2f} turn passes a pair on average and at most {int(passes.max())}, nothing iterated "
            f"to a tolerance; value iteration agrees to {gap:.0e} and a brute force on the paper's own states "
            f"(goal {bgoal} chips) to {bgap:.0e}", headline=True),
        row("Document 002, Section 1: Neller and Presser solved the competitive version of Pig",
            f"solved by {doc.PIG_SOLVED_BY}", f"solved again, to 100 points: first player {pig_pct:.4f}%",
            "agrees", f"value iteration (Neller and Presser's method) and the pairwise algorithm agree to "
            f"{pig_gap:.0e} in every turn-start value"),
        row("Neller and Presser (2004): the first player's win probability at goal 100 under optimal play",
            f"{doc.PIG_FIRST_PLAYER_PERCENT}%", f"{pig_pct:.4f}%", judge(doc.PIG_FIRST_PLAYER_PERCENT, pig_pct),
            f"the turn-start value at 0-0 of two-player Pig by the pairwise method (float64); value iteration gives "
            f"the same to {pig_gap:.0e}"),
        row("Neller and Presser (2004): non-terminal states of Pig to 100", f"about {doc.PIG_STATES}",
            f"{states:,}", judge(doc.PIG_STATES, states),
            "states (i, j, k) with i + k < 100 and j < 100: 100 · 100 · 101 / 2"),
        row("Crocce and Mordecki (2018): two-player Pig can be solved pair by pair, without iterating",
            "a non-iterative algorithm", f"{pig_passes.mean():.2f} turn passes a pair at goal 100, at most "
            f"{int(pig_passes.max())}", "agrees",
            f"our implementation of the pairwise method; it agrees with value iteration to {pig_gap:.0e}"),
    ]


def farkle_rows(farkle, farkle_vi, head, maximizer, human, facebook, facebook_states):
    """Busche and Neller's Farkle numbers (2017) and Busche's Facebook Farkle (2016)."""
    rows = []
    gap = float(np.abs(farkle.turn_start - farkle_vi.turn_start).max())
    curve = head.second_player_win
    closest = int(np.argmin(np.abs(curve[:-1] - 0.5)))
    points = 50 * closest
    rows.append(row(
        "Busche and Neller (2017), Farkle to 10,000: the second player's head start for a fair game",
        f"{doc.FARKLE_HEAD_START_POINTS} points",
        f"{points} points: the second player then wins {_pct(curve[closest], 2)} (the head start nearest an even "
        f"game, in steps of 50 points)", judge(str(doc.FARKLE_HEAD_START_POINTS), points),
        f"Farkle to {50 * farkle.goal:,} points, solved by the pairwise method (value iteration agrees to {gap:.0e}); "
        f"with {points - 50} points the second player wins {_pct(curve[closest - 1], 2)}, with {points + 50} "
        f"{_pct(curve[closest + 1], 2)}; the least head start that makes it at least even is {50 * head.head_start} "
        "points"))
    win_loss = 100 * (2 * maximizer.mean - 1)
    rows.append(row(
        "Busche and Neller (2017, the talk's slides): optimal play's win probability advantage over score "
        "maximization", f"about {doc.FARKLE_MAXIMIZER_ADVANTAGE_PERCENT}%",
        f"{win_loss:.4f}% (wins minus losses, the start decided by a coin); {100 * (maximizer.mean - 0.5):.4f}% "
        "above an even game", judge(doc.FARKLE_MAXIMIZER_ADVANTAGE_PERCENT, win_loss),
        f"the optimal policy against the solitaire optimum (each turn maximises its expected score), evaluated "
        f"exactly: {_pct(maximizer.first_player_win)} moving first, {_pct(maximizer.second_player_win)} moving "
        "second; our reading: the score maximiser wins at once when setting aside every scoring die reaches the goal, "
        "and otherwise keeps and banks as the expected turn score says (a maximiser that ignores the goal does "
        "measurably worse); the paper's own definitions of its score maximiser and of the advantage could not be "
        "read, so the agreement holds for this reading"))
    if human is None:
        rows.append(row(
            "Busche and Neller (2017): what their human-playable policy loses against optimal play",
            f"{doc.FARKLE_HUMAN_LOSS_PERCENT}% of win probability", "not computed", "open",
            "the policy (two memorised tables of 18 values and go-for-it states, by the talk's slides) is not "
            "stated in any text we could read, so it could not be transcribed or evaluated"))
    else:
        name, loss = human
        rows.append(row(
            "Busche and Neller (2017): what their human-playable policy loses against optimal play",
            f"{doc.FARKLE_HUMAN_LOSS_PERCENT}% of win probability", f"{100 * loss:.4f}%",
            judge(doc.FARKLE_HUMAN_LOSS_PERCENT, 100 * loss),
            f"{name} against the optimal policy, evaluated exactly"))
    for fb in facebook:
        pct = 100 * fb["first_player_win"]
        rows.append(row(
            f"Busche (2016), Facebook Farkle: the first player's win probability under optimal play ({fb['rule']})",
            f"{doc.FACEBOOK_FIRST_PLAYER_PERCENT}%", f"{pct:.4f}%", judge(doc.FACEBOOK_FIRST_PLAYER_PERCENT, pct),
            f"reading {fb['reading']}: policy iteration to {50 * fb['goal_chips']:,} points, {fb['rounds']} rounds of "
            f"improvement, {fb['sweeps']} evaluation sweeps, residual {fb['residual']:.0e}"
            + ("" if fb["check_residual"] is None else f" ({fb['check_residual']:.0e} with every turn start passed "
               "again, one count at a time)")
            + f", {fb['seconds'] / 60:.0f} minutes on one core (data/race_facebook_farkle.csv, "
            "benchmarks/bench_race_facebook.py)"))
    if not facebook:
        rows.append(row(
            "Busche (2016), Facebook Farkle: the first player's win probability under optimal play",
            f"{doc.FACEBOOK_FIRST_PLAYER_PERCENT}%", "not computed", "open",
            "no solve of the engine is recorded in data/race_facebook_farkle.csv (benchmarks/bench_race_facebook.py "
            "writes it)"))
    rows.append(row(
        "Busche (2016), Facebook Farkle: the states of the game (banked scores from -2,500 points)",
        doc.FACEBOOK_STATES, f"{facebook_states:,}", judge(doc.FACEBOOK_STATES, facebook_states),
        "pre-roll states (own score, own farkles in a row, the other's score and farkles, dice to roll, turn "
        "total): 250 scores from -2,500 to 9,950 points, 3 counts each, 6 numbers of dice, and turn totals below "
        "what is left to the goal but at least the 300 points that may be banked"))
    return rows


def table(notebook, rows):
    return verdict_table(notebook, rows)
