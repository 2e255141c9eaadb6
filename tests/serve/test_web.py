"""The table served to browsers: whole games played by scripted clients over HTTP and
websockets, live updates, resume, and the record's viewer at the end (EN-8, EN-9)."""

from __future__ import annotations

import importlib
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from tests.serve.served import act, client, play_out, state

from gamefold.cli import main
from gamefold.games import GameDef, get_game
from gamefold.record import check_record
from gamefold.serve import Host, Table
from gamefold.viewer import RULE_PAGES

DATA = r'<script type="application/json" id="gamefold-data">(.*?)</script>'
"""Where a viewer page keeps its data."""


@pytest.fixture
def skeleton(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The game ``gamefold new served_duel`` writes, imported as a user would."""
    assert main(["new", "served_duel", "--dir", str(tmp_path)]) == 0
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("served_duel")
    yield "served_duel"
    sys.modules.pop("served_duel", None)


def _table(name: str, path: Path, humans: int = 1, **options: Any) -> Table:
    game: GameDef[Any] = get_game(name)()
    seats = game.players(game.setup(1))[:humans]
    return Table(game, 1, humans=seats, path=path, **options)


@pytest.mark.parametrize("name", ["skirmish", "summit", "campaign", "skeleton"])
def test_en8_scripted_clients_play_a_whole_game(
    name: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Two human seats answer over HTTP until the end; the record on disk replays state by
    state, and every page then links the viewer of that record."""
    game = request.getfixturevalue("skeleton") if name == "skeleton" else name
    path = tmp_path / "game.json"
    table = _table(game, path, humans=2)
    host = Host(table)
    with client(host) as web:
        sent = play_out(web, host)
        assert sent > 0
        end = state(web, host, table.humans[0])
        page = web.get(f"/t/{host.tokens[None]}/record")
    assert end["over"] or end["stopped"]
    assert end["choices"] == []
    checked = check_record(path.read_text(encoding="utf-8"))
    assert checked.divergence is None
    assert checked.digests
    if end["over"]:
        assert end["outcome"] == {
            player: {k: str(v) for k, v in columns.items()}
            for player, columns in table.game.outcome(table.state).items()
        }
        assert page.status_code == 200
        assert page.text.startswith("<!DOCTYPE html>")
        assert "gamefold viewer" in page.text


def test_en9_a_socket_sees_every_step_as_it_happens(tmp_path: Path) -> None:
    """Two human seats on their sockets: one acts, the other's page gets the new step."""
    table = _table("summit", tmp_path / "g.json", humans=2)
    host = Host(table)
    first, second = table.humans
    with (
        client(host) as web,
        web.websocket_connect(f"/t/{host.tokens[first]}/ws") as one,
        web.websocket_connect(f"/t/{host.tokens[second]}/ws") as two,
    ):
        mine, theirs = one.receive_json(), two.receive_json()
        assert (mine["seat"], theirs["seat"]) == (first, second)
        assert mine["due"] == first
        assert mine["choices"]
        assert theirs["choices"] == []
        one.send_text(json.dumps({"step": mine["step"], "choice": 1}))
        assert one.receive_json()["type"] == "done"
        after = one.receive_json()
        told = two.receive_json()
        assert after["step"] == told["step"] == table.steps > mine["step"]
        assert told["due"] == table.due


def test_en8_a_served_game_resumes_with_nothing_lost(tmp_path: Path) -> None:
    """The server dies after some actions; the record resumes at the very state, and the
    game goes on as the one that never stopped."""
    path = tmp_path / "g.json"
    table = _table("skirmish", path)
    host = Host(table)
    with client(host) as web:
        for _ in range(3):
            mine = state(web, host, table.humans[0])
            assert act(web, host, table.humans[0], mine["step"], 1)["type"] == "done"
    resumed = Table.resume(path.read_text(encoding="utf-8"), humans=table.humans, path=path)
    assert resumed.state == table.state
    assert resumed.steps == table.steps
    again = Host(resumed)
    with client(again) as web:
        assert state(web, again, table.humans[0])["step"] == table.steps
        play_out(web, again)
    assert check_record(path.read_text(encoding="utf-8")).divergence is None


def test_the_record_is_shown_only_after_the_end(tmp_path: Path) -> None:
    """Before the end the record holds every secret: its viewer is refused (409)."""
    table = _table("skirmish", tmp_path / "g.json")
    host = Host(table)
    with client(host) as web:
        answer = web.get(f"/t/{host.tokens[table.humans[0]]}/record")
    assert answer.status_code == 409
    assert "hand" not in answer.text


def test_the_served_records_rule_links_open_the_docs(tmp_path: Path) -> None:
    """The record's viewer, served at /t/TOKEN/record, links each rule to the built docs
    served under the same token: every link answers 200 with the docs page itself (nothing
    of the game in it); another token's or none is refused, and nothing outside the docs
    is served."""
    docs = tmp_path / "html"
    for page in {link.partition("#")[0] for link in RULE_PAGES.values()}:
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text(f"<h1>{page}</h1>", encoding="utf-8")
    table = Table(get_game("skirmish")(), 1, humans=(), path=tmp_path / "g.json")
    host = Host(table)
    token = host.tokens[None]
    viewer = f"/t/{token}/record"
    with client(host, docs=docs) as web:
        data = re.search(DATA, web.get(viewer).text)
        assert data is not None
        links = set(json.loads(data.group(1))["rules"].values())
        assert len(links) >= 3  # SD, CB, SK at least: a skirmish attests all three
        for link in links:
            address = urljoin(f"http://testserver{viewer}", link).partition("#")[0]
            assert address.startswith(f"http://testserver/t/{token}/docs/")
            answer = web.get(address)
            assert answer.status_code == 200, address
            page = address.removeprefix(f"http://testserver/t/{token}/docs/")
            assert answer.text == (docs / page).read_text(encoding="utf-8")
        page = "games/skirmish.html"
        assert web.get(f"/t/not-a-token/docs/{page}").status_code == 403
        assert web.get(f"/t/{token}/docs/nowhere.html").status_code == 404
        assert web.get(f"/t/{token}/docs/%2E%2E/g.json").status_code == 404


def test_the_page_is_self_contained(tmp_path: Path) -> None:
    """A seat's page: script and style inline, nothing fetched but its own socket."""
    table = _table("skirmish", tmp_path / "g.json")
    host = Host(table)
    with client(host) as web:
        answer = web.get(f"/t/{host.tokens[table.humans[0]]}")
    assert answer.status_code == 200
    assert answer.headers["referrer-policy"] == "no-referrer"
    text = answer.text
    assert text.startswith("<!DOCTYPE html>")
    assert "<script src" not in text
    assert "src=" not in text
    assert "://" not in text


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--seat", "p1"], "write SEAT=human or SEAT=POLICY"),
        (["--seat", "p3=greedy"], "at least one --seat SEAT=human"),
        (["--seat", "p9=human"], "no seat 'p9'"),
        (["--seat", "p1=human", "--seat", "p2=nonsense"], "nonsense"),
    ],
)
def test_serve_says_what_is_wrong_in_one_line(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad ``--seat`` is one error line, status 2, and no record is written."""
    record = tmp_path / "g.json"
    status = main(["serve", "summit", "--json", str(record), "--port", "0", *argv])
    _, err = capsys.readouterr()
    assert status == 2
    assert err.count("\n") == 1
    assert said in err
    assert not record.exists()


def test_serve_refuses_a_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A port another program holds: one line naming it, status 2."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        argv = ["serve", "summit", "--seat", "p1=human", "--json", str(tmp_path / "g.json")]
        status = main([*argv, "--port", str(port)])
    _, err = capsys.readouterr()
    assert status == 2
    assert f"cannot listen on 127.0.0.1:{port}" in err
    assert not (tmp_path / "g.json").exists()


def test_en8_serve_stops_and_resumes_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve`` stopped midway says how to go on; ``serve --resume`` goes on from the
    record's last step to the end, and the record replays (EN-8)."""
    from tests.serve.served import client

    from gamefold.serve import Served

    record = tmp_path / "summit.json"
    plays: list[int] = []

    def a_few_clicks(served: Served) -> None:  # then the server is stopped
        served.socket.close()
        with client(served.host) as web:
            for _ in range(3):
                seat = served.host.table.due
                assert seat is not None
                assert act(web, served.host, seat, served.host.table.steps, 1)["type"] == "done"
        plays.append(served.host.table.steps)

    monkeypatch.setattr(Served, "run", a_few_clicks)
    seats = ["--seat", "p1=human", "--seat", "p2=human", "--seat", "p3=greedy"]
    assert main(["serve", "summit", "--port", "0", "--json", str(record), *seats]) == 0
    out, _ = capsys.readouterr()
    assert "p3 (greedy)" in out
    hint = f"gamefold serve summit --resume {record} --seat p1=human --seat p2=human"
    assert hint in out

    def to_the_end(served: Served) -> None:
        served.socket.close()
        assert served.host.table.steps == plays[0]  # nothing lost, nothing replayed twice
        with client(served.host) as web:
            play_out(web, served.host)

    monkeypatch.setattr(Served, "run", to_the_end)
    resume = ["serve", "summit", "--port", "0", "--resume", str(record), *seats[:4]]
    assert main(resume) == 0
    out, _ = capsys.readouterr()
    assert "Game over after" in out
    checked = check_record(record.read_text(encoding="utf-8"))
    assert checked.divergence is None
    assert checked.over
