"""The live game's fixes of wave fixe: the night script's late calls, the Mafia nominations
closed as an event, the ballot draft kept consistent (terminal and web), the recap's event
numbers in every format, the extra time said as such."""

from __future__ import annotations

import html
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
def test_every_recap_format_numbers_each_event_before_its_first_line(garou, tmp_path, record, lang):
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


# --- 6: a tied player's extra time is said as such, never as an ordinary speech ----------

EXTRA_WORDS = {"en": "extra time before the revote", "fr": "temps supplémentaire"}
SPEECH_WORDS = {"en": "'s speech", "fr": "la parole"}


def _to_first_extra_time(tmp_path: Path, order: int | None) -> tuple[Path, int, str]:
    """The tie-lift record cut just after the first tied player's extra time (at ``order``,
    None: as garou wrote it before the rules of order), its number and the player."""
    record = yaml.safe_load((GAMES / "mafia-tie-lift.yaml").read_text(encoding="utf-8"))
    events = record["events"]
    vote = next(i for i, e in enumerate(events) if e["kind"] == "vote")
    assert events[vote + 1]["kind"] == "speech"
    record["events"] = events[: vote + 2]
    if order is None:
        record["game"].pop("order", None)
    else:
        record["game"]["order"] = order
    path = tmp_path / "cut.yaml"
    path.write_text(yaml.safe_dump(record, allow_unicode=True, sort_keys=False), "utf-8")
    return path, vote + 3, events[vote + 1]["player"]  # + start, + 1: seq from 1


@pytest.mark.parametrize("order", [None, 2])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_extra_time_is_said_as_extra_time_wherever_an_event_is_said(
    garou, tmp_path, lang, order
):
    """The undo's message, the recap's corrections and undos, the web's correction list:
    each says the tied player's extra time, in both languages, at either rules of order."""
    path, seq, player = _to_first_extra_time(tmp_path, order)
    db = str(tmp_path / "games.sqlite")
    assert garou("game", "import", str(path), "--db", db).exit_code == 0
    undo = garou("game", "undo", "--db", db, "--lang", lang)  # undoes the extra time
    assert undo.exit_code == 0, undo.stderr
    said = " ".join(undo.stdout.split())
    assert EXTRA_WORDS[lang] in said and SPEECH_WORDS[lang] not in said
    recap = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    undone = [c for c in recap["corrections"] if f"#{seq}" in c or f" {seq}" in c]
    assert undone and all(EXTRA_WORDS[lang] in c for c in undone), recap["corrections"]
    # said again as the game now stands: recorded again, corrected, listed on the web
    again = garou("game", "add", "speech", f"player={player}", "seconds=60", "--db", db)
    assert again.exit_code == 0, again.stderr
    seq_again = seq + 2  # after the undo
    fixed = garou(
        "game", "correct", str(seq_again), "speech", f"player={player}", "seconds=41",
        "--why", "timer", "--db", db, "--lang", lang,
    )  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    recap = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    corrected = [c for c in recap["corrections"] if "41" in c]
    assert corrected and EXTRA_WORDS[lang] in corrected[0], recap["corrections"]
    assert SPEECH_WORDS[lang] not in corrected[0]
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=Path(db))).test_client()
    page = html.unescape(client.get(f"/game/1?lang={lang}").get_data(as_text=True))
    listed = re.search(rf"<option[^>]*>{seq_again} · ([^<]*)</option>", page)
    assert listed and EXTRA_WORDS[lang] in listed.group(1), page[:200]
    # an ordinary speech of the same evening is still said as a speech
    assert re.search(rf"<option[^>]*>\d+ · [^<]*{re.escape(SPEECH_WORDS[lang])}", page)
