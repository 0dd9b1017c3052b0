"""Beyond one machine (CLI.md, docs/club.md): `litestream-config` replicates a table's ledger through Litestream."""

from __future__ import annotations

import click


@click.command("litestream-config", short_help="Print Litestream's configuration replicating the ledger.")
@click.option("--replica", metavar="URL", help="Where Litestream keeps the replica: a folder, or any replica URL "
                                               "Litestream takes (s3://, sftp://, …). [LEDGER-replica, a folder "
                                               "beside the ledger]")
@click.pass_obj
def litestream_config(app, replica: str | None) -> None:
    """Print a Litestream configuration (YAML) that replicates the ledger continuously to a folder or to any replica
    URL Litestream takes. Run Litestream with it beside bragref, on the table's machine, while the ledger is in use
    (`pip install 'bragref[replicate]'` installs Litestream).

    \b
    Example:
      bragref litestream-config > litestream.yml
      bragref litestream-config --replica s3://club-bucket/table-1 > litestream.yml
    """
    from bragref.ledger.litestream import config

    click.echo(config(app.existing(), replica), nl=False)


COMMANDS = [litestream_config]
