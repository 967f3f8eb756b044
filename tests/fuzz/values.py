"""Bad values for the fuzz suite: wrong types, out-of-range and extreme values."""
import numpy as np

#: The values every fuzzed argument meets (a sample of each is drawn per example).
POOL = [
    -1, 0, 1, 2, -(10**9), 10**9, 10**18, -(10**18), 10**400, -(10**400),
    float("nan"), float("inf"), -float("inf"), 0.5, 2.5, -0.0, 1e300,
    True, False, None, "3", "", "x" * 1000, "nan", "26", b"26",
    [], [1, 2, 3], [0] * 10_000, (1,), (None,), {}, {"a": 1}, set(),
    object(), 1j, slice(1, 2),
    np.int64(5), np.int64(-5), np.int32(7), np.uint8(255), np.uint64(2**63),
    np.float64(3.0), np.float64("nan"), np.float32("inf"), np.bool_(True),
    np.array([1, 2]), np.array([]), np.zeros((2, 2)), np.array(["a", "b"]),
]

