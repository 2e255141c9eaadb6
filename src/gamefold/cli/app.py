"""The ``gamefold`` command: its parser, ``main`` and the standard output it guards."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from gamefold import ConfigError, PolicyError, __version__
from gamefold.cli.options import _INTERRUPTED, OutputError, UsageError, _Parser
from gamefold.cli.records import _add_coverage, _add_new, _add_replay, _add_view
from gamefold.cli.simulate import _add_compare, _add_simulate, _lost_hint
from gamefold.cli.table import _add_play, _add_serve
from gamefold.games.base import game_names, get_game
from gamefold.sim.extras import MissingExtra
from gamefold.sim.workers import WorkersLost


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


def _add_games(commands: Any) -> None:
    command = commands.add_parser("games", help="list the registered games")
    command.set_defaults(run=_run_games)


def _run_games(args: argparse.Namespace) -> int:
    for name in game_names():
        doc = (get_game(name).__doc__ or "").strip().splitlines()
        print(f"{name:<16} {doc[0] if doc else ''}".rstrip())
    return 0
