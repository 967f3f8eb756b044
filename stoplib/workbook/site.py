"""The workbook as a static site to read: ``make site`` (Jupyter Book 1 over the executed notebooks).

QuantEcon publishes its lectures as a site built from executed notebooks; this does the same
for the workbook with Jupyter Book 1.x (Sphinx, MyST-NB and the sphinx-book-theme, all pinned
Python packages), from the committed outputs:

- nothing is executed (``execute_notebooks: "off"``): the site shows what the notebooks show;
- nothing is fetched at build time (the theme is a Python package; Jupyter Book 2 downloads its
  theme template when it builds, so it is not used);
- nothing is fetched by the reader: MathJax 2.7 is served by the site itself (copied from the
  ``jupyter-server-mathjax`` package), no ipywidgets script is embedded (each panel shows its
  static picture, which :class:`stoplib.workbook.panel.Panel` saves beside the widget), and the
  theme's icons are its own files.

Layout::

    site/                     the build configuration (committed)
      _config.yml             Jupyter Book's configuration: MathJax, the MIME priority, the theme
      _ext/stoplib_site.py    links to NN_name.ipynb in HTML outputs point to the chapter's page
      _assets/stoplib.css     a few rules of our own
    _site/                    git-ignored
      source/                 the staged book: the notebooks as committed, _toc.yml (generated
                              from notebooks/NN_*.ipynb: the index first, then every chapter, then
                              the references), references.md (from references.bib), MathJax
      _build/html/            the site: index.html, one page per notebook, references.html; each
                              chapter's page offers its notebook for download (_sources/NN_name.ipynb)

Command line::

    python -m stoplib.workbook.site build      # make site: stage, build, print the pages and the time

Examples
--------
>>> print(toc(["notebooks/00_index.ipynb", "notebooks/01_redblack_dp.ipynb"]))
format: jb-book
root: 00_index
chapters:
- file: 01_redblack_dp
- file: references
<BLANKLINE>
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..util.validate import MissingFileError, check_bool, check_path, check_str
from . import references
from .config import project_root

__all__ = ["CONFIG_DIR", "OUTPUT_DIR", "REFERENCES_PAGE", "SiteBuild", "chapters", "toc", "stage", "build"]

#: The folder of the build configuration, relative to the project root.
CONFIG_DIR = "site"
#: The git-ignored folder the site is built in (``_site/_build/html``), relative to the project root.
OUTPUT_DIR = "_site"
#: The page that lists every reference of ``references.bib``.
REFERENCES_PAGE = "references"
_NOTEBOOK = re.compile(r"^[0-9][0-9]_[A-Za-z0-9_]+\.ipynb$")
_MATHJAX_PACKAGE = "jupyter_server_mathjax"


@dataclass
class SiteBuild:
    """A built site.

    Attributes
    ----------
    html : pathlib.Path
        The folder of the site (``index.html``, one page per notebook, ``references.html``).
    pages : list of str
        The book's pages, in the order of its table of contents (``00_index.html`` first).
    seconds : float
        Wall time of the staging and the build.
    warnings : list of str
        The build's warnings (none in a good build: ``build(strict=True)`` fails on any).
    """

    html: Path
    pages: list = field(default_factory=list)
    seconds: float = 0.0
    warnings: list = field(default_factory=list)


def _root(root) -> Path:
    return project_root() if root is None else check_path("root", root, must_exist=True, kind="dir")


def chapters(root: Path | None = None) -> list[Path]:
    """The notebooks of the site, ``notebooks/NN_*.ipynb`` in the order of their names (the index, 00, first)."""
    folder = _root(root) / "notebooks"
    found = sorted(p for p in folder.glob("[0-9][0-9]_*.ipynb") if _NOTEBOOK.match(p.name))
    if not found:
        raise ValueError(f"no notebooks/NN_*.ipynb in {folder.parent}")
    return found


def toc(notebooks) -> str:
    """The book's table of contents (Jupyter Book's ``_toc.yml``): the first notebook is the
    home page, every other notebook a chapter in that order, then the references page."""
    if isinstance(notebooks, (str, bytes, os.PathLike)) or not isinstance(notebooks, (list, tuple)):
        raise TypeError(f"notebooks must be a list of notebook paths, got {type(notebooks).__name__}")
    names = []
    for path in notebooks:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"each notebook must be a path, got {type(path).__name__}")
        name = Path(path).name
        if not _NOTEBOOK.match(name):
            raise ValueError(f"a notebook of the site is named NN_name.ipynb, got {name!r}")
        names.append(Path(name).stem)
    if not names:
        raise ValueError("the site needs at least one notebook")
    if len(set(names)) != len(names):
        raise ValueError(f"a notebook is listed twice: {names}")
    lines = ["format: jb-book", f"root: {names[0]}", "chapters:"]
    lines += [f"- file: {name}" for name in names[1:]] + [f"- file: {REFERENCES_PAGE}"]
    return "\n".join(lines) + "\n"


def _references_page(root: Path) -> str:
    return ("# References\n\nEvery source the workbook leans on, from its bibliography (`references.bib`); "
            "each chapter ends with the list of the sources it cites.\n\n"
            + references.markdown_list(root=root) + "\n")


def _mathjax() -> Path:
    spec = importlib.util.find_spec(_MATHJAX_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the site serves its own MathJax from the {_MATHJAX_PACKAGE} package, which is "
                           "not installed: pip install -e '.[site]'")
    folder = Path(list(spec.submodule_search_locations)[0]) / "static"
    if not (folder / "MathJax.js").is_file():
        raise RuntimeError(f"{folder} holds no MathJax.js")
    return folder


def stage(root: Path | None = None, out: Path | None = None) -> Path:
    """Write the book's sources to ``<out>/source`` (default ``_site/source``) and return that folder.

    The folder is emptied first. It receives the configuration of ``site/``, the notebooks as
    committed, a table of contents generated from them (:func:`toc`), the references page and
    MathJax (``_assets/mathjax``).
    """
    root = _root(root)
    out = root / OUTPUT_DIR if out is None else check_path("out", out, kind="dir")
    config = root / CONFIG_DIR
    if not (config / "_config.yml").is_file():
        raise MissingFileError(2, "the site's configuration is missing (root must be the project folder)",
                               str(config / "_config.yml"))
    source = Path(out) / "source"
    if source.exists():
        shutil.rmtree(source)
    shutil.copytree(config, source, ignore=shutil.ignore_patterns("__pycache__", "_build"))
    notebooks = chapters(root)
    for path in notebooks:
        shutil.copy2(path, source / path.name)
    (source / "_toc.yml").write_text(toc(notebooks))
    (source / f"{REFERENCES_PAGE}.md").write_text(_references_page(root), encoding="utf-8")
    shutil.copytree(_mathjax(), source / "_assets" / "mathjax")
    return source


def build(root: Path | None = None, out: Path | None = None, strict: bool = True) -> SiteBuild:
    """Stage the book (:func:`stage`) and build the site into ``<out>/_build/html`` (default ``_site``).

    Parameters
    ----------
    root : path, optional
        The project folder (default: this checkout).
    out : path, optional
        The build folder (default ``_site`` in the project; the tests use a temporary one).
    strict : bool
        Fail on any warning of the build (a broken link between chapters is one).

    Returns
    -------
    SiteBuild
        Where the site is, its pages, the build's wall time and its warnings.
    """
    strict = check_bool("strict", strict)
    root = _root(root)
    out = Path(root / OUTPUT_DIR if out is None else check_path("out", out, kind="dir")).resolve()
    start = time.perf_counter()
    source = stage(root, out)
    html = out / "_build" / "html"
    if html.exists():
        shutil.rmtree(html)
    command = [sys.executable, "-c", "import sys; from jupyter_book.cli.main import main; sys.exit(main())",
               "build", str(source), "--path-output", str(out), "--all", "--keep-going", "-q"]
    if strict:
        command.append("-W")
    env = {**os.environ, "PYTHONWARNINGS": "ignore::DeprecationWarning"}
    result = subprocess.run(command, cwd=out, capture_output=True, text=True, env=env, timeout=1800)
    log = result.stdout + result.stderr
    warnings = [line.strip() for line in log.splitlines() if re.search(r"\b(WARNING|ERROR)\b", line)]
    if result.returncode != 0 or not (html / "index.html").is_file():
        raise RuntimeError(f"jupyter-book build failed (exit {result.returncode}):\n{log[-4000:]}")
    docs = [p.stem for p in chapters(root)] + [REFERENCES_PAGE]
    pages = [f"{doc}.html" for doc in docs]
    missing = [page for page in pages if not (html / page).is_file()]
    if missing:
        raise RuntimeError(f"the build wrote no page for {missing}")
    return SiteBuild(html=html, pages=pages, seconds=time.perf_counter() - start, warnings=warnings)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stoplib.workbook.site", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("build", help="stage the book and build the site (make site)")
    run.add_argument("--out", default=None, help=f"build folder (default {OUTPUT_DIR}/ in the project)")
    run.add_argument("--lenient", action="store_true", help="do not fail on the build's warnings")
    args = parser.parse_args(argv)
    check_str("command", args.command, 20)
    done = build(out=args.out, strict=not args.lenient)
    for line in done.warnings:
        print(line)
    where = str(done.html)
    if done.html.is_relative_to(Path.cwd()):
        where = os.path.relpath(done.html, Path.cwd())
    print(f"The site: {len(done.pages)} pages ({', '.join(done.pages)}) in {where}/, built in {done.seconds:.1f} s.\n"
          f"Open {where}/index.html, or serve it: python -m http.server --bind 127.0.0.1 --directory {where} 8000")
    return 0


if __name__ == "__main__":
    sys.exit(main())
