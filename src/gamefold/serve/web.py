"""The playtest table in a browser: a :class:`~gamefold.serve.Host` served over HTTP and
websockets (``gamefold serve``; Starlette and uvicorn, the ``serve`` extra).

Each seat's link, ``/t/TOKEN``, is a page that needs nothing else (script and style inline,
no build step): the seat's view as the viewer's panels, its choices as buttons with their
narration, and the news, updated live over the websocket ``/t/TOKEN/ws`` whenever anyone
acts. The same data is at ``/t/TOKEN/state`` (GET) and an action may be posted to
``/t/TOKEN/act``, for scripted clients. Once the game is over, ``/t/TOKEN/record`` is the
time-travel viewer of its record, whose rule links open the built docs served under
``/t/TOKEN/docs/`` (:data:`DOCS`, or ``docs=``). Any other token, or none, is answered 403.

A message is ``{"step": N, "choice": K}`` (:meth:`Host.message`); the answer is
``{"type": "done", "events": [...]}`` or ``{"type": "refused", "code", "message"}``, then
every open page receives its own seat's new snapshot. A socket sending faster than
:class:`~gamefold.serve.host.Bucket` allows is refused with ``table/too-fast`` and, if it
goes on, closed; posts beyond 50 a second are answered 429.
"""

from __future__ import annotations

import json
import socket
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamefold.errors import IllegalAction
from gamefold.serve.host import MAX_MESSAGE, Bucket, Host, Refused, refusal
from gamefold.sim.extras import require

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.websockets import WebSocket

__all__ = ["DOCS", "Served", "app", "bind", "page"]

DOCS = Path("docs/_build/html")
"""The built docs a served record's rule links open, by default: where the Sphinx build of a
clone puts them, from the directory the server runs in."""

_FEATURE = "gamefold serve"
_HEADERS = {
    # A seat's token is in its address: never hand it to another site, nor keep it.
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
}
_STRIKES = 20
"""Messages over the rate a socket may send before it is closed."""
_POSTS = (50.0, 100)
"""The rate and burst of actions posted over HTTP, a seat: room for a script, not a flood."""


def page(host: Host, seat: str | None) -> str:
    """The HTML page of ``seat`` (``None``: the spectator): no game data in it, which its
    script fetches over the websocket."""
    import html

    who = "spectator" if seat is None else seat
    title = html.escape(f"{host.table.game.name}: {who} (gamefold)")
    own = resources.files("gamefold.serve")
    return (
        own.joinpath("page.html")
        .read_text(encoding="utf-8")
        .replace("{{title}}", title)
        .replace("{{style}}", _style(own))
        .replace("{{script}}", own.joinpath("page.js").read_text(encoding="utf-8"))
    )


def _style(own: Any) -> str:
    """The viewer's style (its tables and clock), then the page's own."""
    viewer = resources.files("gamefold.viewer").joinpath("viewer.css").read_text("utf-8")
    return viewer + str(own.joinpath("page.css").read_text(encoding="utf-8"))


def app(host: Host, *, docs: Path = DOCS) -> Starlette:
    """The ASGI application serving ``host``'s pages, data and sockets, and the built docs
    in ``docs`` that its record's rule links open."""
    require("serve", "starlette", _FEATURE)
    from starlette.applications import Starlette
    from starlette.routing import Route, WebSocketRoute

    hub = _Hub(host, docs)
    routes = [
        Route("/", _forbidden),
        Route("/t/{token}", hub.page),
        Route("/t/{token}/state", hub.state),
        Route("/t/{token}/act", hub.act, methods=["POST"]),
        Route("/t/{token}/record", hub.record),
        Route("/t/{token}/docs/{page:path}", hub.docs),
        WebSocketRoute("/t/{token}/ws", hub.socket),
    ]
    return Starlette(routes=routes)


async def _forbidden(request: Request) -> Response:
    from starlette.responses import PlainTextResponse

    return PlainTextResponse("403: open your seat's link", 403, headers=_HEADERS)


class _Hub:
    """The routes of one host, and the sockets open on it (each with its seat)."""

    def __init__(self, host: Host, docs: Path) -> None:
        self.host = host
        self.docs_root = docs
        self.sockets: dict[WebSocket, str | None] = {}
        self.posts: dict[str | None, Bucket] = {}

    def _seat(self, token: str) -> tuple[bool, str | None]:
        return self.host.seat_of(token)

    async def page(self, request: Request) -> Response:
        from starlette.responses import HTMLResponse

        known, seat = self._seat(request.path_params["token"])
        if not known:
            return await _forbidden(request)
        return HTMLResponse(page(self.host, seat), headers=_HEADERS)

    async def state(self, request: Request) -> Response:
        from anyio.to_thread import run_sync
        from starlette.responses import JSONResponse

        known, seat = self._seat(request.path_params["token"])
        if not known:
            return await _forbidden(request)
        return JSONResponse(await run_sync(self.host.snapshot, seat), headers=_HEADERS)

    async def act(self, request: Request) -> Response:
        from starlette.responses import JSONResponse

        known, seat = self._seat(request.path_params["token"])
        if not known:
            return await _forbidden(request)
        bucket = self.posts.setdefault(seat, Bucket(*_POSTS))
        if not bucket.take():
            return JSONResponse(_too_fast(), 429, headers=_HEADERS)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_MESSAGE:
                break
        reply = await self._message(seat, body)
        if reply["type"] == "done":
            await self.broadcast()
        status = 200 if reply["type"] == "done" else 409
        return JSONResponse(reply, status, headers=_HEADERS)

    async def record(self, request: Request) -> Response:
        from anyio.to_thread import run_sync
        from starlette.responses import HTMLResponse, PlainTextResponse

        known, _ = self._seat(request.path_params["token"])
        if not known:
            return await _forbidden(request)
        if not self.host.table.is_over:
            # The record holds every secret (hands, the RNG): it is shown once they are moot.
            return PlainTextResponse("409: the record is shown once the game is over", 409)
        return HTMLResponse(await run_sync(self._viewer), headers=_HEADERS)

    def _viewer(self) -> str:
        from gamefold.viewer import to_html

        with self.host.lock:
            record = self.host.table.record
        # Relative to /t/TOKEN/record: the links stay under the seat's own token.
        return to_html(record, docs="docs/")

    async def docs(self, request: Request) -> Response:
        from starlette.responses import FileResponse, PlainTextResponse

        known, _ = self._seat(request.path_params["token"])
        if not known:
            return await _forbidden(request)
        root = self.docs_root.resolve()
        found = (root / request.path_params["page"]).resolve()
        if found.is_relative_to(root) and found.is_file():
            return FileResponse(found, headers=_HEADERS)
        missing = f"404: no such page in the docs at {self.docs_root} (build them with Sphinx)"
        return PlainTextResponse(missing, 404, headers=_HEADERS)

    async def socket(self, websocket: WebSocket) -> None:
        from starlette.responses import PlainTextResponse
        from starlette.websockets import WebSocketDisconnect

        known, seat = self._seat(websocket.path_params["token"])
        if not known:
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                await websocket.send_denial_response(PlainTextResponse("403", 403))
            else:
                await websocket.close(1008)
            return
        await websocket.accept()
        self.sockets[websocket] = seat
        try:
            await self._send(websocket, seat)
            await self._listen(websocket, seat)
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets.pop(websocket, None)

    async def _listen(self, websocket: WebSocket, seat: str | None) -> None:
        bucket, strikes = Bucket(), 0
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            data = message.get("text") or message.get("bytes") or b""
            if not bucket.take():
                strikes += 1
                if strikes > _STRIKES:
                    await websocket.close(1008, "too many messages")
                    return
                await websocket.send_text(json.dumps(_too_fast()))
                continue
            reply = await self._message(seat, data)
            await websocket.send_text(json.dumps(reply))
            if reply["type"] == "done":
                await self.broadcast()

    async def _message(self, seat: str | None, data: str | bytes) -> dict[str, Any]:
        """Apply one message off the event loop (bots may think): the reply to its sender.
        After a ``done``, the caller tells every page (:meth:`broadcast`)."""
        from anyio.to_thread import run_sync

        try:
            lines = await run_sync(self.host.message, seat, data)
        except (Refused, IllegalAction) as refused:
            return refusal(refused)
        return {"type": "done", "events": lines}

    async def broadcast(self) -> None:
        """Send every open page its own seat's snapshot."""
        for websocket, seat in list(self.sockets.items()):
            try:
                await self._send(websocket, seat)
            except Exception:  # a page gone meanwhile: forget it
                self.sockets.pop(websocket, None)

    async def _send(self, websocket: WebSocket, seat: str | None) -> None:
        from anyio.to_thread import run_sync

        await websocket.send_text(json.dumps(await run_sync(self.host.snapshot, seat)))


def _too_fast() -> dict[str, Any]:
    return Refused("table/too-fast", "too many messages; wait a moment").reply()


def bind(address: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A socket bound to ``address`` and ``port`` (``0``: any free one), to serve on; an
    :class:`OSError` (the port taken, the address unknown) leaves nothing open."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    made = socket.socket(family, socket.SOCK_STREAM)
    try:
        made.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        made.bind((address, port))
    except OSError:
        made.close()
        raise
    return made


class Served:
    """``host`` served by uvicorn at ``address`` (``127.0.0.1`` unless told) and ``port``
    (``0``: any free one), or on the socket ``sock`` (:func:`bind`), with the built docs in
    ``docs`` (:func:`app`); :attr:`base` is its address. :meth:`run` serves until Ctrl-C or
    :meth:`stop`."""

    def __init__(
        self,
        host: Host,
        address: str = "127.0.0.1",
        port: int = 0,
        *,
        sock: socket.socket | None = None,
        docs: Path = DOCS,
    ) -> None:
        uvicorn_ = require("serve", "uvicorn", _FEATURE)
        self.host = host
        self.socket = bind(address, port) if sock is None else sock
        address, bound = self.socket.getsockname()[:2]
        shown = f"[{address}]" if self.socket.family == socket.AF_INET6 else address
        self.base = f"http://{shown}:{bound}"
        # log_config=None: the server logs through the process's logging as it is set up,
        # rather than replacing it (which closes every handler the process already had).
        config = uvicorn_.Config(
            app(host, docs=docs),
            log_config=None,
            log_level="warning",
            lifespan="off",
            ws_max_size=4 * MAX_MESSAGE,
        )
        self.server: uvicorn.Server = uvicorn_.Server(config)

    def links(self) -> dict[str | None, str]:
        """Each seat's page (``None``: the spectator's)."""
        return self.host.links(self.base)

    def run(self) -> None:
        """Serve until stopped (Ctrl-C, or :meth:`stop` from another thread)."""
        try:
            self.server.run(sockets=[self.socket])
        finally:
            self.socket.close()

    def stop(self) -> None:
        """Ask the server to stop (it finishes the requests under way)."""
        self.server.should_exit = True
