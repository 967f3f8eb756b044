"""stoplib.util.timing: median wall-clock timings."""
import pytest


def test_median_time_runs_setup_before_each_call_and_checks_repeats():
    from stoplib.util.timing import median_seconds, median_time

    calls = []
    seconds, result = median_time(lambda: len(calls), repeats=3, setup=lambda: calls.append(1))
    assert len(calls) == 3 and result == 3 and seconds >= 0
    with pytest.raises(ValueError, match="repeats"):
        median_seconds(lambda: None, repeats=0)
