"""Writing a record slice's view again field by field (package-private): the fields that
are the very objects they were hold their numbers, so only the others are written, at their
own slots, and an ordered sequence of records only in the items that changed.

The patch of a slice is one generated function with every field's writer inline: an env
writes a few fields at every decision, and a call per field cost more than the writing.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

__all__ = ["Items", "Part", "Patcher", "patcher"]

Write = Callable[[Any, list[float]], None]
Emit = Callable[[str, str, list[str]], None]
"""``emit(expression, indent, lines)``: append the code writing ``expression``'s slots
through ``A`` (append one) and ``E`` (extend)."""
Patcher = Callable[[Any, Any, memoryview, memoryview, int], None]
"""``patch(value, was, raw, floats, start)``: write into a float32 buffer, seen as bytes
(``raw``) and as floats (``floats``), the slots of a slice's view ``value`` that differ
from those of ``was``, which the slots from ``start`` hold."""


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
    emit: Emit
    """The code writing it, to inline in a patch."""


class Source(Protocol):
    """Where generated code is compiled: the writers' names, so inlined code finds them."""

    def fresh(self, stem: str) -> str:
        """A new local or global name."""

    def constant(self, value: Any, stem: str = "k") -> str:
        """A global name holding ``value`` in the generated functions."""

    def compiled(self, name: str, text: str) -> Any:
        """Compile ``text`` among the generated functions and return its ``name``."""


def patcher(parts: list[Part], source: Source) -> Patcher:
    """The function writing a record slice's view again field by field, generated once: a
    field costs a read and a comparison, and its writing only when it is not the object it
    was."""
    name = source.fresh("patch")
    lines = [f"def {name}(value, was, raw, F, start):"]
    for part in parts:
        lines.append(f"    a = value.{part.name}")
        lines.append(f"    b = was.{part.name}")
        lines.append("    if a is not b:")
        if part.items is None:
            _field(part, source, lines)
        else:
            _sequence(part, part.items, source, lines)
    lines.append("    return None")
    found: Patcher = source.compiled(name, "\n".join(lines) + "\n")
    return found


def _field(part: Part, source: Source, lines: list[str]) -> None:
    """A field written whole at its slots, unless it is a new tuple equal to the old (a
    tuple of names rebuilt by a view)."""
    lines.append("        if not (type(a) is tuple and a == b):")
    _whole(part, "a", "start", source, lines, "            ")


def _whole(part: Part, e: str, start: str, source: Source, lines: list[str], ind: str) -> None:
    """The code writing ``e`` whole at the part's slots, counted from ``start``."""
    lines.append(f"{ind}out = []")
    lines.append(f"{ind}A = out.append")
    lines.append(f"{ind}E = out.extend")
    part.emit(e, ind, lines)
    if part.width == 1:  # one float: set, not packed
        lines.append(f"{ind}F[{start} + {part.start}] = out[0]")
    else:
        pack = source.constant(struct.Struct(f"={part.width}f").pack_into, "pack")
        lines.append(f"{ind}{pack}(raw, ({start} + {part.start}) * 4, *out)")


def _sequence(part: Part, items: Items, source: Source, lines: list[str]) -> None:
    """An ordered sequence of records: while its length holds, the length slot and the
    padding stay and only the items that are not the objects they were are written (field
    by field when an item is laid out so); else it is written whole."""
    put = source.constant(struct.Struct(f"={items.width}f").pack_into, "pack")
    write = source.constant(items.write, "item")
    each = None if items.parts is None else source.constant(patcher(items.parts, source))
    cls = source.constant(items.cls, "cls")
    first = part.start + 1
    lines.append("        n = len(a)")
    lines.append("        if n == len(b):")
    lines.append(f"            for i in range(n if n < {items.cap} else {items.cap}):")
    lines.append("                x = a[i]")
    lines.append("                y = b[i]")
    lines.append("                if x is not y:")
    lines.append(f"                    at = start + {first} + i * {items.width}")
    if each is not None:
        lines.append(f"                    if type(x) is {cls} and type(y) is {cls}:")
        lines.append(f"                        {each}(x, y, raw, F, at)")
        lines.append("                        continue")
    lines.append("                    out = []")
    lines.append(f"                    {write}(x, out)")
    lines.append(f"                    {put}(raw, at * 4, *out)")
    lines.append("        else:")
    _whole(part, "a", "start", source, lines, "            ")
