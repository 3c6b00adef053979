"""The pages' Jinja environment: the printables' own, with the web templates in front.

:func:`garou.printables.make_environment` is reused as it is (autoescape on ``.html``,
undefined names are errors): an *overlay* of it looks in this package's templates first,
then in the printables' (so a page can show a sheet's partials). The overlay has its own
filters and globals, so nothing is added to the printables' environment.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import ChoiceLoader, Environment, PackageLoader
from markupsafe import Markup

from garou.core.catalogue import typeset
from garou.printables import make_environment


@lru_cache(maxsize=1)
def environment() -> Environment:
    """Return the web pages' environment (one per process)."""
    base = make_environment()
    loaders = [PackageLoader("garou.web", "templates")]
    if base.loader is not None:
        loaders.append(base.loader)  # type: ignore[arg-type]
    env = base.overlay(loader=ChoiceLoader(loaders))
    # overlay() shares the dictionaries: give the web its own copies before adding to them.
    env.filters = dict(base.filters)
    env.globals = dict(base.globals)
    env.tests = dict(base.tests)
    env.filters["typo"] = typeset  # the rule data's texts, with the language's typography
    return env


def render(template: str, **context: Any) -> str:
    """Return the page ``template`` rendered with ``context`` (every value escaped)."""
    return environment().get_template(template).render(**context)


def render_block(template: str, block: str, **context: Any) -> Markup:
    """Return one block of a template (a printables sheet's ``content``) as safe HTML.

    The block is rendered by its own autoescaping template, so its values are escaped.
    """
    found = environment().get_template(template)
    ctx = found.new_context(context)
    return Markup("".join(found.blocks[block](ctx)))
