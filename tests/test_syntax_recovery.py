"""Every syntax error of a file at once: the parser recovers at the next line after each one,
reports the errors it meets once back in step, and never the echoes of one mistake."""

from __future__ import annotations

import pytest
from syntax_support import located_problems, side_by_side
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.errors import VariantError
from coinche_dsl.limits import MAX_SYNTAX_ERRORS
from coinche_dsl.syntax.formatter import format_text
from coinche_dsl.syntax.recovery import syntax_errors

THREE = """variant "club" extends "ffb" {
  game {
    target: 1000
  }
  auction {
    minimum_bid = = 90
  }
  scoring {
    success = points(declarers) >=
  }
  play {
    undertrump optional
  }
}
"""


def test_three_mistakes_on_three_lines_are_three_errors_in_order() -> None:
    assert located_problems(THREE) == [
        (3, 11, "unexpected character ':'"),
        (6, 19, "unexpected '='; expected one of '(', '-', a name or a number"),
        (10, 3, "the formula stops too early"),
    ]


def test_the_first_error_is_the_one_reported_before_recovery() -> None:
    """Recovery adds errors after the first; the first is what a parse without it met."""
    only_first = THREE.replace("= = 90", "90").replace(">=\n", ">= contract\n")
    assert located_problems(only_first) == located_problems(THREE)[:1]


def test_a_block_without_its_name_is_one_error_not_a_stray_brace_later() -> None:
    """The nameless block is parsed as a block (a brace skipped would close the variant at the
    block's '}' and make the variant's own '}' look like one too many)."""
    text = """variant "x" extends "ffb" {
  {
    target 1000
  }
  auction {
    minimum_bid 80 80,
    jumps = =
  }
}
"""
    errors = located_problems(text)
    assert [line for line, _, _ in errors] == [2, 7]
    assert "'}' after the end" not in " ".join(m for _, _, m in errors)


def test_an_unfinished_formula_spanning_lines_is_one_error() -> None:
    """Everything up to the next line the parser can take is the same mistake."""
    text = """variant "x" extends "ffb" {
  scoring {
    success = if bid_capot then capot(declarers)
              total(declarers) >= contract
    made {
      declarers = points(declarers) + contract
    }
  }
}
"""
    errors = located_problems(text)
    assert len(errors) == 1 and errors[0][0] == 4
    assert "no 'else'" in errors[0][2]


def test_one_error_a_line() -> None:
    text = 'variant "x" extends "ffb" {\n  game { target = = = 1000 : ; }\n}\n'
    assert [line for line, _, _ in located_problems(text)] == [2]


def test_a_mistake_on_the_next_line_waits_for_the_first_to_be_mended() -> None:
    """Errors are reported once a whole line was read without error since the last one:
    a mistake on the very next line may be the first one's echo, and is not reported."""
    text = 'variant "x" extends "ffb" {\n  game {\n    target = = 1000\n    jumps = = no\n'
    assert [line for line, _, _ in located_problems(text + "  }\n}\n")] == [3]
    fixed = text.replace("target = = 1000", "target 1000")
    assert [line for line, _, _ in located_problems(fixed + "  }\n}\n")] == [4]


def test_the_errors_stop_at_the_cap() -> None:
    lines = "".join(f"  rule_{i} = = {i}\n  target 1000\n" for i in range(3 * MAX_SYNTAX_ERRORS))
    errors = located_problems('variant "x" extends "ffb" {\n' + lines + "}\n")
    assert [line for line, _, _ in errors] == list(range(2, 2 + 2 * MAX_SYNTAX_ERRORS, 2))


def test_junk_ends_with_one_error() -> None:
    """A long run of characters no word starts with: one error, and the recovery gives up
    after a bounded number of skips instead of raising one exception per character."""
    errors = located_problems('variant "x" {\n  ' + "@" * 300_000 + "\n}\n")
    assert errors == [(2, 3, "unexpected character '@'")]


def test_the_formatter_and_check_report_every_error() -> None:
    with pytest.raises(VariantError) as caught:
        format_text(THREE, "club.coinche")
    assert [d.position.line for d in caught.value.diagnostics if d.position] == [3, 6, 10]
    _register()
    result = CliRunner().invoke(app, ["check", "-"], input=THREE)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if ": error: " in line]
    assert [line.split(":")[1] for line in lines] == ["3", "6", "10"]


def test_threads_recover_each_in_its_own_file() -> None:
    """The recovering parser logs its tokens per thread (the studio checks in threads)."""
    texts = [THREE, THREE.replace("target: 1000", "target 1000")]
    expected = [syntax_errors(t, "club.coinche") for t in texts]
    found = side_by_side(lambda text: syntax_errors(text, "club.coinche"), texts, 30)
    assert all(got == expected[0] for got in found[0])
    assert all(got == expected[1] for got in found[1])
    assert len(expected[0]) == 3 and len(expected[1]) == 2


def test_on_mutated_builtins_the_first_error_is_the_plain_parse_s_and_nothing_escapes() -> None:
    """300 built-in files with one to three tokens deleted, repeated, swapped or replaced
    (seeded): every one parses or raises VariantError; when the plain parser fails, the
    recovering one reports its error first, then at most MAX_SYNTAX_ERRORS - 1 more, each on
    a later line than the one before."""
    import random
    import re

    from lark.exceptions import UnexpectedInput

    from coinche_dsl.loader import BUILTINS, builtin_path
    from coinche_dsl.syntax.diagnose import check_text, describe_syntax_error
    from coinche_dsl.syntax.parser import parser

    pieces = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\s+|[A-Za-z0-9_]+|.', re.S)
    odd = ["0", "-1", "J 20, 9", "{ }", "= 1", ":", "hearts", '"x"', "(", ")", "else"]
    texts = [builtin_path(name).read_text(encoding="utf-8") for name in BUILTINS]
    rng = random.Random(2026)
    failed = 0
    for _ in range(300):
        tokens = pieces.findall(rng.choice(texts))
        for _ in range(rng.randint(1, 3)):
            i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
            edit = rng.randrange(4)
            if edit == 0:
                del tokens[i]
            elif edit == 1:
                tokens.insert(i, tokens[j])
            elif edit == 2:
                tokens[i], tokens[j] = tokens[j], tokens[i]
            elif tokens[i].strip():
                tokens[i] = rng.choice(odd)
        text = "".join(tokens)
        try:
            check_text(text, "m.coinche")
            parser().parse(text)
            continue
        except VariantError:
            continue  # found before Lark (braces, texts): reported alone, as before
        except UnexpectedInput as e:
            first = describe_syntax_error(e, text, "m.coinche", parser())
        failed += 1
        found = syntax_errors(text, "m.coinche")
        assert found[0] == first
        lines = [d.position.line for d in found if d.position is not None]
        assert len(found) <= MAX_SYNTAX_ERRORS and lines == sorted(set(lines))
    assert failed >= 100  # the mutants do reach the parser
