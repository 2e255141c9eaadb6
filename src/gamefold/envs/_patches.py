"""Writing a record slice's view again field by field (package-private): the fields that
are the very objects they were hold their numbers, so only the others are written, at their
own slots, and an ordered sequence of records only in the items that changed.

The patch of a slice is one generated function with every field's writer inline: an env
writes a few fields at every decision, and a call per field cost more than the writing.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, NamedTuple

from gamefold.envs._source import Source, appenders

__all__ = ["Items", "Part", "Patcher", "Slice", "patcher", "top_patcher"]

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
    record: tuple[type, list[Part]] | None = None
    """Its record type and that record's fields laid out one by one, when it is a record
    written so too."""


class Slice(NamedTuple):
    """One top-level field of a view: its slots and how it is written again."""

    name: str
    start: int
    whole: Callable[[Any, memoryview, int], None]
    """``whole(value, raw, start)``: write ``value`` whole at the slots from ``start``."""
    plan: tuple[type, Patcher] | None
    """Its record type and that record's patch, when it is a record slice."""


def patcher(parts: list[Part], source: Source) -> Patcher:
    """The function writing a record slice's view again field by field, generated once: a
    field costs a read and a comparison, and its writing only when it is not the object it
    was."""
    name = source.fresh("patch")
    lines = [f"def {name}(value, was, raw, F, start):"]
    for part in parts:
        # Most fields are the objects they were: read the changed ones only once more.
        lines.append(f"    if value.{part.name} is not was.{part.name}:")
        lines.append(f"        a = value.{part.name}")
        if part.items is not None:
            _sequence(part, part.items, source, lines)
        elif part.record is not None:
            _record(part, part.record, source, lines)
        else:
            _field(part, source, lines)
    lines.append("    return None")
    found: Patcher = source.compiled(name, "\n".join(lines) + "\n")
    return found


def top_patcher(slices: list[Slice], source: Source) -> Patcher:
    """The function writing a whole view again slice by slice, generated once: a slice
    that is the very object it was costs a read and a comparison, a record slice of the
    same type as before its patch, any other its writing whole."""
    name = source.fresh("top")
    lines = [f"def {name}(value, was, raw, F, start):"]
    for part in slices:
        whole = source.constant(part.whole, "whole")
        lines.append(f"    a = value.{part.name}")
        lines.append(f"    if a is not was.{part.name}:")
        ind = "        "
        if part.plan is not None:
            cls, patch = (source.constant(x) for x in part.plan)
            lines.append(f"        b = was.{part.name}")
            lines.append(f"        if type(a) is {cls} and type(b) is {cls}:")
            lines.append(f"            {patch}(a, b, raw, F, {part.start})")
            lines.append("        else:")
            ind += "    "
        lines.append(f"{ind}{whole}(a, raw, {part.start})")
    lines.append("    return None")
    found: Patcher = source.compiled(name, "\n".join(lines) + "\n")
    return found


def _field(part: Part, source: Source, lines: list[str]) -> None:
    """A field written whole at its slots, unless it is a new tuple equal to the old (a
    tuple of names rebuilt by a view); a one-slot field is written without a look back,
    which costs no more than the look."""
    if part.width == 1 and _one(part, lines):
        return
    lines.append(f"        b = was.{part.name}")
    lines.append("        if not (type(a) is tuple and a == b):")
    _whole(part, "a", "start", source, lines, "            ")


def _record(part: Part, record: tuple[type, list[Part]], source: Source, lines: list[str]) -> None:
    """A record field: patched in turn while it is of its type, else written whole."""
    cls, laid = source.constant(record[0], "cls"), source.constant(patcher(record[1], source))
    lines.append(f"        b = was.{part.name}")
    lines.append(f"        if type(a) is {cls} and type(b) is {cls}:")
    lines.append(f"            {laid}(a, b, raw, F, start + {part.start})")
    lines.append("        else:")
    _whole(part, "a", "start", source, lines, "            ")


def _one(part: Part, lines: list[str]) -> bool:
    """Append the code setting a one-slot field's slot straight from its number, when its
    writer appends that number last and nothing else; else append nothing."""
    emitted: list[str] = []
    part.emit("a", "        ", emitted)
    last = emitted[-1] if emitted else ""
    if not (last.startswith("        A(") and last.endswith(")")):
        return False
    if any("A(" in line or "E(" in line or "out" in line for line in emitted[:-1]):
        return False
    lines += emitted[:-1]
    lines.append(f"        F[start + {part.start}] = {last[len('        A(') : -1]}")
    return True


def _whole(part: Part, e: str, start: str, source: Source, lines: list[str], ind: str) -> None:
    """The code writing ``e`` whole at the part's slots, counted from ``start``."""
    body: list[str] = []
    part.emit(e, ind, body)
    lines.append(f"{ind}out = []")
    lines += [f"{ind}{line}" for line in appenders(body)]
    lines += body
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
    lines.append(f"        b = was.{part.name}")
    counted = source.constant(range(items.cap), "upto")
    lines.append("        if len(a) == len(b):")
    # zip stops at the cap or at the items' end, whichever comes first.
    lines.append(f"            for i, x, y in zip({counted}, a, b):")
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
