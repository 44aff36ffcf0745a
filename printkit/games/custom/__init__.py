"""A game of one's own: a spec with no Python behind it.

A spec says ``game: custom`` and lists ``components:`` (cards, tiles,
tokens, dice, boards, ...); ``printkit.components`` makes their parts.
There is no rules engine: ``simulate``, ``balance``, ``moves`` and ``apply``
refuse such a spec, and ``validate`` checks all but playouts.

- ``checks.py``: what the schema cannot say (names, files, rows);
- ``parts.py``: the components' parts and the rulebook's drawings of them;
- ``table.py``: the kit on a table (``printkit play``'s sandbox, the
  virtual table save): the spec's board and a zone per component.
"""
