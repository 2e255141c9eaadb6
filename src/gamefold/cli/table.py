"""``gamefold play`` and ``gamefold serve``: a game told turn by turn, or at a table of
people in a terminal or in browsers."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamefold import GamefoldError, RecordError
from gamefold.cli.files import _bad_record, _new_file, _write_text
from gamefold.cli.options import (
    UsageError,
    _add_common,
    _cast,
    _configured_game,
    _limits,
    _policy_spec,
    _read_bounded,
)
from gamefold.games.base import get_game, play
from gamefold.record import GameRecord
from gamefold.sim.extras import require
from gamefold.sim.policies import Policies, policy_label, resolve_policies

if TYPE_CHECKING:
    from gamefold.serve import Table


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
