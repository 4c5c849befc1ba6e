"""Whole `coinche` commands, each in a new process (cold): wall and CPU seconds against targets.

    python benchmarks/bench_cli.py [--repeat N] [--against CHECKOUT]

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

`--against CHECKOUT` (another checkout of the project, e.g. `git worktree add ../main main`)
runs each command alternately from this tree and from CHECKOUT (`python -m coinche_dsl` with
the tree first on `PYTHONPATH`, in the same environment), and prints both bests and their
difference: the way to tell what a change costs on a machine whose load moves.
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


def run(args: list[str], env: dict[str, str] | None = None,
        cwd: Path | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one `coinche` process."""
    before = children_cpu()
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env, cwd=cwd)
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
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="another checkout, run alternately with this one")
    parser.add_argument("--only", metavar="TEXT",
                        help="only the commands whose label contains TEXT (`html`)")
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp())
    ffb = out / "ffb.coinche"
    shutil.copy(ROOT / "coinche_dsl" / "variants" / "ffb.coinche", ffb)
    commands = [
        ("coinche --help", ["--help"], 0.15),
        ("coinche check ffb.coinche", ["check", str(ffb)], 0.3),
        ("coinche sheet ffb (html)", ["sheet", "ffb", "-o", str(out / "s.html")], 0.2),
        ("coinche sheet ffb (md)", ["sheet", "ffb", "-o", str(out / "s.md")], None),
        ("coinche sheet ffb (pdf)", ["sheet", "ffb", "-o", str(out / "s.pdf")], 2.0),
        ("coinche sheet --card (html)", ["sheet", "ffb", "--card", "-o", str(out / "c.html")],
         0.2),
        ("coinche sheet --card (pdf)", ["sheet", "ffb", "--card", "-o", str(out / "c.pdf")],
         2.0),
    ]
    commands = [c for c in commands if args.only is None or args.only in c[0]]
    env = dict(os.environ)
    if args.bytecode == "on":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(out / "pycache")
    if args.against is None:
        exe = shutil.which("coinche") or sys.executable
        trees = {"": ([exe] if exe != sys.executable else [exe, "-m", "coinche_dsl"], env)}
    else:
        trees = {name: ([sys.executable, "-m", "coinche_dsl"],
                        {**env, "PYTHONPATH": str(tree.resolve())})
                 for name, tree in (("this", ROOT), ("against", args.against))}
    print(f"load average (1 / 5 / 15 min) at the start: {load_average()}")
    if args.against is None:
        print(f"{'command':<28}{'best wall s':>12}{'best CPU s':>12}{'target s':>10}")
    else:
        print(f"{'command':<28}{'this wall':>10}{'against':>10}{'diff s':>9}"
              f"{'this CPU':>10}{'against':>10}{'diff s':>9}")
    for label, argv, target in commands:
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        for base, tree_env in trees.values():
            if args.bytecode == "on":  # writes the bytecode, as an installation would have
                run(base + argv, tree_env, cwd=out)
        for _ in range(args.repeat):
            for name, (base, tree_env) in trees.items():  # interleaved
                runs[name].append(run(base + argv, tree_env, cwd=out))
        best = {name: (min(r[0] for r in rs), min(r[1] for r in rs)) for name, rs in runs.items()}
        if args.against is None:
            wall, cpu = best[""]
            shown = f"{target:.2f}" if target else "-"
            print(f"{label:<28}{wall:>12.3f}{cpu:>12.3f}{shown:>10}", flush=True)
        else:
            (w1, c1), (w2, c2) = best["this"], best["against"]
            print(f"{label:<28}{w1:>10.3f}{w2:>10.3f}{w1 - w2:>+9.3f}"
                  f"{c1:>10.3f}{c2:>10.3f}{c1 - c2:>+9.3f}", flush=True)
    print(f"load average at the end: {load_average()}")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
