"""The data flow stays one-way (DESIGN.md): each layer imports only the layers below it.

syntax knows text, never rules; model knows rules, never text; the engine never renders;
render never plays; the CLI sits on top. Checked on the source, so it cannot drift.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "coinche_dsl"

# layer -> the package layers it may import (besides itself and the leaf modules below)
ALLOWED = {
    "syntax": set(),
    "model": set(),
    "inherit": {"syntax", "model"},  # what `extends` must not do silently: the loader's warnings
    # the Ruleset that lets one run of `check` go on past the settings in error
    "standin": {"syntax", "model"},
    "options": {"syntax", "model"},  # options through `extends`, resolved into rules
    "loader": {"syntax", "model", "inherit", "standin", "options"},
    "engine": {"model", "loader"},
    "render": {"model", "loader", "engine"},
    "sim": {"model", "loader", "engine", "render"},
    # editor features, text to answers
    "analysis": {"syntax", "model", "loader", "engine", "options"},
    "lsp": {"analysis"},  # the language server: a thin adapter over analysis
    # the browser studio: the same analysis, the sheets, compare and the scorer over HTTP
    "studio": {"syntax", "model", "loader", "inherit", "options", "engine", "render",
               "analysis"},
    "cli": {"syntax", "model", "loader", "inherit", "options", "engine", "render", "sim",
            "analysis", "lsp", "studio"},
    "docgen": {"syntax", "model", "loader"},  # writes docs/language.md from the model
}
LEAVES = {"errors", "cards", "limits", "text_safety", "formula_print", "native_words", "files"}
"""Modules every layer may use: notation, the error hierarchy, the bounds, text escaping, the
one printer core of formulas (the syntax and the model both print them), the file's words
in the clubs' languages (the syntax's and the model's suggestions) and the one reader and
writer of files (every file the tool reads or writes goes through it)."""


def _layer(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0].removesuffix(".py")


def _imported_layers(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    depth_of_file = len(path.relative_to(PACKAGE).parts) - 1
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            up = node.level - 1
            if up >= depth_of_file:  # relative import reaching the package root
                target = (node.module or "").split(".")[0]
                found |= {target} if target else {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("coinche_dsl."):
            found.add(node.module.split(".")[1])
    return found


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if _layer(p) in ALLOWED)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_follow_the_data_flow(path: Path) -> None:
    layer = _layer(path)
    bad = _imported_layers(path) - ALLOWED[layer] - LEAVES - {layer}
    assert not bad, f"{layer} must not import {sorted(bad)}"


def test_every_layer_is_known() -> None:
    layers = {_layer(p) for p in PACKAGE.rglob("*.py")} - {"__init__", "__main__"} - LEAVES
    assert layers <= set(ALLOWED), f"new layer(s) {layers - set(ALLOWED)}: add them to ALLOWED"
