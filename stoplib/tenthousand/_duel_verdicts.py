"""The rows of notebook 08's verdict table (private; :func:`stoplib.tenthousand.claims.duel_verdicts`
is the public entry, and the only caller).

One row per number or claim about two players: the question document 002 leaves open (F.
Crocce and E. Mordecki, "A finite exact algorithm to solve a dice game", J. Appl. Prob. 53(1),
2016, Section 6), the two-player Pig numbers of Neller and Presser (2004), the pairwise idea
of Crocce and Mordecki (2018), and, for context only, the Farkle numbers of Busche and Neller
(2017), a game with other scoring. Built with :func:`stoplib.workbook.verdicts.row` and judged
by its one rule: a printed number agrees when ours lies in its printed interval; a question
the document asks is open, with our answer in the "we find" column; a number about another
game is context, never compared. The solved games arrive computed from :mod:`.claims`.
"""
from __future__ import annotations

import numpy as np

from ..workbook.verdicts import judge, row, table as verdict_table
from . import document as doc
from .pig_duel_game import _n_states

__all__: list[str] = []   # private: used by stoplib.tenthousand.claims.duel_verdicts


def _fair(P0):
    """The least head start ``h`` with which the second player wins at least half: ``1 - P0[0, h] >= 1/2``."""
    curve = np.append(1.0 - P0[0, :], 1.0)
    return int(np.flatnonzero(curve >= 0.5)[0])


def table(notebook, game, vi, pig, pig_vi, solitaire, brute):
    """The verdict table: ``game``/``vi`` Ten Thousand by both methods, ``pig``/``pig_vi`` Pig to 100 by
    both, ``solitaire`` the solitaire optimum against optimal play, ``brute`` ``(goal, turn_start)`` of the
    brute force on the paper's own states, with the pairwise solve ``brute_pairwise`` at that goal."""
    G = game.goal
    upper = np.triu_indices(G)
    passes = game.iterations[upper]
    gap = float(np.abs(game.turn_start - vi.turn_start).max())
    bgoal, bP0, bpw = brute
    bgap = float(np.abs(bP0 - bpw.turn_start).max())
    pig_gap = float(np.abs(pig.values - pig_vi.values).max())
    pig_pct = 100 * pig.first_player_win
    pig_passes = pig.iterations[np.triu_indices(pig.goal)]
    head, pig_head = _fair(game.turn_start), _fair(pig.values[:, :, 0])
    mean = 0.5 * (solitaire.first_player_win + solitaire.second_player_win)
    rows = [
        row("Document 002, Section 6: can an algorithm like the paper's solve the competitive game?",
            "“remains an open question”",
            f"yes, a finite pairwise algorithm: the first player wins {100 * game.first_player_win:.4f}% "
            f"of games to {G} chips ({50 * G:,} points)", "open",
            "a question the document asks (by the rule: open); our answer, which nobody has published: the pairs "
            "of banked scores are solved once each from the largest score sums down, "
            f"{passes.mean():.2f} turn passes a pair on average and at most {int(passes.max())}, nothing iterated "
            f"to a tolerance; value iteration agrees to {gap:.0e} and a brute force on the paper's own states "
            f"(goal {bgoal} chips) to {bgap:.0e}", headline=True),
        row("Document 002, Section 1: Neller and Presser solved the competitive version of Pig",
            f"solved by {doc.PIG_SOLVED_BY}", f"solved again, to 100 points: first player {pig_pct:.4f}%",
            "agrees", f"value iteration (Neller and Presser's method) and the pairwise algorithm agree to "
            f"{pig_gap:.0e} in every state"),
        row("Neller and Presser (2004): the first player's win probability at goal 100 under optimal play",
            f"{doc.PIG_FIRST_PLAYER_PERCENT}%", f"{pig_pct:.4f}%", judge(doc.PIG_FIRST_PLAYER_PERCENT, pig_pct),
            f"P(0, 0, 0) of two-player Pig by the pairwise method (float64); value iteration gives the same "
            f"to {pig_gap:.0e}"),
        row("Neller and Presser (2004): non-terminal states of Pig to 100", f"about {doc.PIG_STATES}",
            f"{_n_states(pig.goal):,}", judge(doc.PIG_STATES, _n_states(pig.goal)),
            "states (i, j, k) with i + k < 100 and j < 100: 100 · 100 · 101 / 2"),
        row("Crocce and Mordecki (2018): two-player Pig can be solved pair by pair, without iterating",
            "a non-iterative algorithm", f"{pig_passes.mean():.2f} pieces a pair at goal 100, at most "
            f"{int(pig_passes.max())}", "agrees",
            f"our implementation of the pairwise method; it agrees with value iteration to {pig_gap:.0e}"),
        row("Busche and Neller (2017), Farkle: the second player's head start for a fair game",
            f"about {doc.FARKLE_HEAD_START_POINTS} points",
            f"{50 * head} points ({head} chips) in Ten Thousand to {G} chips; {pig_head} points in Pig to 100",
            "context", "another game (six-dice Farkle, its own scoring); set beside ours, not compared"),
        row("Busche and Neller (2017), Farkle: what a human-playable policy loses against optimal play",
            f"about {doc.FARKLE_HUMAN_LOSS_PERCENT}% of win probability",
            f"the solitaire optimum of document 002 wins {100 * mean:.2f}% against optimal play "
            f"({100 * (0.5 - mean):.2f} points below even), the first turn decided by a coin", "context",
            "another game and another policy; set beside ours, not compared"),
    ]
    return verdict_table(notebook, rows)
