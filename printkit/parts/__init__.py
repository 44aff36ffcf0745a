"""Parts: the pieces of a kit as geometry in millimetres, each line with its role.

This package holds what every game draws with: ``core`` (parts, lines and
their roles, glue tabs), ``marks`` (player marks, Unit symbols), ``nets``
(dice, stand-ups) and ``steps`` (the numbered steps of a cover sheet). A
game's part generator (``printkit/games/<game>/parts.py``) turns a validated spec into a list of Parts; ``printkit.sheets`` places them on paper and the
writers in ``printkit.writers`` draw them.
"""
