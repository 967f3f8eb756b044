"""The README's generated gallery and headline table, and the index notebook's chapter table."""

from stoplib.workbook import readme
from stoplib.workbook.config import project_root


def test_readme_block_is_current():
    """README.md holds exactly what the verdict tables and figures say now (make workbook rewrites it)."""
    assert readme.update_readme(check=True), "README.md is out of date: run python -m stoplib.workbook.readme"


def test_every_chapter_has_a_verdict_table_with_one_headline_and_a_thumbnail():
    root = project_root()
    table = readme.chapters()
    assert list(table["notebook"]) == list(readme.CHAPTERS)
    assert (table[["agrees", "differs", "open"]].sum(axis=1) > 0).all()
    for thumb in table["thumbnail"]:
        assert (root / "figures" / thumb).is_file(), thumb
    for notebook in readme.CHAPTERS:
        assert (root / "notebooks" / f"{notebook}.ipynb").is_file(), notebook


def test_dollars_in_the_block_are_entities(tmp_path):
    """A document value like "$818.1" must not become TeX on GitHub or in JupyterLab."""
    block = readme.render_block()
    body = block.split(readme.START, 1)[1]
    assert "$" not in body.replace("&#36;", "")
