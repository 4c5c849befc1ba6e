"""The data flow stays one-way (CONTRIBUTING.md): each layer imports only the layers below it.

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
    # the problems said in five languages: catalogs over the diagnostics' codes
    "problems": set(),
    "analysis": {"syntax", "model", "loader", "engine", "options", "problems"},
    # the language server: a thin adapter over analysis (and the catalogs' languages)
    "lsp": {"analysis", "problems"},
    # the browser studio: the same analysis, the sheets, compare and the scorer over HTTP
    "studio": {"syntax", "model", "loader", "inherit", "options", "engine", "render",
               "analysis", "pad", "problems"},
    "cli": {"syntax", "model", "loader", "inherit", "options", "engine", "render", "sim",
            "analysis", "lsp", "studio", "deal_text", "pad", "server", "problems"},
    "docgen": {"syntax", "model", "loader"},  # writes docs/language.md from the model
    # a deal written as an example's lines (`score`, the score pad)
    "deal_text": {"syntax", "model"},
    # the score pad: deals told by a table, scored by the engine, in the sheets' words
    "pad": {"model", "loader", "engine", "render", "deal_text", "problems"},
    # `coinche serve`: clubs' variant files on a database, the studio's analysis and editor,
    # the sheets and comparisons
    "server": {"syntax", "model", "loader", "options", "render", "analysis", "studio", "pad",
               "problems"},
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


ENGINE = PACKAGE / "engine"


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def _engine_imports(path: Path) -> set[str]:
    """The modules of `engine/` that `path` (a module of it) imports when it runs: at the top
    or inside a function, not in an `if TYPE_CHECKING:` block (read by type checkers only)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if _is_type_checking(node):
            return
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:  # `from .x import y`, or `from . import x`
                found.update([node.module.split(".")[0]] if node.module else
                             [alias.name for alias in node.names])
            elif (node.module or "").startswith("coinche_dsl.engine."):
                found.add(node.module.split(".")[2])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found - {path.stem, "__init__"}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of `graph` (a list of modules, the first repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph.get(node, ())):
            found = walk(target)
            if found:
                return found
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        found = walk(node)
        if found:
            return found
    return None


def test_the_engine_s_modules_import_each_other_without_a_circle() -> None:
    """Each module of `engine/` imports only modules below it (at the top or on first use),
    so that none is half-initialised when another reads it, and the modules can be read
    bottom-up: `rules` (the compiled rules' shape) first, `compiler` above the tables."""
    graph = {p.stem: _engine_imports(p) for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    assert {"rules", "compiler", "play", "scoring", "deal"} <= set(graph)
    assert not graph["rules"], f"engine/rules.py must import no engine module: {graph['rules']}"
    cycle = _cycle(graph)
    assert cycle is None, "import circle in engine/: " + " -> ".join(cycle or [])


def test_the_circle_check_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def _sim_imports(path: Path) -> set[str]:
    """The sibling modules of `sim/` that `path` imports, at the top or inside a function."""
    siblings = {p.stem for p in (PACKAGE / "sim").glob("*.py")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
            found |= set(names) & siblings
    return found - {path.stem}


def test_sim_has_no_import_circle() -> None:
    # `levels` is the one registry of bots and `valuation` holds the valuations the levels
    # share, so no module of sim/ needs one that needs it back, even inside a function.
    graph = {p.stem: _sim_imports(p) for p in (PACKAGE / "sim").glob("*.py")
             if p.stem != "__init__"}

    def reaches(start: str, target: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == target or (nxt not in seen and reaches(nxt, target, seen | {nxt})):
                return True
        return False

    circles = sorted(m for m in graph if reaches(m, m, {m}))
    assert not circles, f"import circle through {circles}"


def test_sim_takes_no_private_name_from_a_sibling() -> None:
    taken = []
    for path in (PACKAGE / "sim").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                taken += [f"{path.stem} takes {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_")]
    assert not taken, taken
