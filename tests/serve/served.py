"""Scripted clients of a served table: what a browser or a script does over HTTP and
websockets, through Starlette's TestClient (no port, no network)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient

from gamefold.serve import Host, app


@contextmanager
def client(host: Host, **options: Any) -> Iterator[TestClient]:
    """A client of ``host``'s application (``options``: :func:`app`'s); it never follows
    redirects nor raises for a server error (the tests read every answer)."""
    served = app(host, **options)
    with TestClient(served, raise_server_exceptions=True, follow_redirects=False) as made:
        yield made


def state(web: TestClient, host: Host, seat: str | None) -> dict[str, Any]:
    """``seat``'s snapshot over HTTP."""
    answer = web.get(f"/t/{host.tokens[seat]}/state")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def act(web: TestClient, host: Host, seat: str, step: int, choice: int) -> dict[str, Any]:
    """Post ``seat``'s choice ``choice`` listed at ``step``; the reply."""
    body = json.dumps({"step": step, "choice": choice})
    data: dict[str, Any] = web.post(f"/t/{host.tokens[seat]}/act", content=body).json()
    return data


def play_out(web: TestClient, host: Host, *, limit: int = 5000) -> int:
    """Every human seat answers choice 1, over HTTP, until the game ends or stops; how many
    actions were sent (each one accepted)."""
    sent = 0
    while sent < limit:
        public = state(web, host, None)
        if public["due"] is None:
            return sent
        seat = public["due"]
        mine = state(web, host, seat)
        assert mine["choices"], mine
        reply = act(web, host, seat, mine["step"], 1)
        assert reply["type"] == "done", reply
        sent += 1
    raise AssertionError(f"the game did not end after {limit} actions")
