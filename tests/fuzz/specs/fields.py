"""Fuzz specs of stoplib.fields: the increasing-fields game Win(V, F).

Baselines are tiny games (V <= 20) so that each call costs milliseconds; the
worker's 2-second budget must refuse the big-but-valid requests (V = 10**9 ...).
"""
from harness import Make, Spec

AX = Make("factories.axes")
STATE = [None, 4, None]
TABLE = Make("stoplib.fields.solver.win_table", (20, 3))

SPECS = [
    # rules
    Spec("stoplib.fields.rules.legal_fields", kwargs=dict(V=10, F=4, state=[None, 3, None, 7], roll=5),
         extra_bad={"state": [[None, 3, 3, 7], [None, 7, None, 3], [None, 3, None, 10], [None, None, None],
                              [None, 3.0, None, 7], "None 3 None 7", [None, True, None, 7]],
                    "roll": [3, 7, 10]}),
    Spec("stoplib.fields.rules.place", kwargs=dict(V=10, F=3, state=[None, None, None], roll=4, field=1),
         extra_bad={"field": [3, -1, 1.0], "roll": [10]}),
    Spec("stoplib.fields.rules.all_states", kwargs=dict(V=4, F=2), extra_bad={"F": [5]}),
    # solver
    Spec("stoplib.fields.solver.win_probability", kwargs=dict(V=10, F=3, exact=False, method="fast"),
         extra_bad={"F": [11], "method": ["FAST", "proportional"]}),
    Spec("stoplib.fields.solver.win_table", kwargs=dict(V_max=10, F_max=3, exact=False, method="fast"),
         extra_bad={"F_max": [11]}),
    Spec("stoplib.fields.solver.optimal_policy", kwargs=dict(V=10, F=3)),
    Spec("stoplib.fields.solver.policy_win_probability", kwargs=dict(V=10, F=3, policy="proportional"),
         extra_bad={"policy": ["nearest"]}),
    Spec("stoplib.fields.solver.state_probability", kwargs=dict(V=10, F=3, state=STATE, exact=False),
         extra_bad={"state": [[None, 4], [4, 4, None], [5, 4, None], [None, -1, None], ("a", None, None)]}),
    Spec("stoplib.fields.solver.placement_probabilities",
         kwargs=dict(V=10, F=3, state=STATE, roll=5, exact=False), extra_bad={"roll": [4, 10]}),
    Spec("stoplib.fields.solver.best_placement", kwargs=dict(V=10, F=3, state=STATE, roll=5, exact=False),
         extra_bad={"roll": [4, 10]}),
    Spec("stoplib.fields.solver.choose_field", kwargs=dict(V=10, F=3, state=STATE, roll=5, policy="optimal"),
         extra_bad={"policy": ["OPTIMAL"]}),
    Spec("stoplib.fields.solver.clear_cache"),
    Spec("stoplib.fields.solver.first_moves", kwargs=dict(V=10, F=3), extra_bad={"F": [0, 11]}),
    Spec("stoplib.fields.solver.time_win_probability",
         kwargs=dict(V=20, F=4, exact=False, method="fast", repeats=1), max_examples=10),
    # twins
    Spec("stoplib.fields.twins.brute_force_win_probability", kwargs=dict(V=4, F=2)),
    Spec("stoplib.fields.twins.brute_force_state_probability", kwargs=dict(V=4, F=2, state=None, policy=None),
         extra_bad={"policy": ["optimal"], "state": [[None, None, None], [3, 2]]}),
    # simulation
    Spec("stoplib.fields.simulation.simulate", kwargs=dict(V=10, F=3, n_games=100, policy="optimal", seed=0)),
    # claims
    Spec("stoplib.fields.claims.check_monotonicity", kwargs=dict(V_max=6, F_max=None, max_counterexamples=20),
         max_examples=10),
    Spec("stoplib.fields.claims.tied_first_moves", kwargs=dict(V_max=6, F_max=None), max_examples=10),
    Spec("stoplib.fields.claims.check_recurrence", kwargs=dict(V_max=3), max_examples=10),
    Spec("stoplib.fields.claims.check_gap_formula", kwargs=dict(sizes=((4, 2),)),
         extra_bad={"sizes": [((4, 2, 1),), ((4,),), "42", ((2, 4),), ((4.0, 2),), [(10**6, 3)], [[4, None]]]},
         max_examples=10),
    Spec("stoplib.fields.claims.work_count", kwargs=dict(V=4, F=2, method="fast")),
    Spec("stoplib.fields.claims.verdicts",
         kwargs=dict(recurrence=Make("stoplib.fields.claims.check_recurrence", (3,)),
                     monotonicity=Make("stoplib.fields.claims.check_monotonicity", (6,)),
                     gaps=Make("stoplib.fields.claims.check_gap_formula", ([(4, 2)],)),
                     notebook="04_increasing_fields"),
         extra_bad={"notebook": ["04", "x" * 200]},
         max_examples=10),
    # game
    Spec("stoplib.fields.game.FieldsGame", kwargs=dict(V=10, F=3, seed=0)),
    Spec("stoplib.fields.game.Position",
         kwargs=dict(V=10, F=3, state=STATE, roll=5, probabilities={2: 0.3}, best=2, chosen=None, policy="optimal",
                     now=0.3, start=0.58, outcome=None, history=((4, 1), (5, None))),
         extra_bad={"probabilities": [{0: 0.5}, {2: 1.5}, {2: float("nan")}, {"2": 0.5}, {7: 0.2}],
                    "best": [0, 3], "chosen": [1, 3], "roll": [4, 10], "state": [[None, 4], [5, 4, None]],
                    "policy": ["greedy"], "outcome": ["draw"], "now": [1.5], "F": [0, 11]}),
    # plots (each draws a result it is given)
    Spec("stoplib.fields.plots.plot_win_heatmap", kwargs=dict(table=TABLE, ax=AX),
         extra_bad={"table": [Make("numpy.zeros", ((11,),)), Make("numpy.full", ((11, 4), 2.0)),
                              Make("numpy.full", ((11, 4), float("nan"))), Make("numpy.zeros", ((11, 4),))]},
         max_examples=10),
    Spec("stoplib.fields.plots.plot_win_vs_values", kwargs=dict(table=TABLE, F_values=(2, 3), ax=AX, log_y=True),
         extra_bad={"F_values": [(2, 30), (0,), ("2",), (4,)], "table": [Make("numpy.zeros", ((5, 2),))]},
         max_examples=10),
    Spec("stoplib.fields.plots.plot_optimal_policy",
         kwargs=dict(moves=Make("stoplib.fields.solver.first_moves", (10, 3)), ax=AX), max_examples=10),
    Spec("stoplib.fields.plots.plot_band_widths",
         kwargs=dict(moves=Make("stoplib.fields.solver.first_moves", (10, 3)), ax=AX), max_examples=10),
    Spec("stoplib.fields.plots.plot_win_rates",
         kwargs=dict(results=Make("factories.fields_results"), exact={(10, 3): {"optimal": 0.580556}}, ax=AX),
         extra_bad={"exact": [{(10, 3): {"optimal": 0.0}}, {(10, 3): {"optimal": float("nan")}},
                              {(10, 3): {"optimal": 1.5}}, {(10, 3): 0.5}, {(10, 3): {}}],
                    "results": [[1, 2], [None]]}, max_examples=10),
    Spec("stoplib.fields.plots.plot_board", kwargs=dict(position=Make("factories.fields_position"), ax=AX),
         max_examples=10),
    # widgets
    Spec("stoplib.fields.widgets.fields_widget", kwargs=dict(V=10, F=3, seed=0, policy="optimal"),
         extra_bad={"V": [5001], "F": [41, 11], "seed": [2**31]}, max_examples=10),
    Spec("stoplib.fields.widgets.parse_fields", kwargs=dict(text="2, 3"),
         extra_bad={"text": ["2, x", "1e400", "99999999999999999999999", "2,,3", "-2", "٣"]}),
    Spec("stoplib.fields.widgets.win_sweep_widget", kwargs=dict(V_max=50, F_values=(2, 3), log_y=True),
         extra_bad={"F_values": [(2, 101), (0,), (60,), "2, 3", (2.0,)], "V_max": [5001, 9]}, max_examples=10),
]

EXEMPT = {
    "stoplib.fields.solver.Placement": "a result record built by best_placement (field, probability, probabilities)",
    "stoplib.fields.solver.FirstMoves": "a result record built by first_moves (the optimal and proportional arrays)",
    "stoplib.fields.simulation.SimulationResult": "a result record built by simulate (mean, std_err, n_games ...)",
    "stoplib.fields.claims.MonotonicityReport": "a result record built by check_monotonicity (counts, flags)",
    "stoplib.fields.claims.RecurrenceReport": "a result record built by check_recurrence (counts, flags)",
    "stoplib.fields.claims.GapReport": "a result record built by check_gap_formula (counts, flags)",
}
