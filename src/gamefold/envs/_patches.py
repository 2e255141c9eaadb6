"""Writing a record slice's view again field by field (package-private): the fields that
are the very objects they were hold their numbers, so only the others are written, at their
own slots, and an ordered sequence of records only in the items that changed.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, NamedTuple

__all__ = ["Items", "Part", "Patch", "Patcher", "patcher"]

Write = Callable[[Any, list[float]], None]
Patcher = Callable[[Any, Any, memoryview, int], None]
"""``patch(value, was, raw, start)``: write into ``raw`` (a float32 buffer's bytes) the
slots of a slice's view ``value`` that differ from those of ``was``, which the slots from
``start`` hold."""


class Items(NamedTuple):
    """The items of an ordered sequence of records: at most ``cap`` of them written, each
    ``width`` slots, through ``write``."""

    cap: int
    width: int
    write: Write
    cls: type
    parts: list[Part] | None
    """The items' own fields laid out one by one, when an item is written so too."""


class Part(NamedTuple):
    """One field of a slice's view laid out on its own (:meth:`Writers.parts`)."""

    name: str
    start: int
    """Its first slot, counted from the slice's first."""
    width: int
    write: Write
    items: Items | None
    """Its items, when it is an ordered sequence of records, else ``None``."""


class Patch:
    """One field of a record slice, written again at its own slots when it is not the
    object it was, and an ordered sequence of records item by item while its length holds."""

    __slots__ = ("each", "items", "name", "pack", "part", "put")

    def __init__(self, part: Part) -> None:
        self.part, self.name, self.items = part, part.name, part.items
        self.pack = struct.Struct(f"={part.width}f")
        self.put = None if part.items is None else struct.Struct(f"={part.items.width}f")
        self.each = None
        if part.items is not None and part.items.parts is not None:
            self.each = patcher(part.items.parts)  # an item changes in a field or two

    def write(self, value: Any, was: Any, raw: memoryview, start: int) -> None:
        """Write ``value``'s slots into ``raw``, a slice starting at slot ``start`` whose
        slots hold this field's numbers for ``was``, another object."""
        at = start + self.part.start
        items = self.items
        if items is None:
            if type(value) is tuple and value == was:  # a new tuple of the same names
                return
        elif self.put is not None and len(value) == len(was):
            # The length slot and the padding stay: only the items that changed are written.
            for i in range(min(len(value), items.cap)):
                item, then = value[i], was[i]
                if item is then:
                    continue
                at_item = at + 1 + i * items.width
                if self.each is not None and type(item) is items.cls and type(then) is items.cls:
                    self.each(item, then, raw, at_item)
                else:
                    numbers: list[float] = []
                    items.write(item, numbers)
                    self.put.pack_into(raw, at_item * 4, *numbers)
            return
        numbers = []
        self.part.write(value, numbers)
        self.pack.pack_into(raw, at * 4, *numbers)


def patcher(parts: list[Part]) -> Patcher:
    """The function writing a record slice's view again field by field, generated once: a
    field costs a read and a comparison, and a call only when it is not the object it was."""
    names: dict[str, Any] = {}
    lines = ["def patch(value, was, raw, start):"]
    for i, part in enumerate(parts):
        names[f"p{i}"] = Patch(part).write
        lines.append(f"    a = value.{part.name}")
        lines.append(f"    b = was.{part.name}")
        lines.append("    if a is not b:")
        lines.append(f"        p{i}(a, b, raw, start)")
    lines.append("    return None")
    exec(compile("\n".join(lines) + "\n", "<observation patch>", "exec"), names)
    found: Patcher = names["patch"]
    return found
