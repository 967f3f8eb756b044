"""Every notebook, run in a real JupyterLab page (Chromium driven by Playwright), in quick mode.

This is also the test that every notebook executes top to bottom in quick mode (an error
output fails it) and exports its figures through the one helper: each notebook runs once
in ``make test``, here, rather than once headless and once in the browser.

For each notebook: open it in a fresh workspace, run all cells, wait for the kernel to
be idle, then check what a reader sees: no error output and no broken widget render,
currency that renders as a dollar sign (not as maths), every panel made of real
controls, every kind of control operated with its output checked against the API,
and every image complete. Screenshots go to ``test-artifacts/browser/`` (git-ignored).
"""
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab import ROOT, NotebookPage, decode_png  # noqa: E402
from scenarios import SCENARIOS  # noqa: E402  (tests/browser/scenarios/<game>.py)

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
pytestmark = pytest.mark.browser

#: A dollar written the way stoplib.workbook.prose.money writes it, with its amount.
_AMOUNT = re.compile(r'<span class="tex2jax_ignore">&#36;</span>([0-9][0-9,]*(?:\.[0-9]+)?)')
#: Math-italic letters (what MathJax makes of prose): six in a row, one per line, is a sentence.
_ITALIC = "[\U0001D44E-\U0001D467\u210E]"
_PROSE_AS_MATH = re.compile(rf"{_ITALIC}(?:\n{_ITALIC}){{5,}}")


def _source_prose_as_math(source: str) -> bool:
    """A ``$`` used as currency pairs with another ``$`` around words (the source-level check)."""
    src = re.sub(r"\$\$.*?\$\$", " ", source, flags=re.S)
    src = re.sub(r"`[^`]*`", " ", src)
    parts = re.split(r"\\?\$", src)
    text = re.compile(r"\\(?:text|mathrm|operatorname|textrm|mbox|textit|textbf)\s*\{[^{}]*\}")
    words = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{3,}[,.;:]?\s+[A-Za-z]{3,}")
    return any(words.search(text.sub(" ", parts[k])) or "\n\n" in parts[k] for k in range(1, len(parts), 2))


def check_prose(nb: NotebookPage) -> int:
    """Currency renders as "$x"; no sentence is typeset as maths. Returns the amounts checked."""
    checked = 0
    for cell in nb.markdown_cells():
        where = f"{nb.notebook} markdown cell {cell['index']}"
        assert not _source_prose_as_math(cell["source"]), f"{where}: a $ pairs with another $ around prose"
        for amount in _AMOUNT.findall(cell["source"]):
            assert f"${amount}" in cell["text"], f"{where}: ${amount} does not render as a dollar amount"
            checked += 1
        for maths in cell["maths"]:
            assert not _PROSE_AS_MATH.search(maths), f"{where}: prose typeset as maths: {maths[:60]!r}"
    return checked


def check_images(nb: NotebookPage) -> int:
    images = nb.output_images()
    for k, data in enumerate(images):
        width, height, blank, transparent = decode_png(data)
        assert width > 20 and height > 20, f"{nb.notebook}: image {k} is {width}x{height}"
        assert not blank, f"{nb.notebook}: image {k} is blank"
        assert not transparent, f"{nb.notebook}: image {k} is fully transparent"
    return len(images)


def check_tables(folder: Path) -> None:
    """Every table saved so far (sl.save_table) has its LaTeX table beside it, unless it is too long for a paper."""
    from stoplib.workbook.export import TEX_MAX_ROWS

    for csv in folder.glob("*.csv"):
        rows = sum(1 for _ in csv.open()) - 1
        assert rows > TEX_MAX_ROWS or csv.with_suffix(".tex").is_file(), f"{csv.name} was saved without its .tex"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_in_jupyterlab(lab_server, page, name):
    stem = Path(name).stem
    nb = NotebookPage(page, lab_server, name)
    seconds = nb.run_all(timeout=900)
    errors = nb.error_outputs()
    assert not errors, f"{name}: error outputs after Run All ({seconds:.0f} s): {errors}"
    if not stem.startswith("00_"):   # the index shows the chapters' figures and draws none of its own
        out = Path(lab_server.env["STOPLIB_OUTPUT_DIR"]) / "figures"
        assert list(out.glob(f"{stem}-*.png")), f"{name} exported no figure (sl.save_figure) in quick mode"
    check_tables(Path(lab_server.env["STOPLIB_OUTPUT_DIR"]) / "data")
    broken = nb.broken_renders()
    assert not broken, f"{name}: broken renders: {broken}"
    check_prose(nb)

    panels = nb.panels()
    for k, panel in enumerate(panels):
        assert panel.query_selector(".noUi-handle, input, select, button"), f"{name}: panel {k} has no controls"
    kinds = nb.control_kinds()
    if panels:
        assert stem in SCENARIOS, f"{name} has {len(panels)} panel(s) but no browser scenario in scenarios.py"
    if stem in SCENARIOS:
        SCENARIOS[stem](nb, lab_server)
        missing = kinds - nb.operated
        assert not missing, f"{name}: the scenario never operated a {sorted(missing)} control"
        assert not nb.error_outputs(), f"{name}: errors after operating the panels: {nb.error_outputs()}"
        assert not nb.broken_renders()
    check_images(nb)
    nb.screenshot_all(stem)
    for k in range(len(panels)):
        nb.screenshot_panel(k, stem)
