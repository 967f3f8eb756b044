"""Fixtures for the browser tests: one JupyterLab server and one Chromium for the session."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab import CHROMIUM, CHROMIUM_ARGS, LabServer, copy_notebooks  # noqa: E402


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: `make test` installs it "
                    "(apt-get install -y chromium); set STOPLIB_CHROMIUM to use another binary")
    base = tmp_path_factory.mktemp("lab")
    notebooks = copy_notebooks(base)
    env = {"STOPLIB_QUICK": "1", "STOPLIB_PROGRESS": "0", "STOPLIB_OUTPUT_DIR": str(base / "out"),
           "MPLBACKEND": "module://matplotlib_inline.backend_inline", "PYTHONUNBUFFERED": "1"}
    server = LabServer(notebooks, env=env)
    yield server
    server.stop()
    assert server.process.poll() is not None, "the JupyterLab server we started is still running"
    leftover = server.descendants()
    assert not leftover, f"kernels left running: {leftover}"


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    yield page
    context.close()
