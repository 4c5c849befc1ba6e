"""Compiled templates are kept between processes (Jinja's bytecode cache): a sheet rendered from
the cache is the sheet rendered from the source, and a cache that is damaged or cannot be
written costs a compilation, never the sheet."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2 import Environment, PackageLoader

from coinche_dsl import load_variant
from coinche_dsl.render import output
from coinche_dsl.render.rulesheet import build_sheet

TEMPLATE = "doc.md.j2"


def _environment(folder: Path) -> Environment:
    """The Markdown environment of `output.environment`, with its cache in `folder` (and none
    in memory, which an earlier render in this process would have filled)."""
    env = output.environment(markdown=True)
    return env.overlay(cache_size=0, bytecode_cache=output.template_cache("md", str(folder)))


@pytest.fixture(scope="module")
def doc():
    return build_sheet(load_variant("ffb"), "en")


def _render(env: Environment, doc) -> str:
    return env.get_template(TEMPLATE).render(doc=doc, labels=doc.labels)


def test_a_cached_template_renders_the_same_sheet(tmp_path: Path, doc) -> None:
    output.to_markdown(doc)  # the shared environment has the template in memory: no matter
    fresh = _render(_environment(tmp_path), doc)
    written = list(tmp_path.glob("__coinche_md_*.cache"))
    assert len(written) == 1  # the compiled template was kept
    loads: list[str] = []
    env = _environment(tmp_path)
    env.compile = lambda *a, **k: loads.append("compiled")  # type: ignore[method-assign]
    assert _render(env, doc) == fresh  # from the cache: nothing compiled
    assert loads == []
    plain = Environment(loader=PackageLoader("coinche_dsl.render", "templates"))
    assert plain.bytecode_cache is None and "## 2. Auction" in fresh


def test_a_damaged_cache_entry_is_compiled_again(tmp_path: Path, doc) -> None:
    fresh = _render(_environment(tmp_path), doc)
    (entry,) = tmp_path.glob("__coinche_md_*.cache")
    raw = entry.read_bytes()
    for damaged in (raw[: len(raw) // 2], b"", raw[:40] + b"\xff" * 64):
        entry.write_bytes(damaged)
        assert _render(_environment(tmp_path), doc) == fresh


def test_a_cache_folder_that_cannot_be_written_costs_only_time(tmp_path: Path, doc) -> None:
    if os.geteuid() == 0:  # root writes anywhere: a missing folder cannot be written either
        folder = tmp_path / "missing"
    else:
        folder = tmp_path / "locked"
        folder.mkdir(mode=0o500)
    assert _render(_environment(folder), doc) == _render(_environment(tmp_path), doc)
    assert not folder.exists() or not list(folder.iterdir())


def test_markdown_and_html_keep_their_compiled_code_apart(tmp_path: Path) -> None:
    md, html = output.template_cache("md", str(tmp_path)), output.template_cache("html",
                                                                                 str(tmp_path))
    assert md is not None and html is not None
    assert md.pattern != html.pattern  # type: ignore[attr-defined]
    # An entry compiled under other environment settings (another version of output.py,
    # where they are written) is never found.
    assert output._settings() in md.pattern  # type: ignore[attr-defined]
