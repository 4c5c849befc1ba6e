"""`extends`: blocks merge, scalars, lists and formulas replace; positions follow the values."""

from __future__ import annotations

from pathlib import Path

from coinche_dsl.loader import load_variant, resolve
from coinche_dsl.model.expr import format_expr


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.coinche"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_formula_replaces_the_base_formula_whole(tmp_path: Path) -> None:
    # ffb's failed.declarers is `belote(declarers)`, a bare quantity: its name and side must
    # not leak into the `*` node that replaces it.
    path = _write(tmp_path, "x", 'variant "x" extends "ffb" {\n'
                  "  scoring { failed { declarers = belote(declarers) * multiplier } }\n}\n")
    rules = load_variant(path)
    formula = rules.scoring.failed["declarers"]
    assert (formula.op, formula.name, formula.side) == ("*", None, None)
    assert format_expr(formula) == "belote(declarers) * multiplier"


def test_blocks_merge_and_lists_replace(tmp_path: Path) -> None:
    path = _write(tmp_path, "x", 'variant "x" extends "ffb" {\n'
                  "  auction { denominations hearts, spades }\n  game { target 1000 }\n}\n")
    rules = load_variant(path)
    assert [str(d) for d in rules.auction.denominations] == ["hearts", "spades"]
    assert rules.auction.minimum_bid == 80 and rules.game.target == 1000
    assert rules.where("game", "target") == "x.coinche:3"
    assert rules.where("game", "reach").startswith("ffb.coinche:")


def test_extends_a_file_in_the_same_folder(tmp_path: Path) -> None:
    _write(tmp_path, "base", 'variant "base" extends "ffb" { game { target 1500 } }\n')
    path = _write(tmp_path, "child", 'variant "child" extends "base" { game { reach exceed } }\n')
    resolved = resolve(path)
    assert [Path(f).name for f in resolved.chain] == ["child.coinche", "base.coinche",
                                                      "ffb.coinche"]
    rules = load_variant(path)
    assert (rules.game.target, str(rules.game.reach), rules.name) == (1500, "exceed", "child")


def test_a_replaced_value_takes_the_positions_under_it_and_no_other() -> None:
    from coinche_dsl.errors import Position
    from coinche_dsl.loader import merge

    at = {path: Position("base.coinche", line, 1) for line, path in enumerate([
        (), ("cards",), ("cards", "trump"), ("cards", "trump", 0), ("cards", "trump", 0, "rank"),
        ("cards", "plain"), ("cards", "plain", 0), ("game",), ("game", "target"),
        ("scoring",), ("scoring", "success")], start=1)}
    data = {"cards": {"trump": [{"rank": "J"}], "plain": [{"rank": "A"}]},
            "game": {"target": 2000}, "scoring": {"success": {"op": "qty"}}}
    new = Position("club.coinche", 9, 3)
    merge(data, at, {"cards": {"trump": ["J 20"]}, "game": 1000}, {("cards", "trump"): new})
    assert sorted(at) == [(), ("cards",), ("cards", "plain"), ("cards", "plain", 0),
                          ("cards", "trump"), ("scoring",), ("scoring", "success")]
    assert at[("cards", "trump")] == new and data["game"] == 1000
