"""Run every benchmarks/bench_*.py in turn (``make bench``; ``--full`` for the largest sizes).

Every argument is passed on to each script: ``--full`` for the largest sizes (``make bench-full``),
``--no-record`` to print the tables without writing ``benchmarks/results.csv`` (each script
records its medians there by default; ``python -m stoplib.workbook.readme`` then writes the
README's speed table from the rows with a ``readme`` label).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from stoplib.util.timing import machine  # noqa: E402


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    print(f"machine: {machine()}\n", flush=True)
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"=== {script.name} ===", flush=True)
        rc = subprocess.call([sys.executable, str(script), *argv])
        status = status or rc
        print(flush=True)
    if "--no-record" not in argv:
        print("the medians are in benchmarks/results.csv; `python -m stoplib.workbook.readme` writes the README's "
              "speed table from them", flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
