"""What a text's parse reports, for the tests of the parser's messages."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

from coinche_dsl.errors import VariantError
from coinche_dsl.syntax import parse_text

T = TypeVar("T")
R = TypeVar("R")


def located_problems(text: str, file: str = "club.coinche") -> list[tuple[int, int, str]]:
    """(line, column, message) of each problem the parse of `text` reports (it must fail)."""
    with pytest.raises(VariantError) as caught:
        parse_text(text, file)
    return [(d.position.line, d.position.column, d.message) for d in caught.value.diagnostics
            if d.position is not None]


def side_by_side(work: Callable[[T], R], inputs: Sequence[T], times: int) -> list[list[R]]:
    """`work` on each input `times` times, each input in a thread of its own, all at once:
    what each thread got, in order (a parser's per-thread state must keep them apart)."""
    got: list[list[R]] = [[] for _ in inputs]

    def run(i: int) -> None:
        for _ in range(times):
            got[i].append(work(inputs[i]))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(inputs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return got
