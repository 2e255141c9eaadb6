"""``gamefold replay``, ``view``, ``coverage`` and ``new``: records read and checked, a
rule coverage report, a game of your own."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from gamefold import GamefoldError
from gamefold._files import write_text
from gamefold.cli.files import _bad_record, _html_path, _new_file, _write_text
from gamefold.cli.options import (
    OutputError,
    UsageError,
    _add_common,
    _add_limits,
    _cast,
    _configured_game,
    _games_help,
    _limits,
    _policy_spec,
    _read_bounded,
    _whole,
)
from gamefold.games.skeleton import MAX_NAME
from gamefold.record import GameRecord, check_record
from gamefold.sim.bounds import MAX_GAMES, MAX_PROBES


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
