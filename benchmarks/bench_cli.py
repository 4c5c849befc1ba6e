"""Whole `coinche` commands, each in a new process (cold): wall and CPU seconds against targets.

    python benchmarks/bench_cli.py [--repeat N]

Each command runs N times (default 5); the best run is reported, wall clock and CPU (user +
system of the child). On a busy machine the wall clock includes waiting for a core: CPU time
is what the command itself costs. Targets from issue #12: `--help` 0.15 s, `check` of one file
0.3 s, an HTML sheet 0.2 s, a PDF sheet 2 s, the booklet (`sheet`) and the one-page card
(`sheet --card`) alike.

"Cold" is a new process of an installed `coinche`, whose modules have their bytecode: pip writes
it when it installs a wheel. The children therefore run with a bytecode cache of their own (a
temporary `PYTHONPYCACHEPREFIX`, filled by one unmeasured run of each command), even where the
environment sets `PYTHONDONTWRITEBYTECODE` (which would make every start compile each module
from source: `--bytecode off` measures that). That first run also fills the caches a user's
first command fills once for all the next: Lark's parser tables and Jinja's compiled templates,
both in the user's own temporary folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished children so far: to the microsecond where
    the system says it (`getrusage`), else in clock ticks (`os.times`, a hundredth of a
    second on Linux, too coarse for 0.2 s targets)."""
    try:
        import resource
    except ImportError:  # not on Unix
        t = os.times()
        return t.children_user + t.children_system
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one `coinche` process."""
    before = children_cpu()
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env)
    wall = time.perf_counter() - start
    return wall, children_cpu() - before


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes (other processes' demand for the
    cores, which wall-clock times include), where the system tells it."""
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--bytecode", choices=("on", "off"), default="on")
    args = parser.parse_args()
    exe = shutil.which("coinche") or sys.executable
    base = [exe] if exe != sys.executable else [exe, "-m", "coinche_dsl"]
    out = Path(tempfile.mkdtemp())
    commands = [
        ("coinche --help", ["--help"], 0.15),
        ("coinche check ffb.coinche", ["check", str(ROOT / "coinche_dsl" / "variants" / "ffb.coinche")], 0.3),
        ("coinche sheet ffb (html)", ["sheet", "ffb", "-o", str(out / "s.html")], 0.2),
        ("coinche sheet ffb (md)", ["sheet", "ffb", "-o", str(out / "s.md")], None),
        ("coinche sheet ffb (pdf)", ["sheet", "ffb", "-o", str(out / "s.pdf")], 2.0),
        ("coinche sheet --card (html)", ["sheet", "ffb", "--card", "-o", str(out / "c.html")],
         0.2),
        ("coinche sheet --card (pdf)", ["sheet", "ffb", "--card", "-o", str(out / "c.pdf")],
         2.0),
    ]
    print(f"load average (1 / 5 / 15 min) at the start: {load_average()}")
    print(f"{'command':<28}{'best wall s':>12}{'best CPU s':>12}{'target s':>10}")
    env = dict(os.environ)
    if args.bytecode == "on":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(out / "pycache")
    for label, argv, target in commands:
        if args.bytecode == "on":
            run(base + argv, env)  # writes the bytecode, as an installation would have
        runs = [run(base + argv, env) for _ in range(args.repeat)]
        wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
        shown = f"{target:.2f}" if target else "-"
        print(f"{label:<28}{wall:>12.3f}{cpu:>12.3f}{shown:>10}", flush=True)
    print(f"load average at the end: {load_average()}")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
