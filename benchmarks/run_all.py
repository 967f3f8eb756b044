"""Run every benchmarks/bench_*.py in turn (``make bench``; ``--full`` for the largest sizes)."""
from __future__ import annotations

import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os
    return f"{cpu}, {os.cpu_count()} logical cores, Python {platform.python_version()}"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    print(f"machine: {machine()}\n", flush=True)
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"=== {script.name} ===", flush=True)
        rc = subprocess.call([sys.executable, str(script), *argv])
        status = status or rc
        print(flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
