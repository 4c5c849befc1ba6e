"""The error corpus: every file in `tests/bad_variants/` fails to load with exactly the
diagnostics in its `.expected` file (one `file:line:col: error: message (hint)` per line, the
file named without its folder).

Several files extend others in the folder (a cycle, a broken base); a few extend built-ins.
Regenerate on purpose with `UPDATE_GOLDEN=1 pytest tests/test_errors_corpus.py` and review the
diff: each message must make sense to a club secretary.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.errors import CoincheError, VariantError
from coinche_dsl.loader import load_variant

CORPUS = Path(__file__).parent / "bad_variants"
FILES = sorted(p for p in CORPUS.glob("*.coinche") if not p.name.startswith("base_"))
"""The cases; `base_*.coinche` are valid bases that some cases extend."""


def diagnostics_of(path: Path) -> list[str]:
    """What loading `path` reports, with file names shortened to their last part."""
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    lines = []
    for d in caught.value.diagnostics:
        text = str(d)
        if d.position is not None:
            text = text.replace(d.position.file, Path(d.position.file).name, 1)
        lines.append(text)
    return lines


def test_corpus_is_large_enough() -> None:
    assert len(FILES) >= 40


def test_bases_are_valid() -> None:
    bases = sorted(CORPUS.glob("base_*.coinche"))
    assert bases, "the corpus's cases extend base_* files"
    for base in bases:
        assert load_variant(base).name == base.stem.replace("_", "-")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_diagnostics(path: Path) -> None:
    expected = path.with_suffix(".expected")
    got = diagnostics_of(path)
    if os.environ.get("UPDATE_GOLDEN"):
        expected.write_text("\n".join(got) + "\n", encoding="utf-8")
    assert got == expected.read_text(encoding="utf-8").splitlines()


def test_escaping_extends_never_reads_outside_the_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.coinche"
    secret.write_text('variant "secret" extends "ffb" { game { target 1 } }', encoding="utf-8")
    inner = tmp_path / "club"
    inner.mkdir()
    child = inner / "child.coinche"
    child.write_text('variant "c" extends "../secret" {}', encoding="utf-8")
    with pytest.raises(VariantError, match="same folder"):
        load_variant(child)


def test_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.coinche"
    body = "  # padding padding padding padding padding padding padding padding\n"
    big.write_text('variant "big" extends "ffb" {\n' + body * 160_000 + "}\n", encoding="utf-8")
    assert big.stat().st_size > 10_000_000
    got = diagnostics_of(big)
    assert len(got) == 1
    assert got[0].startswith("big.coinche:1:1: error: file is more than 1,000,000")


def test_unknown_variant_name() -> None:
    with pytest.raises(CoincheError, match="did you mean 'ffb'"):
        load_variant("fbb")


def test_cli_check_prints_positions_and_exits_1() -> None:
    _register()
    result = CliRunner().invoke(app, ["check", str(CORPUS / "several_problems.coinche")])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 4
    assert all(":" in line and ": error: " in line for line in lines)
    assert lines[2].endswith("several_problems.coinche:7:5: error: unknown setting 'undertrum' "
                             "in play (did you mean 'undertrump'?)")
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", ["binary_garbage", "deep_nesting", "unterminated_string",
                                  "extends_cycle_a", "empty_file"])
def test_cli_check_never_shows_a_traceback(name: str) -> None:
    _register()
    result = CliRunner().invoke(app, ["check", str(CORPUS / f"{name}.coinche")])
    assert result.exit_code == 1, result.output
    assert ": error: " in result.output and "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception,
                                                                     SystemExit)


def test_cli_usage_errors_exit_2(tmp_path: Path) -> None:
    _register()
    runner = CliRunner()
    assert runner.invoke(app, ["check"]).exit_code == 2
    assert runner.invoke(app, ["check", "--no-such-option", "ffb"]).exit_code == 2
    assert runner.invoke(app, ["fmt", str(tmp_path / "missing.coinche")]).exit_code == 2
