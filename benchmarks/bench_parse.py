"""Parse, resolve and validate times per built-in variant, and the cold start of `coinche`.

Run: python benchmarks/bench_parse.py [--repeat N]
Aims: under 20 ms warm for the largest variant; `coinche --help` under 0.3 s.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def cold(command: list[str], repeat: int) -> float:
    return best_of(lambda: subprocess.run(command, check=True, capture_output=True), repeat)


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--repeat", type=int, default=20)
    repeat = args.parse_args().repeat

    start = time.perf_counter()
    from coinche_dsl.loader import BUILTINS, builtin_path, locate, resolve, validate
    from coinche_dsl.syntax import parse_text
    from coinche_dsl.syntax.parser import parser

    imported = (time.perf_counter() - start) * 1000
    from lark import Lark

    from coinche_dsl.syntax.parser import grammar_text

    cached = best_of(lambda: parser.__wrapped__(), 1)  # a fresh build from the analysis cache
    uncached = best_of(lambda: Lark(grammar_text(), parser="lalr"), 1)
    print(f"import loader + model: {imported:7.1f} ms   Lark build: {cached:6.1f} ms "
          f"(without its cache: {uncached:6.1f} ms)")
    print(f"{'variant':<12} {'bytes':>6} {'parse':>8} {'resolve':>8} {'validate':>9} "
          f"{'total':>8}   (warm, best of {repeat}, ms)")
    print("  parse: the file's text, uncached; resolve and total: through the loader, whose\n"
          "  parsed files are cached by content (a base is parsed once per process)")
    for name in BUILTINS:
        path = builtin_path(name)
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        parse = best_of(lambda t=text, p=path: parse_text(t, str(p)), repeat)  # never cached
        res = best_of(lambda n=name: resolve(n), repeat)
        resolved = resolve(name)
        val = best_of(lambda r=resolved: validate(r), repeat)
        total = best_of(lambda n=name: validate(resolve(locate(n))), repeat)
        print(f"{name:<12} {path.stat().st_size:>6} {parse:8.2f} {res:8.2f} {val:9.2f} "
              f"{total:8.2f}")
    exe = [sys.executable, "-m", "coinche_dsl"]
    print(f"cold `coinche --help`: {cold([*exe, '--help'], 5):7.1f} ms (best of 5)")
    print(f"cold `coinche check ffb`: {cold([*exe, 'check', 'ffb'], 3):7.1f} ms (best of 3)")


if __name__ == "__main__":
    main()
