"""Render a sheet's context to HTML, Markdown or PDF, and write it without clobbering."""

from __future__ import annotations

import logging
import os
import stat
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
    if Path(out).is_dir():  # say so before asking for a format it cannot take
        raise OutputExistsError(_folder(Path(out)))
    found = _SUFFIXES.get(Path(out).suffix.lower())
    if found is None:
        raise UsageError(
            f"cannot tell the format from {out!r}; add --format ({', '.join(FORMATS)})"
        )
    return found


def _folder(out: Path) -> str:
    return f"{out} is a folder; give a file name with -o"


def _exists(out: Path) -> str:
    return f"{out} already exists; nothing was written. Add --force to replace it"


def check_output(out: Path, force: bool) -> Path:
    """Return the file that writing to ``out`` replaces or creates, or raise why it must not.

    A folder, a device, a pipe or any other non-regular file is never written, even with
    ``force``; an existing file only with ``force``. With ``force``, a symbolic link is
    followed: the file it points to is written and the link kept. Raise OutputExistsError.
    """
    target = out
    if force and out.is_symlink():
        try:
            target = out.resolve()
        except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of links
            raise OutputExistsError(f"cannot follow the link {out}: {exc}") from None
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputExistsError(f"cannot write {target}: {exc.strerror or exc}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputExistsError(_folder(out))
    if mode is not None and not stat.S_ISREG(mode):
        raise OutputExistsError(
            f"{target} is not a regular file (a device, a pipe...); garou writes sheets only "
            "to regular files, even with --force. Give another file name with -o"
        )
    if (mode is not None or target.is_symlink()) and not force:
        raise OutputExistsError(_exists(out))
    if not target.parent.is_dir():
        raise OutputExistsError(f"the folder {target.parent} does not exist; create it first")
    return target


def write_output(data: str | bytes, out: Path, force: bool = False) -> Path:
    """Write ``data`` to ``out`` atomically; never replace an existing file unless ``force``.

    With ``force``, a symbolic link ``out`` stays a link: the file it points to is replaced.
    Return ``out``.
    """
    target = check_output(out, force)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.chmod(temp, _file_mode(target))  # mkstemp makes it private (0600)
        if force:
            os.replace(temp, target)
        else:
            try:  # a link fails if the file appeared meanwhile: never overwrite
                os.link(temp, target)
            except FileExistsError:
                raise OutputExistsError(_exists(out)) from None
            except OSError:  # a file system without hard links
                check_output(out, force)
                os.replace(temp, target)
    finally:
        temp.unlink(missing_ok=True)
    return out


def _file_mode(target: Path) -> int:
    """Return the mode of the file replaced, else the default one under the umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o644 & ~mask
