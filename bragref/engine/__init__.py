"""The rules engine: pure Python, no I/O.

A hand's state plus an action gives the next state (`apply`) or raises
`Refused` naming the rule; `legal` says what the player to act may do now.
"""
