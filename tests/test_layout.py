"""The package's layout: each game one folder, shared layers that never name a
game, and imports that only run one way (no cycles)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from printkit import games, spec

PACKAGE = Path(games.__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every printkit module ``path`` imports, at the top or inside a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            # `from . import rules` imports a module, not a name
            found.update(f"{stem}.{a.name}" for a in node.names)
    return {m for m in found if m.split(".")[0] == "printkit" and m in MODULES}


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}
GRAPH = {name: imports_of(path) for name, path in MODULES.items()}


def game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def test_every_game_folder_is_a_known_game_with_its_stages_and_spec():
    assert set(games.known()) >= {"mckinney", "phoenix", "tiles"}
    for game in games.known():
        assert games.schema_path(game).is_file(), game
        for stage in games.STAGES:
            assert f"printkit.games.{game}.{stage}" in MODULES, (game, stage)
        # A bundled game has a rules engine; only a game of one's own goes without.
        assert f"printkit.games.{game}.rules" in MODULES or game == "custom", game
    assert set(spec.bundled_games()) <= set(games.known())


@pytest.mark.parametrize("module", sorted(m for m in MODULES if game_of(m) is None))
def test_shared_layers_never_import_a_game(module):
    named = sorted(m for m in GRAPH[module] if game_of(m) is not None)
    assert named == [], f"{module} imports {named}; go through printkit.games.stage()"


def test_a_game_never_imports_another_game():
    for module, imported in GRAPH.items():
        own = game_of(module)
        others = {game_of(m) for m in imported} - {None, own}
        assert not (own and others), f"{module} imports {others}"


def test_no_import_cycles():
    # Tarjan's strongly connected components over the module graph.
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    cycles = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            # A package's __init__ importing its own modules is no cycle of layers.
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert cycles == []
