"""A faster `__init__` for the frozen value classes that scoring makes by the thousand.

A frozen dataclass stores each field with `object.__setattr__(self, name, value)`, which
looks the slot up by name every time; `mcr score -` builds several result values per
hand. `quick_init` gives a frozen, slotted dataclass without `__post_init__` an
`__init__` that stores through the slots' own descriptors instead: the same values,
the same defaults, about twice as fast. The class stays frozen to everyone else.
"""
from __future__ import annotations

from dataclasses import MISSING, fields
from typing import TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Class decorator, applied on top of @dataclass(frozen=True, slots=True)."""
    if hasattr(cls, "__post_init__") or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init needs a slotted dataclass without __post_init__")
    namespace: dict[str, object] = {}
    parameters, body = [], []
    for f in fields(cls):  # type: ignore[arg-type]
        if not f.init or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init handles plain fields and defaults only")
        setter = f"_set_{f.name}"
        namespace[setter] = getattr(cls, f.name).__set__  # the slot's member descriptor
        if f.default is MISSING:
            parameters.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            parameters.append(f"{f.name}=_default_{f.name}")
        body.append(f"    {setter}(self, {f.name})")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(body or ["    pass"])
    exec(compile(source, f"<quick_init {cls.__name__}>", "exec"), namespace)  # noqa: S102 - built above
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[method-assign, assignment]
    return cls
