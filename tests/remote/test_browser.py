"""``host --web`` in headless Chromium (Debian's package, driven by Playwright): a seat's link
opens its join screen in the browser, and a move made there reaches the other seat."""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import sys
from pathlib import Path

from playwright.async_api import async_playwright
from remote_helpers import TIMEOUT, Recorder, joined, run, until

PAGE = re.compile(r"browser, (\w+): (http://\S+)")
LINK = re.compile(r"botanik-design join (ws://\S+)")


def test_a_move_made_in_the_browser_reaches_the_other_seat(tmp_path: Path) -> None:
    chromium = shutil.which("chromium")
    assert chromium is not None, "install Debian's chromium package (apt-get install chromium)"

    async def main() -> None:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "botanik_design", "host", "--seed", "4", "--web",
            "--record", str(tmp_path / "web.yaml"),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        assert proc.stdout is not None
        pages: dict[str, str] = {}
        links: dict[str, str] = {}
        try:
            while "watch" not in pages:
                line = (await asyncio.wait_for(proc.stdout.readline(), TIMEOUT)).decode()
                assert line, "the host stopped"
                if m := PAGE.search(line):
                    pages[m.group(1)] = m.group(2)
                elif m := LINK.search(line):
                    links[m.group(1).split("/")[3].split("?")[0]] = m.group(1)
            other = Recorder(links["1"])
            async with joined(other), async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=chromium,
                                                   args=["--no-sandbox"])
                try:
                    page = await browser.new_page(viewport={"width": 1400, "height": 900})
                    wrong = await page.goto(pages["0"].replace("/0/", "/1/"))
                    assert wrong is not None and wrong.status == 404
                    await page.goto(pages["0"])
                    await until(lambda: other.view is not None
                                and other.view["connected"][0], "the browser seat to join")
                    await page.locator(".textual-terminal").click()
                    for _ in range(int(TIMEOUT * 10)):
                        await page.keyboard.press("Enter")
                        await asyncio.sleep(0.1)
                        if other.view is not None and other.view["step"] >= 1:
                            break
                    assert other.view is not None and other.view["step"] >= 1
                    assert other.view["moves"][0]["player"] == 0
                finally:
                    await browser.close()
        finally:
            proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(proc.wait(), TIMEOUT)

    run(main())
