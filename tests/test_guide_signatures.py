"""Every call the guides show in their prose fits the real function's signature.

The guides' code blocks run under Sybil (see conftest.py); a call shown in a sentence or a
table (`` `skills.card_definition(game["skills"], card)` ``) does not run, so it is checked
here: each call in the guides' inline code is resolved to the function, class or callback
it names and its arguments bound with :func:`inspect.signature`. A call that names nothing
known fails too, so a guide cannot show a function that does not exist.
"""

from __future__ import annotations

import ast
import inspect
import re
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import gamefold
from gamefold import combat, diplomacy, registry, skills, testing
from gamefold import games as games_face
from gamefold.games import skirmish, summit
from gamefold.pipeline import Catalogue
from gamefold.testing import skills as skills_kit

GUIDES = Path(__file__).resolve().parents[1] / "docs" / "guides"
INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")

CALLBACKS: dict[str, Any] = {
    "around": registry.Around,
    "refuse": registry.Refuse,
    "narrow": registry.Narrow,
    "keep": Callable[[Any], bool],
    "initial": registry.Initial,
    "inner": registry.Handler,
}
"""The callbacks the guides name by their parameter's name, and the type each must fit."""


def _namespace() -> dict[str, Any]:
    names: dict[str, Any] = {"gamefold": gamefold, "game": gamefold.Game, "catalogue": Catalogue}
    for face in (skills, combat, diplomacy):
        names[face.__name__.rpartition(".")[2]] = face
    # the testing guide's dialect is shown with the skill-deck kit's strategies
    for face in (gamefold, games_face, skirmish, summit, skills_kit, testing):
        names.update((name, getattr(face, name)) for name in face.__all__)
    return names


def _calls(text: str) -> list[tuple[str, ast.Call]]:
    """Every call in the inline code of ``text`` that parses as a Python expression."""
    found = []
    for code in INLINE.findall(text):
        try:
            tree = ast.parse(code, mode="eval")
        except SyntaxError:
            continue
        found.extend((code, node) for node in ast.walk(tree) if isinstance(node, ast.Call))
    return found


def _resolve(node: ast.expr, names: dict[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        return names[node.id]
    if isinstance(node, ast.Attribute):
        return getattr(_resolve(node.value, names), node.attr)
    raise KeyError(ast.unparse(node))


def _callback_signature(alias: Any) -> inspect.Signature:
    """A ``Callable[[A, B], R]`` alias as a signature of as many positional parameters."""
    params, _ = typing.get_args(alias)
    kind = inspect.Parameter.POSITIONAL_ONLY
    return inspect.Signature([inspect.Parameter(f"p{i}", kind) for i in range(len(params))])


def _signature(node: ast.Call, names: dict[str, Any]) -> tuple[inspect.Signature, bool]:
    """The signature the call must fit, and whether it is a method read off its class."""
    if isinstance(node.func, ast.Name) and node.func.id in CALLBACKS:
        return _callback_signature(CALLBACKS[node.func.id]), False
    target: Callable[..., Any] = _resolve(node.func, names)
    method = isinstance(node.func, ast.Attribute) and inspect.isclass(
        _resolve(node.func.value, names)
    )
    return inspect.signature(target), method and inspect.isfunction(target)


def _problems(page: Path) -> list[str]:
    names = _namespace()
    problems = []
    for code, node in _calls(page.read_text(encoding="utf-8")):
        shown = ast.unparse(node)
        try:
            signature, method = _signature(node, names)
        except (KeyError, AttributeError):
            problems.append(f"{page.name}: `{code}` shows {shown}, which names nothing known")
            continue
        args = [None] * (len(node.args) + method)
        try:
            signature.bind(*args, **{k.arg: None for k in node.keywords if k.arg})
        except TypeError as err:
            problems.append(f"{page.name}: `{code}` shows {shown}: {err} (real: {signature})")
    return problems


@pytest.mark.parametrize("page", sorted(GUIDES.glob("*.md")), ids=lambda p: p.stem)
def test_every_call_a_guide_shows_fits_the_real_signature(page: Path) -> None:
    assert _problems(page) == []


def test_a_wrong_call_in_a_guide_is_caught(tmp_path: Path) -> None:
    """The check can fail: a card look-up short of an argument, an unknown function, a
    callback given one argument too many, and a call on something it cannot resolve."""
    page = tmp_path / "wrong.md"
    page.write_text(
        "`skills.card_definition(card)`, `skills.no_such_function(card)`, "
        "`refuse(game, action, extra)`, `Wrapper(Burn, refuse=no)` and the look-up the "
        'change-a-game guide once showed, `game["skills"].config.card_definition(card, players)`',
        encoding="utf-8",
    )
    problems = _problems(page)
    assert len(problems) == 4
    assert "missing a required argument: 'card'" in problems[0]
    assert "names nothing known" in problems[1]
    assert "too many positional arguments" in problems[2]
    assert "names nothing known" in problems[3]
