"""Checks that a package's refusals all come from its code catalogue (EN-4).

Each subsystem and game keeps its stable codes in one ``codes`` module, a
:class:`~gamefold.pipeline.Catalogue` with the rule(s) each code cites. These helpers read
the package's source and its docs page so that a test fails when a refusal bypasses the
catalogue, names a code it does not hold, forgets the rule of a code of several rules, or
when a code goes undocumented or unused.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import strategies as st

from gamefold.core import Action
from gamefold.errors import IllegalAction
from gamefold.games import GameDef
from gamefold.pipeline import Catalogue
from gamefold.registry import Game
from gamefold.testing import garbage_actions, mutated_actions

SRC = Path(__file__).resolve().parents[1] / "src"
DOCS = Path(__file__).resolve().parents[1] / "docs"


def folder(package: str) -> Path:
    """The source folder of ``package`` (``"gamefold.diplomacy"``)."""
    return SRC.joinpath(*package.split("."))


def _modules(where: Path) -> Iterator[tuple[str, ast.Module]]:
    """Every module in the folder ``where`` but its ``codes`` module, parsed."""
    for path in sorted(where.glob("*.py")):
        if path.name != "codes.py":
            yield path.name, ast.parse(path.read_text(encoding="utf-8"))


_BUILDERS = ("illegal", "refusal")
"""The codes module's builders of a refusal: ``codes.illegal`` and ``codes.refusal``."""


def _is_codes(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "codes"


def _constant(codes: ModuleType, node: ast.expr) -> str | None:
    """The code named by ``codes.X`` in ``node``, if it is such an expression and exists."""
    if isinstance(node, ast.Attribute) and _is_codes(node.value):
        value = getattr(codes, node.attr, None)
        return value if isinstance(value, str) else None
    return None


def _refusal_problems(
    where: str, call: ast.Call, catalogue: Catalogue, codes: ModuleType
) -> list[str]:
    """What is wrong with one ``codes.illegal(...)`` call."""
    if not call.args:
        return [f"{where}: codes.illegal without a code"]
    code = _constant(codes, call.args[0])
    if code is None:
        # A code passed along (a helper's parameter) is judged where it is chosen.
        return []
    cited = catalogue.rules[code]
    rule = next((k.value for k in call.keywords if k.arg == "rule"), None)
    if len(cited) > 1 and rule is None:
        return [f"{where}: {code} cites {cited} but the refusal names no rule"]
    if len(cited) == 1 and rule is not None:
        return [f"{where}: {code} always cites {cited[0]}; rule= is for codes of several rules"]
    if isinstance(rule, ast.Constant) and rule.value not in cited:
        return [f"{where}: {code} cites {cited}, not {rule.value!r}"]
    return []


def _missing(place: str, name: str, codes: ModuleType) -> list[str]:
    return [] if hasattr(codes, name) else [f"{place}: codes.{name} does not exist"]


def source_problems(where: Path, codes: ModuleType) -> list[str]:
    """Every refusal in the package folder ``where`` that bypasses its catalogue, by place.

    Flags a direct ``IllegalAction(...)``, a ``codes.X`` the codes module lacks, a
    ``codes.illegal`` of a code of several rules without ``rule=`` (or with a rule the
    catalogue does not list), and ``rule=`` for a code of one rule.
    """
    catalogue: Catalogue = codes.CATALOGUE
    problems: list[str] = []
    for name, tree in _modules(where):
        for node in ast.walk(tree):
            place = f"{where.name}/{name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Attribute) and _is_codes(node.value):
                problems.extend(_missing(place, node.attr, codes))
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if called == IllegalAction.__name__:
                problems.append(f"{place}: IllegalAction built by hand, not by codes.illegal")
            elif isinstance(func, ast.Attribute) and _is_codes(func.value) and called in _BUILDERS:
                problems.extend(_refusal_problems(place, node, catalogue, codes))
    return sorted(problems, key=_by_place)


def _by_place(problem: str) -> tuple[str, int]:
    path, line = problem.split(":")[:2]
    return path, int(line)


def constants(codes: ModuleType) -> dict[str, str]:
    """The code constants the codes module exports, by name."""
    domain = codes.CATALOGUE.domain
    return {
        name: value
        for name in codes.__all__
        if isinstance(value := getattr(codes, name), str) and value.startswith(f"{domain}/")
    }


def used_codes(where: Path, codes: ModuleType) -> set[str]:
    """The codes the modules in the package folder ``where`` name as ``codes.X``."""
    found: set[str] = set()
    for _, tree in _modules(where):
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and (code := _constant(codes, node)) is not None:
                found.add(code)
    return found


def documented_rules(page: str) -> dict[str, str]:
    """The rule column of each code's row in a docs page's code table, by code."""
    rows = re.findall(r"^\| `([a-z]+/[a-z-]+)` \| ([^|]*) \|", page, flags=re.MULTILINE)
    return dict(rows)


def docs_problems(page: str, codes: ModuleType) -> list[str]:
    """Catalogue codes missing from the page's code table, or documented with other rules,
    or documented and not in the catalogue; and the page names the codes module."""
    catalogue: Catalogue = codes.CATALOGUE
    rows = documented_rules(page)
    problems = [f"{code} is not in the code table" for code in sorted(catalogue.codes - set(rows))]
    if codes.__name__ not in page:
        problems.append(f"the page does not say that the table lives in {codes.__name__}")
    for code in sorted(catalogue.codes & set(rows)):
        listed = set(re.findall(r"\b[A-Z]{2}-\d+\b", rows[code]))
        if listed != set(catalogue.rules[code]):
            problems.append(
                f"{code}: the page cites {sorted(listed)}, the catalogue {catalogue.rules[code]}"
            )
    extra = sorted(c for c in set(rows) - catalogue.codes if c.startswith(f"{catalogue.domain}/"))
    problems.extend(f"{code} is documented but not in the catalogue" for code in extra)
    return problems


def refusal_problem(problem: IllegalAction, catalogues: dict[str, Catalogue]) -> str | None:
    """Why a refusal seen at run time is not one of ``catalogues`` (by domain), or ``None``."""
    domain = problem.code.split("/", 1)[0]
    catalogue = catalogues.get(domain)
    if catalogue is None or problem.code not in catalogue.codes:
        return f"{problem.code} is in no catalogue"
    if problem.rule not in catalogue.rules[problem.code]:
        return f"{problem.code} cited {problem.rule}, not one of {catalogue.rules[problem.code]}"
    return None


def game_candidates(
    game: GameDef[Any], state: Game, own: Sequence[type[Action]]
) -> st.SearchStrategy[Action]:
    """Actions to try in ``state``: mostly a legal action of any player (or the clock's) with
    one field changed, else an action of one of the ``own`` types with fields of any type."""
    legal = [a for p in game.players(state) for a in game.rules.legal_actions(state, p)]
    clock = game.clock_action(state)
    if clock is not None:
        legal.append(clock)
    garbage = garbage_actions(own)
    if not legal:
        return garbage
    mutated = mutated_actions(legal, names=game.players(state))
    # Mostly mutated legal actions: they reach the rules; garbage stops at the guards.
    return st.sampled_from((1, 1, 1, 0)).flatmap(lambda pick: mutated if pick else garbage)
