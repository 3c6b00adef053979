"""Render a sheet's context to HTML, Markdown or PDF, and write it without clobbering."""

from __future__ import annotations

from pathlib import Path

from garou.core.errors import GarouError, UsageError
from garou.core.writer import OutputError, output_destination, output_target, write_file

from .contexts import AgreementSheet, CheatSheet
from .environment import make_environment

FORMATS: tuple[str, ...] = ("html", "md", "pdf")
"""The output formats."""

_SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md", ".pdf": "pdf"}

PDF_HELP = (
    "PDF output needs WeasyPrint, an optional extra: pip install 'garou[pdf]' "
    "(it uses Pango, present on most Linux desktops). Or write HTML with --format html "
    "and print it from a browser."
)


class PdfUnavailableError(GarouError):
    """Raised when a PDF is asked for but WeasyPrint cannot be imported."""


def _template(sheet: CheatSheet | AgreementSheet) -> str:
    return "cheatsheet" if isinstance(sheet, CheatSheet) else "agreement"


def render_template(name: str, lang: str, **context: object) -> str:
    """Return the printable template ``name`` ("cheatsheet.html", "recap.md"...) rendered.

    ``lang`` is the page's language: the templates' ``t('key')`` says catalogue keys in it.
    Every printable (the sheets, and any other, such as a game's recap) goes through this
    one environment.
    """
    return make_environment().get_template(name).render(lang=lang, **context)


def render_html(sheet: CheatSheet | AgreementSheet) -> str:
    """Return ``sheet`` as an HTML page (print CSS inside; fonts from the package)."""
    return render_template(f"{_template(sheet)}.html", sheet.lang, sheet=sheet)


def render_markdown(sheet: CheatSheet | AgreementSheet) -> str:
    """Return ``sheet`` as Markdown."""
    return render_template(f"{_template(sheet)}.md", sheet.lang, sheet=sheet)


def pdf_available() -> bool:
    """Return True when WeasyPrint can be imported."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


class PdfBytes(bytes):
    """A PDF's bytes with its number of pages (``pages``), as :func:`html_to_pdf` makes it:
    whoever writes the file can say how many pages it has (``--json``'s ``pages``)."""

    pages: int | None = None


def html_to_pdf(html: str) -> bytes:
    """Return ``html`` printed to PDF by WeasyPrint (a :class:`PdfBytes`, its pages
    known); raise PdfUnavailableError without it."""
    data, pages = html_to_pdf_pages(html)
    pdf = PdfBytes(data)
    pdf.pages = pages
    return pdf


def html_to_pdf_pages(html: str) -> tuple[bytes, int]:
    """Return ``html`` printed to PDF by WeasyPrint and its number of pages; raise
    PdfUnavailableError without WeasyPrint."""
    try:
        import weasyprint
    except (ImportError, OSError) as exc:  # OSError: WeasyPrint present, Pango missing
        raise PdfUnavailableError("sheet.pdf-unavailable", reason=str(exc)) from None
    import logging  # here, not at the top: HTML and Markdown sheets need no logging

    quiet = [logging.getLogger(name) for name in ("weasyprint", "fontTools")]
    levels = [logger.level for logger in quiet]
    for logger in quiet:
        logger.setLevel(logging.ERROR)
    try:
        document = weasyprint.HTML(string=html).render()
        pdf = document.write_pdf()
    finally:
        for logger, level in zip(quiet, levels, strict=True):
            logger.setLevel(level)
    return bytes(pdf or b""), len(document.pages)


def render(sheet: CheatSheet | AgreementSheet, fmt: str) -> str | bytes:
    """Return ``sheet`` in ``fmt`` ("html", "md": text; "pdf": bytes)."""
    if fmt == "html":
        return render_html(sheet)
    if fmt == "md":
        return render_markdown(sheet)
    if fmt == "pdf":
        return html_to_pdf(render_html(sheet))
    raise UsageError("sheet.unknown-format", format=fmt, formats=", ".join(FORMATS))


def render_document(name: str, fmt: str, **context: object) -> str | bytes:
    """Return the template pair ``name.md`` / ``name.html`` rendered with ``context``: the
    Markdown for ``md``, the HTML for ``html``, the HTML printed to PDF bytes for ``pdf`` (the
    game's documents, the recap and the protocol, are laid out this way)."""
    env = make_environment()
    if fmt == "md":
        return env.get_template(f"{name}.md").render(**context)
    html = env.get_template(f"{name}.html").render(**context)
    return html_to_pdf(html) if fmt == "pdf" else html


def render_paged(sheet: CheatSheet | AgreementSheet, fmt: str) -> tuple[str | bytes, int | None]:
    """Return ``sheet`` in ``fmt`` as :func:`render` does, with its number of pages: a PDF's
    (counted by WeasyPrint), None for HTML and Markdown (the browser or printer lays them
    out)."""
    if fmt == "pdf":
        return html_to_pdf_pages(render_html(sheet))
    return render(sheet, fmt), None


def choose_format(fmt: str | None, out: str | None) -> str:
    """Return ``fmt``, or the format the name ``out`` ends with; raise UsageError if neither.

    ``out`` is the ``-o`` value (None or ``-``: standard output), read by
    :func:`~garou.core.writer.output_destination` (an empty name refused as such). A PDF
    is never written to standard output, whichever command prints it: it is refused
    here, the one place every printable's format is chosen."""
    target = output_destination(out)
    if fmt is not None:
        if fmt not in FORMATS:
            raise UsageError("sheet.unknown-format", format=fmt, formats=", ".join(FORMATS))
        if fmt == "pdf" and target is None:
            raise UsageError("sheet.pdf-to-stdout")
        return fmt
    if target is None:
        return "html"
    out = str(out)
    if Path(out).is_dir():  # say so before asking for a format it cannot take
        raise OutputError("sheet.output-is-folder", path=out)
    found = _SUFFIXES.get(Path(out).suffix.lower())
    if found is None:
        raise UsageError("sheet.format-unknown-name", path=out, formats=", ".join(FORMATS))
    return found


def check_output(out: Path, force: bool) -> Path:
    """Return the file writing to ``out`` replaces or creates, or raise why it must not."""
    return output_target(out, force, option="-o")


def write_output(data: str | bytes, out: Path, force: bool = False) -> Path:
    """Write ``data`` to ``out`` atomically; never replace an existing file unless ``force``."""
    return write_file(out, data, force, option="-o")
