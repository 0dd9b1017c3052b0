"""`bragref serve`: the table, live and read-only, on every phone and a big screen (CLI.md, Interactive).

A shell over the Python API, as the command line is, and over the table's answers (`cli.table`), which the referee's
page records through: its command (`command`) is here, above the command line, which finds it by name
(`cli.COMMAND_MODULES`) as it finds every command. `watch.Watcher` is the one reader of the ledger, which
notices a change with SQLite's `PRAGMA data_version` a few times a second and makes the table's object once for
every page; `app` is the Starlette application that serves the page, that object and its Server-Sent Events.
Starlette and uvicorn are imported by this command alone: no other command pays for them.
"""
