"""garou serve in a real browser: Debian's headless Chromium at a phone's size (390×844),
driven through Debian's chromedriver by Selenium, in both languages.

Skipped, with the reason, when Chromium, chromedriver or Selenium is absent (``.ci/run``
installs them). With ``GAROU_SCREENSHOTS=docs`` the phone views are saved there as PNG.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO

PAGES = ["/search", "/cheatsheet?game=mafia", "/setup", "/house", "/game"]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("path", PAGES)
def test_every_nav_link_is_whole_on_a_phone(browser, server, path, lang):
    joiner = "&" if "?" in path else "?"
    browser.get(f"{server}{path}{joiner}lang={lang}")
    boxes = until(browser, lambda d: d.execute_script(
        "const nav = document.querySelector('.bar nav');"
        "return [...nav.querySelectorAll('a')].map(a => {const r = a.getBoundingClientRect();"
        " return {text: a.textContent, left: r.left, right: r.right, top: r.top,"
        " visible: document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)"
        " === a || a.contains(document.elementFromPoint((r.left + r.right) / 2,"
        " (r.top + r.bottom) / 2))};});"
    ), "the nav links' boxes")  # fmt: skip
    assert len(boxes) == 5
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
        assert box["visible"], box  # not hidden under another element, nor scrolled away
    screenshot(browser, f"fixb-nav-{path.strip('/').split('?')[0]}-{lang}")


def _value(driver, voter: str) -> str:
    return driver.execute_script(
        f"return document.querySelector('select[data-voter=\"{voter}\"]').value"
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_ballots_picked_survive_a_reload_and_reach_the_terminal(
    browser, mafia_server, lang, book
):
    from garou.game import mafia_script, session
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data

    base, clock, db = mafia_server
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, start_data(
            book.game("mafia"), MAFIA_NAMES, roles=MAFIA_ROLES, name=f"Draft {lang}"))  # fmt: skip
        session.record(journal, book, game_id, "day", {})
        for name in MAFIA_NAMES:
            session.record(journal, book, game_id, "speech", {"player": name})
        session.record(journal, book, game_id, "nominate", {"by": "Ana", "nominee": "Bob"})
        session.record(journal, book, game_id, "nominate", {"by": "Cid", "nominee": "Hal"})
        session.record(journal, book, game_id, "close-nominations", {})
    browser.get(f"{base}/game/{game_id}?lang={lang}")
    assert step_of(browser)[0] == "vote"
    picks = {"Ana": "Bob", "Cid": "Bob", "Eve": "Hal"}
    for voter, nominee in picks.items():
        before = browser.execute_script("return document.querySelector('form[data-draft]')"
                                        ".dataset.saved || ''")  # fmt: skip
        choose(browser, f'select[data-voter="{voter}"]', nominee)
        until(browser, lambda d, b=before: d.execute_script(
            "return document.querySelector('form[data-draft]').dataset.saved || ''") != b,
            f"the pick of {voter} kept")  # fmt: skip
    browser.refresh()  # the phone slept, the page was reloaded
    until(browser, lambda d: _value(d, "Ana") == "Bob", "Ana's ballot shown again")
    assert {v: _value(browser, v) for v in picks} == picks
    assert _value(browser, "Dan") == ""  # not picked: silent, against the last nominee
    screenshot(browser, f"fixe-ballot-draft-{lang}")
    with open_journal(db) as journal:
        ballots = session.mafia_ballots(journal, book, game_id, lang)
        assert ballots.votes == picks and not ballots.told
        assert journal.kept_draft(game_id, mafia_script.DRAFT) is not None


CHROMIUM = Path("/usr/bin/chromium")


CHROMEDRIVER = Path("/usr/bin/chromedriver")


PHONE = {"width": 390, "height": 844, "pixelRatio": 2}


try:
    import selenium  # noqa: F401

    HAVE_SELENIUM = True
except ImportError:
    HAVE_SELENIUM = False


pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason=f"{CHROMIUM} is absent (apt install chromium)"
    ),
    pytest.mark.skipif(
        not CHROMEDRIVER.exists(),
        reason=f"{CHROMEDRIVER} is absent (apt install chromium-driver)",
    ),
    pytest.mark.skipif(not HAVE_SELENIUM, reason="Selenium is absent (pip install -e '.[test]')"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real ``garou serve --port 0`` (loopback only), stopped with Ctrl-C at the end."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path_factory.mktemp("cache"))}
    env.pop("GAROU_RULES_DIR", None)
    env["GAROU_DB"] = str(tmp_path_factory.mktemp("journal") / "games.sqlite")
    garou = Path(sys.executable).with_name("garou")
    # Run in the background of a script (`cmd &`), the tests inherit Ctrl-C ignored, and so
    # would the server, which a Python started so never turns into KeyboardInterrupt: it
    # would not stop at the end. Caught here for the moment of the start, Ctrl-C is the
    # default again in the server (a caught signal is reset at exec, an ignored one stays).
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(
            [str(garou), "serve", "--port", "0", "--lang", "en"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", first)
        assert found, f"garou serve did not start: {first!r}"
        yield found.group(0)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            raise


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Chromium emulating a phone."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--lang=fr",
                f"--user-data-dir={tmp_path_factory.mktemp('profile')}"):  # fmt: skip
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.execute_cdp_cmd(
        "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    driver.implicitly_wait(0)
    try:
        yield driver
    finally:
        driver.quit()


WAIT = 30.0
"""The deadline of every wait, in seconds: a loaded machine is slow, never forever."""


REPLACED = (
    "does not belong to the document",
    "no node with given id",
    "cannot find context with specified id",
    "execution context was destroyed",
    "inspected target navigated or closed",
    "node is detached from document",
)
"""What chromedriver says, as an unknown error, about a page being replaced."""


def transient(exc: Exception) -> bool:
    """Whether ``exc`` says the page is not there yet (or no longer): worth another try."""
    from selenium.common import exceptions as e

    again = (
        e.StaleElementReferenceException,
        e.NoSuchElementException,
        e.ElementClickInterceptedException,  # a page coming in covers it for a moment
        e.ElementNotInteractableException,
    )
    if isinstance(exc, again):
        return True
    message = (getattr(exc, "msg", None) or str(exc)).lower()
    return isinstance(exc, e.WebDriverException) and any(m in message for m in REPLACED)


def until(driver: Any, condition: Any, what: str, timeout: float = WAIT) -> Any:
    """The first true value of ``condition(driver)``, tried until ``timeout``; a try that
    meets the page being replaced counts as "not yet". Fails saying ``what`` was awaited."""
    from selenium.common.exceptions import TimeoutException, WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    last: list[str] = []

    def attempt(d: Any) -> Any:
        try:
            return condition(d)
        except WebDriverException as exc:
            if not transient(exc):
                raise
            said = next(iter((exc.msg or "").splitlines()), "")
            last[:] = [f"{type(exc).__name__}: {said}"]
            return False

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(attempt)
    except TimeoutException:
        said = f"{what}: not so after {timeout:g} s" + (f" (last: {last[0]})" if last else "")
        raise TimeoutException(said) from None


def find(driver: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css)


def complete(driver: Any) -> bool:
    return driver.execute_script("return document.readyState") == "complete"


def wait_for(driver: Any, css: str, timeout: float = WAIT) -> None:
    """Wait for ``css`` on a complete page (read it then with text_of / attr_of)."""
    until(driver, lambda d: complete(d) and d.find_elements("css selector", css), css, timeout)


def read(driver: Any, css: str, how: Any, timeout: float = WAIT) -> Any:
    """``how(element)`` for the element ``css``, in one try that found it and read it."""
    return until(driver, lambda d: [how(find(d, css))], f"read {css}", timeout)[0]


def text_of(driver: Any, css: str, timeout: float = WAIT) -> str:
    return str(read(driver, css, lambda e: e.text, timeout))


def attr_of(driver: Any, css: str, name: str, timeout: float = WAIT) -> str:
    """An attribute of ``css`` ("" when it has none)."""
    return str(read(driver, css, lambda e: e.get_attribute(name) or "", timeout))


def _touch(driver: Any, css: str) -> Any:
    element = find(driver, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    return element


def tap(driver: Any, css: str, timeout: float = WAIT) -> None:
    """Tap ``css`` on this page (it stays: a choice, a fold), as a thumb would."""

    def attempt(d: Any) -> bool:
        _touch(d, css).click()
        return True

    until(driver, attempt, f"tap {css}", timeout)


def fill(driver: Any, css: str, text: str, timeout: float = WAIT) -> None:
    """Type ``text`` into the field ``css`` (emptied first); done when the field holds it."""

    def attempt(d: Any) -> bool:
        field = _touch(d, css)
        field.clear()
        field.send_keys(text)
        return bool(field.get_property("value") == text)

    until(driver, attempt, f"{css} holds {text!r}", timeout)


def choose(driver: Any, css: str, value: str, timeout: float = WAIT) -> None:
    """Pick the option ``value`` of the list ``css``; done when the list shows it."""
    from selenium.webdriver.support.ui import Select

    def attempt(d: Any) -> bool:
        chooser = _touch(d, css)
        Select(chooser).select_by_value(value)
        return bool(chooser.get_property("value") == value)

    until(driver, attempt, f"{css} set to {value!r}", timeout)


def _mark(driver: Any) -> str:
    token = uuid.uuid4().hex
    until(driver, lambda d: d.execute_script("return window.__garou = arguments[0]", token),
          "a mark on the page")  # fmt: skip
    return token


def _page(driver: Any) -> tuple[str | None, str]:
    mark, state = driver.execute_script("return [window.__garou || null, document.readyState]")
    return mark, str(state)


def go(driver: Any, css: str, timeout: float = WAIT) -> None:
    """Tap ``css``, which sends the page away (a form's button, a link); return when the
    next page is complete. A try that failed is made again only while the page is still
    this one: the tap that went through is never repeated on the next page."""
    token = _mark(driver)

    def attempt(d: Any) -> bool:
        if _page(d)[0] != token:
            return True  # already leaving: the tap went through
        _touch(d, css).click()
        return True

    until(driver, attempt, f"tap {css}", timeout)
    until(driver, lambda d: _page(d) == (None, "complete"), f"the page after {css}", timeout)


def check_phone_layout(driver: Any) -> None:
    """The page fits the phone's width: nothing to scroll sideways, text not shrunk."""
    sizes = until(driver, lambda d: d.execute_script(
        "return {width: document.documentElement.scrollWidth, inner: window.innerWidth,"
        " font: parseFloat(getComputedStyle(document.getElementById('main')).fontSize)}"
    ), "the page's sizes")  # fmt: skip
    assert sizes["inner"] == PHONE["width"]
    width, inner = sizes["width"], sizes["inner"]
    assert width <= inner, f"the page is {width}px wide on a {inner}px phone"
    assert sizes["font"] >= 16


def screenshot(driver: Any, name: str) -> None:
    folder = os.environ.get("GAROU_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"{name}.png"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_then_a_ruling_by_tapping(browser, server, lang):
    browser.get(f"{server}/?lang={lang}")
    assert attr_of(browser, "html", "lang") == lang
    fill(browser, "#q", "chasseur amoureux")
    go(browser, ".searchbox button")
    wait_for(browser, "article.ruling")
    assert attr_of(browser, "article.ruling", "data-entry") == "lg-cascade-chain"
    assert attr_of(browser, "html", "lang") == lang
    check_phone_layout(browser)
    screenshot(browser, f"web-search-{lang}")
    related = "article.ruling .related a"
    target = attr_of(browser, related, "href").rsplit("/", 1)[1]
    go(browser, related)
    wait_for(browser, f'article.ruling[data-entry="{target}"]')
    assert "Source" in text_of(browser, "article.ruling .source")
    check_phone_layout(browser)
    screenshot(browser, f"web-ruling-{lang}")


def test_the_language_switch_on_a_page(browser, server):
    browser.get(f"{server}/rule/lg-vote-tie?lang=fr")
    go(browser, 'a.lang[data-lang="en"]')
    wait_for(browser, 'html[lang="en"]')
    assert "Source:" in text_of(browser, "article.ruling .source")
    browser.get(f"{server}/search")  # remembered
    assert attr_of(browser, "html", "lang") == "en"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_house_rule_picker_gives_a_file_garou_house_show_reads(
    browser, server, downloads, lang, book
):
    from garou.houserules import questions

    for old in downloads.iterdir():
        old.unlink()
    game = book.game("loup-garou")
    question = questions(game)[0]
    other = next(o for o in question.options if o.id != question.default.option)
    browser.get(f"{server}/house?game=loup-garou&lang={lang}")
    assert attr_of(browser, "html", "lang") == lang
    check_phone_layout(browser)
    screenshot(browser, f"web-house-{lang}")
    choice = f'input[name="case.{question.id}"][value="{other.id}"]'
    tap(browser, f"*:has(> {choice})")  # tap the option's label, as a thumb would
    assert read(browser, choice, lambda e: e.is_selected())
    fill(browser, 'input[name="table"]', "Les Loups du jeudi")
    tap(browser, "button[data-download]")  # the answer is a file: the page stays
    target = downloads / "accord.yaml"
    until(browser, lambda d: target.exists(), f"a download in {downloads}")
    garou = shutil.which("garou") or str(Path(sys.executable).with_name("garou"))
    shown = subprocess.run(
        [garou, "house", "show", str(target), "--json", "--lang", lang],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    assert data["table"] == "Les Loups du jeudi"
    decided = {d["case"]: d["option"] for d in data["decisions"]}
    assert decided[question.id] == other.id


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_setup_check_and_the_cheat_sheet_fit_a_phone(browser, server, lang):
    browser.get(f"{server}/setup?game=loup-garou&lang={lang}")
    fill(browser, 'input[name="players"]', "8")
    for role, n in (("loup-garou", "2"), ("voyante", "1"), ("villageois", "4")):
        fill(browser, f'input[name="n.{role}"]', n)
    total = text_of(browser, "[data-total]")
    assert "7" in total and "8" in total  # counted as typed, by the page's script
    go(browser, 'button[value="check"]')
    wait_for(browser, ".verdict")
    assert attr_of(browser, ".verdict", "data-ok") == "no"  # 7 cards for 8 players
    check_phone_layout(browser)
    screenshot(browser, f"web-setup-{lang}")
    browser.get(f"{server}/cheatsheet?game=loup-garou&lang={lang}")
    wait_for(browser, ".sheet #night")
    check_phone_layout(browser)
    screenshot(browser, f"web-cheatsheet-{lang}")


NAMES = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo"]


DEAL = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloé": "voyante", "Driss": "sorciere"}


ROLE_NAMES = {"fr": ["Voyante", "Sorcière"], "en": ["Seer", "Witch"]}
"""The names of the living players' roles the table view must never show."""


def step_of(driver: Any) -> tuple[str, str]:
    wait_for(driver, "[data-step]")
    return read(
        driver,
        "[data-step]",
        lambda e: (e.get_attribute("data-step"), e.get_attribute("data-night-step") or ""),
    )


def record(driver: Any, action: str = "record", css: str | None = None) -> None:
    """Tap a button that sends the step's form; the next page is there, never refused."""
    go(driver, css or f'[data-action="{action}"]')
    assert not driver.find_elements("css selector", "[data-refused]"), driver.page_source


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_game_of_loup_garou_played_by_tapping(browser, server, lang):
    browser.get(f"{server}/game?lang={lang}")
    check_phone_layout(browser)
    fill(browser, 'input[name="name"]', f"Browser {lang}")
    fill(browser, 'textarea[name="names"]', "\n".join(NAMES))
    for role, count in {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 4}.items():
        fill(browser, f'input[name="n.{role}"]', str(count))
    tap(browser, "details summary")
    fill(browser, 'textarea[name="deal"]', "\n".join(f"{n}: {r}" for n, r in DEAL.items()))
    go(browser, '[data-action="start"]')
    wait_for(browser, "[data-step]")
    master = browser.current_window_handle
    game_url = browser.current_url.split("?")[0]
    assert attr_of(browser, "html", "lang") == lang
    nights = {1: {"look": "Alice", "kill": "Hugo"}, 2: {"look": "Bruno", "kill": "Gaëlle"}}
    night = 1
    shots = set()
    for _ in range(60):
        kind, night_step = step_of(browser)
        check_phone_layout(browser)
        if kind == "over":
            break
        if kind == "call":
            record(browser)
        elif kind in ("look", "kill"):
            tap(browser, f'input[data-pick="{nights[night][kind]}"]')
            if "night" not in shots:
                shots.add("night")
                screenshot(browser, f"web-game-night-{lang}")
            record(browser)
            if kind == "look":
                assert nights[night]["look"] in text_of(browser, "[data-seen]")
        elif kind == "potions":
            if night == 2:
                tap(browser, 'input[data-pick="poison-Bruno"]')
            record(browser)
        elif kind == "dawn":
            record(browser)
            assert text_of(browser, "[data-announcement]")
            night += 1
        elif kind == "election":
            record(browser, css='button[data-choice="Farid"]')
        elif kind == "vote":
            record(browser, "timer")
            first = text_of(browser, "[data-countdown]")
            until(browser, lambda d, shown=first: find(d, "[data-countdown]").text != shown,
                  f"the countdown moves on from {first}")  # fmt: skip
            for voter in NAMES:
                chooser = f'select[data-voter="{voter}"]'
                if browser.find_elements("css selector", chooser):
                    choose(browser, chooser, "Farid" if voter == "Alice" else "Alice")
            screenshot(browser, f"web-game-vote-{lang}")
            # The shared screen, open beside: it refreshes itself when the vote is counted.
            browser.switch_to.new_window("tab")
            browser.get(f"{game_url}/table?lang={lang}")
            wait_for(browser, "[data-story]")
            text = text_of(browser, "main")
            for secret in ROLE_NAMES[lang]:
                assert secret not in text
            assert text_of(browser, "[data-countdown]")  # the day's timer shows here too
            table = browser.current_window_handle
            browser.switch_to.window(master)
            record(browser, "vote")
            browser.switch_to.window(table)
            wait_for(browser, '[data-player="Alice"][data-alive="no"]')
            check_phone_layout(browser)
            screenshot(browser, f"web-game-table-{lang}")
            browser.close()
            browser.switch_to.window(master)
            browser.refresh()
        else:
            raise AssertionError(f"unexpected step {kind} {night_step}")
    assert step_of(browser)[0] == "over"
    wait_for(browser, "[data-recap]")
    assert "Bruno" in text_of(browser, "[data-recap]")
    winner = text_of(browser, "[data-winner]")
    assert ("Victoire" if lang == "fr" else "Victory") in winner
    check_phone_layout(browser)
    browser.execute_script(
        "window.scrollTo(0, document.querySelector('[data-winner]').offsetTop - 120)"
    )
    screenshot(browser, f"web-game-recap-{lang}")


class FakeClock:
    """The server's clock, moved by the test (the countdowns are read on it)."""

    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def mafia_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any, Path]]:
    """The web app on a fake clock, served by waitress on the loopback address in a thread
    of the test (``garou serve`` is this app with the real clock)."""
    from waitress.server import create_server

    from garou.web import WebConfig, create_app

    db = tmp_path_factory.mktemp("mafia") / "games.sqlite"
    clock = FakeClock()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        mp.delenv("GAROU_RULES_DIR", raising=False)
        app = create_app(WebConfig(db=db, clock=clock))
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        import threading

        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.effective_port}", clock, db  # type: ignore[union-attr]
        finally:
            server.close()


MAFIA_NAMES = ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


MAFIA_ROLES = {
    "Ana": "citoyen", "Bob": "mafia", "Cid": "citoyen", "Dan": "sherif", "Eve": "citoyen",
    "Fay": "don", "Gus": "citoyen", "Hal": "mafia", "Ivy": "citoyen", "Jon": "citoyen",
}  # fmt: skip


MAFIA_SECRETS = {"fr": ["Shérif", "Mafieux", "Citoyen"], "en": ["Sheriff", "Mafioso", "Citizen"]}
"""The role names the Mafia table view must never show before the end."""


def countdown_text(driver: Any) -> str:
    return text_of(driver, "[data-countdown]")


def countdown_shows(driver: Any, shown: Any, what: str) -> None:
    """Wait for the countdown to show what ``shown(text)`` accepts (the page's script
    follows the server's clock at its next poll, every two seconds)."""
    until(driver, lambda d: shown(find(d, "[data-countdown]").text), what)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_mafia_day_on_the_judges_phone_with_its_countdown(browser, mafia_server, lang, book):
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data

    base, clock, db = mafia_server
    with open_journal(db) as journal:  # garou game new --game mafia: the same journal
        game_id = session.new_game(journal, book, start_data(
            book.game("mafia"), MAFIA_NAMES, roles=MAFIA_ROLES, name=f"Club {lang}"))  # fmt: skip
    browser.get(f"{base}/game/{game_id}?lang={lang}")
    master = browser.current_window_handle
    assert step_of(browser)[0] == "meeting"
    check_phone_layout(browser)
    record(browser)  # the morning after the meeting
    assert step_of(browser)[0] == "speech"
    assert attr_of(browser, "[data-speaker]", "data-speaker") == "Ana"
    assert countdown_text(browser) == "1:00"  # the data's 60 s speech, not started
    record(browser, "timer")
    assert attr_of(browser, "[data-countdown]", "data-state") == "running"
    clock.now += 25  # the server's clock: the page follows it at its next poll
    countdown_shows(browser, lambda t: t in ("0:35", "0:34", "0:33"), "35 s left")
    # A foul for Cid (tapped on the seat), Ana nominates Bob during her speech.
    record(browser, css='button[data-foul="Cid"]')
    assert attr_of(browser, 'tr[data-player="Cid"]', "data-fouls") == "1"
    assert "1/3" in text_of(browser, 'tr[data-player="Cid"] [data-foul-count]')
    choose(browser, "select[data-nominee]", "Bob")
    record(browser, "nominate")
    assert browser.find_elements("css selector", '[data-nominated="Bob"]')
    record(browser, "timer-pause")
    paused = countdown_text(browser)
    clock.now += 120
    browser.refresh()
    assert countdown_text(browser) == paused  # paused: the server's clock moved, not it
    screenshot(browser, f"web-judge-speech-{lang}")
    record(browser, "timer-resume")
    clock.now += 40  # past the end of Ana's speech
    done = "Temps écoulé." if lang == "fr" else "Time is up."
    countdown_shows(browser, lambda t: t == done, done)
    # The table's screen, open beside: the speaker, the time up, the foul; no card.
    browser.switch_to.new_window("tab")
    browser.get(f"{base}/game/{game_id}/table?lang={lang}")
    wait_for(browser, "[data-story]")
    assert countdown_text(browser) == done
    assert attr_of(browser, "[data-speaker]", "data-speaker") == "Ana"
    table = browser.current_window_handle
    browser.switch_to.window(master)
    record(browser, "speech")
    for speaker in MAFIA_NAMES[1:]:
        assert attr_of(browser, "[data-speaker]", "data-speaker") == speaker
        if speaker == "Dan":
            choose(browser, "select[data-nominee]", "Hal")
            record(browser, "nominate")
        record(browser, "speech")
    assert step_of(browser)[0] == "nominate"  # open until the judge closes them
    record(browser, "close-nominations")
    assert step_of(browser)[0] == "vote"
    for voter in MAFIA_NAMES[:6]:  # six against Bob; the silent four count against Hal
        choose(browser, f'select[data-voter="{voter}"]', "Bob")
    check_phone_layout(browser)
    screenshot(browser, f"web-judge-vote-{lang}")
    record(browser, "vote")
    assert step_of(browser)[0] == "farewell"
    assert attr_of(browser, 'tr[data-player="Bob"]', "data-alive") == "no"
    # The table refreshes by itself: Bob out, the vote's count, and still no card.
    browser.switch_to.window(table)
    wait_for(browser, '[data-player="Bob"][data-alive="no"]')
    assert read(browser, "[data-round-count]", lambda e: True)
    text = text_of(browser, "main")
    for secret in MAFIA_SECRETS[lang]:
        assert secret not in text
    check_phone_layout(browser)
    screenshot(browser, f"web-mafia-table-{lang}")
    browser.close()
    browser.switch_to.window(master)
    browser.refresh()
    record(browser)  # Bob's farewell
    record(browser, "night")
    assert step_of(browser)[0] == "shot"
    check_phone_layout(browser)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_tie_gives_each_tied_player_extra_time_on_the_judges_phone(
    browser, mafia_server, lang, book
):
    import yaml

    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data

    base, clock, db = mafia_server
    record_file = REPO / "tests" / "data" / "games" / "mafia-tie-lift.yaml"
    events = yaml.safe_load(record_file.read_text(encoding="utf-8"))["events"]
    tie = next(i for i, e in enumerate(events) if e["kind"] == "vote")
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, start_data(
            book.game("mafia"), MAFIA_NAMES, roles=MAFIA_ROLES, name=f"Tie {lang}"))  # fmt: skip
        for event in events[: tie + 1]:
            values = {k: v for k, v in event.items() if k != "kind"}
            session.record(journal, book, game_id, event["kind"], values, lang)
    browser.get(f"{base}/game/{game_id}?lang={lang}")
    for name in ("Bob", "Eve"):  # in nomination order, each as long as a speech
        assert step_of(browser)[0] == "speech"
        assert attr_of(browser, "[data-extra]", "data-extra") == name
        assert countdown_text(browser) == "1:00"
        check_phone_layout(browser)
        screenshot(browser, f"web-judge-extra-{name}-{lang}")
        record(browser, "speech")
    assert step_of(browser)[0] == "vote"
    assert not browser.find_elements("css selector", "[data-extra]")
    check_phone_layout(browser)
    screenshot(browser, f"web-judge-revote-{lang}")
