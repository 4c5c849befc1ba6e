"""`coinche check` on files of about 1 MB (the size limit), each shape that once took
quadratic time or unbounded work, against `check` of the ffb built-in in the same run.

Run: python benchmarks/bench_check_large.py [--repeat N]
Aim: every shape within a small multiple of ffb's own check (a few tenths of a second), which
shows the work is linear in the file and stops at the first limit.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from coinche_dsl.errors import CoincheError
from coinche_dsl.limits import MAX_FILE_BYTES
from coinche_dsl.loader import builtin_path, load_variant

HEAD = 'variant "big" extends "ffb" {\n'


def shapes() -> dict[str, str]:
    """About 1 MB each (under MAX_FILE_BYTES), named by what they stress."""
    room = MAX_FILE_BYTES - 200
    ffb = builtin_path("ffb").read_text(encoding="utf-8")
    return {
        "comments around ffb": ffb.replace("{\n", "{\n" + "  # note\n" * (
            (room - len(ffb)) // 9), 1),
        "1 MB of ()": HEAD + "  scoring { success = " + "()" * (room // 2) + " }\n}\n",
        "balanced formula": HEAD + "  scoring { made { declarers = " + "+".join(
            ["(contract * 2)"] * (room // 15)) + " } }\n}\n",
        "many examples": HEAD + ('  example "e" { declarer N bid 90 trump hearts card_points '
                                 "NS 100, EW 52 last_trick S expect NS 200, EW 50 }\n") * (
            room // 110) + "}\n",
        "many settings": HEAD + "  game { target 1000 }\n" * (room // 23) + "}\n",
        "one long line": HEAD + "  sources " + ", ".join(['"s"'] * (room // 5)) + "\n}\n",
        "unclosed blocks": HEAD + "  game {\n" * (room // 9),
    }


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    try:
        fn()
    except CoincheError:
        pass
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ffb = builtin_path("ffb")
        base = min(timed(lambda: _fresh(ffb)) for _ in range(args.repeat))
        print(f"{'ffb (5 kB)':<22} {base * 1000:8.1f} ms   1.0x")
        for name, text in shapes().items():
            path = Path(tmp) / "big.coinche"
            path.write_text(text, encoding="utf-8")
            took = min(timed(lambda p=path: _fresh(p)) for _ in range(args.repeat))
            size = path.stat().st_size
            print(f"{name:<22} {took * 1000:8.1f} ms {took / base:6.1f}x  ({size:,} bytes)")


def _fresh(path: Path) -> object:
    """A check without the parse cache (each run reads and parses the file again)."""
    from coinche_dsl import loader

    loader._parsed.cache_clear()
    return load_variant(path)


if __name__ == "__main__":
    main()
