"""stoplib.util.rng: seeds for kernels."""
import numpy as np
import pytest

from stoplib.util.rng import as_generator, kernel_seed


def test_seeds_are_reproducible_and_checked():
    assert as_generator(3).integers(1 << 30) == as_generator(3).integers(1 << 30)
    g = np.random.default_rng(1)
    assert as_generator(g) is g
    assert kernel_seed(5) == kernel_seed(5)
    with pytest.raises(TypeError):
        as_generator(1.5)
    with pytest.raises(TypeError):
        as_generator(True)
    with pytest.raises(ValueError):
        as_generator(-1)


def test_streams_are_reproducible_independent_and_uniform():
    import numpy as np

    from stoplib.util.rng import next_below, next_u53, next_uniform, stream_start

    def draws(base, k, n=20_000):
        s = np.uint64(stream_start(base, k))     # from Python, keep the state a uint64
        out = np.empty(n)
        for i in range(n):
            s, out[i] = next_uniform(s)
            s = np.uint64(s)
        return out

    a, b, c = draws(7, 0), draws(7, 0), draws(7, 1)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert abs(a.mean() - 0.5) < 4 * np.sqrt(1 / 12 / a.size)           # within 4 standard errors
    assert abs(np.corrcoef(a, c)[0, 1]) < 4 / np.sqrt(a.size)
    s = np.uint64(stream_start(3, 5))
    faces = [0] * 6
    for _ in range(6_000):
        s, k = next_below(s, 6)
        s = np.uint64(s)
        faces[k] += 1
    assert min(faces) > 800 and max(faces) < 1200
    s2, k = next_u53(np.uint64(stream_start(3, 5)))
    assert 0 <= k < 2**53


def test_the_stream_start_is_the_one_the_red_black_simulation_always_used():
    """stream_start hashes (seed, index) exactly as redblack's simulation did, so its results keep their bits."""
    import numpy as np

    from stoplib.util.rng import mix64, stream_start

    golden = np.uint64(0x9E3779B97F4A7C15)
    for base, index in ((0, 0), (12345, 7), (2**62 - 1, 99)):
        expected = mix64(mix64(np.uint64(base) + golden * np.uint64(index + 1)) ^ np.uint64(index))
        assert stream_start(base, index) == expected
