"""`bragref run FILE`: a file of bragref command lines, as a referee would type them."""

from __future__ import annotations

import os
import shlex

import click

from bragref.cli import read_text
from bragref.engine.errors import BadInput


def read_lines(path: str) -> list[tuple[int, list[str]]]:
    """(line number, arguments) for each command line; `#` starts a comment."""
    commands = []
    for number, line in enumerate(read_text(path).splitlines(), 1):
        try:
            args = shlex.split(line, comments=True)
        except ValueError as error:
            raise BadInput(f"{path}:{number}: {error}") from None
        if args and args[0] == "bragref":
            args = args[1:]
        if args:
            commands.append((number, args))
    return commands


@click.command(short_help="Run a file of bragref command lines.")
@click.argument("file")
@click.option("--quiet", "-q", is_flag=True, help="Do not echo each command line before its output.")
@click.pass_context
def run(ctx: click.Context, file: str, quiet: bool) -> None:
    """Run FILE: one bragref command per line (without `bragref`), `#` comments.

    Stops at the first line that is refused or fails, printing its number, and
    exits with that line's code.

    \b
    Example:
      bragref run sample_sessions/pagat-open-example.brag
    """
    app = ctx.obj
    prefix = ["--db", str(app.db)] + (["--session", app.session] if app.explicit_session else [])
    lines = read_lines(file)  # a file that cannot be read (a NUL in its name) is bad input before anything else
    real = os.path.realpath(file)
    if real in RUNNING:
        raise BadInput(f"{file} is already being run ({' runs '.join(RUNNING)} runs it again): a run file that runs "
                       f"itself would never end")
    RUNNING.append(real)
    try:
        run_lines(ctx, file, lines, prefix, quiet)
    finally:
        RUNNING.pop()


RUNNING: list[str] = []  # the run files being run, outermost first: one that runs itself is refused


def run_lines(ctx: click.Context, file: str, lines: list[tuple[int, list[str]]], prefix: list[str],
              quiet: bool) -> None:
    from bragref.cli import cli

    for number, args in lines:
        if not quiet:
            click.echo(f"$ bragref {shlex.join(args)}")
        try:
            code = cli.main(prefix + args, prog_name="bragref", standalone_mode=False)
        except click.ClickException as error:
            error.show()
            code = error.exit_code
        except click.Abort:
            code = 1
        if code:
            click.echo(f"{file}:{number}: stopped here (exit {code}): {shlex.join(args)}", err=True)
            ctx.exit(code)


COMMANDS = [run]
