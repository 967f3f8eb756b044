"""What others print about dice races: the numbers and claims notebook 08 sets beside ours.

Each constant is transcribed as printed (a string where its digits matter, so that a verdict
judges ours at the printed precision), with its source:

- F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice game", Journal of Applied
  Probability 53(1), 2016, pp. 91-105 (document 002): the open question of its last section and
  its remark that Neller and Presser solved two-player Pig;
- T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1),
  2004, pp. 25-47;
- F. Crocce and E. Mordecki, "A non-iterative algorithm for generalized pig games", Journal of
  Dynamics and Games 5(4), 2018, pp. 331-341 (arXiv:1808.06707);
- M. Busche and T. W. Neller, "Optimal Play of the Farkle Dice Game", Advances in Computer Games
  (ACG 2017), LNCS 10664, pp. 62-72;
- M. Busche, "Maximizing Win Probability in the Game of Farkle" (blog, 2016), Facebook's rules.
"""
from __future__ import annotations

__all__ = ["OPEN_QUESTION", "PIG_SOLVED_BY", "PIG_FIRST_PLAYER_PERCENT", "PIG_STATES", "FARKLE_HEAD_START_POINTS",
           "FARKLE_HUMAN_LOSS_PERCENT", "FARKLE_MAXIMIZER_ADVANTAGE_PERCENT", "FACEBOOK_FIRST_PLAYER_PERCENT", "FACEBOOK_STATES",
           "THREE_PLAYER_PUBLISHED"]

# Document 002, Section 6, the paper's last sentence about the game:
OPEN_QUESTION = ("Whether a similar type of algorithm can be used in the competitive Ten Thousand game remains "
                 "an open question.")
# Document 002, Section 1: "Neller and Presser [7] solved the competitive version of the Pig game."
PIG_SOLVED_BY = "Neller and Presser (2004)"
# Neller and Presser (2004), two-player Pig to 100 points, one six-sided die:
PIG_FIRST_PLAYER_PERCENT = "53.06"   # the first player wins about 53.06% under optimal play
PIG_STATES = "505,000"               # about 505,000 non-terminal states (i, j, k)
# Busche and Neller (2017), two-player Farkle to 10,000 points:
FARKLE_HEAD_START_POINTS = 200       # "we recommend 200 compensation points ... for the second player"
FARKLE_HUMAN_LOSS_PERCENT = "1.7754"  # the human-playable policy's loss of win probability against optimal
# Busche and Neller, ACG 2017 talk slides (cs.gettysburg.edu/~tneller/papers/talks/acg2017.pdf):
FARKLE_MAXIMIZER_ADVANTAGE_PERCENT = "4.7718"   # "~4.7718% win probability advantage over score maximization"
# Busche (2016), Facebook Farkle (three farkles in a row cost 500 points; banked scores never below -2,500):
FACEBOOK_FIRST_PLAYER_PERCENT = "53.487"   # the first player wins 53.487% under optimal play
FACEBOOK_STATES = "423,765,000"            # the states of the game
# What we found searching the public record for exact three-player solutions (notebook 08's row).
THREE_PLAYER_PUBLISHED = "none found"
