"""Documentation and shell integration (issue 6): man pages in sync, help with examples, completion, and
the README's own set-up command run in a fresh virtualenv."""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys

import click
import pytest

from bragref.cli import cli
from conftest import ROOT, Bragref

MAN = ROOT / "man"


def walk(command: click.Command, path: tuple[str, ...] = ("bragref",)):
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command, info_name=path[-1])
        for name in command.list_commands(ctx):
            yield from walk(command.get_command(ctx, name), (*path, name))


COMMANDS = list(walk(cli))


def test_the_man_pages_in_man_are_what_bragrefs_own_commands_generate(tmp_path):
    """man/ is bragref's own: written with only its own games, whatever else is installed where this runs (issue 56)."""
    pytest.importorskip("click_man")
    env = {**os.environ, "BRAGREF_OWN_GAMES_ONLY": "1"}
    subprocess.run([sys.executable, "-m", "bragref.cli.manpages", str(tmp_path)], env=env, check=True)
    generated = {page.name: page.read_text(encoding="utf-8") for page in tmp_path.glob("*.1")}
    committed = {page.name: page.read_text(encoding="utf-8") for page in MAN.glob("*.1")}
    stale = sorted(name for name in generated.keys() | committed.keys() if generated.get(name) != committed.get(name))
    assert not stale, f"man pages out of date: {stale}; run `python -m bragref.cli.manpages man`"


def test_there_is_a_page_for_every_command_and_subcommand_made_where_it_runs(tmp_path):
    """Every command has its page, an installed game's included: made at run time from the declarations."""
    pytest.importorskip("click_man")
    from bragref.cli.manpages import write

    write(str(tmp_path))
    assert {f"{'-'.join(path)}.1" for path, _ in COMMANDS} == {page.name for page in tmp_path.glob("*.1")}
    assert {page.name for page in MAN.glob("*.1")} <= {page.name for page in tmp_path.glob("*.1")}


@pytest.mark.parametrize("path, command", COMMANDS, ids=lambda item: " ".join(item) if isinstance(item, tuple) else "")
def test_every_command_has_a_summary_and_an_example_that_names_it_with_options_it_takes(path, command):
    """Each example line, run with --help added, reaches this command: its words and options are all known."""
    assert command.short_help and len(command.short_help) <= 80
    example = command.help.split("Example:", 1)[1]
    lines = [line.strip() for line in example.strip().splitlines() if line.strip().startswith("bragref")]
    assert lines, f"{' '.join(path)} has no example"
    for line in lines:
        args = shlex.split(line.split("|")[0])[1:]
        result = click.testing.CliRunner().invoke(cli, [*args, "--help"], prog_name="bragref")
        assert result.exit_code == 0, f"{line}: {result.output}"
        assert result.stdout.startswith(f"Usage: {' '.join(path)} "), line


@pytest.mark.parametrize("page", ["bragref-bhh.5", "bragref-rules.7"])
def test_the_format_and_rules_pages_are_roff_and_linked_from_the_readme(page):
    text = (MAN / page).read_text(encoding="utf-8")
    assert text.startswith(".TH ") and ".SH NAME" in text
    assert f"man/{page}" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_rules_page_gives_every_rule_the_project_cites():
    """Each rule a refusal, a docstring or a page cites (R11.3a: R11.3's first case) is on bragref-rules(7)."""
    page = (MAN / "bragref-rules.7").read_text(encoding="utf-8")
    given = set(re.findall(r"^\.B (R\d+\.\d+[a-z]?)$", page, re.MULTILINE))
    cited = {rule for _, text in project_texts() for rule in re.findall(r"\bR\d+\.\d+[a-z]?\b", text)
             if int(rule[1:].partition(".")[0]) < 100}  # R100 and up: games installed from elsewhere number their
    # own rules there (docs/adding-a-game.md), never the rulebook's
    assert len(given) > 90 and not {rule for rule in cited if rule not in given and rule.rstrip("abc") not in given}


# ---- what the project cites ------------------------------------------------------------------


def project_texts():
    """(path, text) of every text file a user of the project has and reads: the source, the docs, the man pages, the
    tests and the README (CHANGELOG.md tells history, and may name what was)."""
    paths = [ROOT / "README.md", *(path for folder in ("bragref", "docs", "man", "tests")
                                   for path in sorted((ROOT / folder).rglob("*")) if "__pycache__" not in path.parts)]
    for path in paths:
        if path.is_file():
            try:
                yield path.relative_to(ROOT), path.read_text(encoding="utf-8")
            except UnicodeDecodeError:  # a picture
                continue


def test_nothing_cites_a_file_outside_the_project():
    """The contract and the rulebook are the project's own pages, docs/reference.md and bragref-rules(7): no file
    names a document a user of the project does not have."""
    outside = re.compile(r"\b(CLI|RULES)\.md\b")
    named = [f"{path}:{number}" for path, text in project_texts()
             for number, line in enumerate(text.splitlines(), 1) if outside.search(line)]
    assert not named


def test_every_citation_of_the_reference_names_one_of_its_sections():
    """`docs/reference.md, Exit codes`: the section a citation names is a heading of the page."""
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    headings = {line.lstrip("#").strip() for line in reference.splitlines() if line.startswith("#")}
    citation = re.compile(r"docs/reference\.md,\s+([^)\n;:.,\"`]+)")
    cited = [(f"{path}:{text.count(chr(10), 0, found.start()) + 1}", found.group(1).strip())
             for path, text in project_texts() for found in citation.finditer(text)]
    assert len(cited) > 40 and not [(where, section) for where, section in cited if section not in headings]


def test_the_example_in_the_bhh_page_imports(tmp_path):
    page = (MAN / "bragref-bhh.5").read_text(encoding="utf-8")
    example = page.split(".SH EXAMPLE\n.nf\n", 1)[1].split("\n.fi\n", 1)[0].replace("\\-", "-")
    lines = [line for line in example.splitlines() if not line.startswith(("_at", "_after_at"))]
    (tmp_path / "example.bhh").write_text("\n".join(lines) + "\n", encoding="utf-8")
    bragref = Bragref(tmp_path / "ledger.db")
    bragref(f"import {tmp_path / 'example.bhh'} --use")
    assert {r["player"]: r["net"] for r in bragref.json("balances")} == {"Andy": -1, "Bill": -8, "Chris": 9}
    said = example.split("_entered = [\n", 1)[1].split("]", 1)[0].replace("'", "").replace(",", "").split()
    assert [e["entered"] for e in bragref.json("history") if e["seq"]] == said  # where each line was entered, kept


# ---- completion ---------------------------------------------------------------------------


def complete(bragref: Bragref, words: str, shell: str = "bash") -> list[str]:
    env = {"_BRAGREF_COMPLETE": f"{shell}_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - (
        0 if words.endswith(" ") else 1))}
    result = bragref.runner.invoke(cli, [], prog_name="bragref", env=env)
    assert result.exit_code == 0
    return [line.split(",", 1)[1] for line in result.stdout.splitlines() if line]


def test_completion_offers_commands_players_and_sessions(bragref):
    bragref('session new friday --players "Andy,Bill,Chris"')
    bragref('session new saturday --players "Dora,Ed"')
    db = f"bragref --db {bragref.db}"
    assert {"bet", "balances"} <= set(complete(bragref, f"{db} b"))
    assert complete(bragref, f"{db} bet ") == ["Dora", "Ed"]  # the current session's seats
    assert complete(bragref, f"{db} --session friday bet ") == ["Andy", "Bill", "Chris"]
    assert complete(bragref, f"{db} --session friday fold b") == ["Bill"]
    assert complete(bragref, f"{db} --session s") == ["saturday"]
    assert complete(bragref, f"{db} session use f") == ["friday"]


def test_completion_without_a_ledger_offers_nothing_and_makes_no_file(bragref, tmp_path):
    assert complete(bragref, f"bragref --db {tmp_path / 'none.db'} bet ") == []
    assert not (tmp_path / "none.db").exists()


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_shell_gets_a_completion_script(shell):
    result = click.testing.CliRunner().invoke(cli, [], prog_name="bragref", env={"_BRAGREF_COMPLETE": f"{shell}_source"})
    assert "_BRAGREF_COMPLETE" in result.stdout


# ---- the README's own set-up ---------------------------------------------------------------


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set-up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", setup, re.DOTALL)


def test_the_readmes_first_hand_is_a_true_transcript(bragref, own_games):
    """"Refereeing one hand" shows each command with what it prints, as a new referee will type it: run them and
    compare every line (a digest's hash aside: it covers the rows' times)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Refereeing one hand", 1)[1].split("```console\n", 1)[1].split("```", 1)[0]
    steps = re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]
    digest = re.compile(r"\b\d+-[0-9a-f]{16}\b")
    exit_code = None
    for step in steps:
        command, _, shown = step.partition("\n")
        command = re.sub(r"\s+#.*$", "", command)
        if command == "echo $?":
            assert shown == f"{exit_code}\n"
            continue
        assert command.startswith("bragref ")
        result = bragref(command.removeprefix("bragref "), code=None)
        exit_code = result.exit_code
        assert digest.sub("DIGEST", result.output) == digest.sub("DIGEST", shown), command


def test_the_readmes_evening_with_table_is_a_true_transcript(bragref, monkeypatch, own_games):
    """"An evening with `table`" shows the walk-through and a hand as `bragref table` prints them at 80 columns:
    answered as the referee did (Andy's fold among the lines the README leaves out, `…`), every line it shows is
    among what the table prints, in order."""
    monkeypatch.setenv("COLUMNS", "80")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## An evening with `table`", 1)[1].split("```console\n", 1)[1].split("```", 1)[0]
    answers = ["friday", "Andy, Bill, Chris", "", "0.01", "£", "0.10", "both", "", "d", "bb 0.10", "b 0.20", "f",
               "s", "Kh Kd 4c", "7s 6s 5s", "lend andy chris 2", "q"]
    result = bragref.runner.invoke(cli, ["--db", str(bragref.db), "table"], input="".join(a + "\n" for a in answers))
    printed = [line.rstrip() for line in result.output.splitlines()]
    shown = [line.rstrip() for line in block.splitlines()[1:] if line != "…"]
    at = 0
    for line in shown:
        assert line in printed[at:], line
        at = printed.index(line, at) + 1


def readme_sessions() -> list[str]:
    """The console examples of the games' page (docs/games.md, linked from the README) that start a session of
    their own."""
    games = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
    return [block for block in re.findall(r"```console\n(.*?)```", games, flags=re.DOTALL)
            if block.startswith("$ bragref session new")]


@pytest.mark.parametrize("block", readme_sessions(), ids=lambda block: block.split()[4])
def test_the_readmes_game_examples_run_as_written(bragref, block, own_games):
    """Each game's example, in a ledger of its own: every command is taken, or refused (exit 3) where its comment
    says so, and every line shown under it is among what it prints; a comment beginning "..." leaves steps out, so
    the example is run up to there."""
    for step in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
        command, _, shown = step.partition("\n")
        command, _, comment = command.partition(" #")
        if comment.strip().startswith("..."):
            break
        result = bragref(command.strip().removeprefix("bragref "), code=3 if "refused" in comment else 0)
        printed = result.output.splitlines()
        assert all(line in printed for line in shown.splitlines()), (command, result.output)


def test_the_readme_has_exactly_two_set_up_commands_and_ci_runs_the_second():
    commands = readme_commands()
    assert len(commands) == 2
    assert commands[1].strip() in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_fresh_virtualenv_installs_and_runs_the_readmes_main_job(tmp_path):
    """The first set-up command exactly as a newcomer runs it, in a clean copy of the project: its own
    virtualenv, the project installed from the copy, a sample session refereed to the settle-up. It runs again
    over the ledger a run before left in the tree (issue 65: the second command's copy of a tree where the first
    was run held it, and was refused "already a session called friday"): the sample refereed afresh, once."""
    clone = tmp_path / "bragref"
    shutil.copytree(ROOT, clone, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build"))
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "BRAGREF_DB", "BRAGREF_SESSION", "PYTHONPATH")}
    if not (clone / "friday.db").exists():  # as a run of the command before leaves the tree
        subprocess.run([sys.executable, "-m", "bragref", "--db", "friday.db", "run", "-q",
                        "sample_sessions/friday-night.brag"], cwd=clone, env=env, capture_output=True, check=True)
    result = subprocess.run(readme_commands()[0], shell=True, cwd=clone, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "pays" in result.stdout
    assert (clone / ".venv" / "bin" / "bragref").exists()
    sessions = subprocess.run([".venv/bin/bragref", "--db", "friday.db", "session", "list", "--json"], cwd=clone,
                              env=env, capture_output=True, text=True, check=True).stdout
    assert [(s["session"], s["hands"]) for s in json.loads(sessions)] == [("friday", 22)]
