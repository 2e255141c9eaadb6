"""The summary ``gamefold simulate`` prints: readable in a 100-column terminal.

A games frame repeats each game's facts (``finished``, ``steps``, ``rounds`` …) on every
player's row, and a game may report twenty columns per player. :func:`summary_text` says
the per-game facts once, on the first lines, then gives one column per player (and per side,
where a side has several players) and one row per number, so the table grows downwards with
the game's columns and sideways only with its players; then a short legend. The full table,
one row per player and every column, is :func:`~gamefold.sim.summarize` (``--wide``).

Every mean comes with its 95% interval, the game the unit: a yes/no column's rate with
the Clopper-Pearson exact interval, a number's mean with the t interval of the mean (a
side's, of the per-game means over its players). A column some games lack a value of
(``death_round``: only games in which the player died have one) is averaged over the games
that have one, and a ``<column> games`` row says how many that is. A clock count a game
never moves (skirmish has no turns) is left out rather than shown as 0.
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
_FEW = "*"  # a t interval from too few differing values (stats.FEWEST_DIFFERING) to hold 95%


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
    columns = _with_intervals(frame, columns, list(numbers.columns))
    if "policy" in table:
        policies = {str(p): str(v) for p, v in table["policy"].items()}
        columns = {p: {"policy": policies[p], **rows} for p, rows in columns.items()}
    columns |= _sides(frame, list(numbers.columns))
    import pandas as pd

    return pd.DataFrame(columns)


def wide_table(frame: pd.DataFrame) -> pd.DataFrame:
    """:func:`~gamefold.sim.summarize`'s table (one row per player, every column), each
    column followed by a ``<column> 95%`` column, its mean's 95% interval over the player's
    games (Clopper-Pearson's for a yes/no column, the t interval for a number), and a column some
    games lack a value of by a ``<column> games`` column (the games its mean is over)."""
    table = summarize(frame)
    numbers = [c for c in table.columns if c in frame and c not in ("policy", "games")]
    partial = set(_partial(frame, numbers))
    for name in numbers[::-1]:
        rows = [frame.loc[frame["player"] == player, name] for player in table.index]
        at = list(table.columns).index(name) + 1
        if name in partial:
            table.insert(at, f"{name} games", [int(r.notna().sum()) for r in rows])
        binary = frame[name].dtype == bool
        table.insert(at, f"{name} 95%", [_interval(r, binary) for r in rows])
    return table


def fairness_lines(frame: pd.DataFrame) -> list[str]:
    """The seat-fairness section the summary opens with (empty for a game without one)."""
    return _fairness(frame)


def _with_intervals(
    frame: pd.DataFrame, columns: dict[str, dict[str, str]], numbers: list[str]
) -> dict[str, dict[str, str]]:
    """Each row followed by its ``95%`` row (per player, over the player's games: Clopper-Pearson's
    for a yes/no column, the t interval for a number), and a column some games lack a value
    of by its ``games`` row (how many games its mean is over)."""
    partial = _partial(frame, numbers)
    out: dict[str, dict[str, str]] = {}
    for player, cells in columns.items():
        rows = frame[frame["player"] == player]
        out[player] = {}
        for name, cell in cells.items():
            out[player][name] = cell
            if name in numbers:
                out[player][f"{name} 95%"] = _interval(rows[name], frame[name].dtype == bool)
            if name in partial:
                out[player][f"{name} games"] = str(int(rows[name].notna().sum()))
    return out


def _partial(frame: pd.DataFrame, numbers: list[str]) -> list[str]:
    """The number columns some games lack a value of."""
    return [name for name in numbers if frame[name].isna().any()]


def _interval(values: pd.Series, binary: bool, clip: bool = False) -> str:
    """A column's 95% interval over the values it has (``-`` when it has none)."""
    from gamefold.sim.stats import estimate

    present = values.dropna().astype("float64").to_numpy()
    if len(present) < 2 or (not binary and (present == present[0]).all()):
        return _MISSING  # one value, or the same in every game: the t interval says nothing
    found = estimate(present, binary=binary).interval
    low, high = (max(found.low, 0.0), min(found.high, 1.0)) if clip else (found.low, found.high)
    return f"[{low:.2f},{high:.2f}]{_FEW if found.note else ''}"


def _sides(frame: pd.DataFrame, numbers: list[str]) -> dict[str, dict[str, str]]:
    """A column per side of several players: the mean over its players' rows."""
    if SIDE_COLUMN not in frame or not numbers:
        return {}
    sizes = frame.groupby(SIDE_COLUMN, sort=False)["player"].nunique()
    partial = _partial(frame, numbers)
    sides: dict[str, dict[str, str]] = {}
    for side, rows in frame.groupby(SIDE_COLUMN, sort=False):
        if sizes[side] > 1:
            means = rows[numbers].astype("float64").mean()
            cells: dict[str, str] = {}
            for name, cell in _formatted(means).items():
                cells[name] = cell
                cells[f"{name} 95%"] = _side_interval(rows, name, frame[name].dtype == bool)
                if name in partial:
                    per_game = rows.groupby("game", sort=True)[name].count()
                    cells[f"{name} games"] = str(int((per_game > 0).sum()))
            sides[f"{side} (all)"] = {"policy": "", **cells}
    return sides


def _side_interval(rows: pd.DataFrame, name: str, rate: bool) -> str:
    """The 95% t interval of a side's per-game mean of a column (games the unit; a rate's
    kept within 0 to 1)."""
    per_game = rows.assign(**{name: rows[name].astype("float64")})
    means = per_game.groupby("game", sort=True)[name].mean()
    from gamefold.sim.stats import is_binary

    present = means.dropna()
    return _interval(means, binary=len(present) > 0 and is_binary(present.to_numpy()), clip=rate)


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
    from gamefold.sim.stats import FEWEST_DIFFERING

    per_game = frame.drop_duplicates("game")
    finished = int(per_game["finished"].sum())
    facts, table = _facts(frame, per_game), player_table(frame).to_string(line_width=width)
    few = any(_FEW in line for line in [*facts, table])
    lines = [
        f"{name}: {len(per_game)} games, seed {seed}; {finished} finished",
        *facts,
        "",
        *_fairness(frame),
        table,
        "",
        *_legend(len(per_game), frame),
        *(
            [
                f"{_FEW}: fewer than {FEWEST_DIFFERING} games differ from the most common value,",
                "too few for the t interval to hold its 95%.",
            ]
            if few
            else []
        ),
        *([hint] if hint else []),
    ]
    return "\n".join(lines)


def _facts(frame: pd.DataFrame, per_game: pd.DataFrame) -> list[str]:
    """A game's numbers on average, each with its 95% t interval over the games; a clock
    count no game moved (a game without turns) is not one of them."""
    from gamefold.sim.stats import mean_interval

    facts = []
    for column in game_columns(frame):
        values = per_game[column].dropna().astype("float64")
        if column == "finished" or values.empty:
            continue
        if column in ("rounds", "turns") and not values.any():
            continue  # the game's clock never counts these: no metric it cannot have
        found = mean_interval(values.to_numpy())
        mark = _FEW if found.note else ""
        facts.append(f"{values.mean():.1f} {column} [{found.low:.1f}, {found.high:.1f}]{mark}")
    if not facts:
        return []
    games = len(per_game)
    return [f"a game on average (95% t intervals over the {games} games):", *_wrapped(facts)]


def _wrapped(facts: list[str]) -> list[str]:
    """The facts, comma-separated, on indented lines of at most 100 columns."""
    lines, line = [], " "
    for fact in facts:
        if len(line) + len(fact) + 2 > _WIDTH and line.strip():
            lines.append(line.rstrip(", ").rstrip())
            line = " "
        line += f" {fact},"
    lines.append(line.rstrip(","))
    return lines


def _fairness(frame: pd.DataFrame) -> list[str]:
    """The seat-fairness section, when the games have a winner and two competitors."""
    from gamefold.sim.fairness import seat_fairness

    if "winner" not in frame or frame["winner"].dtype != bool or frame["player"].nunique() < 2:
        return []
    return [*seat_fairness(frame).lines(), ""]


def _legend(games: int, frame: pd.DataFrame) -> list[str]:
    sides = "; SIDE (all): over the side's players" if SIDE_COLUMN in frame else ""
    partial = _partial(frame, [c for c in summarize(frame).columns if c in frame])
    over = (
        [
            "A row followed by a 'games' row is a mean over those games only, the games in which",
            f"it had a value ({', '.join(partial)}).",
        ]
        if partial
        else []
    )
    return [
        f"Means over the {games} games, per player{sides}.",
        *over,
        "A yes/no column's mean is a rate (winner 0.25: won a quarter of the games).",
        "Each 95% row is the mean's 95% interval over the games: the Clopper-Pearson exact",
        "interval for a rate, the t interval of the mean for a number (a side's: of its",
        "per-game means, Clopper-Pearson's when those are all 0 or 1).",
        f"{_MISSING}: no game had a value to average; in a 95% row, fewer than two games had one,",
        "or every game the same, so that the t interval cannot say how far the mean may be.",
    ]
