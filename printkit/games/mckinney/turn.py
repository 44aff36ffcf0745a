"""The stages of a McKinney turn, as the engine counts them and the position
JSON names them, and the letters of the pieces in notation."""

LETTERS = "BPRS"  # Builder, then the Unit types in board.UNIT_TYPES order

BUILDER, BUILDER_MOVE, SLIDER, BUILD, UNITS, UNIT_MOVE, OVER = range(7)
PHASES = ("builder", "builder-move", "slider", "build", "units", "unit-move", "over")
