"""Words a person reads, from issue 79's newcomers (no browser: the pages' words as the server writes them). Teen
Patti's show asked for and its cards shown are two things, said apart everywhere (R13.3); a side show says with whom
(R13.4); rules, games and states in words on the pages; `history` names who boiled in (R16.7)."""

import json


TEEN_PATTI = """
    session new t --players Ann,Bob,Cat,Dan --game teen-patti --currency £
    deal
    look bob
    bet bob 2
    look cat
    bet cat 2
    look dan
    bet dan 2
    fold ann
    bet bob 2
    sideshow cat 2
    accept bob
    show bob Jh Jc 4s
    show cat Kd Kc 8s
    see dan
"""


def page(bragref, view: str = "referee") -> dict:
    """The table as a page of `view` is sent it (`referee`, `players`)."""
    from bragref.serve.watch import Watcher

    watcher = Watcher(str(bragref.db))
    assert watcher.look()
    return json.loads(watcher.views[view])


def lines(bragref, view: str = "referee") -> list[str]:
    return [line["text"] for line in page(bragref, view)["told"]["lines"]]


def test_a_show_asked_for_and_a_show_of_the_cards_are_said_apart_in_the_hands_list_r13_3(bragref):
    bragref.lines(TEEN_PATTI)
    said = lines(bragref)
    assert "Dan asks Cat for a show, £2" in said, said
    assert "Cat asks Bob for a side show, £2" in said, said
    assert "Bob accepts Cat's side show" in said, said
    assert "Bob shows Jh Jc 4s" in said and "Cat shows Kd Kc 8s" in said, said
    assert not [line for line in said if line.endswith(" · show £2") or " · show · " in line], said
    shown = lines(bragref, "players")  # a side show's cards are the two players' business while in play (R13.4)
    assert "Bob shows Jh Jc 4s" not in shown and "Cat shows Kd Kc 8s" not in shown, shown
    assert "Dan asks Cat for a show, £2" in shown, shown


def test_a_refused_side_show_says_whose_it_was_r13_4(bragref):
    bragref.lines(TEEN_PATTI.split("    accept bob")[0])
    bragref("refuse bob")
    assert "Bob refuses Cat's side show" in lines(bragref)
    entry = bragref.json("history")[-1]
    assert (entry["action"], entry["detail"]) == ("refuse", "Cat's side show"), entry


def test_history_notes_with_whom_a_show_or_a_side_show_was_asked_r13_3_r13_4(bragref):
    bragref.lines(TEEN_PATTI)
    notes = {entry["action"]: entry["detail"] for entry in bragref.json("history")}
    assert notes["see"] == "asks Cat for a show", notes
    assert notes["sideshow"] == "asks Bob for a side show", notes
    assert notes["accept"] == "Cat's side show", notes
    text = bragref("history").stdout
    assert "asks Cat for a show" in text and "asks Bob for a side show" in text, text


def test_what_was_recorded_says_a_show_asked_for_apart_from_a_show_r13_3(bragref):
    bragref.lines(TEEN_PATTI.split("    see dan")[0])
    said = bragref.table("see dan").stdout
    assert "Recorded: Dan asks Cat for a show (£2 into the pot)." in said, said
    bragref.lines(TEEN_PATTI.split("    sideshow cat 2")[0].replace("session new t", "session new u"))
    said = bragref.table("sideshow cat 2", "accept bob").stdout
    assert "Recorded: Cat chaals £2 and asks Bob for a side show (£2 into the pot)." in said, said
    assert "Recorded: Bob accepts Cat's side show." in said, said


def test_the_replay_says_with_whom_a_voided_side_show_was_asked_r13_4(bragref):
    bragref.lines(TEEN_PATTI.split("    accept bob")[0])
    bragref("undo")
    told = bragref("replay 1").stdout
    assert "Cat chaalled £2 and asked Bob for a side show." in told, told


def asked(bragref, player: str, words: str) -> tuple[int, dict]:
    """A seat's request, asked as `POST /s/SEAT/ask` asks it, judged and left waiting for the referee."""
    from bragref.serve.referee import Referee
    from bragref.serve.seats import Seats

    head = bragref.json("status")["digest"]
    body = json.dumps({"words": words, "head": head}).encode()
    return Referee(str(bragref.db), None, Seats("ask")).ask(player, body)


def test_a_seats_request_keeps_what_its_move_costs(bragref):
    """A see costs what it costs (R5.3), and the request's line says so, as the seat's button did (`see for £2`)."""
    bragref.lines("""
        session new friday --players Ann,Bob,Cat,Dan --currency £
        deal
        bet bob 1
        bet cat 1
        fold dan
        fold ann
    """)
    code, said = asked(bragref, "Bob", "see bob")
    assert code == 202, said
    assert said["asked"] == "Bob asks: see for £2", said
    code, said = asked(bragref, "Bob", "bet bob 2")
    assert said["asked"] == "Bob asks: bet £2", said  # an amount of its own: said once


def referee_said(bragref, words: str) -> str:
    """What the referee's page is told when it records `words` (`POST act`)."""
    from bragref.serve.referee import Referee

    head = bragref.json("status")["digest"]
    code, said = Referee(str(bragref.db), None).act(json.dumps({"words": words, "head": head}).encode())
    assert code == 200, said
    return said["recorded"]


def test_a_game_changed_from_the_page_is_said_by_its_title_the_terminal_keeping_its_words_r9_3(bragref):
    bragref.lines("""
        session new friday --players Ann,Bob --currency £
        deal
        fold bob
    """)
    said = referee_said(bragref, "rules game teen-patti")
    assert said == "Game is now Teen Patti from the next hand (R10, R9.3).", said
    said = referee_said(bragref, "rules chaal-limit 8")
    assert said == "Chaal limit is now £8 from the next hand (R13.2, R9.3).", said
    assert "teen-patti" not in referee_said(bragref, "rules game teen-patti")  # already: said in words too
    printed = bragref("rules set game brag").stdout  # the terminal keeps its promised words (docs/reference.md)
    assert printed.startswith("game is now brag from the next hand (R10, R9.3)."), printed


def test_a_three_card_poker_wager_is_said_in_words_r17_2(bragref):
    bragref.lines("""
        session new t --players Ann,Bob,Cat --game three-card-poker --currency £
        deal
    """)
    said = bragref.table("wager bob --ante 2 --pair-plus 1").stdout
    assert "Recorded: Bob wagers an Ante of £2 and a Pair Plus of £1 (£3 into the pot)." in said, said
    _code, asked_ = asked(bragref, "Cat", "wager cat --ante 2")
    assert asked_["asked"] == "Cat asks: wager an Ante of £2", asked_
    assert "pair-plus" not in referee_said(bragref, "wager cat --ante 1 --pair-plus 1")


def test_the_rules_form_names_each_rule_and_value_in_words(bragref):
    bragref.lines("""
        session new friday --players Ann,Bob --currency £
    """)
    form = next(form for form in page(bragref)["told"]["forms"] if form["verb"] == "rules")
    labels = dict(form["fields"][0]["options"])
    assert labels["game"] == "Game (R10)", labels
    assert labels["short-money"].startswith("Short money: "), labels
    assert labels["see-cost"].startswith("See cost: "), labels
    assert labels["a23"].startswith("A-2-3: "), labels
    for key, label in form["fields"][0]["options"]:  # a title, never the rule's key (`see-cost:`, `a23:`)
        title = label.split(":")[0].split(" (")[0]
        assert title[0].isupper() and "-" not in title.replace("A-2-3", ""), (key, label)
    values = form["fields"][1]["choices"]
    assert ["faceup", "face up"] in values["retained-blind"], values["retained-blind"]


def test_the_players_are_waiting_for_the_deal_before_it_not_sitting_out(bragref):
    bragref.lines("""
        session new friday --players Ann,Bob --currency £
    """)
    assert page(bragref, "players")["told"]["states"] == {"Ann": "waiting for the deal", "Bob": "waiting for the deal"}
    bragref("deal")
    bragref("fold bob")
    bragref("player join Cat")  # seated after the hand: dealt in at the next
    states = page(bragref, "players")["told"]["states"]
    assert states["Cat"] == "waiting for the deal" and states["Ann"] != "waiting for the deal", states


def test_history_names_who_boiled_in_at_a_svara_deal_r16_7(bragref):
    bragref.lines("""
        session new s --players Ann,Bob,Cat,Dan --game svara --currency £
        deal
        bet bob 2
        bet cat 2
        bet dan 2
        bet ann 2
        open bob
        show bob Ah Kh 9h
        show cat As Ks 9s
        concede dan
        show ann 7c 8c 9c
        deal --boil dan
    """)
    deal = next(entry for entry in bragref.json("history 2") if entry["action"] == "deal")
    assert deal["detail"] == "Cat and Bob in free; Dan boiled in for £7 (R16.7)", deal
    assert "Dan boiled in" in bragref("history 2").stdout
    assert any("Dan boiled in" in line for line in lines(bragref, "players"))


def test_what_the_page_says_was_recorded_of_a_move_of_no_amount_is_a_sentence(bragref):
    """`Recorded: Cat look.`, `Ann fold`, `Bob pack` read on a page as the words typed, not as what happened (the
    evening after issue 79): there a move said by its verb alone is a sentence, in the game's words; the terminal
    keeps the words its transcripts show (`Recorded: Cat fold.`)."""
    from bragref.serve.referee import Referee

    def tapped(words: str) -> str:
        code, said = Referee(str(bragref.db), None).act(json.dumps(
            {"words": words, "head": bragref.json("status")["digest"]}).encode())
        assert code == 200, said
        return said["recorded"]

    bragref.lines("""
        session new b --players Ann,Bob,Cat --currency £
        deal
    """)
    assert tapped("look bob").startswith("Recorded: Bob looks at their cards.")
    assert tapped("bet bob 2").startswith("Recorded: Bob bets £2 (£2 into the pot).")  # with its amount too
    assert tapped("fold cat").startswith("Recorded: Cat folds.")
    assert "Recorded: Ann folds." in tapped("fold ann")
    bragref.lines("session new p --players Ann,Bob,Cat --currency £ --game teen-patti\ndeal")
    assert tapped("fold bob").startswith("Recorded: Bob packs.")
    said = bragref.table("fold cat").stdout
    assert "Recorded: Cat pack." in said, said  # the terminal's words, as its transcripts show them
