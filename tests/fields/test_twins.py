"""Tests for stoplib.fields.twins: the exact twins agree with each other.

The exact integer recursion (fast and plain) and the float solver equal the
brute-force expectimax over real game states, which knows nothing of the recursion.
"""
import pytest

from stoplib import fields as fl


# --------------------------------------------------------------------------
# the recurrence against brute force over real game states
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V", range(1, 9))
def test_recurrence_equals_brute_force_exactly(V):
    for F in range(V + 1):
        brute = fl.brute_force_win_probability(V, F)
        assert fl.win_probability(V, F, exact=True) == brute
        assert fl.win_probability(V, F, exact=True, method="plain") == brute
        assert fl.win_probability(V, F) == pytest.approx(float(brute), rel=1e-13, abs=0)
        assert fl.win_probability(V, F, method="plain") == pytest.approx(float(brute), rel=1e-13, abs=0)


def test_brute_force_larger_cases():
    for V, F in [(10, 5), (11, 4), (12, 3)]:
        assert fl.win_probability(V, F, exact=True) == fl.brute_force_win_probability(V, F)


# --------------------------------------------------------------------------
# fast vs plain, exactly
# --------------------------------------------------------------------------
def test_exact_fast_table_equals_exact_plain_table():
    fast = fl.win_table(45, 45, exact=True, method="fast")
    plain = fl.win_table(45, 45, exact=True, method="plain")
    assert (fast == plain).all()


# --------------------------------------------------------------------------
# bad inputs
# --------------------------------------------------------------------------
def test_brute_force_refuses_large_games():
    with pytest.raises(ValueError, match="brute_force_win_probability.*would take about"):
        fl.brute_force_win_probability(40, 20)
    with pytest.raises(ValueError, match="brute_force_state_probability.*would take about"):
        fl.brute_force_state_probability(40, 20)


def test_twins_are_independent_of_the_solver():
    """The twins share only the rules (state checks) with the code they check."""
    import ast
    import inspect
    from stoplib.fields import twins
    tree = ast.parse(inspect.getsource(twins))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    # the rules (state checks), the cost estimates and the shared bottom layer, nothing of the solver
    assert imported <= {"__future__", "fractions", "functools", "rules", "_costs", "util", "util.validate"}, imported
