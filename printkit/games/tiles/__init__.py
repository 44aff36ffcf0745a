"""Rock Paper Scissors Tiles (Matt Arnold, 2008/2010).

- ``shapes.py``: tile orientations and the Rock, Paper and Scissors shapes;
- ``rules.py``: the engine (Game, State), its notation and position JSON;
- ``checks.py``: spec checks (tile count, shapes, the beats cycle);
- ``parts.py``: the kit (tile grids with crop marks, the shapes card) and
  the rulebook's figures.
"""
