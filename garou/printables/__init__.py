"""The printables: the game master's cheat sheet and the table's agreement sheet.

Each sheet is a typed context built from the rule data by one pure function, then laid
out by a Jinja template (HTML for print, Markdown) or printed to PDF by WeasyPrint.
Jinja never leaves this package: callers get text or bytes.
"""

from garou.core.writer import OutputError, OutputExistsError

from .contexts import (
    AgreementSheet,
    CheatSheet,
    build_agreement_sheet,
    build_cheatsheet,
    check_setup,
)
from .environment import escape_markdown, make_environment
from .rendering import (
    FORMATS,
    PDF_HELP,
    PdfUnavailableError,
    check_output,
    choose_format,
    html_to_pdf,
    html_to_pdf_pages,
    pdf_available,
    render,
    render_document,
    render_html,
    render_markdown,
    render_paged,
    write_output,
)

__all__ = [
    "FORMATS",
    "PDF_HELP",
    "AgreementSheet",
    "CheatSheet",
    "OutputError",
    "OutputExistsError",
    "PdfUnavailableError",
    "build_agreement_sheet",
    "build_cheatsheet",
    "check_output",
    "check_setup",
    "choose_format",
    "escape_markdown",
    "html_to_pdf",
    "html_to_pdf_pages",
    "make_environment",
    "pdf_available",
    "render",
    "render_document",
    "render_html",
    "render_paged",
    "render_markdown",
    "write_output",
]
