"""Cards away from the table: `rank`, `compare` and `odds` (R8)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from bragref.version import __version__
from bragref.cli.options import ranking_fields, ranking_options, ranking_values, turned_params
from bragref.cli.output import Output, output_options
from bragref.engine.cards import hand_text, parse_card, parse_cards
from bragref.engine.errors import BadInput
from bragref.engine.rules import Rules
from bragref.games import checked, find_game, from_preset, game_of
from bragref.ledger.db import read_cache


def turned_card(options: dict) -> int | None:
    """The card turned up that the order of hands depends on, where one was given (`--joker 7h`: Teen Patti's joker
    variant, R13.7), taken out of `options`."""
    given = [options.pop(param.name) for param in turned_params()]
    card = next((text for text in given if text is not None), None)
    return None if card is None else parse_card(card)


def ranking_rules(app, game: str | None = None, **given) -> Rules:
    """The ranking options given, on top of the named game's defaults, else the current session's rules, else
    the defaults."""
    rules = Rules()
    if game is not None:
        rules = from_preset(next(iter(find_game(game).presets)), game=game)
    elif os.path.exists(app.db):
        book = app.book()
        if app.session or book.session_names():
            rules = book.current_session().rules
    elif app.session:
        raise BadInput(f"no session {app.session}: there is no ledger at {app.db} yet")
    return checked(rules.with_values(**ranking_values(**given)))


def judge_words(ranking, words) -> tuple:
    cards = parse_cards(words, ranking.jokers)
    return cards, ranking.judge(cards)


def hand_json(ranking, cards, judged) -> dict:
    return {"hand": hand_text(cards), "class": judged.cls, "place": ranking.place(judged.key3), "of": ranking.distinct,
            "name": ranking.describe(judged), "wild": ranking.wild_in(judged), "kept": hand_text(judged.kept),
            "discards": hand_text(judged.discards)}


@click.command(short_help="Name a hand and its place among all hands.")
@click.argument("words", metavar="CARDS...", nargs=-1, required=True)
@ranking_options
@output_options
@click.pass_obj
def rank(app, words: tuple[str, ...], out: Output, **options) -> None:
    """Name the hand CARDS make and its place among all distinct hands, 1 being the best (R8).

    In 4- and 5-card brag give all the cards: the best three are kept (R8.6).

    \b
    Example:
      bragref rank 3h 3d 3s
      bragref rank Ah 2d 3c --a23 low
    """
    turned = turned_card(options)
    rules = ranking_rules(app, **options)
    game = game_of(rules)
    ranking = game.ranking_for(rules, turned)
    given, judged = judge_words(ranking, words)
    facts = game.hand_facts(rules, given)  # what the game counts beside (three-stake's points, R15.4)
    data = {**hand_json(ranking, given, judged), **facts}
    if out.data(data, [data]):
        return
    if out.fmt:
        out.table([data])
        return
    line = f"{data['name']}: place {data['place']} of {data['of']}" + "".join(f"; {k} {v}" for k, v in facts.items())
    if judged.discards:
        line += f" (keep {data['kept']}, discard {data['discards']})"
    click.echo(line)


@click.command(short_help="Which of several hands is best.")
@click.argument("hands", nargs=-1, required=True)
@ranking_options
@click.option("--suit-order", is_flag=True, help="Break ties by the suits of the highest cards, ♠ ♥ ♦ ♣ (R8.8).")
@output_options
@click.pass_obj
def compare(app, hands: tuple[str, ...], suit_order: bool, out: Output, **options) -> None:
    """Compare HANDS (each one quoted argument): place 1 is the best, equal hands share a place (R8).

    Equal hands are equal: there is no suit order (R8.4) unless --suit-order
    asks for R8.8's. In 4/5-card brag the discards break ties (R8.6).

    \b
    Example:
      bragref compare "Kh 9h 2h" "Qs 10s 5s" "Qd 10d 3d"
    """
    if len(hands) < 2:
        raise BadInput("compare needs two hands or more, each one quoted argument")
    turned = turned_card(options)
    rules = ranking_rules(app, **options)
    game = game_of(rules)
    ranking = game.ranking_for(rules, turned)
    judged = [judge_words(ranking, [text]) for text in hands]
    facts = game.hand_facts  # what the game counts beside (svara's points, R16.2)

    def strength(judged_hand):
        return (judged_hand.key, ranking.suit_key(judged_hand)) if suit_order else judged_hand.key

    strengths = [strength(j) for _, j in judged]
    rows = []
    for (cards, j), mine in zip(judged, strengths, strict=False):
        place = 1 + sum(1 for other in strengths if other > mine)
        rows.append({"hand": hand_text(cards), "class": j.cls, "place": place, "overall": ranking.place(j.key3),
                     "name": ranking.describe(j), **facts(rules, cards)})
    if out.data(rows):
        return
    out.table([{"place": r["place"], "hand": r["hand"], "is": r["name"]} for r in rows])
    best = [r["hand"] for r in rows if r["place"] == 1]
    click.echo(f"Best: {best[0]}." if len(best) == 1 else f"Equal best: {', '.join(best)}.")


@click.command(short_help="Exact chances of each class of hand.")
@ranking_options
@output_options
@click.pass_obj
def odds(app, out: Output, **options) -> None:
    """Count every hand the pack can deal, exactly, by the class of its best three (R8.5, R8.6, R8.7).

    \b
    Example:
      bragref odds
      bragref odds --cards 5 --wild deuces --json
    """
    turned = turned_card(options)
    rules = ranking_rules(app, **options)
    counts = cached_counts(Path(app.db).parent / ODDS_CACHE, rules, turned)
    total = sum(count for _, count in counts)
    game = game_of(rules)
    rows = [{"class": name, "count": count, "probability": count / total, **game.class_facts(rules, name)}
            for name, count in counts]
    if out.data(rows):
        return
    out.table([{"class": r["class"], "count": f"{r['count']:,}", "probability": f"{r['probability']:.5%}",
                "odds": odds_words(r["count"], total)} for r in rows])
    click.echo(f"{total:,} hands, every one counted: {game.counted(rules, turned)}.")


ODDS_CACHE = "odds-cache.json"  # beside the ledger: each rule set's counts, counted once
CACHE_ENTRIES = 256  # the most rule sets kept; the oldest go first


def cached_counts(path: Path, rules: Rules, turned: int | None) -> list[tuple[str, int]]:
    """`odds`' counts for `rules` (what orders hands: the game, its ranking's rules, a card turned up), read from the
    cache file at `path` where an earlier `odds` counted them, else counted now and added to it. The cache is a
    convenience, never the truth: a file that cannot be read or written is counted around, and its key holds the
    version that counted it, so a new bragref counts again."""
    key = json.dumps([__version__, rules.game, *(rules.value(name) for name in ranking_fields()), turned])
    try:
        cache = json.loads(read_cache(str(path)).decode("utf-8"))
        hit = cache.get(key) if isinstance(cache, dict) else None
        if isinstance(hit, list) and all(isinstance(row, list) and len(row) == 2 for row in hit):
            return [(name, count) for name, count in hit]
    except (OSError, ValueError):
        cache = {}
    counts = game_of(rules).class_counts(rules, turned)
    if not isinstance(cache, dict):
        cache = {}
    cache[key] = counts
    kept = dict(list(cache.items())[-CACHE_ENTRIES:])
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        temporary.write_text(json.dumps(kept), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
    return counts


def odds_words(count: int, total: int) -> str:
    """``459 to 1`` against, or ``3 to 1 on``, rounded as the seeds print them."""
    if count == 0:
        return "never"
    against = (total - count) / count
    return f"{against:,.0f} to 1" if against >= 1 else f"{1 / against:,.1f} to 1 on"


COMMANDS = [rank, compare, odds]
