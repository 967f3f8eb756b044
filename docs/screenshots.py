"""Take the README's screenshots of the site and the app: ``make screenshots``.

Builds the site (``stoplib.workbook.site``) into a temporary folder and serves it on 127.0.0.1;
starts the app (``python -m stoplib.workbook.app serve``) on a free port of 127.0.0.1; opens
both in Debian's Chromium driven by Playwright (never ``playwright install``) and writes
``docs/screenshots/site.png`` and ``docs/screenshots/app.png``. The app is stopped with
Ctrl-C (SIGINT), as a reader stops it.
"""
import functools
import http.server
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("STOPLIB_CHROMIUM", "/usr/bin/chromium")
SIZE = {"width": 1280, "height": 800}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def site_shot(browser, work: Path) -> Path:
    from stoplib.workbook import site

    built = site.build(out=work / "site")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built.html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = browser.new_page(viewport=SIZE)
    page.goto(f"http://127.0.0.1:{server.server_address[1]}/01_redblack_dp.html", wait_until="load")
    page.wait_for_function("() => window.MathJax && MathJax.isReady")
    page.evaluate("() => new Promise(r => MathJax.Hub.Queue(r))")
    page.evaluate("() => document.querySelector('#when-should-you-stop').scrollIntoView()")
    page.wait_for_timeout(500)
    path = OUT / "site.png"
    page.screenshot(path=str(path))
    page.close()
    server.shutdown()
    return path


def app_shot(browser, work: Path) -> Path:
    env = {**os.environ, "STOPLIB_PROGRESS": "0", "STOPLIB_OUTPUT_DIR": str(work / "out"), "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "stoplib.workbook.app", "serve", "--out", str(work / "app"),
                                "--port", "0"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True, start_new_session=True)
    try:
        url = None
        while url is None:
            line = process.stdout.readline()
            if not line:
                raise RuntimeError("the app stopped before printing its URL")
            found = re.search(r"(http://127\.0\.0\.1:\d+/voila/render/04_\S+\.ipynb)", line)
            url = found.group(1) if found else None
        page = browser.new_page(viewport=SIZE)
        page.goto(url, wait_until="domcontentloaded", timeout=300_000)
        page.wait_for_function("() => { const r = Array.from(document.querySelectorAll('.stoplib-readout'));"
                               " return r.length > 1 && r.every(e => e.innerText.trim()); }", timeout=300_000)
        page.get_by_role("button", name="Roll a number").click()
        page.wait_for_function("() => document.querySelector('.stoplib-readout').innerText.startsWith('rolled')")
        page.evaluate("() => document.querySelector('.stoplib-panel').scrollIntoView()")
        page.wait_for_timeout(800)
        path = OUT / "app.png"
        page.screenshot(path=str(path))
        page.close()
        return path
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(60)


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        start = time.monotonic()
        for path in (site_shot(browser, Path(tmp)), app_shot(browser, Path(tmp))):
            print(f"wrote {path.relative_to(ROOT)}")
        browser.close()
    print(f"in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
