"""stoplib.workbook.freshness: make workbook reruns only stale notebooks; make test fails on a stale one."""
import json
import shutil

import nbformat
import pytest

from stoplib.workbook import freshness
from stoplib.workbook.runner import execute_notebook, notebook_paths


def _project(tmp_path):
    """A tiny project: the package skeleton, a data file and a notebook that reads it and writes another."""
    for rel in ("stoplib/__init__.py", "stoplib/workbook/a.py", "stoplib/util/b.py", "stoplib/holdem/c.py",
                "stoplib/redblack/d.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"# {rel}\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "in.csv").write_text("x\n1\n")
    (tmp_path / "notebooks").mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A notebook about holdem"),
                nbformat.v4.new_code_cell("# (stands for: from stoplib import holdem)\n"
                                          f"text = open({str(tmp_path / 'data' / 'in.csv')!r}).read()\ntext"),
                nbformat.v4.new_code_cell(f"open({str(tmp_path / 'data' / 'out.csv')!r}, 'w').write(text)\n"
                                          f"open({str(tmp_path / 'data' / 'out.csv')!r}).read()")]
    path = tmp_path / "notebooks" / "01_x.ipynb"
    nbformat.write(nb, str(path))
    return path


def test_the_audit_records_reads_and_writes_and_leaves_no_trace(tmp_path):
    path = _project(tmp_path)
    io = {}
    nb = execute_notebook(path, quick=True, timeout=120, output_dir=tmp_path, io=io)
    assert len(nb.cells) == 3 and "_stoplib" not in json.dumps(nb)
    assert [c.execution_count for c in nb.cells if c.cell_type == "code"] == [1, 2]
    assert str(tmp_path / "data" / "in.csv") in io["read"]
    assert str(tmp_path / "data" / "out.csv") in io["write"]


def test_a_notebook_is_stale_when_its_cells_its_code_or_its_data_change(tmp_path):
    path = _project(tmp_path)
    io = {"read": [str(tmp_path / "data" / "in.csv"), str(tmp_path / "data" / "out.csv")],
          "write": [str(tmp_path / "data" / "out.csv")]}
    (tmp_path / "data" / "out.csv").write_text("x\n1\n")
    stamp = freshness.record(path, io, root=tmp_path)
    assert stamp["inputs"] == ["data/in.csv"]                 # what it writes itself is not an input
    assert "stoplib/holdem/c.py" in stamp["files"] and "stoplib/redblack/d.py" not in stamp["files"]
    assert freshness.stale(path, root=tmp_path) == ""
    (tmp_path / "stoplib" / "redblack" / "d.py").write_text("# a game the notebook does not name\n")
    assert freshness.stale(path, root=tmp_path) == ""
    for rel, text in (("data/in.csv", "x\n2\n"), ("stoplib/util/b.py", "# changed\n"),
                      ("stoplib/holdem/c.py", "# changed\n")):
        shutil.copy(tmp_path / rel, tmp_path / (rel + ".bak"))
        (tmp_path / rel).write_text(text)
        assert rel in freshness.stale(path, root=tmp_path)
        shutil.move(tmp_path / (rel + ".bak"), tmp_path / rel)
        assert freshness.stale(path, root=tmp_path) == ""
    nb = nbformat.read(path, as_version=4)
    nb.cells[0].source += " (edited)"
    nbformat.write(nb, str(path))
    assert "<cells>" in freshness.stale(path, root=tmp_path)


def test_a_notebook_without_a_stamp_is_stale(tmp_path):
    path = _project(tmp_path)
    assert "never executed" in freshness.stale(path, root=tmp_path)


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.stem)
def test_the_committed_notebook_is_current(path):
    """Fails when a committed notebook no longer matches its inputs: run `make workbook` and commit."""
    why = freshness.stale(path)
    assert not why, f"{path.name} is stale: {why}. Run `make workbook` (it re-executes only stale notebooks)."


def test_every_game_package_is_tracked_and_so_are_the_games_it_imports(tmp_path):
    from pathlib import Path

    package = Path(freshness.__file__).resolve().parents[1]
    games = {p.name for p in package.iterdir() if (p / "__init__.py").is_file()} - {"workbook", "util"}
    assert games == set(freshness.GAMES)
    real = {p.relative_to(package.parent).as_posix() for p in freshness.code_files({"tenthousand"},
                                                                                  root=package.parent)}
    assert "stoplib/race/_kernels.py" in real and "stoplib/holdem/solver.py" not in real
    path = _project(tmp_path)
    (tmp_path / "stoplib" / "holdem" / "c.py").write_text("from ..redblack import d\n")
    stamp = freshness.record(path, {"read": [], "write": []}, root=tmp_path)
    assert "stoplib/redblack/d.py" in stamp["files"]
    (tmp_path / "stoplib" / "redblack" / "d.py").write_text("# changed\n")
    assert "stoplib/redblack/d.py" in freshness.stale(path, root=tmp_path)
