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


def verdict_table(notebook="01_redblack_dp"):
    import pandas as pd
    return pd.DataFrame({"notebook": [notebook, notebook], "claim": ["value", "fit"],
                         "document": ["$2.62", "0.5"], "ours": ["2.624476", "0.5220"],
                         "verdict": ["agrees", "differs"], "evidence": ["exact fraction", "bridge constant"],
                         "headline": [True, False]})


def readme_root():
    """A project root with a README holding the markers, verdict tables and thumbnails."""
    from pathlib import Path

    from PIL import Image

    from stoplib.workbook import readme
    root = Path(tmp_dir())
    (root / "data").mkdir()
    (root / "figures").mkdir()
    for notebook, (_, thumb) in readme.CHAPTERS.items():
        verdict_table(notebook).to_csv(root / "data" / f"{notebook}_verdicts.csv", index=False)
        Image.new("RGB", (40, 30), (230, 159, 0)).save(root / "figures" / thumb)
    (root / "README.md").write_text(f"# x\n\n{readme.START}\n{readme.END}\n")
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
