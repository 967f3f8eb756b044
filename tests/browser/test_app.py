"""make app: the panels as a Voilà dashboard, driven in Chromium like the notebooks are in JupyterLab.

The app is started as ``make app`` starts it (``python -m stoplib.workbook.app serve``, in quick
mode, writing its notebooks and any saved figure to temporary folders), on a free port of
127.0.0.1; the test reads the URL it prints. For every page (one per chapter with panels):

- the page shows the chapter's panels (as many as the chapter has), the text leading into each
  and no code, and no error output;
- every kind of control the panels hold (slider, text box, drop-down, button, check box) is
  operated, with each readout checked against the API: the browser scenarios of the notebook
  test (``tests/browser/scenarios``) run unchanged on the app's page.

Then Ctrl-C (SIGINT to the app's process group, as a terminal sends it): the app must exit
cleanly within a minute and leave no kernel running. One test does it all, so that the app is
started once even when pytest-xdist spreads the tests over workers. Screenshots go to
``test-artifacts/app/``.
"""
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab import ROOT, NotebookPage  # noqa: E402
from scenarios import SCENARIOS  # noqa: E402

from stoplib.workbook import app  # noqa: E402

pytestmark = pytest.mark.browser
ARTIFACTS = ROOT / "test-artifacts" / "app"
_PAGE = re.compile(r"(http://127\.0\.0\.1:\d+/voila/render/(\S+\.ipynb))")


class AppPage(NotebookPage):
    """One page of the app: the panel helpers of :class:`lab.NotebookPage` (they find panels by their
    ``stoplib-*`` classes and controls by their labels, as ipywidgets draws them in Voilà too), on a
    page that Voilà rendered (no JupyterLab, no Run All: the page runs its cells as it loads)."""

    def __init__(self, page, url: str, notebook: str, timeout: float = 300):
        self.page = page
        self.server = None
        self.notebook = notebook
        self.operated = set()
        self.opened = time.monotonic()
        page.goto(url, wait_until="commit", timeout=timeout * 1000)    # Voila runs the page's cells now

    def wait_drawn(self, timeout: float = 300) -> float:
        """Wait until every panel has drawn once (its readout is set last); return the seconds since opening."""
        page = self.page
        page.wait_for_selector(".stoplib-panel", timeout=timeout * 1000)
        page.wait_for_function(
            "() => { const r = Array.from(document.querySelectorAll('.stoplib-panel .stoplib-readout'));"
            "        return r.length && r.every(e => e.innerText.trim()); }", timeout=timeout * 1000)
        return time.monotonic() - self.opened

    def errors(self) -> list:
        return self.page.evaluate(
            "() => Array.from(document.querySelectorAll('.jp-OutputArea-output[data-mime-type*=\"stderr\"],"
            " .jp-RenderedText[data-mime-type*=\"error\"], .voila-error')).map(e => e.innerText.slice(0, 300))")

    def code_shown(self) -> list:
        return self.page.evaluate(
            "() => Array.from(document.querySelectorAll('.jp-InputArea-editor, .cm-editor, .CodeMirror'))"
            "  .filter(e => e.offsetParent !== null && e.innerText.trim()).map(e => e.innerText.slice(0, 80))")


@pytest.fixture(scope="module")
def running_app(tmp_path_factory):
    """``python -m stoplib.workbook.app serve`` in quick mode on a free port; yields (process, page URLs)."""
    base = tmp_path_factory.mktemp("app")
    env = {**os.environ, "STOPLIB_QUICK": "1", "STOPLIB_PROGRESS": "0", "STOPLIB_OUTPUT_DIR": str(base / "out"),
           "PYTHONUNBUFFERED": "1"}
    log = open(base / "app.log", "w")
    start = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "stoplib.workbook.app", "serve", "--out", str(base / "app"),
                                "--port", "0"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log, text=True,
                               start_new_session=True)
    lines, pages = [], []
    while time.monotonic() - start < 180:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        pages += _PAGE.findall(line)
        if line.startswith("Press Ctrl-C"):
            break
    started = time.monotonic() - start
    assert lines and lines[0].startswith("The stoplib app is running at http://127.0.0.1:"), \
        f"no URL printed in {started:.0f} s: {lines} {(base / 'app.log').read_text()[-2000:]}"
    yield process, pages, started, base
    if process.poll() is None:                       # the test failed before its Ctrl-C
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(30)
    log.close()


def test_app_in_chromium(running_app, chromium):
    process, pages, started, base = running_app
    chapters = {p.name: app.chapter_app(p) for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))}
    with_panels = sorted(name for name, c in chapters.items() if c.panels)
    assert [name for _, name in pages] == with_panels, "the app's pages are not the chapters with panels"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    timings = {}
    context = chromium.new_context(viewport={"width": 1300, "height": 1000})
    for url, name in pages:
        stem = Path(name).stem
        nb = AppPage(context.new_page(), url, name)
        page = nb.page
        drawn = nb.wait_drawn()
        t0 = time.monotonic()
        chapter = chapters[name]
        assert len(nb.panels()) == len(chapter.panels), f"{name}: {len(nb.panels())} panels, the chapter has " \
                                                         f"{len(chapter.panels)}"
        text = page.inner_text("body")
        for panel in chapter.panels:                 # the lead of each panel, as plain words (before any maths)
            words = re.sub(r"[#*_`\\]", "", panel.lead.split("$")[0]).split()[:6]
            assert " ".join(words) in " ".join(re.sub(r"[#*_`$\\]", "", text).split()), \
                f"{name}: the text before {panel.call} is not on the page: {' '.join(words)!r}"
        assert not nb.code_shown(), f"{name}: the page shows code: {nb.code_shown()}"
        assert not nb.errors(), f"{name}: error output: {nb.errors()}"
        kinds = nb.control_kinds()
        assert stem in SCENARIOS, f"{name}: the app has panels but tests/browser/scenarios has no scenario for them"
        SCENARIOS[stem](nb, process)
        assert kinds <= nb.operated, f"{name}: the scenario never operated a {sorted(kinds - nb.operated)} control"
        assert not nb.errors(), f"{name}: error output after operating the panels: {nb.errors()}"
        page.screenshot(path=str(ARTIFACTS / f"{stem}.png"))
        page.close()                                 # its kernel stays until Ctrl-C (or Voila culls it)
        timings[name] = (drawn, time.monotonic() - t0)
    context.close()

    # Ctrl-C: the app stops, and with it every kernel it started
    kernels = [p.pid for p in psutil.Process(process.pid).children(recursive=True)]
    t0 = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    try:
        code = process.wait(60)
    except subprocess.TimeoutExpired:
        pytest.fail("the app did not stop within 60 s of Ctrl-C")
    stopped = time.monotonic() - t0
    rest = process.stdout.read()
    assert code == 0, f"the app exited with {code} on Ctrl-C: {rest[-500:]}"
    assert "The stoplib app has stopped." in rest
    time.sleep(1)
    alive = [pid for pid in kernels if psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE]
    assert not alive, f"processes of the app still running after Ctrl-C: {alive}"
    (ARTIFACTS / "summary.txt").write_text(
        f"app started (URL printed) in {started:.1f} s; pages: "
        + ", ".join(f"{n} drawn {d:.1f} s after opening, operated in {t:.1f} s" for n, (d, t) in timings.items())
        + f"; stopped {stopped:.1f} s after Ctrl-C, {len(kernels)} child processes, none left\n")
