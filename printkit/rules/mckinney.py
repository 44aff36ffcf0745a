"""McKinney's Paper, Rock, Scissors: the rules (placeholder until the engine lands)."""


def check_spec(spec) -> list:
    """Problems the schema cannot see: the board, the sliders, the components."""
    return []
