"""The ``gamefold`` command line (also ``python -m gamefold``).

.. code-block:: text

    gamefold games                                   list the registered games
    gamefold simulate GAME --games 2000 --seed 1     many games; a summary per player
    gamefold play GAME --seed 7 [--json FILE]        one game, told turn by turn
    gamefold replay FILE                             replay and verify a game record

``--import MODULE`` (before the command, repeatable) imports a module first, so the games it
registers are known. Bad arguments and bad files print one error line on stderr and exit
with status 2; a record that does not replay exits with status 1.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import get_context
from pathlib import Path
from typing import Any, NoReturn

from gamefold import GamefoldError, __version__
from gamefold.games.base import GameDef, game_names, get_game, play
from gamefold.record import GameRecord, replay
from gamefold.sim.policies import (
    DEFAULT_POLICY,
    Policies,
    check_policies,
    policy_label,
    resolve_policies,
)

__all__ = ["UsageError", "main"]

_OUT_SUFFIXES = (".parquet", ".csv")


class UsageError(Exception):
    """A bad argument or a bad file: one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not the usage and a line."""

    def error(self, message: str) -> NoReturn:
        """Report a bad command line as one :class:`UsageError` line."""
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (``sys.argv[1:]`` by default); the exit status."""
    try:
        args = _parser().parse_args(argv)
        for module in args.imports:
            _import(module)
        status: int = args.run(args)
    except UsageError as err:
        print(f"gamefold: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gamefold: interrupted", file=sys.stderr)
        return 130
    return status


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gamefold", description="Play, simulate and replay gamefold games.")
    parser.add_argument("--version", action="version", version=f"gamefold {__version__}")
    parser.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE",
        help="import MODULE first, so the games it registers are known (repeatable)",
    )
    commands = parser.add_subparsers(title="commands", required=True, metavar="COMMAND")
    _add_games(commands)
    _add_simulate(commands)
    _add_play(commands)
    _add_replay(commands)
    _add_coverage(commands)
    return parser


def _import(module: str) -> None:
    if os.getcwd() not in sys.path:  # like ``python -m``: modules of the current directory
        sys.path.insert(0, os.getcwd())
    try:
        importlib.import_module(module)
    except ImportError as err:
        raise UsageError(f"--import {module}: {err}") from None


# -- argument types ---------------------------------------------------------------------------


def _whole(low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    return parse


def _seed(text: str) -> int | str:
    """An integer seed when the text is one, else the text itself (any string is a seed)."""
    try:
        return int(text)
    except ValueError:
        return text


def _game(name: str) -> GameDef[Any]:
    try:
        return get_game(name)()
    except KeyError as err:
        raise UsageError(err.args[0]) from None


def _policy_spec(game: GameDef[Any], items: Sequence[str], players: tuple[str, ...]) -> Policies:
    """``--policy NAME`` (everyone) and ``--policy PLAYER=NAME`` (one player) as a spec."""
    default, per_player = DEFAULT_POLICY, {}
    for item in items:
        player, sep, name = item.partition("=")
        if sep:
            per_player[player] = name
        else:
            default = item
    spec: Policies = default
    if per_player:
        spec = dict.fromkeys(players, default) | per_player
    try:
        check_policies(game, spec, players)
    except ValueError as err:
        raise UsageError(str(err)) from None
    return spec


def _add_common(command: argparse.ArgumentParser, seed: int) -> None:
    command.add_argument("game", metavar="GAME", help="a registered game (see `gamefold games`)")
    command.add_argument("--seed", type=_seed, default=seed, help=f"the seed (default {seed})")
    command.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="[PLAYER=]NAME",
        help="a built-in policy for every player, or for one (repeatable; default random)",
    )
    command.add_argument(
        "--max-steps", type=_whole(1), default=10_000, metavar="M", help="a game's step cap (10000)"
    )


# -- gamefold games ---------------------------------------------------------------------------


def _add_games(commands: Any) -> None:
    command = commands.add_parser("games", help="list the registered games")
    command.set_defaults(run=_run_games)


def _run_games(args: argparse.Namespace) -> int:
    for name in game_names():
        doc = (get_game(name).__doc__ or "").strip().splitlines()
        print(f"{name:<16} {doc[0] if doc else ''}".rstrip())
    return 0


# -- gamefold simulate ------------------------------------------------------------------------


def _add_simulate(commands: Any) -> None:
    command = commands.add_parser("simulate", help="play many seeded games; print a summary")
    _add_common(command, seed=1)
    command.add_argument("--games", type=_whole(1), default=1000, help="how many (1000)")
    where = command.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_whole(1), metavar="N", help="N local processes")
    where.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler (tcp://host:8786)")
    command.add_argument("--batch-size", type=_whole(1), metavar="K", help="games per task")
    command.add_argument("--out", type=_out_path, metavar="FILE", help="write .parquet or .csv")
    command.add_argument("--no-progress", action="store_true", help="no progress bar")
    command.set_defaults(run=_run_simulate)


def _new_file(text: str) -> Path:
    """A file to write: its directory must exist."""
    path = Path(text)
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no directory {str(path.parent)!r} to write to")
    return path


def _out_path(text: str) -> Path:
    if Path(text).suffix.lower() not in _OUT_SUFFIXES:
        raise argparse.ArgumentTypeError(f"{text!r} is neither a .parquet nor a .csv file")
    return _new_file(text)


def _run_simulate(args: argparse.Namespace) -> int:
    from gamefold.sim import simulate, summarize

    game = _game(args.game)
    players = game.players(game.setup(args.seed))
    spec = _policy_spec(game, args.policy, players)
    with _executor(args) as executor:
        frame = simulate(
            game,
            games=args.games,
            seed=args.seed,
            policies=spec,
            executor=executor,
            batch_size=args.batch_size,
            progress=not args.no_progress,
            max_steps=args.max_steps,
        )
    print(_headline(game, args, frame))
    print(summarize(frame).to_string(float_format=lambda x: f"{x:.3f}"))
    if args.out is not None:
        _write(frame, args.out)
    return 0


def _headline(game: GameDef[Any], args: argparse.Namespace, frame: Any) -> str:
    per_game = frame.drop_duplicates("game")
    finished = int(per_game["finished"].sum())
    return (
        f"{game.name}: {len(per_game)} games, seed {args.seed}; {finished} finished; "
        f"{per_game['steps'].mean():.1f} steps a game on average"
    )


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """Where the games run: a Dask cluster, local processes, or (by default) right here."""
    if args.dask is not None:
        with _dask_client(args.dask) as client:
            yield client.get_executor()
    elif args.workers is not None and args.workers > 1:
        with ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as pool:
            yield pool
    else:
        yield None


@contextmanager
def _dask_client(address: str) -> Iterator[Any]:
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--dask needs the dask extra: pip install 'gamefold[dask]'") from None
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as err:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    with client:
        yield client


def _write(frame: Any, path: Path) -> None:
    try:
        if path.suffix.lower() == ".csv":
            frame.to_csv(path, index=False)
        else:
            frame.to_parquet(path, index=False)
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror or err}") from None
    print(f"wrote {len(frame)} rows to {path}")


# -- gamefold play ----------------------------------------------------------------------------


def _add_play(commands: Any) -> None:
    command = commands.add_parser("play", help="play one game and tell it turn by turn")
    _add_common(command, seed=7)
    command.add_argument("--json", type=_new_file, metavar="FILE", help="write the game record")
    command.set_defaults(run=_run_play)


def _run_play(args: argparse.Namespace) -> int:
    from gamefold.sim.account import narrate

    game = _game(args.game)
    players = game.players(game.setup(args.seed))
    spec = _policy_spec(game, args.policy, players)
    played = play(game, args.seed, resolve_policies(game, spec), max_steps=args.max_steps)
    print(f"{game.name}, seed {args.seed}: {_cast(spec, players)}")
    for line in narrate(game, played):
        print(line)
    if args.json is not None:
        record = GameRecord(game.name, game.config, args.seed, played.actions)
        _write_text(args.json, record.to_json(indent=2) + "\n")
        print(f"wrote the game record to {args.json}")
    return 0


def _cast(spec: Policies, players: tuple[str, ...]) -> str:
    return ", ".join(f"{p} ({policy_label(spec, p)})" for p in players)


def _write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror or err}") from None


# -- gamefold replay --------------------------------------------------------------------------


def _add_replay(commands: Any) -> None:
    command = commands.add_parser("replay", help="replay a game record and verify it")
    command.add_argument("file", type=Path, metavar="FILE", help="a record from `play --json`")
    command.set_defaults(run=_run_replay)


def _read_record(path: Path) -> GameRecord:
    try:
        return GameRecord.from_json(path.read_bytes())
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
    except ValueError as err:
        raise UsageError(f"{path}: {err}") from None


def _run_replay(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
    states = replay(record)
    state = next(states)
    for step in range(1, len(record.actions) + 1):
        try:
            state = next(states)
        except GamefoldError as err:  # an illegal action: the record does not replay
            print(f"{args.file}: diverges at step {step}: {err}", file=sys.stderr)
            return 1
    steps = len(record.actions)
    over = "game over" if record.game_def().is_over(state) else "not over"
    print(f"{args.file}: {record.game}, seed {record.seed}: {steps} steps replayed, OK ({over})")
    return 0


# -- gamefold coverage ------------------------------------------------------------------------


def _add_coverage(commands: Any) -> None:
    command = commands.add_parser(
        "coverage", help="play many seeded games; print how often each rule was reached"
    )
    _add_common(command, seed=1)
    command.add_argument("--games", type=_whole(1), default=100, help="how many (100)")
    command.add_argument(
        "--probes",
        type=_whole(0),
        default=48,
        metavar="K",
        help="refused candidate actions checked per decision point (48)",
    )
    command.add_argument("--json", type=_new_file, metavar="FILE", help="write the JSON report")
    command.set_defaults(run=_run_coverage)


def _run_coverage(args: argparse.Namespace) -> int:
    from gamefold.sim.coverage import coverage, coverage_json

    game = _game(args.game)
    players = game.players(game.setup(args.seed))
    spec = _policy_spec(game, args.policy, players)
    frame = coverage(
        game,
        games=args.games,
        seed=args.seed,
        policies=spec,
        max_steps=args.max_steps,
        probes=args.probes,
    )
    unreached = int((frame["games"] == 0).sum())
    print(
        f"{game.name}: rule coverage of {args.games} games from seed {args.seed}: "
        f"{_cast(spec, players)}; {len(frame) - unreached} of {len(frame)} rules reached"
    )
    print(frame.to_string())
    if args.json is not None:
        _write_text(args.json, coverage_json(frame) + "\n")
        print(f"wrote the coverage report to {args.json}")
    return 0
