"""The season page (`GET …/season`, docs/serve.md): what `bragref stats` reports (`Book.stats`), drawn by the server as
inline SVG a room can read: per player the net by game, the hands won and those won at a showdown, the shares looked at
and bet blind; per game the hand types shown against what the odds make of as many hands; per dealer the hand types
shown at a chance below 1 in 100, said as chance, not proof. Each picture has its figures as a table beside it, for a
screen reader and for whoever wants the numbers; everyone of the season, and every hand type of each game, at zero
where the nights shown hold none of theirs. The nights are `stats --from --to`'s (`?from=&to=`, a form on the page
chooses them). A few lines of SVG, written once per state of the ledger and range; the page's one script
(static/season.js) only fetches it again as hands are dealt and end, following the pages' stream.

The pictures are 360 units wide and scale with the page (`width: 100%`): a label of 15 units is 14 px on a 360 px phone
and over 24 px on a TV, where a picture takes half the screen's width. A label and its figures share a line where
both fit, else the figures take the next line, so that no word runs out of its picture. Everything from the ledger is
text (`escape`), and the page is well-formed XML as well as HTML."""

from __future__ import annotations

from html import escape
from itertools import pairwise

W = 360  # the pictures' width, in their own units
FONT = 15  # a label's size, in those units
CHAR = 0.6 * FONT  # the most a character takes, to decide whether a label and its figures share a line
BAR = 12  # a bar's height
GAP = 8  # below each row's bars


def _e(text) -> str:
    return escape(str(text), quote=True)


class Picture:
    """One SVG picture being drawn, row by row, top down."""

    def __init__(self, label_id: str):
        self.label_id, self.parts, self.y = label_id, [], 0.0

    def heading(self, text: str) -> None:
        self.y += FONT + 6
        self.parts.append(f'<text x="0" y="{self.y:g}" class="head">{_e(text)}</text>')
        self.y += 4

    def label(self, left: str, right: str = "") -> None:
        """A row's label at the left and its figures at the right, on one line where both fit, else two."""
        self.y += FONT + 2
        self.parts.append(f'<text x="0" y="{self.y:g}">{_e(left)}</text>')
        if not right:
            return
        if (len(left) + len(right) + 2) * CHAR > W:
            self.y += FONT + 2
        self.parts.append(f'<text x="{W}" y="{self.y:g}" text-anchor="end">{_e(right)}</text>')

    def bar(self, kind: str, of: str, x: float, width: float, height: float = BAR, dy: float = 0) -> None:
        self.parts.append(f'<rect class="{kind}" data-for="{_e(of)}" x="{x:.2f}" y="{self.y + 4 + dy:.2f}" '
                          f'width="{max(width, 0):.2f}" height="{height:g}"/>')

    def down(self, by: float = BAR) -> None:
        self.y += 4 + by + GAP

    def line(self, x: float) -> None:
        self.parts.append(f'<line class="zero" x1="{x:.2f}" x2="{x:.2f}" y1="0" y2="{self.y:.2f}"/>')

    def svg(self) -> str:
        height = round(self.y + 2)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" height="{height}" '
                f'role="img" aria-labelledby="{self.label_id}" font-size="{FONT}">' + "".join(self.parts) + "</svg>")


def _figure(name: str, picture: Picture, caption: str, head: list[str], rows: list[list], numeric: int = 1) -> str:
    """A picture, its caption (which names it for a screen reader) and its figures as a table (`head`, then `rows`;
    the columns from `numeric` on are figures, set right)."""
    right = ' class="n"'
    cells = "".join(f'<th scope="col"{right * (i >= numeric)}>{_e(h)}</th>' for i, h in enumerate(head))
    body = "".join("<tr>" + "".join((f'<th scope="row">{_e(c)}</th>' if i == 0 else
                                     f'<td{right * (i >= numeric)}>{_e(c)}</td>') for i, c in enumerate(row))
                   + "</tr>" for row in rows)
    return (f'<figure id="{name}">{picture.svg()}<figcaption id="{picture.label_id}">{_e(caption)}</figcaption>'
            f'<details><summary>the figures</summary><table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody>'
            f'</table></details></figure>')


def titled(game: str) -> str:
    """A game as the table's pages name it, its title (`Teen Patti`, not the key `teen-patti`); a game no longer
    installed by its key."""
    from bragref.engine.rules import Rules
    from bragref.games import game_of

    try:
        return game_of(Rules(game=game)).title
    except Exception:  # noqa: BLE001 - a plug-in's game no longer installed: its key is all there is to say
        return game


def signed(written: str, units: int) -> str:
    """An amount as the table's pages write it (`told.unbroken`, page.js): a loss with a minus sign joined to it
    (`−£0.30`), never a hyphen."""
    return "−\u2060" + written.lstrip("-") if units < 0 else written


def _share(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else ""


def _expected(value: float) -> str:
    """As `stats` says it: one decimal, or two significant figures below a tenth."""
    return f"{value:.1f}" if value >= 0.1 else f"{value:.2g}"


def _net(rows: list[dict], said, name: str, several: bool, idle: list[str] = ()) -> str:
    """Each player's net in each game: gains right of zero, losses left, to one scale (one money's); each of `idle`
    (players with no hand in the range) at zero, last, a bar of nothing and a row that says so."""
    rows = sorted(rows, key=lambda r: -r["net"])
    money = rows[0]["money"] if rows else None
    gain, loss = max([r["net"] for r in rows] + [0]), -min([r["net"] for r in rows] + [0])
    zero = W * loss / (gain + loss) if gain + loss else 0
    scale = W / (gain + loss) if gain + loss else 0
    picture = Picture(f"{name}-said")
    for r in rows:
        amount = said(r["money"], r["net"])
        of = f"{r['player']} {r['game']}" + (f" {r['money']}" if several else "")
        picture.label(f"{r['player']} · {titled(r['game'])}", ("+" if r["net"] > 0 else "") + amount)
        if r["net"] >= 0:
            picture.bar("gain", of, zero, r["net"] * scale)
        else:
            picture.bar("loss", of, zero + r["net"] * scale, -r["net"] * scale)
        picture.down()
    for player in idle:
        picture.label(f"{player} · no hands", said(money, 0))
        picture.bar("gain", player, zero, 0)
        picture.down()
    picture.line(zero)
    kept = f" (in units of {money})" if several else ""
    caption = (f"Net by game{kept}: each player's result in each game over the nights shown, gains right of the "
               "line, losses left of it.")
    return _figure(name, picture, caption, ["player", "game", "net"],
                   [[r["player"], titled(r["game"]), said(r["money"], r["net"])] for r in rows]
                   + [[player, "no hands", said(money, 0)] for player in idle], numeric=2)


def _people(rows: list[dict], everyone: list[str] = ()) -> list[dict]:
    """Each player's rows added up over their games and money (counts only); each of `everyone` with no row at zero
    (a player of the season with no hand in the range)."""
    from bragref.engine.names import key

    people: dict[str, dict] = {}
    for r in rows:
        p = people.setdefault(key(r["player"]), {"player": r["player"], "hands": 0, "won_hands": 0,
                                                  "showdowns_won": 0, "looked": 0, "blind": 0})
        for count in ("hands", "won_hands", "showdowns_won", "looked", "blind"):
            p[count] += r[count]
    for player in everyone:
        people.setdefault(key(player), {"player": player, "hands": 0, "won_hands": 0, "showdowns_won": 0,
                                        "looked": 0, "blind": 0})
    return list(people.values())


def _part(part: int, whole: int) -> float:
    """A bar's share of the whole width: nothing of nothing."""
    return W * part / whole if whole else 0


def _won(people: list[dict]) -> str:
    picture = Picture("won-said")
    for p in people:
        picture.label(p["player"], f"won {p['won_hands']} of {p['hands']} · {p['showdowns_won']} at a showdown")
        picture.bar("track", p["player"], 0, W)
        picture.bar("won", p["player"], 0, _part(p["won_hands"], p["hands"]))
        picture.bar("showdown", p["player"], 0, _part(p["showdowns_won"], p["hands"]), BAR / 2, BAR / 4)
        picture.down()
    caption = ("Hands won: of the hands each player was dealt in (the whole bar), those they won (filled) and, of "
               "those, the ones won at a showdown or a see (the dark band).")
    return _figure("won", picture, caption, ["player", "hands dealt in", "won", "at a showdown"],
                   [[p["player"], p["hands"], p["won_hands"], p["showdowns_won"]] for p in people])


def _looked(people: list[dict]) -> str:
    picture = Picture("looked-said")
    for p in people:
        picture.label(p["player"], f"looked {_share(p['looked'], p['hands'])} · blind {_share(p['blind'], p['hands'])}"
                      if p["hands"] else "no hands")
        for kind, dy in (("looked", 0), ("blind", BAR / 2 + 2)):
            picture.bar("track", p["player"] if kind == "looked" else f"{p['player']} blind", 0, W, BAR / 2, dy)
            picture.bar(kind, p["player"], 0, _part(p[kind], p["hands"]), BAR / 2, dy)
        picture.down(BAR + 2)
    caption = ("Looked and blind: the share of the hands dealt in that each player looked at (the upper bar, filled) "
               "and bet blind in (the lower bar, outlined).")
    return _figure("looked", picture, caption, ["player", "hands dealt in", "looked", "blind"],
                   [[p["player"], p["hands"], _share(p["looked"], p["hands"]) or "no hands",
                     _share(p["blind"], p["hands"]) or "no hands"] for p in people])


def _types(game: str, classes: dict[str, list], name: str) -> str:
    """A game's hand types shown against what the odds make of as many hands shown."""
    shows = sum(count for count, _ in classes.values())
    most = max(max(count, shows * odds) for count, odds in classes.values()) or 1  # nothing shown: bars of nothing
    picture = Picture(f"{name}-said")
    rows = []
    for cls, (count, odds) in classes.items():
        expected = shows * odds
        picture.label(cls, f"{count} shown, {_expected(expected)} expected")
        picture.bar("shown", cls, 0, W * count / most)
        picture.bar("expected", cls, 0, W * expected / most, BAR / 2, BAR + 1)
        picture.down(BAR + BAR / 2 + 1)
        rows.append([cls, count, _expected(expected), f"{100 * odds:.2f}%"])
    caption = (f"{titled(game)}: the hand types of the {shows} hand{'s' * (shows != 1)} shown (filled) against what the odds "
               "of the game's pack make of as many hands (the outlined bar below each).")
    return _figure(name, picture, caption, ["hand type", "shown", "expected", "odds"], rows)


def _flagged(cases: list[tuple[dict, dict]]) -> str:
    picture = Picture("flagged-said")
    for deal, t in cases:
        of = f"{deal['dealer']} {deal['game']} {t['class']}"
        most = max(t["shown"], t["expected"])
        picture.label(f"{deal['dealer']}, {titled(deal['game'])}: {t['class']}")
        picture.label(f"{t['shown']} shown, {_expected(t['expected'])} expected")
        picture.bar("shown", of, 0, W * t["shown"] / most)
        picture.bar("expected", of, 0, W * t["expected"] / most, BAR / 2, BAR + 1)
        picture.down(BAR + BAR / 2 + 1)
        picture.label(f"chance: {t['one_in']}")
        picture.y += 6
    caption = ("Below 1 in 100: a hand type shown in a dealer's deals more often than a fair deal makes, so often "
               "that a fair deal makes at least as many less than once in a hundred; chance, not proof.")
    return _figure("flagged", picture, caption, ["dealer", "game", "hand type", "shown", "expected", "chance",
                                                 "below 1 in 100"],
                   [[d["dealer"], titled(d["game"]), t["class"], t["shown"], _expected(t["expected"]), t["one_in"], "yes"]
                    for d, t in cases], numeric=3)


def _dealers(found: dict) -> str:
    """Per dealer: the flagged cases drawn, what a flag means, and every dealer's hand types shown more often than
    expected, as `stats` lists them."""
    cases = [(d, t) for d in found["dealers"] for t in d["types"] if t["flagged"]]
    parts = ['<section id="dealers" aria-labelledby="dealers-head"><h2 id="dealers-head">Dealers</h2>',
             ("<p>The hand types shown in the hands each dealt, against what a fair deal makes, with the chance of at "
              "least that many.</p>")]
    if cases:
        parts.append(_flagged(cases))
    else:
        parts.append("<p class=\"said\">No dealer's deals hold a hand type at a chance below 1 in 100.</p>")
    parts.append(f'<p class="said">{_e(found["chance_not_proof"])}</p><ul>')
    for d in found["dealers"]:
        above = [t for t in d["types"] if t["shown"] > t["expected"]]
        said = ("cards change hands after the deal there, so a hand shown is not a hand dealt; not tested"
                if not d["tested"] else "; ".join(
                    f"{t['class']}: {t['shown']} shown, {_expected(t['expected'])} expected, {t['one_in']}"
                    + (" (below 1 in 100)" if t["flagged"] else "") for t in above)
                or "no hand type shown more often than a fair deal makes")
        parts.append(f"<li>{_e(d['dealer'])} dealt {d['hands']} hand{'s' * (d['hands'] != 1)} of "
                     f"{_e(titled(d['game']))} "
                     f"({d['dealt']} dealt in, {d['shown']} shown): {_e(said)}.</li>")
    parts.append("</ul></section>")
    return "".join(parts)


HEAD = ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"/>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>'
        '<meta name="color-scheme" content="light dark"/><title>bragref — the season</title>'
        '<link rel="stylesheet" href="season.css"/><link rel="icon" href="icon.svg"/>'
        '<script src="season-page.js" defer=""></script></head>')
LIVE = "Reload this page for the newest."  # said until the page's script follows the ledger (season.js)


def chosen(first: str | None, last: str | None, error: str | None = None) -> str:
    """The form that chooses the nights shown (`?from=&to=`, `stats --from --to`): two dates, either left empty, sent
    to this page again; `error`, why the range asked for was not taken, said above it."""
    said = f'<p class="said" role="alert" id="range-error">{_e(error)}</p>' if error else ""
    return (f'{said}<form id="range" method="get" action="season" aria-labelledby="range-head">'
            '<h2 id="range-head">Nights shown</h2><div class="fields">'
            f'<p><label for="range-from">from</label><input type="date" id="range-from" name="from" '
            f'value="{_e(first or "")}"/></p>'
            f'<p><label for="range-to">to</label><input type="date" id="range-to" name="to" value="{_e(last or "")}"/>'
            '</p></div><p class="go"><button type="submit">show</button> <a href="season">every night</a></p></form>')


def span(first: str | None, last: str | None) -> str:
    """The nights shown, in words."""
    if first and last:
        return f"the nights from {first} to {last}"
    if first:
        return f"the nights from {first} on"
    if last:
        return f"the nights up to {last}"
    return "every night kept"


def page(found: dict, said, ranks: dict[str, list[tuple[str, float]]] | None = None, cast: dict | None = None,
         first: str | None = None, last: str | None = None, digest: str = "", error: str | None = None) -> str:
    """The season page of `found` (`Book.stats(None, first, last)`: the nights from `first` to `last`), amounts
    written by `said(money, units)` in their own money, each game's hand types in the order `ranks` gives (best
    first, R8, with their odds: those never shown drawn at zero); `cast` (`Book.cast()`), the season's players and
    games, each drawn at zero where the range holds none of their hands; `digest`, the ledger's when it was read,
    which the page's script follows (season.js); `error`, why the range asked for is not one (no figures)."""
    cast = cast or {"players": [], "games": []}
    body = f'<body data-digest="{_e(digest)}"><header><h1>The season</h1>'
    back = '<p><a href="./">back to the table</a></p>'
    live = f'<p id="live" role="status">{LIVE}</p>'
    if error:
        return (HEAD + body + back + "</header><main>" + chosen(first, last, error) + "</main></body></html>")
    if not found["players"] and not found["dealers"] and not cast["players"]:
        return HEAD + body + back + live + "</header><main><p>No hand recorded yet.</p></main></body></html>"
    hands = sum(d["hands"] for d in found["dealers"])
    from bragref.ledger.stats import idle as none_dealt

    idle = none_dealt(found["players"], cast["players"])
    people = _people(found["players"], idle)
    played = len(people) - len(idle)
    parts = [HEAD, body, (f'<p id="summary">Play read from the ledger\'s chain over {_e(span(first, last))}: '
                          f"{hands} hand{'s' * (hands != 1)} dealt, "
                          + (f"{played} of the season's {len(people)} players" if idle else
                             f"{played} player{'s' * (played != 1)}")
                          + f" dealt in. {back[3:-4]}.</p>"), live,
             chosen(first, last), "</header><main>"]
    if not hands:
        parts.append('<p class="said" id="none">No hand in this range: every player and hand type at zero.</p>')
    moneys = list(dict.fromkeys(r["money"] for r in found["players"])) or [None]
    parts.append('<section aria-labelledby="net-head"><h2 id="net-head">Net by game</h2>')
    for i, money in enumerate(moneys):
        parts.append(_net([r for r in found["players"] if r["money"] == money], said,
                          "net" if i == 0 else f"net-{i + 1}", len(moneys) > 1, idle if i == 0 else ()))
    parts.append('</section><section aria-labelledby="won-head"><h2 id="won-head">Hands won</h2>')
    parts.append(_won(people))
    parts.append('</section><section aria-labelledby="looked-head"><h2 id="looked-head">Looked and blind</h2>')
    parts.append(_looked(people))
    parts.append('</section><section aria-labelledby="types-head"><h2 id="types-head">Hand types against the odds</h2>'
                 f'<p class="said">{_e(found["shown_only"])}</p>')
    games: dict[str, dict[str, list]] = {game: {} for game in cast["games"]}
    orders: dict[str, list[list[str]]] = {}
    for r in found["players"]:
        kept = games.setdefault(r["game"], {})
        for s in r["shown"]:
            kept.setdefault(s["class"], [0, s["odds"]])[0] += s["shown"]
        orders.setdefault(r["game"], []).append([s["class"] for s in r["shown"]])
    for game, classes in games.items():
        every = (ranks or {}).get(game, [])
        for cls, odds in every:  # a hand type never shown in the range: drawn at zero (docs/season.md)
            classes.setdefault(cls, [0, odds])
        if classes:
            ranked = _ranked(orders.get(game, []) + [[cls for cls, _ in every]], [cls for cls, _ in every])
            parts.append(_types(game, {cls: classes[cls] for cls in ranked}, f"types-{game}"))
    if not any(games.values()):
        parts.append("<p>No hand shown yet.</p>")
    parts.append("</section>")
    parts.append(_dealers(found))
    parts.append("</main></body></html>")
    return "".join(parts)


def _ranked(orders: list[list[str]], rank: list[str]) -> list[str]:
    """The hand types of several players' shows, best first as R8 ranks them: as `rank` (the game's ranking under
    its default rules) orders them, then any it does not name (a house rule's) as the players' lists order them
    (each list is a part of the game's ranking; a rarer type is not always the better: brag's running flush is rarer
    than its prial)."""
    every = {cls for order in orders for cls in order}
    known = [cls for cls in rank if cls in every]
    orders = [[cls for cls in order if cls not in known] for order in orders]
    after: dict[str, set[str]] = {}
    for order in orders:
        for cls in order:
            after.setdefault(cls, set())
        for better, worse in pairwise(order):
            after[worse].add(better)
    ranked: list[str] = []
    while len(ranked) < len(after):
        ready = next((cls for cls in after if cls not in ranked and after[cls] <= set(ranked)), None)
        if ready is None:  # house rules that rank them otherwise from night to night: as first met
            return known + ranked + [cls for cls in after if cls not in ranked]
        ranked.append(ready)
    return known + ranked


def figures(path: str, session: str | None = None, unless: str | None = None, first: str | None = None,
            last: str | None = None) -> dict | None:
    """What the page draws of the nights from `first` to `last`, read from the ledger at `path` (read-only): its
    digest, `Book.stats()`, the season's players and games (`Book.cast()`), each money's rules, which write its
    amounts, and each game's hand types with their odds; the digest alone where it is `unless` (the page drawn of it
    stands); None where there is no ledger there yet."""
    import os

    from bragref.api import open_ledger

    if not os.path.isfile(path):
        return None
    book = open_ledger(path, session, read_only=True)
    try:
        with book.reading():
            digest = book.ledger.digest()
            if digest == unless:
                return {"digest": digest}
            found = book.stats(None, first, last)
            cast = book.cast()
            return {"digest": digest, "stats": found, "moneys": book.moneys(), "cast": cast,
                    "ranks": {game: ranking(game) for game in {row["game"] for row in found["players"]}
                              | set(cast["games"])}}
    finally:
        book.close()


def ranking(game: str) -> list[tuple[str, float]]:
    """A game's hand types, best first, under its default rules (R8), each with its odds; none for a game that
    cannot say."""
    from bragref.engine.rules import Rules
    from bragref.games import game_of

    try:
        rules = Rules(game=game)
        counted = game_of(rules).class_counts(rules)
    except Exception:  # noqa: BLE001 - a game no longer installed, a plug-in's own: ordered by the shows
        return []
    total = sum(count for _, count in counted)
    return [(cls, round(count / total, 6)) for cls, count in counted] if total else []


def day(text: str | None, name: str) -> str | None:
    """A range's end as the page's form sends it (`YYYY-MM-DD`; empty: none), or why not (`BadInput`), as `stats
    --from --to` read it."""
    import re
    from datetime import date

    from bragref.engine.errors import BadInput

    if not text:
        return None
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            date.fromisoformat(text)
            return text
    except ValueError:
        pass
    raise BadInput(f"{name} is a date, YYYY-MM-DD, like 2026-11-28, not {text[:20]!r}")


def refused(error: str, first: str | None, last: str | None) -> str:
    """The season page where the range asked for is not one (`error`, why): the form that chooses it, nothing drawn."""
    return page({"players": [], "dealers": []}, None, first=first, last=last, error=error)


def unreadable(error: Exception) -> str:
    """The season page where the ledger cannot be read now (another file put in its place, a disk gone): why."""
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"/><title>bragref — the season</title>'
            f'<link rel="stylesheet" href="season.css"/><link rel="icon" href="icon.svg"/></head>'
            f'<body><h1>The season</h1><p>The ledger cannot be read '
            f'now ({_e(error)}); reload this page to look again.</p><p><a href="./">back to the table</a></p>'
            f'</body></html>')


def drawn(read: dict | None, first: str | None = None, last: str | None = None) -> str:
    """The page of what `figures` read of the nights from `first` to `last` (an empty season where there was nothing
    to read)."""
    if read is None:
        return page({"players": [], "dealers": []}, None, first=first, last=last)
    moneys = read["moneys"]
    return page(read["stats"], lambda money, units: signed(moneys[money].money(units) if money in moneys else
                                                           str(units), units), read["ranks"], read["cast"], first,
                last, read["digest"])
