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

    from stoplib.workbook import readme
    root = Path(tmp_dir())
    (root / "data").mkdir()
    (root / "figures").mkdir()
    for notebook, (_, thumb) in readme.CHAPTERS.items():
        verdict_table(notebook).to_csv(root / "data" / f"{notebook}_verdicts.csv", index=False)
        (root / "figures" / thumb).write_bytes(b"\x89PNG\r\n\x1a\n")
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


# --- tenthousand ---
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


def tt_pig_field(name):
    """One field of ``pig()``'s result (``PigResult`` is fuzzed one field at a time)."""
    from stoplib.tenthousand import pig
    return getattr(pig(), name)


def tt_dice_table(max_dice=2):
    from stoplib.tenthousand.claims import dice_table
    return dice_table(max_dice, 10)


def tt_stop_at_table():
    from stoplib.tenthousand.claims import stop_at_table
    return stop_at_table([1, 2, 4, 6], 5)


def tt_policies():
    from stoplib.tenthousand import stop_at_policy
    return [stop_at_policy(3, 2)]
