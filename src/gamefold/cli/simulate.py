"""``gamefold simulate`` and ``gamefold compare``: many seeded games, where they run."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from gamefold import GamefoldError
from gamefold.cli.files import _out_path, _writing
from gamefold.cli.options import (
    _INTERRUPTED,
    UsageError,
    _add_common,
    _add_workers,
    _configured_game,
    _file_configured,
    _games_help,
    _limits,
    _policy_spec,
    _whole,
    _with_settings,
)
from gamefold.games.base import GameDef
from gamefold.sim.bounds import MAX_GAMES
from gamefold.sim.extras import require


def _add_simulate(commands: Any) -> None:
    command = commands.add_parser("simulate", help="play many seeded games; print a summary")
    _add_common(command)
    command.add_argument(
        "--games", type=_whole(1, MAX_GAMES), default=1000, help=_games_help(1000, "")
    )
    _add_workers(command)
    command.add_argument("--out", type=_out_path, metavar="FILE", help="write .parquet or .csv")
    command.add_argument("--no-progress", action="store_true", help="no progress bar")
    command.add_argument(
        "--wide", action="store_true", help="the full table: one row per player, every column"
    )
    command.set_defaults(run=_run_simulate)


def _run_simulate(args: argparse.Namespace) -> int:
    from gamefold.sim import Interrupted, WorkersLost, simulate

    game = _configured_game(args)
    players = game.players(game.setup(args.seed))
    spec = _policy_spec(game, args.policy, players)
    try:
        with _executor(args) as executor, _writing(args.out):
            frame = simulate(
                game,
                games=args.games,
                seed=args.seed,
                policies=spec,
                executor=executor,
                batch_size=args.batch_size,
                progress=not args.no_progress,
                max_steps=args.max_steps,
                out=args.out,
            )
    except Interrupted as stop:
        print(f"gamefold: interrupted: {_kept(stop.frame, args)}", file=sys.stderr)
        return _INTERRUPTED
    except WorkersLost as stop:
        kept, hint = _kept(stop.frame, args), _lost_hint(args)
        print(f"gamefold: error: {stop}; {kept}; {hint}", file=sys.stderr)
        return 1
    _print_summary(game, args, frame)
    if args.out is not None:
        print(f"wrote {len(frame)} rows to {args.out}")
    return 0


def _kept(frame: Any, args: argparse.Namespace) -> str:
    """What a run cut short kept: the first N games, and where they were written."""
    games = frame["game"].nunique()
    where = f"; wrote them to {args.out}" if args.out is not None else " (no --out to keep them)"
    return f"the run was cut short after the first {games} of {args.games} games{where}"


def _lost_hint(args: argparse.Namespace) -> str:
    """What to try when workers were lost for good (most often out of memory)."""
    if getattr(args, "dask", None) is not None:
        return "check the Dask workers' logs (most often out of memory) and run it again"
    return "run it again, with fewer --workers if memory is short"


def _print_summary(game: GameDef[Any], args: argparse.Namespace, frame: Any) -> None:
    """The 100-column summary, or with ``--wide`` the headline and the full table."""
    from gamefold.sim.summary import fairness_lines, summary_text, wide_table

    if args.wide:
        print(_headline(game, args, frame))
        print("\n".join(["", *fairness_lines(frame)]))
        print(wide_table(frame).to_string(float_format=lambda x: f"{x:.3f}"))
        return
    hint = "Every column in one table: --wide; every row: --out FILE."
    print(summary_text(frame, game.name, args.seed, hint=hint))
    suggestion = _next_question(game, args)
    if suggestion:
        print(f"Does a rule change move that? Try:\n  {suggestion}")


def _next_question(game: GameDef[Any], args: argparse.Namespace) -> str:
    """A ``gamefold compare`` line that changes one number of the game's rules by one."""
    import attrs

    from gamefold.games import variant

    config = game.config
    if not attrs.has(type(config)):
        return ""
    for outer in attrs.fields(type(config)):
        inner = getattr(config, outer.name)
        if not attrs.has(type(inner)):
            continue
        names = [f.name for f in attrs.fields(type(inner)) if type(getattr(inner, f.name)) is int]
        for name in sorted(names, key=lambda n: n != "hand_limit"):
            path, value = f"{outer.name}.{name}", getattr(inner, name) + 1
            try:
                variant(game, {path: value})
            except GamefoldError:
                continue
            return (
                f"gamefold compare {game.name} --set {path}={value} "
                f"--games {args.games} --seed {args.seed}"
            )
    return ""


def _headline(game: GameDef[Any], args: argparse.Namespace, frame: Any) -> str:
    from gamefold.sim.stats import mean_interval

    per_game = frame.drop_duplicates("game")
    finished = int(per_game["finished"].sum())
    headline = f"{game.name}: {len(per_game)} games, seed {args.seed}; {finished} finished;"
    if per_game.empty:
        return headline
    steps = per_game["steps"].to_numpy()
    found = mean_interval(steps)
    return (
        f"{headline} {steps.mean():.1f} steps a game on average"
        f" [{found.low:.1f}, {found.high:.1f}] ({found.method}, 95%)"
    )


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """Where the games run: a Dask cluster, local processes, or (by default) right here."""
    if args.dask is not None:
        with _dask_client(args.dask) as client:
            yield client.get_executor()
    elif args.workers is not None and args.workers > 1:
        from gamefold.sim import Workers

        _warn_workers(args.workers)
        with Workers(args.workers) as pool:
            yield pool
    else:
        yield None


@contextmanager
def _dask_client(address: str) -> Iterator[Any]:
    Client = require("dask", "distributed", "--dask").Client
    try:
        client = Client(address, timeout="10s")
    except (OSError, ValueError) as err:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    with client:
        yield client


def _warn_workers(workers: int) -> None:
    cpus = os.cpu_count() or 1
    if workers > cpus:
        print(
            f"gamefold: warning: --workers {workers} is more than the {cpus} CPUs here; "
            "the extra processes only slow the run down",
            file=sys.stderr,
        )


def _add_compare(commands: Any) -> None:
    command = commands.add_parser(
        "compare", help="A/B: a variant or policies against the game, with a 95%% interval"
    )
    _add_common(command)
    command.add_argument(
        "--vs-set",
        dest="vs_settings",
        action="append",
        default=[],
        metavar="PATH=VALUE",
        help="arm A's changes (default: none, the game as it is); --set makes arm B",
    )
    command.add_argument(
        "--vs-policy",
        action="append",
        default=[],
        metavar="[PLAYER=]NAME",
        help="arm A's policies (default: --policy's); --policy is arm B's",
    )
    command.add_argument(
        "--games", type=_whole(2, MAX_GAMES), default=1000, help=_games_help(1000, " an arm")
    )
    command.add_argument(
        "--metric", default="winner", metavar="COLUMN", help="the column compared (winner)"
    )
    command.add_argument(
        "--of", metavar="WHO", help="the player or side whose column it is (the first side)"
    )
    command.add_argument(
        "--unpaired", action="store_true", help="play arm B on other seeds than arm A"
    )
    command.add_argument(
        "--sprt",
        type=float,
        metavar="H1",
        help="stop when an SPRT decides between no difference and H1 (0.05), 5%% errors",
    )
    _add_workers(command)
    command.add_argument("--no-progress", action="store_true", help="no progress bar")
    command.set_defaults(run=_run_compare)


def _run_compare(args: argparse.Namespace) -> int:
    from gamefold.sim.compare import Arm, compare
    from gamefold.sim.sequential import SPRT

    base = _file_configured(args)
    arm_a = _with_settings(base, args.vs_settings, "--vs-set", _limits(args))
    arm_b = _with_settings(base, args.settings, "--set", _limits(args))
    players = base.players(base.setup(args.seed))
    policies_b = _policy_spec(base, args.policy, players)
    policies_a = _policy_spec(base, args.vs_policy, players) if args.vs_policy else policies_b
    try:
        test = None if args.sprt is None else SPRT(h1=args.sprt, step=_sprt_step(args.games))
        if test is not None and args.metric == "winner":
            test.check_rate()
    except ValueError as err:
        raise UsageError(f"--sprt: {err}") from None
    with _executor(args) as executor:
        try:
            found = compare(
                base,
                Arm(arm_a, policies_a, _arm_label(args.vs_settings, args.vs_policy, "A")),
                Arm(arm_b, policies_b, _arm_label(args.settings, args.policy, "B")),
                games=args.games,
                seed=args.seed,
                metric=args.metric,
                of=args.of,
                paired=not args.unpaired,
                sequential=test,
                executor=executor,
                batch_size=args.batch_size,
                progress=not args.no_progress,
                max_steps=args.max_steps,
            )
        except ValueError as err:  # refused before any game: a metric, a player, no change
            raise UsageError(f"{err} (see `gamefold compare --help`)") from None
    print(found)
    return 0


def _sprt_step(games: int) -> int:
    """Games an arm between two looks of the SPRT: about fifty looks, at least ten games."""
    return max(10, games // 50)


def _arm_label(settings: Sequence[str], policies: Sequence[str], arm: str) -> str:
    told = [*settings, *(f"--{'vs-' if arm == 'A' else ''}policy {p}" for p in policies)]
    return " ".join(told) or "the game as it is"
