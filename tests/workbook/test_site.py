"""stoplib.workbook.site: the book's table of contents and its staged sources (the build and the pages
are tested in Chromium by tests/browser/test_site.py)."""
import filecmp

import pytest
import yaml

from stoplib.workbook import references, site
from stoplib.workbook.config import project_root


def test_toc_puts_the_index_first_then_every_chapter_then_the_references():
    text = site.toc(["notebooks/00_index.ipynb", "notebooks/01_a.ipynb", "notebooks/08_two_player_dice.ipynb"])
    toc = yaml.safe_load(text)
    assert toc == {"format": "jb-book", "root": "00_index",
                   "chapters": [{"file": "01_a"}, {"file": "08_two_player_dice"}, {"file": site.REFERENCES_PAGE}]}


@pytest.mark.parametrize("bad, error", [([], ValueError), (["notes.ipynb"], ValueError), ("00_a.ipynb", TypeError),
                                        (["00_a.ipynb", "00_a.ipynb"], ValueError), ([3], TypeError)])
def test_toc_refuses_what_is_not_a_list_of_notebooks(bad, error):
    with pytest.raises(error):
        site.toc(bad)


def test_the_chapters_are_every_numbered_notebook_in_order():
    found = site.chapters()
    assert found == sorted((project_root() / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert found[0].name.startswith("00_")


def test_stage_copies_the_notebooks_as_committed_and_writes_toc_references_and_mathjax(tmp_path):
    source = site.stage(out=tmp_path)
    notebooks = site.chapters()
    for path in notebooks:
        assert filecmp.cmp(path, source / path.name, shallow=False), f"{path.name} is not copied as committed"
    assert not list(source.glob("*.py")), "the jupytext scripts are not part of the book"
    assert (source / "_toc.yml").read_text() == site.toc(notebooks)
    page = (source / f"{site.REFERENCES_PAGE}.md").read_text()
    assert page.startswith("# References") and references.markdown_list() in page
    assert (source / "_assets" / "mathjax" / "MathJax.js").is_file()
    assert (source / "_ext" / "stoplib_site.py").is_file() and (source / "_assets" / "stoplib.css").is_file()
    before = {p.name for p in source.iterdir()}
    assert site.stage(out=tmp_path) == source and {p.name for p in source.iterdir()} == before   # restaged clean


def test_the_configuration_builds_offline_from_the_committed_outputs():
    config = yaml.safe_load((project_root() / site.CONFIG_DIR / "_config.yml").read_text())
    sphinx = config["sphinx"]["config"]
    assert config["execute"]["execute_notebooks"] == "off"
    assert sphinx["nb_ipywidgets_js"] == {}, "no ipywidgets embed script (they come from a CDN)"
    assert ["html", "application/vnd.jupyter.widget-view+json", None] in sphinx["nb_mime_priority_overrides"]
    assert "://" not in sphinx["mathjax_path"] and sphinx["mathjax_path"].startswith("mathjax/MathJax.js")
    assert sphinx["mathjax2_config"]["tex2jax"]["inlineMath"][0] == ["$", "$"]
    assert "tex2jax_ignore" in sphinx["mathjax2_config"]["tex2jax"]["ignoreClass"]
    assert "sphinx_thebe" not in sphinx["extensions"] and "stoplib_site" in sphinx["extensions"]
    assert not config["launch_buttons"]["thebe"] and not config["launch_buttons"]["binderhub_url"]


def test_build_refuses_bad_arguments(tmp_path):
    with pytest.raises(TypeError):
        site.build(strict="yes")
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="folder"):
        site.build(out=tmp_path / "file")
    with pytest.raises(FileNotFoundError):
        site.stage(root=tmp_path, out=tmp_path / "out")
