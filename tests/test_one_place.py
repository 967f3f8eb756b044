"""One concern, one place: what the games share is defined once, below them, and used by all.

- the verdict schema and its rule: ``stoplib.workbook.verdicts`` only;
- the random generator: ``stoplib.util.rng`` only (no SplitMix constants elsewhere, no
  ``np.random.seed`` in a kernel);
- the panel: ``stoplib.workbook.panel.Panel``, never subclassed or patched by a game;
- the cost model: one room named ``_costs.py`` in every game, the only place that builds a
  ``budget.Estimate``;
- plots draw what they are given: a ``plots`` module imports from its game's computing rooms
  only result classes, constants and argument checks, never a function that computes;
- every table a reader sees goes through ``sl.show_table`` or ``verdicts.styler``; every
  figure caption starts ``**Figure.**``.
"""
import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "stoplib"
GAMES = ("redblack", "fields", "tenthousand", "cardcounter", "holdem", "race")
#: The rooms that compute (a plot may import their result classes and constants only).
COMPUTING = re.compile(r"^(solver|_kernels|_.*_kernels|simulation|twins|variants|asymptotics|frontier|"
                       r"checkpoint|distributed|gpu|strategy|local_search|evaluator|pig_game|pig_duel\w*|duel\w*|policies|"
                       r"game|claims|_sweep|_verdicts)$")


def _modules(game=None):
    folders = [PACKAGE / game] if game else [PACKAGE]
    return sorted(p for f in folders for p in f.rglob("*.py") if "__pycache__" not in p.parts)


def _rel(path):
    return path.relative_to(ROOT).as_posix()


def test_the_verdict_schema_is_defined_once():
    owners = [_rel(p) for p in _modules()
              if re.search(r"^(VERDICT_COLUMNS|VERDICTS)\s*=", p.read_text(), re.M)]
    assert owners == ["stoplib/workbook/verdicts.py"], owners


@pytest.mark.parametrize("game", GAMES)
def test_a_game_builds_verdict_rows_with_the_shared_module(game):
    text = (PACKAGE / game / "claims.py").read_text()
    assert "verdicts" in text and "def verdict_styler" not in text and "def style_verdicts" not in text


def test_the_random_generator_is_written_once():
    bad = []
    for path in _modules():
        text = path.read_text()
        if _rel(path) == "stoplib/util/rng.py":
            continue
        if re.search(r"0x9E3779B97F4A7C15|0xBF58476D1CE4E5B9|0x94D049BB133111EB", text, re.I):
            bad.append(f"{_rel(path)}: a SplitMix64 constant (use stoplib.util.rng)")
        if re.search(r"np\.random\.seed\(", text):
            bad.append(f"{_rel(path)}: np.random.seed (seed a stoplib.util.rng stream instead)")
    assert not bad, bad


def test_no_game_subclasses_or_patches_the_panel():
    bad = []
    for game in GAMES:
        for path in _modules(game):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    bases = [ast.unparse(b) for b in node.bases]
                    if any(b.split(".")[-1] == "Panel" for b in bases):
                        bad.append(f"{_rel(path)}: class {node.name}({', '.join(bases)})")
                if isinstance(node, ast.Assign):
                    for t in node.targets:
                        if isinstance(t, ast.Attribute) and ast.unparse(t.value).split(".")[-1] == "Panel":
                            bad.append(f"{_rel(path)}: assigns Panel.{t.attr}")
    assert not bad, bad


@pytest.mark.parametrize("game", GAMES)
def test_the_cost_model_lives_in_one_room_named_the_same_in_every_game(game):
    assert (PACKAGE / game / "_costs.py").is_file(), f"stoplib/{game}/_costs.py is missing"
    builders = [_rel(p) for p in _modules(game) if re.search(r"\bEstimate\(", p.read_text())]
    assert builders == [f"stoplib/{game}/_costs.py"], builders


def _plot_modules(game):
    return [p for p in _modules(game) if p.stem == "plots" or p.stem.startswith("_plot")]


@pytest.mark.parametrize("game", GAMES)
def test_plots_import_no_function_that_computes(game):
    """A plot draws the result it is given: from a computing room it may import classes and constants."""
    bad = []
    for path in _plot_modules(game):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level >= 1 and node.module:
                room = node.module.split(".")[-1]
                if not COMPUTING.match(room):
                    continue
                for alias in node.names:
                    name = alias.name
                    if not (name[:1].isupper() or name.startswith(("_check", "check_"))):
                        bad.append(f"{_rel(path)}: from .{node.module} import {name}")
            if isinstance(node, ast.Import) or (isinstance(node, ast.ImportFrom) and node.level >= 1
                                                and node.module is None):
                for alias in node.names:
                    if COMPUTING.match(alias.name.split(".")[-1]):
                        bad.append(f"{_rel(path)}: imports the module {alias.name}")
    assert not bad, bad


def _notebook_sources():
    return sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.py"))


@pytest.mark.parametrize("path", _notebook_sources(), ids=lambda p: p.stem)
def test_notebook_tables_and_captions_have_one_look(path):
    text = path.read_text()
    assert ".style.format(" not in text and ".style.hide(" not in text, \
        f"{path.name}: show tables with sl.show_table(...) (human headers, formatted numbers)"
    assert not re.search(r"[\"'(#]\s*\*Figure[.:]", text.replace("**Figure.**", "")), \
        f"{path.name}: captions start '**Figure.**' (sl.caption(...) writes it)"
