"""The command line's help names what a newcomer must otherwise guess: the policies."""

from __future__ import annotations

import argparse

import pytest

from gamefold.cli import main
from gamefold.cli.app import _parser
from gamefold.games import game_names, get_game


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_help_names_every_games_policies(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    for name in game_names():
        policies = ", ".join(sorted(get_game(name)().policies()))
        assert f"{name}: {policies}" in text


def _commands() -> list[str]:
    """Every subcommand the parser has, so that a new command joins the test by itself."""
    parser = _parser()
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(commands.choices)


def test_the_commands_are_found() -> None:
    """The parametrization below is not empty: the commands the docs promise are all there."""
    assert {"games", "simulate", "compare", "play", "replay", "view", "coverage", "new"} <= set(
        _commands()
    )


@pytest.mark.parametrize("argv", [[], *([command] for command in _commands())], ids=str)
def test_every_help_prints_and_exits_0(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` of the program and of each command prints its usage, never a traceback
    (a ``%`` in a help text that argparse would read as a format is one)."""
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    out, err = capsys.readouterr()
    assert (done.value.code, err) == (0, "")
    assert out.startswith(f"usage: gamefold {' '.join(argv)}".rstrip())
    assert "%" not in out.replace("95%", "").replace("5%", "")  # no format left unfilled
