"""How garou writes the files a user asks for: YAML text, and safe, atomic file writes.

YAML never leaves ``rules``: other packages build plain data and call :func:`dump_yaml`.
Every file garou writes (agreements, printed sheets) goes through :func:`write_file`, so
that one rule holds everywhere: nothing the user has is replaced without ``force``, and
nothing but a regular file is ever replaced.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from .errors import GarouError, UsageError, shown
from .reader import file_kind


class OutputError(GarouError):
    """Raised when an output file cannot or must not be written (folder, device, no right)."""


class OutputExistsError(OutputError):
    """Raised when writing would replace an existing file and ``force`` was not given."""


def dump_yaml(data: Any, where: str = "") -> str:
    """Return ``data`` (plain dicts, lists, strings, numbers) as block-style UTF-8 YAML text.

    A text the reader would refuse (:func:`garou.core.reader.control_character`: a terminal
    escape) is refused here, naming its key path under ``where``: garou never writes a file
    it would not read back."""
    import yaml

    refuse_unreadable_text(data, where)
    return yaml.safe_dump(
        data,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=88,
    )


def refuse_unreadable_text(data: Any, where: str = "") -> None:
    """Raise UsageError naming the first text of ``data`` (a key or a value, at any depth)
    that holds a character no file garou reads may hold, with its key path under ``where``
    (``table``, ``setup.names[0]``)."""
    from .reader import control_character

    def path(key: Any) -> str:
        if isinstance(key, int):
            return f"{where}[{key}]"
        return f"{where}.{key}" if where else str(key)

    if isinstance(data, str):
        if control_character(data) is not None:
            raise UsageError("writer.control", where=where or "-", value=shown(data))
    elif isinstance(data, dict):
        for key, value in data.items():
            refuse_unreadable_text(key, where)
            refuse_unreadable_text(value, path(key))
    elif isinstance(data, list | tuple):
        for index, value in enumerate(data):
            refuse_unreadable_text(value, path(index))


STANDARD_OUTPUT = "-"
"""What ``-o`` says for standard output."""


def output_destination(
    out: str | Path | None, option: str = "-o", folder: bool = False
) -> Path | None:
    """Return the file the ``-o`` value ``out`` names, or None for standard output (no
    ``-o``, or ``-o -``). The one reading of every command's output option: an empty name
    (``-o ''``) is refused as such, never read as the current folder (``Path('')`` is
    ``.``). Typer turns an empty text into ``.`` when the option is typed ``Path``: the
    output options are typed ``str`` and read here. A name ending with ``/`` names a folder
    (:func:`_refuse_a_folder_name`), unless the option is one (``folder``: ``export --all``)."""
    if out is None or str(out) == STANDARD_OUTPUT:
        return None
    if not str(out).strip():
        raise UsageError("writer.empty-name", option=option)
    if not folder:
        _refuse_a_folder_name(out, option)  # said now: Path('out/') drops the slash
    return Path(out)


def _refuse_a_folder_name(path: str | Path, option: str) -> None:
    """Refuse a name ending with ``/``: it names a folder (one that exists, or not), never a
    file of that name."""
    if str(path).endswith(("/", os.sep)):
        key = "writer.folder" if Path(path).is_dir() else "writer.no-folder"
        raise OutputError(key, path=_said(Path(path)), option=option)


def output_target(path: str | Path, force: bool = False, option: str = "--out") -> Path:
    """Return the file that writing to ``path`` creates or replaces, or raise why it must not.

    A folder (or a name ending with ``/``, which names one), a device, a pipe or any other
    non-regular file is never written, even with
    ``force``; an existing file only with ``force``. With ``force``, a symbolic link is
    followed: the file it points to is written and the link kept. ``option`` names the
    command-line option that gave the path, for the messages.
    """
    if not str(path).strip():
        raise UsageError("writer.empty-name", option=option)
    _refuse_a_folder_name(path, option)
    asked = Path(path)
    target = asked
    if force and asked.is_symlink():
        try:
            target = asked.resolve()
        except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of links
            raise OutputError("writer.link", path=_said(asked), reason=str(exc)) from None
    try:
        mode: int | None = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputError("writer.cannot", path=_said(target), reason=_why(exc)) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError("writer.folder", path=_said(asked), option=option)
    if mode is not None and not stat.S_ISREG(mode):
        raise OutputError(f"writer.special.{file_kind(mode)}", path=_said(target), option=option)
    if (mode is not None or target.is_symlink()) and not force:
        raise _exists(asked, option)
    if not target.parent.is_dir():
        raise OutputError("writer.no-folder", path=_said(target.parent))
    return target


def write_file(
    path: str | Path, data: str | bytes, force: bool = False, option: str = "--out"
) -> Path:
    """Write ``data`` to ``path`` atomically, checked by :func:`output_target`; return ``path``.

    The data goes to a temporary file in the same folder, which then takes the target's
    place; an interruption (Ctrl-C) leaves neither a partial file nor the temporary one.
    """
    target = output_target(path, force, option)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        handle, temp_name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
    except OSError as exc:
        raise OutputError("writer.cannot-in", path=_said(target.parent), reason=_why(exc)) from None
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp, _file_mode(target))  # mkstemp makes it private (0600)
        if force:
            os.replace(temp, target)
        else:
            try:  # a hard link fails if the file appeared meanwhile: never overwrite
                os.link(temp, target)
            except FileExistsError:
                raise _exists(Path(path), option) from None
            except OSError:  # a file system without hard links
                output_target(path, force, option)
                os.replace(temp, target)
    except OSError as exc:
        raise OutputError("writer.cannot", path=_said(target), reason=_why(exc)) from None
    finally:
        temp.unlink(missing_ok=True)
    return Path(path)


def _exists(path: Path, option: str) -> OutputExistsError:
    return OutputExistsError("writer.exists", path=_said(path), option=option)


def _said(path: Path) -> str:
    from .errors import safe_text

    return safe_text(str(path))


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _file_mode(target: Path) -> int:
    """Return the mode of the file replaced, else the default for a new file under the umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
