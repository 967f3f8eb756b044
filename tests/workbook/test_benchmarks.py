"""stoplib.workbook.benchmarks: one results file written by make bench, read by the README."""
import pytest

from stoplib.workbook import benchmarks as B


def test_record_replaces_a_measurement_and_stamps_machine_and_load(tmp_path):
    path = tmp_path / "results.csv"
    B.record("bench_x", "a sum", 0.5, repeats=3, path=path)
    B.record("bench_x", "a sum", 0.25, rate="4 M/s", repeats=5, readme="summing", path=path)
    B.record("bench_a", "a product", 2.0, path=path)
    frame = B.load_results(path)
    assert list(frame["what"]) == ["a product", "a sum"]          # sorted, the sum replaced
    row = frame[frame["what"] == "a sum"].iloc[0]
    assert float(row["seconds"]) == 0.25 and row["repeats"] == 5 and "cores" in row["machine"]
    assert float(row["load"]) >= 0 and row["taken"].endswith("UTC")


def test_the_speed_block_shows_only_the_readme_rows(tmp_path):
    path = tmp_path / "results.csv"
    assert "run `make bench`" in B.speed_block(path)
    B.record("bench_x", "a sum", 0.25, rate="4 M/s", repeats=5, readme="summing", path=path)
    B.record("bench_x", "not shown", 1.0, path=path)
    block = B.speed_block(path)
    assert block.startswith(B.START) and block.endswith(B.END)
    assert "| summing | 250 ms (median of 5) | 4 M/s |" in block and "not shown" not in block


def test_a_file_with_other_columns_is_refused(tmp_path):
    path = tmp_path / "results.csv"
    path.write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="columns must be"):
        B.load_results(path)


def test_every_benchmark_script_records_and_takes_no_record():
    """`make bench` passes its arguments to every script: each takes --no-record and records through Recorder."""
    from stoplib.workbook.config import project_root

    scripts = sorted((project_root() / "benchmarks").glob("bench_*.py"))
    assert len(scripts) >= 5
    lacking = [p.name for p in scripts
               if '"--no-record"' not in (text := p.read_text()) or "Recorder(" not in text]
    assert not lacking, f"benchmark scripts without --no-record or a Recorder: {lacking}"
