"""Browser scenario for notebook 08 (two-player dice races): operate both panels and check each readout
against the API, computed here.

Panel 0, the advisor: a game menu, sliders (own and opponent's scores), a text box for the turn total and
one for the roll, and a "Solve" button; panel 1, the policy map of Ten Thousand: a slider (opponent's
score), a text box (goal), a dropdown (dice to roll), a check box (solitaire thresholds) and a "Solve"
button. Both have a "Save figure" button. The goal of the notebook's games is read from the first readout
(it is smaller in quick mode).
"""
import re

from lab import decode_png

from stoplib import race


def _advice_text(result, own, opponent, total, roll):
    """What the advisor's readout must say for this state, from the API."""
    a = result.advice((own, opponent), total, roll)
    if a.bust:
        return f"bust, the turn ends with nothing; win probability {a.win_probability:.6f}"
    return f"win probability {a.best.win_probability:.6f} ({len(a.options)} option"


def _bank_text(pm, dice, own):
    b = int(pm.bank_from[dice - 1, own])
    return (f"rolls on to the goal at own score {own}" if b >= pm.goal - own
            else f"banks from {b} chips at own score {own}")


def _policy_text(result, opponent, dice):
    pm = result.policy_map(opponent)
    return (f"Ten Thousand to {result.goal} chips, opponent at {opponent}, {dice} {'die' if dice == 1 else 'dice'} "
            "to roll: "
            f"{_bank_text(pm, dice, 0)}, {_bank_text(pm, dice, opponent)}; the solitaire optimum banks from "
            f"{int(pm.solitaire_bank_from[dice - 1])}")


def notebook_08(nb, server):
    # (a) the advisor
    p = 0
    nb.wait_for(lambda: "roll 15522" in nb.panel_readout(p), what="first advisor readout")
    goal = int(re.match(r"Ten Thousand to (\d+) chips", nb.panel_readout(p)).group(1))
    game = race.solve("tenthousand", goal)
    want = _advice_text(game, 0, 0, 0, "15522")
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.set_slider(p, "own score", 10)
    nb.set_slider(p, "opponent's score", 25)
    nb.set_text(p, "turn total", 4)
    nb.set_text(p, "roll (faces)", "1155")
    want = _advice_text(game, 10, 25, 4, "1155")
    head = "Ten Thousand to %d chips · own 10, opponent 25, turn total 4, roll 1155: best" % goal
    nb.wait_for(lambda: head in nb.panel_readout(p) and want in nb.panel_readout(p), what=want)
    assert not decode_png(nb.panel_image(p))[2]
    nb.set_text(p, "roll (faces)", "2346")                      # a bust
    want = _advice_text(game, 10, 25, 4, "2346")
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.set_text(p, "turn total", goal + 5)                      # out of range: a message, nothing clamped
    nb.wait_for(lambda: "must be in 0.." in nb.panel_message(p), what="range message")
    assert want in nb.panel_readout(p)                          # the last valid view stays
    nb.set_text(p, "turn total", 4)
    nb.set_text(p, "roll (faces)", "1234567")
    nb.wait_for(lambda: "roll must be 1 to 5 faces" in nb.panel_message(p), what="roll message")
    nb.choose(p, "game", "Pig to 100")                          # another game of the engine
    nb.set_text(p, "roll (faces)", "4")
    pig = race.solve("pig", 100)
    want = _advice_text(pig, 10, 25, 4, "4")
    nb.wait_for(lambda: "Pig to 100 points" in nb.panel_readout(p) and want in nb.panel_readout(p), what=want)
    nb.click(p, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(p), what="save message")

    # (b) the policy map
    p = 1
    first = _policy_text(game, goal // 4, 5)
    nb.wait_for(lambda: first in nb.panel_readout(p), what=first)
    nb.set_slider(p, "opponent's score (chips)", 20)
    want = _policy_text(game, 20, 5)
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    nb.choose(p, "dice to roll", "3 dice")
    want = _policy_text(game, 20, 3)
    nb.wait_for(lambda: want in nb.panel_readout(p), what=want)
    before = nb.panel_image(p)
    nb.tick(p, "solitaire thresholds")                          # the dashed lines go: a new picture
    nb.wait_for(lambda: nb.panel_image(p) != before, what="picture without the solitaire thresholds")
    assert want in nb.panel_readout(p) and not decode_png(nb.panel_image(p))[2]
    nb.set_text(p, "goal (chips)", 2000)
    nb.wait_for(lambda: "goal (chips) must be in 2..400, got 2000" in nb.panel_message(p), what="goal range message")
    nb.set_text(p, "goal (chips)", 15)                          # the opponent (20) is past it: refused
    nb.wait_for(lambda: "below the goal (15 chips), got 20" in nb.panel_message(p), what="opponent message")
    assert want in nb.panel_readout(p)
    nb.set_text(p, "goal (chips)", 397)                         # solved already, or its cost is shown
    nb.wait_for(lambda: "to 397 chips" in nb.panel_readout(p) or "is not solved yet: about" in nb.panel_message(p),
                timeout=120, what="goal 397: shown, or its cost")
    if "is not solved yet" in nb.panel_message(p):
        assert "press Solve" in nb.panel_message(p) and want in nb.panel_readout(p)
    nb.set_text(p, "goal (chips)", 40)                          # quick to solve: solved at once
    small = race.solve("tenthousand", 40)
    want = _policy_text(small, 20, 3)
    nb.wait_for(lambda: want in nb.panel_readout(p), timeout=120, what=want)
    nb.click(p, "Solve")                                        # already solved: the same view again
    nb.wait_for(lambda: want in nb.panel_readout(p) and "refused" not in nb.panel_message(p), what="after Solve")
    nb.click(p, "Save figure")
    nb.wait_for(lambda: "Saved" in nb.panel_message(p), what="save message")


SCENARIOS = {"08_two_player_dice": notebook_08}
