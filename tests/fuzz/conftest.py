"""The fuzz suite's worker pool: one subprocess for the session, restarted after a crash or hang."""
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import WorkerPool  # noqa: E402


@pytest.fixture(scope="session")
def pool():
    pool = WorkerPool()
    yield pool
    pool.close()
    summary = pool.summary()
    out = HERE.parents[1] / "test-artifacts"
    out.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (out / f"fuzz-summary-{worker}.txt").write_text(summary + "\n" + "\n".join(pool.failures) + "\n")
    print("\n" + summary)
