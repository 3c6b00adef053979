"""The web application: Flask, with garou's checks run before every page.

Flask is used for its routing, request parsing and request-size limits; pages are rendered
by :mod:`.rendering` (the printables' Jinja environment), never by Flask's own templates.
"""

from __future__ import annotations

import logging
import re
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, g, request
from werkzeug.exceptions import HTTPException

from garou.core.catalogue import say
from garou.core.errors import GarouError

from . import i18n, security
from .library import Library
from .rendering import render

log = logging.getLogger("garou.web")


@dataclass
class WebConfig:
    """How the server runs."""

    lan: bool = False
    """True when the server listens on every interface: pages then need a key."""
    rules_dir: str | Path | None = None
    """A folder of the user's own rule files, as ``--rules-dir``."""
    keys: security.Keys = field(default_factory=security.Keys)
    """The server's key, the games' keys, the token signing key."""
    db: str | Path | None = None
    """The game journal (``--db``; None: ``$GAROU_DB``, else the user's data folder), the
    same file as ``garou game``."""
    clock: Callable[[], float] = time.time
    """The clock the countdowns are recorded and read on (seconds; the tests give a fake
    one): a countdown's time left is derived from the journal's ``timer`` events and it."""
    lang: str = i18n.DEFAULT_LANG
    """The pages' language when neither ``?lang``, the cookie nor the browser's
    ``Accept-Language`` decides (``garou serve --lang``)."""


_DECLARED_CHARSET = re.compile(r"(?im)^content-type:[^\r\n]*\bcharset=(?!\"?utf-?8\b)")
"""A multipart part's header declaring a charset other than UTF-8."""


def _unreadable_form() -> bool:
    """True when the form posted is not all UTF-8, the one encoding garou reads: its raw
    body, each %XX escape of a url-encoded form once unquoted, and no multipart part
    declaring another charset. Read from the body (bounded by MAX_CONTENT_LENGTH) through
    Flask's public API, before the form is parsed from the same cached body: a form is
    refused whole, never read with replacement characters nor in a charset it declares."""
    from urllib.parse import parse_qsl

    try:
        text = request.get_data(cache=True).decode("utf-8")
        if request.mimetype == "application/x-www-form-urlencoded":
            parse_qsl(text, keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        return True
    return request.mimetype == "multipart/form-data" and bool(_DECLARED_CHARSET.search(text))


def create_app(config: WebConfig | None = None) -> Flask:
    """Return the web application for ``config`` (loopback, built-in rules by default)."""
    config = config or WebConfig()
    app = Flask("garou.web", static_folder="static", static_url_path="/static")
    app.config.update(
        MAX_CONTENT_LENGTH=security.MAX_BODY,
        MAX_FORM_MEMORY_SIZE=security.MAX_BODY,
        MAX_FORM_PARTS=200,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    app.extensions["garou"] = config
    app.extensions["garou.library"] = Library(config.rules_dir)

    from .routes import register_all

    register_all(app)
    app.before_request(_before)
    app.after_request(_after)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
    return app


# --- what every page gets -------------------------------------------------------------------


def config() -> WebConfig:
    """Return the running application's configuration."""
    from flask import current_app

    found: WebConfig = current_app.extensions["garou"]
    return found


def library() -> Library:
    """Return the running application's rules and search index."""
    from flask import current_app

    found: Library = current_app.extensions["garou.library"]
    return found


def url_with(**changes: Any) -> str:
    """Return the current address with some query values changed (None removes one)."""
    values = {k: v for k, v in request.args.items(multi=False) if k != security.KEY_PARAM}
    for name, value in changes.items():
        if value is None:
            values.pop(name, None)
        else:
            values[name] = str(value)
    query = urlencode(values)
    return request.path + (f"?{query}" if query else "")


def page(template: str, status: int = 200, **context: Any) -> Response:
    """Return ``template`` as an HTML page, with what every page needs in its context."""
    lang = g.lang
    base: dict[str, Any] = {
        "lang": lang,
        "other_langs": [(code, url_with(lang=code)) for code in ("fr", "en") if code != lang],
        "t": i18n.translator(lang),
        "csrf_field": security.CSRF_FIELD,
        "csrf_token": config().keys.csrf_token(g.session),
        # One id per form shown: a form that records something (a game's step) sends it,
        # so that the journal can record a repeated submission once.
        "form_id": security.new_session(),
        "endpoint": request.endpoint or "",
    }
    base.update(context)
    return Response(render(template, **base), status=status, mimetype="text/html")


def refuse(status: int, key: str, **values: Any) -> Response:
    """Return a plain refusal: one sentence, no page, nothing of what was asked for."""
    lang = getattr(g, "lang", i18n.DEFAULT_LANG)
    text = say(key, lang, **values) + "\n"
    response = Response(text, status=status, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response


# --- the checks -----------------------------------------------------------------------------


def _before() -> Response | None:
    cfg = config()
    asked = request.args.get(i18n.LANG_PARAM)
    g.lang = i18n.choose(
        asked,
        request.cookies.get(i18n.LANG_COOKIE),
        request.headers.get("Accept-Language"),
        cfg.lang,
    )
    g.set_lang = asked if asked in ("fr", "en") else None
    session = request.cookies.get(security.SESSION_COOKIE)
    g.new_session = not session or len(session) > 64
    g.session = security.new_session() if g.new_session else session
    g.set_keys = {}
    if not cfg.lan and not security.loopback_host(request.host):
        return refuse(403, "web.refused.host")
    if len(request.query_string) > security.MAX_QUERY:
        return refuse(414, "web.refused.too-long", most=security.MAX_QUERY)
    if asked is not None and asked not in ("fr", "en"):
        return refuse(400, "web.refused.lang", lang=asked[:20])
    view = request.endpoint and request.url_rule and _view(request.endpoint)
    access = security.access_of(view) if view else security.Access(public=True)
    if request.endpoint == "static":
        access = security.Access(public=True)
    if cfg.lan and not access.public:
        refused = _check_key(cfg, access, request.view_args or {})
        if refused is not None:
            return refused
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        if not security.same_origin(
            request.host_url, request.headers.get("Origin"), request.headers.get("Referer")
        ):
            return refuse(403, "web.refused.origin")
        if _unreadable_form():
            return refuse(400, "web.refused.not-utf8")
        token = request.form.get(security.CSRF_FIELD)
        if g.new_session or not cfg.keys.csrf_ok(session, token):
            return refuse(403, "web.refused.csrf")
    return None


def _view(endpoint: str) -> Any:
    from flask import current_app

    return current_app.view_functions.get(endpoint)


def _check_key(
    cfg: WebConfig, access: security.Access, values: Mapping[str, Any]
) -> Response | None:
    """Refuse a game master's page without its key; keep a key given in the address."""
    scope = security.SERVER_SCOPE
    if access.game_of is not None:
        scope = access.game_of(values) or security.SERVER_SCOPE
    # The key this page needs, named: a game's page takes the game's key (or the
    # server's), every other page the server's alone.
    refused = "web.refused.server-key" if scope == security.SERVER_SCOPE else "web.refused.key"
    given = request.args.get(security.KEY_PARAM)
    if given is not None:
        if not cfg.keys.opens(given, scope):
            return refuse(403, refused)
        # Keep it in a cookie and take it out of the address (history, screenshots).
        response = Response(status=303, headers={"Location": url_with()})
        _set_cookie(response, security.key_cookie(scope), given)
        return response
    if cfg.keys.opens(request.cookies.get(security.key_cookie(scope)), scope):
        return None
    if scope != security.SERVER_SCOPE and cfg.keys.opens(
        request.cookies.get(security.KEY_COOKIE), scope
    ):
        return None
    return refuse(403, refused)


def _set_cookie(response: Response, name: str, value: str) -> None:
    response.set_cookie(name, value, httponly=True, samesite="Lax", path="/")


def _after(response: Response) -> Response:
    if getattr(g, "new_session", False):
        _set_cookie(response, security.SESSION_COOKIE, g.session)
    if getattr(g, "set_lang", None):
        response.set_cookie(i18n.LANG_COOKIE, g.set_lang, samesite="Lax", path="/")
    headers = response.headers
    headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'",
    )
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Referrer-Policy", "same-origin")
    if response.mimetype == "text/html":
        headers.setdefault("Cache-Control", "no-store")
        headers["Content-Language"] = getattr(g, "lang", i18n.DEFAULT_LANG)
    return response


_STATUS_KEYS = {
    400: "web.error.400",
    403: "web.error.403",
    404: "web.error.404",
    405: "web.error.405",
    413: "web.error.413",
    414: "web.error.414",
}


def _http_error(exc: HTTPException) -> Response:
    code = exc.code or 500
    if not hasattr(g, "lang"):
        g.lang = i18n.choose(None, None, request.headers.get("Accept-Language"), config().lang)
    if code == 413:
        return refuse(413, "web.error.413", most=security.MAX_BODY // 1024)
    key = _STATUS_KEYS.get(code, "web.error.500")
    return refuse(code, key)


def garou_error(exc: GarouError) -> Response:
    """The one answer to garou's own errors on a page: a game that is not there is 404
    (never the list of the games there are), a value sent that cannot be used is 400, a game
    the journal cannot give (damaged, busy, a disk full, an event edited by hand) is 409, bad
    rule files or a broken cache are 500;
    each with garou's sentence, but to a client without a key under ``--lan``, who is told
    nothing of the server (no path, no file, no game): only that the page cannot be made."""
    from garou.core.errors import UsageError
    from garou.game.errors import IllegalEventError
    from garou.game.journal import JournalError, UnknownGameIdError

    if not hasattr(g, "lang"):
        g.lang = config().lang
    if isinstance(exc, UnknownGameIdError):  # the id asked, said back: nothing else
        asked = str((request.view_args or {}).get("game_id", ""))[:30]
        return refuse(404, "web.error.no-such-game", id=asked)
    if isinstance(exc, UsageError):  # a value the client sent cannot be used
        status = 400
    elif isinstance(exc, JournalError | IllegalEventError):
        status = 409
    else:
        status = 500
    if config().lan and not _holds_a_key():
        return refuse(status, "web.error.unreadable")
    return refuse(status, "web.error.garou", message=exc.message(g.lang))


def _holds_a_key() -> bool:
    """Whether the client showed a key this server gave (the server's, or the game's whose
    page it asks): what lets it be told about the server's files."""
    cfg = config()
    view = _view(request.endpoint) if request.endpoint else None
    access = security.access_of(view)
    if access.public:  # a table screen: whose key it holds does not matter, it needs none
        access = security.Access(public=False, game_of=access.game_of)
    return _check_key(cfg, access, request.view_args or {}) is None


def _unexpected(exc: Exception) -> Response:
    """Never a traceback on a page: one sentence, and the details in the server's log."""
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    if not hasattr(g, "lang"):
        g.lang = config().lang
    if isinstance(exc, GarouError):
        return garou_error(exc)
    print(f"garou serve: {type(exc).__name__}: {exc}", file=sys.stderr)
    log.exception("unexpected error on %s", request.path)
    return refuse(500, "web.error.500")
