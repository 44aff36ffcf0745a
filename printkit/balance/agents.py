"""Players for balance runs: random, greedy and Monte Carlo tree search.

Every agent plays through the engine contract only, draws every random
number from the generator it is handed (so a game is reproducible from its
seed), and never peeks: before looking ahead it redraws the position with
``state.resample(player, rng)``, which depends only on what that player
may see.
"""

from __future__ import annotations

import math

from .. import games


def draw_chance(state, rng) -> int:
    """A chance outcome drawn by its probability."""
    outcomes = state.chance_outcomes()
    pick = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if pick < total:
            return action
    return outcomes[-1][0]


class Judge:
    """How a position stands for each player, in [-1, 1].

    A finished game is +1 for its winners, -1 for the others, 0 for a draw
    or a game stopped by its cap; an unfinished one is the game's own
    evaluation of each player's observation (0 when the game has none)."""

    def __init__(self, game):
        self.game = game
        self.module = games.optional_stage(game.spec.game, "evaluation")
        self.evaluate = self.module.evaluate if self.module else None

    def __call__(self, state, player: int) -> float:
        if state.is_terminal():
            returns = state.returns()
            if state.unfinished or len(set(returns)) <= 1:
                return 0.0
            return 1.0 if returns[player] == max(returns) else -1.0
        if self.evaluate is None:
            return 0.0
        return self.evaluate(self.game, state.observation(player), player)


class Agent:
    """Chooses an action for the player to move. Subclasses set ``name``."""

    name = ""

    def __init__(self, judge: Judge):
        self.judge = judge

    def choose(self, state, rng) -> int:
        raise NotImplementedError


class RandomAgent(Agent):
    """Any legal action, each as likely."""

    name = "random"

    def choose(self, state, rng) -> int:
        return rng.choice(state.legal_actions())


class GreedyAgent(Agent):
    """One decision ahead: the action whose result the game's evaluation likes best."""

    name = "greedy"

    def choose(self, state, rng) -> int:
        player = state.current_player
        seen = state.resample(player, rng)
        best, choices = -math.inf, []
        for action in seen.legal_actions():
            after = seen.clone()
            after.apply(action)
            value = self.judge(after, player)
            if value > best + 1e-9:
                best, choices = value, [action]
            elif value > best - 1e-9:
                choices.append(action)
        return rng.choice(choices)


class _Node:
    __slots__ = ("visits", "value", "children")

    def __init__(self):
        self.visits = 0
        self.value = 0.0  # summed results for the player who moved into this node
        self.children: dict = {}


class MCTSAgent(Agent):
    """UCT over actions, with random rollouts cut off after ``depth`` actions
    and judged by the game's evaluation there.

    Each iteration starts from a fresh ``resample`` of the position, so in
    games with hidden information the tree is shared by every position the
    player cannot tell apart (determinised, open-loop search); dice are
    drawn as the search passes them rather than kept in the tree."""

    name = "mcts"

    def __init__(self, judge: Judge, iterations: int = 64, depth: int = 2, exploration: float = 0.7):
        super().__init__(judge)
        self.iterations = iterations
        self.depth = depth
        self.exploration = exploration

    def choose(self, state, rng) -> int:
        player = state.current_player
        players = range(self.judge.game.num_players)
        root = self._root(state, player, rng)
        for _ in range(self.iterations):
            position = state.resample(player, rng)
            node, path = root, [(root, None)]
            while not position.is_terminal():
                if position.is_chance_node():
                    position.apply(draw_chance(position, rng))
                    continue
                mover = position.current_player
                legal = position.legal_actions()
                untried = [a for a in legal if a not in node.children]
                if untried:
                    action = rng.choice(untried)
                    node.children[action] = _Node()
                    position.apply(action)
                    node = node.children[action]
                    path.append((node, mover))
                    break
                action = self._select(node, legal)
                position.apply(action)
                node = node.children[action]
                path.append((node, mover))
            for _ in range(self.depth):
                if position.is_terminal():
                    break
                if position.is_chance_node():
                    position.apply(draw_chance(position, rng))
                else:
                    position.apply(rng.choice(position.legal_actions()))
            results = [self.judge(position, p) for p in players]
            for visited, mover in path:
                visited.visits += 1
                if mover is not None:
                    visited.value += results[mover]
        return self._final(root, state.legal_actions(), rng)

    def _final(self, root: _Node, legal: list, rng) -> int:
        most = max(root.children[a].visits for a in legal)
        return rng.choice([a for a in legal if root.children[a].visits == most])

    def _root(self, state, player: int, rng) -> _Node:
        """The root with one visit per action, valued by the game's evaluation
        one decision ahead: the search starts from the greedy agent's view
        and spends its iterations where that view is unsure, so it is never
        blind to a move that wins or loses at once."""
        root = _Node()
        seen = state.resample(player, rng)
        for action in seen.legal_actions():
            after = seen.clone()
            after.apply(action)
            child = root.children[action] = _Node()
            child.visits, child.value = 1, self.judge(after, player)
            root.visits += 1
        return root

    def _select(self, node: _Node, legal: list) -> int:
        # Only the actions legal in this determinisation compete; their own
        # visits stand for the parent's, as in single-observer ISMCTS.
        total = sum(node.children[a].visits for a in legal)
        log_total = math.log(total)
        best, choice = -math.inf, legal[0]
        for action in legal:
            child = node.children[action]
            score = child.value / child.visits + self.exploration * math.sqrt(log_total / child.visits)
            if score > best:
                best, choice = score, action
        return choice


AGENTS = {agent.name: agent for agent in (RandomAgent, GreedyAgent, MCTSAgent)}


def make(name: str, judge: Judge, iterations: int | None = None) -> Agent:
    """An agent by its name (random, greedy, mcts)."""
    if name == "mcts" and iterations:
        return MCTSAgent(judge, iterations=iterations)
    return AGENTS[name](judge)
