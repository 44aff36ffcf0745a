"""RPS Phoenix: a 6 x 6 board, two dice, Birds that rise from the Ashes.

- ``rules.py``: the engine (Game, State), its notation and position JSON;
- ``checks.py``: spec checks and the player counts of each variant;
- ``geometry.py``: the printed board's size, shared by the checks and the parts;
- ``parts.py``: the kit (board, turn track, Ashes, Bird stand-ups, dice nets,
  score sheets) and the rulebook's figures.
"""
