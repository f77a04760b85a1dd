"""The web table in a real browser (Chromium driven by Playwright): a person creates a game
on the home page and plays a whole two-player game against a bot by clicking the board and
the buttons, answering the conflicts; and a seat's page never shows another seat's hand.

The browser is Chromium as installed on the system (``/usr/bin/chromium``, or
``TIGRIS_CHROMIUM``); the test is skipped, saying why, when it or Playwright is missing.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

import httpx  # noqa: E402

import tigris_rules as tr  # noqa: E402
from web_serving import serving  # noqa: E402

CHROMIUM = os.environ.get("TIGRIS_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HTTP_TIMEOUT = 60.0
"""Seconds a request to the web table may take: the server shares this process with the
browser driver, and on a loaded machine an answer can take several seconds."""
SEED = 1
"""A deal where seat 0, choosing at random, meets several conflicts against the greedy bot."""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which(CHROMIUM) is None,
        reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)",
    ),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


class Seat:
    """One seat's page in the browser, and the same seat's page read from the server to
    know which inputs it offers."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        fragment = page.url.split("#", 1)[1]
        self.seat, self.token = fragment.split("=", 1)
        self.game = page.url.split("#")[0].rsplit("/", 1)[1]

    def read(self) -> Any:
        response = httpx.get(
            f"{self.base}/api/games/{self.game}/page",
            params={"seat": self.seat, "token": self.token},
            timeout=HTTP_TIMEOUT,
        )
        assert response.status_code == 200, response.text
        return response.json()

    def settled(self) -> Any:
        """The seat's page once it is this seat's turn (or the game is over) and the browser
        shows that version."""
        deadline = time.monotonic() + 60
        while not ((data := self.read())["over"] or data["to_move"] == int(self.seat)):
            assert time.monotonic() < deadline, "the other seat did not play"
            self.page.wait_for_timeout(20)
        self.page.wait_for_function(
            "v => Number(document.body.dataset.version) >= v", arg=data["version"], polling=50
        )
        return data

    def click(self, action: dict[str, Any]) -> None:
        """Play ``action`` as a person does: click its place on the board (then its button
        if the place offers several inputs), or its button among the choices."""
        before = self.read()["version"]
        notation = action["notation"]
        if action["places"]:
            place = action["places"][0]
            target = self.page.locator(
                f'#board [data-square="{place}"].target, #board [data-spot="{place}"].target'
            ).last
            target.click(force=True)  # a piece may lie on the square: the click goes to it
            menu = self.page.locator("#menu:not(.hidden)")
            if menu.count():
                self.page.locator(f'#menu-actions button[data-action="{notation}"]').click()
        else:
            button = self.page.locator(f'#choices button[data-action="{notation}"]')
            if not button.is_visible():
                button.locator("xpath=ancestor::details/summary").click()
            button.click()
        for _ in range(500):
            if self.read()["version"] > before:
                return
            self.page.wait_for_timeout(10)
        raise AssertionError(f"{notation!r} was not played: {self.page.text_content('#error')}")


def test_a_person_plays_a_whole_game_against_a_bot_by_clicking(
    browser: Any, tmp_path: Path
) -> None:
    with serving(tmp_path / "games.sqlite") as base:
        page = browser.new_page()
        page.goto(f"{base}/")
        page.select_option("#players", "2")
        page.select_option("#seat-0", "here")
        page.select_option("#seat-1", "bot:greedy")
        page.fill("#seed", str(SEED))
        page.click("#create")
        page.wait_for_url(re.compile(r".*/table/.*#0=.*"))
        seat = Seat(page, base)
        rng = random.Random(SEED)
        answered = 0
        while not (data := seat.settled())["over"]:
            assert page.locator("#status").text_content() == "Your decision."
            hand = data["view"]["hands"][0]
            assert page.locator("#hand").text_content() == "Your hand: " + ", ".join(
                f"{colour} {count}" for colour, count in hand.items()
            )
            pending = data["view"]["pending"]
            if pending is not None and pending["type"] == "commit_decision":
                answered += 1
                assert page.locator("#board .conflict").count() == 2  # both leaders ringed
            seat.click(data["actions"][rng.randrange(len(data["actions"]))])
        assert answered > 0, "seat 0 met no conflict"
        assert page.locator("#status").text_content() == "The game is over."
        page.wait_for_selector("#result:not(.hidden)")
        assert page.locator("#result-table tr").count() == 3
        with page.expect_download() as download:
            page.click("#log-json")
        log = tr.loads(Path(download.value.path()).read_text(encoding="utf-8"), tr.GameLog)
        assert tr.validate_log(log).problems == ()
        assert len(log.actions) == data["version"]
        page.close()


def test_a_seats_page_never_shows_another_seats_hand(browser: Any, tmp_path: Path) -> None:
    with serving(tmp_path / "games.sqlite") as base:
        answer = httpx.post(
            f"{base}/api/games",
            json={"config": {"players": 2}, "seed": 4, "seats": ["person", "person"]},
            timeout=HTTP_TIMEOUT,
        ).json()
        game, tokens = answer["game"], answer["tokens"]
        pages = []
        seen: list[Any] = []  # every page the browser of seat 1 received
        for seat in (0, 1):
            page = browser.new_context().new_page()
            if seat == 1:
                page.on(
                    "response",
                    lambda r: (
                        seen.append(r.json()) if "/page?" in r.url or "/act" in r.url else None
                    ),
                )
            page.goto(f"{base}/table/{game}#{seat}={tokens[str(seat)]}")
            pages.append(Seat(page, base))
        rng = random.Random(4)
        for _ in range(30):
            data = pages[0].read()
            mover = pages[data["to_move"]]
            data = mover.settled()
            mover.click(data["actions"][rng.randrange(len(data["actions"]))])
            theirs = pages[1].read()
            pages[1].page.wait_for_function(
                "v => Number(document.body.dataset.version) >= v", arg=theirs["version"], polling=50
            )
            hand0 = pages[0].read()["view"]["hands"][0]
            text = pages[1].page.locator("body").inner_text()
            written = ", ".join(f"{colour} {count}" for colour, count in hand0.items())
            hand1 = theirs["view"]["hands"][1]
            if hand0 != hand1:
                assert written not in text
            assert pages[1].page.locator("#board .seat-0 .hand-tile").count() == 0
            assert pages[1].page.locator("#board .seat-0 .hand-hidden").count() == 1
            assert pages[1].page.locator("#board .seat-1 .hand-tile").count() > 0
        assert seen
        assert all(got["view"]["hands"][0] is None for got in seen if "view" in got)
