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
from ..playout import draw_chance
from ..rules.base import State

# Positions whose moves' values a Judge remembers, at most; then it starts
# afresh (a long four-player McKinney game meets some 3,000; each is a few
# kilobytes).
REMEMBERED = 10_000


class Judge:
    """How a position stands for each player, in [-1, 1].

    A finished game is +1 for its winners, -1 for the others, 0 for a draw
    or a game stopped by its cap; an unfinished one is the game's own
    evaluation of each player's observation (0 when the game has none).
    A game may also give ``evaluate_position(game, state, player)``: the
    same number read from the position's public part without building the
    observation, which the search prefers (it judges every position it meets)."""

    def __init__(self, game):
        self.game = game
        self.module = games.optional_stage(game.spec.game, "evaluation")
        self.evaluate = self.module.evaluate if self.module else None
        self.evaluate_position = getattr(self.module, "evaluate_position", None)
        self._keys: dict = {}  # State class -> its key(), or None
        self._remembered: dict = {}  # (position key, player) -> (legal actions, values)

    def __call__(self, state, player: int) -> float:
        if state.is_terminal():
            returns = state.returns()
            if state.unfinished or len(set(returns)) <= 1:
                return 0.0
            return 1.0 if returns[player] == max(returns) else -1.0
        if self.evaluate_position is not None:
            return self.evaluate_position(self.game, state, player)
        if self.evaluate is None:
            return 0.0
        return self.evaluate(self.game, state.observation(player), player)

    def keeps(self, state) -> bool:
        """Whether the values of ``state``'s moves are remembered (``moves``):
        in a game whose positions give a key and hide nothing (its resample
        is a plain copy and draws nothing, so the values depend on the
        position alone). Greedy rollouts meet the same positions again and
        again: each rollout from a root move replays much of the last one."""
        kind = type(state)
        key = self._keys.get(kind, False)
        if key is False:
            key = self._keys[kind] = kind.key if kind.resample is State.resample else None
        return key is not None

    def moves(self, state, player: int) -> tuple:
        """(the legal actions, how each one's result stands for ``player``),
        looked at from ``state`` itself; remembered where ``keeps(state)``."""
        key = (state.key(), player) if self.keeps(state) else None
        if key is not None:
            known = self._remembered.get(key)
            if known is not None:
                return known
        legal = state.legal_actions()
        values = []
        for action in legal:
            after = state.clone()
            after.apply_listed(action)  # from the position's own list: legal
            values.append(self(after, player))
        known = (tuple(legal), values)
        if key is not None:
            if len(self._remembered) >= REMEMBERED:
                self._remembered.clear()
            self._remembered[key] = known
        return known


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
        return rng.choice(best_actions(self.judge, state, state.current_player, rng))


def best_actions(judge: Judge, state, player: int, rng) -> list:
    """The actions whose results ``player``'s evaluation likes best, looked
    at on ``player``'s own draw of what it cannot see."""
    # Where the judge remembers the position, its resample would be a copy
    # drawing nothing: the values are read from the position itself.
    seen = state if judge.keeps(state) else state.resample(player, rng)
    best, choices = -math.inf, []
    for action, value in zip(*judge.moves(seen, player)):
        if value > best + 1e-9:
            best, choices = value, [action]
        elif value > best - 1e-9:
            choices.append(action)
    return choices


# ``depth="round"``: a rollout to the searching player's next turn (or, once
# it is out, to the next turn of a player who has had one since), and at
# most this many actions.
ROUND = "round"
ROUND_CAP = 1000


class _Node:
    __slots__ = ("visits", "value", "children", "replies", "outcomes")

    def __init__(self):
        self.visits = 0
        self.value = 0.0  # summed results for the player who moved into this node
        self.children: dict = {}
        self.replies: dict | None = None  # below a root action: legal actions -> replies, best first
        self.outcomes: dict | None = None  # the chance that follows: outcome -> [visits, value, probability]

    def mean(self) -> float:
        """The node's value for the player who moved into it. Where a chance
        follows, the visits through each outcome count by that outcome's
        probability, not by how often the draws happened to meet it."""
        if not self.outcomes:
            return self.value / self.visits
        met = visits = chance_value = expected = 0.0
        for n, value, probability in self.outcomes.values():
            met += probability
            visits += n
            chance_value += value
            expected += probability * value / n
        return (self.value - chance_value + visits * expected / met) / self.visits


class MCTSAgent(Agent):
    """UCT over actions, with rollouts cut off after ``depth`` actions (none
    by default) and judged by the game's evaluation there; ``depth="round"``
    plays on to the searching player's next turn instead (the rest of its own
    turn, then every other player's). A rollout's
    actions are random, or with ``rollout="greedy"`` each mover's strongest
    by its evaluation; ``tree_depth`` caps how many decisions below the root
    the tree keeps (no cap by default). With ``answered`` > 0, a root move
    that a chance follows first meets every outcome, each answered by the
    rollout's reply, all on one draw of the hidden part shared by the root's
    moves (so they are compared on equal terms), counted as that many
    visits; ``pick="value"`` takes the best valued move rather than the
    most visited.

    The evaluation guides the tree too: the root keeps the ``width`` actions
    it ranks highest (one visit each, valued one decision ahead); below a
    root action the replies are tried strongest first, deeper nodes the best
    of ``sample`` drawn at random. The move chosen is the most visited, the
    better valued among equals.

    Each iteration starts from a fresh ``resample`` of the position, so in
    games with hidden information the tree is shared by every position the
    player cannot tell apart (determinised, open-loop search). Dice are not
    drawn at random where the tree passes them: a node takes the outcome
    whose share of its visits lags its probability most (all six faces of a
    die within six visits), and its value weighs each outcome's results by
    that probability (see ``_Node.mean``)."""

    name = "mcts"

    def __init__(self, judge: Judge, iterations: int = 64, depth: int = 0, exploration: float = 0.7,
                 sample: int = 6, width: int = 8, tree_depth: int | None = None, rollout: str = "random",
                 answered: int = 0, pick: str = "visits"):
        super().__init__(judge)
        if rollout not in ("random", "greedy"):
            raise ValueError(f"no rollout policy {rollout!r}: random or greedy")
        if pick not in ("visits", "value"):
            raise ValueError(f"no way to pick {pick!r}: visits or value")
        if depth != ROUND and not (isinstance(depth, int) and depth >= 0):
            raise ValueError(f"no rollout depth {depth!r}: a number of actions or {ROUND!r}")
        self.answered = answered
        self.pick = pick
        self.width = width
        self.tree_depth = tree_depth
        self.rollout = rollout
        self.iterations = iterations
        self.depth = depth
        self.exploration = exploration
        self.sample = sample

    def choose(self, state, rng) -> int:
        player = state.current_player
        players = range(self.judge.game.num_players)
        root = self._root(state, player, rng)
        for _ in range(self.iterations):
            position = state.resample(player, rng)
            node, path = root, [[root, None, None]]  # node, who moved into it, the chance outcome after it
            while not position.is_terminal():
                if position.is_chance_node():
                    if path[-1][2] is None:
                        outcome = path[-1][2] = self._outcome(node, position, rng)
                    else:  # a second chance before anyone decides: drawn
                        outcome = draw_chance(position, rng)
                    position.apply_listed(outcome)  # drawn from its own outcomes
                    continue
                if self.tree_depth is not None and len(path) > self.tree_depth:
                    break  # the rest is the rollout's
                mover = position.current_player
                legal = position.legal_actions()
                if node is root:  # only the candidates the root kept
                    legal = [a for a in legal if a in root.children] or legal
                untried = [a for a in legal if a not in node.children]
                if untried:
                    if len(path) == 2:  # the answers to a root action: all weighed, best first
                        action = self._best_reply(node, position, mover, untried, rng)
                    else:
                        action = self._most_promising(position, mover, untried, rng)
                    node.children[action] = _Node()
                    position.apply_listed(action)  # from its own legal actions
                    node = node.children[action]
                    path.append([node, mover, None])
                    break
                action = self._select(node, legal)
                position.apply_listed(action)
                node = node.children[action]
                path.append([node, mover, None])
            self._roll_out(position, rng, player)
            results = [self.judge(position, p) for p in players]
            for visited, mover, outcome in path:
                visited.visits += 1
                if mover is not None:
                    visited.value += results[mover]
                    if outcome is not None:
                        tally = visited.outcomes[outcome]
                        tally[0] += 1
                        tally[1] += results[mover]
        legal = [a for a in state.legal_actions() if a in root.children]
        return self._final(root, legal, rng)

    @staticmethod
    def _outcome(node: _Node, position, rng) -> int:
        """The chance outcome the search takes next after ``node``: where its
        visits lag the probabilities most (fewest visits per unit of
        probability, ties drawn), so a few visits already cover the die."""
        if node.outcomes is None:
            node.outcomes = {}
        tallies = node.outcomes
        best, choices = math.inf, []
        for action, probability in position.chance_outcomes():
            tally = tallies.get(action)
            lag = (tally[0] if tally else 0) / probability
            if lag < best - 1e-12:
                best, choices = lag, [(action, probability)]
            elif lag < best + 1e-12:
                choices.append((action, probability))
        action, probability = choices[0] if len(choices) == 1 else rng.choice(choices)
        if action not in tallies:
            tallies[action] = [0, 0.0, probability]
        return action

    def _roll_out(self, position, rng, player: int) -> None:
        """``depth`` actions past the tree, or with ``depth="round"`` up to
        ``player``'s next turn: random, or each mover's strongest."""
        if self.depth == ROUND:
            last, others = player, set()  # who moved last; who began a turn since
            for _ in range(ROUND_CAP):
                if position.is_terminal():
                    return
                if not position.is_chance_node():
                    mover = position.current_player
                    if mover != last:  # a turn begins
                        if mover == player or mover in others:
                            # The searcher's turn again, or the turns came
                            # round without it (it is out): judge it here.
                            return
                        others.add(mover)
                        last = mover
                self._roll_out_one(position, rng)
            return
        for _ in range(self.depth):
            if position.is_terminal():
                return
            self._roll_out_one(position, rng)

    def _roll_out_one(self, position, rng) -> None:
        if position.is_chance_node():
            position.apply_listed(draw_chance(position, rng))
        elif self.rollout == "random":
            position.apply_listed(rng.choice(position.legal_actions()))
        else:
            position.apply(self._strongest(position, position.current_player, rng))

    def _strongest(self, position, mover: int, rng) -> int:
        """What the greedy agent would play for ``mover`` here. It looks
        ahead on its own draw of what it cannot see, as that agent does:
        judged on the searcher's draw, an attack would be made only when the
        draw lets it win, and the search would fear every enemy piece."""
        choices = best_actions(self.judge, position, mover, rng)
        return choices[0] if len(choices) == 1 else rng.choice(choices)

    def _final(self, root: _Node, legal: list, rng) -> int:
        """The most visited action; among equals the best valued (with few
        iterations for many actions, visits alone would often tie). Or, with
        ``pick="value"``, the best valued."""
        def standing(action):
            child = root.children[action]
            if self.pick == "value":
                return round(child.mean(), 9)
            return child.visits, round(child.mean(), 9)
        best = max(standing(a) for a in legal)
        return rng.choice([a for a in legal if standing(a) == best])

    def _root(self, state, player: int, rng) -> _Node:
        """The root with one visit per action, valued by the game's evaluation
        one decision ahead: the search starts from the greedy agent's view
        and spends its iterations where that view is unsure, so it is never
        blind to a move that wins or loses at once."""
        root = _Node()
        seen = state.resample(player, rng)
        valued = []
        if self.judge.keeps(state):  # seen is a copy of state: the same actions, remembered values
            for action, value in zip(*self.judge.moves(seen, player)):
                valued.append((value, rng.random(), action))
        else:
            for action in state.legal_actions():
                after = seen.clone()
                after.apply(action)
                valued.append((self.judge(after, player), rng.random(), action))
        # The search looks deeper at the few the evaluation ranks highest
        # (ties drawn at random), rather than thinly at all of them.
        for value, _, action in sorted(valued, reverse=True)[:self.width]:
            child = root.children[action] = _Node()
            child.visits, child.value = 1, value
            if self.answered:
                child.visits, child.value = self.answered, self.answered * self._answered(seen, action, player, rng)
            root.visits += child.visits
        return root

    def _answered(self, seen, action: int, player: int, rng) -> float:
        """``action``'s worth to ``player`` over every outcome of the chance
        that follows it, weighed by probability, each outcome answered by
        the rollout's reply: no luck of the draw in it, which a few sampled
        visits would have."""
        after = seen.clone()
        after.apply(action)
        if after.is_terminal() or not after.is_chance_node():
            # Judged as the iterations will judge it, past the same rollout:
            # a prior on other terms would favour whichever move the
            # iterations happen to visit most (in set-up, where every choice
            # is worth the same, the first one, every time).
            self._roll_out(after, rng, player)
            return self.judge(after, player)
        total = 0.0
        for outcome, probability in after.chance_outcomes():
            position = after.clone()
            position.apply_listed(outcome)
            self._roll_out(position, rng, player)
            total += probability * self.judge(position, player)
        return total

    def _best_reply(self, node: _Node, position, mover: int, untried: list, rng) -> int:
        """The strongest reply not tried yet, by the mover's evaluation: the
        first visit below a root action meets the answer a greedy opponent
        would give, so a move that loses to it is found at once."""
        # The replies are ranked once for each set of legal actions met here:
        # after a die, or in another draw of the hidden part, the mover has
        # other actions, and each set deserves its own strongest answer.
        legal = position.legal_actions()
        key = tuple(legal)
        if node.replies is None:
            node.replies = {}
        ranked = node.replies.get(key)
        if ranked is None:
            valued = []
            if self.judge.keeps(position):
                for action, value in zip(*self.judge.moves(position, mover)):
                    valued.append((value, rng.random(), action))
            else:
                for action in legal:
                    after = position.clone()
                    after.apply_listed(action)
                    valued.append((self.judge(after, mover), rng.random(), action))
            ranked = node.replies[key] = [action for *_, action in sorted(valued, reverse=True)]
        waiting = set(untried)
        for action in ranked:
            if action in waiting:
                return action
        return rng.choice(untried)

    def _most_promising(self, position, mover: int, untried: list, rng) -> int:
        """Of a few untried actions drawn at random, the one the mover's
        evaluation likes best: a new node tries a good reply first, so a
        visit below a root action already meets an answer to it, not a
        random one (a random reply would teach the search to hope)."""
        if len(untried) == 1:
            return untried[0]
        best, choice = -math.inf, untried[0]
        for action in rng.sample(untried, min(self.sample, len(untried))):
            after = position.clone()
            after.apply_listed(action)
            value = self.judge(after, mover)
            if value > best:
                best, choice = value, action
        return choice

    def _select(self, node: _Node, legal: list) -> int:
        # Only the actions legal in this determinisation compete; their own
        # visits stand for the parent's, as in single-observer ISMCTS.
        total = sum(node.children[a].visits for a in legal)
        log_total = math.log(total)
        best, choice = -math.inf, legal[0]
        for action in legal:
            child = node.children[action]
            score = child.mean() + self.exploration * math.sqrt(log_total / child.visits)
            if score > best:
                best, choice = score, action
        return choice


AGENTS = {agent.name: agent for agent in (RandomAgent, GreedyAgent, MCTSAgent)}


def make(name: str, judge: Judge, iterations: int | None = None) -> Agent:
    """An agent by its name (random, greedy, mcts). The search takes the
    settings a game's evaluation module tunes for it (``SEARCH``: iterations,
    depth), then ``iterations`` when given."""
    if name == "mcts":
        settings = dict(getattr(judge.module, "SEARCH", None) or {})
        if iterations:
            settings["iterations"] = iterations
        return MCTSAgent(judge, **settings)
    return AGENTS[name](judge)
