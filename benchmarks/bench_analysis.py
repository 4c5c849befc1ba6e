"""What the language server costs per keystroke: each editor answer of coinche_dsl.analysis
on every built-in, in CPU milliseconds per call, and diagnostics as a ratio of parsing the
same text alone (`parse_text`, uncached), measured in the same run.

    python benchmarks/bench_analysis.py [CALLS]

An editor asks for diagnostics on every change and for completion on most keystrokes: both
should stay well under the ~50 ms a typist notices.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable

from coinche_dsl import analysis
from coinche_dsl.loader import BUILTINS, builtin_path
from coinche_dsl.syntax import parse_text


def per_call_ms(fn: Callable[[], object], calls: int) -> float:
    fn()  # warm caches (parser tables, the base's parse)
    start = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - start) * 1000 / calls


def main() -> None:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    header = f"{'variant':<12} {'parse':>7} {'diagnose':>9} {'complete':>9} {'hover':>7} " \
             f"{'symbols':>8} {'format':>7}   diagnose/parse"
    print(header)
    print("-" * len(header))
    for name in BUILTINS:
        path = builtin_path(name)
        text = path.read_text(encoding="utf-8")
        file = str(path)
        lines = text.splitlines()
        line = next(i for i, t in enumerate(lines, 1) if re.match(r"\s+[a-z_]+ \S", t)
                    and "{" not in t)  # the first setting: hover on its name
        column = len(lines[line - 1]) - len(lines[line - 1].lstrip()) + 2
        load = per_call_ms(lambda: parse_text(text, file), calls)  # noqa: B023
        timings = [per_call_ms(f, calls) for f in (
            lambda: analysis.diagnose(text, file),  # noqa: B023
            lambda: analysis.complete(text, line, column),  # noqa: B023
            lambda: analysis.hover(text, line, column, file),  # noqa: B023
            lambda: analysis.symbols(text, file),  # noqa: B023
            lambda: analysis.format_document(text, file),  # noqa: B023
        )]
        cells = " ".join(f"{t:>{w}.2f}" for t, w in zip(timings, (9, 9, 7, 8, 7), strict=True))
        print(f"{name:<12} {load:>7.2f} {cells}   {timings[0] / load:.2f}x")
    print(f"(CPU ms per call, mean of {calls} calls after one warm-up)")


if __name__ == "__main__":
    main()
