"""Frozen records, as ``@dataclass(frozen=True)`` makes them, without its start-up cost.

CPython 3.11's ``dataclass`` compiles six functions for each frozen class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``), each with its own
``exec``: the model's 37 classes cost about 25 ms at every start, for records that are
mostly unpickled from the rules cache (which calls none of them). :func:`record` gives the
same classes, built another way:

- ``__eq__``, ``__hash__``, ``__repr__``, ``__setattr__`` and ``__delattr__`` are shared
  functions that read the class's fields, computing what dataclass would: equality of
  the same class's field tuples (else ``NotImplemented``), the hash of that tuple, the
  ``Name(field=value, ...)`` repr, :class:`~dataclasses.FrozenInstanceError` on any
  assignment or deletion;
- ``__init__`` is dataclass's own, compiled the first time the class is called (or its
  ``__init__`` looked at), so that a class never instantiated never compiles one.

This is garou's one way to make a record: a frozen value (a rule, a verdict, an event, a
hit) is ``@record``; a ``@dataclass`` that is not frozen is working state that a function
fills in (a builder, a live game's state), never a record.

The class is a dataclass in every other way (``dataclasses.fields``, ``replace``,
``asdict``, ``is_dataclass``, ``__match_args__``, pickling, ``__dataclass_params__``
saying frozen). A class whose needs go beyond that (a dataclass base, a missing docstring,
its own ``__setattr__``) is simply handed to ``dataclass(frozen=True)``.
"""

from __future__ import annotations

import dataclasses
import reprlib
import sys
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_MISSING: Any = dataclasses.MISSING


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """Return a function giving the values of ``names`` of an object, always as a tuple."""
    if not names:
        return lambda _: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)  # type: ignore[return-value]


class _Shape:
    """What the shared methods need of a record class: its fields' getters, made once."""

    __slots__ = ("compare", "hashed", "shown", "names")

    def __init__(self, cls: type) -> None:
        fields = dataclasses.fields(cls)
        self.compare = _getter(tuple(f.name for f in fields if f.compare))
        hashed = (f.name for f in fields if (f.compare if f.hash is None else f.hash))
        self.hashed = _getter(tuple(hashed))
        self.shown = tuple(f.name for f in fields if f.repr)
        self.names = frozenset(f.name for f in fields)


_SHAPES: dict[type, _Shape] = {}


def _shape(cls: type) -> _Shape:
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _Shape(cls)
    return shape


def _owner(cls: type) -> type:
    """Return the record class whose methods ``cls`` (a record or a subclass of one) uses."""
    for klass in cls.__mro__:
        if klass.__dict__.get("__record__") is klass:
            return klass
    return cls  # pragma: no cover - only record classes carry these methods


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        get = _shape(_owner(self.__class__)).compare
        return get(self) == get(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(_shape(_owner(self.__class__)).hashed(self))


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    names = _shape(_owner(self.__class__)).shown
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
    return f"{self.__class__.__qualname__}({shown})"


def _setattr(self: Any, name: str, value: Any) -> None:
    cls = type(self)
    owner = _owner(cls)
    if cls is owner or name in _shape(owner).names:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    super(owner, self).__setattr__(name, value)  # type: ignore[arg-type]


def _delattr(self: Any, name: str) -> None:
    cls = type(self)
    owner = _owner(cls)
    if cls is owner or name in _shape(owner).names:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    super(owner, self).__delattr__(name)  # type: ignore[arg-type]


for _fn, _name in ((_eq, "__eq__"), (_hash, "__hash__"), (_repr, "__repr__"),
                   (_setattr, "__setattr__"), (_delattr, "__delattr__")):  # fmt: skip
    _fn.__name__ = _name
    _fn.__qualname__ = f"record.{_name}"


_GENERATOR = sys.version_info[:2] == (3, 11) and callable(getattr(dataclasses, "_init_fn", None))
"""Whether dataclass's own ``__init__`` generator can be called alone (CPython 3.11's
``_init_fn``, whose signature this module was written against): one compile per class."""


def _dataclass_init(cls: type) -> Callable[..., None]:
    """Return the ``__init__`` ``dataclass(frozen=True)`` would give ``cls``.

    On CPython 3.11, made by dataclass's own generator (``_init_fn``), called as dataclass
    calls it. Elsewhere, dataclass compiles it for a twin class with the same fields (name,
    type, default, options), module and name; the function refers to nothing of the twin
    (it sets the fields with ``object.__setattr__``, and calls ``self.__post_init__`` if the
    class has one), so it is the class's own.
    """
    every = cls.__dataclass_fields__  # type: ignore[attr-defined]
    if _GENERATOR:
        kinds = (dataclasses._FIELD, dataclasses._FIELD_INITVAR)  # type: ignore[attr-defined]
        fields = [f for f in every.values() if f._field_type in kinds]
        std, kw_only = dataclasses._fields_in_init_order(fields)  # type: ignore[attr-defined]
        module = sys.modules.get(cls.__module__)
        init: Any = dataclasses._init_fn(  # type: ignore[attr-defined]
            fields,
            std,
            kw_only,
            True,
            hasattr(cls, "__post_init__"),
            "__dataclass_self__" if "self" in every else "self",
            module.__dict__ if module is not None else {},
            False,
        )
        init.__qualname__ = f"{cls.__qualname__}.{init.__name__}"
        return init  # type: ignore[no-any-return]
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__annotations__": annotations,
        "__doc__": cls.__doc__,
    }
    for f in every.values():
        annotations[f.name] = f.type
        namespace[f.name] = dataclasses.field(
            default=f.default,
            default_factory=f.default_factory,
            init=f.init,
            repr=f.repr,
            hash=f.hash,
            compare=f.compare,
            metadata=f.metadata,
            kw_only=f.kw_only,
        )
    if hasattr(cls, "__post_init__"):
        namespace["__post_init__"] = cls.__post_init__  # type: ignore[attr-defined]
    twin: Any = dataclasses.dataclass(type(cls.__name__, (), namespace), frozen=True)
    return twin.__init__  # type: ignore[no-any-return]


class _LazyInit:
    """A class's ``__init__`` until first used: then dataclass's, put in its place."""

    __slots__ = ("cls",)

    def __init__(self, cls: type) -> None:
        self.cls = cls

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        real = _dataclass_init(self.cls)
        type.__setattr__(self.cls, "__init__", real)
        return real if instance is None else real.__get__(instance, owner)


def _check_defaults(cls: type) -> None:
    """Refuse a field without a default after one with, as dataclass does at class time."""
    seen_default = False
    for f in dataclasses.fields(cls):
        if not f.init or f.kw_only:
            continue
        if f.default is not _MISSING or f.default_factory is not _MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: T) -> T:
    """Make ``cls`` a frozen dataclass, cheaply (see the module's description)."""
    own = cls.__dict__
    inherits = any(dataclasses.is_dataclass(base) for base in cls.__mro__[1:])
    if inherits or not own.get("__doc__") or "__setattr__" in own or "__delattr__" in own:
        return dataclasses.dataclass(cls, frozen=True)  # type: ignore[return-value]
    explicit_hash = own.get("__hash__", _MISSING)
    has_explicit_hash = not (
        explicit_hash is _MISSING or (explicit_hash is None and "__eq__" in own)
    )
    made: Any = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    _check_defaults(made)
    for name, fn in (("__eq__", _eq), ("__repr__", _repr)):
        if name not in own:
            setattr(made, name, fn)
    if not has_explicit_hash:
        made.__hash__ = _hash
    made.__setattr__ = _setattr
    made.__delattr__ = _delattr
    if "__init__" not in own:
        type.__setattr__(made, "__init__", _LazyInit(made))
    made.__record__ = made
    params = made.__dataclass_params__
    params.init = params.repr = params.eq = params.frozen = True
    return made  # type: ignore[no-any-return]
