"""A fact that more than one chapter states comes from one source, the committed data, in every chapter.

How far the exact red/black values reach is such a fact: the CPU sweeps (``data/redblack_frontier.csv``)
and the GPU sweeps (``data/redblack_gpu_runs.csv``) both move it, and chapters 00, 01 and 03 state it.
They stay in step because

- each of them renders the fact from the data (:func:`stoplib.redblack.frontier.load_frontier`, which
  reads both files: :attr:`~stoplib.redblack.frontier.FrontierData.n_exact` and ``n_max``), so its
  committed text states the current values;
- each read both files in its last run (``notebooks/stamps.json``), so a change to either makes it
  stale, and ``make workbook`` re-executes it (``tests/workbook/test_freshness.py`` fails meanwhile);
- no hand-written Markdown cell of any chapter types the reach (a sweep size at the frontier, in
  digits or in words, beside "cards", "sweep" or ``V(``).
"""
import json
import re

import nbformat
import pytest

from stoplib.redblack import frontier as rbf
from stoplib.workbook.config import project_root
from stoplib.workbook.runner import notebook_paths

NOTEBOOKS = notebook_paths()
#: The chapters that state how far the exact values reach.
STATING = ("00_index", "01_redblack_dp", "03_redblack_sqrt_vs_log")
RECORDS = ("data/redblack_frontier.csv", "data/redblack_gpu_runs.csv")
FRONT = rbf.load_frontier()


def _frontier_sizes() -> list[int]:
    """The sizes a chapter could be tempted to type: the largest CPU sweep and every exact value past it."""
    return sorted({FRONT.n_max, *map(int, FRONT.beyond().n)})


def _spellings(n: int) -> list[str]:
    millions = n / 1e6
    words = {10: "ten", 11: "eleven", 16.8: "16.8"}.get(millions)
    forms = [f"{n:,}", str(n), f"{n:,}".replace(",", "{,}"), f"{millions:g} million", f"{millions:g}m"]
    return forms + ([f"{words} million"] if words else [])


def _rendered(path) -> str:
    nb = nbformat.read(path, as_version=4)
    texts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            texts.append(cell.source)
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            texts.append(out.get("text", "") + data.get("text/markdown", "") + data.get("text/html", ""))
    return "\n".join(texts)


@pytest.mark.parametrize("stem", STATING)
def test_a_chapter_that_states_the_reach_states_the_current_one(stem):
    text = _rendered(project_root() / "notebooks" / f"{stem}.ipynb")
    assert f"{FRONT.n_max:,}" in text, f"{stem} does not state the CPU sweeps' reach, {FRONT.n_max:,}"
    assert f"{FRONT.n_exact:,}" in text, f"{stem} does not state the exact values' reach, {FRONT.n_exact:,}"


@pytest.mark.parametrize("stem", STATING)
def test_a_chapter_that_states_the_reach_read_both_records(stem):
    stamps = json.loads((project_root() / "notebooks" / "stamps.json").read_text())
    read = stamps.get(stem, {}).get("files", {})
    missing = [r for r in RECORDS if r not in read]
    assert not missing, f"{stem} did not read {missing} in its last run: a change there would not make it stale"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_markdown_cell_types_the_reach(path):
    """The reach moves whenever a longer sweep is committed; a sentence typed by hand would not move with it."""
    nb = nbformat.read(path, as_version=4)
    found = []
    for number, cell in enumerate(nb.cells, 1):
        if cell.cell_type != "markdown":
            continue
        for n in _frontier_sizes():
            for form in _spellings(n):
                for hit in re.finditer(re.escape(form), cell.source):
                    before = cell.source[max(0, hit.start() - 12):hit.start()]
                    after = cell.source[hit.end():hit.end() + 40]
                    if re.search(r"card|sweep|exact", after) or re.search(r"V\(|n = |n \\le ", before):
                        found.append(f"cell {number}: {form!r} (…{before}{form}{after}…)")
    assert not found, f"{path.name}: a frontier size typed by hand, render it from the data:\n" + "\n".join(found)


def test_the_reach_is_read_from_both_records():
    assert FRONT.n_exact >= FRONT.n_max and (FRONT.beyond().n > FRONT.n_max).all()
