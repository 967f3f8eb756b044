"""Values the fuzz worker builds itself (they cannot cross a process boundary)."""
import os


def axes():
    from stoplib.workbook.style import figure
    return figure()[1]


def figure():
    from stoplib.workbook.style import figure as make
    return make()[0]


def tmp_dir():
    import tempfile
    return tempfile.mkdtemp(dir=os.environ.get("STOPLIB_FUZZ_TMP"))


def tmp_file(name="result.txt"):
    return os.path.join(tmp_dir(), name)


def noop_function():
    """A callable to time."""
    return lambda: None


def frame():
    import pandas as pd
    return pd.DataFrame({"n": [1, 2], "value": [0.5, 0.85]})


def saved_table_name():
    from stoplib.workbook.export import save_table
    save_table(frame(), "fuzz_table")
    return "fuzz_table"


def saved_table_path():
    from stoplib.workbook.config import data_dir
    return data_dir() / f"{saved_table_name()}.csv"


def verdict_table(notebook="01_redblack_dp"):
    import pandas as pd
    return pd.DataFrame({"notebook": [notebook, notebook], "claim": ["value", "fit"],
                         "document": ["2.62", "6 s"], "ours": ["2.624476", "0.5220"],
                         "verdict": ["agrees", "context"], "evidence": ["exact fraction", "other hardware"],
                         "headline": [True, False]})


def results_path():
    from pathlib import Path
    return Path(tmp_dir()) / "results.csv"


def verdict_rows():
    from stoplib.workbook import verdicts
    return [verdicts.row("value", "2.62", "2.6245", "agrees", "exact", headline=True),
            verdicts.row("time", "6 s", "0.3 s", "context", "other hardware")]


def readme_root():
    """A project root with a README holding the markers, verdict tables and thumbnails."""
    from pathlib import Path

    from PIL import Image

    import shutil

    from stoplib.workbook import readme
    from stoplib.workbook.config import project_root
    root = Path(tmp_dir())
    (root / "data").mkdir()
    (root / "figures").mkdir()
    for notebook, (_, thumb) in readme.CHAPTERS.items():
        verdict_table(notebook).to_csv(root / "data" / f"{notebook}_verdicts.csv", index=False)
        Image.new("RGB", (40, 30), (230, 159, 0)).save(root / "figures" / thumb)
    (root / "README.md").write_text(f"# x\n\n{readme.START}\n{readme.END}\n")
    shutil.copy(project_root() / "references.bib", root / "references.bib")
    return root


def tiny_notebook():
    import nbformat
    from pathlib import Path
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x = 1")]
    path = Path(tmp_dir()) / "99_fuzz.ipynb"
    nbformat.write(nb, str(path))
    return path


def notebook_root():
    """A project root with notebooks/99_fuzz.ipynb."""
    import shutil
    from pathlib import Path
    root = Path(tmp_dir())
    (root / "notebooks").mkdir()
    shutil.copy(tiny_notebook(), root / "notebooks" / "99_fuzz.ipynb")
    return root


def notebook_run():
    from stoplib.workbook.runner import NotebookRun
    return [NotebookRun("01_x", 1.5, 2, 1)]


def controls():
    from stoplib.workbook import panel
    return {"a": panel.int_slider("a", 2, 0, 10)}


def render_function():
    from stoplib.workbook import panel

    def render(a):
        return panel.View(None, f"a = {a}")
    return render


def one_element_list(x=1):
    return [x]


# --- cardcounter ---
# Values the cardcounter specs build in the worker. The expensive ones are cached for the
# worker's life (a warm engine makes the studies' calls memo look-ups).
import functools  # noqa: E402


@functools.lru_cache(maxsize=None)
def cc_chart_engine():
    """A single-deck engine holding the strategy chart's states against a 10."""
    from stoplib.cardcounter import Engine, fresh_deck, strategy
    engine = Engine(fresh_deck(1))
    strategy.strategy_table(1, engine, dealers=[10])
    return engine


@functools.lru_cache(maxsize=None)
def cc_study_engine():
    """A single-deck engine that already solved the card-removal study (its calls are look-ups)."""
    from stoplib.cardcounter import Engine, fresh_deck, strategy
    from stoplib.util import budget
    engine = Engine(fresh_deck(1))
    with budget.allow(seconds=3600):
        strategy.removal_effects(1, engine)
    return engine


@functools.lru_cache(maxsize=None)
def _cc_table():
    from stoplib.cardcounter import strategy
    return strategy.strategy_table(1, dealers=[2])


def cc_strategy_table():
    return _cc_table().copy()


def cc_chart():
    from stoplib.cardcounter import strategy
    return strategy.chart_grid(_cc_table())


def cc_basic_chart():
    from stoplib.cardcounter import strategy
    return strategy.basic_strategy_grid(cc_chart().index)


def cc_effects():
    """A table shaped like ``strategy.removal_effects`` (made up, cheap)."""
    import pandas as pd
    rows = [{"removed": "none", "value": 0, "win_probability": 0.43, "change": 0.0}]
    rows += [{"removed": "A" if v == 1 else str(v), "value": v, "win_probability": 0.43 + 0.001 * (v - 5),
              "change": 0.1 * (v - 5)} for v in range(1, 11)]
    return pd.DataFrame(rows)


def cc_sizes():
    """A table shaped like ``strategy.state_counts`` (made up, cheap)."""
    import pandas as pd
    return pd.DataFrame([{"n_decks": n, "dealer": 10, "first": a, "second": 6, "n_player_states": 10 * a * n,
                          "n_dealer_states": 100 * a * n, "memo_mb": 0.01, "seconds": 0.001}
                         for n in (1, 2) for a in range(1, 6)])


def cc_outcomes():
    from stoplib.cardcounter import fresh_deck, strategy
    return strategy.dealer_outcomes(fresh_deck(1), dealers=[6, 10])


def cc_next_card_fields(**changes):
    """Example 6's ``NextCard`` with some fields replaced (a malformed result handed to a plot)."""
    import dataclasses

    from stoplib.cardcounter import next_card
    return dataclasses.replace(next_card("1004000002", 5, (7, 8)), **changes)


def cc_small_chart():
    """A two-row chart (cheap to draw)."""
    from stoplib.cardcounter import strategy
    return strategy.basic_strategy_grid(["hard 16", "soft 18"]).replace({"H": "H/S"}).iloc[:, :5].copy()


def cc_small_basic_chart():
    from stoplib.cardcounter import strategy
    return strategy.basic_strategy_grid(["hard 16", "soft 18"]).iloc[:, :5].copy()


# --- tenthousand ---
# The Ten Thousand inputs below are built once per worker (lru_cache): the fuzzed calls only read them
# (a constructor gets fresh objects made from them; a plot reads its table), and a worker builds a
# figure's result once instead of once per call.
@functools.lru_cache(maxsize=None)
def tt_solution_fields(n_dice=2):
    """The fields of a small solved Ten Thousand game, as constructor keywords of ``Solution``."""
    import dataclasses

    from stoplib.tenthousand import solve
    sol = solve(n_dice)
    return {f.name: getattr(sol, f.name) for f in dataclasses.fields(sol)}


def tt_solution_field(name, n_dice=2):
    """One field of a small solved game (``Solution`` is fuzzed one field at a time)."""
    return tt_solution_fields(n_dice)[name]


def tt_policy_actions(chips=2, n_dice=2):
    """The action table of "stop at ``chips``" with ``n_dice`` dice (a valid ``Policy.actions``)."""
    from stoplib.tenthousand import stop_at_policy
    return stop_at_policy(chips, n_dice).actions


@functools.lru_cache(maxsize=1)
def _tt_pig():
    from stoplib.tenthousand import pig
    return pig()


def tt_pig_field(name):
    """One field of ``pig()``'s result (``PigResult`` is fuzzed one field at a time)."""
    return getattr(_tt_pig(), name)


@functools.lru_cache(maxsize=None)
def tt_dice_table(max_dice=2):
    from stoplib.tenthousand.claims import dice_table
    return dice_table(max_dice, 10)


@functools.lru_cache(maxsize=1)
def tt_stop_at_table():
    from stoplib.tenthousand.claims import stop_at_table
    return stop_at_table([1, 2, 4, 6], 5)


@functools.lru_cache(maxsize=1)
def tt_distributions():
    """Exact score distributions of two small policies (plot_score_distribution's input)."""
    from stoplib.tenthousand import score_distribution, solve, stop_at_policy
    return {"optimal play": score_distribution(solve(2)), "stop at 3 chips": score_distribution(stop_at_policy(3, 2))}


@functools.lru_cache(maxsize=1)
def tt_advice():
    """Every action's value in one state of the five-dice game (plot_action_values' input; frozen, so
    one is shared by the calls of a worker)."""
    from stoplib.tenthousand import solve
    return solve().advice(4, (2, 1, 0), 2)


def tt_advice_field(name):
    """One field of ``tt_advice()`` (``Advice`` is fuzzed one field at a time)."""
    return getattr(tt_advice(), name)


# --- fields ---
def fields_results():
    """Monte Carlo results of the (10, 3) game for two policies (plot_win_rates' input)."""
    from stoplib import fields
    return [fields.simulate(10, 3, 200, policy, seed=1) for policy in ("optimal", "proportional")]


def fields_position():
    """A position of a small game with a pending roll (what the game panel draws)."""
    from stoplib import fields
    game = fields.FieldsGame(10, 3, seed=1)
    game.roll()
    return game.position("nearest")
# --- end fields ---


# --- holdem ---
HOLDEM_EXAMPLE_DECK = ("Th5d7cAd3cQsJc4h6c8c9dTc6hQc8d9sJh5c7dAhAc9h2cKh5sJs8s7h2d"
                       "7s9c4dKd8hQd6d3sKs5h2hAs4s2sTs6sQhJd3h4cTd3dKc")


def holdem_stackings_file():
    """A stackings file holding the article's example deck (two players, seat 1)."""
    from stoplib.holdem.distributed import StackingFile
    path = tmp_file("stackings.txt")
    StackingFile(path).add([HOLDEM_EXAMPLE_DECK])
    return path


def holdem_search_result(n_restarts=4, n_players=2):
    from stoplib.holdem import search
    return search(n_restarts, n_players, 1, seed=1, parallel=False)


def holdem_summary_table():
    """Rows as stoplib.holdem.summarize gives them, for the by-players plots."""
    import pandas as pd
    return pd.DataFrame({"n_players": [2, 3], "seat": [1, 1], "fraction": [0.2, 0.0],
                         "ci_low": [0.15, 0.0], "ci_high": [0.25, 0.01], "mean_score": [50.0, 40.0],
                         "best_score": [52, 47]})


def holdem_cut_table():
    from stoplib.holdem import cut_table
    return cut_table(HOLDEM_EXAMPLE_DECK)


# --- redblack ---
def rb_cuda_simulator(value=None):
    """Switch this worker's numba to its CUDA simulator (as ``NUMBA_ENABLE_CUDASIM=1`` would at
    start-up) and return ``value``: ``cuda_sweep`` is fuzzed in the simulator when no GPU is
    lent. numba reads the variable when ``numba.cuda`` is first imported, so a real
    ``numba.cuda`` already imported (``gpu_available()`` imports it) is dropped and imported
    again, with the kernels and device arrays the GPU rooms (``stoplib.redblack.gpu``,
    ``stoplib.holdem.gpu``) made with it; nothing else in stoplib uses ``numba.cuda``."""
    import sys

    import numba
    from numba import config

    if not config.ENABLE_CUDASIM:
        os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
        config.ENABLE_CUDASIM = 1
        for name in [m for m in sys.modules if m == "numba.cuda" or m.startswith("numba.cuda.")
                     or m in ("stoplib.redblack._gpu_kernels", "stoplib.holdem._gpu_kernels")]:
            del sys.modules[name]
        if "cuda" in vars(numba):
            delattr(numba, "cuda")
        from stoplib.holdem import gpu as holdem_gpu
        from stoplib.redblack import gpu
        gpu._kernel.cache_clear()
        holdem_gpu._kernel.cache_clear()
        holdem_gpu._device_tables.cache_clear()
        import numba.cuda  # noqa: F401  (now the simulator)
    return value


def rb_frontier():
    """A small checkpoint frontier (``stoplib.redblack.checkpoint.Frontier``)."""
    import numpy as np

    from stoplib.redblack.checkpoint import Frontier
    return Frontier({"n_red": 3}, {"dt": 1, "complete": False},
                    {"rowbuf": np.arange(4.0), "bnd": np.zeros(0, dtype=np.int64)})


def rb_checkpoint(kind="good"):
    """A checkpoint file in a fresh temporary folder: ``good``, or spoilt in one way
    (``truncated``, ``flipped``, ``empty``, ``garbage``, ``header``, ``huge_header``,
    ``trailing``, ``folder``, ``missing``)."""
    from pathlib import Path

    from stoplib.redblack.checkpoint import write_checkpoint
    path = Path(tmp_dir()) / "run.ckpt"
    if kind == "folder":
        path.mkdir()
        return path
    if kind == "missing":
        return path
    write_checkpoint(path, rb_frontier())
    data = bytearray(path.read_bytes())
    if kind == "truncated":
        data = data[: len(data) // 2]
    elif kind == "flipped":
        data[-40] ^= 0x01
    elif kind == "empty":
        data = bytearray()
    elif kind == "garbage":
        data = bytearray(b"\x00\xff" * 100)
    elif kind == "header":
        start = data.index(b"{")
        data[start: start + 1] = b"["
    elif kind == "huge_header":
        data[28:36] = (2**62).to_bytes(8, "little")
    elif kind == "trailing":
        data += b"more"
    path.write_bytes(bytes(data))
    return path



def rb_frontier_folder(kind="good"):
    """A copy of the committed ``data/redblack_frontier*.csv`` and their seal in a fresh folder,
    spoilt in one way: ``empty`` files, ``garbage`` bytes, wrong ``columns``, ``strings`` for
    values, a ``negative`` n, a ``nan`` value, a value that ``disagree``s with the other files,
    each resealed (so the contents are checked, not only the seal); ``unsealed`` (one digit
    changed, the seal kept), or ``file`` (the folder is a file)."""
    import shutil
    from pathlib import Path

    import stoplib

    src = Path(stoplib.__file__).resolve().parents[1] / "data"
    folder = Path(tmp_dir())
    for name in ("redblack_frontier.csv", "redblack_frontier_grid.csv", "redblack_frontier_2m_block_reading.csv",
                 "redblack_frontier.sha256"):
        shutil.copy(src / name, folder / name)
    grid = folder / "redblack_frontier_grid.csv"
    lines = grid.read_text().splitlines()
    if kind == "empty":
        grid.write_text("")
    elif kind == "garbage":
        grid.write_bytes(b"\x00\xff\xfe" * 50)
    elif kind == "columns":
        grid.write_text("a,b\n1,2\n")
    elif kind == "strings":
        grid.write_text("\n".join(lines[:2] + ["3000,abc"] + lines[2:]) + "\n")
    elif kind == "negative":
        grid.write_text("\n".join([lines[0], "-5,1.0"] + lines[1:]) + "\n")
    elif kind == "nan":
        grid.write_text("\n".join([lines[0], "150,nan"] + lines[1:]) + "\n")
    elif kind == "disagree":
        at = next(i for i, line in enumerate(lines) if line.startswith("1000000,"))
        n, v = lines[at].split(",")
        grid.write_text("\n".join(lines[:at] + [f"{n},{float(v) + 1e-9:.12f}"] + lines[at + 1:]) + "\n")
    elif kind == "unsealed":
        grid.write_text(grid.read_text().replace("5.191092000553", "5.191092000554", 1))
        return folder
    elif kind == "file":
        return grid
    from stoplib.redblack._frontier_files import write_manifest
    write_manifest(folder)
    return folder


_RB_CACHE = {}


def rb_frontier_points(which):
    """``n`` (``which = 0``) or ``V(n, n)`` (``which = 1``) of the committed frontier points."""
    from stoplib.redblack.frontier import frontier_points
    return frontier_points(1)[which]


def rb_frontier_sweeps():
    """The committed sweeps as (n, value) pairs."""
    from stoplib.redblack.frontier import load_frontier
    return load_frontier().sweeps[["n", "value"]].to_numpy()


def rb_method_timing(method="tiled"):
    """A small timing of ``method`` (a ``stoplib.redblack.MethodTiming``)."""
    from stoplib.redblack import time_method
    return time_method(method, 50, 50)


def rb_frontier_fits():
    """``correction_fit()`` of the committed frontier, computed once per worker (each call
    takes a second or two, and plot_frontier_correction's fuzzing needs it hundreds of times)."""
    if "fits" not in _RB_CACHE:
        from stoplib.redblack.frontier import correction_fit
        _RB_CACHE["fits"] = correction_fit()
    return _RB_CACHE["fits"]


def rb_frontier_extrapolation():
    """``extrapolate_133m()`` of the committed frontier, computed once per worker."""
    if "extrapolation" not in _RB_CACHE:
        from stoplib.redblack.frontier import extrapolate_133m
        _RB_CACHE["extrapolation"] = extrapolate_133m()
    return _RB_CACHE["extrapolation"]


def site_root():
    """A small project for the site and the app: site/ and app/ configuration, references.bib, an index
    notebook and one chapter with maths, a link and a panel cell."""
    import shutil
    from pathlib import Path

    import nbformat

    from stoplib.workbook import panel
    from stoplib.workbook.config import project_root
    root = Path(tmp_dir())
    shutil.copytree(project_root() / "site", root / "site", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(project_root() / "references.bib", root / "references.bib")
    (root / "notebooks").mkdir()
    v4 = nbformat.v4
    index = v4.new_notebook(cells=[v4.new_markdown_cell("# Home\n\nSee [the chapter](01_x.ipynb).")])
    chapter = v4.new_notebook(cells=[
        v4.new_markdown_cell("# A chapter\n\nThe value $V(r, b)$ of a deck."),
        v4.new_code_cell("from stoplib.redblack import widgets as w\nN = 3"),
        v4.new_markdown_cell("## Explore\n\nMove the slider."),
        v4.new_code_cell("w.position_panel(N)")])
    chapter.cells[3].outputs = [v4.new_output("display_data", data={"text/plain": panel.HINT})]
    for nb in (index, chapter):
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.metadata["language_info"] = {"name": "python"}
    nbformat.write(index, str(root / "notebooks" / "00_index.ipynb"))
    nbformat.write(chapter, str(root / "notebooks" / "01_x.ipynb"))
    return root


def app_chapter_notebook():
    """The chapter notebook of site_root(), with its panel cell."""
    return site_root() / "notebooks" / "01_x.ipynb"


def chapter_app():
    from stoplib.workbook import app
    return app.chapter_app(app_chapter_notebook())


def race_field(name, game="tenthousand", goal=6):
    """One field of a small solved two-player race (``Race`` is fuzzed one field at a time)."""
    import dataclasses

    from stoplib.race import solve
    result = solve(game, goal, cache=False)
    return {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}[name]


def race_solved(game="tenthousand", goal=8, method="pairwise"):
    """A small solved two-player race (memoised in the worker, not written to disk)."""
    from stoplib.race import solve
    return solve(game, goal, method=method, cache=False)


def race_policy_map(goal=8, opponent=2):
    return race_solved("tenthousand", goal).policy_map(opponent)


def race_departure_map(goal=8, dice=5):
    return race_solved("tenthousand", goal).departure_map(dice)


def race_advice(goal=8, roll="15522"):
    return race_solved("tenthousand", goal).advice((1, 2), 0, roll)


def race_brute(goal=3):
    """``(goal, turn-start values)`` of document 002's brute force, for the verdict table."""
    from stoplib.tenthousand import duel_brute_force
    return (goal, duel_brute_force(goal)[0])
