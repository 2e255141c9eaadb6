"""``gamefold view RECORD.json``: a page written, or one line on stderr and status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from tests.viewer.records import recorded

from gamefold.cli import main
from gamefold.record import GameRecord
from gamefold.viewer import viewer_data

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return recorded("summit", 3, max_steps=60)


def _write(path: Path, record: GameRecord) -> Path:
    path.write_text(record.to_json(indent=2), encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = _run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("gamefold: error: ")
    assert err.count("\n") == 1
    return err


def test_view_writes_the_page_beside_the_record(
    tmp_path: Path, record: GameRecord, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "game.json", record)
    status, out, err = _run(capsys, "view", str(path))
    page = tmp_path / "game.html"
    assert (status, err) == (0, "")
    assert out == f"wrote the viewer of {path} (60 steps) to {page}\n"
    assert page.read_text("utf-8") == record.to_html()


def test_view_takes_out_and_docs(
    tmp_path: Path, record: GameRecord, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "game.json", record)
    out = tmp_path / "viewer.html"
    status, _, _ = _run(capsys, "view", str(path), "--out", str(out), "--docs", "../docs/")
    assert status == 0
    assert out.read_text("utf-8") == record.to_html(docs="../docs/")


def test_en8_view_of_a_diverging_record_says_where_it_opens(
    tmp_path: Path, record: GameRecord, capsys: pytest.CaptureFixture[str]
) -> None:
    assert record.digests is not None
    digests = (*record.digests[:12], "f" * 32, *record.digests[13:])
    path = _write(tmp_path / "game.json", attrs.evolve(record, digests=digests))
    status, out, _ = _run(capsys, "view", str(path))
    assert status == 0
    assert "diverges at step 12, where the page opens" in out


def test_view_refuses_an_out_that_is_not_html(
    tmp_path: Path, record: GameRecord, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "game.json", record)
    err = _refused(capsys, "view", str(path), "--out", str(tmp_path / "game.txt"))
    assert "is not an .html file" in err


def test_view_refuses_to_overwrite_the_record(
    tmp_path: Path, record: GameRecord, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "game.html", record)
    err = _refused(capsys, "view", str(path))
    assert "the page would overwrite the record; name it with --out" in err
    assert GameRecord.from_json(path.read_text("utf-8")) == record


def test_en8_view_refuses_a_bad_record_with_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format_version": 1, "game": "chess"}', encoding="utf-8")
    err = _refused(capsys, "view", str(path))
    assert "[record/unknown-game]" in err
    assert not (tmp_path / "game.html").exists()


def test_en8_view_takes_the_limit_flags(
    tmp_path: Path, record: GameRecord, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "game.json", record)
    err = _refused(capsys, "view", str(path), "--max-actions", "10")
    assert "[record/too-many-actions]" in err
    err = _refused(capsys, "view", str(tmp_path / "missing.json"))
    assert "cannot read" in err


def test_view_into_a_closed_pipe_ends_quietly_and_writes_the_page(
    tmp_path: Path, record: GameRecord
) -> None:
    path = _write(tmp_path / "game.json", record)
    proc = subprocess.Popen(
        [sys.executable, "-m", "gamefold", "view", str(path)],
        cwd=REPO_ROOT,
        env=os.environ | {"CI": "true"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert (proc.returncode, err) == (0, b"")
    page = (tmp_path / "game.html").read_text("utf-8")
    data = page.split('id="gamefold-data">', 1)[1].split("</script>", 1)[0]
    assert json.loads(data) == json.loads(json.dumps(viewer_data(record)))
