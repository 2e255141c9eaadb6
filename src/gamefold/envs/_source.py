"""Where an encoder's generated code is compiled (package-private): the names that code
finds, and the functions made of it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gamefold.envs._checks import LIMIT

__all__ = ["Source", "appenders", "clamped"]

Write = Callable[[Any, list[float]], None]


def clamped(value: Any, low: float = -LIMIT, high: float = LIMIT) -> float:
    """A number beyond ``low`` to ``high`` as the nearest end (a NaN as 0)."""
    number = float(value)
    if number != number:
        return 0.0
    return high if number > high else low if number < low else number


class Source:
    """The generated writers of one encoder: each record type's ``write(value, out)`` as
    one Python function with its fields read inline, so that a slot costs an ``append``
    rather than a call (the observation is encoded at every decision of an env)."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {
            "float": float,
            "len": len,
            "map": map,
            "zip": zip,
            "max": max,
            "min": min,
            "sum": sum,
            "int": int,
            "type": type,
            "sorted": sorted,
            "repr": repr,
            "LIMIT": LIMIT,
            "clamped": clamped,
        }
        self._count = 0

    def fresh(self, stem: str) -> str:
        """A new local or global name."""
        self._count += 1
        return f"{stem}{self._count}"

    def constant(self, value: Any, stem: str = "k") -> str:
        """A global name holding ``value`` in the generated functions."""
        name = self.fresh(stem)
        self.names[name] = value
        return name

    def function(self, lines: list[str]) -> Write:
        """Compile ``def write(value, out)`` with ``lines`` as its body."""
        name = self.fresh("write")
        body = "\n".join(f"    {line}" for line in [*appenders(lines), *lines]) or "    pass"
        text = f"def {name}(value, out):\n{body}\n"
        write: Write = self.compiled(name, text)
        return write

    def compiled(self, name: str, text: str) -> Any:
        """Compile ``text`` among the generated functions and return its ``name``."""
        exec(compile(text, f"<observation {name}>", "exec"), self.names)
        return self.names[name]


def appenders(body: list[str]) -> list[str]:
    """The lines binding ``A`` and ``E`` to ``out``'s methods, those that ``body`` calls:
    a bound method made and dropped is an allocation."""
    text = "\n".join(body)
    return [
        f"{name} = out.{method}"
        for name, method in (("A", "append"), ("E", "extend"))
        if re.search(rf"\b{name}\(", text)
    ]
