"""The command line's help names what a newcomer must otherwise guess: the policies."""

from __future__ import annotations

import pytest

from gamefold.cli import main
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
