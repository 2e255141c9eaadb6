"""The summary ``gamefold simulate`` prints: readable in a 100-column terminal.

A games frame repeats each game's facts (``finished``, ``steps``, ``rounds`` …) on every
player's row, and a game may report twenty columns per player. :func:`summary_text` says
the per-game facts once, on the first lines, then gives one column per player (and per side,
where a side has several players) and one row per number, so the table grows downwards with
the game's columns and sideways only with its players; then a short legend. The full table,
one row per player and every column, is :func:`~gamefold.sim.summarize` (``--wide``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamefold.sim.frames import summarize

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SIDE_COLUMN", "game_columns", "player_table", "summary_text"]

SIDE_COLUMN = "side"
"""A games-frame column naming each player's side; a side of several players gets a column."""

_WIDTH = 100
_MISSING = "-"  # a mean over no value: the thing never happened (a round nobody fell in)


def game_columns(frame: pd.DataFrame) -> list[str]:
    """The numeric columns that hold one value per game: the same on every player's row."""
    table = summarize(frame)
    numeric = [name for name in table.columns if name not in ("policy", "games")]
    if frame["player"].nunique() < 2:
        return [name for name in numeric if name in ("finished", "steps", "rounds", "turns")]
    spread = frame.groupby("game", sort=False)[numeric].nunique(dropna=False).max()
    return [name for name in numeric if spread[name] <= 1]


def player_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per player (and per side of several players) the mean of every per-player number:
    one column per player, one row per number, formatted for print."""
    per_game = set(game_columns(frame))
    table = summarize(frame)
    numbers = table[[c for c in table.columns if c not in per_game and c not in ("games",)]]
    numbers = numbers.drop(columns=["policy"], errors="ignore")
    columns = {str(player): _formatted(row) for player, row in numbers.iterrows()}
    columns = _with_rate_intervals(frame, columns, list(numbers.columns))
    if "policy" in table:
        policies = {str(p): str(v) for p, v in table["policy"].items()}
        columns = {p: {"policy": policies[p], **rows} for p, rows in columns.items()}
    columns |= _sides(frame, list(numbers.columns))
    import pandas as pd

    return pd.DataFrame(columns)


def wide_table(frame: pd.DataFrame) -> pd.DataFrame:
    """:func:`~gamefold.sim.summarize`'s table (one row per player, every column), each
    yes/no column followed by a ``<column> 95%`` column: the rate's Wilson interval over the
    player's games."""
    from gamefold.sim.stats import estimate

    table = summarize(frame)
    for name in [c for c in table.columns if c in frame and frame[c].dtype == bool][::-1]:
        cells = []
        for player in table.index:
            found = estimate(frame.loc[frame["player"] == player, name].to_numpy(), binary=True)
            cells.append(f"{found.interval.low:.2f}-{found.interval.high:.2f}")
        table.insert(list(table.columns).index(name) + 1, f"{name} 95%", cells)
    return table


def fairness_lines(frame: pd.DataFrame) -> list[str]:
    """The seat-fairness section the summary opens with (empty for a game without one)."""
    return _fairness(frame)


def _with_rate_intervals(
    frame: pd.DataFrame, columns: dict[str, dict[str, str]], numbers: list[str]
) -> dict[str, dict[str, str]]:
    """Each yes/no row followed by a ``95%`` row: the rate's Wilson interval per player."""
    from gamefold.sim.stats import estimate

    rates = [name for name in numbers if frame[name].dtype == bool]
    out: dict[str, dict[str, str]] = {}
    for player, cells in columns.items():
        rows = frame[frame["player"] == player]
        out[player] = {}
        for name, cell in cells.items():
            out[player][name] = cell
            if name in rates:
                found = estimate(rows[name].to_numpy(), binary=True).interval
                out[player][f"{name} 95%"] = f"{found.low:.2f}-{found.high:.2f}"
    return out


def _sides(frame: pd.DataFrame, numbers: list[str]) -> dict[str, dict[str, str]]:
    """A column per side of several players: the mean over its players' rows."""
    if SIDE_COLUMN not in frame or not numbers:
        return {}
    sizes = frame.groupby(SIDE_COLUMN, sort=False)["player"].nunique()
    sides: dict[str, dict[str, str]] = {}
    for side, rows in frame.groupby(SIDE_COLUMN, sort=False):
        if sizes[side] > 1:
            means = rows[numbers].astype("float64").mean()
            cells = _formatted(means)
            for name in [n for n in numbers if frame[n].dtype == bool]:
                cells[f"{name} 95%"] = _side_interval(rows, name)
            sides[f"{side} (all)"] = {"policy": "", **cells}
    return sides


def _side_interval(rows: pd.DataFrame, name: str) -> str:
    """The 95% interval of a side's per-game mean of a yes/no column (games the unit)."""
    from gamefold.sim.stats import estimate

    per_game = rows.groupby("game", sort=True)[name].mean().to_numpy()
    found = estimate(per_game).interval
    return f"{max(found.low, 0.0):.2f}-{min(found.high, 1.0):.2f}"


def _formatted(row: pd.Series) -> dict[str, str]:
    return {str(name): _number(value) for name, value in row.items()}


def _number(value: Any) -> str:
    if value != value:  # NaN: no game had a value to average
        return _MISSING
    return f"{float(value):.2f}"


def summary_text(
    frame: pd.DataFrame, name: str, seed: int | str, width: int = _WIDTH, hint: str = ""
) -> str:
    """The summary of a games frame, every line at most ``width`` characters when the game's
    players fit (more players wrap into blocks of columns, as pandas does). ``hint`` ends
    the legend (the command line says where the full table is)."""
    per_game = frame.drop_duplicates("game")
    finished = int(per_game["finished"].sum())
    facts = ", ".join(
        f"{per_game[c].mean():.1f} {c}" for c in game_columns(frame) if c != "finished"
    )
    lines = [
        f"{name}: {len(per_game)} games, seed {seed}; {finished} finished",
        f"a game on average: {facts}",
        "",
        *_fairness(frame),
        player_table(frame).to_string(line_width=width),
        "",
        *_legend(len(per_game), frame),
        *([hint] if hint else []),
    ]
    return "\n".join(lines)


def _fairness(frame: pd.DataFrame) -> list[str]:
    """The seat-fairness section, when the games have a winner and two competitors."""
    from gamefold.sim.fairness import seat_fairness

    if "winner" not in frame or frame["winner"].dtype != bool or frame["player"].nunique() < 2:
        return []
    return [*seat_fairness(frame).lines(), ""]


def _legend(games: int, frame: pd.DataFrame) -> list[str]:
    sides = "; SIDE (all): over the side's players" if SIDE_COLUMN in frame else ""
    return [
        f"Means over the {games} games, per player{sides}.",
        "A yes/no column's mean is a rate (winner 0.25: won a quarter of the games); its",
        "95% row is the rate's 95% interval (Wilson's; a side's: the t interval over games);",
        f"{_MISSING}: no game had a value to average.",
    ]
