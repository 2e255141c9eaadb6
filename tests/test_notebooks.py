"""The committed notebooks show what the code gives today.

``examples/notebooks/*.ipynb`` are committed with their outputs, so a repository page shows
the numbers and the sentences computed from them. Each notebook is executed afresh here
(nbclient, the notebook's own kernel) and every text output of every code cell, streams,
``text/plain``, ``text/html`` and ``text/markdown``, must be byte for byte the committed
one: a change of the code that moves a number fails here until the notebook is re-run
(``CI=1 jupyter execute --inplace examples/notebooks/*.ipynb``, see CONTRIBUTING.md) and
its prose, whose numbers are computed in its cells, read again. Plots are compared too:
the inline backend's PNG bytes are the same for the same figure (no time stamp).
"""

from __future__ import annotations

import base64
import copy
import hashlib
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "examples" / "notebooks"
TEXT = ("text/plain", "text/html", "text/markdown")


def _shown(cell: Any) -> list[tuple[str, str]]:
    """A code cell's outputs as (kind, text) pairs: what a reader sees of them."""
    shown: list[tuple[str, str]] = []
    for output in cell.get("outputs", []):
        kind = output["output_type"]
        if kind == "stream":
            shown.append((f"stream:{output['name']}", output["text"]))
        elif kind == "error":
            shown.append(("error", f"{output['ename']}: {output['evalue']}"))
        else:
            data = output.get("data", {})
            shown.extend((mime, data[mime]) for mime in TEXT if mime in data)
            if "image/png" in data:
                png = base64.b64decode(data["image/png"])
                shown.append(("image/png", hashlib.sha256(png).hexdigest()))
    return shown


def _outputs(notebook: Any) -> list[list[tuple[str, str]]]:
    return [_shown(cell) for cell in notebook.cells if cell.cell_type == "code"]


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_a_fresh_run_gives_the_committed_outputs(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "1")  # the kernel inherits it: no progress bars
    # The plots as a notebook shows them (the root conftest sets Agg for the docs pages).
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    committed = nbformat.read(path, as_version=4)
    fresh = copy.deepcopy(committed)
    where = {"metadata": {"path": str(NOTEBOOKS)}}
    NotebookClient(fresh, timeout=600, resources=where).execute()
    for index, (then, now) in enumerate(zip(_outputs(committed), _outputs(fresh), strict=True)):
        assert now == then, f"{path.name}, code cell {index}: the outputs differ from a fresh run"


def test_the_comparison_sees_a_changed_number() -> None:
    """The check can fail: one digit changed in a committed table is a difference."""
    path = NOTEBOOKS / "party_exhaustion.ipynb"
    committed = nbformat.read(path, as_version=4)
    changed = copy.deepcopy(committed)
    shown = [o for c in changed.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    data = next(o for o in shown if "text/plain" in o.get("data", {}))["data"]
    data["text/plain"] = data["text/plain"].replace("0", "1", 1)
    assert _outputs(changed) != _outputs(committed)
