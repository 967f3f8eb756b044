"""Fuzz specs of stoplib.tenthousand: Ten Thousand and solitaire Pig (rules, solver, policies, twins,
simulation, Pig, claims, plots, widgets), and the thin two-player calls into stoplib.race."""
import numpy as np

from harness import Make, Spec

TT = "stoplib.tenthousand"
AX = Make("factories.axes")
SOL2 = Make(f"{TT}.solver.solve", (2,))
SOL3 = Make(f"{TT}.solver.solve", (3,))
STOP3 = Make(f"{TT}.policies.stop_at_policy", (3, 2))
PIG = Make(f"{TT}.pig_game.pig")
ROLL2 = Make(f"{TT}.rolling.value_of_rolling", (SOL2,))

_SOLUTION_FIELDS = ("value", "threshold", "n_dice", "actions", "method", "values", "base_values", "policy",
                    "pre_roll", "allowed", "chain", "iterations")
_PIG_FIELDS = ("value", "value_exact", "threshold", "values", "growth_rate", "min_scale")
BAD_GOALS = [10**5, 10**9]
_ADVICE_FIELDS = ("n_dice", "tau", "config", "n", "value", "best", "actions", "values", "keeps", "rolls")

#: Bad configurations: a triple of inf (int(inf) overflows), too many triples, too many dice,
#: kinds that are not triples, wrong lengths, bools and floats inside.
BAD_CONFIGS = [(0, 0, (float("inf"),)), (0, 0, (2, 2, 2)), (7, 0, 0), (0, 0, 5), (0, 0, 1), (1, 1),
               (True, 0, 0), (0, 0, (2.5,)), (0, 0, (np.nan,)), (-1, 0, 0), (1, 0, 0, 0), (0, 0, (None,)),
               (0, 0, "2"), (0, 0, 10**400), (10**400, 0, 0), (0, 0, 0)]
BAD_ACTIONS = [["s"], ["s", "r", "zz"], [1, 2], "some", ("s", "r", None), {"s": 1}]
BAD_SEEDS = [-3, np.int64(-1), 2.0, "1"]

SPECS = [
    # rules
    Spec(f"{TT}.rules.configurations", kwargs=dict(n_dice=2)),
    Spec(f"{TT}.rules.score", kwargs=dict(config=(2, 1, 0)), extra_bad={"config": BAD_CONFIGS}),
    Spec(f"{TT}.rules.is_smaller", kwargs=dict(j=(1, 0, 0), i=(2, 1, 0)),
         extra_bad={"j": BAD_CONFIGS, "i": BAD_CONFIGS}),
    Spec(f"{TT}.rules.move_name", kwargs=dict(i=(2, 1, 0), j=(0, 1, 0)),
         extra_bad={"j": BAD_CONFIGS, "i": BAD_CONFIGS}),
    Spec(f"{TT}.rules.frequencies", kwargs=dict(n=3)),
    Spec(f"{TT}.rules.move", kwargs=dict(tau=4, config=(2, 1, 0), n=2, to=(0, 1, 0), n_dice=5),
         extra_bad={"config": BAD_CONFIGS + [None], "to": BAD_CONFIGS + [(2, 1, 0)]}),
    Spec(f"{TT}.rules.is_reachable", kwargs=dict(tau=1, config=(1, 0, 0), n=4, n_dice=5),
         extra_bad={"config": BAD_CONFIGS, "tau": [10**6, 10**12]}),
    # solver
    Spec(f"{TT}.solver.threshold", kwargs=dict(n_dice=3)),
    Spec(f"{TT}.solver.Solution", kwargs={name: Make("factories.tt_solution_field", (name,))
                                          for name in _SOLUTION_FIELDS},
         extra_bad={"values": [np.zeros((3, 3, 3)), np.full((30, 6, 3), np.nan)],
                    "policy": [np.full((30, 6, 3), 99), np.zeros((30, 6, 3))],
                    "n_dice": [7, 3]}),
    Spec(f"{TT}.solver.solve", kwargs=dict(n_dice=3, actions="all", method="auto"),
         extra_bad={"actions": BAD_ACTIONS, "method": ["Auto", "algorithm"]}),
    Spec(f"{TT}.solver.value_iteration", kwargs=dict(n_dice=2, actions="all", cap=10, chain=None, max_iter=1000),
         extra_bad={"actions": BAD_ACTIONS, "cap": [10**7, 10**9], "max_iter": [10**12]}),
    Spec(f"{TT}.solver.Advice", kwargs={name: Make("factories.tt_advice_field", (name,)) for name in _ADVICE_FIELDS},
         extra_bad={"actions": [("s", "zz"), ["s"]], "values": [(float("nan"),)], "rolls": [(9, 9, 9)],
                    "keeps": [("x", "y", "z")], "best": ["m55"], "config": ["550"]}),
    Spec(f"{TT}.rolling.value_of_rolling", kwargs=dict(solution=SOL3), extra_bad={"solution": [STOP3, PIG]}),
    # policies
    Spec(f"{TT}.policies.Policy", kwargs=dict(name="stop at 2 chips", n_dice=2,
                                            actions=Make("factories.tt_policy_actions"), cap=2, after_move=None,
                                            chain=True),
         extra_bad={"actions": [np.full((2, 6, 3), 99), np.full((2, 6, 3), -1), np.full((2, 6, 3), 1.5),
                                np.ones((1, 6, 3), dtype=np.int64), np.full((2, 6, 3), 2)],
                    "after_move": [np.full((2, 6, 3), 7)]}),
    Spec(f"{TT}.policies.stop_at_policy", kwargs=dict(chips=6, n_dice=5), extra_bad={"chips": [10**7, 10**10]}),
    Spec(f"{TT}.solver.evaluate", kwargs=dict(policy=STOP3),
         extra_bad={"policy": [Make(f"{TT}.policies.stop_at_policy", (10**6, 5))]}),
    Spec(f"{TT}.solver.score_distribution", kwargs=dict(policy=STOP3),
         extra_bad={"policy": [Make(f"{TT}.policies.stop_at_policy", (10**6, 5))]}),
    # twins
    Spec(f"{TT}.twins.frequencies_multinomial", kwargs=dict(n=3)),
    Spec(f"{TT}.twins.solve_exact", kwargs=dict(n_dice=2, actions="all"), extra_bad={"actions": BAD_ACTIONS}),
    # simulation
    Spec(f"{TT}.simulation.simulate", kwargs=dict(policy=STOP3, n_turns=1000, seed=0, parallel=False, n_chunks=4),
         extra_bad={"n_turns": [10**10, 10**13], "seed": BAD_SEEDS, "n_chunks": [10**12]}),
    # solitaire Pig
    Spec(f"{TT}.pig_game.pig"),
    Spec(f"{TT}.pig_game.pig_threshold"),
    Spec(f"{TT}.pig_game.pig_growth_rate"),
    Spec(f"{TT}.pig_game.pig_exact"),
    Spec(f"{TT}.pig_game.pig_min_scale", kwargs=dict(growth_rate=1.05), extra_bad={"growth_rate": [1.0, 0.9]}),
    Spec(f"{TT}.pig_game.pig_value_iteration", kwargs=dict(cap=30, max_iter=1000),
         extra_bad={"cap": [10**8, 10**10], "max_iter": [10**12]}),
    Spec(f"{TT}.pig_game.pig_stop_at_value", kwargs=dict(stop_at=10), extra_bad={"stop_at": [10**5, 10**7]}),
    Spec(f"{TT}.pig_game.pig_simulate", kwargs=dict(stop_at=20, n_turns=1000, seed=0, n_chunks=4, parallel=False),
         extra_bad={"n_turns": [10**10, 10**13], "seed": BAD_SEEDS, "stop_at": [2**63, 2**62]}),
    Spec(f"{TT}.pig_game.PigResult", kwargs={name: Make("factories.tt_pig_field", (name,)) for name in _PIG_FIELDS},
         extra_bad={"values": [np.zeros(3), np.full(27, np.nan)], "threshold": [30]}),
    # two players: thin calls into stoplib.race
    Spec(f"{TT}.races.pig_duel", kwargs=dict(goal=12, die=6, method="pairwise"),
         extra_bad={"goal": BAD_GOALS, "die": [1, 10**7], "method": ["Pairwise", "exact "]}),
    Spec(f"{TT}.races.duel", kwargs=dict(goal=6, method="pairwise", finish="reach", cache=False, parallel=False),
         extra_bad={"goal": BAD_GOALS, "method": ["exact"], "finish": ["Reach"]}),
    Spec(f"{TT}.races.fair_head_start", kwargs=dict(game="pig", goal=20),
         extra_bad={"game": ["Pig", "farkle"], "goal": BAD_GOALS}),
    Spec(f"{TT}.twins.pig_duel_brute_force", kwargs=dict(goal=8, die=6, tol=1e-15, max_sweeps=10_000),
         extra_bad={"goal": BAD_GOALS, "tol": [-1.0, 2.0]}),
    Spec(f"{TT}.twins.duel_brute_force", kwargs=dict(goal=3, tol=1e-15, max_sweeps=10_000),
         extra_bad={"goal": [50, 10**6], "tol": [-1.0, 2.0]}),
    # claims
    Spec(f"{TT}.claims.digit_slip", kwargs=dict(ours="5.8720", printed="5.8721"),
         extra_bad={"ours": ["1" * 5000], "printed": ["1" * 5000]}),
    Spec(f"{TT}.claims.verdicts", kwargs=dict(solution=None),
         extra_bad={"solution": [SOL3, Make(f"{TT}.solver.solve", (5, ["s", "r"]))]}, max_examples=8),
    Spec(f"{TT}.claims.table2"),
    Spec(f"{TT}.claims.table5_cells", kwargs=dict(solution=None), extra_bad={"solution": [SOL3, SOL2]}),
    Spec(f"{TT}.claims.table5", kwargs=dict(solution=None), extra_bad={"solution": [SOL3, SOL2]}),
    Spec(f"{TT}.claims.table6", kwargs=dict(solution=None), extra_bad={"solution": [SOL3, SOL2]}),
    Spec(f"{TT}.claims.table7"),
    Spec(f"{TT}.claims.action_audit", kwargs=dict(solution=SOL3, tol=1e-12), extra_bad={"solution": [STOP3]}),
    Spec(f"{TT}.claims.threshold_table", kwargs=dict(max_dice=3)),
    Spec(f"{TT}.claims.dice_table", kwargs=dict(max_dice=2, cap_extra=10), extra_bad={"cap_extra": [10**7]}),
    Spec(f"{TT}.claims.stop_at_table", kwargs=dict(chips=[1, 2, 3], n_dice=2),
         extra_bad={"chips": [[0], [1, "2"], range(1, 10**9), [10**9], [10**7], range(10**6, 10**6 + 3),
                              [1, 2.5], [1] * 10**6]}),
    Spec(f"{TT}.claims.longest_turn", kwargs=dict(solution=SOL3), extra_bad={"solution": [STOP3]}),
    Spec(f"{TT}.claims.rolling_states_outside_table5", kwargs=dict(solution=None),
         extra_bad={"solution": [SOL3, SOL2]}),
    Spec(f"{TT}.claims.max_state_difference",
         kwargs=dict(a=SOL2, b=Make(f"{TT}.solver.value_iteration", (2,), {"cap": 20}), tau_max=None),
         extra_bad={"b": [SOL3, STOP3], "tau_max": [10**9, 10**12]}),
    # plots
    Spec(f"{TT}.plots.plot_value_of_rolling", kwargs=dict(ax=AX, rolling=ROLL2, paper=None, n_values=None),
         extra_bad={"rolling": [SOL2, STOP3],
                    "paper": [{2: {1: "x"}}, {9: {1: 1.0}}, {2: {-1: 1.0}}, {2: [1.0]}, {2: {1: float("nan")}}],
                    "n_values": [[0], [7], ["a"], [2, 2.5]]}),
    Spec(f"{TT}.plots.plot_action_values", kwargs=dict(ax=AX, advice=Make("factories.tt_advice")),
         extra_bad={"advice": [SOL2, STOP3]}),
    Spec(f"{TT}.plots.plot_dice", kwargs=dict(ax=AX, table=Make("factories.tt_dice_table")),
         extra_bad={"table": [Make("factories.frame")]}),
    Spec(f"{TT}.plots.plot_thresholds", kwargs=dict(ax=AX, table=Make("factories.tt_dice_table")),
         extra_bad={"table": [Make("factories.frame")]}),
    Spec(f"{TT}.plots.plot_stop_at", kwargs=dict(ax=AX, table=Make("factories.tt_stop_at_table"), optimum=5.872,
                                                 stop_roll=None, mark=None, simulated=None),
         extra_bad={"table": [Make("factories.frame")], "mark": [75, 10**6], "simulated": [(1.0,), (1.0, "x")]}),
    Spec(f"{TT}.plots.plot_score_distribution", kwargs=dict(ax=AX, distributions=Make("factories.tt_distributions"),
                                                            max_points=None),
         extra_bad={"distributions": [{}, [np.ones(1)], {"x": np.array([0.5])}, {"x": np.array([1, 0])},
                                      {"x": np.array([np.nan, 1.0])}, {3: np.ones(1)}, {"x": np.ones((1, 1))},
                                      {f"p{i}": np.ones(1) for i in range(9)}]}),
    Spec(f"{TT}.plots.plot_pig", kwargs=dict(ax=AX, result=PIG, scales=None),
         extra_bad={"scales": [[float("inf")], [-1.0], ["a"], [10**400]]}),
    # widgets
    Spec(f"{TT}.widgets.advisor_widget", kwargs=dict(n_dice=2, tau=2, config=(1, 0, 0), n=1),
         extra_bad={"config": BAD_CONFIGS}, max_examples=10),
    Spec(f"{TT}.widgets.policy_explorer_widget", kwargs=dict(stop_at=100, n_turns=1000, seed=1),
         extra_bad={"stop_at": [75], "seed": BAD_SEEDS}, max_examples=10),
    Spec(f"{TT}.widgets.dice_widget", kwargs=dict(n_dice=2, stop_roll_only=False), max_examples=10),
    Spec(f"{TT}.widgets.describe", kwargs=dict(config=(2, 1, 0)), extra_bad={"config": BAD_CONFIGS}),
]

EXEMPT = {
    f"{TT}.rolling.RollingValue": "a result record built by value_of_rolling(); plot_value_of_rolling draws it "
                                  "(its spec passes wrong records there)",
    f"{TT}.solver.ThresholdResult": "a result record built by threshold(); no function takes it as input",
    f"{TT}.simulation.SimulationResult": "a result record built by simulate(); no function takes it as input",
    f"{TT}.pig_game.PigSimulation": "a result record built by pig_simulate(); no function takes it as input",
}
