"""The workbook's bibliography: one file, ``references.bib``, cited by every notebook and the README.

Every source the workbook leans on (the five documents, the papers behind notebooks
03, 07 and 08, the tools whose techniques we use) is one BibTeX entry in
``references.bib`` at the project's root, parsed with pybtex. A notebook ends with
``sl.references.cite("key", ...)``, which renders its reference list as Markdown
(author, title, venue, year and a link); the README's reference section is generated
from the same file (:func:`markdown_list` of every entry), and
``tests/workbook/test_references.py`` checks that every key a notebook cites exists and
every entry is cited somewhere.

Examples
--------
>>> head, tail = entry("crocce2016finite").split(". *")
>>> print(head)
Fabián Crocce and Ernesto Mordecki (2016). "A finite exact algorithm to solve a dice game"
>>> print("*" + tail)
*Journal of Applied Probability* 53(1), pp. 91–105. <https://www.jstor.org/stable/43860959>
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..util.validate import MissingFileError, check_path, check_str
from .config import project_root

__all__ = ["BIB_FILE", "load", "keys", "entry", "cite", "markdown_list"]

#: The bibliography, relative to the project root.
BIB_FILE = "references.bib"


@lru_cache(maxsize=4)
def _parse(path: str, stamp: float):
    from pybtex.database import parse_file

    return parse_file(path, bib_format="bibtex")


def _root(root) -> Path:
    """The project folder: this checkout, or a given folder that must exist."""
    return project_root() if root is None else check_path("root", root, must_exist=True, kind="dir")


def load(root: Path | None = None):
    """The parsed bibliography (a ``pybtex.database.BibliographyData``)."""
    path = _root(root) / BIB_FILE
    if not path.is_file():
        raise MissingFileError(2, "the bibliography is missing", str(path))
    return _parse(str(path), path.stat().st_mtime)


def keys(root: Path | None = None) -> list[str]:
    """Every citation key, in the file's order."""
    return list(load(root).entries.keys())


def _latex(text: str) -> str:
    """A field as plain text: the file is UTF-8, so only braces and en dashes need undoing."""
    return text.replace("{", "").replace("}", "").replace("--", "–")


def _names(persons) -> str:
    names = []
    for person in persons:
        parts = person.first_names + person.middle_names + person.prelast_names + person.last_names
        names.append(_latex(" ".join(parts)))
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def entry(key: str, root: Path | None = None) -> str:
    """One reference as a line of Markdown: authors (year). "Title". Venue. <link>."""
    check_str("key", key, 200, allow_empty=False)
    bib = load(root)
    if key not in bib.entries:
        raise ValueError(f"no reference {key!r} in {BIB_FILE}; known keys: {', '.join(bib.entries)}"[:600])
    item = bib.entries[key]
    f = {k.lower(): _latex(v) for k, v in item.fields.items()}
    authors = _names(item.persons.get("author", [])) or f.get("organization", "")
    year = f.get("year", "n.d.")
    text = f"{authors} ({year}). \"{f.get('title', key)}\"."
    venue = f.get("journal") or f.get("booktitle")
    if venue:
        text += f" *{venue}*"
        if "volume" in f:
            text += f" {f['volume']}" + (f"({f['number']})" if "number" in f else "")
        if "pages" in f:
            text += f", pp. {f['pages']}"
        text += "."
    elif "organization" in f and item.persons.get("author"):
        text += f" {f['organization']}" + (f", {f['month']} {year}" if "month" in f else "") + "."
    if "note" in f and not f["note"].startswith("Document"):
        text += f" {f['note']}."
    if "url" in f:
        text += f" <{f['url']}>"
    return text


def cite(*keys_: str, root: Path | None = None, heading: str = "## References"):
    """A notebook's reference list, displayed as Markdown (the last cell of every chapter).

    Parameters
    ----------
    *keys_ : str
        Citation keys of ``references.bib``, in the order the list should show them.
    heading : str
        The heading above the list (empty for none).
    """
    from IPython.display import Markdown

    return Markdown(markdown_list(keys_, root=root, heading=heading))


def markdown_list(keys_=None, root: Path | None = None, heading: str = "") -> str:
    """The Markdown of a numbered reference list (every entry when ``keys_`` is None)."""
    check_str("heading", heading, 200)
    chosen = keys(root) if keys_ is None else list(keys_)
    if not chosen:
        raise ValueError("cite at least one reference")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"a key is cited twice: {chosen}")
    lines = [heading, ""] if heading else []
    lines += [f"{n}. {entry(k, root)}" for n, k in enumerate(chosen, 1)]
    return "\n".join(lines)
