"""The browser tests' helpers against a fake chromedriver that replaces its page the way a
loaded machine lets it: a form's tap answered while the next document comes in, an element
of the old document answered with chromedriver's "Node with given id does not belong to the
document", a page not complete yet. No browser needed: the helpers must get through these
within their deadline, never repeat a tap that went through, and fail saying what they
waited for."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("selenium")

from selenium.common.exceptions import (  # noqa: E402
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)

from tests.web import test_pages_in_browser as web  # noqa: E402

GONE = (
    "unknown error: unhandled inspector error: "
    '{"code":-32000,"message":"Node with given id does not belong to the document"}'
)


class Element:
    def __init__(self, driver: FakeDriver, css: str, document: int):
        self.driver, self.css, self.document = driver, css, document
        self.value = ""

    def _alive(self) -> None:
        self.driver._advance()  # every command takes time: the navigation goes on
        if self.document != self.driver.document:
            raise WebDriverException(GONE)  # what chromedriver 150 says, not "stale"

    def click(self) -> None:
        self._alive()
        self.driver.clicks.append(self.css)
        if self.css in self.driver.sends:
            self.driver.leave()

    def get_attribute(self, name: str) -> str:
        self._alive()
        return f"{name} of page {self.document}"

    @property
    def text(self) -> str:
        self._alive()
        return f"text of page {self.document}"

    def clear(self) -> None:
        self._alive()
        self.value = ""

    def send_keys(self, text: str) -> None:
        self._alive()
        self.value += text

    def get_property(self, name: str) -> str:
        self._alive()
        return self.value


class FakeDriver:
    """One tab: ``document`` counts the documents; a tap on a css in ``sends`` starts a
    navigation, which commits a new document after ``commit_after`` scripts and is
    complete after ``complete_after`` more."""

    def __init__(self, sends: tuple[str, ...] = (), commit_after: int = 2, complete_after: int = 2):
        self.document = 1
        self.mark: str | None = None
        self.state = "complete"
        self.sends = sends
        self.commit_after, self.complete_after = commit_after, complete_after
        self.pending: int | None = None
        self.clicks: list[str] = []
        self.page_source = "<html></html>"
        self.faults: list[Exception] = []  # raised by the next find_element calls

    def leave(self) -> None:
        self.pending = self.commit_after

    def _advance(self) -> None:
        if self.pending is None:
            return
        self.pending -= 1
        if self.pending == 0:
            self.document += 1
            self.mark, self.state = None, "loading"
        elif self.pending == -self.complete_after:
            self.state, self.pending = "complete", None

    def execute_script(self, script: str, *args: Any) -> Any:
        self._advance()
        if "window.__garou = arguments[0]" in script:
            self.mark = args[0]
            return args[0]
        if "window.__garou || null" in script:
            return [self.mark, self.state]
        if "readyState" in script:
            return self.state
        if args and isinstance(args[0], Element):
            args[0]._alive()  # scrollIntoView of an element
        return None

    def find_element(self, by: str, css: str) -> Element:
        self._advance()
        if self.faults:
            raise self.faults.pop(0)
        return Element(self, css, self.document)

    def find_elements(self, by: str, css: str) -> list[Element]:
        self._advance()
        return [] if css == "[data-refused]" else [Element(self, css, self.document)]


def test_recording_gets_through_a_page_replaced_while_it_waits():
    driver = FakeDriver(sends=('[data-action="record"]',))
    web.record(driver)
    assert driver.clicks == ['[data-action="record"]']  # tapped once
    assert (driver.document, driver.state) == (2, "complete")  # returned on the new page


def test_a_tap_that_went_through_is_never_made_again_on_the_next_page():
    driver = FakeDriver(sends=("button",), commit_after=1)

    class Late(Element):
        def click(self) -> None:  # the tap goes through, then the answer says "gone"
            super().click()
            self.driver._advance()
            raise WebDriverException(GONE)

    driver.find_element = lambda by, css: Late(driver, css, driver.document)  # type: ignore[method-assign]
    web.go(driver, "button")
    assert driver.clicks == ["button"]
    assert driver.document == 2


def test_a_tap_finds_its_element_again_after_the_page_changed():
    driver = FakeDriver()
    driver.faults = [StaleElementReferenceException("stale"), WebDriverException(GONE)]
    web.tap(driver, "input[data-pick]")
    assert driver.clicks == ["input[data-pick]"]


def test_a_field_is_filled_on_the_page_that_holds_it():
    driver = FakeDriver()
    driver.faults = [WebDriverException(GONE)]
    web.fill(driver, 'input[name="name"]', "Alice")  # done: the field holds "Alice"


def test_a_read_is_one_try_that_found_the_element():
    driver = FakeDriver()
    driver.faults = [StaleElementReferenceException("stale")]
    assert web.text_of(driver, "main") == "text of page 1"


def test_a_wait_fails_after_its_deadline_saying_what_it_waited_for():
    driver = FakeDriver()
    driver.faults = [WebDriverException(GONE)] * 1000
    with pytest.raises(TimeoutException, match=r"tap button: not so after 0\.5 s.*does not belong"):
        web.tap(driver, "button", timeout=0.5)


def test_an_error_that_is_not_about_the_page_changing_is_raised_at_once():
    driver = FakeDriver()
    driver.faults = [WebDriverException("unknown error: session deleted")]
    with pytest.raises(WebDriverException, match="session deleted"):
        web.tap(driver, "button", timeout=30)
    assert not web.transient(WebDriverException("chrome not reachable"))
    assert web.transient(WebDriverException(GONE))
