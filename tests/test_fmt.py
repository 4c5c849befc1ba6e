"""`coinche fmt`: golden cases, idempotence, same data after formatting, every comment kept.

Golden files: `tests/fmt_cases/NAME.in.coinche` is formatted to `NAME.out.coinche`.
Regenerate on purpose with `UPDATE_GOLDEN=1 pytest tests/test_fmt.py`, and review the diff.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import BUILTINS, builtin_path
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.formatter import format_text

CASES = Path(__file__).parent / "fmt_cases"
INPUTS = sorted(CASES.glob("*.in.coinche"))
BUILTIN_FILES = [builtin_path(n) for n in BUILTINS if builtin_path(n).is_file()]


def _data(text: str) -> tuple:
    parsed = parse_text(text)
    return parsed.name, parsed.extends, parsed.data


def _comments(text: str) -> list[str]:
    return sorted(c.rstrip() for c in re.findall(r"#[^\n]*", re.sub(r'"([^"\\]|\\.)*"', "", text)))


@pytest.mark.parametrize("case", INPUTS, ids=lambda p: p.name.split(".")[0])
def test_golden(case: Path) -> None:
    source = case.read_text(encoding="utf-8")
    out = case.with_name(case.name.replace(".in.", ".out."))
    pretty = format_text(source, case.name)
    if os.environ.get("UPDATE_GOLDEN"):
        out.write_text(pretty, encoding="utf-8")
    assert pretty == out.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", INPUTS + BUILTIN_FILES, ids=lambda p: p.name)
def test_idempotent_same_data_same_comments(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    pretty = format_text(source)
    assert format_text(pretty) == pretty
    assert _data(pretty) == _data(source)
    assert _comments(pretty) == _comments(source)


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.stem)
def test_builtins_are_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_text(text) == text, f"run: coinche fmt coinche_dsl/variants/{path.name}"


def test_layout_details() -> None:
    pretty = format_text('variant "x" extends "ffb"{scoring{success=points(declarers)>=contract}'
                         ' game{target 1000}}')
    assert pretty == (
        'variant "x" extends "ffb" {\n'
        "  scoring {\n"
        "    success = points(declarers) >= contract\n"
        "  }\n"
        "\n"
        "  game {\n"
        "    target 1000\n"
        "  }\n"
        "}\n")


def test_long_setting_wraps_one_group_per_line_aligned() -> None:
    names = ", ".join(f'"source number {i} with some words"' for i in range(4))
    pretty = format_text(f'variant "x" {{ sources {names} }}')
    lines = pretty.splitlines()[1:5]
    assert lines[0] == '  sources "source number 0 with some words",'
    assert all(line.startswith('          "source number') for line in lines[1:])
    assert lines[3].endswith('words"')


def test_syntax_error_is_reported_not_formatted() -> None:
    with pytest.raises(VariantError, match=r"<string>:1:\d+: error"):
        format_text('variant "x" { game { target } }')


def test_cli_fmt_check_and_write(tmp_path: Path) -> None:
    _register()
    runner = CliRunner()
    messy = tmp_path / "messy.coinche"
    messy.write_text('variant "m" extends "ffb" { game { target 1000 } }', encoding="utf-8")
    checked = runner.invoke(app, ["fmt", "--check", str(messy)])
    assert checked.exit_code == 1 and "would be reformatted" in checked.output
    assert runner.invoke(app, ["fmt", str(messy)]).exit_code == 0
    assert messy.read_text(encoding="utf-8") == format_text(messy.read_text(encoding="utf-8"))
    assert runner.invoke(app, ["fmt", "--check", str(messy)]).exit_code == 0


def test_cli_fmt_of_a_broken_file_exits_1_and_leaves_it(tmp_path: Path) -> None:
    _register()
    broken = tmp_path / "broken.coinche"
    broken.write_text('variant "b" { game { target } }', encoding="utf-8")
    result = CliRunner().invoke(app, ["fmt", str(broken)])
    assert result.exit_code == 1 and "'target' has no value" in result.output
    assert broken.read_text(encoding="utf-8") == 'variant "b" { game { target } }'


def test_two_threads_format_two_files_each_with_its_own_comments() -> None:
    """The comments are collected per thread (the studio formats in worker threads): two
    files formatted at once keep each its own comments, in its own places."""
    from syntax_support import side_by_side

    texts = [builtin_path(name).read_text(encoding="utf-8") for name in ("ffb", "pt-online")]
    expected = [format_text(text, "x.coinche") for text in texts]
    got = side_by_side(lambda text: format_text(text, "x.coinche"), texts, 15)
    assert got[0] == [expected[0]] * 15 and got[1] == [expected[1]] * 15


def test_fmt_diff_shows_a_files_bytes_and_name_never_obeys_them(tmp_path: Path) -> None:
    """Issue #32: `fmt --diff` printed a file's bytes and name raw (an OSC window title, a
    clear screen, U+202E)."""
    from typer.testing import CliRunner

    from coinche_dsl.cli import _register, app

    _register()
    name = tmp_path / "club\x1b]0;owned\x07\u202e.coinche"
    name.write_text('variant "club" extends "ffb" {\n  # \x1b[2J\x1b]0;title\x07 \u202eevil\n'
                    "  game {   target 1000 }\n}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["fmt", "--diff", str(name)])
    assert result.exit_code == 1 and "+++ " in result.stdout
    for raw in ("\x1b", "\x07", "\u202e"):
        assert raw not in result.output
    assert "\\x1b[2J" in result.stdout and "\\u202e" in result.stdout


def test_check_json_escapes_bidirectional_controls(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from coinche_dsl.cli import _register, app

    _register()
    path = tmp_path / "club.coinche"
    path.write_text('variant "club" extends "ffb" {\n  example "\u202eevil\x85" {\n'
                    "    declarer N bid 90 trump hearts card_points NS 100, EW 52\n"
                    "    last_trick S expect NS 0, EW 0\n  }\n}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code == 1
    assert "\u202e" not in result.stdout and "\x85" not in result.stdout
    assert "u202eevil" in result.stdout  # shown as an escape
