"""stoplib.workbook.tables: every table a reader sees has human headers and formatted numbers."""
import pandas as pd
import pytest

from stoplib.workbook import tables


def test_headers_spell_out_snake_case_and_keep_names_written_for_readers():
    assert tables.header("cells_per_second") == "Cells per second"
    assert tables.header("std_err") == "Standard error"
    assert tables.header("n_red") == "n red"
    assert tables.header("V(26, 26)") == "V(26, 26)"
    assert tables.header("Exact value") == "Exact value"


def test_numbers_booleans_and_formats():
    df = pd.DataFrame({"n_red": [26, 100_000], "value": [2.624475549, 165.075847], "exact": [True, False],
                       "label": ["a", "b"]})
    html = tables.show(df, formats={"value": "{:.9f}"}).to_html()
    assert "100,000" in html and "2.624475549" in html and ">yes<" in html and ">no<" in html
    assert "n red" in html and "n_red" not in html and ">True<" not in html


def test_whole_floats_print_as_whole_numbers():
    html = tables.show(pd.DataFrame({"cards": [1e6, 2e6]})).to_html()
    assert "1,000,000" in html and "1e+06" not in html


def test_unknown_columns_in_formats_are_refused():
    with pytest.raises(ValueError, match="lacks"):
        tables.show(pd.DataFrame({"a": [1]}), formats={"b": "{:d}"})
