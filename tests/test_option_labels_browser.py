"""The studio's option lists in a real headless Chromium: each value shown by its label, the
value's name sent with every request (the studio's own fixtures: tests/test_studio_browser.py)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")
pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
import test_studio_browser as browser  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

pytestmark = browser.pytestmark  # skipped where Chromium is not installed
studio_app, studio, page = browser.studio_app, browser.studio, browser.page  # its fixtures


def test_the_option_list_shows_labels_and_sends_names(page: object) -> None:
    select = page.locator("#options select[data-option=litige]")
    # ffb: `appliquee "appliquée"`, `chute "chute"`, `reussite "réussite"`
    expect(select.locator("option")).to_have_text(["appliquée", "chute", "réussite"])
    with page.expect_request(lambda r: r.url.endswith("/api/preview")) as sent:
        select.select_option(label="réussite")
    assert json.loads(sent.value.post_data)["options"] == {"litige": "reussite"}
