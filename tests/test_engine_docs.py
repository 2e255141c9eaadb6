"""The engine page (docs/engine.md) maps every engine rule EN-1 … EN-9 to code and tests
that exist: each module, name and test it cites is checked here."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")


def table(heading: str) -> list[list[str]]:
    """The body rows of the first table after ``heading``, as lists of cells."""
    section = PAGE.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    body = rows[2:]  # the header and its rule
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in body]


def resolve(dotted: str) -> Any:
    """The object named ``dotted`` under ``gamefold``: a module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = import_module(".".join(["gamefold", *parts[:cut]]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise LookupError(dotted)


def code_names(cell: str) -> list[str]:
    """Every dotted name of a code cell; ``x.y`` (`a`, `b`) also gives ``x.y.a``, ``x.y.b``."""
    names: list[str] = []
    for match in re.finditer(r"`([\w.]+)`(?: \(([^)]*)\))?", cell):
        base, members = match.group(1), match.group(2)
        if "." in base:
            names.append(base)
        for member in re.findall(r"`(\w+)`", members or ""):
            names.append(f"{base}.{member}")
    return names


RULES = table("Rules, code and tests")


def test_every_engine_rule_has_one_row() -> None:
    assert [row[0].split()[0] for row in RULES] == [f"EN-{n}" for n in range(1, 10)]


@pytest.mark.parametrize("row", RULES, ids=[row[0].split()[0] for row in RULES])
def test_every_cited_name_exists(row: list[str]) -> None:
    names = code_names(row[1])
    assert names
    for name in names:
        resolve(name)


def _tests_in(path: Path) -> list[str]:
    return re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), flags=re.MULTILINE)


@pytest.mark.parametrize("row", RULES, ids=[row[0].split()[0] for row in RULES])
def test_every_cited_test_exists(row: list[str]) -> None:
    rule = row[0].split()[0].lower().replace("-", "")
    cited = re.findall(r"`(tests/[\w/]+\.py)::(\w+\*?)`", row[2])
    assert cited
    for path, name in cited:
        found = _tests_in(ROOT / path)
        if name.endswith("*"):
            assert name.startswith(f"test_{rule}_"), f"{path}::{name} is not an {rule} family"
            assert any(test.startswith(name[:-1]) for test in found), f"{path}::{name}"
        else:
            assert name in found, f"{path}::{name}"


def test_every_module_of_the_pieces_exists_with_the_names_it_lists() -> None:
    for path, what in table("The pieces"):
        file = ROOT / "src" / path.strip("`")
        assert file.exists(), path
        if file.is_dir():
            continue
        module = import_module(path.strip("`").removesuffix(".py").replace("/", "."))
        for name in re.findall(r"`(\w+)`", what):
            assert hasattr(module, name), f"{path} has no {name}"
