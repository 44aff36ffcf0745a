"""Parts: the pieces of a kit as geometry in millimetres, each line with its role.

A game's part generator (``printkit/parts/<game>.py``) turns a validated
spec into a list of Parts; ``printkit.sheets`` places them on paper and the
writers in ``printkit.writers`` draw them.
"""
