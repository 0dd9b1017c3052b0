"""`bragref app build DIR`: the referee in the phone as a static web application (docs/app.md). Everything it needs is
written into DIR, nothing is fetched by it at run time: the referee's page (serve's own files, one page), the Web
Worker that runs bragref beside it, a service worker caching every file, a web app manifest, the Pyodide runtime
(the npm registry's `pyodide`, its version and digest pinned here, fetched once and kept in the user's cache folder),
and bragref with the pure-Python distributions it needs, each zipped as a wheel from the distribution installed in
the Python that builds (no network for those: what runs the command line runs the phone)."""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import json
import os
import re
import shutil
import tarfile
import tempfile
import urllib.request
import zipfile
from importlib import resources
from pathlib import Path

from bragref.engine.errors import BadInput
from bragref.version import __version__

PYODIDE = "314.0.7"  # the npm package `pyodide` this bragref runs on (its Python is 3.14)
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE}.tgz"
PYODIDE_INTEGRITY = ("sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==")
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Not in the phone: msgspec (compiled; bragref's pure path stands in), Starlette and uvicorn (serving HTTP), installers,
# and the time zones' data python-dateutil asks for, which nothing bragref runs there reads (a third of the wheels'
# weight, and most of their files to unpack at each start)
NOT_IN_THE_PHONE = {"msgspec", "starlette", "uvicorn", "pip", "setuptools", "tzdata"}
PAGE = ("page.css", "page.js", "chart.js", "referee.js", "transport.js", "pay.js", "witness.js")  # serve's own files
SENT = ("page.css", "referee-page.js")  # as serve sends them: the style sheet and the referee's page's one script
OWN = ("app.js", "app.css", "worker.js", "icon.svg")  # the application's own files (`static/`)
SITE = "site.pack"  # the wheels unpacked and compiled for Pyodide's Python, as one gzipped file (`compiled`)
MARK = "bragref-app.json"  # what says a folder holds an application this command built: it may be built over


def build(folder: str, force: bool = False, say=lambda line: None) -> dict[str, int]:
    """Write the application into `folder` (made if missing); one holding anything but an application built here
    before is refused (`BadInput`) unless `force`. What each part weighs, in bytes."""
    root = Path(folder)
    if root.exists() and not root.is_dir():
        raise BadInput(f"{folder} is a file, not a folder to build the application in")
    there = sorted(p.name for p in root.iterdir()) if root.exists() else []
    if there and MARK not in there and not force:
        raise BadInput(f"{folder} holds other files ({', '.join(there[:3])}{', …' if len(there) > 3 else ''}): "
                       f"build the application into an empty folder, or give --force to write over them")
    runtime = pyodide(say)
    root.mkdir(parents=True, exist_ok=True)
    (root / MARK).write_text("{}")  # a build cut short is built over, as a whole one is
    for old in ("pyodide", "wheels"):
        shutil.rmtree(root / old, ignore_errors=True)
    (root / "pyodide").mkdir()
    (root / "wheels").mkdir()
    weights: dict[str, int] = {}
    with tarfile.open(fileobj=io.BytesIO(runtime)) as tar:
        for name in RUNTIME:
            data = tar.extractfile(f"package/{name}").read()
            (root / "pyodide" / name).write_bytes(data)
            weights[f"pyodide/{name}"] = len(data)
    made = wheels_of_the_phone()
    site = compiled(root / "pyodide", made, say)
    wheels = []
    if site is None:  # no Node here to run Pyodide's Python: the wheels as they are, compiled in the phone each start
        for name, data in made:
            (root / "wheels" / name).write_bytes(data)
            weights[f"wheels/{name}"] = len(data)
            wheels.append(name)
    else:
        (root / "wheels" / SITE).write_bytes(site)
        weights[f"wheels/{SITE}"] = len(site)
    serve = resources.files("bragref.serve").joinpath("static")
    own = resources.files("bragref.serve.phone").joinpath("static")
    from bragref.serve.command import admit_typing_extensions

    admit_typing_extensions()
    from bragref.serve.app import bundled

    sources = {name: serve.joinpath(name).read_bytes() for name in PAGE}
    files = {name: {**sources, **bundled(sources)}[name] for name in SENT}
    for name in PAGE:  # a build of before, when the page ran each file as a script of its own
        if name not in files:
            (root / name).unlink(missing_ok=True)
    files.update({name: own.joinpath(name).read_bytes() for name in OWN})
    files["index.html"] = index(serve.joinpath("page.html").read_bytes(), serve.joinpath("referee.html").read_bytes())
    files["manifest.webmanifest"] = json.dumps(MANIFEST, indent=1).encode()
    listed = sorted([*files, *(f"pyodide/{name}" for name in RUNTIME),
                     *(f"wheels/{name}" for name in (wheels or [SITE]))])
    digest = hashlib.sha256()
    for name in listed:
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name] if name in files else
                                                            (root / name).read_bytes()).digest())
    version = f"{__version__}-{digest.hexdigest()[:12]}"
    about = {"bragref": __version__, "version": version, "pyodide": PYODIDE, "wheels": wheels,
             "site": None if site is None else f"wheels/{SITE}", "packed": [name for name, _ in made]}
    files[MARK] = json.dumps(about, indent=1).encode()
    listed.append(MARK)
    files["sw.js"] = own.joinpath("sw.js").read_bytes().replace(
        b'"VERSION"', json.dumps(version).encode()).replace(b'["FILES"]', json.dumps(["./", *listed]).encode())
    for name, data in files.items():
        (root / name).write_bytes(data)
        weights[name] = len(data)
    return weights


MANIFEST = {
    "name": "bragref — the referee", "short_name": "bragref", "start_url": "./", "scope": "./",
    "display": "standalone", "background_color": "#ffffff", "theme_color": "#1f5130",
    "description": "The referee and ledger of Three Card Brag and its family, in this phone, with no network.",
    "icons": [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
}

HEAD = (b'<link rel="manifest" href="manifest.webmanifest">\n'
        b'<meta name="theme-color" content="#1f5130">\n<link rel="stylesheet" href="app.css">\n'
        b'<script src="app.js"></script>\n')
LEDGER = b"""<section id="ledger" aria-labelledby="ledger-head">
    <h2 id="ledger-head">The ledger in this phone</h2>
    <p id="kept" role="status" aria-live="polite">Starting bragref in this phone\xe2\x80\xa6</p>
    <p><button type="button" id="export-ledger">export ledger</button>
      <button type="button" id="export-history">export history</button></p>
    <p><label for="ledger-file">ledger file</label> <input type="file" id="ledger-file" name="ledger file"
      accept=".db,.sqlite,.sqlite3,application/vnd.sqlite3,application/x-sqlite3">
      <button type="button" id="open-ledger">open ledger</button></p>
    <p id="replacing" hidden><button type="button" id="replace-ledger">replace the ledger here</button></p>
  </section>
"""


PRELOAD = b'<link rel="preload" href="status.json" as="fetch" crossorigin="anonymous">\n'
SEASON = b'<p><a href="season">The season: how each played, and the deals against the odds</a></p>'
LIVE = b'<footer><p id="live">Live: changes appear here as the referee records them.</p>\n</footer>\n'


def index(page: bytes, controls: bytes) -> bytes:
    """The application's page: the referee's page as `serve --referee` serves it (one page: serve's own), with the
    manifest, the application's script (which puts the Web Worker where serve's HTTP is) and its ledger's controls."""
    from bragref.serve.command import admit_typing_extensions

    admit_typing_extensions()
    from bragref.serve.app import referee_page

    html = referee_page(page, controls)
    for gone in (PRELOAD, SEASON, LIVE):  # no server here: its table is the worker's, the season page is serve's,
        # and nothing comes live from elsewhere (the footer left with nothing in it goes too)
        if gone not in html:
            raise AssertionError(f"the page has lost its {gone!r}")
        html = html.replace(gone, b"", 1)
    for marker, part in ((b"</head>", HEAD + b"</head>"), (b"</main>", LEDGER + b"</main>")):
        if marker not in html:
            raise AssertionError(f"the page has lost its {marker!r}")
        html = html.replace(marker, part, 1)
    title = b"<title>bragref \xe2\x80\x94 the "
    return html.replace(title + b"table</title>", title + b"referee</title>")


def built() -> Path | str:
    """The application as `bragref serve` serves it at `/app/`: built once for this bragref into the cache folder
    (again where its files have changed since), or why it could not be."""
    folder = cache_folder() / f"app-{__version__}"
    try:
        build(str(folder), force=True)
    except (BadInput, OSError) as error:
        return f"The referee in the phone could not be built here: {error}"
    return folder.resolve()


def cache_folder() -> Path:
    """Where the runtime is kept between builds: the user's cache folder (XDG's, or Windows' local application
    data), `bragref` in it."""
    base = os.environ.get("XDG_CACHE_HOME") or os.environ.get("LOCALAPPDATA") or os.path.expanduser("~/.cache")
    return Path(base) / "bragref"


def pyodide(say=lambda line: None) -> bytes:
    """The npm package `pyodide` (`PYODIDE`), checked against its pinned digest: from the cache folder, or fetched
    once from the npm registry (as `npm pack` fetches it) and kept there."""
    kept = cache_folder() / f"pyodide-{PYODIDE}.tgz"
    if kept.is_file():
        data = kept.read_bytes()
        if integrity(data) == PYODIDE_INTEGRITY:
            return data
    say(f"Fetching the Pyodide runtime {PYODIDE} from the npm registry (once: it is kept in {kept.parent})")
    try:
        with urllib.request.urlopen(PYODIDE_TARBALL, timeout=120) as response:
            data = response.read()
    except OSError as error:
        raise BadInput(f"the Pyodide runtime could not be fetched from {PYODIDE_TARBALL} ({error}): the first build "
                       f"needs the npm registry, later ones use the copy kept in {kept.parent}") from None
    if integrity(data) != PYODIDE_INTEGRITY:
        raise BadInput(f"the Pyodide runtime fetched from {PYODIDE_TARBALL} is not the one bragref pins: nothing built")
    kept.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=kept.parent, delete=False) as scratch:
        scratch.write(data)
    os.replace(scratch.name, kept)
    return data


def integrity(data: bytes) -> str:
    """An npm tarball's integrity string (Subresource Integrity's form, SHA-512)."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def wheels_of_the_phone() -> list[tuple[str, bytes]]:
    """bragref and every distribution it needs in the phone (its requirements, followed, as they apply in Pyodide's
    Python; but those compiled or for HTTP serving), each as a wheel made of the files installed here."""
    needed, queue = [], ["bragref"]
    while queue:
        name = normal(queue.pop(0))
        if name in NOT_IN_THE_PHONE or name in needed:
            continue
        try:
            distribution = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            raise BadInput(f"{name}, which bragref needs in the phone, is not installed here: install bragref's "
                           f"dependencies and build again") from None
        needed.append(name)
        queue += [wanted for requirement in distribution.requires or [] if (wanted := applies(requirement))]
    return [wheel(importlib.metadata.distribution(name)) for name in needed]


IN_THE_PHONE = {"python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
                "platform_system": "Emscripten", "os_name": "posix", "platform_machine": "wasm32",
                "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}


def applies(requirement: str) -> str | None:
    """The distribution a requirement names where it applies in Pyodide's Python (an extra's never does), else
    None. Without `packaging` to judge a marker, one is taken where it is installed here."""
    name = re.match(r"[A-Za-z0-9._-]+", requirement).group()
    marker = requirement.partition(";")[2].strip()
    if not marker:
        return name
    if "extra" in marker:
        return None
    try:
        from packaging.markers import Marker
    except ImportError:
        try:
            importlib.metadata.distribution(name)
            return name
        except importlib.metadata.PackageNotFoundError:
            return None
    return name if Marker(marker).evaluate(IN_THE_PHONE) else None


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel(distribution) -> tuple[str, bytes]:
    """A distribution as an installed wheel's files, zipped: its modules and its metadata (its entry points among
    them: bragref's games are found by them), no compiled bytecode, no scripts. bragref itself, and any installed
    from a checkout (editable), is its package folder as it is."""
    name = distribution.metadata["Name"]
    stem = f"{re.sub(r'[-_.]+', '_', name)}-{distribution.version}"
    info = f"{stem}.dist-info"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zipped:
        files = [f for f in distribution.files or [] if usable(str(f))]
        if normal(name) == "bragref" or not any(str(f).endswith(".py") for f in files):
            for top in (distribution.read_text("top_level.txt") or normal(name).replace("-", "_")).split():
                package = _where(top)
                for path in sorted(package.rglob("*")):
                    if path.is_file() and usable(path.as_posix()):
                        zipped.write(path, f"{top}/{path.relative_to(package).as_posix()}")
            metadata = distribution.read_text("METADATA") or distribution.read_text("PKG-INFO")
            zipped.writestr(f"{info}/METADATA", metadata)
            for kept in ("entry_points.txt", "top_level.txt"):
                if distribution.read_text(kept):
                    zipped.writestr(f"{info}/{kept}", distribution.read_text(kept))
        else:
            for file in files:
                zipped.writestr(_info(str(file), info), Path(distribution.locate_file(file)).read_bytes())
    return f"{stem}-py3-none-any.whl", out.getvalue()


def usable(path: str) -> bool:
    return not (path.startswith("..") or "__pycache__" in path or path.endswith((".pyc", ".pth"))
                or path.rsplit("/", 1)[-1] in ("RECORD", "INSTALLER", "direct_url.json", "REQUESTED"))


def _info(path: str, info: str) -> str:
    """A file's name in the wheel: its metadata in the wheel's own `.dist-info` folder."""
    folder, _, rest = path.partition("/")
    return f"{info}/{rest}" if folder.endswith((".dist-info", ".egg-info")) else path


def _where(top: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(top)
    if spec is None or not spec.submodule_search_locations:
        raise BadInput(f"{top} is not installed as a package here: the application cannot be built")
    return Path(next(iter(spec.submodule_search_locations)))


COMPILE = r"""// Run by `node` at build time: Pyodide's own Python (the phone's) compiles the unpacked wheels' modules
// to bytecode in the host folder mounted at /site, so that the phone never compiles them (Pyodide keeps none)
const [runtime, folder] = process.argv.slice(2);
const { loadPyodide } = await import(new URL(`file://${runtime}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${runtime}/`, packages: [] });
py.mountNodeFS("/site", folder);
py.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/site", quiet=1, legacy=True, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
sys.stdout.write(f"compiled by {sys.version.split()[0]}: {ok}\\n")
`);
"""


def compiled(runtime: Path, wheels: list[tuple[str, bytes]], say=lambda line: None) -> bytes | None:
    """The wheels unpacked and their modules compiled by the phone's own Python (Pyodide run once in Node, from the
    runtime just written), packed as one file the worker writes straight into its site-packages (`pack`): no
    wheel to unpack and no module to compile at each start. None where Node is not here (or fails): the phone then
    unpacks the wheels and compiles at each start, a second or so slower."""
    import subprocess

    node = shutil.which("node")
    if node is None:
        say("Node is not installed here: the phone will compile bragref at each start (about a second slower)")
        return None
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        for _, data in wheels:
            with zipfile.ZipFile(io.BytesIO(data)) as wheel:
                wheel.extractall(site)
        script = Path(scratch) / "compile.mjs"
        script.write_text(COMPILE)
        try:
            ran = subprocess.run([node, str(script), str(runtime.resolve()), str(site)], capture_output=True,
                                 text=True, timeout=600, check=False)  # its failure is read and said below
        except (OSError, subprocess.TimeoutExpired) as error:
            ran = None
            why = str(error)
        if ran is None or ran.returncode or not ran.stdout.strip().endswith("True"):
            if ran is not None:
                why = (ran.stderr.strip().splitlines() or ran.stdout.strip().splitlines() or ["no word"])[-1]
            say(f"bragref could not be compiled for the phone here ({why[:200]}): it will compile at each start")
            return None
        files = sorted(p for p in site.rglob("*") if p.is_file() and not (p.suffix == ".py" and
                                                                           p.with_suffix(".pyc").is_file()))
        return pack([(p.relative_to(site).as_posix(), p.read_bytes()) for p in files])


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """Files as one, gzipped: a 4-byte big-endian length, a JSON list of `[path, size]`, then each file's bytes in
    turn (read by the worker with no archive library: the browser's own `DecompressionStream`, then a slice each)."""
    import gzip

    index = json.dumps([[name, len(data)] for name, data in files], separators=(",", ":")).encode()
    return gzip.compress(len(index).to_bytes(4, "big") + index + b"".join(data for _, data in files), mtime=0)
