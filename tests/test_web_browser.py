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
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
    process = subprocess.Popen(
        [str(garou), "serve", "--port", "0", "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
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


def wait_for(driver: Any, css: str, timeout: float = 15) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css))
    )


def find(driver: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css)


def check_phone_layout(driver: Any) -> None:
    """The page fits the phone's width: nothing to scroll sideways, text not shrunk."""
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    assert inner == PHONE["width"]
    assert width <= inner, f"the page is {width}px wide on a {inner}px phone"
    size = driver.execute_script(
        "return parseFloat(getComputedStyle(document.getElementById('main')).fontSize)"
    )
    assert size >= 16


def screenshot(driver: Any, name: str) -> None:
    folder = os.environ.get("GAROU_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"{name}.png"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_then_a_ruling_by_tapping(browser, server, lang):
    browser.get(f"{server}/?lang={lang}")
    assert find(browser, "html").get_attribute("lang") == lang
    box = find(browser, "#q")
    box.send_keys("chasseur amoureux")
    find(browser, ".searchbox button").click()
    first = wait_for(browser, "article.ruling")
    assert first.get_attribute("data-entry") == "lg-cascade-chain"
    assert find(browser, "html").get_attribute("lang") == lang
    check_phone_layout(browser)
    screenshot(browser, f"web-search-{lang}")
    related = find(browser, "article.ruling .related a")
    target = related.get_attribute("href").rsplit("/", 1)[1]
    related.click()
    wait_for(browser, f'article.ruling[data-entry="{target}"]')
    assert "Source" in find(browser, "article.ruling .source").text
    check_phone_layout(browser)
    screenshot(browser, f"web-ruling-{lang}")


def test_the_language_switch_on_a_page(browser, server):
    browser.get(f"{server}/rule/lg-vote-tie?lang=fr")
    find(browser, 'a.lang[data-lang="en"]').click()
    wait_for(browser, 'html[lang="en"]')
    assert "Source:" in find(browser, "article.ruling .source").text
    browser.get(f"{server}/search")  # remembered
    assert find(browser, "html").get_attribute("lang") == "en"


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
    assert find(browser, "html").get_attribute("lang") == lang
    check_phone_layout(browser)
    screenshot(browser, f"web-house-{lang}")
    choice = find(browser, f'input[name="case.{question.id}"][value="{other.id}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", choice)
    choice.find_element("xpath", "..").click()  # tap the option's label, as a thumb would
    assert choice.is_selected()
    table = find(browser, 'input[name="table"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", table)
    table.send_keys("Les Loups du jeudi")
    button = find(browser, "button[data-download]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    target = downloads / "accord.yaml"
    deadline = time.monotonic() + 20
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert target.exists(), f"no download in {downloads}: {list(downloads.iterdir())}"
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
    players = find(browser, 'input[name="players"]')
    players.send_keys("8")
    for role, n in (("loup-garou", "2"), ("voyante", "1"), ("villageois", "4")):
        find(browser, f'input[name="n.{role}"]').send_keys(n)
    total = find(browser, "[data-total]").text
    assert "7" in total and "8" in total  # counted as typed, by the page's script
    button = find(browser, 'button[value="check"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    verdict = wait_for(browser, ".verdict")
    assert verdict.get_attribute("data-ok") == "no"  # 7 cards for 8 players
    check_phone_layout(browser)
    screenshot(browser, f"web-setup-{lang}")
    browser.get(f"{server}/cheatsheet?game=loup-garou&lang={lang}")
    wait_for(browser, ".sheet #night")
    check_phone_layout(browser)
    screenshot(browser, f"web-cheatsheet-{lang}")


# --- the live game: a whole Loup-Garou game played by tapping --------------------------------

NAMES = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo"]
DEAL = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloé": "voyante", "Driss": "sorciere"}
ROLE_NAMES = {"fr": ["Voyante", "Sorcière"], "en": ["Seer", "Witch"]}
"""The names of the living players' roles the table view must never show."""


def tap(driver: Any, css: str) -> None:
    element = find(driver, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def step_of(driver: Any) -> tuple[str, str]:
    box = wait_for(driver, "[data-step]")
    return box.get_attribute("data-step"), box.get_attribute("data-night-step") or ""


def record(driver: Any, action: str = "record", css: str | None = None) -> None:
    """Tap a button that sends the step's form; wait for the next page, never refused."""
    old = find(driver, "[data-step]")
    tap(driver, css or f'[data-action="{action}"]')
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 15).until(lambda d: _stale(old))
    assert not driver.find_elements("css selector", "[data-refused]"), driver.page_source


def _stale(element: Any) -> bool:
    from selenium.common.exceptions import StaleElementReferenceException

    try:
        element.get_attribute("data-step")
    except StaleElementReferenceException:
        return True
    return False


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_game_of_loup_garou_played_by_tapping(browser, server, lang):
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(f"{server}/game?lang={lang}")
    check_phone_layout(browser)
    find(browser, 'input[name="name"]').send_keys(f"Browser {lang}")
    find(browser, 'textarea[name="names"]').send_keys("\n".join(NAMES))
    for role, count in {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 4}.items():
        find(browser, f'input[name="n.{role}"]').send_keys(str(count))
    tap(browser, "details summary")
    find(browser, 'textarea[name="deal"]').send_keys(
        "\n".join(f"{name}: {role}" for name, role in DEAL.items())
    )
    tap(browser, '[data-action="start"]')
    wait_for(browser, "[data-step]")
    master = browser.current_window_handle
    game_url = browser.current_url.split("?")[0]
    assert find(browser, "html").get_attribute("lang") == lang
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
                seen = find(browser, "[data-seen]").text
                assert nights[night]["look"] in seen
        elif kind == "potions":
            if night == 2:
                tap(browser, 'input[data-pick="poison-Bruno"]')
            record(browser)
        elif kind == "dawn":
            record(browser)
            assert find(browser, "[data-announcement]").text
            night += 1
        elif kind == "election":
            record(browser, css='button[data-choice="Farid"]')
        elif kind == "vote":
            record(browser, "timer")
            box = wait_for(browser, "[data-countdown]")
            first = box.text
            WebDriverWait(browser, 5).until(
                lambda d, shown=first: find(d, "[data-countdown]").text != shown
            )
            for voter in NAMES:
                chooser = browser.find_elements("css selector", f'select[data-voter="{voter}"]')
                if chooser:
                    Select(chooser[0]).select_by_value("Farid" if voter == "Alice" else "Alice")
            screenshot(browser, f"web-game-vote-{lang}")
            # The shared screen, open beside: it refreshes itself when the vote is counted.
            browser.switch_to.new_window("tab")
            browser.get(f"{game_url}/table?lang={lang}")
            wait_for(browser, "[data-story]")
            text = find(browser, "main").text
            for secret in ROLE_NAMES[lang]:
                assert secret not in text
            assert find(browser, "[data-countdown]").text  # the day's timer shows here too
            table = browser.current_window_handle
            browser.switch_to.window(master)
            record(browser, "vote")
            browser.switch_to.window(table)
            wait_for(browser, '[data-player="Alice"][data-alive="no"]', timeout=20)
            check_phone_layout(browser)
            screenshot(browser, f"web-game-table-{lang}")
            browser.close()
            browser.switch_to.window(master)
            browser.refresh()
        else:
            raise AssertionError(f"unexpected step {kind} {night_step}")
    assert step_of(browser)[0] == "over"
    recap = wait_for(browser, "[data-recap]")
    assert "Bruno" in recap.text
    winner = find(browser, "[data-winner]").text
    assert ("Victoire" if lang == "fr" else "Victory") in winner
    check_phone_layout(browser)
    browser.execute_script(
        "window.scrollTo(0, document.querySelector('[data-winner]').offsetTop - 120)"
    )
    screenshot(browser, f"web-game-recap-{lang}")


# --- the Mafia evening: a day on the judge's phone, its countdown on a fake clock ------------


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
    from garou.web import WebConfig, create_app
    from waitress.server import create_server

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
    return str(find(driver, "[data-countdown]").text)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_mafia_day_on_the_judges_phone_with_its_countdown(browser, mafia_server, lang, book):
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data
    from selenium.webdriver.support.ui import Select, WebDriverWait

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
    assert find(browser, "[data-speaker]").get_attribute("data-speaker") == "Ana"
    assert countdown_text(browser) == "1:00"  # the data's 60 s speech, not started
    record(browser, "timer")
    assert find(browser, "[data-countdown]").get_attribute("data-state") == "running"
    clock.now += 25  # the server's clock: the page follows it at its next poll
    WebDriverWait(browser, 10).until(lambda d: countdown_text(d) in ("0:35", "0:34", "0:33"))
    # A foul for Cid (tapped on the seat), Ana nominates Bob during her speech.
    record(browser, css='button[data-foul="Cid"]')
    assert find(browser, 'tr[data-player="Cid"]').get_attribute("data-fouls") == "1"
    assert "1/3" in find(browser, 'tr[data-player="Cid"] [data-foul-count]').text
    Select(find(browser, "select[data-nominee]")).select_by_value("Bob")
    record(browser, "nominate")
    assert find(browser, '[data-nominated="Bob"]')
    record(browser, "timer-pause")
    paused = countdown_text(browser)
    clock.now += 120
    browser.refresh()
    assert countdown_text(browser) == paused  # paused: the server's clock moved, not it
    screenshot(browser, f"web-judge-speech-{lang}")
    record(browser, "timer-resume")
    clock.now += 40  # past the end of Ana's speech
    done = "Temps écoulé." if lang == "fr" else "Time is up."
    WebDriverWait(browser, 10).until(lambda d: countdown_text(d) == done)
    # The table's screen, open beside: the speaker, the time up, the foul; no card.
    browser.switch_to.new_window("tab")
    browser.get(f"{base}/game/{game_id}/table?lang={lang}")
    wait_for(browser, "[data-story]")
    assert countdown_text(browser) == done
    assert find(browser, "[data-speaker]").get_attribute("data-speaker") == "Ana"
    table = browser.current_window_handle
    browser.switch_to.window(master)
    record(browser, "speech")
    for speaker in MAFIA_NAMES[1:]:
        assert find(browser, "[data-speaker]").get_attribute("data-speaker") == speaker
        if speaker == "Dan":
            Select(find(browser, "select[data-nominee]")).select_by_value("Hal")
            record(browser, "nominate")
        record(browser, "speech")
    assert step_of(browser)[0] == "vote"
    for voter in MAFIA_NAMES[:6]:  # six against Bob; the silent four count against Hal
        Select(find(browser, f'select[data-voter="{voter}"]')).select_by_value("Bob")
    check_phone_layout(browser)
    screenshot(browser, f"web-judge-vote-{lang}")
    record(browser, "vote")
    assert step_of(browser)[0] == "farewell"
    assert find(browser, 'tr[data-player="Bob"]').get_attribute("data-alive") == "no"
    # The table refreshes by itself: Bob out, the vote's count, and still no card.
    browser.switch_to.window(table)
    wait_for(browser, '[data-player="Bob"][data-alive="no"]', timeout=20)
    assert find(browser, "[data-round-count]")
    text = find(browser, "main").text
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
