"""What the commands share: their errors, argument types and options, and the game,
policies and config they name."""

from __future__ import annotations

import argparse
import os
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from gamefold import GamefoldError, RegistryError
from gamefold.games.base import GameDef, game_names, get_game
from gamefold.record import Limits, read_config
from gamefold.sim.bounds import MAX_GAMES, MAX_STEPS, MAX_WORKERS
from gamefold.sim.policies import DEFAULT_POLICY, Policies, check_policies, policy_label

DEFAULT_SEED = 1
"""The seed of every command that plays (``play``, ``simulate``, ``compare``, ``coverage``)
when neither ``--seed`` nor ``--seed-text`` is given."""


_INTERRUPTED = 130  # the shell's status for a command stopped by SIGINT


_MAX_LIMIT = 2**30
"""The largest limit on the files a command reads (``--max-bytes`` …): 1 GiB of JSON is
already more than a machine's memory once parsed."""


class UsageError(Exception):
    """A bad argument or a bad file: one line on stderr, exit status 2."""


class OutputError(Exception):
    """A file or standard output that could not be written: one line on stderr, status 1."""


class _GivenSeed(argparse.Action):
    """Stores a seed and which option gave it: a resumed game refuses one, as it keeps its
    record's seed."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.seed_option = option_string


class _Help(argparse.HelpFormatter):
    """Help text wrapped between words only: a game's name (``my-game``) is never cut at
    its hyphen."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not the usage and a line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Report a bad command line as one :class:`UsageError` line."""
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {value:,}")
        return value

    return parse


def _games_help(default: int, each: str) -> str:
    return f"how many games{each} ({default}; at most {MAX_GAMES:,})"


def _seed(text: str) -> int:
    """An integer seed; a text seed is spelled ``--seed-text``."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a whole number: {text!r} (a text seed is spelled --seed-text {text})"
        ) from None


_IMPORT_HINT = "; if it is defined in your module, pass --import MODULE before the command"


def _game(name: str, scenario: str = "default") -> GameDef[Any]:
    try:
        cls = get_game(name)
    except KeyError as err:
        raise UsageError(f"{err.args[0]}{_IMPORT_HINT}") from None
    known = cls.scenarios()
    if scenario not in known:
        raise UsageError(f"{name} has no scenario {scenario!r}; known: {', '.join(known)}")
    return cls(known[scenario])


def _policy_spec(game: GameDef[Any], items: Sequence[str], players: tuple[str, ...]) -> Policies:
    """``--policy NAME`` (everyone) and ``--policy PLAYER=NAME`` (one player) as a spec; a
    name may carry options (``ismcts:iterations=200``)."""
    default, per_player = DEFAULT_POLICY, {}
    for item in items:
        player, sep, name = item.partition("=")
        if sep and ":" not in player:
            per_player[player] = name
        else:
            default = item
    spec: Policies = default
    if per_player:
        spec = dict.fromkeys(players, default) | per_player
    try:
        check_policies(game, spec, players)
    except (ValueError, RegistryError) as err:  # a name unknown, or ismcts it cannot play
        raise UsageError(str(err)) from None
    return spec


def _add_common(command: argparse.ArgumentParser) -> None:
    command.add_argument("game", metavar="GAME", help="a registered game (see `gamefold games`)")
    command.add_argument(
        "--config", type=Path, metavar="FILE", help="the game's config, a JSON object of fields"
    )
    command.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar="PATH=VALUE",
        help="change one config field by path, keeping the game's others "
        "(skills.hand_limit=6; VALUE is JSON or text; repeatable)",
    )
    _add_limits(command)
    seeds = command.add_mutually_exclusive_group()
    seeds.add_argument(
        "--seed",
        type=_seed,
        default=DEFAULT_SEED,
        action=_GivenSeed,
        help=f"a whole number (default {DEFAULT_SEED})",
    )
    seeds.add_argument(
        "--seed-text",
        dest="seed",
        action=_GivenSeed,
        metavar="TEXT",
        help="a text seed instead of a number",
    )
    command.set_defaults(seed_option=None)
    command.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="[PLAYER=]NAME",
        help="a built-in policy for every player, or for one (repeatable; default random); "
        "options follow a colon (ismcts:iterations=200). " + _policy_help(),
    )
    command.add_argument(
        "--max-steps",
        type=_whole(1, MAX_STEPS),
        default=10_000,
        metavar="M",
        help=f"a game's step cap (10000; at most {MAX_STEPS:,})",
    )
    command.add_argument(
        "--scenario",
        default="default",
        metavar="NAME",
        help="one of the game's named configs (default: default)",
    )


def _policy_help() -> str:
    """The built-in policies of each registered game, for ``--help``."""
    known = "; ".join(
        f"{name}: {', '.join(sorted(get_game(name)().policies()))}" for name in game_names()
    )
    return f"Policies: {known}"


def _add_workers(command: argparse.ArgumentParser) -> None:
    """Where the games run: local processes or a Dask scheduler, in tasks of K games."""
    where = command.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=_whole(1, MAX_WORKERS),
        metavar="N",
        help=f"N local processes (at most {MAX_WORKERS})",
    )
    where.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler (tcp://host:8786)")
    command.add_argument(
        "--batch-size", type=_whole(1, MAX_GAMES), metavar="K", help="games per task"
    )


def _add_limits(command: argparse.ArgumentParser) -> None:
    """The flags that raise (or lower) the limits on the files a command reads."""
    defaults = Limits()
    for field, what in (
        ("max_bytes", "the largest file, in bytes"),
        ("max_depth", "the deepest nesting of objects and arrays"),
        ("max_actions", "the most actions in a record"),
        ("max_string", "the longest string, in characters"),
        ("max_collections", "the most objects and arrays in a file"),
    ):
        default = getattr(defaults, field)
        command.add_argument(
            "--" + field.replace("_", "-"),
            dest=field,
            type=_whole(1, _MAX_LIMIT),
            default=default,
            metavar="N",
            help=f"{what} read ({default:,}; at most {_MAX_LIMIT:,})",
        )


def _limits(args: argparse.Namespace) -> Limits:
    try:
        return Limits(
            max_bytes=args.max_bytes,
            max_depth=args.max_depth,
            max_actions=args.max_actions,
            max_string=args.max_string,
            max_collections=args.max_collections,
        )
    except GamefoldError as err:
        raise UsageError(str(err)) from None


def _read_bounded(path: Path, limits: Limits) -> bytes:
    """The bytes of ``path``, refused by its size before a byte is read (EN-8)."""
    try:
        with path.open("rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > limits.max_bytes:
                raise UsageError(
                    f"{path}: the file has {size:,} bytes; the limit is {limits.max_bytes:,} "
                    "(raise it with --max-bytes) [record/too-big]"
                )
            # Read what the file holds (a read allocates what it asks for), and one byte more:
            # a file that has grown since is still cut short at the limit.
            data = file.read(min(size, limits.max_bytes) + 1)
            if len(data) > size:
                data += file.read(limits.max_bytes + 1 - len(data))
            return data
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror or err}") from None


def _configured_game(args: argparse.Namespace) -> GameDef[Any]:
    """The game named on the command line, with ``--config FILE`` and ``--set`` applied."""
    return _with_settings(_file_configured(args), args.settings, "--set", _limits(args))


def _with_settings(
    game: GameDef[Any], settings: Sequence[str], flag: str, limits: Limits
) -> GameDef[Any]:
    """``game`` with ``--set PATH=VALUE`` settings applied
    (:func:`gamefold.games.parse_settings`); each value read within the limits a
    ``--config`` file is read within."""
    if not settings:
        return game
    from gamefold.games import parse_settings

    try:
        return parse_settings(game, settings, limits=limits)
    except GamefoldError as err:
        raise UsageError(f"{flag} {err}") from None


def _file_configured(args: argparse.Namespace) -> GameDef[Any]:
    """The game named on the command line, with the config of ``--config FILE`` if given."""
    game = _game(args.game, args.scenario)
    if args.config is None:
        return game
    if args.scenario != "default":
        raise UsageError("--scenario and --config exclude each other: name one config")
    text = _read_bounded(args.config, _limits(args))
    try:
        configured = type(game)(read_config(text, type(game), limits=_limits(args)))
        configured.setup(args.seed)  # some configs are refused only when a game is set up
    except GamefoldError as err:
        raise UsageError(f"{args.config}: {err}") from None
    return configured


def _cast(spec: Policies, players: tuple[str, ...]) -> str:
    return ", ".join(f"{p} ({policy_label(spec, p)})" for p in players)
