"""The ``gamefold`` command line (also ``python -m gamefold``).

.. code-block:: text

    gamefold games                                   list the registered games
    gamefold simulate GAME --games 2000 --seed 1     many games; a summary per player
    gamefold compare GAME --set PATH=VALUE           an A/B of a variant, with its interval
    gamefold play GAME --seed 7 [--json FILE]        one game, told turn by turn
    gamefold replay FILE                             replay and verify a game record
    gamefold view FILE [--out PAGE.html]             a time-travel viewer of a game record
    gamefold coverage GAME --games 100               how often each rule was reached
    gamefold new NAME [--dir DIR]                    write NAME.py, a game of your own

``--import MODULE`` (before the command, repeatable) imports a module first, so the games it
registers are known. ``play``, ``simulate``, ``compare`` and ``coverage`` take ``--config
FILE.json`` and ``--set PATH=VALUE`` (one config field by path, after the file); every command that
reads a file takes ``--max-bytes``, ``--max-depth``, ``--max-actions``, ``--max-string`` and
``--max-collections`` (see :class:`~gamefold.record.Limits`). Bad arguments and bad files
print one error line on stderr and exit with status 2, as does a command that needs an extra
that is not installed (the error names the install line); a record that does not replay
exits with status 1. Output cut short by a closed pipe (``| head``) ends quietly, and the
files a command writes are still written. Every file is written whole or not at all (a
temporary file beside it, renamed once complete); a file or standard output that cannot be
written (a full disk) is one error line and exit status 1. Ctrl-C stops a command with
status 130; ``simulate`` first writes the first games, up to the first one unfinished, to
``--out``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from gamefold import (
    ConfigError,
    GamefoldError,
    PolicyError,
    RecordError,
    RegistryError,
    __version__,
)
from gamefold._files import write_text
from gamefold.games.base import GameDef, game_names, get_game, play
from gamefold.games.skeleton import MAX_NAME
from gamefold.record import GameRecord, Limits, check_record, read_config
from gamefold.sim.bounds import MAX_GAMES, MAX_PROBES, MAX_STEPS, MAX_WORKERS
from gamefold.sim.extras import MissingExtra, require
from gamefold.sim.policies import (
    DEFAULT_POLICY,
    Policies,
    check_policies,
    policy_label,
    resolve_policies,
)
from gamefold.sim.workers import WorkersLost

if TYPE_CHECKING:
    from gamefold.serve import Table

__all__ = ["DEFAULT_SEED", "OutputError", "UsageError", "main"]

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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (``sys.argv[1:]`` by default); the exit status."""
    stdout = sys.stdout
    sys.stdout = _QuietPipe(stdout)
    try:
        args = _parser().parse_args(argv)
        for module in args.imports:
            _import(module)
        status: int = args.run(args)
        sys.stdout.flush()
    except (UsageError, MissingExtra, ConfigError) as err:  # a count beyond its bound too
        print(f"gamefold: error: {err}", file=sys.stderr)
        return 2
    except (OutputError, PolicyError) as err:  # a policy's own failure names its cause
        print(f"gamefold: error: {err}", file=sys.stderr)
        return 1
    except WorkersLost as err:  # simulate says what it kept; any other run keeps nothing
        print(f"gamefold: error: {err}; no result; {_lost_hint(args)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("gamefold: interrupted", file=sys.stderr)
        return _INTERRUPTED
    finally:
        sys.stdout = stdout
    return status


class _QuietPipe:
    """Standard output that goes quiet once its reader has gone (``gamefold play | head``).

    The command carries on, so the files it writes are still written; what it would have
    printed is dropped, with no ``BrokenPipeError`` traceback.
    """

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self._closed = False

    def write(self, text: str) -> int:
        """Write ``text``, or drop it once the pipe is closed."""
        if not self._closed:
            try:
                self._stream.write(text)
            except OSError as err:
                self._fail(err)
        return len(text)

    def flush(self) -> None:
        """Flush, or do nothing once the pipe is closed."""
        if not self._closed:
            try:
                self._stream.flush()
            except OSError as err:
                self._fail(err)

    def _fail(self, err: OSError) -> None:
        """A closed pipe goes quiet; any other failure (a full disk) is an error."""
        self._close()
        if not isinstance(err, BrokenPipeError):
            raise OutputError(f"cannot write to standard output: {err.strerror or err}") from None

    def _close(self) -> None:
        self._closed = True
        try:  # the interpreter flushes stdout at exit: point it at nothing, quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
        except (OSError, AttributeError, ValueError):
            pass  # not a real file (a test's buffer): nothing will flush it at exit

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


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
    _add_compare(commands)
    _add_play(commands)
    _add_replay(commands)
    _add_coverage(commands)
    _add_view(commands)
    _add_new(commands)
    _add_serve(commands)
    return parser


def _import(module: str) -> None:
    if os.getcwd() not in sys.path:  # like ``python -m``: modules of the current directory
        sys.path.insert(0, os.getcwd())
    try:
        importlib.import_module(module)
    except ImportError as err:
        raise UsageError(f"--import {module}: {err}") from None


# -- argument types ---------------------------------------------------------------------------


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


def _new_file(text: str) -> Path:
    """A file to write: its folder must exist and take new files (the file is written to a
    temporary file there, then renamed), checked now so that a long run never ends in an
    unwritable file. The file itself is not touched until it is written whole."""
    path = Path(text)
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no directory {str(path.parent)!r} to write to")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: it is a directory")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(
            f"cannot write {text}: no new file may be made in {str(path.parent)!r}"
        )
    return path


def _out_path(text: str) -> Path:
    from gamefold.sim.output import OUT_SUFFIXES

    if Path(text).suffix.lower() not in OUT_SUFFIXES:
        raise argparse.ArgumentTypeError(f"{text!r} is neither a .parquet nor a .csv file")
    return _new_file(text)


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


@contextmanager
def _writing(path: Path | None) -> Iterator[None]:
    """A file that could not be written, as one :class:`OutputError` line."""
    if path is None:
        yield
        return
    try:
        yield
    except OSError as err:
        raise OutputError(f"cannot write {path}: {err.strerror or err}") from None


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


# -- gamefold compare -------------------------------------------------------------------------


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


# -- gamefold play ----------------------------------------------------------------------------


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


def _add_play(commands: Any) -> None:
    command = commands.add_parser("play", help="play one game and tell it turn by turn")
    _add_common(command)
    command.add_argument(
        "--human",
        dest="humans",
        action="append",
        default=[],
        metavar="SEAT",
        help="play SEAT yourself at this terminal, the bots the rest (repeatable: hot seat); "
        "the record is written after every step (--json, default GAME-seed-SEED.json)",
    )
    _add_record_files(command)
    command.set_defaults(run=_run_play)


def _add_record_files(command: argparse.ArgumentParser) -> None:
    """A table's record: the file it writes after every step, or the one it goes on with."""
    command.add_argument("--json", type=_new_file, metavar="FILE", help="write the game record")
    command.add_argument(
        "--resume",
        type=Path,
        metavar="RECORD",
        help="continue the game of RECORD (its seed and config), written on as it goes",
    )


def _run_play(args: argparse.Namespace) -> int:
    from gamefold.sim.account import narrate

    if args.humans or args.resume is not None:
        return _run_table(args)
    game = _configured_game(args)
    players = game.players(game.setup(args.seed))
    spec = _policy_spec(game, args.policy, players)
    played = play(game, args.seed, resolve_policies(game, spec), max_steps=args.max_steps)
    print(f"{game.name}, seed {args.seed}: {_cast(spec, players)}")
    for line in narrate(game, played):
        print(line)
    if args.json is not None:
        record = GameRecord(game.name, game.config, args.seed, played.actions)
        record = record.with_digests(played.states)
        _write_text(args.json, record.to_json(indent=2) + "\n")
        print(f"wrote the game record to {args.json}")
    return 0


def _run_table(args: argparse.Namespace) -> int:
    """``play --human SEAT`` and ``play --resume RECORD``: a game at this terminal."""
    from gamefold.serve import Terminal

    table, spec = _resumed_table(args) if args.resume is not None else _new_table(args)
    bots = [f"{p} ({policy_label(spec, p)})" for p in table.players if p not in table.humans]
    print(
        f"{table.game.name}, seed {table.seed}: you play {', '.join(table.humans) or 'no seat'}"
        f"; the bots {', '.join(bots) or 'none'}. Type help for how to answer."
    )
    if Terminal(table, input, sys.stdout).run():
        if table.is_over:
            print(f"Game over after {table.steps} steps.")
        else:
            print(f"Stopped at the step cap after {table.steps} steps; the game is not over.")
        for player, columns in table.game.outcome(table.state).items():
            print(f"  {player}: " + ", ".join(f"{k}={v}" for k, v in columns.items()))
        print(f"wrote the game record to {table.path}")
        return 0
    print(f"saved the game after {table.steps} steps to {table.path}; continue it with")
    print(_resume_line(args, table, "play", "--human {}"))
    return 0


def _resume_line(args: argparse.Namespace, table: Table, command: str, seat: str) -> str:
    """The command line that goes on with ``table``: its imports, its record, each human
    seat as ``seat`` spells it (``"--human {}"``)."""
    imports = "".join(f"--import {module} " for module in args.imports)
    seats = "".join(" " + seat.format(human) for human in table.humans)
    return f"  gamefold {imports}{command} {table.game.name} --resume {table.path}{seats}"


def _new_table(args: argparse.Namespace) -> tuple[Table, Policies]:
    """A new game at the table, its record at ``--json`` or a default that must be new."""
    from gamefold.serve import Table

    game = _configured_game(args)
    path = args.json or _new_file(f"{game.name}-seed-{args.seed}.json")
    if args.json is None and path.exists():
        raise UsageError(
            f"{path} exists: continue it with --resume {path}, or name a new record with --json"
        )
    spec = _policy_spec(game, args.policy, game.players(game.setup(args.seed)))
    bots = resolve_policies(game, spec)
    opened = _seated(
        lambda: Table(
            game, args.seed, humans=args.humans, bots=bots, path=path, max_steps=args.max_steps
        )
    )
    return opened, spec


def _resumed_table(args: argparse.Namespace) -> tuple[Table, Policies]:
    """The game of ``--resume RECORD`` at the table, replayed and checked by its digests."""
    from gamefold.serve import Table

    if args.config is not None or args.settings or args.scenario != "default":
        raise UsageError("--resume plays the record's own config: drop --config, --set, --scenario")
    if args.seed_option is not None:
        raise UsageError(f"--resume plays the record's own seed: drop {args.seed_option}")
    limits = _limits(args)
    try:
        record = GameRecord.from_json(_read_bounded(args.resume, limits), limits=limits)
        if record.game != args.game:
            raise UsageError(f"{args.resume} is a game of {record.game}, not of {args.game}")
        game = get_game(record.game)(record.config)
        spec = _policy_spec(game, args.policy, game.players(game.setup(record.seed)))
        bots = resolve_policies(game, spec)
        path = args.json or args.resume
        opened = _seated(
            lambda: Table.resume(
                record, humans=args.humans, bots=bots, path=path, max_steps=args.max_steps
            )
        )
    except RecordError as err:
        raise _bad_record(args.resume, err) from None
    return opened, spec


def _seated(open_table: Callable[[], Table]) -> Table:
    """A table opened; a seat the game does not have is one error line."""
    try:
        return open_table()
    except ValueError as err:
        if isinstance(err, GamefoldError):  # a record that does not replay, a bot's error
            raise
        raise UsageError(str(err)) from None


def _cast(spec: Policies, players: tuple[str, ...]) -> str:
    return ", ".join(f"{p} ({policy_label(spec, p)})" for p in players)


def _write_text(path: Path, text: str) -> None:
    with _writing(path):
        write_text(path, text)


# -- gamefold serve ---------------------------------------------------------------------------


def _add_serve(commands: Any) -> None:
    command = commands.add_parser(
        "serve",
        help="play a game in browsers: a link a human seat, the bots on the server",
        description="Serve GAME to browsers: one link (with its own token) a human seat, "
        "one for spectators; the other seats are bots. The record is written after every step.",
    )
    _add_common(command)
    command.add_argument(
        "--seat",
        dest="seats",
        action="append",
        default=[],
        metavar="SEAT=human|POLICY",
        help="who plays SEAT: a person in a browser (human) or a policy (ismcts, greedy, "
        "...); repeatable; seats not named play --policy (default random)",
    )
    command.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="the address to listen on (default 127.0.0.1: this machine only; "
        "0.0.0.0 lets other machines connect)",
    )
    command.add_argument(
        "--port", type=int, default=8000, help="the port to listen on (default 8000; 0: any)"
    )
    _add_record_files(command)
    command.add_argument(
        "--docs",
        type=Path,
        default=Path("docs/_build/html"),
        metavar="DIR",
        help="the built docs the record viewer's rule links open, served with the table "
        "(default docs/_build/html, a clone's Sphinx build)",
    )
    command.set_defaults(run=_run_serve)


def _run_serve(args: argparse.Namespace) -> int:
    """``gamefold serve``: the table served until Ctrl-C; how to go on when it is not over."""
    require("serve", "starlette", "gamefold serve")
    require("serve", "uvicorn", "gamefold serve")
    from gamefold.serve import Host, Served, bind

    _seat_options(args)
    try:  # before the table: a port taken leaves no record behind
        sock = bind(args.host, args.port)
    except OSError as err:
        reason = err.strerror or err
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {reason}") from None
    try:
        table, spec = _resumed_table(args) if args.resume is not None else _new_table(args)
    except BaseException:
        sock.close()
        raise
    served = Served(Host(table), sock=sock, docs=args.docs)
    bots = [f"{p} ({policy_label(spec, p)})" for p in table.players if p not in table.humans]
    where = "this machine only" if args.host in ("127.0.0.1", "localhost", "::1") else "the network"
    print(f"{table.game.name}, seed {table.seed}: the bots {', '.join(bots) or 'none'}.")
    print(f"Serving on {served.base}, listening on {args.host} ({where}). Each link is its")
    print("seat's key: give it to that player alone.")
    for seat, link in served.links().items():
        print(f"  {seat or 'spectators'}: {link}")
    print(f"The record is written after every step to {table.path}. Ctrl-C stops.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops, then raises it again
        served.run()
    if table.is_over:
        print(f"Game over after {table.steps} steps; the record is {table.path}.")
        return 0
    print(f"stopped after {table.steps} steps, saved to {table.path}; continue it with")
    print(_resume_line(args, table, "serve", "--seat {}=human"))
    return 0


def _seat_options(args: argparse.Namespace) -> None:
    """``--seat SEAT=human`` as a human seat, ``--seat SEAT=POLICY`` as that seat's policy."""
    args.humans = []
    for item in args.seats:
        seat, sep, who = item.partition("=")
        if not sep or not seat or not who:
            raise UsageError(f"--seat {item!r}: write SEAT=human or SEAT=POLICY")
        if who == "human":
            args.humans.append(seat)
        else:
            args.policy.append(f"{seat}={who}")
    if not args.humans:
        raise UsageError("serve needs at least one --seat SEAT=human")


# -- gamefold replay --------------------------------------------------------------------------


def _add_replay(commands: Any) -> None:
    command = commands.add_parser("replay", help="replay a game record and verify it")
    command.add_argument("file", type=Path, metavar="FILE", help="a record from `play --json`")
    _add_limits(command)
    command.set_defaults(run=_run_replay)


def _run_replay(args: argparse.Namespace) -> int:
    text = _read_bounded(args.file, _limits(args))
    try:
        checked = check_record(text, limits=_limits(args))
    except GamefoldError as err:  # a bad file (RecordError), or a config no game accepts
        raise _bad_record(args.file, err) from None
    if checked.divergence is not None:
        found = checked.divergence
        print(f"{args.file}: diverges at step {found.step}: {found.reason}", file=sys.stderr)
        return 1
    over = "game over" if checked.over else "not over"
    digests = "every state matches its digest" if checked.digests else "no digests to compare"
    print(
        f"{args.file}: {checked.game}, seed {checked.seed}: {checked.steps} steps replayed, "
        f"OK ({over}; {digests})"
    )
    return 0


def _bad_record(path: Path, err: GamefoldError) -> UsageError:
    """A record that cannot be read; a game no module registered suggests ``--import``."""
    unknown = isinstance(err, RecordError) and err.code == "record/unknown-game"
    return UsageError(f"{path}: {err}{_IMPORT_HINT if unknown else ''}")


# -- gamefold view ----------------------------------------------------------------------------


def _add_view(commands: Any) -> None:
    command = commands.add_parser(
        "view", help="write a game record's time-travel viewer: one HTML page"
    )
    command.add_argument("file", type=Path, metavar="FILE", help="a record from `play --json`")
    command.add_argument(
        "--out",
        type=_html_path,
        metavar="PAGE",
        help="the .html file to write (default: FILE with .html for .json)",
    )
    command.add_argument(
        "--docs",
        default=None,
        metavar="BASE",
        help="where rule links point: a docs URL or a path from the page "
        "(default: docs/_build/html/, the docs built in a clone)",
    )
    _add_limits(command)
    command.set_defaults(run=_run_view)


def _html_path(text: str) -> Path:
    if Path(text).suffix.lower() not in (".html", ".htm"):
        raise argparse.ArgumentTypeError(f"{text!r} is not an .html file")
    return _new_file(text)


def _default_page(record: Path) -> Path:
    try:
        return _html_path(str(record.with_suffix(".html")))
    except argparse.ArgumentTypeError as err:
        raise UsageError(f"{err}; name the page with --out") from None


def _run_view(args: argparse.Namespace) -> int:
    from gamefold.viewer import DOCS, page, viewer_data

    limits = _limits(args)
    text = _read_bounded(args.file, limits)
    out: Path = args.out or _default_page(args.file)
    if out.resolve() == args.file.resolve():
        raise UsageError(f"{args.file}: the page would overwrite the record; name it with --out")
    try:
        record = GameRecord.from_json(text, limits=limits)
        data = viewer_data(record, docs=DOCS if args.docs is None else args.docs)
    except GamefoldError as err:  # a bad file (RecordError), or a config no game accepts
        raise _bad_record(args.file, err) from None
    _write_text(out, page(data))
    found = data["divergence"]
    where = f"; it diverges at step {found['step']}, where the page opens" if found else ""
    print(f"wrote the viewer of {args.file} ({len(record.actions)} steps{where}) to {out}")
    return 0


# -- files and limits -------------------------------------------------------------------------


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


# -- gamefold coverage ------------------------------------------------------------------------


def _add_coverage(commands: Any) -> None:
    command = commands.add_parser(
        "coverage", help="play many seeded games; print how often each rule was reached"
    )
    _add_common(command)
    command.add_argument(
        "--games", type=_whole(1, MAX_GAMES), default=100, help=_games_help(100, "")
    )
    command.add_argument(
        "--probes",
        type=_whole(0, MAX_PROBES),
        default=48,
        metavar="K",
        help="refused candidate actions checked per decision point (48)",
    )
    command.add_argument("--json", type=_new_file, metavar="FILE", help="write the JSON report")
    command.set_defaults(run=_run_coverage)


def _run_coverage(args: argparse.Namespace) -> int:
    from gamefold.sim.coverage import coverage, coverage_json

    game = _configured_game(args)
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


def _warn_workers(workers: int) -> None:
    cpus = os.cpu_count() or 1
    if workers > cpus:
        print(
            f"gamefold: warning: --workers {workers} is more than the {cpus} CPUs here; "
            "the extra processes only slow the run down",
            file=sys.stderr,
        )


# -- gamefold new -----------------------------------------------------------------------------


def _add_new(commands: Any) -> None:
    command = commands.add_parser("new", help="write NAME.py, a one-file game of your own")
    command.add_argument(
        "name",
        metavar="NAME",
        help="the game's name and its module's: lower-case letters a-z, digits and "
        f"underscores, starting with a letter, at most {MAX_NAME} characters",
    )
    command.add_argument(
        "--dir", type=Path, default=Path("."), help="where to write NAME.py (here)"
    )
    command.set_defaults(run=_run_new)


def _run_new(args: argparse.Namespace) -> int:
    from gamefold.games.skeleton import name_problem, skeleton

    problem = name_problem(args.name)
    if problem is not None:
        raise UsageError(f"new: {problem}")
    path = args.dir / f"{args.name}.py"
    taken = UsageError(f"new: {path} exists already; choose another NAME or move it away")
    if os.path.lexists(path):
        raise taken
    if not os.path.isdir(args.dir):
        raise UsageError(f"new: no directory {str(args.dir)!r} to write to")
    try:  # whole or not at all, and never over a file made meanwhile
        write_text(path, skeleton(args.name), new=True)
    except FileExistsError:
        raise taken from None
    except OSError as err:
        raise OutputError(f"new: cannot write {path}: {err.strerror or err}") from None
    print(f"wrote {path}; from its directory: gamefold --import {args.name} play {args.name}")
    return 0
