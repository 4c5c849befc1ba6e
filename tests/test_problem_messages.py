"""The problems of a variant file in the reader's language: every code the package gives a
problem has its sentence in the five catalogs, a French secretary reads French (no English
word around the words of her file), and the file's words are shown, never obeyed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from coinche_dsl.analysis import diagnose
from coinche_dsl.errors import Diagnostic, Position, args
from coinche_dsl.problems import LANGUAGES, catalog, full_sentence, language, sentence
from coinche_dsl.render.i18n import LANGUAGES as SHEET_LANGUAGES

PACKAGE = Path(__file__).resolve().parents[1] / "coinche_dsl"
CODE = re.compile(
    r'(?:code|hint_code)=f?"([a-z0-9_.{}()]+)"'
    r'|"((?:hint|value|check|example|clash|syntax|setting|block|extends|note|text|file'
    r'|formula)\.[a-z0-9_.]+)"'
)
DYNAMIC = {
    # the codes the source builds from a part it knows (`f"{what}.unknown"`…)
    'f"{what}.unknown"': [
        "setting.unknown",
        "block.unknown",
        "setting.unknown.top",
        "block.unknown.top",
        "setting.unknown.example",
        "block.unknown.example",
    ],
    "check.formula_gives_{want}": ["check.formula_gives_bool", "check.formula_gives_int"],
    "syntax.quoted_after.{prev.type.lower()}": [
        "syntax.quoted_after.variant",
        "syntax.quoted_after.extends",
        "syntax.quoted_after.example",
    ],
    "syntax.too_deep.{what}": ["syntax.too_deep.blocks", "syntax.too_deep.parentheses"],
    "value.too_long.{what}": ["value.too_long.characters", "value.too_long.entries"],
}


def codes_in_source() -> set[str]:
    """Every message and hint code written in the package's source."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if path.parts[-2] == "problems" or "render" in path.parts:
            continue  # the sheets' own catalog keys (render/messages) are not problems
        for m in CODE.finditer(path.read_text(encoding="utf-8")):
            code = m.group(1) or m.group(2)
            found |= set(DYNAMIC.get(code, [code])) if "{" in code else {code}
    found |= set(DYNAMIC['f"{what}.unknown"'])
    found.add("syntax.unclosed_block.anonymous")  # `"syntax.unclosed_block" + ".anonymous"`
    return found


def test_the_catalogs_speak_the_sheets_languages() -> None:
    assert tuple(LANGUAGES) == tuple(SHEET_LANGUAGES)
    assert language("fr-CA") == "fr" and language("pt_BR") == "pt" and language("de") is None


def test_every_code_has_its_sentence_in_every_catalog() -> None:
    codes = codes_in_source()
    assert len(codes) > 150  # the parser's, the model's, the checks', the loader's…
    for lang in LANGUAGES:
        missing = sorted(c for c in codes if c not in catalog(lang))
        assert not missing, f"{lang} lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogs_have_the_same_keys_and_fields(lang: str) -> None:
    english = catalog("en")
    assert set(catalog(lang)) == set(english)
    for key, pattern in catalog(lang).items():
        fields = set(re.findall(r"\{(\w+)", json.dumps(pattern)))
        assert fields == set(re.findall(r"\{(\w+)", json.dumps(english[key]))), (lang, key)


# One file with a problem of each major class: its French sentences, every word outside
# the file's own words (quoted) French.
FILES = {
    "syntax": 'variant "club" extends "ffb" {\n  title "Club"\n  game {\n    target 1000\n}\n',
    "colon": 'variant "club" extends "ffb" {\n  title "Club"\n  game {\n    target: 1000\n  }\n}\n',
    "native": 'variant "club" extends "ffb" {\n  title "Club"\n  auction {\n'
    "    denominations hearts, trèfle\n  }\n}\n",
    "fields": 'variant "club" extends "ffb" {\n  title "Club"\n  description "Nos règles."\n'
    '  sources "Réunion du club"\n  game {\n    targt 1000\n  }\n'
    "  auction {\n    coinche sometimes\n    step lots\n  }\n"
    "  belote { enabled oui }\n}\n",
    "bounds": 'variant "club" extends "ffb" {\n  title "Club"\n  game { target 1000000000 }\n}\n',
    "cross": 'variant "club" extends "ffb" {\n  title "Club"\n  description "Nos règles."\n'
    '  sources "Réunion du club"\n  auction {\n    maximum_bid 70\n  }\n}\n',
    "example": 'variant "club" extends "ffb" {\n  title "Club"\n  description "Nos règles."\n'
    '  sources "Réunion du club"\n  example "80 à cœur" {\n    declarer N\n'
    "    bid 80\n    trump hearts\n    card_points NS 80, EW 72\n    last_trick N\n"
    "    expect NS 1000, EW 0\n  }\n}\n",
    "extends": 'variant "club" extends "fbb" {\n  title "Club"\n}\n',
    "moot": 'variant "club" extends "ffb" {\n  title "Club"\n  description "Nos règles."\n'
    '  sources "Réunion du club"\n  auction {\n    coinche none\n    surcoinche no\n'
    "    after_coinche bidding_continues\n  }\n  examples none\n}\n",
}
ENGLISH = re.compile(
    r"\b(the|is|are|not|setting|unknown|did|you|mean|write|block|of|in|"
    r"missing|should|must|expected|got|choose|example|file|error|with|this|"
    r"line|which|variant's|number|whole|yes|no)\b"
)


def _outside_quotes(text: str) -> str:
    return re.sub(r"«[^»]*»", "", text)


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_french_secretary_reads_french(name: str, tmp_path: Path) -> None:
    found = diagnose(FILES[name], str(tmp_path / "club.coinche"), lang="fr")
    assert found, name
    for f in found:
        assert f.code, f"{name}: a problem without a sentence: {f.message}"
        said = f"{f.message} {f.hint}"
        leak = ENGLISH.findall(_outside_quotes(said).replace("(yes ou no)", ""))
        assert not leak, f"{name}: {said!r} says {leak}"


def test_the_typo_as_the_issue_says_it(tmp_path: Path) -> None:
    [typo, *_] = diagnose(FILES["fields"], str(tmp_path / "club.coinche"), lang="fr")
    assert (typo.line, typo.column, typo.fix) == (6, 5, "target")
    d = Diagnostic(
        Position("club.coinche", 6, 5),
        "unknown setting 'targt' in game",
        "targt",
        "did you mean 'target'?",
        code="setting.unknown",
        hint_code="hint.did_you_mean",
        params=args(name="targt", block="game", fix="target"),
    )
    assert full_sentence(d, "fr") == (
        "réglage inconnu «\u202ftargt\u202f» dans le bloc "
        "«\u202fgame\u202f» — vouliez-vous dire "
        "«\u202ftarget\u202f»\u202f?"
    )
    assert full_sentence(d, "es") == (
        "ajuste desconocido «targt» en el bloque «game» — ¿quería decir «target»?"
    )
    assert full_sentence(d, "it") == (
        "impostazione sconosciuta «targt» nel blocco «game» — forse si intendeva «target»?"
    )
    assert full_sentence(d, "pt") == (
        "definição desconhecida «targt» no bloco «game» — queria dizer «target»?"
    )
    assert sentence(d, None) == ("unknown setting 'targt' in game", "did you mean 'target'?")


def test_numbers_in_the_readers_way(tmp_path: Path) -> None:
    [big, *_] = diagnose(FILES["bounds"], str(tmp_path / "club.coinche"), lang="fr")
    assert (
        big.message
        == "«\u202ftarget\u202f» vaut au plus 100\u202f000 (ici 1\u202f000\u202f000\u202f000)"
    )
    [big, *_] = diagnose(FILES["bounds"], str(tmp_path / "club.coinche"), lang="en")
    assert big.message == "‘target’ is at most 100,000 (here 1,000,000,000)"


def test_a_failing_example_says_both_scores(tmp_path: Path) -> None:
    found = diagnose(FILES["example"], str(tmp_path / "club.coinche"), lang="fr")
    [wrong] = [f for f in found if f.code == "example.scores"]
    # what the rules give is the engine's to say; what the example expects is the file's
    assert re.fullmatch(
        "l'exemple «\u202f80 à cœur\u202f» annonce 1\u202f000 pour NS et 0 "
        "pour EO\u202f; les règles donnent [0-9\u202f]+ et [0-9\u202f]+",
        wrong.message,
    ), wrong.message


def test_the_files_words_are_shown_never_obeyed(tmp_path: Path) -> None:
    """A parameter is text: a `{field}` or markup in it stays as written."""
    d = Diagnostic(
        None,
        "x",
        code="extends.unknown",
        hint_code="hint.did_you_mean",
        params=args(name="{fix}<img src=x onerror=alert(1)>", fix="ffb"),
    )
    message, hint = sentence(d, "fr")
    assert message == (
        "aucune variante fournie ni aucun fichier du dossier ne s'appelle "
        "«\u202f{fix}<img src=x onerror=alert(1)>\u202f»"
    )
    assert hint == "vouliez-vous dire «\u202fffb\u202f»\u202f?"


def test_check_speaks_the_language_asked(tmp_path: Path) -> None:
    path = tmp_path / "club.coinche"
    path.write_text(FILES["fields"], encoding="utf-8")
    run = [sys.executable, "-m", "coinche_dsl", "check", str(path)]
    english = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert (
        f"{path}:6:5: error: unknown setting 'targt' in game (did you mean 'target'?)"
        in english.stderr
    )  # English by default, whatever the file's language
    french = subprocess.run([*run, "--lang", "fr"], capture_output=True, text=True, timeout=120)
    assert french.returncode == english.returncode == 1
    assert (
        f"{path}:6:5: erreur\u00a0: réglage inconnu «\u202ftargt\u202f» dans le bloc "
        "«\u202fgame\u202f» — vouliez-vous dire «\u202ftarget\u202f»\u202f?"
    ) in french.stderr.splitlines()


# The problems that used to reach a French secretary in English: the options' declarations,
# the model's own checks of a value, the formulas' kinds, the size limits. Each file has one;
# its French sentence carries the code the catalogs say it with.
_HEAD = 'variant "club" extends "ffb" {\n  title "Club"\n  language fr\n'
_DEAL = "declarer N bid 80 trump hearts card_points NS 100, EW 62 last_trick N"
_TWO = "a { game { target 1000 } } b { game { target 1500 } }"
SAID_IN_ENGLISH_BEFORE = {
    "option.set_here_too": 'option litige "Litige" default chute { chute { scoring { litige '
    "fails } } tenu { scoring { litige held } } }\n  scoring { litige fails }\n",
    "option.fixed_here_too": "option litige fixed tenu\n  scoring { litige fails }\n",
    "option.no_values": 'option truc "Truc" default a\n',
    "option.one_value": 'option truc "Truc" default a { a { game { target 1000 } } }\n',
    "option.unknown_value": f'option truc "Truc" default c {{ {_TWO} }}\n',
    "option.value_not_rules": 'option truc "Truc" default a { a { title "x" } '
    "b { game { target 1500 } } }\n",
    "option.value_empty": 'option truc "Truc" default a { a { } b { game { target 1500 } } }\n',
    "option.value_misses": 'option truc "Truc" default a { a { game { target 1000 reach '
    "pass } } b { game { target 1500 } } }\n",
    "option.same_rule": 'option truc "Truc" default a { a { scoring { litige fails } } '
    "b { scoring { litige held } } }\n",
    "option.unknown": f'example "x" {{ options {{ nope a }} {_DEAL} made yes '
    "expect NS 180, EW 0 }\n",
    "option.too_many": "".join(f'option o{i} "O" default a {{ a {{ game {{ target {1000 + i} '
                               f"}} }} b {{ game {{ target {2000 + i} }} }} }}\n"
                               for i in range(13)),
    "option.label_empty": 'option truc "Truc" default a { a "" { game { target 1000 } } '
    "b { game { target 1500 } } }\n",
    "value.packets": "table { packets 3 3 3 }\n",
    "value.card_table_missing": "cards { trump J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0 }\n",
    "value.pairs": "cards { trump 3 }\n",
    "formula.unknown_quantity": "scoring { made { declarers = contrat + 1 defenders = 0 } }\n",
    "formula.takes_side": "scoring { made { declarers = points + 1 defenders = 0 } }\n",
    "formula.no_argument": "scoring { made { declarers = contract(declarers) "
    "defenders = 0 } }\n",
    "formula.if_types": "scoring { made { declarers = if capot(declarers) then 1 else "
    "doubled defenders = 0 } }\n",
    "formula.needs_numbers": "scoring { made { declarers = contract + doubled "
    "defenders = 0 } }\n",
    "formula.needs_truth": "scoring { success = contract and doubled }\n",
    "example.tricks_sum": f'example "x" {{ {_DEAL} tricks N 3, E 3, S 3, W 3 made yes '
    "expect NS 180, EW 0 }\n",
    "example.rebelote_unsaid": f'example "x" {{ {_DEAL} rebelote_unsaid E made yes '
    "expect NS 180, EW 0 }\n",
    "example.announcement_shape": f'example "x" {{ {_DEAL} announcements N made yes '
    "expect NS 180, EW 0 }\n",
    "syntax.formula_too_long": "scoring { made { declarers = " + " + ".join(["1"] * 600)
    + " defenders = 0 } }\n",
    "syntax.word_after_value": "game { target 1000 reach }\n",
    "value.pin_quoted": "pin 3\n",
    "syntax.too_many_words": "game { target 1000 }\n" + "".join(
        f"  table {{ cut_minimum {i % 9 + 1} }}\n" for i in range(5000)),
}


@pytest.mark.parametrize("code", sorted(SAID_IN_ENGLISH_BEFORE))
def test_what_was_said_in_english_is_said_in_french(code: str, tmp_path: Path) -> None:
    text = _HEAD + SAID_IN_ENGLISH_BEFORE[code] + "}\n"
    found = diagnose(text, str(tmp_path / "club.coinche"), lang="fr")
    assert code in [f.code for f in found], [(f.code, f.message) for f in found]
    for f in found:
        assert f.code, f"a problem without a sentence: {f.message}"
        said = f"{f.message} {f.hint}"
        leak = ENGLISH.findall(_outside_quotes(said))
        assert not leak, f"{code}: {said!r} says {leak}"


def test_a_file_over_the_size_limit_is_refused_in_french(tmp_path: Path) -> None:
    from coinche_dsl.syntax.parser import MAX_BYTES

    [big] = diagnose(_HEAD + "#" * MAX_BYTES + "\n}\n", str(tmp_path / "club.coinche"),
                     lang="fr")
    assert big.code == "file.too_large"
    assert big.message == "le fichier dépasse 1\u202f000\u202f000 octets, la taille limite " \
        "d'un fichier de variante"


def test_a_base_over_the_size_limit_is_named_in_french(tmp_path: Path) -> None:
    from coinche_dsl.syntax.parser import MAX_BYTES

    (tmp_path / "big.coinche").write_text('variant "big" extends "ffb" {\n' + "#" * MAX_BYTES
                                          + "\n}\n", encoding="utf-8")
    text = 'variant "club" extends "big.coinche" {\n  title "Club"\n  language fr\n}\n'
    [big] = diagnose(text, str(tmp_path / "club.coinche"), lang="fr")
    assert (big.code, big.line) == ("file.base_too_large", 1)
    assert big.message == "la base « big.coinche » dépasse 1\u202f000\u202f000 octets, " \
        "la taille limite d'un fichier de variante".replace("« ", "«\u202f").replace(
            " »", "\u202f»")
