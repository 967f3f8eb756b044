"""Shared fixtures of the Ten Thousand tests: the five-dice solution, solved once."""
import pytest

from stoplib import tenthousand as tt


@pytest.fixture(scope="session")
def sol():
    """The optimal solution of five-dice Ten Thousand (Algorithm 4.1)."""
    return tt.solve()
