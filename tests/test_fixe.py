"""The live game's fixes of wave fixe: the night script's late calls, the Mafia nominations
closed as an event, the ballot draft kept consistent (terminal and web), the recap's event
numbers in every format, the extra time said as such."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
import yaml

from .conftest import REPO

GAMES = REPO / "tests" / "data" / "games"
RECORDS = sorted(GAMES.glob("*.yaml"))


def _imported(garou, tmp_path: Path, record: Path) -> str:
    db = str(tmp_path / "games.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    return db


# --- 5: the Markdown and HTML recaps give each event's number -----------------------------


def _md_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("- ")]


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_recap_format_numbers_each_event_before_its_first_line(
    garou, tmp_path, record, lang
):
    """The JSON recap's timeline is the truth: each event's number is written, once, before
    the first line it wrote, in Markdown and in HTML as in the terminal."""
    db = _imported(garou, tmp_path, record)
    data = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    md = garou("game", "recap", "--db", db, "-f", "md", "--lang", lang).stdout
    page = garou("game", "recap", "--db", db, "-f", "html", "--lang", lang).stdout
    md_numbered = [m.group(1) for m in re.finditer(r"^- \*\*#(\d+)\*\* ", md, re.M)]
    html_numbered = re.findall(r'<span class="seq">#(\d+)</span>', page)
    expected = []
    for part in data["timeline"]:
        last = None
        for line in part["lines"]:
            if line["seq"] != last and line["seq"]:
                expected.append(str(line["seq"]))
            last = line["seq"]
    assert expected, "the record gives no numbered line: the test would check nothing"
    assert md_numbered == expected
    assert html_numbered == expected
    # the number is the first line's: its text follows it
    plain = html.unescape(re.sub(r"<[^>]+>", "", page))
    for part in data["timeline"]:
        first = {}
        for line in part["lines"]:
            first.setdefault(line["seq"], line["text"])
        for seq, text in first.items():
            if seq:
                assert " ".join(f"#{seq} {text}".split()) in " ".join(plain.split())
    # every line is still there, none lost to the grouping
    count = sum(len(p["lines"]) for p in data["timeline"])
    timeline = md.split("\n## ")[2]
    assert len(_md_lines(timeline)) == count
