"""Action rows written before schema 7, read as they were written.

Until then a row held Brag's shape: `amount` as typed (for a see or a call, what it cost), `blind`, and `detail`
(a retained hand's look, the cards shown, the players awarded, a raise's money, an all-in call). Rows written since hold
their arguments as their game declares them (`args`); these columns are read only for the rows before, by the
declaration of the verb in the hand's game, as every other row is: no game's move is named here.
"""

from __future__ import annotations

from bragref.games import verb_in
from bragref.games.verbs import Param, Reader, Verb


class _Detail(Reader):
    """How the words of an old row's `detail` become values (`games.verbs.Reader`): players as the row names them,
    cards as R8.9 writes them (`Kh Qh Jh / 2c`), every word there as written. Its amount is the row's own column."""

    strict = True

    def money(self, text: str, param: Param) -> int:
        raise ValueError(f"an amount in a row's detail ({text!r}): amounts are the row's own column")

    def player(self, text: str) -> str:
        return text

    def cards(self, texts: list[str], taken: set[int], param: Param) -> tuple[int, ...]:
        from bragref.engine.cards import MAX_JOKERS, parse_cards  # betting never loads the card tables

        return parse_cards(texts, MAX_JOKERS)


def legacy_action(game: str, verb: str, player: str | None, amount: int | None, blind: int | None,
                  detail: str | None) -> Verb:
    """The action an old row records, as the type its verb has in `game` declares it: its amount in the money
    parameter (one introduced by a word, the call's `all-in`, only where `detail` begins with that word), its flag
    in `blind`, and everything else in the words of `detail` (players awarded joined by commas). Where the amount
    is the move's own (a bet's, a raise's), `detail` held no more than the money it took."""
    kind = verb_in(game, verb)
    awards = any(param.kind == "players" for param in kind.params)
    words = [word for word in (detail or "").split("," if awards else None) if word]
    given: dict = {}
    for param in kind.params:
        if param.kind == "flag":
            given[param.name] = bool(blind)
        elif param.kind == "money" and not param.keywords:
            given[param.name], words = amount, []
        elif param.kind == "money" and words[:1] == list(param.keywords[:1]):
            given[param.name], words = amount, words[1:]
    return kind.from_words(player if kind.subject == "player" else None, words, _Detail(), given)
