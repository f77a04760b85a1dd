"""Take the screenshots of docs/web-table.md: the web table served on a free port and driven
by Chromium through Playwright (the ``web`` extra, ``playwright``, and Chromium at
``/usr/bin/chromium`` or ``TIGRIS_CHROMIUM``).

Usage: ``python docs/images/make_screenshots.py [FOLDER]`` (default: this folder). A person
creates a game of two against the greedy bot, plays at random by clicking until a conflict
awaits an answer, then to the end, and replays the game.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from playwright.sync_api import sync_playwright

from test_web_browser import ARGS, SEED, Seat
from web_serving import serving

CHROMIUM = os.environ.get("TIGRIS_CHROMIUM", "/usr/bin/chromium")


def main(folder: Path) -> None:
    with (
        tempfile.TemporaryDirectory() as work,
        serving(Path(work) / "games.sqlite") as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{base}/")
        page.select_option("#players", "2")
        page.select_option("#seat-0", "here")
        page.select_option("#seat-1", "bot:greedy")
        page.fill("#seed", str(SEED))
        page.screenshot(path=folder / "web-new-game.png", full_page=True)
        page.click("#create")
        page.wait_for_url("**/table/**")
        seat = Seat(page, base)
        rng = random.Random(SEED)
        first = True
        conflict = False
        while not (data := seat.settled())["over"]:
            if first:
                page.mouse.move(0, 0)
                page.screenshot(path=folder / "web-table.png", full_page=True)
                first = False
            pending = data["view"]["pending"]
            if not conflict and pending is not None and pending["type"] == "commit_decision":
                page.screenshot(path=folder / "web-conflict.png", full_page=True)
                conflict = True
            seat.click(data["actions"][rng.randrange(len(data["actions"]))])
        page.wait_for_selector("#result:not(.hidden)")
        page.screenshot(path=folder / "web-result.png", full_page=True)
        page.click("#replay-link")
        page.wait_for_selector("#player:not(.hidden)")
        for step in range(1, 13):
            page.click("#next")
            page.wait_for_function(
                "s => document.getElementById('where').textContent.startsWith(s + ' ')", arg=step
            )
        page.screenshot(path=folder / "web-replay.png", full_page=True)
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
