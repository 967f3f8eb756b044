"""Fuzz specs of stoplib.race: the turn models, the two-player solver and the equilibrium of three or more
players, fixed policies, Monte Carlo games, the verdict tables, plots and panels."""
import numpy as np

from harness import Make, Spec

R = "stoplib.race"
AX = Make("factories.axes")
TT8 = Make("factories.race_solved", ("tenthousand", 8))
PIG12 = Make("factories.race_solved", ("pig", 12))
HEAD = Make(f"{R}.match.fair_head_start", ("pig", 12))
SHARES = Make(f"{R}.match.win_shares_by_goal", ("pig", 12))
HOLD20 = Make(f"{R}.match.hold_at", (20,))
THREE = Make(f"{R}.solver.solve", ("pig", 10), {"players": 3})
BAD_GOALS = [10**5, 10**9]
BAD_GAMES = ["Pig", "yahtzee", 3, None]
BAD_PLAYERS = ["Optimal", "solitaire ", 3, None]
BAD_SEEDS = [-3, np.int64(-1), 2.0, "1"]
_RACE_FIELDS = ("game", "goal", "method", "finish", "turn_start", "first_player_win", "residual", "pass_margin",
                "bank_from", "roll_above", "riskier", "safer", "iterations", "sweeps", "last_change", "die")

SPECS = [
    Spec(f"{R}.models.turn_model", kwargs=dict(game="pig", die=6),
         extra_bad={"game": BAD_GAMES, "die": [1, 10**7, 6.5]}),
    Spec(f"{R}.solver.solve", kwargs=dict(game="pig", goal=12, players=2, method="pairwise"),
         extra_bad={"game": BAD_GAMES, "goal": BAD_GOALS, "players": [1, 5, 2.0], "method": ["exact ", "Pairwise"]}),
    Spec(f"{R}.solver.Race", kwargs={name: Make("factories.race_field", (name,)) for name in _RACE_FIELDS},
         extra_bad={"turn_start": [np.zeros((3, 3)), np.full((6, 6), np.nan), np.full((6, 6), -0.5)],
                    "bank_from": [np.full((6, 6, 6), -1), np.zeros((6, 6, 6))],
                    "goal": [5, 7], "first_player_win": [0.25], "game": ["farkle"]}, max_examples=10),
    Spec(f"{R}.multi.equilibrium", kwargs=dict(game="pig", goal=8, players=3, method="pairwise", start="neighbour"),
         extra_bad={"game": BAD_GAMES + ["facebook_farkle"], "goal": BAD_GOALS, "players": [1, 5],
                    "start": ["Even", 0]}, max_examples=10),
    Spec(f"{R}.match.seat_departures", kwargs=dict(result=THREE, two=Make("factories.race_solved", ("pig", 10)),
                                                    min_room=0),
         extra_bad={"result": [PIG12, HEAD], "two": [THREE, TT8, PIG12], "min_room": [-1, 11]}, max_examples=8),
    Spec(f"{R}.match.Rule", kwargs=dict(name="hold at 20", hold_at=20, pace_divisor=0, end_race=0),
         extra_bad={"name": [""], "hold_at": [0, 10**10]}),
    Spec(f"{R}.match.hold_at", kwargs=dict(total=20, unit="points"), extra_bad={"unit": ["units"]}),
    Spec(f"{R}.match.keep_pace", kwargs=dict(hold_at=21, pace_divisor=8, end_race=71)),
    Spec(f"{R}.match.evaluate", kwargs=dict(game="pig", player="optimal", opponent=HOLD20, goal=30, die=6),
         extra_bad={"game": BAD_GAMES + ["facebook_farkle"], "goal": BAD_GOALS, "player": BAD_PLAYERS,
                    "opponent": BAD_PLAYERS}),
    Spec(f"{R}.match.fair_head_start", kwargs=dict(game="pig", goal=20, players=2, die=6),
         extra_bad={"game": BAD_GAMES, "goal": BAD_GOALS, "players": [1, 5]}),
    Spec(f"{R}.match.win_shares_by_goal", kwargs=dict(game="pig", goal=20, players=2, die=6),
         extra_bad={"game": BAD_GAMES + ["facebook_farkle"], "goal": BAD_GOALS, "players": [1, 5]}),
    Spec(f"{R}.simulation.simulate",
         kwargs=dict(game="pig", player="optimal", opponent=HOLD20, goal=20, player_first=True, n_games=500, seed=0,
                     n_chunks=4, parallel=False, die=6),
         extra_bad={"game": BAD_GAMES + ["facebook_farkle"], "goal": BAD_GOALS, "n_games": [10**11, 10**13],
                    "seed": BAD_SEEDS, "player": BAD_PLAYERS}),
    # the verdict tables
    Spec(f"{R}.claims.verdicts",
         kwargs=dict(game=TT8, value_iteration=Make("factories.race_solved", ("tenthousand", 8, "value_iteration")),
                     brute=Make("factories.race_brute", (3,)), farkle=Make("factories.race_solved", ("farkle", 8)),
                     farkle_vi=Make("factories.race_solved", ("farkle", 8, "value_iteration")),
                     head=Make(f"{R}.match.fair_head_start", ("farkle", 8)),
                     maximizer=Make(f"{R}.match.evaluate", ("farkle", "optimal", "solitaire", 8)), human=None,
                     facebook=()),
         extra_bad={"game": [PIG12, HEAD], "value_iteration": [TT8], "brute": [(3, np.zeros(3)), (3,), 3],
                    "farkle": [TT8], "head": [HEAD], "human": [("x",), ("x", 2.0)], "facebook": [TT8, [{}], "x"],
                    "maximizer": [HEAD, Make(f"{R}.match.evaluate", ("farkle", "solitaire", "optimal", 8))]},
         max_examples=6),
    Spec(f"{R}.claims.three_player_verdicts",
         kwargs=dict(pig=THREE, pig_two=Make(f"{R}.multi.equilibrium", ("pig", 100), {"players": 2}), others=()),
         extra_bad={"pig": [PIG12, HEAD], "pig_two": [THREE], "others": ["x", [PIG12]]}, max_examples=4),
    # plots
    Spec(f"{R}.plots.plot_hold_at", kwargs=dict(ax=AX, result=PIG12, own=None, reference=None, dice=None),
         extra_bad={"result": [HEAD], "own": [[12], [-1], [0] * 9, [0.5]], "reference": [0, 10**7], "dice": [0, 2]}),
    Spec(f"{R}.plots.plot_hold_map", kwargs=dict(ax=AX, result=PIG12, dice=None),
         extra_bad={"result": [HEAD], "dice": [0, 2]}),
    Spec(f"{R}.plots.plot_first_player_win",
         kwargs=dict(ax=AX, curve=SHARES, min_goal=1, reference=None, checks=None),
         extra_bad={"curve": [PIG12, HEAD], "min_goal": [0, 13], "reference": [(12, 0.5), (13, 0.5, "x"),
                                                                             (12, 1.5, "x"), (12, 0.5, 3)],
                    "checks": [{13: 0.5}, {1: 2.0}, {"a": 0.5}, {k: 0.5 for k in range(1001)}]}),
    Spec(f"{R}.plots.plot_win_shares", kwargs=dict(ax=AX, shares=SHARES, min_goal=1, legend=True, two_players=None),
         extra_bad={"shares": [PIG12, HEAD], "min_goal": [0, 13],
                    "two_players": [PIG12, Make(f"{R}.match.win_shares_by_goal", ("tenthousand", 8))]}),
    Spec(f"{R}.plots.plot_head_start", kwargs=dict(ax=AX, head_start=HEAD, max_head_start=None),
         extra_bad={"head_start": [PIG12], "max_head_start": [0, 10**10]}),
    Spec(f"{R}.plots.plot_policy_map",
         kwargs=dict(ax=AX, policy_map=Make("factories.race_policy_map"), dice=5, solitaire=True, max_total=None,
                     legend=False),
         extra_bad={"policy_map": [TT8, Make("factories.race_departure_map")], "dice": [0, 6], "max_total": [0]}),
    Spec(f"{R}.plots.plot_departure_map", kwargs=dict(ax=AX, departure_map=Make("factories.race_departure_map")),
         extra_bad={"departure_map": [TT8, Make("factories.race_policy_map")]}),
    Spec(f"{R}.plots.plot_advice", kwargs=dict(ax=AX, advice=Make("factories.race_advice")),
         extra_bad={"advice": [TT8, HEAD]}),
    Spec(f"{R}.plots.plot_pair_work", kwargs=dict(ax=AX, pairwise=TT8, value_iteration=None),
         extra_bad={"pairwise": [Make("factories.race_solved", ("tenthousand", 8, "value_iteration"))],
                    "value_iteration": [TT8, PIG12, Make("factories.race_solved", ("tenthousand", 6,
                                                                                    "value_iteration"))]}),
    # panels
    Spec(f"{R}.widgets.advisor_widget",
         kwargs=dict(game="tenthousand", goals={"tenthousand": 8, "pig": 12}, own=0, opponent=0, turn_total=0,
                     roll="15522"),
         extra_bad={"game": BAD_GAMES, "goals": [{}, {"pig": 12}, {"tenthousand": 401}, {"x": 8}], "own": [8],
                    "turn_total": [8], "roll": ["", "7", "1234567", (1, 7), [1, 2.5], "x" * 100]},
         max_examples=10),
    Spec(f"{R}.widgets.policy_widget", kwargs=dict(game="tenthousand", goal=8, opponent=0, dice=5, solitaire=True),
         extra_bad={"game": BAD_GAMES, "goal": [1, 401, 10**6], "opponent": [8], "dice": [0, 6]}, max_examples=10),
]

EXEMPT = {
    f"{R}.models.TurnModel": "the turn model's arrays, built by turn_model(); the solver takes a game's name",
    f"{R}.multi.MultiRace": "a result record built by solve(players=3) and equilibrium(); no function takes it as "
                            "input but the verdict table, whose spec passes wrong records there",
    f"{R}.advice.Option": "a record inside Advice, built by Race.advice(); no function takes it as input",
    f"{R}.advice.Advice": "a result record built by Race.advice(); plot_advice draws it (its spec passes wrong "
                          "records there)",
    f"{R}.advice.PolicyMap": "a result record built by Race.policy_map(); plot_policy_map draws it (its spec passes "
                             "wrong records there)",
    f"{R}.advice.DepartureMap": "a result record built by Race.departure_map(); plot_departure_map draws it (its "
                                "spec passes wrong records there)",
    f"{R}.match.Match": "a result record built by evaluate(); the verdict table takes it (its spec passes wrong "
                        "records there)",
    f"{R}.advice_multi.MultiOption": "a record inside MultiAdvice, built by MultiRace.advice(); no function takes it "
                                     "as input",
    f"{R}.advice_multi.MultiAdvice": "a result record built by MultiRace.advice(); no function takes it as input",
    f"{R}.match.HeadStart": "a result record built by fair_head_start(); plot_head_start draws it (its spec passes "
                            "wrong records there)",
    f"{R}.match.WinShares": "a result record built by win_shares_by_goal(); plot_win_shares draws it (its spec "
                            "passes wrong records there)",
    f"{R}.simulation.Simulation": "a result record built by simulate(); no function takes it as input",
}
