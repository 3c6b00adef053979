"""Tests of ``garou/core/catalogue_keys_used.py``."""

from __future__ import annotations

import re

CODE_DIRS = ("garou",)
"""The folders of the code that says the catalogue's messages (the tests are no use)."""


ANY = r"\S+"
"""What a part of a key built at run time that cannot be followed may be."""


LITERAL = re.compile(r"""["']([a-z][\w-]*(?:\.[\w-]+)+)["']""")
"""A quoted dotted word: a key used literally (say("a.b"), raise X("a.b"), a table's value)."""


TEMPLATE_PREFIX = re.compile(r"""['"]([a-z][\w.-]*[.-])['"]\s*[~+]""")
"""A Jinja key built from a prefix: t('judge.lift.' ~ value)."""


ALLOWED: dict[str, str] = {}
"""Keys no mechanism here can see used, each with why (none yet)."""


class _Module:
    """One Python file's syntax tree, with each node's parent."""

    def __init__(self, path):
        import ast

        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.parent = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node


def _strings(node, module, modules, depth=0):
    """The strings ``node`` may be, as regular expressions (a literal escaped, an f-string
    its pattern), or None when it cannot be followed."""
    import ast

    if depth > 4:
        return None
    if isinstance(node, ast.Constant):
        return {re.escape(node.value)} if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
    ):
        return {_pattern(_parts(node), module, modules, depth + 1)}
    if isinstance(node, ast.IfExp):
        a, b = (_strings(n, module, modules, depth + 1) for n in (node.body, node.orelse))
        return None if a is None or b is None else a | b
    if isinstance(node, ast.BoolOp):
        found = [_strings(n, module, modules, depth + 1) for n in node.values]
        return None if None in found else set().union(*found)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        found = [_strings(n, module, modules, depth + 1) for n in node.elts]
        return None if None in found else set().union(*found)
    if isinstance(node, ast.Dict):  # iterated: its keys
        found = [_strings(n, module, modules, depth + 1) for n in node.keys if n is not None]
        return None if None in found else set().union(*found)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "get" and isinstance(node.func.value, ast.Dict):
            found = [_strings(n, module, modules, depth + 1) for n in node.func.value.values]
            found += [_strings(n, module, modules, depth + 1) for n in node.args[1:]]
            return None if None in found else set().union(*found)
        if node.func.attr in ("removesuffix", "removeprefix", "strip", "lower"):
            return None
    if isinstance(node, ast.Name):
        return _name_strings(node, module, modules, depth)
    return None


def _name_strings(node, module, modules, depth):
    """The strings the name ``node`` may hold where it is read: the loop or comprehension
    it is the variable of, its assignments in the function (or the module), or the literal
    arguments of the calls of the function it is a parameter of."""
    import ast

    scope = module.parent.get(node)
    while scope is not None:
        generators = getattr(scope, "generators", None)
        if generators:
            for gen in generators:
                if isinstance(gen.target, ast.Name) and gen.target.id == node.id:
                    return _strings(gen.iter, module, modules, depth + 1)
        target = getattr(scope, "target", None) if isinstance(scope, ast.For) else None
        if isinstance(target, ast.Name) and target.id == node.id:  # the loop's variable
            return _strings(scope.iter, module, modules, depth + 1)
        if isinstance(scope, ast.FunctionDef | ast.Module):
            break
        scope = module.parent.get(scope)
    if scope is None:
        return None
    found: set[str] = set()
    seen = False
    body = ast.walk(scope) if isinstance(scope, ast.FunctionDef) else iter(scope.body)
    for other in body:
        values = None
        if isinstance(other, ast.Assign | ast.AnnAssign):
            targets = other.targets if isinstance(other, ast.Assign) else [other.target]
            if any(isinstance(t, ast.Name) and t.id == node.id for t in targets):
                values = other.value
        if values is None:
            continue
        seen = True
        got = _strings(values, module, modules, depth + 1)
        if got is None:
            return None
        found |= got
    if seen:
        return found
    if isinstance(scope, ast.FunctionDef):
        params = [a.arg for a in (*scope.args.posonlyargs, *scope.args.args)]
        if node.id in params:
            owner = module.parent.get(scope)
            cls = owner.name if isinstance(owner, ast.ClassDef) else None
            return _argument_strings(scope.name, cls, params.index(node.id), node.id, modules,
                                     depth)  # fmt: skip
        scope = module.tree  # a module's name read in a function (a constant)
        for other in scope.body:
            if isinstance(other, ast.Assign | ast.AnnAssign):
                targets = other.targets if isinstance(other, ast.Assign) else [other.target]
                if any(isinstance(t, ast.Name) and t.id == node.id for t in targets):
                    return _strings(other.value, module, modules, depth + 1)
    return None


def _calls(modules):
    """Every call of the code, by the name called: (module, call, how: "name"/"attr")."""
    import ast

    found: dict[str, list] = {}
    for module in modules:
        instances = {}  # a name bound to a class's instance: its calls are __call__'s
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                func = node.value.func
                if isinstance(func, ast.Name):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            instances[target.id] = func.id
        for call in ast.walk(module.tree):
            if not isinstance(call, ast.Call):
                continue
            func = call.func
            if isinstance(func, ast.Call) and isinstance(func.func, ast.Name):
                key = f"{func.func.id}.__call__"  # Words(lang)("key"): the instance called
                found.setdefault(key, []).append((module, call, 1))
            elif isinstance(func, ast.Name):
                found.setdefault(func.id, []).append((module, call, 0))
                if func.id in instances:
                    key = f"{instances[func.id]}.__call__"
                    found.setdefault(key, []).append((module, call, 1))
            elif isinstance(func, ast.Attribute):
                found.setdefault(func.attr, []).append((module, call, 1))
    return found


def _argument_strings(function, cls, index, name, modules, depth):
    """The literal values every call of ``function`` (a method of ``cls``) gives its
    parameter ``index`` (``name``), or None when one of them cannot be followed."""
    # Keyed by the list's id, the list kept with its calls: a list freed by an earlier test
    # could leave its id to this one, and its calls would be read for this one's.
    kept = _CALLS.get(id(modules))
    if kept is None or kept[0] is not modules:
        kept = _CALLS[id(modules)] = (modules, _calls(modules))
    calls = kept[1]
    wanted = f"{cls}.__call__" if function == "__call__" else function
    found: set[str] = set()
    given = 0
    for module, call, shift in calls.get(wanted, []):
        arg = next((k.value for k in call.keywords if k.arg == name), None)
        position = index - shift if cls is not None else index
        if arg is None and 0 <= position < len(call.args):
            arg = call.args[position]
        if arg is None:
            continue
        given += 1
        got = _strings(arg, module, modules, depth + 1)
        if got is None:
            return None
        found |= got
    return found if given else None


_CALLS: dict[int, tuple[list, dict]] = {}


def _parts(node):
    """The parts of an f-string or of a sum of strings, in order."""
    import ast

    if isinstance(node, ast.JoinedStr):
        return [v.value if isinstance(v, ast.FormattedValue) else v for v in node.values]
    stack, parts = [node], []
    while stack:
        top = stack.pop()
        if isinstance(top, ast.BinOp) and isinstance(top.op, ast.Add):
            stack += [top.right, top.left]
        else:
            parts.append(top)
    return parts


def _pattern(parts, module, modules, depth=0):
    """The regular expression of the strings the ``parts`` joined may be."""
    regex = ""
    for part in parts:
        got = _strings(part, module, modules, depth)
        regex += ANY if not got else "(?:" + "|".join(sorted(got)) + ")"
    return regex


def _key_patterns(path, module, modules):
    """The keys ``path``'s f-strings and concatenations build, as regular expressions: a
    part that is a name is followed to the strings it may hold (a loop over words, a
    constant, an argument given literally by every call), else it may be anything."""
    import ast

    patterns = set()
    for node in ast.walk(module.tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if isinstance(module.parent.get(node), ast.BinOp):
                continue  # the outermost sum only
        elif not isinstance(node, ast.JoinedStr):
            continue
        parts = _parts(node)
        head = _strings(parts[0], module, modules) if parts else None
        if not head or not all(re.match(r"\(\?:|[a-z]", h) for h in head):
            continue  # not a key: its first part is no word a key starts with
        regex = _pattern(parts, module, modules)
        if "\\." in regex:
            patterns.add(regex)
    return patterns


def used_keys(repo) -> tuple[set[str], re.Pattern]:
    """Every key the code uses literally, and a pattern of those it builds at run time."""
    suffixes = (".py", ".html", ".md", ".js")
    files = [p for d in CODE_DIRS for p in sorted((repo / d).rglob("*"))
             if p.suffix in suffixes and "__pycache__" not in p.parts]  # fmt: skip
    literals: set[str] = set()
    patterns: set[str] = set()
    modules = {p: _Module(p) for p in files if p.suffix == ".py"}
    every = list(modules.values())
    for path in files:
        text = path.read_text(encoding="utf-8")
        literals.update(LITERAL.findall(text))
        if path.suffix == ".py":
            patterns |= _key_patterns(path, modules[path], every)
        else:
            patterns |= {re.escape(m) + ANY for m in TEMPLATE_PREFIX.findall(text)}
    return literals, re.compile("|".join(f"(?:{p})" for p in sorted(patterns)))


def unused_keys(repo) -> list[str]:
    from garou.core.catalogue import messages

    literals, built = used_keys(repo)
    return sorted(k for k in messages() if k not in literals and not built.fullmatch(k)
                  and k not in ALLOWED)  # fmt: skip


def test_every_catalogue_key_is_used_by_some_code():
    from tests.conftest import REPO

    assert unused_keys(REPO) == []


def test_the_key_finder_follows_the_keys_built_at_run_time(tmp_path):
    code = tmp_path / "garou" / "game"
    code.mkdir(parents=True)
    (code / "a.py").write_text(
        'WORDS = ("one", "two")\n'
        'def said(key):\n    return say(f"x.said.{key}", "fr")\n'
        'said("three")\n'
        'def loop():\n    return [say(f"x.loop.{w}-end", "fr") for w in WORDS]\n'
        'def data(value):\n    return say("x.data." + value.kind, "fr")\n'
        'def pick(flag):\n    why = "yes" if flag else "no"\n    return say(f"x.why.{why}")\n'
        'LITERAL = "x.literal"\n'
    )
    (code / "page.html").write_text("{{ t('x.page.' ~ kind) }}")
    literals, built = used_keys(tmp_path)
    assert "x.literal" in literals
    used = {"x.said.three", "x.loop.one-end", "x.loop.two-end", "x.data.anything",
            "x.why.yes", "x.why.no", "x.page.any"}  # fmt: skip
    unused = {"x.said.four", "x.loop.three-end", "x.loop.one", "x.why.maybe", "x.other"}
    assert all(built.fullmatch(k) for k in used)
    assert not any(built.fullmatch(k) for k in unused)
