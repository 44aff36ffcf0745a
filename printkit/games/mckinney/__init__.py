"""Paper, Rock, Scissors: The Strategy Game (Matt McKinney, 2015).

- ``board.py``: the board's squares, quadrants and +/- spaces as the rules see them;
- ``rules.py``: the engine (Game, State), ``position.py`` its position JSON;
- ``checks.py``: spec checks and validate's layout analysis (reach, symmetry);
- ``geometry.py``: every printed size, shared by the checks and the parts;
- ``parts.py``: the kit (Quadrants with glue tabs and Slider tracks, Builder
  nets, Units, Slider Markers) and the rulebook's figures.
"""
