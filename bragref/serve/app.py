"""The live view's web application (Starlette): the page, the table's object, and its Server-Sent Events, all under
one base path (`/`, or a secret path when the view is served beyond this machine); with a `referee` token, the
referee's page as well, under `/r/TOKEN/`, whose one write is `POST /r/TOKEN/act` (`referee.Referee`). Every other
route answers GET alone; a request whose `Host` names anything but this server is refused (400), so no page
elsewhere can read the table through a name of its own (DNS rebinding)."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import io
import secrets
import threading
from importlib import resources

import bragref.structs as structs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from bragref.serve.referee import MAX_BODY, Referee
from bragref.serve.seats import Seats
from bragref.serve.watch import Watcher, pay_picture
from bragref.serve.where import host_of

STATIC = {"": ("page.html", "text/html; charset=utf-8"), "page.css": ("page.css", "text/css; charset=utf-8"),
          "page.js": ("page.js", "text/javascript; charset=utf-8"), "chart.js": ("chart.js", "text/javascript"),
          "transport.js": ("transport.js", "text/javascript; charset=utf-8"),
          "table.js": ("table.js", "text/javascript; charset=utf-8"),
          "season.css": ("season.css", "text/css; charset=utf-8"),
          "season.js": ("season.js", "text/javascript; charset=utf-8"),
          "season-page.js": ("season-page.js", "text/javascript; charset=utf-8"),
          "icon.svg": ("icon.svg", "image/svg+xml")}  # and "season": `season_page`; the icon is the phone's own (every
# page names it: else a browser asks for /favicon.ico, which is not served)
REFEREE = {**STATIC, "referee.js": ("referee.js", "text/javascript; charset=utf-8"),
           "pay.js": ("pay.js", "text/javascript; charset=utf-8"),
           "witness.js": ("witness.js", "text/javascript; charset=utf-8"),
           "referee-page.js": ("referee-page.js", "text/javascript; charset=utf-8")}  # and "": `referee_page`
BUNDLES = {  # each page's one script: its files, in the order they run (the players' page's, then the referee's)
    "table.js": ("transport.js", "chart.js", "page.js"),
    "referee-page.js": ("transport.js", "chart.js", "page.js", "referee.js", "pay.js", "witness.js"),
    "season-page.js": ("transport.js", "season.js")}  # the season page's: it follows the pages' one stream
HEADERS = {  # the page's own files only, no framing, no sniffing: whatever the ledger holds stays text
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}
ZIPPED = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
SEASON_HEADERS = {  # the season page's range is a form sent to the page itself (GET): it writes nothing
    "Content-Security-Policy": HEADERS["Content-Security-Policy"].replace("form-action 'none'", "form-action 'self'")}
SEASON_KEPT = 16  # the season pages kept drawn for the ledger's newest state: one per range asked for


def make_app(path: str, session: str | None = None, base: str = "/", every: float = 0.2,
             hosts: tuple[frozenset[str], int] | None = None, watcher: Watcher | None = None,
             referee: str | None = None, seats: Seats | None = None, kept: tuple[bool, bool] = (False, False),
             replica: str | None = None, phone: bool = False):
    """The application for the ledger at `path`, served under `base` (which starts and ends with `/`); `hosts`: the
    names a request's `Host` may give and the port it is served on (`where.host_names`), where it is checked;
    `referee`: the secret token of the referee's page, which alone writes (none: nothing writes); `seats`: each
    seated player's own page, under `/s/SEAT/`, whose requests the referee answers; `kept`: whether the players'
    page's address, and the referee's and the seats', outlive the server (the same at its next start), which each
    page is told (`outlived`), to say to the room what is true when the server stops; `replica`: the ledger's
    replica, where not the folder `litestream-config` names, whose state the referee's page shows
    (`Watcher.watch_backup`); `phone`: the referee in the phone served at `/app/` too (built at its first request,
    `phone.build.built`), its QR code on the referee's page."""
    watcher = watcher or Watcher(path, session, every, seats)
    read = resources.files("bragref.serve").joinpath
    files = {file: read("phone" if file == "icon.svg" else ".", "static", file).read_bytes()  # the phone's icon
             for file, _ in REFEREE.values() if file not in BUNDLES}
    files.update(bundled(files))
    files["referee"] = outlived(referee_page(files["page.html"], read("static", "referee.html").read_bytes()),
                                kept[1])
    files["seat"] = files["referee"]  # a seat's page: the referee's page without the referee in the phone
    if phone:
        files["referee"] = files["referee"].replace(b'<div id="forms"></div>', b'<div id="forms"></div>\n' + PHONE, 1)
    files["page.html"] = outlived(files["page.html"], kept[0])
    for file in ("page.html", "referee", "seat"):  # each sent with its first table in it (`with_table`)
        files[file] = files[file].replace(PRELOAD, b"", 1)
    zipped = {file: gzip.compress(body, 9, mtime=0) for file, body in files.items()}  # once, at the start

    def sent(request: Request, file: str, kind: str) -> Response:
        """One of the page's files, gzipped where the browser takes it (every browser does: a third of the
        weight on a phone's slow link)."""
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            return Response(zipped[file], media_type=kind, headers={**HEADERS, **ZIPPED})
        return Response(files[file], media_type=kind, headers={**HEADERS, "Vary": "Accept-Encoding"})

    def sent_page(request: Request, file: str, view: str) -> Response:
        """A page with its first table in it (`with_table`), gzipped where the browser takes it."""
        body = with_table(files[file], watcher.views[view])
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            return Response(gzip.compress(body, 6), media_type=STATIC[""][1], headers={**HEADERS, **ZIPPED})
        return Response(body, media_type=STATIC[""][1], headers={**HEADERS, "Vary": "Accept-Encoding"})

    async def static(request: Request) -> Response:
        file, kind = STATIC[request.url.path[len(base):]]
        return sent_page(request, file, "players") if file == "page.html" else sent(request, file, kind)

    async def status(request: Request, view: str = "players") -> Response:
        if "gzip" in request.headers.get("accept-encoding", "").lower():  # a page's first table, fetched with its files
            return Response(gzip.compress(watcher.views[view], 6), media_type="application/json",
                            headers={**HEADERS, **ZIPPED})
        return Response(watcher.views[view], media_type="application/json", headers={**HEADERS, "Vary": "Accept-Encoding"})

    async def events(request: Request, view: str = "players") -> StreamingResponse:
        page = watcher.join(view)

        async def stream():
            try:
                yield b"retry: 1000\n\n" + frame(watcher.views[view])
                while now := await page.get():
                    yield frame(now)
                replaced = view.startswith("seat:") and seats is not None and seats.player_of(view[5:]) is None
                yield REPLACED if replaced else ENDED  # the server is stopping, or this seat was issued anew
            finally:
                watcher.leave(page)

        return StreamingResponse(stream(), media_type="text/event-stream", headers={**HEADERS, "X-Accel-Buffering": "no"})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        watcher.look()  # the first page is answered at once
        following = asyncio.create_task(watcher.follow())
        backing = asyncio.create_task(watcher.watch_backup(replica)) if referee else None
        try:
            yield
        finally:
            following.cancel()
            if backing is not None:
                backing.cancel()

    writer = Referee(path, session, seats) if referee else None
    season_kept: dict = {"digest": None, "pages": {}}  # the season pages of the ledger's newest state (its digest):
    # each range asked for, the page and the page gzipped
    season_lock = threading.Lock()

    def season_made(first: str | None, last: str | None) -> dict:
        """The season page (`serve.season`) of the nights from `first` to `last`, of the ledger as it is now, drawn
        once per state of the ledger (its digest) and range: read in a thread of its own, on a read-only connection
        of its own. The last `SEASON_KEPT` ranges asked for are kept."""
        from bragref.serve.season import drawn, figures

        with season_lock:
            pages = season_kept["pages"]
            read = figures(path, session, season_kept["digest"] if (first, last) in pages else None, first, last)
            digest = read["digest"] if read else ""
            if season_kept["digest"] != digest:
                season_kept["digest"], pages = digest, {}
                season_kept["pages"] = pages
            if (first, last) not in pages:
                body = drawn(read, first, last).encode()
                while len(pages) >= SEASON_KEPT:
                    pages.pop(next(iter(pages)))
                pages[first, last] = {"body": body, "zipped": gzip.compress(body, 6, mtime=0)}
            return pages[first, last]

    async def season_page(request: Request) -> Response:
        """`…/season`: what `bragref stats` reports, as pictures, on every page's address (linked from the night);
        `?from=YYYY-MM-DD&to=YYYY-MM-DD`, the nights `stats --from --to` takes (a date that is not one: 400, said on
        the page with the form that chooses them)."""
        from bragref.engine.errors import BadInput
        from bragref.serve.season import day, refused, unreadable

        if request.method not in ("GET", "HEAD"):
            return PlainTextResponse("Method not allowed.", 405, headers={**HEADERS, "Allow": "GET"})
        kind, headers = "text/html; charset=utf-8", {**HEADERS, **SEASON_HEADERS}
        asked = request.query_params.get("from"), request.query_params.get("to")
        try:
            first, last = day(asked[0], "from"), day(asked[1], "to")
        except BadInput as error:
            return Response(refused(str(error), *asked), 400, media_type=kind, headers=headers)
        try:
            made = await run_in_threadpool(season_made, first, last)
        except Exception as error:  # noqa: BLE001 - a ledger that cannot be read now: said, as every page says it
            return Response(unreadable(error), 503, media_type=kind, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            return Response(made["zipped"], media_type=kind, headers={**headers, **ZIPPED})
        return Response(made["body"], media_type=kind, headers={**headers, "Vary": "Accept-Encoding"})

    async def page(request: Request, rest: str, view: str, writes: dict) -> Response:
        """What a writing page's own paths answer: its writes (`writes`: each path's handler, by POST alone), its
        table (`view`), its events, and the page's files; anything else 404."""
        if rest in writes:
            if request.method != "POST":
                return PlainTextResponse("Only POST writes here.", 405, headers={**HEADERS, "Allow": "POST"})
            return await writes[rest](request)
        if rest == "season":
            return await season_page(request)
        if rest == "app.svg" and view == "referee" and phone:
            return app_code(request)
        coded = rest == "qr.svg" and view == "referee" and seats is not None
        if rest == "pay.svg" and request.method in ("GET", "HEAD"):
            return pay_code(request, view)
        if rest not in REFEREE and rest not in ("status.json", "events") and not coded:
            return not_served()
        if request.method not in ("GET", "HEAD"):
            return PlainTextResponse("Method not allowed.", 405, headers={**HEADERS, "Allow": "GET"})
        if rest == "status.json":
            return await status(request, view)
        if rest == "events":
            return await events(request, view)
        if coded:
            return seat_code(request)
        file, kind = REFEREE[rest]
        if rest == "":
            return sent_page(request, "referee" if view == "referee" else "seat", view)
        return sent(request, file, kind)

    async def refereeing(request: Request) -> Response:
        """Everything under `/r/TOKEN/`: a wrong token is a path not served (404), found in constant time."""
        if not secrets.compare_digest(request.path_params["token"].encode(), referee.encode()):
            return not_served()
        writes = {"act": lambda request: write(request, writer.act),
                  **({"answer": lambda request: write(request, writer.answer),
                      "seats": reissue} if seats is not None else {})}
        return await page(request, request.path_params["rest"], "referee", writes)

    async def seated(request: Request) -> Response:
        """Everything under `/s/SEAT/`: a seat no player holds (never issued, or issued anew since) is a path not
        served (404)."""
        player = seats.player_of(request.path_params["seat"])
        if player is None:
            return not_served()
        ask = lambda request: write(request, lambda body: writer.ask(player, body))  # noqa: E731
        return await page(request, request.path_params["rest"], f"seat:{request.path_params['seat']}", {"ask": ask})

    async def write(request: Request, made) -> Response:
        """One write made by `made(body)`, or why not (docs/reference.md, The referee's page): from this page's own
        origin only (403), at most `MAX_BODY` bytes however sent (413); then every page is told at once."""
        body = await admitted(request)
        if isinstance(body, Response):
            return body
        code, answer = await run_in_threadpool(made, body)
        if code in (200, 409) and watcher.look():
            watcher.tell()  # every page shows it now, not at the next look
        elif seats is not None:
            watcher.refresh()  # a request asked, refused or dropped: the referee's page and the seat's show it
        return JSONResponse(answer, code, headers=HEADERS)

    async def reissue(request: Request) -> Response:
        """`POST /r/TOKEN/seats {"player": NAME}`: a new seat for a player (a lost phone); the old path is not served
        from then on, and a page still open there says it has ended. Its doors are every write's (`admitted`)."""
        body = await admitted(request)
        if isinstance(body, Response):
            return body
        try:
            named = structs.decode(body or b"", type=Seated).player
        except (structs.DecodeError, structs.ValidationError) as error:
            return JSONResponse({"error": f'the body is JSON {{"player": "…"}}: {error}'}, 400, headers=HEADERS)
        player = next((p for p in seats.tokens if p.casefold() == named.casefold()), None)
        if player is None:
            return JSONResponse({"error": f"{named!r} has no seat here"}, 404, headers=HEADERS)
        old = seats.tokens[player]
        seats.issue(player)
        watcher.refresh()
        watcher.end(f"seat:{old}")
        return JSONResponse({"player": player, "path": seats.paths([player])[player]}, headers=HEADERS)

    def seat_code(request: Request) -> Response:
        """The QR code of a player's seat (`?player=NAME`), for their phone to scan: the address the referee's page
        was opened at, with the seat's path."""
        player = next((p for p in seats.tokens if p.casefold() == request.query_params.get("player", "").casefold()),
                      None)
        if player is None:
            return not_served()
        import segno

        address = f"{request.url.scheme}://{request.headers.get('host', '')}{seats.paths([player])[player]}"
        image = io.BytesIO()
        segno.make(address, error="l").save(image, kind="svg", scale=6, title=f"{player}'s seat")
        return Response(image.getvalue(), media_type="image/svg+xml", headers=HEADERS)

    def pay_code(request: Request, view: str) -> Response:
        """The QR code of the link that pays one payment the page shows (`?from=NAME&to=NAME`): the referee's page
        every payment's, a seat's page its own player's (`watch.pay_rows`); anything else 404."""
        picture = pay_picture(watcher.views.get(view, b"{}"), request.query_params.get("from", ""),
                              request.query_params.get("to", ""))
        if picture is None:
            return not_served()
        return Response(picture, media_type="image/svg+xml", headers=HEADERS)

    def app_code(request: Request) -> Response:
        """The QR code of the referee in the phone (`/app/`), at the address the referee's page was opened at."""
        import segno

        image = io.BytesIO()
        segno.make(f"{request.url.scheme}://{request.headers.get('host', '')}/app/", error="l").save(
            image, kind="svg", scale=6, title="this referee on your phone")
        return Response(image.getvalue(), media_type="image/svg+xml", headers=HEADERS)

    built: list = []  # the application's folder, once built (or why it could not be)

    async def application(request: Request) -> Response:
        """`/app/…`: the referee in the phone's files (docs/app.md), built into the cache folder at the first
        request; a path it does not hold is 404."""
        from bragref.serve.phone.build import built as build

        if not built:
            built.append(await run_in_threadpool(build))
        folder = built[0]
        if isinstance(folder, str):
            return PlainTextResponse(folder, 503, headers=HEADERS)
        rest = request.path_params["rest"] or "index.html"
        file = (folder / rest).resolve()
        if folder not in file.parents or not file.is_file():
            return not_served()
        kind = APP_TYPES.get(file.suffix, "application/octet-stream")
        return Response(file.read_bytes(), media_type=kind, headers={**HEADERS, **APP_HEADERS})

    routes = [Route(base + name, static, methods=["GET"]) for name in STATIC]
    if phone:
        routes.append(Route("/app/{rest:path}", application, methods=["GET"]))
    routes += [Route(base + "status.json", status, methods=["GET"]), Route(base + "events", events, methods=["GET"]),
               Route(base + "season", season_page, methods=["GET"])]
    every_method = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    if referee:
        routes.append(Route("/r/{token}/{rest:path}", refereeing, methods=every_method))
    if seats is not None:
        routes.append(Route("/s/{seat}/{rest:path}", seated, methods=every_method))
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: not_found, 405: not_allowed, 500: server_error})
    return app if hosts is None else HostCheck(app, *hosts)


PHONE = (b'<details id="phone-app"><summary>this referee on your phone</summary><img src="app.svg" loading="lazy" '
         b'alt="this referee on your phone: the address of /app/ on this server"><p>Scanned, the phone runs the '
         b'referee itself, with its own ledger, no laptop needed. Over plain http from another '
         b'machine it keeps no offline copy: put it on an https host for that.</p></details>')
APP_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
             ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".json": "application/json",
             ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".wasm": "application/wasm",
             ".zip": "application/zip", ".whl": "application/zip"}
APP_HEADERS = {  # the application runs WebAssembly and a worker of its own files; its service worker keeps them
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
                               "img-src 'self' blob: data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "Cache-Control": "no-cache"}


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


class Seated(structs.Struct, forbid_unknown_fields=True):
    """The body of a seat's re-issue: whose."""

    player: str


PRELOAD = b'<link rel="preload" href="status.json" as="fetch" crossorigin="anonymous">\n'  # the page's first table,
# fetched with its files where the page does not carry it (the referee in the phone)


def with_table(page: bytes, table: bytes) -> bytes:
    """The page with its first table (`table`, the object its stream sends) in it, as data: a `<script
    type="application/json">` is never run, and each `<` in it is written `\\u003c`, so nothing the ledger holds
    ends the element or opens another. On a slow phone the table is drawn as soon as the page's script has run, with
    no request of its own (docs/benchmarks.md)."""
    if page.count(b"</body>") != 1:
        raise AssertionError("the page has lost its </body>")
    return page.replace(b"</body>", b'<script type="application/json" id="first-table">'
                        + table.replace(b"<", b"\\u003c") + b"</script>\n</body>")


def bundled(files: dict[str, bytes]) -> dict[str, bytes]:
    """Each page's one script (`BUNDLES`), from the files as written: one request and one compile on a slow phone
    where there were six, its first table drawn sooner. The files run as they did as separate scripts: each is
    strict (the first's `"use strict"` opens the whole), and they shared one global scope already. Each line that
    is a comment alone is left out: the prose a reader of the source needs is a tenth of what a slow phone would
    download (no such line is inside a template literal, where it would be text: tests/test_page_79.py)."""
    return {name: b"\n".join(line for part in parts for line in files[part].split(b"\n")
                             if not line.lstrip().startswith(b"//"))
            for name, parts in BUNDLES.items()
            if all(part in files for part in parts)}  # the referee in the phone has no season page: no season.js


def referee_page(page: bytes, controls: bytes) -> bytes:
    """The referee's page: the players' page (one page, not two copies of it) with the referee's script and controls
    (`static/referee.html`: the script's line, then the controls) where it marks them; the referee's script (its
    page's one, `BUNDLES`) carries the players' page's, whose own line goes."""
    own = b'<script src="table.js" defer></script>\n'
    if own not in page:
        raise AssertionError(f"the page has lost its script {own!r}")
    page = page.replace(own, b"", 1)
    script, _, section = controls.partition(b"\n")
    for marker, part in ((b"<!-- the referee's script -->", script), (b"<!-- the referee's controls -->",
                                                                        section.rstrip(b"\n").lstrip())):
        if marker not in page:
            raise AssertionError(f"the page has lost its mark {marker!r}")
        page = page.replace(marker, part)
    return page


async def server_error(request: Request, error) -> Response:
    """A bug while answering: said plainly, with every response's headers (the bug itself goes to the server's log)."""
    return PlainTextResponse("Internal Server Error", 500, headers=HEADERS)


def not_served() -> Response:
    return PlainTextResponse("Not Found", 404, headers=HEADERS)


async def not_found(request: Request, error) -> Response:
    """A path not served, with every response's headers (docs/reference.md, The referee's page at a real table)."""
    return not_served()


async def not_allowed(request: Request, error) -> Response:
    return PlainTextResponse("Method not allowed.", 405, headers={**HEADERS, **(getattr(error, "headers", None) or {})})


async def admitted(request: Request) -> bytes | Response:
    """A write's body, or why it is not taken: from another site's page (an `Origin` other than the scheme, host and
    port the request was sent to, 403), or over `MAX_BODY` bytes however sent (413). Every write passes these doors:
    `act`, `answer`, a seat's `ask` and the re-issue of a seat."""
    origin = request.headers.get("origin")
    if origin is not None and origin.lower() != f"{request.url.scheme}://{request.headers.get('host', '')}".lower():
        return JSONResponse({"error": "a write from another site's page is refused"}, 403, headers=HEADERS)
    body = await bounded(request)
    if body is None:
        return JSONResponse({"error": f"the body is over {MAX_BODY} bytes: an answer is a line"}, 413, headers=HEADERS)
    return body


async def bounded(request: Request) -> bytes | None:
    """The request's body, or None where it is over `MAX_BODY` bytes: said by its length, or found reading it
    (chunked, or a length that lies), never read past the limit."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return body


def frame(data: bytes) -> bytes:
    """One Server-Sent Event carrying the table's object (JSON holds no newline)."""
    return b"event: status\ndata: " + data + b"\n\n"


ENDED = b"event: ended\ndata: {}\n\n"  # the last event of a stream the server ends: it is stopping
REPLACED = b'event: ended\ndata: {"replaced":true}\n\n'  # a seat's stream, ended as the seat was issued anew


def outlived(page: bytes, kept: bool) -> bytes:
    """The page marked (`<body data-address="kept">`) where its address is the same at the server's next start: when
    the server stops, it then says it carries on by itself once the server is back, not that a new code must be
    scanned."""
    if not kept:
        return page
    if page.count(b"<body>") != 1:
        raise AssertionError("the page has lost its <body>")
    return page.replace(b"<body>", b'<body data-address="kept">')


def http_protocol():
    """The HTTP implementation served: uvicorn's pure-Python one (h11, whichever others are installed), its own
    answer to a request it cannot read (400: not HTTP, a malformed header line, a bad Content-Length, HTTP/1.1 without
    Host) sent with every response's headers (`HEADERS`), as the application's own are."""
    from uvicorn.protocols.http.h11_impl import H11Protocol, h11

    class Protocol(H11Protocol):
        def send_400_response(self, msg: str) -> None:
            headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"),
                       *((name.lower().encode(), value.encode()) for name, value in HEADERS.items())]
            for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                          h11.Data(data=msg.encode("ascii")), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event))
            self.transport.close()

    return Protocol


def run(path: str, session: str | None, sock, base: str, names: frozenset[str], referee: str | None = None,
        seats: str | None = None, reached: bool = True, kept=None, outlives: tuple[bool, bool] = (False, False),
        replica: str | None = None) -> None:
    """Serve on the listening socket `sock` until Ctrl-C (or SIGTERM): every page's stream is ended first, so the
    server stops at once and quietly. `referee`: the referee's page's token, if it is served; `seats`: how the seat
    pages' requests are taken (`seats.MODES`), where they are served, and whether a phone can `reach` them; `kept`:
    the addresses kept beside the ledger (`address.Kept`), where they are; `outlives`: whose address the next start
    serves again (`make_app`'s `kept`)."""
    import uvicorn

    seating = Seats(seats, reached, kept) if seats else None
    watcher = Watcher(path, session, seats=seating)
    app = make_app(path, session, base, hosts=(names, sock.getsockname()[1]), watcher=watcher, referee=referee,
                   seats=seating, kept=outlives, replica=replica,
                   phone=referee is not None)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            super().handle_exit(sig, frame)
            if loop is not None:
                loop.call_soon_threadsafe(watcher.stop)

    loop = None
    server = Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1, lifespan="on",
                                   http=http_protocol()))

    async def serving():
        nonlocal loop
        loop = asyncio.get_running_loop()
        await server.serve(sockets=[sock])

    with contextlib.suppress(KeyboardInterrupt):  # uvicorn raises the Ctrl-C it caught again once it has stopped
        asyncio.run(serving())
