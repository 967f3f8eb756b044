"""stoplib.workbook.references: one bibliography, cited by every notebook, every entry cited."""
import re

import pytest

from stoplib.workbook import references
from stoplib.workbook.runner import notebook_paths

CITE = re.compile(r"references\.cite\(([^)]*)\)")


def _cited(path):
    text = path.with_suffix(".py").read_text()
    found = CITE.findall(text)
    return found, [k for group in found for k in re.findall(r"['\"]([A-Za-z0-9_.:-]+)['\"]", group)]


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.stem)
def test_every_notebook_ends_with_its_references(path):
    calls, keys = _cited(path)
    assert calls, f"{path.name} cites no references (end it with sl.references.cite(...))"
    unknown = sorted(set(keys) - set(references.keys()))
    assert not unknown, f"{path.name} cites keys missing from references.bib: {unknown}"


def test_every_entry_is_cited_by_a_chapter():
    """The index lists the whole bibliography; every entry must also be cited by a chapter that uses it."""
    cited = {k for p in notebook_paths() if not p.stem.startswith("00_") for k in _cited(p)[1]}
    assert set(references.keys()) <= cited, sorted(set(references.keys()) - cited)


def test_an_entry_names_authors_year_title_and_link():
    line = references.entry("shepp1969explicit")
    assert line.startswith("L. A. Shepp (1969).") and "Annals of Mathematical Statistics" in line
    assert "<https://doi.org/" in line
    with pytest.raises(ValueError, match="no reference"):
        references.entry("nobody2099")
