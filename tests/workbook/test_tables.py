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


# -- LaTeX tables for writeups -----------------------------------------------------------------

def _rows(tex: str) -> list[str]:
    lines = tex.splitlines()
    return lines[lines.index(r"\midrule") + 1:lines.index(r"\bottomrule")]


def test_latex_is_a_booktabs_tabular_with_the_look_of_show():
    df = pd.DataFrame({"n_red": [26, 100_000], "value": [2.624475549, 165.075847], "exact": [True, False],
                       "label": ["a", "b"]})
    tex = tables.latex(df, formats={"value": "{:.9f}"})
    lines = tex.splitlines()
    assert lines[0] == r"\begin{tabular}{rrll}" and lines[-1] == r"\end{tabular}"
    assert lines[1] == r"\toprule" and r"\midrule" in lines and lines[-2] == r"\bottomrule"
    assert r"\hline" not in tex                                   # booktabs rules only
    assert lines[2] == r"n red & Value & Exact & Label \\"        # the headers show() gives
    assert _rows(tex) == [r"26 & 2.624475549 & yes & a \\", r"100,000 & 165.075847000 & no & b \\"]


def test_latex_escapes_every_special_character_in_cells_and_headers():
    df = pd.DataFrame({"cost in $": ["50% & up_1 #2 {x} ~y ^z \\ <a>"], "n": [1]})
    tex = tables.latex(df)
    assert r"cost in \$ & n \\" in tex
    row = _rows(tex)[0]
    assert row.startswith(r"50\% \& up\_1 \#2 \{x\} \textasciitilde{}y \textasciicircum{}z \textbackslash{} "
                          r"\textless{}a\textgreater{} & 1")
    # no unescaped special character is left in the body
    import re
    body = re.sub(r"\\[A-Za-z]+(\{\})?|\\[&%$#_{}]|\\\\", "", row)
    assert not re.search(r"[&%$#_{}~^\\]", body.replace(" & ", " ")), body


def test_latex_spells_symbols_and_exponents_in_latex():
    df = pd.DataFrame({"claim": ["V ≤ √n ± 1, α − β"], "rate": [1.5e-9]})
    row = _rows(tables.latex(df))[0]
    assert r"\ensuremath{\le}" in row and r"\ensuremath{\surd}n" in row and r"\ensuremath{\pm}" in row
    assert r"\ensuremath{\alpha}" in row and r"\ensuremath{-}" in row
    assert row.endswith(r"1.5\ensuremath{\times 10^{-9}} \\")
    assert all(ord(ch) < 128 for ch in row)


def test_latex_wraps_long_text_and_keeps_the_index_as_a_column():
    df = pd.DataFrame({"evidence": ["word " * 20], "v": [1.5]}, index=pd.Index(["hard_16"], name="hand_total"))
    tex = tables.latex(df, index=True)
    assert tex.splitlines()[0].startswith(r"\begin{tabular}{lp{") and tex.splitlines()[0].endswith(r"\linewidth}r}")
    assert tex.splitlines()[2] == r"Hand total & Evidence & V \\"
    assert _rows(tex)[0].startswith(r"hard\_16 & word word")


def test_latex_bold_rows_and_bad_input():
    df = pd.DataFrame({"a": [1, 2]})
    assert _rows(tables.latex(df, bold_rows=[False, True])) == [r"1 \\", r"\textbf{2} \\"]
    with pytest.raises(ValueError, match="one flag per row"):
        tables.latex(df, bold_rows=[True])
    with pytest.raises(TypeError, match="bold_rows"):
        tables.latex(df, bold_rows="yes")
    with pytest.raises(ValueError, match="unique"):
        tables.latex(pd.DataFrame([[1, 2]], columns=["a", "a"]))
    with pytest.raises(ValueError, match="lacks"):
        tables.latex(df, headers={"b": "B"})


def test_save_table_writes_the_tex_beside_the_csv(tmp_path, monkeypatch):
    import stoplib as sl
    from stoplib.workbook import export, verdicts

    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    path = sl.save_table(pd.DataFrame({"cells_per_second": [3.5e9], "method": ["tiled"]}), "speed",
                         formats={"cells_per_second": "{:.2e}"})
    tex = path.with_suffix(".tex").read_text()
    assert path.read_text().splitlines()[1] == "3500000000.0,tiled"       # the CSV keeps every digit
    assert r"Cells per second & Method \\" in tex and r"3.50\ensuremath{\times 10^{9}} & tiled \\" in tex
    assert tex.startswith("% data/speed.tex") and r"\input{data/speed.tex}" in tex.splitlines()[1]
    # a verdict table is written as the notebook shows it: its five columns, the headline in bold
    frame = verdicts.table("01_demo", [verdicts.row("V(26, 26)", "2.62", "2.6245", "agrees", "ok", headline=True),
                                       verdicts.row("a_b", "1", "2", "differs", "50% off")])
    tex = sl.save_table(frame, "01_demo_verdicts").with_suffix(".tex").read_text()
    assert r"Claim & The document says & We find & Verdict & Evidence \\" in tex
    assert _rows(tex) == [r"\textbf{V(26, 26)} & \textbf{2.62} & \textbf{2.6245} & \textbf{agrees} & \textbf{ok} \\",
                          r"a\_b & 1 & 2 & differs & 50\% off \\"]
    # a long table is data, not a table for a paper: no .tex, and none left from before
    long = pd.DataFrame({"n": range(export.TEX_MAX_ROWS + 1)})
    sl.save_table(long.head(3), "long")
    assert (tmp_path / "data" / "long.tex").is_file()
    sl.save_table(long, "long")
    assert not (tmp_path / "data" / "long.tex").exists()
    with pytest.raises(ValueError, match="lacks"):
        sl.save_table(long, "long", headers={"x": "X"})


def test_committed_tables_have_their_tex_and_figures_all_three_formats():
    """Every committed table short enough for a paper has its .tex; every figure its PNG, SVG and PDF
    (a chapter's gallery thumbnail is PNG only)."""
    from stoplib.workbook import export
    from stoplib.workbook.config import project_root

    root = project_root()
    missing = [p.name for p in sorted((root / "data").glob("*.csv"))
               if not p.with_suffix(".tex").is_file() and sum(1 for _ in p.open()) - 1 <= export.TEX_MAX_ROWS]
    assert not missing, f"tables without a .tex beside them (rerun the notebook that saves them): {missing}"
    # a chapter's thumbnail (<notebook>-thumbnail.png) is a picture for the gallery, not a figure for a paper
    stems = {p.with_suffix("") for p in (root / "figures").glob("*.*")
             if p.suffix in (".png", ".svg", ".pdf") and not p.stem.endswith("-thumbnail")}
    incomplete = sorted(s.name for s in stems if not all(s.with_suffix(f".{f}").is_file() for f in export.FORMATS))
    assert stems and not incomplete, f"figures without all of {export.FORMATS}: {incomplete}"


def test_text_columns_are_left_aligned_whatever_their_dtype():
    """pandas 3 gives text its own "str" dtype (no longer object): it is text all the same. Two columns
    may show the same header (an "SE" beside each coefficient)."""
    import re

    frame = pd.DataFrame({"quantity": ["V(26, 26)", "Example 5"], "ours": [2.62, 0.44]})
    frame["as_object"] = frame["quantity"].astype(object)
    frame["se_a"], frame["se_b"] = [0.1, 0.2], [0.3, 0.4]
    html = tables.show(frame, headers={"se_a": "SE", "se_b": "SE"}).to_html()
    left = set()
    for selectors, props in re.findall(r"([^{}]+)\{([^{}]*)\}", html):
        if "text-align: left" in props:
            left |= {int(k) for k in re.findall(r"td\.col(\d+)", selectors)}
    assert left == {0, 2}, left
