"""The changelog is built from fragments in ``changes/`` by towncrier (changes/README.md)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = "<!-- towncrier release notes start -->\n"


def towncrier(where: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "towncrier", "build", "--version", "9.9.9", *args],
        cwd=where,
        capture_output=True,
        text=True,
        check=False,
    )


def fragments(where: Path) -> list[Path]:
    return sorted(p for p in (where / "changes").glob("*.md") if p.name != "README.md")


def project_copy(tmp_path: Path) -> Path:
    for name in ("pyproject.toml", "CHANGELOG.md"):
        shutil.copy2(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "changes", tmp_path / "changes")
    return tmp_path


def test_the_draft_changelog_builds_from_every_fragment() -> None:
    """``towncrier build --draft`` succeeds on the repository and shows each fragment's text,
    leaving CHANGELOG.md alone."""
    before = (ROOT / "CHANGELOG.md").read_text("utf-8")
    done = towncrier(ROOT, "--draft")
    assert done.returncode == 0, done.stderr
    assert "## 9.9.9 (" in done.stdout
    for fragment in fragments(ROOT):
        assert " ".join(fragment.read_text("utf-8").split())[:60] in " ".join(
            done.stdout.split()
        ), fragment.name
    assert (ROOT / "CHANGELOG.md").read_text("utf-8") == before


def test_a_release_goes_below_the_marker_under_its_type(tmp_path: Path) -> None:
    """A ``<slug>.<type>.md`` fragment lands in a version section under the marker, under
    its type's heading and without its slug; the notes already there stay as they were."""
    copy = project_copy(tmp_path)
    for fragment in fragments(copy):
        fragment.unlink()
    (copy / "changes" / "quick-lane.added.md").write_text("A quick lane.\n", "utf-8")
    (copy / "changes" / "old-verb.removed.md").write_text("The old verb.\n", "utf-8")
    before = (copy / "CHANGELOG.md").read_text("utf-8")
    done = towncrier(copy, "--yes")
    assert done.returncode == 0, done.stderr
    head, tail = before.split(MARKER)
    after = (copy / "CHANGELOG.md").read_text("utf-8")
    assert after.startswith(head + MARKER + "\n## 9.9.9 (")
    assert after.endswith(tail)
    new = after[len(head + MARKER) : len(after) - len(tail)]
    assert "### Added\n\n- A quick lane.\n" in new
    assert "### Removed\n\n- The old verb.\n" in new
    assert "quick-lane" not in new
    assert fragments(copy) == []


def test_a_misnamed_fragment_stops_the_build(tmp_path: Path) -> None:
    """A file whose type is not added, changed, fixed or removed is refused by name."""
    copy = project_copy(tmp_path)
    (copy / "changes" / "quick-lane.feature.md").write_text("A quick lane.\n", "utf-8")
    done = towncrier(copy, "--draft")
    assert done.returncode != 0
    assert "quick-lane.feature.md" in done.stderr
