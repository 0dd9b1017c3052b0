"""`bragref app build DIR`: the referee in the phone, written as a static web application (docs/app.md)."""

from __future__ import annotations

import click


app = click.Group(
    "app",
    short_help="The referee in the phone: bragref as a web application with no server.",
    help="""The referee in the phone: bragref's engine and ledger running in the browser itself (on Pyodide), behind
    the same referee's page as `serve --referee`, offline once loaded, its ledger kept in the phone (docs/app.md).

    \b
    Example:
      bragref app build referee
    """)


@app.command(short_help="Write the application into DIR, for any static file server.")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="Write into DIR even where it holds other files.")
def build(folder: str, force: bool) -> None:
    """Write the referee in the phone into DIR (made if missing): its page (the referee's page of `serve
    --referee`), a web app manifest, a service worker caching every file, the Pyodide runtime (fetched once from the
    npm registry and kept in the cache folder), and bragref with its pure-Python dependencies (zipped from those
    installed here). A DIR holding other files is refused unless --force; one this command built before is built
    over. Serve DIR from any static file server (offline use needs https, or this machine).

    \b
    Example:
      bragref app build referee
      bragref app build ~/club-site/referee --force
    """
    from bragref.serve.phone.build import build as write

    weights = write(folder, force, click.echo)
    parts: dict[str, int] = {}
    for name, size in weights.items():
        part = name.split("/")[0] if "/" in name else "page"
        parts[part] = parts.get(part, 0) + size
    said = ", ".join(f"{part} {size / 1e6:.1f} MB" for part, size in sorted(parts.items(), key=lambda p: -p[1]))
    click.echo(f"Built the referee in the phone in {folder}: {sum(weights.values()) / 1e6:.1f} MB ({said}).")
    click.echo(f"Serve it: python -m http.server -d {folder} --bind 127.0.0.1 (or from any https host).")


COMMANDS = [app]
