"""Render a sheet's context to HTML, Markdown or PDF, and write it without clobbering."""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

from rules.errors import GarouError, UsageError

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


class OutputExistsError(GarouError):
    """Raised when the output file exists and overwriting was not allowed."""


def _template(sheet: CheatSheet | AgreementSheet) -> str:
    return "cheatsheet" if isinstance(sheet, CheatSheet) else "agreement"


def render_html(sheet: CheatSheet | AgreementSheet) -> str:
    """Return ``sheet`` as a self-contained HTML page (print CSS inside)."""
    return make_environment().get_template(f"{_template(sheet)}.html").render(sheet=sheet)


def render_markdown(sheet: CheatSheet | AgreementSheet) -> str:
    """Return ``sheet`` as Markdown."""
    return make_environment().get_template(f"{_template(sheet)}.md").render(sheet=sheet)


def pdf_available() -> bool:
    """Return True when WeasyPrint can be imported."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def html_to_pdf(html: str) -> bytes:
    """Return ``html`` printed to PDF by WeasyPrint; raise PdfUnavailableError without it."""
    try:
        import weasyprint
    except (ImportError, OSError) as exc:  # OSError: WeasyPrint present, Pango missing
        raise PdfUnavailableError(f"{PDF_HELP} ({exc})") from None
    quiet = [logging.getLogger(name) for name in ("weasyprint", "fontTools")]
    levels = [logger.level for logger in quiet]
    for logger in quiet:
        logger.setLevel(logging.ERROR)
    try:
        pdf = weasyprint.HTML(string=html).write_pdf()
    finally:
        for logger, level in zip(quiet, levels, strict=True):
            logger.setLevel(level)
    return bytes(pdf or b"")


def render(sheet: CheatSheet | AgreementSheet, fmt: str) -> str | bytes:
    """Return ``sheet`` in ``fmt`` ("html", "md": text; "pdf": bytes)."""
    if fmt == "html":
        return render_html(sheet)
    if fmt == "md":
        return render_markdown(sheet)
    if fmt == "pdf":
        return html_to_pdf(render_html(sheet))
    raise UsageError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")


def choose_format(fmt: str | None, out: str) -> str:
    """Return ``fmt``, or the format the name ``out`` ends with; raise UsageError if neither."""
    if fmt is not None:
        if fmt not in FORMATS:
            raise UsageError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")
        return fmt
    if out == "-":
        return "html"
    found = _SUFFIXES.get(Path(out).suffix.lower())
    if found is None:
        raise UsageError(
            f"cannot tell the format from {out!r}; add --format ({', '.join(FORMATS)})"
        )
    return found


def check_output(out: Path, force: bool) -> None:
    """Raise OutputExistsError unless ``out`` can be written (absent, or ``force``)."""
    if out.is_dir():
        raise OutputExistsError(f"{out} is a folder; give a file name with -o")
    if out.exists() and not force:
        raise OutputExistsError(
            f"{out} already exists; nothing was written. Add --force to replace it"
        )
    if not out.parent.is_dir():
        raise OutputExistsError(f"the folder {out.parent} does not exist; create it first")


def write_output(data: str | bytes, out: Path, force: bool = False) -> Path:
    """Write ``data`` to ``out`` atomically; never replace an existing file unless ``force``."""
    check_output(out, force)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    handle, temp_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.chmod(temp, 0o644 & ~_umask())
        if force:
            os.replace(temp, out)
        else:
            try:  # a link fails if the file appeared meanwhile: never overwrite
                os.link(temp, out)
            except FileExistsError:
                raise OutputExistsError(
                    f"{out} already exists; nothing was written. Add --force to replace it"
                ) from None
            except OSError:  # a file system without hard links
                check_output(out, force)
                os.replace(temp, out)
    finally:
        temp.unlink(missing_ok=True)
    return out


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
