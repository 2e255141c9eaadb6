"""Streaming a simulation to a file: each batch is written as it finishes, whole at the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold._files import atomic_file
from gamefold.sim import batching, output, runner, simulate, workers


def test_each_batch_is_written_before_the_next_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    happened: list[tuple[str, int]] = []
    play, write = runner.run_batch, output.FrameWriter.write

    def played(job: Any, start: int, stop: int) -> Any:
        happened.append(("play", start))
        return play(job, start, stop)

    def written(self: output.FrameWriter, chunk: pd.DataFrame) -> None:
        happened.append(("write", int(chunk["game"].iloc[0])))
        write(self, chunk)

    monkeypatch.setattr(workers, "run_batch", played)
    monkeypatch.setattr(output.FrameWriter, "write", written)
    out = tmp_path / "games.parquet"
    frame = simulate("toy-scored", games=10, seed=2, batch_size=3, progress=False, out=out)
    assert happened == [(kind, start) for start in (0, 3, 6, 9) for kind in ("play", "write")]
    assert len(pd.read_parquet(out).groupby("game")) == 10
    pd.testing.assert_frame_equal(pd.read_parquet(out), frame)
    pd.testing.assert_frame_equal(frame, simulate("toy-scored", games=10, seed=2, progress=False))


def test_no_batch_is_kept_as_rows_once_its_frame_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows of a batch become a frame at once: no list of every batch is assembled."""
    seen: list[int] = []
    original = batching.games_frame

    def counted(batches: Any) -> pd.DataFrame:
        batches = list(batches)
        seen.append(len(batches))
        return original(batches)

    monkeypatch.setattr(batching, "games_frame", counted)
    simulate("toy-scored", games=10, seed=2, batch_size=2, progress=False)
    assert max(seen) <= 1


def test_an_atomic_file_that_fails_leaves_the_old_one_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    path.write_text("old")

    def half_written() -> None:
        with atomic_file(path) as file:
            file.write(b"half a new fi")
            raise RuntimeError("the disk filled up")

    with pytest.raises(RuntimeError):
        half_written()
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.json"]
    with atomic_file(path) as file:
        file.write(b"new")
        assert path.read_text() == "old"  # nothing under the name until it is whole
    assert path.read_text() == "new"
