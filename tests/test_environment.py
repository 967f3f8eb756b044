"""environment.yml stays in step with pyproject.toml, so that pip, conda and repo2docker/Binder give one environment.

Every dependency of ``pyproject.toml`` (its ``dependencies`` and every optional group) appears in
``environment.yml`` (a conda package or a pip line) with the same version specification, and
every package of ``environment.yml`` is one of pyproject's (``python`` and ``pip`` aside). A pip
requirement with an extra, ``dask[distributed]``, is two conda packages, ``dask`` and
``distributed``, with its specification. ``python`` satisfies ``requires-python``, the
environment installs stoplib itself (``-e .``), and ``make``'s install step installs every
optional group (their tests run in ``make test``), and ``postBuild`` writes the app for Binder.
"""
import re
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
_CONDA = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*(.*?)\s*$")


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def pyproject_requirements() -> dict:
    """name -> (specifier, where) for every requirement of pyproject, extras split into packages."""
    project = _pyproject()["project"]
    groups = {"dependencies": project["dependencies"], **project.get("optional-dependencies", {})}
    found = {}
    for group, lines in groups.items():
        for line in lines:
            req = Requirement(line)
            assert req.marker is None and req.url is None, f"{line}: write a plain name and version specification"
            for name in [req.name, *sorted(req.extras)]:
                key = canonicalize_name(name)
                assert key not in found, f"{name} is listed twice in pyproject.toml"
                found[key] = (str(req.specifier), group)
    return found


def environment_requirements() -> tuple[dict, list]:
    """name -> (specifier, conda or pip) for every package of environment.yml, and its other pip lines."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    found, extra = {}, []
    for item in env["dependencies"]:
        if isinstance(item, dict):
            for line in item.get("pip", []):
                if line.startswith("-"):
                    extra.append(line)
                    continue
                req = Requirement(line)
                found[canonicalize_name(req.name)] = (str(req.specifier), "pip")
            continue
        name, spec = _CONDA.match(item).groups()
        if name == "python":
            found[name] = (spec, "conda")
            continue
        found[canonicalize_name(name)] = (str(SpecifierSet(spec)) if spec else "", "conda")
    return found, extra


def test_every_pyproject_requirement_is_in_environment_yml_with_the_same_specification():
    wanted = pyproject_requirements()
    have, _ = environment_requirements()
    missing = sorted(f"{name} ({group})" for name, (_, group) in wanted.items() if name not in have)
    assert not missing, f"in pyproject.toml but not in environment.yml: {missing}"
    differ = sorted(f"{name}: pyproject {spec!r}, environment.yml {have[name][0]!r}"
                    for name, (spec, _) in wanted.items() if SpecifierSet(spec) != SpecifierSet(have[name][0]))
    assert not differ, f"version specifications differ: {differ}"


def test_every_environment_package_is_a_pyproject_requirement():
    wanted = pyproject_requirements()
    have, _ = environment_requirements()
    extra = sorted(name for name in have if name not in wanted and name not in ("python", "pip"))
    assert not extra, f"in environment.yml but not in pyproject.toml: {extra}"


def test_python_stoplib_itself_and_the_install_step():
    have, pip_lines = environment_requirements()
    requires = SpecifierSet(_pyproject()["project"]["requires-python"])
    version = have["python"][0].lstrip("=")
    assert Version(version) in requires, f"environment.yml's python={version} is outside requires-python {requires}"
    assert "-e ." in pip_lines, "environment.yml must install stoplib itself (pip: -e .) for Binder and conda users"
    groups = set(_pyproject()["project"].get("optional-dependencies", {}))
    install = re.search(r'pip install -e "\.\[([^\]]*)\]"', (ROOT / "Makefile").read_text())
    assert install, "the Makefile's install step must be pip install -e \".[groups]\""
    assert set(install.group(1).split(",")) == groups, \
        f"make's install step installs {install.group(1)}; pyproject's optional groups are {sorted(groups)}"


@pytest.mark.parametrize("line, conda, pip", [("dask[distributed]>=2024.1", "dask", "distributed")])
def test_an_extra_is_two_conda_packages(line, conda, pip):
    req = Requirement(line)
    assert [req.name, *sorted(req.extras)] == [conda, pip]


def test_postbuild_writes_the_app_for_binder():
    """repo2docker runs an executable postBuild after environment.yml: it writes the app's pages."""
    import os

    path = ROOT / "postBuild"
    assert path.is_file() and os.access(path, os.X_OK), "postBuild must be an executable script"
    assert "python -m stoplib.workbook.app build" in path.read_text()
