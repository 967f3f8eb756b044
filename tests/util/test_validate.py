"""stoplib.util.validate: argument checks."""
import numpy as np
import pytest

from stoplib.util.validate import check_choice, check_int


@pytest.mark.parametrize("bad, exc", [(True, TypeError), (2.0, TypeError), ("3", TypeError), (-1, ValueError)])
def test_check_int_rejects(bad, exc):
    with pytest.raises(exc):
        check_int("n", bad, 0, 10)


def test_check_int_range_message():
    with pytest.raises(ValueError, match=r"n must be in 0\.\.10, got 11"):
        check_int("n", 11, 0, 10)
    assert check_int("n", np.int64(4), 0) == 4
    with pytest.raises(ValueError, match="one of"):
        check_choice("m", "x", ("a", "b"))


def test_numpy_bools_are_accepted_as_bools():
    import numpy as np

    from stoplib.util.validate import check_bool
    assert check_bool("flag", np.True_) is True
    assert check_bool("flag", np.bool_(False)) is False
