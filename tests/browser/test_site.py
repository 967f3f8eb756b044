"""make site: the static site, built once from the committed notebooks and read page by page in Chromium.

The site is built into a temporary folder (``stoplib.workbook.site.build``, strict: a warning
fails it), served on 127.0.0.1 by ``http.server`` in a thread, and every HTML page of it is
opened in Chromium. For each page:

- it loads with no console error, no failed request and no HTTP error, and asks nothing of any
  other host (the reader needs no network: MathJax, fonts and scripts are the site's own);
- every image decodes (``naturalWidth > 0``), and every figure and panel picture of the
  notebook (each ``image/png`` output) is on its page;
- every link and resource within the site resolves (HTTP 200), anchors included;
- a chapter's page offers its notebook for download, byte for byte the committed one;
- currency renders as a dollar sign: every amount written with ``stoplib.workbook.prose.money``
  reads "$x" and every currency span holds "$";
- the maths renders: MathJax typeset every formula (no error, no TeX source left in the text).

One test does it all, so that the site is built once even when pytest-xdist spreads the
tests over workers. Screenshots of each page go to ``test-artifacts/site/``.
"""
import base64
import functools
import hashlib
import http.server
import json
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab import ROOT  # noqa: E402

from stoplib.workbook import panel, site  # noqa: E402

pytestmark = pytest.mark.browser
ARTIFACTS = ROOT / "test-artifacts" / "site"

#: An amount written by stoplib.workbook.prose.money (or escape), in a notebook's Markdown or outputs.
_AMOUNT = re.compile(r'<span class="tex2jax_ignore">&#36;</span>([0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?)')
#: TeX a reader should never see as text once MathJax has run.
_RAW_TEX = re.compile(r"\$\s*\\[A-Za-z]|\\\(|\\\)|\\\[|\\\]|\\(?:sqrt|frac|le|ge|alpha|tau|iota|cdot|mathbb|sum|log)\b")

_PAGE_FACTS = """async () => {
  if (window.MathJax && MathJax.Hub) await new Promise(resolve => MathJax.Hub.Queue(resolve));
  const images = await Promise.all(Array.from(document.images).map(async img => {
    img.loading = 'eager';
    try { await img.decode(); } catch (e) {}
    return {src: img.currentSrc || img.src, width: img.naturalWidth};
  }));
  const links = Array.from(document.querySelectorAll('a[href], link[href], script[src], img[src], source[src]'))
    .map(e => e.href || e.src).filter(Boolean);
  const main = document.querySelector('main') || document.body;
  const prose = main.cloneNode(true);
  prose.querySelectorAll('pre, code, script, style, .MathJax, .MathJax_Display, .MathJax_Preview,'
                         + ' .MJX_Assistive_MathML').forEach(e => e.remove());
  const currency = Array.from(document.querySelectorAll('.tex2jax_ignore')).map(e => e.textContent);
  const formulas = Array.from(document.querySelectorAll('span.math.notranslate, div.math.notranslate'));
  return {images, links, text: main.innerText, prose: prose.innerText, currency,
          typeset: document.querySelectorAll('.MathJax, .MathJax_Display').length,
          formulas: formulas.length,
          untypeset: formulas.filter(f => !f.querySelector('.MathJax, .MathJax_Display'))
                             .map(f => f.textContent.slice(0, 60)),
          errors: Array.from(document.querySelectorAll('.noError, .merror, .MathJax_Error'))
                       .map(e => e.textContent.slice(0, 60)),
          downloads: Array.from(document.querySelectorAll('a[href$=".ipynb"]')).map(a => a.href)};
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    """The site, built from this checkout's notebooks into a temporary folder and served on 127.0.0.1."""
    built = site.build(out=tmp_path_factory.mktemp("site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built.html)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield built, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _notebook_facts(path: Path) -> dict:
    """What a chapter's page must show: its amounts of money, its PNG outputs, whether it has maths."""
    nb = json.loads(path.read_text())
    texts, pngs, panels = [], [], 0
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            texts.append(source)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            texts += ["".join(data.get(m, "")) for m in ("text/markdown", "text/html")]
            if "image/png" in data:
                pngs.append(hashlib.sha256(base64.b64decode("".join(data["image/png"]))).hexdigest())
                panels += "".join(data.get("text/plain", "")) == panel.HINT
    markdown = "\n".join("".join(cell["source"]) for cell in nb["cells"] if cell["cell_type"] == "markdown")
    maths = bool(re.search(r"\$[^$\s][^$]*\$", markdown))     # currency is &#36;, never a $
    return {"amounts": sorted({a for t in texts for a in _AMOUNT.findall(t)}), "pngs": pngs, "panels": panels,
            "maths": maths}


def _check_page(page, base: str, name: str, notebook: Path | None) -> tuple[list[str], dict]:
    problems, requests = [], []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text[:200]}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {str(e)[:200]}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url[:150]} ({r.failure})"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url[:150]}") if r.status >= 400 else None)
    page.on("request", lambda r: requests.append(r.url))
    page.goto(base + name, wait_until="load", timeout=120_000)
    if page.query_selector("script[src*='mathjax/MathJax.js']"):    # Sphinx loads MathJax on pages with maths
        page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.isReady", timeout=60_000)
    facts = page.evaluate(_PAGE_FACTS)
    outside = sorted({u for u in requests if not u.startswith((base, "data:", "blob:", "about:"))})
    problems += [f"asked another host: {u[:150]}" for u in outside]
    problems += [f"image does not decode: {i['src'][:120]}" for i in facts["images"] if i["width"] == 0]
    if notebook is not None:
        want = _notebook_facts(notebook)
        shown = set(re.findall(r"/_images/([0-9a-f]{64})\.png", " ".join(i["src"] for i in facts["images"])))
        missing = [h for h in want["pngs"] if h not in shown]
        problems += [f"{len(missing)} of its {len(want['pngs'])} PNG outputs (figures, {want['panels']} panel "
                     f"pictures) are not on the page"] if missing else []
        problems += [f"${a} does not render as a dollar amount" for a in want["amounts"]
                     if f"${a}" not in facts["text"]]
        if want["maths"] and not facts["typeset"]:
            problems.append("the notebook has maths, the page shows none typeset")
        downloads = [u for u in facts["downloads"] if u.endswith(f"/{notebook.name}")]
        if not downloads:
            problems.append(f"no download link to {notebook.name}")
        else:
            with urllib.request.urlopen(downloads[0], timeout=30) as response:
                if response.read() != notebook.read_bytes():
                    problems.append(f"the downloadable {notebook.name} is not the committed notebook")
    problems += [f"currency span reads {c!r}, not '$'" for c in facts["currency"] if c != "$"]
    problems += [f"formula not typeset: {t!r}" for t in facts["untypeset"]]
    problems += [f"MathJax error: {t!r}" for t in facts["errors"]]
    problems += [f"TeX left as text: ...{m.string[max(m.start() - 30, 0):m.end() + 30]!r}..."
                 for m in list(_RAW_TEX.finditer(facts["prose"]))[:3]]
    return problems, facts


def _check_links(urls: set, base: str) -> list[str]:
    """Every URL within the site answers 200; every anchor names an element of its page."""
    problems, pages = [], {}
    for url in sorted(urls):
        target, _, anchor = url.partition("#")
        if target not in pages:
            try:
                with urllib.request.urlopen(target, timeout=30) as response:
                    pages[target] = response.read().decode("utf-8", "replace") if target.endswith(".html") else ""
            except urllib.error.HTTPError as exc:
                pages[target] = None
                problems.append(f"HTTP {exc.code}: {target[len(base):]}")
        html = pages[target]
        if anchor and html is not None and target.endswith(".html"):
            if not re.search(rf'\b(id|name)="{re.escape(urllib.request.unquote(anchor))}"', html):
                problems.append(f"no anchor #{anchor} in {target[len(base):]}")
    return problems


def test_site_in_chromium(built_site, chromium):
    built, base = built_site
    notebooks = {p.stem: p for p in site.chapters()}
    assert not built.warnings, f"the build warned: {built.warnings}"
    assert built.pages == [f"{stem}.html" for stem in notebooks] + [f"{site.REFERENCES_PAGE}.html"]
    pages = sorted(p.name for p in built.html.glob("*.html"))
    assert set(built.pages) <= set(pages) and "index.html" in pages
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    context = chromium.new_context(viewport={"width": 1300, "height": 900})
    problems, urls, start = {}, set(), time.monotonic()
    page = context.new_page()           # index.html sends the reader to the home page
    page.goto(base + "index.html", wait_until="load", timeout=60_000)
    page.wait_for_url(base + built.pages[0], timeout=30_000)
    page.close()
    for name in (p for p in pages if p != "index.html"):
        page = context.new_page()
        found, facts = _check_page(page, base, name, notebooks.get(Path(name).stem))
        if name in built.pages:
            page.screenshot(path=str(ARTIFACTS / f"{Path(name).stem}.png"))
        page.close()
        urls |= {u for u in facts["links"] if u.startswith(base)}
        if found:
            problems[name] = found
    context.close()
    broken = _check_links(urls, base)
    seconds = time.monotonic() - start
    (ARTIFACTS / "summary.txt").write_text(
        f"site built in {built.seconds:.1f} s: {len(built.pages)} pages of the book, {len(pages)} HTML pages in all; "
        f"{len(urls)} internal links and resources checked; pages checked in Chromium in {seconds:.1f} s\n")
    assert not broken, f"broken links within the site: {broken[:20]}"
    assert not problems, "\n".join(f"{name}: {'; '.join(found[:8])}" for name, found in problems.items())
    # the index's table of chapters links to the chapters' pages (not to .ipynb files)
    index = (built.html / built.pages[0]).read_text()
    for stem in list(notebooks)[1:]:
        assert f'href="{stem}.html"' in index, f"the index does not link to {stem}.html"
