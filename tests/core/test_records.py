"""The rule model's records behave as ``@dataclass(frozen=True)`` records do.

:func:`garou.core.records.record` builds them more cheaply than dataclass; the rest of the
code relies on what dataclass would give: frozen instances, equality and hashing by field
values, the same repr, the dataclass functions (fields, replace, asdict), pickling, and the
rules cache giving back records equal to freshly validated ones. Each record of the
built-in rules is checked against a reference class made by dataclass from the same fields.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from garou.core.records import record
from garou.rules import load_rules, model

MODEL_CLASSES = sorted(
    (c for c in vars(model).values() if isinstance(c, type) and c.__module__ == model.__name__),
    key=lambda c: c.__name__,
)


def _walk(value: Any, seen: set[int]) -> Iterator[Any]:
    if id(value) in seen:
        return
    seen.add(id(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name), seen)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _walk(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item, seen)


@pytest.fixture(scope="module")
def fresh() -> Any:
    return load_rules(cache=False)


@pytest.fixture(scope="module")
def samples(fresh) -> dict[type, list[Any]]:
    """Up to 25 records of each model class, as the built-in rules hold them."""
    found: dict[type, list[Any]] = {}
    for item in _walk(fresh, set()):
        found.setdefault(type(item), []).append(item)
    return {cls: items[:25] for cls, items in found.items() if cls in MODEL_CLASSES}


def _reference(cls: type) -> type:
    """Return what ``@dataclass(frozen=True)`` makes of ``cls``'s fields (same name)."""
    namespace: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__}
    namespace["__annotations__"] = {f.name: f.type for f in dataclasses.fields(cls)}
    for f in dataclasses.fields(cls):
        namespace[f.name] = dataclasses.field(
            default=f.default, default_factory=f.default_factory, metadata=f.metadata
        )
    return dataclasses.dataclass(frozen=True)(type(cls.__name__, (), namespace))


def _as_reference(value: Any, references: dict[type, type]) -> Any:
    """Return ``value`` rebuilt, record by record, from the reference classes."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        ref = references.setdefault(type(value), _reference(type(value)))
        values = {f.name: _as_reference(getattr(value, f.name), references)
                  for f in dataclasses.fields(value)}  # fmt: skip
        return ref(**values)
    if isinstance(value, tuple):
        return tuple(_as_reference(item, references) for item in value)
    return value


def _hashed(value: Any) -> Any:
    """Return the hash of ``value``, or the error hashing it gives (a dict inside)."""
    try:
        return hash(value)
    except TypeError as exc:
        return f"TypeError: {exc}"


def test_every_model_record_class_is_a_frozen_dataclass_with_fields():
    assert len(MODEL_CLASSES) >= 30
    for cls in MODEL_CLASSES:
        assert dataclasses.is_dataclass(cls)
        params = cls.__dataclass_params__
        assert (params.init, params.repr, params.eq, params.frozen) == (True,) * 4, cls
        names = tuple(f.name for f in dataclasses.fields(cls))
        assert cls.__match_args__ == names
        assert list(inspect.signature(cls).parameters) == list(names)


def test_the_built_in_rules_hold_records_of_most_model_classes(samples):
    assert len(set(samples) & set(MODEL_CLASSES)) >= 30


def test_records_compare_hash_and_show_as_dataclass_records_do(samples):
    references: dict[type, type] = {}
    for items in samples.values():
        for item in items:
            ref = _as_reference(item, references)
            assert repr(item) == repr(ref)
            assert _hashed(item) == _hashed(ref)
            twin = copy.copy(item)
            assert twin == item and twin.__ne__(item) is False and _hashed(twin) == _hashed(item)
            assert item != ref  # another class, as between two dataclasses
            assert (item == 1) is False
            assert item.__eq__(ref) is NotImplemented
            for f in dataclasses.fields(item):
                other = items[-1] if items[-1] is not item else items[0]
                if getattr(other, f.name) != getattr(item, f.name):
                    changed = dataclasses.replace(item, **{f.name: getattr(other, f.name)})
                    assert changed != item
                    assert _as_reference(changed, references) != ref


def test_records_refuse_every_assignment_and_deletion(samples):
    for items in samples.values():
        item = items[0]
        name = dataclasses.fields(item)[0].name
        with pytest.raises(
            dataclasses.FrozenInstanceError, match=f"^cannot assign to field {name!r}$"
        ):
            setattr(item, name, "x")
        with pytest.raises(
            dataclasses.FrozenInstanceError, match=f"^cannot delete field {name!r}$"
        ):
            delattr(item, name)
        with pytest.raises(
            dataclasses.FrozenInstanceError, match="^cannot assign to field 'other'$"
        ):
            item.other = 1


def test_records_are_built_checked_and_converted_by_the_dataclass_functions(samples):
    text = model.Text(fr="un", en="one")
    assert text == model.Text("un", "one") and text.get("en") == "one"
    with pytest.raises(TypeError, match=r"Text.__init__\(\) missing 1 required positional"):
        model.Text("un")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'de'"):
        model.Text("un", "one", de="eins")  # type: ignore[call-arg]
    assert model.Words() == model.Words((), ())
    for items in samples.values():
        item = items[0]
        values = {f.name: getattr(item, f.name) for f in dataclasses.fields(item)}
        assert type(item)(**values) == item
        assert dataclasses.replace(item) == item
        assert dataclasses.asdict(item) == dataclasses.asdict(_as_reference(item, {}))


def test_records_pickle_and_copy_to_equal_records(fresh):
    again = pickle.loads(pickle.dumps(fresh, protocol=pickle.HIGHEST_PROTOCOL))
    assert again.games == fresh.games
    assert [_hashed(e) for e in again.entries()] == [_hashed(e) for e in fresh.entries()]
    assert copy.deepcopy(fresh.games) == fresh.games


def test_the_rules_cache_gives_back_records_equal_to_validated_ones(fresh, tmp_path, monkeypatch):
    (tmp_path / "cache").mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    written = load_rules()  # validated, then stored
    read = load_rules()  # from the cache
    assert list((tmp_path / "cache" / "garou").glob("rules-*.pickle"))
    assert read.games == written.games == fresh.games
    assert {e: e.id for e in read.entries()} == {e: e.id for e in fresh.entries()}
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.game("mafia").info.name.fr = "x"  # type: ignore[misc]


def test_a_class_record_cannot_make_cheaply_is_made_by_dataclass_itself():
    @record
    class Plain:
        value: int = 0

    class Base:
        """A base."""

    @record
    class Child(Base):
        """A record below a plain class."""

        value: int = 0

    @record
    class Grandchild(Child):
        """A record below a record."""

        more: str = ""

    assert Plain.__doc__ == "Plain(value: 'int' = 0)"  # dataclass's own, annotations unevaluated
    assert repr(Child(1)) == f"{Child.__qualname__}(value=1)"
    assert Grandchild(1, "x") == Grandchild(1, "x") != Child(1)
    assert hash(Grandchild(1, "x")) == hash((1, "x"))
    for made in (Plain(), Child(), Grandchild()):
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.value = 2  # type: ignore[misc]


RECORD_MODULES = (
    "garou.core.catalogue", "garou.core.errors", "garou.rules.distribution",
    "garou.rules.play.state",
    "garou.rules.play.fouls", "garou.rules.play.vote", "garou.rules.play.win",
    "garou.rules.play.cascade", "garou.rules.play.answers", "garou.houserules.compare",
    "garou.printables.contexts", "garou.cli.render",
)  # fmt: skip


@pytest.mark.parametrize("module_name", RECORD_MODULES)
def test_the_records_of_every_module_take_what_their_dataclass_would(module_name):
    import importlib

    module = importlib.import_module(module_name)
    found = [c for c in vars(module).values() if isinstance(c, type)
             and c.__module__ == module_name and "__record__" in c.__dict__]  # fmt: skip
    assert found, module_name
    for cls in found:
        ref = _reference(cls)
        assert str(inspect.signature(cls)) == str(inspect.signature(ref)), cls
        assert cls.__match_args__ == ref.__match_args__
        assert cls.__dataclass_params__.frozen


def test_a_record_is_refused_where_dataclass_refuses_it():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

        @record
        class Wrong:
            """A required field after an optional one."""

            a: int = 0
            b: int  # type: ignore[misc]


def test_a_record_runs_its_post_init_and_makes_its_default_factories():
    seen = []

    @record
    class Made:
        """With a factory and a check."""

        items: list[int] = dataclasses.field(default_factory=list)
        size: int = 0

        def __post_init__(self) -> None:
            seen.append(self.size)

    assert Made().items == [] and Made().items is not Made().items
    assert Made(size=3).size == 3 and seen == [0, 0, 0, 3]
    assert (
        str(inspect.signature(Made)) == "(items: 'list[int]' = <factory>, size: 'int' = 0) -> None"
    )
