"""stoplib.workbook.verdicts: one schema, one rule, one look for every chapter's verdict table."""
import pandas as pd
import pytest

from stoplib.workbook import verdicts as V


def _rows():
    return [V.row("V(26, 26)", "2.62", "2.6245", V.judge("2.62", 2.6245), "exact", headline=True),
            V.row("Table 7 {s, r, m5}", "5.8012180037", "5.8011800370", V.judge("5.8012180037", 5.80118003704),
                  "digits transposed"),
            V.row("C diagonal on a laptop", "6 s", "0.3 s", "context", "other hardware"),
            V.row("a question", "asked", "not settled", "open", "")]


def test_a_table_has_the_columns_one_headline_and_the_four_words():
    t = V.table("01_redblack_dp", _rows())
    assert list(t.columns) == list(V.VERDICT_COLUMNS)
    assert list(t.verdict) == ["agrees", "differs", "context", "open"]
    assert V.counts(t) == {"agrees": 1, "differs": 1, "open": 1, "context": 1}


def test_two_headlines_or_none_are_refused():
    rows = _rows()
    rows[1]["headline"] = True
    with pytest.raises(ValueError, match="exactly one headline"):
        V.table("01_x", rows)
    rows[0]["headline"] = rows[1]["headline"] = False
    with pytest.raises(ValueError, match="exactly one headline"):
        V.table("01_x", rows)


def test_a_word_outside_the_four_and_a_dollar_sign_are_refused():
    with pytest.raises(ValueError, match="must be one of"):
        V.row("c", "1", "1", "maybe")
    with pytest.raises(ValueError, match="dollar sign"):
        V.row("worth $2.62", "2.62", "2.62", "agrees")
    frame = V.table("01_x", _rows())
    frame.loc[0, "verdict"] = "differ"
    with pytest.raises(ValueError, match="verdicts must be one of"):
        V.check_table(frame)


def test_the_rule_for_printed_numbers_is_the_half_unit_of_the_last_digit():
    assert V.printed_interval("6,038.22") == (6038.215, 6038.225)
    assert V.judge("6,038.22", 6038.21686) == "agrees"
    assert V.judge("6,038.32", 6038.21686) == "differs"
    assert V.judge("818.1", 738.2692) == "differs"
    assert V.judge("20", 20.49) == "agrees" and V.judge("20", 20.51) == "differs"
    with pytest.raises(ValueError, match="a number as printed"):
        V.printed_interval("about 2")


def test_random_estimates_agree_within_four_standard_errors():
    assert V.within_error(2.624949, 2.6244755, 0.000624) == "agrees"          # z = +0.76
    assert V.within_error(2.624949 + 0.003, 2.6244755, 0.000624) == "differs"  # z = +5.6
    assert V.within_error(1.0, 1.0, 0.0) == "agrees"


def test_context_rows_are_never_counted_as_agreeing_or_differing():
    t = V.table("01_x", _rows())
    text = V.summary(t, list_differences=True)
    assert text.startswith("4 rows: 1 agrees, 1 differ (Table 7 {s, r, m5}), 1 open, 1 context")


def test_the_styler_shows_human_headers_and_hides_the_machinery():
    html = V.styler(V.table("01_x", _rows())).to_html()
    for head in V.HEADERS.values():
        assert head in html
    assert "headline" not in html and "01_x" not in html and ">True<" not in html


def test_load_reads_back_what_a_notebook_saved(tmp_path):
    (tmp_path / "data").mkdir()
    V.table("01_x", _rows()).to_csv(tmp_path / "data" / "01_x_verdicts.csv", index=False)
    back = V.load(tmp_path)
    assert isinstance(back, pd.DataFrame) and len(back) == 4 and back.headline.dtype == bool
    with pytest.raises(FileNotFoundError):
        V.load(tmp_path, notebooks=["02_missing"])
