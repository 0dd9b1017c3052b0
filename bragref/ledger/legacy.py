"""Action rows written before schema 7, read as they were written.

Until then a row held Brag's shape: `amount` as typed (for a see or a call, what it cost), `blind`, and `detail`
(a retained hand's look, the cards shown, the players awarded, a raise's money, an all-in call). Rows written since
hold their arguments as their game declares them (`args`); these columns are read only for the rows before.
"""

from __future__ import annotations

from bragref.games.verbs import Award, Bet, Concede, Fold, Show

DISCARDS = " / "  # in a show's detail, between the cards kept and those discarded


def legacy_action(verb: str, player: str | None, amount: int | None, blind: int | None, detail: str | None):
    from bragref.games.brag.actions import Cover, Look, See, Showdown  # here: only a ledger written before schema 7
    from bragref.games.hoyle.actions import Call, Raise, Stand  # has such rows, and a bet loads only its own game

    if verb == "bet":
        return Bet(player, amount, bool(blind))
    if verb == "cover":
        return Cover(player, amount)
    if verb == "look":
        if detail:
            hand, what = detail.split()
            return Look(player, hand, what == "keep")
        return Look(player)
    if verb == "award":
        return Award(tuple(detail.split(",")))
    if verb == "showdown":
        return Showdown()
    if verb == "show":
        from bragref.engine.cards import MAX_JOKERS, parse_cards  # betting never loads the card tables

        kept, _, discards = detail.partition(DISCARDS)
        return Show(player, parse_cards([kept], MAX_JOKERS), parse_cards([discards], MAX_JOKERS))
    if verb == "call":
        return Call(player, amount if detail == "all-in" else None)
    if verb == "raise":
        return Raise(player, amount)
    return {"see": See, "fold": Fold, "concede": Concede, "stand": Stand}[verb](player)
