"""A/B comparisons: two arms of one game, played on the same seeds, with a 95% interval.

>>> from gamefold.sim import compare
>>> found = compare("skirmish", None, {"skills.hand_limit": 6}, games=4, seed=1, progress=False)
>>> found.difference.n, found.metric.label()
(4, 'winner of party')

An **arm** is the game as it is (``None``), a variant's changes by path (a mapping, see
:func:`~gamefold.games.variant`), a config record or a :class:`~gamefold.games.GameDef`, or an
:class:`Arm` that adds policies and a label. Game ``i`` of both arms is played from the same
seed (``paired=True``), so the luck of the deal cancels out of the difference; unpaired, arm
B plays other seeds. The :class:`Comparison` holds each arm's estimate, the difference
``B - A`` with its 95% interval and the method's name (:mod:`gamefold.sim.stats`), the games
behind it and every row played.

With ``sequential=SPRT(h1=...)`` the arms are played ``step`` games at a time until the
test decides (at most ``games`` an arm); the interval is then that of the games used, and
like every estimate after an early stop it leans a little towards the larger effects.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from gamefold.games import GameDef, Played, get_game, variant
from gamefold.sim.batching import DEFAULT_MAX_STEPS, play_games
from gamefold.sim.bounds import MAX_GAMES, count
from gamefold.sim.extras import require
from gamefold.sim.metrics import Metric
from gamefold.sim.policies import DEFAULT_POLICY, Policies, check_policies, policy_label
from gamefold.sim.runner import Batch, Job, game_seed, outcome_rows
from gamefold.sim.sequential import SPRT, Decision
from gamefold.sim.stats import Difference, difference, is_binary

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Arm", "ArmSpec", "Comparison", "changed_paths", "compare"]

_WIDTH = 100


@attrs.frozen
class Arm:
    """One arm of a comparison: a variant of the game and the policies it is played with."""

    changes: Mapping[str, Any] | GameDef[Any] | Any = attrs.field(factory=dict)
    """Config changes by path, a config record, or a whole game."""
    policies: Policies | None = None
    """The arm's policies; ``None``: the comparison's ``policies``."""
    label: str | None = None
    """How the arm is named in the table; by default its changes and policies."""


ArmSpec: TypeAlias = Arm | GameDef[Any] | Mapping[str, Any] | Any | None
"""An arm: ``None`` (the game as it is), changes by path, a config, a game, or an :class:`Arm`."""


def changed_paths(base: Any, config: Any, prefix: str = "") -> dict[str, Any]:
    """The paths at which ``config`` differs from ``base`` (records of one type), nested
    records followed down: ``{"skills.hand_limit": 6}``."""
    if type(base) is not type(config) or not attrs.has(type(config)):
        return {} if base == config else {prefix or "config": config}
    found: dict[str, Any] = {}
    for field in attrs.fields(type(config)):
        if not field.init or not field.eq:
            continue
        mine, theirs = getattr(config, field.name), getattr(base, field.name)
        if mine != theirs:
            path = f"{prefix}{field.name}"
            if attrs.has(type(mine)) and type(mine) is type(theirs):
                found |= changed_paths(theirs, mine, path + ".")
            else:
                found[path] = mine
    return found


@attrs.frozen(eq=False)
class Comparison:
    """What :func:`compare` found: the estimates, the difference, and the games."""

    game: str
    """The game's name."""
    labels: tuple[str, str]
    """How arms A and B are named."""
    metric: Metric
    """The number per game compared."""
    difference: Difference
    """``B - A`` with its 95% interval (``difference.method``) and each arm's estimate."""
    seed: int | str
    """The comparison's seed."""
    per_game: pd.DataFrame
    """One row per game: ``game``, ``seed_a``, ``seed_b``, ``a``, ``b``, ``difference``."""
    games: pd.DataFrame
    """Every row played: both arms' games frames, with an ``arm`` column (``A``/``B``)."""
    decision: Decision | None = None
    """The sequential test's decision, when one was asked for."""

    def table(self, width: int = _WIDTH) -> str:
        """The comparison as a table, every line at most ``width`` characters."""
        found, name = self.difference, self.metric.label()
        pairing = "paired by seed" if found.paired else "independent seeds"
        head = f"{self.game}: {name}, {found.n} games an arm, seed {self.seed}, {pairing}"
        arms = [f"{arm} = {label}" for arm, label in zip("AB", self.labels, strict=True)]
        rows = [
            f"{'':6}{'estimate':>10}  {'95% interval':<20}{'games':>7}",
            _row("A", found.a.value, found.a.interval.text(), found.a.n, "{:10.3f}"),
            _row("B", found.b.value, found.b.interval.text(), found.b.n, "{:10.3f}"),
            _row("B - A", found.value, str(found.interval), found.n, "{:+10.3f}"),
        ]
        method = f"B - A: {found.method}; A, B: {found.a.interval.method}, 95%."
        notes = [f"Note: B - A: {found.note}."] if found.note else []
        lines = [head, *arms, "", *rows, "", method, *notes]
        return "\n".join(w for line in lines for w in _wrapped(line, width))

    def conclusion(self) -> str:
        """One sentence: what the difference and its 95% interval say."""
        found, name = self.difference, self.metric.label()
        low, high = found.interval.low, found.interval.high
        interval = f"{found.value:+.3f}, 95% interval {low:+.3f} to {high:+.3f}"
        basis = f"({found.method}, {found.n} games an arm)"
        if low > 0 or high < 0:
            way = "higher" if low > 0 else "lower"
            told = f"{name} is {way} with B ({self.labels[1]}) than with A ({self.labels[0]})"
        else:
            told = f"No difference in {name} between A and B is shown (the interval holds 0)"
        sentence = f"{told}: {interval} {basis}."
        if found.note:
            sentence += f" But {found.note}."
        if self.decision is not None:
            sentence += f" {self.decision.sentence()}."
        return sentence

    def __str__(self) -> str:
        return f"{self.table()}\n\n" + "\n".join(_wrapped(self.conclusion(), _WIDTH))


def _row(name: str, value: float, interval: str, n: int, number: str) -> str:
    return f"{name:<6}{number.format(value)}  {interval:<20}{n:>7}"


def _wrapped(line: str, width: int) -> list[str]:
    return textwrap.wrap(line, width, subsequent_indent="    ") or [""]


def compare(
    game: GameDef[Any] | str,
    a: ArmSpec = None,
    b: ArmSpec = None,
    *,
    games: int = 1000,
    seed: int | str = 0,
    metric: Metric | str = "winner",
    of: str | None = None,
    paired: bool = True,
    policies: Policies = DEFAULT_POLICY,
    sequential: SPRT | None = None,
    executor: Executor | None = None,
    batch_size: int | None = None,
    progress: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Comparison:
    """Play ``games`` games of each arm, ``a`` and ``b``, and compare ``metric`` per game.

    ``metric`` is a :class:`~gamefold.sim.metrics.Metric` or a column name, with ``of`` a
    player or a side (by default ``winner`` of the first seat's side: the party's win rate
    in skirmish). ``paired`` plays game ``i`` of both arms from the same seed. ``policies``
    are every arm's unless the arm's :class:`Arm` names its own. ``sequential`` stops as
    soon as the test decides (for a rate, its ``h1`` and ``h0`` between -1 and 1).
    ``executor``,
    ``batch_size``, ``progress`` and ``max_steps`` are :func:`~gamefold.sim.simulate`'s;
    the same arguments give the same comparison on any executor. Games with no value for
    the metric (NaN) are left out of both arms.

    Before any game is played, ``games`` is checked against its bounds
    (:mod:`gamefold.sim.bounds`, a :class:`~gamefold.ConfigError`), and the metric's column
    and ``of`` against each arm's opening position, and arms that play the same game with
    the same policies are refused (all ``ValueError``).
    """
    require("sim", "pandas", "a comparison")
    count("games", games, 2, MAX_GAMES)
    base = get_game(game)() if isinstance(game, str) else game
    if isinstance(metric, str):
        metric = Metric(metric, of)
    elif of is not None:
        raise ValueError("give `of` inside the Metric, not beside it")
    if sequential is not None and metric.column == "winner":
        sequential.check_rate()  # a win is a yes/no: refuse h1 = 2 before any game
    jobs = (
        _job(base, a, seed, policies, max_steps),
        _job(base, b, seed if paired else f"{seed}/b", policies, max_steps),
    )
    for job in jobs:
        metric.check_names(_opening(job))
    _check_a_change(jobs)
    labels = (_label(base, a), _label(base, b))
    play = {"executor": executor, "batch_size": batch_size, "progress": progress}
    frames, decision = _play(jobs, games, metric, sequential, play)
    return _comparison(base, labels, metric, frames, decision, paired, seed)


def _opening(job: Job) -> pd.DataFrame:
    """The rows of an arm's first game as it is set up, before any step: the columns and
    the players and sides its games will have."""
    from gamefold.sim.frames import games_frame

    seed = game_seed(job.seed, 0)
    state = job.game.setup(seed)
    rows = outcome_rows(job, 0, seed, Played((), (state,), (), False))
    return games_frame([Batch(0, 1, tuple(rows))])


def _check_a_change(jobs: tuple[Job, Job]) -> None:
    """Arms that play the same game with the same policies have nothing to compare."""
    first, second = jobs
    if first.game != second.game:
        return
    players = first.game.players(first.game.setup(game_seed(first.seed, 0)))
    if all(_policy_of(first, p) == _policy_of(second, p) for p in players):
        raise ValueError(
            "arms A and B play the same game with the same policies, so there is nothing to "
            "compare: change a config field (a variant) or the policies of one arm"
        )


def _policy_of(job: Job, player: str) -> Any:
    spec = job.policies
    return spec.get(player, DEFAULT_POLICY) if isinstance(spec, Mapping) else spec


def _job(base: GameDef[Any], spec: ArmSpec, seed: int | str, policies: Policies, cap: int) -> Job:
    arm = spec if isinstance(spec, Arm) else Arm(spec if spec is not None else {})
    game = _arm_game(base, arm.changes)
    mine = policies if arm.policies is None else arm.policies
    check_policies(game, mine, game.players(game.setup(game_seed(seed, 0))))
    return Job(game, seed, mine, cap)


def _arm_game(base: GameDef[Any], changes: Any) -> GameDef[Any]:
    if isinstance(changes, GameDef):
        if type(changes) is not type(base):
            raise ValueError(f"an arm of {base.name} cannot be a game of {changes.name}")
        return changes
    if isinstance(changes, Mapping):
        return variant(base, changes)
    return type(base)(changes)  # a config record (GameDef checks its type)


def _label(base: GameDef[Any], spec: ArmSpec) -> str:
    arm = spec if isinstance(spec, Arm) else Arm(spec if spec is not None else {})
    if arm.label is not None:
        return arm.label
    game = _arm_game(base, arm.changes)
    told = [f"{p}={v!r}" for p, v in changed_paths(base.config, game.config).items()]
    if arm.policies is not None:
        told.append(f"policies {_policies_text(arm.policies)}")
    return ", ".join(told) or f"{base.name} as is"


def _policies_text(policies: Policies) -> str:
    if isinstance(policies, Mapping):
        return ", ".join(f"{p}={policy_label(policies, p)}" for p in policies)
    return policy_label(policies, "")


def _play(
    jobs: tuple[Job, Job],
    games: int,
    metric: Metric,
    sequential: SPRT | None,
    play: dict[str, Any],
) -> tuple[tuple[pd.DataFrame, pd.DataFrame], Decision | None]:
    """Both arms' games frames: all ``games`` at once, or ``step`` at a time until the
    sequential test decides."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise ValueError(f"games is a whole number >= 2, not {games!r}")
    if sequential is None:
        return (play_games(jobs[0], 0, games, **play), play_games(jobs[1], 0, games, **play)), None
    import pandas as pd

    parts: tuple[list[pd.DataFrame], list[pd.DataFrame]] = ([], [])
    decision = None
    for start in range(0, games, sequential.step):
        stop = min(start + sequential.step, games)
        for job, part in zip(jobs, parts, strict=True):
            part.append(play_games(job, start, stop, **play))
        frames = (pd.concat(parts[0], ignore_index=True), pd.concat(parts[1], ignore_index=True))
        values = _paired_values(metric, frames)
        binary = is_binary(values["a"]) and is_binary(values["b"])
        decision = sequential.decide((values["b"] - values["a"]).to_numpy(), binary=binary)
        if decision.decided:
            break
    frames = (pd.concat(parts[0], ignore_index=True), pd.concat(parts[1], ignore_index=True))
    return frames, decision


def _paired_values(metric: Metric, frames: tuple[pd.DataFrame, pd.DataFrame]) -> pd.DataFrame:
    """Per game: arm A's and arm B's value of ``metric``; games with a NaN left out."""
    import pandas as pd

    resolved = metric.resolved(frames[0])
    values = pd.DataFrame({"a": resolved.values(frames[0]), "b": resolved.values(frames[1])})
    return values.dropna()


def _comparison(
    base: GameDef[Any],
    labels: tuple[str, str],
    metric: Metric,
    frames: tuple[pd.DataFrame, pd.DataFrame],
    decision: Decision | None,
    paired: bool,
    seed: int | str,
) -> Comparison:
    import pandas as pd

    metric = metric.resolved(frames[0])
    values = _paired_values(metric, frames)
    if len(values) < 2:
        raise ValueError(f"only {len(values)} games have a value of {metric.label()!r}")
    found = difference(values["a"], values["b"], paired=paired)
    first = {
        name: f.drop_duplicates("game").set_index("game")["seed"]
        for name, f in zip("ab", frames, strict=True)
    }
    per_game = values.assign(difference=values["b"] - values["a"])
    per_game.insert(0, "seed_b", first["b"].loc[per_game.index])
    per_game.insert(0, "seed_a", first["a"].loc[per_game.index])
    per_game = per_game.rename_axis("game").reset_index()
    rows = pd.concat([frames[0].assign(arm="A"), frames[1].assign(arm="B")], ignore_index=True)
    return Comparison(base.name, labels, metric, found, seed, per_game, rows, decision)
