"""The rules table of docs/games/skirmish.md names code that exists, for every SK rule."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "games" / "skirmish.md").read_text(encoding="utf-8")
PACKAGE = "gamefold.games.skirmish"
ROWS = re.findall(r"^\| \*\*(SK-\d+)\*\*[^|]*\| [^|]*\| ([^|]*) \|", PAGE, flags=re.MULTILINE)


def resolve(dotted: str) -> Any:
    """``module.name…`` under the skirmish package."""
    module, *names = dotted.split(".")
    found: Any = import_module(f"{PACKAGE}.{module}")
    for name in names:
        found = getattr(found, name)
    return found


def cited(cell: str) -> list[str]:
    """``flow.py`` (`a`, `b`) gives ``flow.a``, ``flow.b``; ``fight.declare`` is itself."""
    names: list[str] = []
    for match in re.finditer(r"`(\w+)\.py` \(([^)]*)\)|`(\w+(?:\.\w+)+)`", cell):
        if match.group(1):
            names += [f"{match.group(1)}.{m}" for m in re.findall(r"`(\w+)`", match.group(2))]
        else:
            names.append(match.group(3))
    return names


def test_every_sk_rule_has_a_row_with_code() -> None:
    assert [rule for rule, _ in ROWS] == [f"SK-{n}" for n in range(1, 19)]


@pytest.mark.parametrize(("rule", "cell"), ROWS, ids=[rule for rule, _ in ROWS])
def test_the_code_column_names_what_exists(rule: str, cell: str) -> None:
    names = cited(cell)
    assert names, f"{rule} names no code"
    for name in names:
        resolve(name)
