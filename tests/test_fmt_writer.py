"""The DSL writer: data back to text that loads to the same Ruleset (`coinche show`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.loader import BUILTINS, builtin_path, load_variant
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.formatter import format_text
from coinche_dsl.syntax.writer import atom, dump_variant

CASES = sorted((Path(__file__).parent / "fmt_cases").glob("*.in.coinche"))


@pytest.mark.parametrize("name", BUILTINS)
def test_resolved_dump_loads_to_the_same_ruleset(name: str, tmp_path: Path) -> None:
    ruleset = load_variant(name)
    data = ruleset.model_dump(mode="json", exclude_none=True)
    text = dump_variant(data.pop("name"), None, data)
    path = tmp_path / f"{name}.coinche"
    path.write_text(text, encoding="utf-8")
    again = load_variant(path)
    assert again.model_dump(exclude={"extends"}) == ruleset.model_dump(exclude={"extends"})
    assert format_text(text) == text


@pytest.mark.parametrize("path", [builtin_path(n) for n in BUILTINS] + CASES,
                         ids=lambda p: p.name)
def test_dump_of_parsed_data_parses_to_the_same_data(path: Path) -> None:
    parsed = parse_text(path.read_text(encoding="utf-8"))
    again = parse_text(dump_variant(parsed.name, parsed.extends, parsed.data))
    assert (again.name, again.extends, again.data) == (parsed.name, parsed.extends, parsed.data)


def test_shapes() -> None:
    text = dump_variant("x", "ffb", {
        "table": {"packets": [3, 2, 3]},
        "cards": {"all_trump_scale": {"kind": "total", "to": 162},
                  "trump": [{"rank": "J", "points": 20}, {"rank": "10", "points": 10}]},
        "announcements": {"sequences": {"3": 20, "4": 50}, "sequence_order": ["A", "K", "10"]},
        "examples": [{"name": 'say "hi"', "announcements": {"N": [["QH", "JH", "10H"],
                                                                   ["7S", "8S", "9S"]]},
                      "belote": ["N"], "made": None}],
    })
    assert "    packets 3 2 3\n" in text
    assert "    all_trump_scale {\n      kind total\n      to 162\n    }\n" in text
    assert "    trump J 20, 10 10\n" in text
    assert "    sequences 3 20, 4 50\n" in text
    assert "    sequence_order A, K, 10\n" in text
    assert '  example "say \\"hi\\"" {\n' in text
    assert "    announcements N QH JH 10H, N 7S 8S 9S\n" in text
    assert "    made none\n" in text


def test_atoms_that_need_quotes() -> None:
    assert atom("then") == '"then"'
    assert atom("two words") == '"two words"'
    tricky = "a\\b\nc"
    assert atom(tricky, "title") == '"a\\\\b\\nc"'
    quoted = atom(tricky, "title")
    assert parse_text(f'variant "x" {{ title {quoted} }}').data == {"title": tricky}


def test_cli_show_dsl_and_json() -> None:
    _register()
    runner = CliRunner()
    shown = runner.invoke(app, ["show", "ffb"])
    assert shown.exit_code == 0 and shown.output.startswith('variant "ffb" {')
    assert parse_text(shown.output).data == parse_text(
        builtin_path("ffb").read_text(encoding="utf-8")).data
    resolved = runner.invoke(app, ["show", "ffb", "--resolved", "--format", "json"])
    assert resolved.exit_code == 0 and '"target": 2000' in resolved.output


@pytest.mark.parametrize("name", BUILTINS)
def test_cli_show_resolved_dsl_loads_to_the_same_ruleset(name: str, tmp_path: Path) -> None:
    _register()
    shown = CliRunner().invoke(app, ["show", name, "--resolved"])
    assert shown.exit_code == 0, shown.output
    path = tmp_path / f"{name}-resolved.coinche"
    path.write_text(shown.output, encoding="utf-8")
    # The same rules wherever they can come up (a rule that never can, such as ffb-contree's
    # carrés at no-trump where no-trump is not bid, is left out, as the sheet leaves it out),
    # the same examples, and nothing for `check` to warn about.
    from coinche_dsl.model.relevance import is_relevant, rule_paths, value_at

    before, after = load_variant(name), load_variant(path)
    kept = [p for p in rule_paths() if is_relevant(before, p)]
    assert [value_at(after, p) for p in kept] == [value_at(before, p) for p in kept]
    assert after.examples == before.examples
    assert "kind " not in shown.output  # a scale in the form the docs give: `cards 152`
    checked = CliRunner().invoke(app, ["check", str(path)])
    assert checked.exit_code == 0 and "warning" not in checked.output, checked.output
