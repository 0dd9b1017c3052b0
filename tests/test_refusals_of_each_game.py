"""Every game's refusals that no other test reached, each through the command line: exit 3, the rule cited, the
refusal's own words (not another refusal citing the same rule), and nothing written. Found by running the whole
suite under coverage and reading which `raise Refused` lines it never ran."""

import pytest

HOYLE = "--players Andy,Bill,Chris --game hoyle"  # Andy deals and stakes; Bill, Chris, Andy
HOYLE_SHOWDOWN = "deal; bet andy 2; call bill; call chris; stand andy"
THREE_STAKE = "--players Andy,Bill,Chris --game three-stake"
THIRTY_ONE = "deal --up 'Kh 2c Ad'; call bill; call chris; raise andy 2; call bill; fold chris; stand andy"
TEEN_PATTI = "--players Andy,Bill,Chris --game teen-patti"
SIDE_SHOW = "deal; chaal bill 2; chaal chris 2; look andy; sideshow andy 2; accept chris"
SVARA = "--players Andy,Bill,Chris,Dan --game svara"  # Andy deals: Bill, Chris, Dan, Andy
A_SVARA = ("deal; bet bill 2; bet chris 2; bet dan 2; bet andy 2; open bill; show bill Ah Kh 9h; concede chris; "
           "show dan As Ks 9s; show andy 7c 8c 9c")  # Bill and Dan tie on 30: a svara (R16.7)
LIVES = "--players Andy,Bill,Chris --game bastard --scoring lives --lives 2 --entry 5"
LIVES_SHOWDOWN = ("deal; exchange bill 1; exchange chris 1; exchange andy 1; knock bill; exchange chris 1; "
                  "exchange andy 1")

# (session options, lines first, the refused line, the rule, words of the refusal)
CASES = {
    "R6.5 a showdown agreed twice": (
        "--players Andy,Bill,Chris,Dan", "deal; bet bill 2; bet chris 2; bet dan 2; bet andy 2; showdown",
        "showdown", "R6.5", "a showdown is agreed only while betting goes on"),
    "R7.2 a cover with enough on the table": (
        "--players Andy,Bill,Chris --stakes table", "buy-in andy 9; buy-in bill 9; buy-in chris 9; deal; bet bill 2",
        "cover chris 1", "R7.2", "Chris has 8 on the table, enough for the minimum of 2: bet or fold, not cover"),
    "R11.2 a bet once the dealer's stake is up": (
        HOYLE, "deal; bet andy 2", "bet bill 2", "R11.2", "the dealer's stake is up: call, raise, stand or fold"),
    "R11.6 all in by a player who can make the call": (
        HOYLE, "deal; bet andy 1", "call bill --all-in 1", "R11.6", "Bill can make the call of 1"),
    "R11.2 a raise under the least": (
        f"{HOYLE} --min-raise 2", "deal; bet andy 2", "raise bill 1", "R11.2", "a raise adds at least 2, not 1"),
    "R11.2 a raise over the limit": (
        f"{HOYLE} --raise-limit 2", "deal; bet andy 2", "raise bill 3", "R11.2", "a raise may add at most 2 here"),
    "R11.4 a second show": (
        HOYLE, f"{HOYLE_SHOWDOWN}; show andy Kh Kd 4c", "show andy Ah Ad 2c", "R11.4",
        "Andy has shown or conceded already"),
    "R11.4 a concede after showing": (
        HOYLE, f"{HOYLE_SHOWDOWN}; show andy Kh Kd 4c", "concede andy", "R11.4", "Andy cannot concede now"),
    "R11.4 the pot awarded to a folded player": (
        HOYLE, "deal; bet andy 2; call bill; fold chris; stand andy", "award chris", "R11.4",
        "the pot goes to players still in it: Bill, Andy"),
    "R15.3 a stand by one who is not the last raiser": (
        THREE_STAKE, "deal --up 'Kh 2c Ad'; call bill; call chris; raise andy 1", "stand bill", "R15.3",
        "only the last raiser, Andy, may stand"),
    "R15.4 a second show in the thirty-one": (
        THREE_STAKE, f"{THIRTY_ONE}; show bill Kh 3d 4h", "show bill Kh 3d 5h", "R15.4",
        "Bill has shown: now draw or stick"),
    "R2.2 a three-stake move once the hand is over": (
        THREE_STAKE, ("deal --up 'Kh 2c Ad'; call bill; fold chris; fold andy; concede bill; concede chris; "
        "concede andy"), "stick andy", "R2.2", "this hand is over: deal the next one"),
    "R3.4 a second look in Teen Patti": (
        TEEN_PATTI, "deal; look bill", "look bill", "R3.4", "Bill has already looked"),
    "R13.5 a look at a retained hand in Teen Patti": (
        TEEN_PATTI, "deal", "look bill --hand old --keep", "R13.5", "there are no retained hands in Teen Patti"),
    "R13.4 a side show accepted that nobody asked for": (
        TEEN_PATTI, "deal", "accept bill", "R13.4", "nobody has asked Bill for a side show"),
    "R3.5 a blind chaal after looking": (
        TEEN_PATTI, "deal; look bill", "chaal bill 2 --blind", "R3.5", "Bill is seen and cannot chaal blind again"),
    "R3.4 a seen chaal by a blind player who has not looked": (
        TEEN_PATTI, "deal; chaal bill 2 --blind; chaal chris 4; chaal andy 4", "chaal bill 4", "R3.4",
        "Bill is playing blind: chaal blind (--blind), or look first"),
    "R13.2 a blind chaal with no room under the chaal limit": (
        f"{TEEN_PATTI} --chaal-limit 5", "deal; chaal bill 3; chaal chris 5", "chaal andy 3 --blind", "R13.2",
        "the stake of 5 is at the chaal limit: no blind chaal fits under it"),
    "R13.4 a second show at a side show": (
        TEEN_PATTI, f"{SIDE_SHOW}; show chris Ah Kh 2c", "show chris Ad Kd 3c", "R13.4",
        "Chris has already shown at this side show"),
    "R13.4 a side show asked by a player who has not looked": (
        TEEN_PATTI, "deal; chaal bill 2; chaal chris 2", "sideshow andy 2", "R13.4",
        "Andy has not looked, and is blind until they do (R3.1): only a seen player may ask for a side show"),
    "R13.4 a chaal while a side show is compared": (
        TEEN_PATTI, SIDE_SHOW, "chaal andy 2", "R13.4", "Andy and Chris compare hands first"),
    "R16 a look at a retained hand in svara": (
        SVARA, "deal", "look bill --hand old --keep", "R16", "Bill holds one hand: svara has no retained hands"),
    "R16.4 a dark bet with no room under max-bet": (
        f"{SVARA} --max-bet 1", "deal", "bet bill 1 --blind", "R16.4",
        "no dark bet fits under the most of 1: pass, or open"),
    "R16.5 a show by a player who passed": (
        SVARA, "deal; bet bill 2; pass chris; bet dan 2; bet andy 2; open bill", "show chris Ah Kh 9h", "R16.5",
        "Chris is out of this hand"),
    "R2.2 a svara show once the hand is over": (
        SVARA, "deal; bet bill 2; pass chris; pass dan; pass andy", "show bill Ah Kh 9h", "R2.2",
        "this hand is over, so there is nothing to show"),
    "R16.7 a svara deal with none of its players seated": (
        SVARA, f"{A_SVARA}; player leave bill; player leave dan", "deal", "R16.7",
        "none of the svara's players (Bill, Dan) is seated: someone boils in for 7"),
    "R16.7 a concede by the one player of a svara deal": (
        SVARA, f"{A_SVARA}; player leave Dan; deal; undo", "concede bill", "R16.7",
        "Bill alone is in the svara deal: there is nobody to concede to"),
    "R14.4 a move but a show once the exchanges are over": (
        LIVES, LIVES_SHOWDOWN, "concede bill", "R14.4", "the exchanges are over: everyone shows"),
    "R14.4 a second show for lives": (
        LIVES, f"{LIVES_SHOWDOWN}; show bill Ah Ad Kc", "show bill Kh Kd 2c", "R14.4", "Bill has shown already"),
    "R2.2 a Three Card Poker move once the hand is over": (
        "--players Andy,Bill,Chris --game three-card-poker", "deal; pass bill; pass chris", "pass bill", "R2.2",
        "this hand is over: deal the next one"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_refused(bragref, name):
    options, before, line, rule, words = CASES[name]
    bragref(f"session new t {options}")
    for step in filter(None, (s.strip() for s in before.split(";"))):
        bragref(step)
    message = bragref.refused(line, rule)
    assert message.startswith("refused: ") and words in message, message
    assert len(message.strip().splitlines()) <= 2
