"""Shared test set-up: quick mode on, progress bars off, outputs to a temp folder."""
import os

import pytest

os.environ.setdefault("STOPLIB_QUICK", "1")
os.environ.setdefault("STOPLIB_PROGRESS", "0")
os.environ.setdefault("MPLBACKEND", "Agg")


@pytest.fixture(autouse=True, scope="session")
def _outputs_to_tmp(tmp_path_factory):
    """Figures and tables written by tests never overwrite the workbook's own."""
    out = tmp_path_factory.mktemp("stoplib-out")
    old = os.environ.get("STOPLIB_OUTPUT_DIR")
    os.environ["STOPLIB_OUTPUT_DIR"] = str(out)
    yield out
    if old is None:
        os.environ.pop("STOPLIB_OUTPUT_DIR", None)
    else:
        os.environ["STOPLIB_OUTPUT_DIR"] = old


@pytest.fixture(scope="session")
def run_in_cuda_simulator():
    """``run(code, *args)``: ``code`` in a child Python with numba's CUDA simulator on (it must be
    set before numba is imported, and pytest imported numba long ago); the child prints one JSON
    object last, which ``run`` returns."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]), NUMBA_ENABLE_CUDASIM="1",
               STOPLIB_PROGRESS="0")

    def run(code, *args):
        proc = subprocess.run([sys.executable, "-c", code, *map(str, args)], env=env, capture_output=True,
                              text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-3000:]
        return json.loads(proc.stdout.strip().splitlines()[-1])

    return run


#: The order in which `make test` starts the tests (pytest-xdist, --dist worksteal): the long
#: ones first, so that the two workers finish together (longest processing time first).
_FIRST = ("slow", "browser", "notebook", "fuzz")


def pytest_collection_modifyitems(config, items):
    def rank(item):
        for k, marker in enumerate(_FIRST):
            if item.get_closest_marker(marker) is not None:
                return k
        return len(_FIRST)

    items.sort(key=rank)   # stable: within a rank, the collection order is kept


# --------------------------------------------------------------------------- the suite leaves the tree as it was
#: The committed results a test must never write (they are the workbook's own: tests write to a temp folder).
_GUARDED = ("data", "figures", "notebooks", "benchmarks", "README.md", "references.bib")


def _guarded_fingerprint(root):
    """``{path: sha256}`` of the tracked files under the guarded folders (None outside a git checkout)."""
    import hashlib
    import subprocess

    try:
        names = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--", *_GUARDED], capture_output=True,
                               check=True, timeout=60).stdout.decode().split("\0")
    except (OSError, subprocess.SubprocessError):
        return None
    out = {}
    for name in filter(None, names):
        path = root / name
        out[name] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
    return out


def pytest_sessionstart(session):
    if hasattr(session.config, "workerinput"):      # an xdist worker: the controller checks
        return
    from stoplib.workbook.config import project_root

    session.config._stoplib_guard = (project_root(), _guarded_fingerprint(project_root()))


def pytest_sessionfinish(session, exitstatus):
    root, before = getattr(session.config, "_stoplib_guard", (None, None))
    if before is None:
        return
    after = _guarded_fingerprint(root)
    changed = sorted(name for name in set(before) | set(after or {}) if (after or {}).get(name) != before.get(name))
    if changed:
        session.config.get_terminal_writer().line(
            "the test run changed committed files (a test must write to its temp folder): " + ", ".join(changed[:20]),
            red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
