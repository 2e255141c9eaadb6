"""The worked exchange in docs/subsystems/combat.md runs and its assertions hold."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import gamefold.combat
import gamefold.combat.narration

PAGE = Path(__file__).parents[2] / "docs" / "subsystems" / "combat.md"


def test_cb3_cb10_the_worked_exchange_in_the_docs_is_true() -> None:
    """CB-1, CB-3, CB-10: the page's example plays as written."""
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    scope: dict[str, object] = {}
    exec(compile(blocks[0], str(PAGE), "exec"), scope)
    assert "account" in scope


def test_the_docstring_examples_run() -> None:
    """The examples in the package's and the narration's docstrings are true."""
    for module in (gamefold.combat, gamefold.combat.narration):
        failed, tried = doctest.testmod(module, raise_on_error=False, report=True)
        assert tried > 0
        assert failed == 0
