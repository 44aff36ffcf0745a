"""Greg Lam's Rock, Paper, Scissors (Pair-of-Dice Games, 2001): a hex board in
two segments, Rocks that knock each other down a row, Papers that stack and
spread, Scissors that lock together, and Flags to destroy.

Modules: ``hexes`` (the board's geometry, shared by the rules and the kit),
``rules`` (the engine), ``checks`` (spec checks), ``parts`` (the kit),
``evaluation`` (the balance agents' judgement).
"""
