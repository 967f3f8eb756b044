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
