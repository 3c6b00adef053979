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


# --- 1 (review2 #11): a role passed over at night is called late, as the warning asks -----

TWELVE = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Léa"]
CARDS12 = {"loup-garou": 3, "voyante": 1, "sorciere": 1, "chasseur": 1, "cupidon": 1}
CARDS12 |= {"villageois": 5}
DEAL12 = {"Ana": "cupidon", "Bob": "voyante", "Cid": "sorciere", "Dee": "chasseur"}
DEAL12 |= {"Eve": "loup-garou", "Fay": "loup-garou", "Gus": "loup-garou"}
ACTIONS = {  # each night-1 step's own event (by its step id)
    "couple": ("couple", {"lovers": ["Ivy", "Jon"]}),
    "voyante": ("look", {"target": "Eve"}),
    "loups": ("kill", {"victim": "Hal"}),
    "sorciere": ("potions", {}),
}
# (the steps passed over, the later step recorded first): every order the document allows
# (the witch never before the wolves: lg-mistake-witch-first)
PASSED = [
    (("couple",), "voyante"),
    (("couple",), "loups"),
    (("voyante",), "loups"),
    (("couple", "voyante"), "loups"),
    (("couple", "voyante"), "sorciere"),
]


def _twelve(book, journal):
    from garou.game import session

    start = {"game": "loup-garou", "players": TWELVE, "roles": CARDS12, "deal": DEAL12}
    return session.new_game(journal, book, start)


@pytest.fixture
def journal(tmp_path: Path):
    from garou.game.journal import Journal

    with Journal(tmp_path / "games.sqlite") as j:
        yield j


@pytest.mark.parametrize(("passed", "first"), PASSED, ids=lambda v: str(v))
@pytest.mark.parametrize("how", ["call", "action"])
def test_a_step_passed_over_is_called_late_and_the_warning_says_how(
    book, journal, passed, first, how
):
    from garou.game import script, session
    from garou.game.table import warnings

    game_id = _twelve(book, journal)
    steps = [s.id for s in session.load(journal, book, game_id).state.steps()]
    for step in steps[: steps.index(first)]:
        if step not in passed:
            session.record(journal, book, game_id, *ACTIONS[step])
    state = session.record(journal, book, game_id, *ACTIONS[first]).state
    warned = {w.code: w for w in warnings(state)}
    for step in passed:
        text = warned[f"skipped-{step}"].text.say("en")
        assert "call step=" in text and "before dawn" in text
    # the script offers the first step passed over, then the next, then goes on
    for step in passed:
        assert script.next_step(state).night_step.id == step
        if how == "call":
            state = session.record(journal, book, game_id, "call", {"step": step}).state
        else:
            state = session.record(journal, book, game_id, *ACTIONS[step]).state
        assert f"skipped-{step}" not in {w.code for w in warnings(state)}
        late = [line for line in state.story if line.text.key == "fixe.story.late"]
        assert late[-1].hidden and late[-1].seq == len(journal.events(game_id))
    done = set(state.done)
    left = [s for s in steps if s not in done]
    nxt = script.next_step(state)
    assert (nxt.night_step.id if nxt.night_step else None) == (left[0] if left else None)
    for step in left:
        state = session.record(journal, book, game_id, *ACTIONS[step]).state
    state = session.record(journal, book, game_id, "dawn", {}).state
    assert not [line for line in state.story if line.text.key == "game.story.skipped"]


def test_the_documents_order_is_still_kept_when_calling_late(book, journal):
    """A late call is no way around the document's constraint: the witch after the wolves."""
    from garou.game import session
    from garou.game.errors import IllegalEventError

    game_id = _twelve(book, journal)
    session.record(journal, book, game_id, *ACTIONS["voyante"])
    with pytest.raises(IllegalEventError) as refused:
        session.record(journal, book, game_id, "call", {"step": "sorciere"})
    assert refused.value.rule == "lg-mistake-witch-first"


def test_the_terminal_and_the_web_call_the_role_passed_over_first(garou, tmp_path):
    """After the seer was recorded before Cupid (``game add``), both faces call Cupid
    next, the warning shown; the couple is recorded late, then the wolves come."""
    db = str(tmp_path / "games.sqlite")
    setup = tmp_path / "table12.yaml"
    setup.write_text(
        yaml.safe_dump({"game": "loup-garou", "players": 12, "roles": CARDS12, "names": TWELVE}),
        "utf-8",
    )
    deal = ",".join(f"{k}={v}" for k, v in DEAL12.items())
    assert garou("game", "new", "--setup", str(setup), "--deal", deal, "--db", db).exit_code == 0
    assert garou("game", "add", "look", "target=Eve", "--db", db).exit_code == 0
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=Path(db))).test_client()
    page = client.get("/game/1?lang=en").get_data(as_text=True)
    assert 'data-night-step="couple"' in page and "Cupid was not called tonight" in page
    run = garou("game", "play", "--db", db, "--lang", "en", input="Ivy, Jon\nq\n")
    out = " ".join(run.stdout.split())
    assert "Cupid was not called tonight" in out
    assert "Calling: Cupid" in out
    events = yaml.safe_load(garou("game", "export", "--db", db).stdout)["events"]
    assert events[-1]["kind"] == "couple" and events[-1]["lovers"] == ["Ivy", "Jon"]
    page = client.get("/game/1?lang=en").get_data(as_text=True)
    assert 'data-night-step="loups"' in page and "was not called tonight" not in page
