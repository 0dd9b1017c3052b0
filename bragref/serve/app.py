"""The live view's web application (Starlette): the page, the table's object, and its Server-Sent Events, all under
one base path (`/`, or a secret path when the view is served beyond this machine). Every route answers GET alone,
and none writes."""

from __future__ import annotations

import asyncio
import contextlib
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from bragref.serve.watch import Watcher

STATIC = {"": ("page.html", "text/html; charset=utf-8"), "page.css": ("page.css", "text/css; charset=utf-8"),
          "page.js": ("page.js", "text/javascript; charset=utf-8")}
HEADERS = {  # the page's own files only, no framing, no sniffing: whatever the ledger holds stays text
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def make_app(path: str, session: str | None = None, base: str = "/", every: float = 0.2) -> Starlette:
    """The application for the ledger at `path`, served under `base` (which starts and ends with `/`)."""
    watcher = Watcher(path, session, every)
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
                while True:
                    yield frame(await page.get())
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
    return Starlette(routes=routes, lifespan=lifespan)


def frame(data: bytes) -> bytes:
    """One Server-Sent Event carrying the table's object (JSON holds no newline)."""
    return b"event: status\ndata: " + data + b"\n\n"


def run(path: str, session: str | None, host: str, port: int, base: str) -> None:
    """Serve until Ctrl-C."""
    import uvicorn

    uvicorn.run(make_app(path, session, base), host=host, port=port, log_level="warning",
                timeout_graceful_shutdown=1)  # open pages hold their events open: they are cut, not waited for
