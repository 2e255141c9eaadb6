"""Streaming a simulation to a file: each batch is written as it finishes, whole at the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold._files import atomic_file
from gamefold.sim import output, runner, simulate, workers


def test_each_batch_is_written_before_the_next_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    happened: list[tuple[str, int]] = []
    play, write = runner.run_batch, output.FrameWriter.write

    def played(job: Any, start: int, stop: int) -> Any:
        happened.append(("play", start))
        return play(job, start, stop)

    def written(self: output.FrameWriter, rows: Any) -> None:
        happened.append(("write", int(rows[0]["game"])))
        write(self, rows)

    monkeypatch.setattr(workers, "run_batch", played)
    monkeypatch.setattr(output.FrameWriter, "write", written)
    out = tmp_path / "games.parquet"
    frame = simulate("toy-scored", games=10, seed=2, batch_size=3, progress=False, out=out)
    assert happened == [(kind, start) for start in (0, 3, 6, 9) for kind in ("play", "write")]
    assert len(pd.read_parquet(out).groupby("game")) == 10
    pd.testing.assert_frame_equal(pd.read_parquet(out), frame)
    pd.testing.assert_frame_equal(frame, simulate("toy-scored", games=10, seed=2, progress=False))


def test_the_games_frame_is_built_once_not_a_frame_a_batch(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A frame costs more than the rows it holds: a run builds one, at the end, however many
    batches it has and wherever the rows are written."""
    built: list[int] = []
    original = pd.DataFrame.__init__

    def counted(self: pd.DataFrame, *args: Any, **kwargs: Any) -> None:
        built.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(pd.DataFrame, "__init__", counted)
    for out in (None, tmp_path / "games.parquet", tmp_path / "games.csv"):
        built.clear()
        simulate("toy-scored", games=10, seed=2, batch_size=1, progress=False, out=out)
        assert len(built) <= 3  # the frame, and pandas' own copies of it; never 10


@pytest.mark.parametrize("game", ["skirmish", "summit", "campaign"])
@pytest.mark.parametrize("suffix", output.OUT_SUFFIXES)
def test_every_game_writes_every_format_whatever_its_first_batch_lacks(
    game: str, suffix: str, tmp_path: Path
) -> None:
    """The file's types are the declared ones: a first batch in which nobody died (every
    ``death_round`` missing) or every ``cause`` is missing still gives a whole file."""
    out = tmp_path / f"games{suffix}"
    frame = simulate(game, games=6, seed=2, batch_size=1, max_steps=400, progress=False, out=out)
    read = pd.read_parquet(out) if suffix == ".parquet" else pd.read_csv(out)
    assert list(read.columns) == list(frame.columns)
    assert len(read) == len(frame)
    pd.testing.assert_frame_equal(read, frame, check_dtype=False)
    if game == "skirmish":  # the case that once lost the run: missing in game 0, not later
        first = frame[frame["game"] == 0]
        assert first["death_round"].isna().all() or first["cause"].isna().all()
        assert frame["death_round"].notna().any() or frame["cause"].notna().any()


def test_a_parquet_file_types_its_columns_as_declared(tmp_path: Path) -> None:
    """An int column that may be missing is int64 in the file, in every row group."""
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "games.parquet"
    simulate("skirmish", games=6, seed=2, batch_size=1, max_steps=400, progress=False, out=out)
    schema = pq.read_schema(out)
    assert str(schema.field("death_round").type) == "int64"
    assert str(schema.field("cause").type) == "string"
    assert str(schema.field("winner").type) == "bool"


def test_an_undeclared_column_waits_for_its_first_value(tmp_path: Path) -> None:
    """A column a game does not declare, missing from the whole first batch, takes the type
    of its first value; the rows before it are held, not lost."""
    out = tmp_path / "rows.parquet"
    rows = [{"game": g, "late": None if g < 2 else 1.5} for g in range(4)]
    with output.frame_writer(out, {"game": int}) as writer:
        writer.write(rows[:1])
        writer.write(rows[1:2])
        writer.write(rows[2:])
    read = pd.read_parquet(out)
    assert read["game"].tolist() == [0, 1, 2, 3]
    assert read["late"].isna().tolist() == [True, True, False, False]
    assert read["late"].dtype == "float64"


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


@pytest.mark.parametrize("game", ["skirmish", "summit", "campaign"])
def test_every_outcome_value_fits_its_declared_type(game: str) -> None:
    """The declared types are the types the outcome reports, and name every column."""
    from gamefold.games import get_game, play
    from gamefold.sim.frames import value_type

    definition = get_game(game)()
    declared = definition.outcome_types()
    for seed in range(3):
        outcome = definition.outcome(play(definition, seed, max_steps=600).final)
        for row in outcome.values():
            assert list(row) == list(declared)
            for name, value in row.items():
                kind, optional = value_type(declared[name])
                assert (value is None and optional) or type(value) is kind, (name, value)


def test_a_simulation_raises_no_future_warning(recwarn: pytest.WarningsRecorder) -> None:
    """pandas' deprecations (concatenating frames with all-missing columns) never reach a
    user: a run whose batches lack a column's values builds its frame without them."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)
        warnings.simplefilter("error", DeprecationWarning)
        simulate("skirmish", games=6, seed=2, batch_size=1, max_steps=400, progress=False)
    assert not [w for w in recwarn if issubclass(w.category, FutureWarning)]
