"""The ledger's schema, as sqlite-utils migrations. Imported only when the schema is behind."""

from __future__ import annotations

import sqlite3

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("bragref")


def script(db: Database, sql: str) -> None:
    """The statements of `sql` run in order in the migration's transaction, as `Database.executescript` runs them
    there, but each found by trying `sqlite3.complete_statement` at its semicolons, not after every character (a
    new ledger in 25 ms, not 65: its schema was most of a first command's work)."""
    statement = ""
    for piece in sql.split(";")[:-1]:
        statement += piece + ";"
        if sqlite3.complete_statement(statement):
            db.conn.execute(statement)
            statement = ""
    if statement or sql.rsplit(";", 1)[-1].strip():
        raise ValueError(f"an incomplete statement in a migration: {statement + sql.rsplit(';', 1)[-1]!r}")


@migrations()
def m001_ledger(db: Database) -> None:
    script(db,
        """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            created_at TEXT NOT NULL,
            rules TEXT NOT NULL
        );
        -- seat / leave / rules / use: the session's life between hands, append-only
        CREATE TABLE session_events (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            at TEXT NOT NULL,
            event TEXT NOT NULL,
            player TEXT,
            detail TEXT
        );
        CREATE INDEX session_events_session ON session_events(session_id, event);
        CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            number INTEGER NOT NULL,
            dealt_at TEXT NOT NULL,
            dealer TEXT NOT NULL,
            seats TEXT NOT NULL,
            rules TEXT NOT NULL,
            carried_in INTEGER NOT NULL,
            retained_by TEXT,
            UNIQUE (session_id, number)
        );
        CREATE TABLE actions (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            at TEXT NOT NULL,
            verb TEXT NOT NULL,
            player TEXT,
            amount INTEGER,
            blind INTEGER,
            detail TEXT,
            voids INTEGER REFERENCES actions(id),
            reason TEXT
        );
        CREATE INDEX actions_hand ON actions(hand_id);
        -- money settled: stake (-paid), win (+won), carry-out (+) and carry-in (-) of a carried pot
        CREATE TABLE postings (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            action_id INTEGER NOT NULL REFERENCES actions(id),
            player TEXT,
            kind TEXT NOT NULL,
            amount INTEGER NOT NULL
        );
        CREATE INDEX postings_session ON postings(session_id, player);
        CREATE INDEX postings_action ON postings(action_id);
        """
    )


@migrations()
def m002_loans(db: Database) -> None:
    script(db,
        """
        -- lend / repay (R7.5): money moved between people, not bet; append-only like the rest
        CREATE TABLE loans (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            at TEXT NOT NULL,
            kind TEXT NOT NULL,
            lender TEXT NOT NULL,
            borrower TEXT NOT NULL,
            amount INTEGER NOT NULL,
            bystander INTEGER NOT NULL
        );
        CREATE INDEX loans_session ON loans(session_id);
        """
    )


@migrations()
def m003_table_money(db: Database) -> None:
    script(db,
        """
        -- table stakes (R1.3): buy-in, top-up, cash-out (negative), and loans to the table (R7.5)
        CREATE TABLE purses (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            at TEXT NOT NULL,
            hand_id INTEGER REFERENCES hands(id),
            kind TEXT NOT NULL,
            player TEXT NOT NULL,
            amount INTEGER NOT NULL,
            after_action INTEGER NOT NULL  -- a loan mid-hand comes after this action, before any later one
        );
        CREATE INDEX purses_session ON purses(session_id, player);
        CREATE INDEX purses_hand ON purses(hand_id);
        -- each player's table money when a hand under table stakes was dealt, before the ante; NULL from the pocket
        ALTER TABLE hands ADD COLUMN purses TEXT;
        """
    )


@migrations()
def m004_chain_and_append_only(db: Database) -> None:
    """The hash chain over every row already written (oldest table first), then triggers that refuse
    UPDATE and DELETE on the log and the chain: corrections are voids (R9.1)."""
    from bragref.ledger.chain import GENESIS, link

    db.execute("CREATE TABLE chain (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, row_id INTEGER NOT NULL, hash TEXT NOT NULL)")
    db.execute("CREATE INDEX chain_row ON chain(tbl, row_id)")
    db.execute("CREATE INDEX postings_hand ON postings(hand_id)")  # audit reads a piece of a session's hands at a time
    previous = GENESIS
    for table in CHAINED_FIRST:
        for row in db.execute(f"SELECT * FROM {table} ORDER BY id").fetchall():
            previous = link(previous, table, tuple(row))
            db.execute("INSERT INTO chain (tbl, row_id, hash) VALUES (?, ?, ?)", (table, row[0], previous))
    for table in (*CHAINED_FIRST, "chain"):
        append_only(db, table)


CHAINED_FIRST = ("sessions", "session_events", "hands", "actions", "postings", "loans", "purses")  # the log's tables
# when the chain was made (a later migration chains its own table from its first row)


def append_only(db: Database, table: str) -> None:
    """Triggers that refuse UPDATE and DELETE on `table`: corrections are voids (R9.1)."""
    for verb in ("UPDATE", "DELETE"):
        db.execute(
            f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table} BEGIN"
            f" SELECT RAISE(ABORT, 'the bragref ledger is append-only: {table} rows are never changed or deleted"
            " (R9.1); correct with a void'); END"
        )


@migrations()
def m005_views(db: Database) -> None:
    """Views a person browsing the ledger (`datasette ledger.db`, `sqlite-utils rows`) expects: hands, actions
    with the pot after each, and balances. Money in integer units of each session's `unit`."""
    script(db,
        """
        CREATE VIEW hands_played AS
        SELECT s.name AS session, h.number AS hand, h.dealer, h.dealt_at,
               json_array_length(h.seats) AS players, h.carried_in,
               (SELECT COUNT(*) FROM actions a WHERE a.hand_id = h.id) AS actions,
               (SELECT group_concat(player, ', ') FROM (
                   SELECT p.player FROM postings p WHERE p.hand_id = h.id AND p.kind = 'win'
                   GROUP BY p.player HAVING SUM(p.amount) > 0 ORDER BY MIN(p.id))) AS winners,
               (SELECT COALESCE(SUM(p.amount), 0) FROM postings p WHERE p.hand_id = h.id AND p.kind = 'win') AS won,
               (SELECT COALESCE(SUM(p.amount), 0) FROM postings p WHERE p.hand_id = h.id AND p.kind = 'carry-out')
                   AS carried_out
        FROM hands h JOIN sessions s ON s.id = h.session_id;

        -- every action as recorded, voided ones marked; the pot after it counts the live money actions
        CREATE VIEW actions_with_pot AS
        SELECT s.name AS session, h.number AS hand, a.id AS action_id, a.at, a.player, a.verb AS action, a.amount,
               CASE a.blind WHEN 1 THEN 'blind' WHEN 0 THEN 'open' END AS played, a.detail,
               v.id IS NOT NULL AS voided, COALESCE(a.reason, v.reason) AS reason,
               h.carried_in + json_extract(h.rules, '$.ante') * json_array_length(h.seats)
               + SUM(CASE WHEN a.verb IN ('bet', 'see', 'cover') AND v.id IS NULL THEN a.amount ELSE 0 END)
                 OVER (PARTITION BY a.hand_id ORDER BY a.id) AS pot_after
        FROM actions a JOIN hands h ON h.id = a.hand_id JOIN sessions s ON s.id = h.session_id
        LEFT JOIN actions v ON v.voids = a.id;

        -- per session and player: paid into pots, won, loans (+ owed to them, - owed by them) and net
        CREATE VIEW balances AS
        WITH money (session_id, player, paid, won, loans, net) AS (
            SELECT session_id, player, CASE kind WHEN 'stake' THEN -amount ELSE 0 END,
                   CASE kind WHEN 'win' THEN amount ELSE 0 END, 0, amount
            FROM postings WHERE player IS NOT NULL
            UNION ALL
            SELECT session_id, lender, 0, 0, CASE kind WHEN 'lend' THEN amount ELSE -amount END,
                   CASE kind WHEN 'lend' THEN amount ELSE -amount END FROM loans
            UNION ALL
            SELECT session_id, borrower, 0, 0, CASE kind WHEN 'lend' THEN -amount ELSE amount END,
                   CASE kind WHEN 'lend' THEN -amount ELSE amount END FROM loans
        )
        SELECT s.name AS session, m.player, SUM(m.paid) AS paid, SUM(m.won) AS won, SUM(m.loans) AS loans,
               SUM(m.net) AS net
        FROM money m JOIN sessions s ON s.id = m.session_id GROUP BY s.id, m.player;
        """
    )


@migrations()
def m006_calls_and_raises_in_the_pot(db: Database) -> None:
    """`actions_with_pot` counts the money of Hoyle's calls and raises too (R11.2). A raise's `amount` is what it
    adds above the call, as typed; the money it put in (the call and the raise) is kept in its `detail`."""
    script(db,
        """
        DROP VIEW actions_with_pot;
        -- every action as recorded, voided ones marked; the pot after it counts the live money actions
        CREATE VIEW actions_with_pot AS
        SELECT s.name AS session, h.number AS hand, a.id AS action_id, a.at, a.player, a.verb AS action, a.amount,
               CASE a.blind WHEN 1 THEN 'blind' WHEN 0 THEN 'open' END AS played, a.detail,
               v.id IS NOT NULL AS voided, COALESCE(a.reason, v.reason) AS reason,
               h.carried_in + json_extract(h.rules, '$.ante') * json_array_length(h.seats)
               + SUM(CASE WHEN v.id IS NOT NULL THEN 0 WHEN a.verb IN ('bet', 'see', 'cover', 'call') THEN a.amount
                          WHEN a.verb = 'raise' THEN CAST(a.detail AS INTEGER) ELSE 0 END)
                 OVER (PARTITION BY a.hand_id ORDER BY a.id) AS pot_after
        FROM actions a JOIN hands h ON h.id = a.hand_id JOIN sessions s ON s.id = h.session_id
        LEFT JOIN actions v ON v.voids = a.id;
        """
    )


@migrations()
def m007_actions_say_their_arguments(db: Database) -> None:
    """Each action row holds its verb and its arguments as its game declares them (`args`, JSON), and `amount` is
    the money the action put in, whatever the game: the ledger knows no game's verbs. Rows written
    before keep their columns (`amount` as typed, `blind`, `detail`) and are read as they were
    (`ledger.legacy`); their chain links hold, as a row without `args` is hashed without it (`chain.hashed`)."""
    script(db,
        """
        ALTER TABLE actions ADD COLUMN args TEXT;
        DROP VIEW actions_with_pot;
        -- every action as recorded, voided ones marked; the pot after it counts the money each live action put in
        CREATE VIEW actions_with_pot AS
        SELECT s.name AS session, h.number AS hand, a.id AS action_id, a.at, a.player, a.verb AS action, a.args,
               a.amount, CASE a.blind WHEN 1 THEN 'blind' WHEN 0 THEN 'open' END AS played, a.detail,
               v.id IS NOT NULL AS voided, COALESCE(a.reason, v.reason) AS reason,
               h.carried_in + json_extract(h.rules, '$.ante') * json_array_length(h.seats)
               + SUM(CASE WHEN v.id IS NOT NULL OR a.verb = 'void' THEN 0
                          WHEN a.args IS NULL AND a.verb = 'raise' THEN CAST(a.detail AS INTEGER)
                          ELSE COALESCE(a.amount, 0) END)
                 OVER (PARTITION BY a.hand_id ORDER BY a.id) AS pot_after
        FROM actions a JOIN hands h ON h.id = a.hand_id JOIN sessions s ON s.id = h.session_id
        LEFT JOIN actions v ON v.voids = a.id;
        """
    )


@migrations()
def m008_totals_from_indexes(db: Database) -> None:
    """Balances, settling up and loans read sums from indexes alone, so their cost barely grows with the ledger."""
    script(db,
        """
        CREATE INDEX postings_totals ON postings(session_id, player, kind, amount);
        CREATE INDEX loans_totals ON loans(session_id, kind, lender, borrower, amount);
        """
    )


@migrations()
def m009_deals_say_what_they_turned_up(db: Database) -> None:
    """A deal row holds what its game's deal records beside the seats (`dealt`, JSON: Teen Patti's joker, R13.7).
    Rows written before hold nothing there and are hashed without it (`chain.hashed`), so their links hold."""
    script(db, "ALTER TABLE hands ADD COLUMN dealt TEXT;")


@migrations()
def m010_actions_record_the_hand_after_them(db: Database) -> None:
    """An action row recorded on its own records the digest of the hand after it (`state`): nothing reads a hand
    from it; it marks the rows a bragref since 0.13 wrote (`audit`). Rows written before hold nothing there and are
    hashed without it (`chain.hashed`), so their links hold."""
    script(db, "ALTER TABLE actions ADD COLUMN state TEXT;")


@migrations()
def m011_payments(db: Database) -> None:
    """Settle-ups recorded (`bragref paid`, docs/reference.md, The season): a payment between two people, in no session,
    chained and append-only like every row; a void is a row of its own that `voids` the payment it takes back (R9.1)."""
    script(db,
        """
        CREATE TABLE payments (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            payer TEXT NOT NULL,
            payee TEXT NOT NULL,
            amount INTEGER NOT NULL,
            note TEXT,
            voids INTEGER REFERENCES payments(id),
            reason TEXT
        );
        """
    )
    append_only(db, "payments")


@migrations()
def m012_payments_say_their_money(db: Database) -> None:
    """A payment says the money it was made in (`money`: one unit written in it, `£0.01`), the money of the sessions
    whose debt it pays (docs/reference.md, The season): a ledger may keep sessions in several. Rows written before hold
    nothing there (every session then kept one money, the first session's) and are hashed without it (`chain.hashed`),
    so their links hold."""
    script(db, "ALTER TABLE payments ADD COLUMN money TEXT;")


@migrations()
def m013_actions_say_where_they_were_entered(db: Database) -> None:
    """An action row, and a void, says where it was entered (`entered`: `command`, `table`, `referee`, `seat`,
    `seat-self` or `import`, `store.ENTERED`), chained with the row, so that `audit` holds it as it holds the rest
    (docs/reference.md, Interactive); `actions_with_pot` shows it. Rows written before hold nothing there and are hashed
    without it (`chain.hashed`), so their links hold."""
    script(db,
        """
        ALTER TABLE actions ADD COLUMN entered TEXT;
        DROP VIEW actions_with_pot;
        -- every action as recorded, voided ones marked, and where it was entered; the pot after it counts the money
        -- each live action put in
        CREATE VIEW actions_with_pot AS
        SELECT s.name AS session, h.number AS hand, a.id AS action_id, a.at, a.player, a.verb AS action, a.args,
               a.amount, CASE a.blind WHEN 1 THEN 'blind' WHEN 0 THEN 'open' END AS played, a.detail,
               v.id IS NOT NULL AS voided, COALESCE(a.reason, v.reason) AS reason,
               h.carried_in + json_extract(h.rules, '$.ante') * json_array_length(h.seats)
               + SUM(CASE WHEN v.id IS NOT NULL OR a.verb = 'void' THEN 0
                          WHEN a.args IS NULL AND a.verb = 'raise' THEN CAST(a.detail AS INTEGER)
                          ELSE COALESCE(a.amount, 0) END)
                 OVER (PARTITION BY a.hand_id ORDER BY a.id) AS pot_after,
               a.entered
        FROM actions a JOIN hands h ON h.id = a.hand_id JOIN sessions s ON s.id = h.session_id
        LEFT JOIN actions v ON v.voids = a.id;
        """
    )


@migrations()
def m014_every_row_a_person_enters_says_where(db: Database) -> None:
    """A deal, a session, and every row of the session's life a person enters (a player seated or leaving, the rules,
    a loan, a buy-in, a settle-up) says where it was entered (`entered`, as an action does: `store.ENTERED`), chained
    with the row (docs/reference.md, Interactive). Rows written before hold nothing there and are hashed without it
    (`chain.hashed`), so their links hold."""
    script(db, "".join(f"ALTER TABLE {table} ADD COLUMN entered TEXT;\n"
                       for table in ("sessions", "session_events", "hands", "loans", "purses", "payments")))


@migrations()
def m015_handles(db: Database) -> None:
    """How each player is paid (`bragref pay-to`, docs/reference.md, The season): a handle per row, in no session,
    chained and append-only like every row; the newest row for a person is their handle, a row with none
    (`handle` NULL) takes it away (`--remove`)."""
    script(db,
        """
        CREATE TABLE handles (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            player TEXT NOT NULL,
            handle TEXT
        );
        """
    )
    append_only(db, "handles")


def migrate(conn, version: int, upto: int | None = None) -> None:
    """Bring the schema up to date inside the caller's write transaction; with `upto`, only as far as that
    version (what an older bragref made: `audit` holds an old ledger to it).

    `PRAGMA user_version` mirrors the number of migrations applied, so that a
    command can see the schema is current without importing sqlite-utils.
    """
    db = Database(conn)
    names = [migration.name for migration in migrations.pending(db)]
    stop = names[upto] if upto is not None and upto < len(names) else None  # `upto` is given on a fresh ledger
    migrations.apply(db, stop_before=stop)
    conn.execute(f"PRAGMA user_version = {int(version if upto is None else upto)}")
