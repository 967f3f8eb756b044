"""Every public callable, fuzzed: bad input returns a valid result or a clear ValueError/TypeError.

For each spec the baseline call must succeed. Then every fuzzed argument in turn meets
every value of the pool (wrong types, negatives, zero, 10**18, 10**400, nan, inf, bools,
numpy scalars, wrong-length sequences, and the spec's own extras such as duplicate
cards), and then hypothesis draws more (arbitrary ints, floats and text). Every call
runs in a worker subprocess with a time bound, so an interpreter crash or a hang is a
failure of the test, not of the test run. All failures of a callable are reported together.
"""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness import TIME_BOUND, describe_call
from specs import SPECS
from values import POOL

pytestmark = pytest.mark.fuzz

#: Drawn by hypothesis after the systematic sweep of the pool.
RANDOM = st.one_of(st.integers(min_value=-(2**70), max_value=2**70),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12))


@pytest.mark.parametrize("spec", SPECS, ids=[s.target for s in SPECS])
def test_bad_input_is_refused_cleanly(pool, spec):
    baseline = pool.call(spec.target, spec.args, spec.kwargs)
    assert baseline.kind == "ok", f"the spec's baseline call fails: {baseline.detail}"
    assert baseline.seconds < TIME_BOUND / 2, f"the baseline call is too slow for fuzzing ({baseline.seconds:.1f} s)"
    failures = []

    def attempt(name, bad):
        kwargs = dict(spec.kwargs)
        kwargs[name] = bad
        outcome = pool.call(spec.target, spec.args, kwargs)
        if not outcome.acceptable:
            message = f"{describe_call(spec.target, spec.args, kwargs)} -> {outcome.kind}: {outcome.detail}"
            failures.append(message)
            pool.failures.append(message)

    for name in spec.fuzzed:
        for bad in POOL + list(spec.extra_bad.get(name, ())):
            attempt(name, bad)

    if spec.fuzzed and spec.max_examples:
        @settings(max_examples=spec.max_examples, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck), print_blob=False)
        @given(data=st.data())
        def run(data):
            attempt(data.draw(st.sampled_from(spec.fuzzed), label="argument"), data.draw(RANDOM, label="value"))

        run()
    assert not failures, f"{len(failures)} bad outcome(s):\n" + "\n".join(failures[:40])
