"""Docs that run: Sybil executes every Python block of README.md and docs/**/*.md.

Each page's blocks run in order in one namespace, so a page reads as one session. A block
that is not meant to run (a signature, pseudo-code, a fragment) is preceded by the comment
``<!-- skip: next -->``, which Markdown and MyST both render as nothing. The namespace is a
real module while it runs (records defined on a page are named by their module in JSON and
pickles). The testing guide continues the compose guide, so it starts with that page's
namespace. See CONTRIBUTING.md ("Docs that run").
"""

from __future__ import annotations

import itertools
import os
import sys
import types
from pathlib import Path
from typing import Any

from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser
from sybil.sybil import SybilCollection

ROOT = Path(__file__).resolve().parent
os.environ.setdefault("MPLBACKEND", "Agg")  # the pages plot; no display in a test run
_PARSERS = [PythonCodeBlockParser(), SkipParser()]
_PAGES = itertools.count()
_COMPOSE = ROOT / "docs" / "guides" / "compose.md"
_ran: dict[str, dict[str, Any]] = {}  # the compose guide's namespace, once it has run


def _as_module(namespace: dict[str, Any]) -> None:
    """Back ``namespace`` with a module in ``sys.modules``, so its classes can be found."""
    name = f"gamefold_docs_page_{next(_PAGES)}"
    module = types.ModuleType(name)

    def lookup(attribute: str) -> Any:
        try:
            return namespace[attribute]
        except KeyError:
            raise AttributeError(attribute) from None

    module.__getattr__ = lookup  # type: ignore[method-assign]
    sys.modules[name] = module
    namespace["__name__"] = name


def _run_page(path: Path, namespace: dict[str, Any]) -> None:
    """Evaluate every example of another page in ``namespace``."""
    document = Sybil(_PARSERS).parse(path)
    document.namespace = namespace
    for example in document.examples():
        example.namespace = namespace
        example.evaluate()


def _setup_compose(namespace: dict[str, Any]) -> None:
    _as_module(namespace)
    _ran["compose"] = namespace


def _setup_continuation(namespace: dict[str, Any]) -> None:
    """The compose guide's names: from its run in this session, or by running it now (its
    game registers itself by name, so it must not be defined twice in one process)."""
    _as_module(namespace)
    done = _ran.get("compose", {})
    if "DeckDuel" in done:
        namespace.update({k: v for k, v in done.items() if not k.startswith("__")})
    else:
        _run_page(_COMPOSE, namespace)


def _close_figures(namespace: dict[str, Any]) -> None:
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")


_pages = Sybil(
    parsers=_PARSERS,
    patterns=["README.md", "docs/*.md", "docs/**/*.md"],
    excludes=["docs/_build/*", "docs/guides/compose.md", "docs/guides/testing.md"],
    setup=_as_module,
    teardown=_close_figures,
)
_compose = Sybil(parsers=_PARSERS, patterns=["docs/guides/compose.md"], setup=_setup_compose)
_continued = Sybil(parsers=_PARSERS, patterns=["docs/guides/testing.md"], setup=_setup_continuation)
pytest_collect_file = SybilCollection((_pages, _compose, _continued)).pytest()
