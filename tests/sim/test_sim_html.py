"""``simulate``, ``compare`` and ``sweep --html``: one self-contained page that renders in
headless Chromium without any request beyond the file itself."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.sim.html import inline_svg

SWEEP = ("sweep: tiny\nbase: {variant: registre-3, tileset: quick-3}\naxes:\n"
         "  - option: mecha_bonus\n    values: [0, 2]\n  - option: min_group_size\n"
         "    values: [2, 3]\nbots: random,random\ngames: 4\n")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("html")
    out = {k: tmp / f"{k}.html" for k in ("simulate", "compare", "sweep")}
    assert main(["simulate", "--tileset", "quick-3", "--games", "6", "--bots", "random,random",
                 "-q", "-o", str(tmp / "s.txt"), "--html", str(out["simulate"])]) == 0
    assert main(["compare", "standard", "registre-3", "--tileset", "quick-3", "--games", "4",
                 "-q", "--format", "json", "-o", str(tmp / "c.json"),
                 "--html", str(out["compare"])]) == 0
    spec = tmp / "tiny.yaml"
    spec.write_text(SWEEP, encoding="utf-8")
    assert main(["sweep", str(spec), "-w", "1", "-q", "-o", str(tmp / "w.txt"),
                 "--html", str(out["sweep"])]) == 0
    return out


KINDS = ["simulate", "compare", "sweep"]


@pytest.mark.parametrize("kind", KINDS)
def test_page_names_no_external_resource(pages: dict[str, Path], kind: str) -> None:
    text = pages[kind].read_text(encoding="utf-8")
    refs = re.findall(r"""(?:src|href)\s*=\s*["']([^"']*)["']""", text, flags=re.I)
    assert refs  # the charts' own references (fragments, inline data)
    assert not [r for r in refs if not r.startswith(("#", "data:"))]
    assert not re.search(r"""(?:src|href)\s*=\s*["']\s*https?:""", text, flags=re.I)
    assert not re.search(r"url\(\s*['\"]?(?!#)", text)  # no CSS url() but local fragments
    assert "@import" not in text and "<script" not in text.lower()
    assert "<link" not in text.lower()


@pytest.mark.parametrize("kind", KINDS)
def test_page_holds_tables_chart_caveats_and_how_to_reproduce(pages: dict[str, Path],
                                                              kind: str) -> None:
    text = pages[kind].read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert text.count("<svg") == 1 and "<table>" in text
    assert 'class="caveats"' in text and "fewer than 30 games" in text  # the caveats
    if kind != "compare":  # random bots
        assert "random moves" in text or "bots A and B random" in text
    command = re.search(r'<pre id="command">(.*?)</pre>', text, flags=re.S)
    assert command is not None and command.group(1).startswith(f"botanik-design {kind} ")
    assert "--html" in command.group(1)
    assert "<td>Python</td>" in text and "<td>botanik-design</td>" in text


def test_inline_svg_drops_prolog_and_metadata() -> None:
    svg = (b'<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
           b'"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg><metadata><rdf:RDF '
           b'xmlns:cc="http://creativecommons.org/ns#"/></metadata><g/></svg>')
    assert inline_svg(svg) == "<svg><g/></svg>"


def test_html_extension_is_checked_before_playing(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "-q", "--html", str(tmp_path / "r.pdf")]) == 2
    assert "must end in .html" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise AssertionError("these tests open the report in headless Chromium: install it "
                         "(apt-get install chromium)")


@pytest.mark.parametrize("kind", KINDS)
def test_page_renders_in_headless_chromium_without_requests(pages: dict[str, Path],
                                                            kind: str) -> None:
    from playwright.sync_api import sync_playwright

    url = pages[kind].as_uri()
    requests: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.on("request", lambda r: requests.append(r.url))
            page.goto(url, wait_until="load")
            title = page.title()
            chart = page.locator("figure svg").bounding_box()
            tables = page.locator("table").count()
            body = page.inner_text("body")
        finally:
            browser.close()
    assert requests == [url]  # the page itself, nothing else
    assert title and title in body
    assert chart is not None and chart["width"] > 300 and chart["height"] > 150
    assert tables >= 2
    assert "To reproduce" in body
