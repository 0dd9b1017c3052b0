"""The live view's web application (Starlette): the page, the table's object, and its Server-Sent Events, all under
one base path (`/`, or a secret path when the view is served beyond this machine). Every route answers GET alone,
and none writes; a request whose `Host` names anything but this server is refused (400), so no page elsewhere can
read the table through a name of its own (DNS rebinding)."""

from __future__ import annotations

import asyncio
import contextlib
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from bragref.serve.watch import Watcher
from bragref.serve.where import host_of

STATIC = {"": ("page.html", "text/html; charset=utf-8"), "page.css": ("page.css", "text/css; charset=utf-8"),
          "page.js": ("page.js", "text/javascript; charset=utf-8")}
HEADERS = {  # the page's own files only, no framing, no sniffing: whatever the ledger holds stays text
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def make_app(path: str, session: str | None = None, base: str = "/", every: float = 0.2,
             hosts: tuple[frozenset[str], int] | None = None, watcher: Watcher | None = None):
    """The application for the ledger at `path`, served under `base` (which starts and ends with `/`); `hosts`: the
    names a request's `Host` may give and the port it is served on (`where.host_names`), where it is checked."""
    watcher = watcher or Watcher(path, session, every)
    files = {name: (resources.files("bragref.serve").joinpath("static", file).read_bytes(), kind)
             for name, (file, kind) in STATIC.items()}

    async def static(request: Request) -> Response:
        body, kind = files[request.url.path[len(base):]]
        return Response(body, media_type=kind, headers=HEADERS)

    async def status(request: Request) -> Response:
        return Response(watcher.now, media_type="application/json", headers=HEADERS)

    async def events(request: Request) -> StreamingResponse:
        page = watcher.join()

        async def stream():
            try:
                yield b"retry: 1000\n\n" + frame(watcher.now)
                while now := await page.get():  # empty: the server is stopping
                    yield frame(now)
            finally:
                watcher.leave(page)

        return StreamingResponse(stream(), media_type="text/event-stream", headers={**HEADERS, "X-Accel-Buffering": "no"})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        watcher.look()  # the first page is answered at once
        following = asyncio.create_task(watcher.follow())
        try:
            yield
        finally:
            following.cancel()

    routes = [Route(base + name, static, methods=["GET"]) for name in STATIC]
    routes += [Route(base + "status.json", status, methods=["GET"]), Route(base + "events", events, methods=["GET"])]
    app = Starlette(routes=routes, lifespan=lifespan)
    return app if hosts is None else HostCheck(app, *hosts)


class HostCheck:
    """An ASGI application that answers only requests whose `Host` is one of `names`, on `port` (400 otherwise)."""

    def __init__(self, app, names: frozenset[str], port: int):
        self.app, self.names, self.port = app, names, port

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            header = next((value for name, value in scope["headers"] if name == b"host"), b"")
            host = host_of(header.decode("latin-1"))
            if host is None or host[0] not in self.names or (host[1] or 80) != self.port:
                refused = PlainTextResponse("This server answers only to its own address.", 400, headers=HEADERS)
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


def frame(data: bytes) -> bytes:
    """One Server-Sent Event carrying the table's object (JSON holds no newline)."""
    return b"event: status\ndata: " + data + b"\n\n"


def run(path: str, session: str | None, sock, base: str, names: frozenset[str]) -> None:
    """Serve on the listening socket `sock` until Ctrl-C (or SIGTERM): every page's stream is ended first, so the
    server stops at once and quietly."""
    import uvicorn

    watcher = Watcher(path, session)
    app = make_app(path, session, base, hosts=(names, sock.getsockname()[1]), watcher=watcher)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            super().handle_exit(sig, frame)
            if loop is not None:
                loop.call_soon_threadsafe(watcher.stop)

    loop = None
    server = Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1, lifespan="on"))

    async def serving():
        nonlocal loop
        loop = asyncio.get_running_loop()
        await server.serve(sockets=[sock])

    with contextlib.suppress(KeyboardInterrupt):  # uvicorn raises the Ctrl-C it caught again once it has stopped
        asyncio.run(serving())
