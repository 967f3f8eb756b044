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
