"""Properties (hypothesis) of the language tooling.

- Loading a mangled variant file (tokens deleted, duplicated, swapped; truncated; random
  characters inserted) ends in a clean VariantError / UnknownVariantError, or loads: never any
  other exception.
- Whatever parses, `fmt` lays out idempotently, to the same data, keeping every comment.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coinche_dsl.errors import UnknownVariantError, VariantError
from coinche_dsl.loader import BUILTINS, builtin_path, load_variant
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.formatter import format_text

HERE = Path(__file__).parent
SOURCES = sorted([builtin_path(n) for n in BUILTINS if builtin_path(n).is_file()]
                 + sorted((HERE / "fmt_cases").glob("*.in.coinche"))
                 + sorted((HERE / "bad_variants").glob("*.coinche")))
TEXTS = [p.read_bytes().decode("utf-8", errors="replace") for p in SOURCES]
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\s+|[A-Za-z0-9_]+|.', re.S)
NOISE = st.text(alphabet=st.sampled_from(list('{}()",=#-+*<>\n\t x9_AHé\\\x00;')), max_size=6)
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


@st.composite
def mangled(draw: st.DrawFn) -> str:
    """A valid or corpus file with a few random edits."""
    tokens = _TOKEN.findall(draw(st.sampled_from(TEXTS)))
    for _ in range(draw(st.integers(1, 3))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        j = draw(st.integers(0, len(tokens) - 1))
        edit = draw(st.sampled_from(["delete", "duplicate", "swap", "truncate", "insert"]))
        if edit == "delete":
            del tokens[i]
        elif edit == "duplicate":
            tokens.insert(i, tokens[i])
        elif edit == "swap":
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif edit == "truncate":
            tokens = tokens[:i]
        else:
            tokens.insert(i, draw(NOISE))
    return "".join(tokens)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mangled")


@SETTINGS
@given(text=mangled())
def test_loading_fails_cleanly(text: str, folder: Path) -> None:
    path = folder / "mangled.coinche"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        load_variant(path)
    except (VariantError, UnknownVariantError) as e:
        assert str(e)  # a message, never an empty error


def _comments(text: str) -> list[str]:
    return sorted(c.rstrip() for c in re.findall(r"#[^\n]*", re.sub(r'"([^"\\]|\\.)*"', "", text)))


@SETTINGS
@given(text=mangled())
def test_fmt_idempotent_and_same_data(text: str) -> None:
    try:
        before = parse_text(text)
    except VariantError:
        return
    pretty = format_text(text)
    assert format_text(pretty) == pretty
    after = parse_text(pretty)
    assert (after.name, after.extends, after.data) == (before.name, before.extends, before.data)
    assert _comments(pretty) == _comments(text)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from([t for t in TEXTS if t.lstrip().startswith(("variant", "#"))]),
       st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(
           ["  # note", "\n# own line\n", "\n\n", "\t", "\n  ", " # x { } \" ( "])),
           max_size=6))
def test_fmt_keeps_inserted_comments_and_blanks(text: str, edits: list[tuple[int, str]]) -> None:
    lines = text.split("\n")
    for at, extra in edits:  # at a line's end: outside any text or comment that ends there
        i = at % len(lines)
        if '"' not in lines[i] and "#" not in lines[i]:
            lines[i] += extra
    edited = "\n".join(lines)
    try:
        before = parse_text(edited)
    except VariantError:
        return
    pretty = format_text(edited)
    assert format_text(pretty) == pretty
    assert parse_text(pretty).data == before.data
    assert _comments(pretty) == _comments(edited)
