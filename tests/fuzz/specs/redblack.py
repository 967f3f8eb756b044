"""Fuzz specs of stoplib.redblack: the red/black card game of document 000.

Every public callable of every room (rules, the cost room, solver, twins, variants,
simulation, asymptotics, fits, claims, checkpoint, distributed, gpu, frontier, plots,
widgets) with a small, valid baseline call. Specs whose arguments all go through one
shared check (a count, a table, a figure's inputs) draw 10 hypothesis examples after the
systematic sweep instead of 25. The files the calls write (``checkpoint=`` of the sweeps,
``path`` of ``write_checkpoint``) land in the worker's temporary working folder; the
files read back (``read_checkpoint``, ``checkpoint_info``, ``Checkpointer``, the
sweeps' ``checkpoint=``, ``load_frontier``) also meet spoilt files: checkpoints
truncated, with one byte flipped, empty, garbage, a header that is not JSON, a header
length of 2**62, trailing bytes, a folder, a missing file; frontier CSV files empty,
garbage, with other columns, strings, negative counts, NaN, a value that disagrees with
another file (each resealed), one digit changed under the old seal.

``cuda_sweep`` runs in numba's CUDA simulator in the worker (``factories.rb_cuda_simulator``);
``dask_sweep`` starts (and must close) a one-worker ``LocalCluster`` per accepted call, on a
30 x 30 deck.
"""
import numpy as np

from harness import Make, Spec

RB = "stoplib.redblack"
AX = Make("factories.axes")
FIG = Make("factories.figure")

#: Method names that are not methods (case, spaces, the wrong room's names).
BAD_METHODS = ["Row", "tiled ", "TILED", "fast", "table", "gpu", " auto"]
#: Card counts past what any room allows.
HUGE_COUNTS = [10**6, 10**7, 2**31, 2**63 - 1, 2**64, np.int64(2**62), np.uint64(2**64 - 1)]
#: Spoilt checkpoint files (built in the worker).
SPOILT = [Make("factories.rb_checkpoint", (kind,))
          for kind in ("truncated", "flipped", "empty", "garbage", "header", "huge_header",
                       "trailing", "folder", "missing")]
N_GRID = np.arange(1, 200)
V_GRID = 0.5220376759871238 * np.sqrt(N_GRID) - 0.1 * N_GRID ** -0.25
BAD_ARRAYS = [np.array([1.0, np.nan, 3.0, 4.0, 5.0]), np.full(5, np.inf), np.arange(5)[::-1],
              np.zeros((3, 3)), np.array(["1", "2", "3", "4", "5"]), np.array([], dtype=float),
              [1, 2, 3, 4, 5], np.arange(5, dtype=np.complex128), np.array([True] * 5),
              np.arange(10**6, dtype=float)]
GROWTH = Make(f"{RB}.fits.fit_growth", (N_GRID, V_GRID))
CORRECTION = Make(f"{RB}.fits.fit_correction", (N_GRID, V_GRID), dict(powers=(0.0, -0.5), n_min=10))
SIM = Make(f"{RB}.simulation.simulate", (3, 3, 1000), dict(seed=0))
PATHS = Make(f"{RB}.simulation.sample_paths", (3, 3, 4), dict(seed=0))
COMPARISON = Make(f"{RB}.claims.spreadsheet_comparison", ("holdings",))
CUDASIM_12 = Make("factories.rb_cuda_simulator", (12,))
POSITION = Make(f"{RB}.solver.position", (5, 6))
BOUNDARIES = Make(f"{RB}.asymptotics.boundary_comparison", (20,))

SPECS = [
    # rules: the state, the limits
    Spec(f"{RB}.rules.check_counts", kwargs=dict(n_red=26, n_black=26),
         extra_bad={"n_red": HUGE_COUNTS}),
    # the cost room (work_estimate is exported by the package)
    Spec(f"{RB}._costs.work_estimate", kwargs=dict(n_red=1000, n_black=1000, method="tiled", tile=None),
         extra_bad={"n_red": HUGE_COUNTS, "n_black": HUGE_COUNTS, "method": BAD_METHODS + ["auto"],
                    "tile": [7, 2**41]},
         max_examples=10),
    # the solver
    Spec(f"{RB}.solver.value", kwargs=dict(n_red=26, n_black=26, method="auto", checkpoint=None,
                                           checkpoint_every=300.0, scheduler=None),
         extra_bad={"n_red": HUGE_COUNTS + [30_000, 2_000_000], "n_black": HUGE_COUNTS + [2_000_000],
                    "method": BAD_METHODS + ["cuda"], "scheduler": ["tcp://", "localhost:1"],
                    "checkpoint": SPOILT}),
    Spec(f"{RB}.solver.balanced_values", kwargs=dict(n_max=50, tile=64, method="auto", checkpoint=None,
                                                     checkpoint_every=300.0, scheduler=None),
         extra_bad={"n_max": HUGE_COUNTS + [200_000], "tile": [7, 1 << 17],
                    "method": BAD_METHODS + ["row", "exact", "cuda"], "checkpoint": SPOILT}),
    Spec(f"{RB}.solver.value_table", kwargs=dict(n_red=5, n_black=5),
         extra_bad={"n_red": HUGE_COUNTS + [20_000], "n_black": HUGE_COUNTS}),
    Spec(f"{RB}.solver.policy_table", kwargs=dict(n_red=5, n_black=5),
         extra_bad={"n_red": HUGE_COUNTS + [20_000]}),
    Spec(f"{RB}.solver.stopping_boundary", kwargs=dict(n_red=26), extra_bad={"n_red": HUGE_COUNTS}),
    Spec(f"{RB}.solver.live_cells", kwargs=dict(n_red=26, n_black=26),
         extra_bad={"n_red": HUGE_COUNTS, "n_black": HUGE_COUNTS}),
    Spec(f"{RB}.solver.position", kwargs=dict(n_red=5, n_black=6),
         extra_bad={"n_red": HUGE_COUNTS + [20_000], "n_black": HUGE_COUNTS}),
    Spec(f"{RB}.solver.time_method", kwargs=dict(method="row", n_red=20, n_black=20, repeats=1),
         extra_bad={"method": BAD_METHODS + ["cuda"], "n_red": HUGE_COUNTS, "repeats": [10**6]}),
    # the slow twins
    Spec(f"{RB}.twins.value_topdown", kwargs=dict(n_red=26, n_black=26), extra_bad={"n_red": HUGE_COUNTS}),
    Spec(f"{RB}.twins.value_exact", kwargs=dict(n_red=26, n_black=26), extra_bad={"n_red": HUGE_COUNTS}),
    Spec(f"{RB}.twins.value_table_exact", kwargs=dict(n_red=5, n_black=5), extra_bad={"n_red": HUGE_COUNTS}),
    Spec(f"{RB}.twins.omniscient_value_bruteforce", kwargs=dict(n_red=5, n_black=5),
         extra_bad={"n_red": HUGE_COUNTS}),
    Spec(f"{RB}.twins.value_with_replacement_topdown", kwargs=dict(n_red=10, n_black=10),
         extra_bad={"n_red": HUGE_COUNTS + [150], "n_black": [150]}),
    Spec(f"{RB}.twins.simulate_reference", kwargs=dict(n_red=3, n_black=3, n_games=100, seed=0),
         extra_bad={"n_games": [10**6, 10**12], "seed": [-1, 2**64, 1.5]}),
    # the variants
    Spec(f"{RB}.variants.omniscient_value", kwargs=dict(n_red=26, n_black=26),
         extra_bad={"n_red": HUGE_COUNTS + [10_000], "n_black": [10_000]}),
    Spec(f"{RB}.variants.value_with_replacement", kwargs=dict(n_red=26, n_black=26),
         extra_bad={"n_red": HUGE_COUNTS, "n_black": HUGE_COUNTS}),
    Spec(f"{RB}.variants.replacement_table", kwargs=dict(n_red=5, n_black=5),
         extra_bad={"n_red": HUGE_COUNTS + [20_000]}),
    Spec(f"{RB}.variants.holdings_table", kwargs=dict(n_red=5, n_black=5),
         extra_bad={"n_red": HUGE_COUNTS + [20_000]}),
    # simulation
    Spec(f"{RB}.simulation.simulate", kwargs=dict(n_red=5, n_black=5, n_games=1000, seed=0, replacement=False,
                                                  parallel=True, show_progress=False),
         extra_bad={"n_games": [10**9, 10**10, 10**11], "n_red": HUGE_COUNTS + [2_000_000],
                    "seed": [-1, 2**64, 1.5, "0"]}),
    Spec(f"{RB}.simulation.sample_paths", kwargs=dict(n_red=5, n_black=5, n_paths=3, seed=0, replacement=False),
         extra_bad={"n_paths": [10**7, 10**9], "n_red": HUGE_COUNTS + [2_000_000]}),
    Spec(f"{RB}.simulation.policy_limits", kwargs=dict(n_red=5, n_black=5, replacement=False),
         extra_bad={"n_red": HUGE_COUNTS + [2_000_000], "n_black": [2_000_000]}),
    Spec(f"{RB}.simulation.winnings_distribution", kwargs=dict(n_red=5, n_black=5, replacement=False),
         extra_bad={"n_red": HUGE_COUNTS + [2_000_000], "n_black": [2_000_000]}),
    # large decks: the Brownian bridge and the fits
    Spec(f"{RB}.asymptotics.bridge_constant"),
    Spec(f"{RB}.asymptotics.bridge_solution"),
    Spec(f"{RB}.asymptotics.bridge_equation", kwargs=dict(alpha=0.5), extra_bad={"alpha": [40.0, -1e200]}),
    Spec(f"{RB}.asymptotics.bridge_boundary", kwargs=dict(n_red=26, shift=0.0),
         extra_bad={"n_red": HUGE_COUNTS + [10**9], "shift": [1.0, -0.1]}),
    Spec(f"{RB}.asymptotics.bridge_value", kwargs=dict(n_red=26, n_black=26),
         extra_bad={"n_red": HUGE_COUNTS + [10**400], "n_black": HUGE_COUNTS}),
    Spec(f"{RB}.asymptotics.boundary_comparison", kwargs=dict(n_red=26), extra_bad={"n_red": HUGE_COUNTS + [0]}),
    Spec(f"{RB}.fits.fit_growth", kwargs=dict(n=N_GRID, values=V_GRID, drop_zero=True),
         extra_bad={"n": BAD_ARRAYS, "values": BAD_ARRAYS}),
    Spec(f"{RB}.fits.fit_stacked", kwargs=dict(n=N_GRID, values=V_GRID, drop_zero=True),
         extra_bad={"n": BAD_ARRAYS, "values": BAD_ARRAYS}),
    Spec(f"{RB}.fits.fit_sqrt", kwargs=dict(n=N_GRID, values=V_GRID),
         extra_bad={"n": BAD_ARRAYS, "values": BAD_ARRAYS}),
    Spec(f"{RB}.fits.fit_correction",
         kwargs=dict(n=N_GRID, values=V_GRID, powers=(0.0, -0.5), c=None, n_min=10, n_max=None),
         extra_bad={"n": BAD_ARRAYS, "values": BAD_ARRAYS,
                    "powers": [(0.5,), (0.0, 0.0), (np.nan,), ("a",), (-1e300,), tuple(-k / 8 for k in range(60))]}),
    Spec(f"{RB}.fits.extrapolate",
         kwargs=dict(n=N_GRID, values=V_GRID, targets=[10_000], models=None, n_min=10, n_max=None),
         extra_bad={"targets": [[-5], [10**400], [np.nan], ["x"], [1.5]],
                    "models": [{"a": (0.5,)}, {"a": "x"}, {1: (0.0,)}, {"a": ()}]}),
    # the document's claims
    Spec(f"{RB}.claims.spreadsheet_comparison", kwargs=dict(reading="holdings"),
         extra_bad={"reading": ["Holdings", "values"]}),
    Spec(f"{RB}.claims.c_program_values", kwargs=dict(n_max=26), extra_bad={"n_max": [2000, 10**5]}),
    Spec(f"{RB}.claims.float32_balanced_values", kwargs=dict(n_max=26),
         extra_bad={"n_max": [200_000, 10**6]}),
    Spec(f"{RB}.claims.float32_drift_exponent",
         kwargs=dict(n=np.array([1000, 2000, 4000]), drift=3e-9 * np.array([1000, 2000, 4000]) ** 1.5,
                     n_min=1000),
         extra_bad={"n": BAD_ARRAYS, "drift": BAD_ARRAYS}),
    Spec(f"{RB}.claims.rounding_error_bound", kwargs=dict(n=1000, eps=2.0 ** -53, roundings=4),
         extra_bad={"n": [10**400, 2**1100]}),
    # checkpoints
    Spec(f"{RB}.checkpoint.Frontier",
         kwargs=dict(params={"n_red": 3}, progress={"dt": 1}, arrays={"rowbuf": np.arange(4.0)}),
         extra_bad={"arrays": [{"rowbuf": [1, 2]}, {"rowbuf": np.array([object()])}, {3: np.zeros(2)}],
                    "params": [{"n": object()}, {"n": np.nan}]}),
    Spec(f"{RB}.checkpoint.write_checkpoint",
         kwargs=dict(path=Make("factories.tmp_file", ("run.ckpt",)), frontier=Make("factories.rb_frontier"))),
    Spec(f"{RB}.checkpoint.read_checkpoint",
         kwargs=dict(path=Make("factories.rb_checkpoint", ("good",)), params={"n_red": 3}),
         extra_bad={"path": SPOILT, "params": [{"n_red": 4}, {"n_red": object()}, {3: 3}]}),
    Spec(f"{RB}.checkpoint.checkpoint_info", kwargs=dict(path=Make("factories.rb_checkpoint", ("good",))),
         extra_bad={"path": SPOILT}),
    Spec(f"{RB}.checkpoint.Checkpointer",
         kwargs=dict(path=Make("factories.tmp_file", ("run.ckpt",)), params={"n_red": 3}, every=300.0),
         extra_bad={"path": SPOILT}),
    # Dask
    Spec(f"{RB}.distributed.dask_sweep",
         kwargs=dict(n_red=30, n_black=30, tile=8, n_diag=31, block=16, scheduler=None, n_workers=1,
                     checkpoint=None, checkpoint_every=300.0, show_progress=False),
         extra_bad={"n_red": HUGE_COUNTS, "n_black": HUGE_COUNTS, "block": [24, 8 * 10**9],
                    "scheduler": ["tcp://", "localhost", "tcp://256.1.1.1:99999"], "n_workers": [5000],
                    "checkpoint": SPOILT},
         max_examples=10),
    Spec(f"{RB}.distributed.default_block", kwargs=dict(n_red=10_000, n_black=10_000, tile=2048, workers=2),
         extra_bad={"n_red": HUGE_COUNTS, "workers": [10**7]},
         max_examples=10),
    Spec(f"{RB}.distributed.cluster_estimate",
         kwargs=dict(n_red=100_000, n_black=100_000, workers=2, rate=7.5e9, overhead=0.05, tile=2048, block=None),
         extra_bad={"n_red": HUGE_COUNTS, "block": [8, 2048 * 3 + 1], "rate": [1e-300, np.float64(1e300)],
                    "tile": [8]}),
    Spec(f"{RB}.distributed.workers_for", kwargs=dict(n_red=100_000, n_black=100_000, hours=1 / 60, rate=7.5e9),
         extra_bad={"n_red": HUGE_COUNTS, "hours": [1e-12, 1e300], "rate": [1e-300, 1e300]}),
    # CUDA (numba's simulator in the worker)
    Spec(f"{RB}.gpu.cuda_sweep",
         kwargs=dict(n_red=CUDASIM_12, n_black=Make("factories.rb_cuda_simulator", (12,)), n_diag=0, tile_rows=8,
                     tile_cols=8, checkpoint=None, checkpoint_every=300.0, show_progress=False, kernel="wavefront",
                     strip=2, chains=1),
         extra_bad={"n_red": HUGE_COUNTS, "n_black": HUGE_COUNTS, "tile_rows": [1024, 1025, 6, 24],
                    "tile_cols": [1 << 20, (1 << 20) + 1], "checkpoint": SPOILT,
                    "kernel": ["systolic", "Wavefront", "gpu", "wavefront "], "strip": [0, 3, 33, 64],
                    "chains": [0, 3, 4]},
         max_examples=10),
    # the frontier
    Spec(f"{RB}.frontier.frontier_table"),
    Spec(f"{RB}.frontier.frontier_points", kwargs=dict(n_min=1), extra_bad={"n_min": [10**8]}),
    Spec(f"{RB}.frontier.correction_fit",
         kwargs=dict(n=None, values=None, models=None, n_min=10_000, n_max=None),
         extra_bad={"n": BAD_ARRAYS, "values": BAD_ARRAYS,
                    "models": [{"a": (0.5,)}, {"a": "x"}, {1: (0.0,)}, {"a": ()}, {"a": (np.nan,)}],
                    "n_min": [10**7], "n_max": [10**400]}),
    Spec(f"{RB}.frontier.extrapolate_133m",
         kwargs=dict(n=None, values=None, target=133_787_000, models=None, n_min=10_000, plausible_factor=5.0),
         extra_bad={"target": [1000, 10**400], "plausible_factor": [0.5, np.nan, np.inf, True],
                    "models": [{"a": (0.5,)}, {"a": "x"}, {}]},
         max_examples=10),
    Spec(f"{RB}.frontier.claim_2m"),
    # figures
    Spec(f"{RB}.plots.plot_value_heatmap",
         kwargs=dict(ax=AX, table=np.arange(12.0).reshape(3, 4) / 10, title="value", colorbar=True),
         extra_bad={"table": BAD_ARRAYS + [np.zeros((5000, 5000), dtype=np.float32), np.zeros((0, 3))]},
         max_examples=10),
    Spec(f"{RB}.plots.plot_boundary_gap", kwargs=dict(ax=AX, comparison=BOUNDARIES),
         extra_bad={"comparison": [np.array([0, 2, 4, 5, 7, 8]), POSITION]},
         max_examples=10),
    Spec(f"{RB}.plots.plot_stopping_boundary",
         kwargs=dict(ax=AX, boundary=np.array([0, 2, 4, 5, 7, 8]), n_black=None, mark=None, title="boundary"),
         extra_bad={"boundary": BAD_ARRAYS + [np.array([0, 2.5, 4]), np.array([0, -2, 4])],
                    "mark": [(1,), (1, 2, 3), ("a", "b"), (np.nan, 1), (-1, 2), (1.5, 2)],
                    "n_black": [10**12]},
         max_examples=10),
    Spec(f"{RB}.plots.plot_policy", kwargs=dict(ax=AX, policy=np.eye(4, dtype=bool), title="policy"),
         extra_bad={"policy": BAD_ARRAYS + [np.array([["yes", "no"]]), np.full((2, 2), 0.5)]},
         max_examples=10),
    Spec(f"{RB}.plots.plot_spreadsheet_comparison", kwargs=dict(ax=AX, comparison=COMPARISON, title=None)),
    Spec(f"{RB}.plots.plot_method_timings",
         kwargs=dict(ax=AX, timings={"method": ["row", "tiled"], "seconds": [1.0, 0.1]}),
         extra_bad={"timings": [{"method": ["row"], "seconds": [-1.0]}, {"method": ["row"]},
                                {"method": ["row", "tiled"], "seconds": [1.0]}, {"method": [], "seconds": []},
                                {"method": [1, 2], "seconds": [1.0, 2.0]}, {"method": ["a"], "seconds": ["1"]},
                                {"method": ["a"], "seconds": [np.inf]}]},
         max_examples=10),
    Spec(f"{RB}.plots.plot_position_panel", kwargs=dict(position=POSITION, figsize=(4, 3)),
         extra_bad={"position": [(5, 6), BOUNDARIES],
                    "figsize": [(0, 0), (1e6, 1e6), (4,), (4, np.nan), ("4", "3")]},
         max_examples=10),
    Spec(f"{RB}.plots.plot_sample_paths", kwargs=dict(paths_result=PATHS, ncols=2, max_games=4, ylim=(-7, 5)),
         extra_bad={"ylim": [(5, -7), (np.nan, 1), (1,), ("a", "b"), (1e300, 1e301)]}, max_examples=10),
    Spec(f"{RB}.plots.plot_winnings_distribution",
         kwargs=dict(ax=AX, results=SIM, labels=None, exact=None, exact_distribution=None),
         extra_bad={"exact_distribution": [(np.arange(3), np.ones(2)), (np.arange(3), np.full(3, np.nan)),
                                           ("a", "b")],
                    "labels": [["a", "b"], [1]], "results": [[SIM] * 20, [SIM, "x"]]},
         max_examples=10),
    Spec(f"{RB}._plot_asymptotics.plot_fits", kwargs=dict(ax=AX, fits=GROWTH, xlim=None, ylim=None),
         extra_bad={"xlim": [(5, 1), (np.nan, 1), (1,), (-1e300, 1e300)], "ylim": [(5, 1), (0, np.inf)]},
         max_examples=10),
    Spec(f"{RB}._plot_asymptotics.plot_residuals", kwargs=dict(fits=GROWTH, figsize=(6, 2)),
         extra_bad={"figsize": [(0, 0), (1e6, 1e6), (4,)]}, max_examples=10),
    Spec(f"{RB}._plot_asymptotics.plot_ratio",
         kwargs=dict(ax=AX, n=N_GRID, values=V_GRID, c=0.522, slopes=None, legend=True),
         extra_bad={"n": BAD_ARRAYS, "values": BAD_ARRAYS, "c": [np.nan, -1.0, 1e300],
                    "slopes": [{"a": "x"}, {"a": np.nan}, {1: 0.5}, {str(k): 0.5 for k in range(4)}]},
         max_examples=10),
    Spec(f"{RB}._plot_asymptotics.plot_correction",
         kwargs=dict(ax=AX, n=N_GRID, values=V_GRID, c=0.522, fits=(), points=()),
         extra_bad={"c": [np.nan, None], "n": BAD_ARRAYS, "values": BAD_ARRAYS,
                    "fits": [(CORRECTION,), ("x",), (CORRECTION,) * 4],
                    "points": [((1,),), ((100, 5.0, "x", -1.0),), ((100, 5.0, "x", 0.1),)]}, max_examples=10),
    Spec(f"{RB}._plot_asymptotics.plot_boundary_comparison", kwargs=dict(comparison=BOUNDARIES, axes=None, n_bins=8),
         extra_bad={"comparison": [20, POSITION], "axes": [AX, "x"], "n_bins": [0, 10**4, 2.5]}, max_examples=10),
    Spec(f"{RB}._plot_frontier.plot_frontier_correction",
         kwargs=dict(ax=AX, n=Make("factories.rb_frontier_points", (0,)),
                     values=Make("factories.rb_frontier_points", (1,)),
                     fits=Make("factories.rb_frontier_fits"), extrapolation=Make("factories.rb_frontier_extrapolation"),
                     sweeps=Make("factories.rb_frontier_sweeps"), model=None, n_min=100,
                     unseen=[(16_800_000, 2139.7)]),
         extra_bad={"model": ["no such model"], "n_min": [10**8], "sweeps": [[(1,)], [("a", "b")], [(10, -1.0)], None],
                    "unseen": [[(1,)], [(10.5, 1.0)], [(10, -1.0)], None],
                    "n": BAD_ARRAYS, "fits": [None, "x"], "extrapolation": [None, CORRECTION]},
         max_examples=5),
    # widgets
    Spec(f"{RB}.widgets.position_panel", kwargs=dict(n_red=26, n_black=26, max_cards=400),
         extra_bad={"max_cards": [10**6, 10**12]}, max_examples=5),
    Spec(f"{RB}.widgets.simulation_panel",
         kwargs=dict(n_red=5, n_black=5, n_games=1_000, seed=0, max_cards=200),
         extra_bad={"n_games": [999, 10**12], "max_cards": [10**6, 10**12]}, max_examples=5),
    Spec(f"{RB}.widgets.refit_panel", kwargs=dict(values=np.sqrt(np.arange(400.0)) / 2, n_min=1, n_max=None),
         extra_bad={"values": BAD_ARRAYS + [np.full(400, np.nan), np.zeros(199), np.array(["1"] * 400)],
                    "n_max": [10, 399, 400, 10**6]}, max_examples=5),
    # the verdict tables, the machine, the document's timings
    Spec(f"{RB}.claims.verdicts", kwargs=dict(notebook="01_redblack_dp"),
         extra_bad={"notebook": ["02_redblack_monte_carlo", "03_redblack_sqrt_vs_log", "01"]}, max_examples=5),
    Spec(f"{RB}.claims.document_timings",
         kwargs=dict(diagonal=Make("factories.rb_method_timing", ("diagonal",)),
                     tiled=Make("factories.rb_method_timing", ("tiled",))),
         extra_bad={"diagonal": [0.5, Make("factories.rb_method_timing", ("row",))], "tiled": [0.3, None]},
         max_examples=5),
    Spec(f"{RB}.gpu.recorded_gpu_runs", kwargs=dict(path=None),
         extra_bad={"path": [Make("factories.tmp_dir"), Make("factories.tmp_file"), "no/such/file.csv"]},
         max_examples=5),
    Spec(f"{RB}.frontier.load_frontier", kwargs=dict(folder=None),
         extra_bad={"folder": [Make("factories.rb_frontier_folder", (kind,))
                               for kind in ("empty", "garbage", "columns", "strings", "negative", "nan",
                                            "disagree", "unsealed", "file")]}),
]

EXEMPT = {
    f"{RB}.checkpoint.CheckpointError": "an exception class: raised by the API with what is wrong with a file",
    f"{RB}._costs.WorkEstimate": "a result record built by work_estimate(); no function takes it as input",
    f"{RB}.solver.MethodTiming": "a result record built by time_method(); document_timings takes only "
                                 "MethodTiming objects",
    f"{RB}.solver.Position": "a result record built by position(); plot_position_panel takes only a Position",
    f"{RB}.asymptotics.BoundaryComparison": "a result record built by boundary_comparison(); plot_boundary_gap and "
                                            "plot_boundary_comparison take only one",
    f"{RB}._sweep.SweepResult": "a result record built by dask_sweep()/cuda_sweep(); no function takes it",
    f"{RB}.simulation.SimulationResult": "a result record built by simulate(); plot_winnings_distribution "
                                         "takes only a SimulationResult and reads its arrays",
    f"{RB}.simulation.SamplePaths": "a result record built by sample_paths(); plot_sample_paths takes only "
                                    "a SamplePaths",
    f"{RB}.asymptotics.BridgeSolution": "a result record built by bridge_solution(); no function takes it",
    f"{RB}.fits.GrowthFits": "a result record built by fit_growth() (statsmodels results); plot_fits "
                                    "and plot_residuals take only a GrowthFits",
    f"{RB}.fits.CorrectionFit": "a result record built by fit_correction() (a statsmodels result); "
                                       "plot_correction takes only CorrectionFit objects",
    f"{RB}.claims.SpreadsheetComparison": "a result record built by spreadsheet_comparison(); "
                                          "plot_spreadsheet_comparison takes only one",
    f"{RB}.distributed.ClusterEstimate": "a result record built by cluster_estimate(); no function takes it",
    f"{RB}.frontier.CorrectionFits": "a result record built by correction_fit(); plot_frontier_correction "
                                     "takes only a CorrectionFits",
    f"{RB}.frontier.Extrapolation": "a result record built by extrapolate_133m(); plot_frontier_correction "
                                    "takes only an Extrapolation",
    f"{RB}.frontier.FrontierData": "a result record built by load_frontier() (the checked CSV files); no "
                                   "function takes it as input",
}
