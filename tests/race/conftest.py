import pytest


@pytest.fixture(autouse=True)
def _quiet(monkeypatch, tmp_path):
    """No progress bars, and a private disk cache (nothing written outside the test's folder)."""
    monkeypatch.setenv("STOPLIB_PROGRESS", "0")
    monkeypatch.setenv("STOPLIB_CACHE_DIR", str(tmp_path / "cache"))
