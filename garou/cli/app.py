"""The ``garou`` command: a thin shell over the rules, lookup, houserules and printables.

**One dispatch for every command.** :data:`garou.cli.commands.COMMANDS` names the module of
each command. :class:`GarouGroup` imports that module only when its command runs (or its
help is asked for), builds the click command from the module's Typer definitions
(``register(app)``), and gives its parameters plain converters (:class:`_PlainParam`):
Typer 0.29 would otherwise import pydantic to build a ``TypeAdapter`` on the first
conversion of every parameter. So a run imports Typer, the one command module it runs,
and what that command uses; never pydantic, never the other commands.

**One voice for the frame.** The language is resolved once, early, from the command line
and the environment (:func:`frame_language`), before parsing, so that a usage error is
said in it too. The help of every command and option comes from ``help.yaml``, chosen at
format time (see :func:`help_key`). Every error is reported here and nowhere else: one
``Error: …`` line (the catalogue's ``error.prefix``) and an exit code, or with ``--json``
on the command line one JSON object on standard output (:func:`garou.cli.output.error_json`).
"""

from __future__ import annotations

import errno
import gc
import importlib
import io
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

# --- the language and --json, read before parsing --------------------------------------------


def _before_double_dash(args: Sequence[str]) -> list[str]:
    args = list(args)
    return args[: args.index("--")] if "--" in args else args


def _lang_value(args: Sequence[str]) -> str | None:
    """Return the last value given to --lang / -l on the command line, if any."""
    value = None
    args = _before_double_dash(args)
    for i, arg in enumerate(args):
        if arg in ("--lang", "-l"):
            value = args[i + 1] if i + 1 < len(args) else value
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        elif arg.startswith("-l") and not arg.startswith("--") and len(arg) > 2:
            value = arg[2:]
    return value


def frame_language(args: Sequence[str]) -> str:
    """Return the language of the frame: --lang, else $GAROU_LANG, else the locale, else fr.

    A value that names no language is skipped here (the command says so itself, in the
    language found next), so that even a wrong --lang gets its error in a language.
    """
    # resolve_language's own reading of a value, without raising (an error would load
    # the catalogue, and a wrong locale is common: C.UTF-8).
    from garou.core.names import LANG_ENV, _language_code

    candidates = [_lang_value(args), os.environ.get(LANG_ENV)]
    candidates += [os.environ.get(var) for var in ("LC_ALL", "LC_MESSAGES", "LANG")]
    for value in candidates:
        code = _language_code(value) if value else None
        if code:
            return code
    return "fr"


def wants_json(args: Sequence[str]) -> bool:
    """Return True when --json is on the command line (errors are then JSON too)."""
    return "--json" in _before_double_dash(args)


def _interrupted_at_start() -> NoReturn:
    """Report a Ctrl-C that came before the frame could (while garou itself loads): as
    every interruption, one line on standard error or, with --json, the JSON error object;
    exit 130. Only what loads fast is used here; a second Ctrl-C does not cut the report."""
    import json
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from garou.core.errors import Interrupted

    from .output import error_json

    args, error = sys.argv[1:], Interrupted()
    lang = frame_language(args)
    if wants_json(args):
        sys.stdout.write(json.dumps(error_json(error, lang), ensure_ascii=False, indent=2))
        sys.stdout.write("\n")
    else:
        sys.stderr.write("\n" + error.message(lang) + "\n")
    sys.exit(int(error.exit_code))


from .loading import Loading as _Loading  # noqa: E402 - before the heavy imports

_loading = _Loading()
_loading.__enter__()  # until the end of this module

try:  # the heavy part of loading: a Ctrl-C here is reported too
    import typer
    from typer._click import exceptions as click_errors
    from typer._coercion import RuntimeParam
    from typer.core import TyperCommand, TyperGroup
    from typer.exceptions import Abort, Exit

    from garou.core.errors import ExitCode, GarouError

    from .commands import COMMANDS, global_options
except KeyboardInterrupt:  # pragma: no cover - timing; tests/test_fixes.py sends it
    _interrupted_at_start()


HELP_OPTIONS = ["-h", "--help"]


class _Frame:
    """What the frame knows of the current run: its language, and whether --json is on."""

    lang: str = "fr"
    json: bool = False


_frame = _Frame()


def _say(key: str, count: int | None = None, **values: Any) -> str:
    from garou.core.catalogue import say

    return say(key, _frame.lang, count=count, **values)


def _has(key: str) -> bool:
    from garou.core.catalogue import has

    return has(key)


# --- converting parameters without pydantic ----------------------------------------------------


class _ParamError(click_errors.BadParameter):
    """A parameter's value cannot be used; the reason is a catalogue phrase."""

    def __init__(self, key: str, ctx: Any, param: Any, **values: Any):
        from garou.core.catalogue import phrase

        self.phrase = phrase(key, **values)
        super().__init__(self.phrase.say("en"), ctx=ctx, param=param)


_TRUE = {"1", "true", "t", "yes", "y", "on"}
_FALSE = {"0", "false", "f", "no", "n", "off", ""}
_INTEGER = r"[+-]?[0-9]+"  # ASCII digits only (garou.core.numbers): never "٣"
"""The patterns here are compiled on first use (by ``re``'s cache), not at every start."""


def _plain_leaf(annotation: Any, info: Any) -> Any:
    """Return the type a plain converter handles for ``annotation``, or None."""
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None):
        return None
    if annotation in (str, bool, int):
        return annotation
    is_path = isinstance(annotation, type) and issubclass(annotation, Path)
    if is_path and not info.allow_dash and info.path_type is None:
        return annotation
    return None


class _PlainParam(RuntimeParam):
    """Convert a command-line string to str, bool, int or Path, as Typer would, but
    without pydantic; a bad value is a :class:`_ParamError` said in the user's language.

    Frozen like its base; not a dataclass of its own, which would compile six functions
    at every start for a class nothing compares, hashes or shows."""

    leaf: Any
    many: bool

    def __init__(self, parameter_info: Any, annotation: Any, leaf: Any = str, many: bool = False):
        for name, value in (("parameter_info", parameter_info), ("annotation", annotation),
                            ("leaf", leaf), ("many", many)):  # fmt: skip
            object.__setattr__(self, name, value)

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        if self.many:
            items = value if isinstance(value, list | tuple) else [value]
            return [self._one(item, param, ctx) for item in items]
        return self._one(value, param, ctx)

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        leaf, info = self.leaf, self.parameter_info
        if isinstance(value, bytes):
            value = value.decode(sys.getfilesystemencoding(), "replace")
        if leaf is str:
            return str(value)
        if leaf is bool:
            if isinstance(value, bool):
                return value
            word = str(value).strip().lower()
            if word in _TRUE or word in _FALSE:
                return word in _TRUE
            raise _ParamError("cli.not-a-boolean", ctx, param, value=value)
        if leaf is int:
            if isinstance(value, int) and not isinstance(value, bool):
                number = value
            elif re.fullmatch(_INTEGER, str(value).strip()):
                from garou.core.errors import shown
                from garou.core.numbers import too_large, too_large_said

                if too_large(str(value)):  # the one bound of a number (garou.core.numbers)
                    if info.min is not None and info.max is not None:  # its own bounds, said
                        raise _ParamError("cli.out-of-range", ctx, param, value=shown(value, 30),
                                          min=info.min, max=info.max)  # fmt: skip
                    said = too_large_said(str(value))
                    raise _ParamError(said.key, ctx, param, **said.values)
                number = int(str(value).strip())
            else:
                raise _ParamError("cli.not-an-integer", ctx, param, value=value)
            return _in_range(number, info, ctx, param)
        return _checked_path(leaf, value, info, ctx, param)


def _in_range(number: int, info: Any, ctx: Any, param: Any) -> int:
    low, high = info.min, info.max
    if info.clamp:
        if low is not None and number < low:
            return int(low)
        return int(high) if high is not None and number > high else number
    if low is not None and high is not None and not low <= number <= high:
        raise _ParamError("cli.out-of-range", ctx, param, value=number, min=low, max=high)
    if low is not None and number < low:
        raise _ParamError("cli.too-small", ctx, param, value=number, min=low)
    if high is not None and number > high:
        raise _ParamError("cli.too-large", ctx, param, value=number, max=high)
    return number


def _checked_path(leaf: type[Path], value: Any, info: Any, ctx: Any, param: Any) -> Path:
    """Return ``value`` as a path, checked as Typer's path options ask (exists, kind...)."""
    import stat

    path = value if isinstance(value, leaf) else leaf(value)
    shown = str(value)
    if info.resolve_path:
        path = leaf(os.path.realpath(path))
    try:
        mode = os.stat(path).st_mode
    except OSError:
        if info.exists:
            raise _ParamError("cli.path-missing", ctx, param, path=shown) from None
        return path
    if not info.file_okay and stat.S_ISREG(mode):
        raise _ParamError("cli.path-is-file", ctx, param, path=shown)
    if not info.dir_okay and stat.S_ISDIR(mode):
        raise _ParamError("cli.path-is-folder", ctx, param, path=shown)
    if info.readable and not os.access(path, os.R_OK):
        raise _ParamError("cli.path-unreadable", ctx, param, path=shown)
    if info.writable and not os.access(path, os.W_OK):
        raise _ParamError("cli.path-unwritable", ctx, param, path=shown)
    return path


def _lighten(command: Any) -> None:
    """Give every parameter of ``command`` (and of its subcommands) a plain converter
    where its type allows one; anything else keeps Typer's own (pydantic) conversion."""
    for child in getattr(command, "commands", {}).values():
        _lighten(child)
    for param in command.params:
        _lighten_param(param)


def _lighten_param(param: Any) -> None:
    from typing import get_args, get_origin

    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or descriptor.file_annotation is not None:
        return
    annotation, info = descriptor.annotation, descriptor.parameter_info
    many = get_origin(annotation) is list
    if many:
        (annotation,) = get_args(annotation) or (str,)
    leaf = _plain_leaf(annotation, info)
    if leaf is not None:
        param._runtime_param = _PlainParam(
            parameter_info=info, annotation=descriptor.annotation, leaf=leaf, many=many
        )


# --- help texts from the catalogue ---------------------------------------------------------------


def command_path(ctx: Any) -> list[str]:
    """Return the names of the commands from ``garou`` (excluded) down to ``ctx``'s."""
    names = []
    while ctx is not None and ctx.parent is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    return names[::-1]


def help_key(path: Sequence[str], part: str = "") -> str:
    """Return the catalogue key of a help text: ``help.<path>`` is the description of the
    command at ``path`` (``help.garou`` for garou itself, ``help.house.pick``...), and
    ``help.<path>.<part>`` its example, its exit codes or one of its parameters."""
    base = "help." + (".".join(path) if path else "garou")
    return f"{base}.{part}" if part else base


def param_name(param: Any) -> str:
    """Return the name a parameter's help is keyed by: an option's long name without the
    dashes (``--rules-dir`` → ``rules-dir``), an argument's name (``entry_id`` → ``entry-id``)."""
    longs = [o for o in getattr(param, "opts", []) if o.startswith("--")]
    if param.param_type_name == "option" and longs:
        return longs[0][2:]
    return (param.name or "").rstrip("_").replace("_", "-")


def param_help_key(path: Sequence[str], param: Any) -> str | None:
    """Return the key of ``param``'s help: the command's own, else the shared option's."""
    name = param_name(param)
    for key in (help_key(path, name), f"help.option.{name}"):
        if _has(key):
            return key
    return None


def _exits_key(path: Sequence[str]) -> str:
    for depth in range(len(path), 0, -1):
        key = help_key(path[:depth], "exits")
        if _has(key):
            return key
    return help_key([], "exits")


def _metavar(param: Any) -> str:
    metavar = param.metavar
    if metavar is None:
        if param.param_type_name == "argument":
            metavar = (param.name or "").upper()
        else:
            annotation = param.type_descriptor.annotation
            annotation = getattr(annotation, "__args__", (annotation,))[0]
            if annotation is int:
                metavar = "INTEGER"
            elif isinstance(annotation, type) and issubclass(annotation, Path):
                metavar = "PATH"
            else:
                metavar = "TEXT"
    key = f"help.metavar.{metavar}"
    return _say(key) if _has(key) else metavar


def _default_shown(param: Any) -> str | None:
    if param.param_type_name != "option" or not param.show_default or param.is_flag:
        return None
    default = param.default
    if default is None or default in ((), [], ""):
        return None
    return str(default)


class _Localised:
    """What every garou command and group shares: help and usage from the catalogue, in
    the frame's language, and the errors of resolving a subcommand said in it too."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None and option._runtime_param is None:
            _lighten_param(option)
        return option

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [_say("cli.usage.options")]
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            if param.param_type_name != "argument":
                continue
            metavar = _metavar(param)
            if not metavar.startswith("[") and not param.required:
                metavar = f"[{metavar}]"
            if param.nargs != 1 and not metavar.endswith("..."):
                metavar += "..."
            pieces.append(metavar)
        if isinstance(self, TyperGroup):
            pieces.append(_say("cli.usage.command"))
        return pieces

    def make_parser(self, ctx: Any) -> Any:
        parser = super().make_parser(ctx)  # type: ignore[misc]
        _refuse_repeats(parser, ctx)
        return parser

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = " ".join(self.collect_usage_pieces(ctx))
        formatter.write_usage(ctx.command_path, pieces, prefix=_say("cli.help.usage") + " ")

    def format_help(self, ctx: Any, formatter: Any) -> None:
        path = command_path(ctx)
        self.format_usage(ctx, formatter)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_say(help_key(path)))
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            if getattr(param, "hidden", False):
                continue
            row = (_param_label(param), _param_help(path, param))
            (arguments if param.param_type_name == "argument" else options).append(row)
        for title, rows in (("cli.help.arguments", arguments), ("cli.help.options", options)):
            if rows:
                with formatter.section(_say(title)):
                    formatter.write_dl(rows)
        if isinstance(self, TyperGroup):
            rows = [(name, _short_help([*path, name])) for name in self.list_commands(ctx)]
            with formatter.section(_say("cli.help.commands")):
                formatter.write_dl(rows)
        formatter.write_paragraph()
        formatter.write_text(_say(_exits_key(path)))
        formatter.write_paragraph()
        # The example is a command to paste whole: never wrapped.
        formatter.write(f"{_say('cli.help.example')} {_say(help_key(path, 'example'))}\n")

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0]
        command = self.get_command(ctx, name)  # type: ignore[attr-defined]
        if command is None and not ctx.resilient_parsing:
            if name.startswith("-"):
                self.parse_args(ctx, args)  # type: ignore[attr-defined]
            from difflib import get_close_matches

            from garou.core.catalogue import join

            near = get_close_matches(name, self.list_commands(ctx))  # type: ignore[attr-defined]
            if near:
                names = join(near, _frame.lang, "or")
                raise _FrameUsageError(ctx, "cli.no-such-command-near", command=name, names=names)
            raise _FrameUsageError(ctx, "cli.no-such-command", command=name)
        return name if command else None, command, args[1:]


# --- one value per single-valued option --------------------------------------------------------

_SINGLE_ACTIONS = ("store", "store_const")
"""The parser's actions that keep one value: a second one would silently replace the first
(``store``: ``-c Ana -c Bob``; ``store_const``: a flag and its opposite, ``--x --no-x``).
``append`` (a list option) and ``count`` take every occurrence, as they say."""


def _refuse_repeats(parser: Any, ctx: Any) -> None:
    """Make ``parser`` refuse a single-valued option given twice, naming it (exit 2).

    Every garou command and group builds its parser here, so the rule holds for all of
    them at once. A valued option repeated is refused even with the same value twice (the
    user meant one); a flag repeated is refused only when its forms disagree (``--json
    --json`` chooses nothing)."""
    options = {id(o): o for o in [*parser._long_opt.values(), *parser._short_opt.values()]}
    for option in options.values():
        if option.action in _SINGLE_ACTIONS and not getattr(option.obj, "multiple", False):
            option.process = _process_once(option, option.process, ctx)


def _process_once(option: Any, process: Any, ctx: Any) -> Any:
    def once(value: Any, state: Any) -> None:
        given = state.__dict__.setdefault("garou_given", {})
        kept = value if option.action == "store" else option.const
        repeated = option.dest in given and not ctx.resilient_parsing
        if repeated and (option.action == "store" or given[option.dest] != kept):
            raise _FrameUsageError(ctx, "cli.option-repeated", option=_option_label(option))
        given[option.dest] = kept
        process(value, state)

    return once


def _option_label(option: Any) -> str:
    """Return how an option is named in a message: its long names first (``--captain/-c``)."""
    param = option.obj
    names = [*(getattr(param, "opts", None) or ()), *(getattr(param, "secondary_opts", None) or ())]
    names = sorted(names, key=lambda name: (not name.startswith("--"), name))
    return "/".join(names) or str(option.dest)


def _param_label(param: Any) -> str:
    if param.param_type_name == "argument":
        return _metavar(param)
    names = sorted(param.opts, key=lambda o: (o.startswith("--"), o))
    label = ", ".join(names)
    if getattr(param, "secondary_opts", None):
        label += " / " + ", ".join(param.secondary_opts)
    if not param.is_flag:
        label += " " + _metavar(param)
    return label


def _param_help(path: Sequence[str], param: Any) -> str:
    key = param_help_key(path, param)
    text = _say(key) if key else (param.help or "")
    extras = []
    default = _default_shown(param)
    if default is not None:
        extras.append(_say("cli.help.default", value=default))
    info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
    if info is not None and info.min is not None and info.max is not None:
        extras.append(_say("cli.help.range", min=info.min, max=info.max))
    if param.envvar and getattr(param, "show_envvar", True):
        extras.append(_say("cli.help.envvar", name=param.envvar))
    if param.required:
        extras.append(_say("cli.help.required"))
    return text + "".join(f"  [{extra}]" for extra in extras)


def _short_help(path: Sequence[str]) -> str:
    """Return the first sentence of a command's description (for the list of commands)."""
    key = help_key(path)
    if not _has(key):
        return ""
    first = " ".join(_say(key).split("\n\n")[0].split())
    return first.split(". ")[0].rstrip(".") + "."


# --- the global options: typed before the command, on a group or on the command ---------------

_GIVEN = "garou.global-options"
"""The key, in the context's meta (shared by a run's contexts), of the global options given
on ``garou`` or a group: long name → value, the innermost group's last."""


def global_params() -> list[Any]:
    """Return the parameters of :func:`garou.cli.commands.global_options` as a group takes
    them, built as Typer builds a command's."""
    registry = typer.Typer(add_completion=False)
    registry.command()(global_options)
    command = typer.main.get_command(registry)
    _lighten(command)
    return list(command.params)


class _Globals:
    """A group that takes the global options (``garou``, ``garou game``...): it keeps what
    was given in the context's meta, for the command that runs (:func:`_inherit_globals`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        own = {param_name(p) for p in self.params}  # type: ignore[attr-defined]
        extra = [p for p in global_params() if param_name(p) not in own]
        self.params.extend(extra)  # type: ignore[attr-defined]
        self._global_names = {p.name for p in extra}

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from typer._click.core import ParameterSource

        rest: list[str] = super().parse_args(ctx, args)  # type: ignore[misc]
        given = ctx.meta.setdefault(_GIVEN, {})
        for param in self.params:  # type: ignore[attr-defined]
            if param.name not in self._global_names:
                continue
            value = ctx.params.pop(param.name, None)
            if ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
                given[param_name(param)] = value
        return rest


def _inherit_globals(command: Any, ctx: Any) -> None:
    """Give ``command`` the global options typed before it, where it was given none itself;
    one it does not have is a usage error (``garou --json print cheatsheet``)."""
    from typer._click.core import ParameterSource

    options = {param_name(p): p for p in command.params if p.param_type_name == "option"}
    for name, value in ctx.meta.get(_GIVEN, {}).items():
        param = options.get(name)
        if param is None:
            raise _FrameUsageError(
                ctx, "cli.option-not-for-command", option=f"--{name}",
                command=ctx.command_path,
            )  # fmt: skip
        source = ctx.get_parameter_source(param.name)
        if source in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP):
            ctx.params[param.name] = value


class GarouCommand(_Localised, TyperCommand):
    """A garou command: help and usage from the catalogue, and the global options given
    before it (see :data:`GLOBAL_OPTIONS`)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        rest: list[str] = super().parse_args(ctx, args)
        _inherit_globals(self, ctx)
        return rest


class GarouSubGroup(_Globals, _Localised, TyperGroup):
    """A group of commands inside a module (``garou house``, ``garou print``): each of its
    commands is built from its Typer definition only when it is asked for."""

    pending: dict[str, Any]
    """Name → Typer CommandInfo of the commands not built yet."""

    def list_commands(self, ctx: Any) -> list[str]:
        pending = getattr(self, "pending", {})
        return [*pending, *(name for name in self.commands if name not in pending)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        info = getattr(self, "pending", {}).get(cmd_name)
        if cmd_name not in self.commands and info is not None:
            self.commands[cmd_name] = _build_command(info)
        return self.commands.get(cmd_name)


def _adopt(typer_app: typer.Typer) -> None:
    """Make the commands registered on ``typer_app`` garou's classes, before they are built."""
    for info in typer_app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = GarouCommand
    for group in typer_app.registered_groups:
        group.cls = GarouSubGroup
        if group.typer_instance is not None:
            _adopt(group.typer_instance)


def _command_name(info: Any) -> str:
    from typer.main import get_command_name

    return str(info.name or get_command_name(info.callback.__name__))


def _build_command(info: Any) -> Any:
    from typer.main import get_command_from_info

    command = get_command_from_info(info, pretty_exceptions_short=True, rich_markup_mode=None)
    _lighten(command)
    return command


def _build_group(group_info: Any) -> Any:
    """Build a group without its commands, which it builds when asked (GarouSubGroup)."""
    from typer.main import get_group_from_info

    instance = group_info.typer_instance
    pending = {_command_name(info): info for info in instance.registered_commands}
    registered, instance.registered_commands = instance.registered_commands, []
    try:
        group = get_group_from_info(
            group_info, pretty_exceptions_short=True, suggest_commands=True, rich_markup_mode=None
        )
    finally:
        instance.registered_commands = registered
    group.pending = pending  # type: ignore[attr-defined]
    _lighten(group)
    return group


def load_commands(module_name: str, only: str | None = None) -> dict[str, Any]:
    """Import ``garou.cli.commands.<module_name>``, let it register its commands on a fresh
    Typer app, and return them built as click commands (name → command): all of them, or
    ``only`` the one of that name (a module registers several; a run needs one)."""
    with _Loading():
        module = importlib.import_module(f"garou.cli.commands.{module_name}")
        registry = typer.Typer()
        module.register(registry)
        _adopt(registry)
        built: dict[str, Any] = {}
        for info in registry.registered_commands:
            name = _command_name(info)
            if only in (None, name):
                built[name] = _build_command(info)
        for group_info in registry.registered_groups:
            group_name = group_info.name if isinstance(group_info.name, str) else None
            if only is None or group_name in (None, only):
                group = _build_group(group_info)
                built[group.name or ""] = group
        return built


# --- usage errors, said in the frame's language -----------------------------------------------


class _FrameUsageError(click_errors.UsageError):
    """A usage error of the frame itself (no such command), said from the catalogue."""

    def __init__(self, ctx: Any, key: str, **values: Any):
        from garou.core.catalogue import phrase

        self.phrase = phrase(key, **values)
        super().__init__(self.phrase.say("en"), ctx)


_EXTRA = r"(?s)Got unexpected extra argument\(s\) \((?P<args>.*)\)"
_NEEDS = r"Option '(?P<option>.*)' requires (?:an argument|(?P<n>\d+) arguments)\."
_NO_VALUE = r"Option '(?P<option>.*)' does not take a value\."


def _param_hint(exc: Any) -> str:
    param = getattr(exc, "param", None)
    if param is None:
        hint = getattr(exc, "param_hint", None)
        return " / ".join(hint) if isinstance(hint, list | tuple) else str(hint or "")
    if param.param_type_name == "argument":
        return _metavar(param)
    longs = [o for o in param.opts if o.startswith("--")]
    return (longs or param.opts)[0]


def usage_message(exc: click_errors.ClickException) -> str:
    """Return what ``exc`` (a usage error from click inside Typer) means, in the frame's
    language: from the exception's fields, or from click's fixed English sentences."""
    if isinstance(exc, _FrameUsageError):
        return exc.phrase.say(_frame.lang)
    if isinstance(exc, click_errors.NoSuchOption):
        if exc.possibilities:
            options = ", ".join(sorted(exc.possibilities))
            return _say("cli.no-such-option-near", option=exc.option_name, options=options)
        return _say("cli.no-such-option", option=exc.option_name)
    if isinstance(exc, click_errors.MissingParameter):
        param = exc.param
        is_option = param is not None and param.param_type_name == "option"
        key = "cli.missing-option" if is_option else "cli.missing-argument"
        return _say(key, name=_param_hint(exc))
    if isinstance(exc, click_errors.BadParameter):
        reason = exc.phrase.say(_frame.lang) if isinstance(exc, _ParamError) else exc.message
        return _say("cli.invalid-value", name=_param_hint(exc), reason=reason)
    message = exc.message
    if match := re.fullmatch(_NEEDS, message):
        if match["n"]:
            count = int(match["n"])
            return _say("cli.option-needs-values", option=match["option"], count=count)
        return _say("cli.option-needs-value", option=match["option"])
    if match := re.fullmatch(_NO_VALUE, message):
        return _say("cli.option-takes-no-value", option=match["option"])
    if match := re.fullmatch(_EXTRA, message):
        extra = match["args"]
        return _say("cli.extra-arguments", count=len(extra.split()), args=extra)
    if message == "Missing command.":
        return _say("cli.missing-command")
    return _say("cli.bad-command-line", detail=message)


# --- reporting --------------------------------------------------------------------------------


def _write_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()


def _stderr(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def report_error(exc: BaseException) -> int:
    """Report ``exc`` (a GarouError, or an interruption) and return its exit code.

    As one ``Error: …`` line on standard error in the frame's language, plus its hint;
    with ``--json`` on the command line, as one JSON object on standard output.
    """
    from garou.core.errors import Interrupted

    from .output import error_json, error_lines

    if not isinstance(exc, GarouError):  # Ctrl-C (or the end of input at a prompt)
        exc = Interrupted()
    if isinstance(exc, Interrupted) and not _frame.json:
        _stderr("\n" + exc.message(_frame.lang))
        return int(exc.exit_code)
    if isinstance(exc, GarouError):
        if _frame.json:
            _write_json(error_json(exc, _frame.lang))
        else:
            _stderr("\n".join(error_lines(exc, _frame.lang)))
        return int(exc.exit_code)
    raise AssertionError("unreachable")  # pragma: no cover


def _plain_error(message: str, code: int, kind: str, **extra: Any) -> dict[str, Any]:
    error: dict[str, Any] = {
        "message": message,
        "where": [],
        "hint": None,
        "exit_code": code,
        "type": kind,
    }
    error.update(extra)
    return {"error": error}


def _report_usage(exc: click_errors.ClickException) -> int:
    ctx = getattr(exc, "ctx", None)
    message = usage_message(exc)
    code = int(getattr(exc, "exit_code", ExitCode.USAGE))
    usage = ctx.get_usage() if ctx is not None else None
    hint = _say("cli.try-help", command=ctx.command_path) if ctx is not None else None
    if _frame.json:
        data = _plain_error(message, code, "UsageError", usage=usage)
        data["error"]["hint"] = hint
        _write_json(data)
    else:
        if usage:
            _stderr(f"{usage}\n{hint}\n")
        _stderr(_say("error.prefix", message=message))
    return code


def _os_reason(exc: OSError) -> str:
    name = errno.errorcode.get(exc.errno or 0, "")
    key = f"cli.errno.{name}"
    if _has(key):
        return _say(key)
    if _frame.lang == "en" and exc.strerror:
        return exc.strerror
    return name or str(exc)


def _report_os_error(exc: OSError) -> int:
    """Report an OSError: about the file it names, else about writing the output."""
    reason = _os_reason(exc)
    if exc.filename:
        message = _say("cli.file-failed", file=os.fsdecode(exc.filename), reason=reason)
    else:
        message = _say("cli.output-failed", reason=reason)
    code = int(ExitCode.FAILURE)
    if _frame.json and exc.filename:
        try:
            _write_json(_plain_error(message, code, "OSError", where=[{"file": exc.filename}]))
            return code
        except OSError:
            pass
    _stderr(_say("error.prefix", message=message))
    return code


def _quiet_stdout() -> None:
    """After a closed pipe: send what is left of standard output nowhere, silently."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


class _ClosedOutput(io.TextIOBase):
    """Standard output when garou was started with it closed: a command that prints nothing
    (``-o FILE``) runs as usual; the first thing printed ends garou as a closed pipe does
    (quietly, exit 1), never with a traceback."""

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, "standard output is closed")

    def fileno(self) -> int:
        raise BrokenPipeError(errno.EPIPE, "standard output is closed")


class GarouGroup(_Globals, _Localised, TyperGroup):
    """``garou`` itself: every command, loaded on demand, and every error reported here."""

    registry: dict[str, str] = COMMANDS
    """Command name → module of garou.cli.commands (see :data:`garou.cli.commands.COMMANDS`)."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.registry, *(name for name in self.commands if name not in self.registry)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in self.registry:
            self.commands.update(load_commands(self.registry[cmd_name], only=cmd_name))
        return self.commands.get(cmd_name)

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> NoReturn:
        """Run garou with ``args`` and exit with the code it calls for (always exits)."""
        argv = list(sys.argv[1:] if args is None else args)
        _frame.lang = frame_language(argv)
        _frame.json = wants_json(argv)
        if sys.stdin is None:  # started with standard input closed: read it as empty
            sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115
        if sys.stdout is None:  # started with standard output closed (>&-): see _ClosedOutput
            sys.stdout = _ClosedOutput()
        if sys.stderr is None:  # nowhere to say an error: said nowhere, the exit code stays
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
        code = self._run(argv, prog_name or "garou", extra)
        # Python collects cycles once more as it exits, walking every object left: all
        # that is left is handed to it frozen, out of that walk (about 2% of a start).
        # Nothing here waits on a collection: the outputs are flushed, atexit still runs.
        gc.freeze()
        sys.exit(code)

    def _run(self, argv: list[str], prog_name: str, extra: dict[str, Any]) -> int:
        try:
            try:
                with self.make_context(prog_name, argv, **extra) as ctx:
                    self.invoke(ctx)
                code = 0
            except Exit as exc:
                code = int(exc.exit_code or 0)
            except click_errors.NoArgsIsHelpError as exc:
                sys.stdout.write(exc.ctx.get_help() + "\n")
                code = int(ExitCode.USAGE)
            except click_errors.ClickException as exc:
                code = _report_usage(exc)
            except (GarouError, KeyboardInterrupt, Abort, EOFError) as exc:
                # Abort is what a prompt raises on Ctrl-C or Ctrl-D (end of input).
                code = report_error(exc)
            sys.stdout.flush()
            return code
        except BrokenPipeError:
            _quiet_stdout()  # the reader went away (garou … | head -1): end quietly
            return int(ExitCode.FAILURE)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                _quiet_stdout()
                return int(ExitCode.FAILURE)
            return _report_os_error(exc)


app = typer.Typer(
    cls=GarouGroup,
    name="garou",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": HELP_OPTIONS},
)


def _version(asked: bool) -> None:
    """``--version``: the package's version, its metadata read only when asked."""
    if asked:
        from importlib.metadata import version

        text = version("garou")
        if _frame.json:
            _write_json({"version": text})
        else:
            sys.stdout.write(f"garou {text}\n")
        raise Exit(0)


@app.callback()
def _garou(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_version),
) -> None:
    """garou (its help is help.garou in the catalogue)."""


def main(argv: list[str] | None = None) -> NoReturn:
    """Run the ``garou`` command line (exits with the command's code)."""
    try:
        command = typer.main.get_command(app)
        command.main(args=argv, prog_name="garou")
    except KeyboardInterrupt:  # before or after the frame's own report: reported the same
        _interrupted_at_start()
    raise AssertionError("unreachable")  # pragma: no cover


_loading.__exit__()  # garou.cli.app is loaded: see _Loading
