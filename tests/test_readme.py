"""The README's set-up commands are the ones CI runs, and its test command is what .ci/run runs."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_COMMAND = 'pip install -e ".[test]" && pytest'


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert TEST_COMMAND in readme
    assert ci.rstrip().splitlines()[-1] == TEST_COMMAND


def test_readme_presents_every_builtin() -> None:
    from coinche_dsl.loader import BUILTINS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in BUILTINS:
        assert f"`{name}`" in readme, f"README does not present the built-in {name}"


def test_readme_commands_name_only_existing_variants() -> None:
    """Every variant a README command names is a built-in (files end in a suffix)."""
    from coinche_dsl.loader import BUILTINS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = []
    for line in readme.splitlines():
        words = line.split("#")[0].split()
        if words[:1] != ["coinche"] or len(words) < 3:
            continue
        after_option = False
        for word in words[2:]:
            if not word.startswith("-") and not after_option and "." not in word \
                    and "/" not in word and "*" not in word:
                named.append(word)
            after_option = word.startswith("-") and "=" not in word
    assert len(named) >= 10, named  # the tour names variants: a parse that finds none is wrong
    assert [n for n in named if n not in BUILTINS] == []


def test_readme_variant_example_is_valid_and_its_example_holds(tmp_path: Path) -> None:
    from coinche_dsl.engine.examples import check_examples
    from coinche_dsl.loader import load_variant

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index('variant "our-club"')
    block = readme[start: readme.index("```", start)]
    path = tmp_path / "our-club.coinche"
    path.write_text(block, encoding="utf-8")
    ruleset = load_variant(path)
    assert ruleset.game.target == 1000 and str(ruleset.play.undertrump) == "required"
    assert len(ruleset.examples) == 1
    assert check_examples(ruleset) == []
    from coinche_dsl.loader import load_checked

    assert load_checked(path).warnings == []  # its own title, description and sources
