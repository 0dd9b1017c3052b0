"""The ledger: facts (actions) stored append-only in SQLite; state is their replay."""
