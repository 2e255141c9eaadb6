"""The served table as an attacker sees it (EN-4, EN-9): a token gives its own seat's view
and actions and nothing else; every byte a client receives is checked against its seat's
view; bad, big, hasty, stale or foreign messages are refused and change nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from starlette.websockets import WebSocketDisconnect
from tests.serve.served import client, state

from gamefold.games import get_game
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.serve import Host, Table
from gamefold.serve import web as web_module
from gamefold.serve.host import MAX_MESSAGE, Bucket
from gamefold.viewer import card_names, clock_items, panel, state_tree

GAMES = ["skirmish", "summit", "campaign"]


def _host(name: str, tmp_path: Path, humans: int = 2) -> Host:
    game = get_game(name)()
    seats = game.players(game.setup(3))[:humans]
    return Host(Table(game, 3, humans=seats, path=tmp_path / "g.json"))


def _records(value: Any) -> Iterator[Any]:
    """Every attrs record inside ``value`` (tuples, pyrsistent collections and dicts too)."""
    if attrs.has(type(value)):
        yield value
        for field in attrs.fields(type(value)):
            yield from _records(getattr(value, field.name))
    elif isinstance(value, dict) or hasattr(value, "items"):
        for key, item in value.items():
            yield from _records(key)
            yield from _records(item)
    elif isinstance(value, (tuple, list, frozenset, set)) or type(value).__name__ in (
        "PVector",
        "PSet",
    ):
        for item in value:
            yield from _records(item)


def _secrets(state: Game, seat: str) -> tuple[set[str], set[str]]:
    """What ``seat`` must never receive: the other players' cards in hand, as a page names
    them (``Strike #12``, ``Troops T1 (#37)``), and the digits of every RNG state."""
    names = card_names(_game_of(state), state)
    own = {
        card
        for record in _records(state)
        if getattr(record, "player", None) == seat
        and isinstance(getattr(record, "hand", None), tuple)
        for card in record.hand
    }
    cards = set()
    for record in _records(state):
        hand = getattr(record, "hand", None)
        player = getattr(record, "player", None)
        if isinstance(player, str) and player != seat and isinstance(hand, tuple):
            for card in hand:
                if type(card) is int and card not in own and card in names:
                    cards |= {f"{names[card]} #{card}", f"{names[card]} (#{card})"}
    rngs = {str(r.state) for r in _records(state) if isinstance(r, Rng)}
    rngs |= {hex(int(r)) for r in rngs}
    return cards, rngs


_GAME_OF: dict[type, str] = {}


def _game_of(state: Game) -> str:
    if not _GAME_OF:
        for name in GAMES:
            _GAME_OF[type(get_game(name)().setup(1))] = name
    return _GAME_OF[type(state)]


def _clean(host: Host, seat: str | None, received: str) -> None:
    """Nothing in ``received`` that ``seat``'s view does not show."""
    state = host.table.state
    viewer = host.spectator if seat is None else seat
    cards, rngs = _secrets(state, viewer)
    assert cards, "the test must have secrets to look for"
    for secret in cards:
        assert secret not in received, f"{seat} received {secret!r}"
    for digits in rngs:
        assert digits not in received, f"{seat} received an RNG state"
    assert '"rng"' not in received
    assert not re.search(r"0x[0-9a-f]{12,}", received)
    for other in host.tokens.values():
        if other != host.tokens[seat]:
            assert other not in received, "another seat's token"


def _as_view(host: Host, seat: str | None, data: dict[str, Any]) -> None:
    """A snapshot's panels and clock are exactly those of ``seat``'s view."""
    game = host.table.game
    view = game.rules.view(host.table.state, host.spectator if seat is None else seat)
    tree = state_tree(view)
    names = card_names(game.name, host.table.state)
    assert data["panels"] == json.loads(json.dumps(panel(game.name, tree, names)))
    assert data["clock"] == [[str(k), str(v)] for k, v in clock_items(game.name, tree)]


class _Unlimited(Bucket):
    """A rate limit that lets every message pass: for a test about what a seat receives,
    which must not depend on how fast the machine sends."""

    def take(self) -> bool:
        return True


@pytest.mark.parametrize("name", GAMES)
def test_en9_every_byte_a_seat_receives_is_its_own(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages, JSON and every websocket frame, step after step, for each human seat and the
    spectator: no other seat's hand, no RNG, no other token; panels as the seat's view.
    Its dozen quick moves would outrun a socket's rate limit on a fast machine, so the
    limit is lifted here (the limit's own test is below)."""
    monkeypatch.setattr(web_module, "Bucket", _Unlimited)
    host = _host(name, tmp_path)
    table = host.table
    seats: list[str | None] = [*table.humans, None]
    with client(host) as web:
        for seat in seats:
            _clean(host, seat, web.get(f"/t/{host.tokens[seat]}").text)
        sockets = {seat: web.websocket_connect(f"/t/{host.tokens[seat]}/ws") for seat in seats}
        opened = {seat: ws.__enter__() for seat, ws in sockets.items()}
        try:
            for seat, ws in opened.items():
                first = ws.receive_text()
                _clean(host, seat, first)
                _as_view(host, seat, json.loads(first))
            for _ in range(12):
                due = table.due
                if due is None:
                    break
                step = table.steps
                opened[due].send_text(json.dumps({"step": step, "choice": 1}))
                reply = opened[due].receive_text()
                assert json.loads(reply)["type"] == "done"
                _clean(host, due, reply)
                for seat, ws in opened.items():  # everyone is told, each its own view
                    frame = ws.receive_text()
                    _clean(host, seat, frame)
                    _as_view(host, seat, json.loads(frame))
                for seat in seats:
                    _clean(host, seat, web.get(f"/t/{host.tokens[seat]}/state").text)
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)


BAD_TOKENS = ["", "x", "nope", "A" * 32, "../state", "%00"]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_no_token_or_a_wrong_one_is_403(token: str, tmp_path: Path) -> None:
    """Every route, with no token or a wrong one (a real one cut short too): 403, no data."""
    host = _host("skirmish", tmp_path)
    real = host.tokens[host.table.humans[0]]
    with client(host) as web:
        for bad in (token, real[:-1], real + "x", real.upper()):
            for path in (f"/t/{bad}", f"/t/{bad}/state", f"/t/{bad}/record"):
                answer = web.get(path)
                assert answer.status_code in (403, 404), path
                assert "hand" not in answer.text.lower()
            assert web.post(f"/t/{bad}/act", content=b'{"step":0,"choice":1}').status_code in (
                403,
                404,
                405,
            )
            with pytest.raises(WebSocketDisconnect), web.websocket_connect(f"/t/{bad}/ws") as ws:
                ws.receive_text()
        assert web.get("/").status_code == 403


def test_a_wrong_token_socket_is_denied_with_403(tmp_path: Path) -> None:
    """A socket opened with a wrong token is refused before it is accepted: HTTP 403."""
    host = _host("skirmish", tmp_path)
    with (
        client(host) as web,
        pytest.raises(WebSocketDisconnect) as denied,
        web.websocket_connect("/t/wrong/ws"),
    ):
        pass
    assert getattr(denied.value, "status_code", None) == 403


def _unchanged(host: Host) -> tuple[Any, ...]:
    path = host.table.path
    assert path is not None
    return host.table.state, host.table.steps, path.read_bytes()


def test_en4_an_action_for_another_seat_is_refused(tmp_path: Path) -> None:
    """A seat whose choice is not due, the spectator, and a seat posting with its own token
    a choice of another's turn: refused, nothing changed."""
    host = _host("summit", tmp_path)
    table = host.table
    due = table.due
    other = next(seat for seat in table.humans if seat != due)
    before = _unchanged(host)
    message = json.dumps({"step": table.steps, "choice": 1})
    with client(host) as web:
        for seat, code in ((other, "table/not-your-turn"), (None, "table/spectator")):
            answer = web.post(f"/t/{host.tokens[seat]}/act", content=message)
            assert answer.status_code == 409
            assert answer.json()["code"] == code
        with web.websocket_connect(f"/t/{host.tokens[other]}/ws") as ws:
            ws.receive_json()
            ws.send_text(message)
            assert ws.receive_json()["code"] == "table/not-your-turn"
    assert _unchanged(host) == before


MALFORMED = [
    b"",
    b"1",
    b"not json",
    b"[1, 2]",
    b'{"step": 0}',
    b'{"choice": 1}',
    b'{"step": "0", "choice": 1}',
    b'{"step": 0, "choice": 1.0}',
    b'{"step": 0, "choice": -1}',
    b'{"step": 0, "choice": true}',
    b'{"step": 0, "choice": 99999999999999999999}',
    b'{"step": 0, "choice": 1, "action": {"type": "EndTurn"}}',
    b'{"step": 0, "choice": 0}',
    b'{"step": 0, "choice": 100000}',
    b"\xff\xfe\x00",
    b'{"step": 0, "choice": 1}' + b" " * (MAX_MESSAGE + 1),
    b"[" * 100_000,
]


@pytest.mark.parametrize("body", MALFORMED, ids=range(len(MALFORMED)))
def test_en4_a_malformed_message_is_refused_cleanly(body: bytes, tmp_path: Path) -> None:
    """Over HTTP and the socket: a clean refusal with a code, the game as it was."""
    host = _host("skirmish", tmp_path)
    seat = host.table.due
    assert seat is not None
    step = str(host.table.steps).encode()
    body = body.replace(b'"step": 0', b'"step": ' + step)
    before = _unchanged(host)
    with client(host) as web:
        answer = web.post(f"/t/{host.tokens[seat]}/act", content=body)
        assert answer.status_code == 409
        assert answer.json()["type"] == "refused"
        with web.websocket_connect(f"/t/{host.tokens[seat]}/ws") as ws:
            ws.receive_json()
            ws.send_bytes(body) if body[:1] == b"\xff" else ws.send_text(body.decode())
            reply = ws.receive_json()
            assert reply["type"] == "refused", reply
            assert reply["code"].startswith("table/")
    assert _unchanged(host) == before


def test_a_flood_is_refused_then_closed_and_changes_nothing(tmp_path: Path) -> None:
    """A socket sending far faster than a person clicks: refused as too fast, then closed."""
    host = _host("skirmish", tmp_path)
    seat = host.table.due
    assert seat is not None
    stale = json.dumps({"step": host.table.steps + 1, "choice": 1})
    before = _unchanged(host)
    codes: list[str] = []
    with client(host) as web, web.websocket_connect(f"/t/{host.tokens[seat]}/ws") as ws:
        ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:  # noqa: PT012 (a flood is a loop)
            for _ in range(200):
                ws.send_text(stale)
                codes.append(ws.receive_json()["code"])
    assert closed.value.code == 1008
    assert "table/too-fast" in codes
    assert set(codes) <= {"table/stale", "table/too-fast"}
    assert _unchanged(host) == before


def test_two_clients_on_one_seat_see_one_state_and_act_once(tmp_path: Path) -> None:
    """The same seat open twice: the same snapshot; both click choice 1 of the same step;
    the first is applied, the second refused as stale: never applied twice."""
    host = _host("skirmish", tmp_path, humans=1)
    table = host.table
    seat = table.humans[0]
    with (
        client(host) as web,
        web.websocket_connect(f"/t/{host.tokens[seat]}/ws") as one,
        web.websocket_connect(f"/t/{host.tokens[seat]}/ws") as two,
    ):
        first, second = one.receive_json(), two.receive_json()
        assert first == second
        message = json.dumps({"step": first["step"], "choice": 1})
        one.send_text(message)
        assert one.receive_json()["type"] == "done"
        steps = table.steps
        two.receive_json()  # told of the step the other client took
        two.send_text(message)
        assert two.receive_json()["code"] == "table/stale"
        assert table.steps == steps
        assert state(web, host, seat)["step"] == steps


def test_a_token_is_unguessable_and_each_seat_has_its_own(tmp_path: Path) -> None:
    """A token a human seat and one for the spectator, each of 32 URL-safe characters."""
    host = _host("summit", tmp_path)
    tokens = list(host.tokens.values())
    assert len(set(tokens)) == len(tokens) == len(host.table.humans) + 1
    assert all(len(token) >= 32 for token in tokens)
    assert host.seat_of(tokens[0]) == (True, host.table.humans[0])
    assert host.seat_of(tokens[0][:-1]) == (False, None)


def test_the_spectator_views_as_no_seat(tmp_path: Path) -> None:
    """The spectator's view hides every hand: it is the view of a viewer holding no seat."""
    host = _host("skirmish", tmp_path)
    with client(host) as web:
        data = state(web, host, None)
    assert data["seat"] is None
    assert data["choices"] == []
    hands = next(s for s in data["panels"] if s["title"] == "Hands")
    assert all(str(row[1]).startswith("hidden") for row in hands["rows"])


def test_a_flood_of_posts_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """Posting far faster than any script needs: 429, too fast, the game as it was."""
    host = _host("skirmish", tmp_path)
    seat = host.table.due
    assert seat is not None
    stale = json.dumps({"step": host.table.steps + 1, "choice": 1})
    before = _unchanged(host)
    with client(host) as web:
        answers = [web.post(f"/t/{host.tokens[seat]}/act", content=stale) for _ in range(300)]
    assert {a.status_code for a in answers} <= {409, 429}
    assert any(a.json()["code"] == "table/too-fast" for a in answers)
    assert _unchanged(host) == before
