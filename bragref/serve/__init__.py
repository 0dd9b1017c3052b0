"""`bragref serve`: the table, live and read-only, on every phone and a big screen (docs/reference.md, Interactive).

A shell over the Python API and the answers below every shell (`bragref.answers`), as the command line is, beside
it: the referee's page records through the answers `table` records through. Its command (`command`) is here, and the
command line finds it by name (`cli.COMMAND_MODULES`) as it finds every command. `watch.Watcher` is the one reader of the ledger, which
notices a change with SQLite's `PRAGMA data_version` a few times a second and makes the table's object once for
every page; `app` is the Starlette application that serves the page, that object and its Server-Sent Events.
Starlette and uvicorn are imported by this command alone: no other command pays for them.
"""
