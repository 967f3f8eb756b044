"""stoplib.workbook.config: quick mode and output folders."""
from stoplib.workbook import config


def test_quick_mode_follows_environment(monkeypatch):
    monkeypatch.setenv("STOPLIB_QUICK", "1")
    assert config.is_quick() and config.pick(10, 1) == 1
    monkeypatch.setenv("STOPLIB_QUICK", "0")
    assert not config.is_quick() and config.pick(10, 1) == 10
