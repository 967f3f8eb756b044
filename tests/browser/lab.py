"""A JupyterLab server and a Chromium page driven by Playwright, for the browser tests.

The server runs from the project's ``.venv`` on a free 127.0.0.1 port with a random
token, in a temporary copy of ``notebooks/``, in quick mode; the tests kill exactly
the server they started (and the kernels it started). Chromium is Debian's
``/usr/bin/chromium`` (``make test`` installs it with apt when it is missing);
Playwright's own browser download is never used.
"""
from __future__ import annotations

import base64
import io
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("STOPLIB_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
#: Text that signals a broken render.
BROKEN = ("Error displaying widget", "Loading widget", "model not found", "interactive(children=",
          "VBox(children=", "HBox(children=")

_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                         "checkForUpdates": False},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """``jupyter lab`` in ``root_dir`` on a free port; ``stop()`` ends it and its kernels."""

    def __init__(self, root_dir: Path, env: dict | None = None, startup_timeout: float = 120):
        self.root_dir = Path(root_dir)
        self.env = dict(env or {})
        self.port = free_port()
        self.token = secrets.token_hex(24)
        self.log_path = self.root_dir.parent / "jupyterlab.log"
        settings = self.root_dir.parent / "lab-settings"
        for name, value in _SETTINGS.items():
            path = settings / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value))
        jupyter = Path(sys.executable).with_name("jupyter")
        full_env = {**os.environ, **(env or {}), "JUPYTERLAB_SETTINGS_DIR": str(settings),
                    "JUPYTERLAB_WORKSPACES_DIR": str(self.root_dir.parent / "lab-workspaces")}
        self.process = subprocess.Popen(
            [str(jupyter), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
             f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root_dir}",
             "--ServerApp.port_retries=0", "--LabApp.expose_app_in_browser=True",
             "--ServerApp.disable_check_xsrf=False", "--allow-root"],
            cwd=self.root_dir, env=full_env, stdout=subprocess.DEVNULL,
            stderr=open(self.log_path, "w"), start_new_session=True)
        deadline = time.monotonic() + startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited at start:\n{self.log_path.read_text()[-3000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), 1).close()
                return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"JupyterLab did not start in {startup_timeout} s")

    def url(self, notebook: str) -> str:
        workspace = "t" + secrets.token_hex(6)
        return f"http://127.0.0.1:{self.port}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={self.token}"

    def descendants(self) -> list[int]:
        import psutil

        try:
            return [p.pid for p in psutil.Process(self.process.pid).children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def stop(self) -> None:
        """Stop the server we started (SIGTERM, then SIGKILL), then any kernel it left behind."""
        import psutil

        children = self.descendants()
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        for pid in children:
            try:
                proc = psutil.Process(pid)
                proc.terminate()
                proc.wait(5)
            except psutil.NoSuchProcess:
                pass
            except psutil.TimeoutExpired:
                proc.kill()


def copy_notebooks(destination: Path) -> Path:
    """A temporary copy of ``notebooks/`` (the executed copies never touch the repository)."""
    target = destination / "notebooks"
    shutil.copytree(ROOT / "notebooks", target, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*.py"))
    return target


def decode_png(data: bytes):
    """Decode PNG bytes; return (width, height, is_blank, is_transparent)."""
    import numpy as np
    from PIL import Image

    image = Image.open(io.BytesIO(data))
    image.load()
    rgba = np.asarray(image.convert("RGBA"), dtype=float)
    transparent = bool(rgba[..., 3].max() == 0)
    blank = bool(rgba[..., :3].std() < 1.0)
    return image.size[0], image.size[1], blank, transparent


class NotebookPage:
    """One notebook open in JupyterLab: run all, wait, read outputs, operate widgets."""

    def __init__(self, page, server: LabServer, notebook: str):
        self.page = page
        self.server = server
        self.notebook = notebook
        self.operated: set[str] = set()
        page.goto(server.url(notebook), wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        page.wait_for_function("() => window.jupyterapp !== undefined", timeout=60_000)
        self.wait_idle(180)

    # -- kernel and execution ------------------------------------------------------------------
    def kernel_status(self) -> str:
        return self.page.evaluate(
            """() => { const w = window.jupyterapp.shell.currentWidget;
                      const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
                      return k ? k.status : 'none'; }""")

    def wait_idle(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.kernel_status()
            running = self.page.evaluate(
                "() => Array.from(document.querySelectorAll('.jp-InputPrompt'))"
                ".some(p => p.textContent.includes('[*]'))")
            if status == "idle" and not running:
                time.sleep(0.5)
                if self.kernel_status() == "idle":
                    return
            time.sleep(0.5)
        raise TimeoutError(f"{self.notebook}: kernel not idle after {timeout} s (status {self.kernel_status()})")

    def run_all(self, timeout: float = 900) -> float:
        start = time.monotonic()
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        time.sleep(2)
        self.wait_idle(timeout)
        return time.monotonic() - start

    # -- what the notebook shows ---------------------------------------------------------------
    def model_outputs(self) -> list[dict]:
        """Every output of every code cell, as the notebook model holds it."""
        return self.page.evaluate(
            """() => { const nb = window.jupyterapp.shell.currentWidget.content.model;
                      const out = [];
                      for (let i = 0; i < nb.cells.length; i++) {
                        const c = nb.cells.get(i);
                        if (c.type !== 'code') continue;
                        for (let j = 0; j < c.outputs.length; j++) {
                          const o = c.outputs.get(j).toJSON(); o.cell = i; out.push(o); } }
                      return out; }""")

    def error_outputs(self) -> list[str]:
        return [f"cell {o['cell']}: {o.get('ename')}: {o.get('evalue')}" for o in self.model_outputs()
                if o.get("output_type") == "error"]

    def broken_renders(self) -> list[str]:
        text = self.page.inner_text(".jp-NotebookPanel")
        return [marker for marker in BROKEN if marker in text]

    def markdown_cells(self) -> list[dict]:
        """Source and rendered text of each Markdown cell, with the text of any typeset maths."""
        return self.page.evaluate(
            """() => { const panel = window.jupyterapp.shell.currentWidget.content;
                      const out = [];
                      panel.widgets.forEach((cell, i) => {
                        if (cell.model.type !== 'markdown') return;
                        const node = cell.node.querySelector('.jp-MarkdownOutput');
                        out.push({index: i, source: cell.model.sharedModel.getSource(),
                                  text: node ? node.innerText : '',
                                  maths: node ? Array.from(node.querySelectorAll('mjx-container'))
                                                     .map(m => m.innerText) : []});
                      });
                      return out; }""")

    def output_images(self) -> list[bytes]:
        """The bytes of every image in the output areas (static figures and widget figures)."""
        encoded = self.page.evaluate(
            """async () => { const imgs = Array.from(document.querySelectorAll('.jp-OutputArea-output img'));
                            const out = [];
                            for (const img of imgs) {
                              if (!img.src) continue;
                              const r = await fetch(img.src); const b = new Uint8Array(await r.arrayBuffer());
                              let s = '';
                              for (let i = 0; i < b.length; i += 32768)
                                  s += String.fromCharCode.apply(null, b.subarray(i, i + 32768));
                              out.push(btoa(s)); }
                            return out; }""")
        return [base64.b64decode(x) for x in encoded]

    # -- widget panels -------------------------------------------------------------------------
    def panels(self):
        return self.page.query_selector_all(".stoplib-panel")

    def panel_readout(self, index: int) -> str:
        return self.panels()[index].query_selector(".stoplib-readout").inner_text()

    def panel_message(self, index: int) -> str:
        return self.panels()[index].query_selector(".stoplib-message").inner_text()

    def panel_image(self, index: int) -> bytes | None:
        img = self.panels()[index].query_selector(".stoplib-figure img, img.stoplib-figure")
        if img is None:
            return None
        encoded = img.evaluate(
            """async (img) => { const r = await fetch(img.src); const b = new Uint8Array(await r.arrayBuffer());
                               let s = '';
                              for (let i = 0; i < b.length; i += 32768)
                                  s += String.fromCharCode.apply(null, b.subarray(i, i + 32768));
                               return btoa(s); }""")
        return base64.b64decode(encoded)

    def control(self, panel: int, description: str):
        """The widget of ``panel`` whose label reads ``description``."""
        for box in self.panels()[panel].query_selector_all(
                ".widget-inline-hbox, .jupyter-widgets.widget-hslider, .widget-checkbox"):
            # ipywidgets 8: most controls label in .widget-label; a check box without indent
            # carries its text in .widget-label-basic
            for label in box.query_selector_all(".widget-label, .widget-label-basic"):
                if label.inner_text().strip() == description:
                    return box
        raise LookupError(f"{self.notebook}: panel {panel} has no control labelled {description!r}")

    def set_slider(self, panel: int, description: str, value) -> None:
        """Type ``value`` into the slider's readout box (what a reader does for an exact value)."""
        self.operated.add("slider")
        box = self.control(panel, description)
        readout = box.query_selector(".widget-readout")
        readout.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(str(value))
        self.page.keyboard.press("Enter")

    def nudge_slider(self, panel: int, description: str, steps: int) -> None:
        """Move the slider's handle with the arrow keys, ``steps`` times."""
        self.operated.add("slider")
        handle = self.control(panel, description).query_selector(".noUi-handle")
        handle.focus()
        key = "ArrowRight" if steps > 0 else "ArrowLeft"
        for _ in range(abs(steps)):
            self.page.keyboard.press(key)

    def set_text(self, panel: int, description: str, value) -> None:
        self.operated.add("text")
        box = self.control(panel, description)
        field = box.query_selector("input, textarea")
        field.fill(str(value))
        field.press("Enter")

    def choose(self, panel: int, description: str, label: str) -> None:
        self.operated.add("dropdown")
        self.control(panel, description).query_selector("select").select_option(label=label)

    def click(self, panel: int, text: str) -> None:
        for button in self.panels()[panel].query_selector_all("button"):
            if button.inner_text().strip() == text:
                self.operated.add("button")
                button.click()
                return
        raise LookupError(f"{self.notebook}: panel {panel} has no button {text!r}")

    def tick(self, panel: int, description: str) -> None:
        """Click a check box."""
        self.operated.add("checkbox")
        self.control(panel, description).query_selector("input[type=checkbox]").click()

    def control_kinds(self) -> set[str]:
        """The kinds of control the notebook's panels hold."""
        kinds = set()
        for panel in self.panels():
            if panel.query_selector(".noUi-handle"):
                kinds.add("slider")
            if panel.query_selector(".widget-text input, .widget-inline-hbox input[type=number], textarea"):
                kinds.add("text")
            if panel.query_selector("select"):
                kinds.add("dropdown")
            if panel.query_selector("button"):
                kinds.add("button")
            if panel.query_selector("input[type=checkbox]"):
                kinds.add("checkbox")
        return kinds

    def wait_for(self, predicate, timeout: float = 60, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                if predicate():
                    return
            except Exception as exc:  # the DOM may be mid-update
                last = exc
            time.sleep(0.25)
        raise TimeoutError(f"{self.notebook}: {what or 'condition'} not met in {timeout} s ({last})")

    # -- screenshots -----------------------------------------------------------------------------
    def screenshot_all(self, stem: str) -> list[Path]:
        """Shoot the notebook in steps (a screenshot shows only the visible part of the panel)."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        paths = []
        scroller = ".jp-WindowedPanel-outer"
        height = self.page.evaluate(f"() => document.querySelector('{scroller}').scrollHeight")
        view = self.page.evaluate(f"() => document.querySelector('{scroller}').clientHeight")
        top, k = 0, 0
        while top < height and k < 80:
            self.page.evaluate(f"() => document.querySelector('{scroller}').scrollTo(0, {top})")
            time.sleep(0.2)
            path = ARTIFACTS / f"{stem}-{k:02d}.png"
            self.page.screenshot(path=str(path))
            paths.append(path)
            top += max(view - 80, 200)
            k += 1
        return paths

    def screenshot_panel(self, index: int, stem: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        panel = self.panels()[index]
        panel.scroll_into_view_if_needed()
        path = ARTIFACTS / f"{stem}-panel{index}.png"
        panel.screenshot(path=str(path))
        return path
