"""Seeded random playouts on the engine contract, shared by validate and simulate.

Only the contract is used (``printkit.rules.base``: legal and chance
actions, apply_listed, is_terminal, returns, unfinished, turns_played, and
the legal actions a State keeps once worked out), so every game plugs in
unchanged. Game ``index`` of a run seeded ``seed`` always
draws the same random numbers, so results do not depend on how the games
are spread over processes.
"""

from __future__ import annotations

import math
import os
import random
import statistics
from dataclasses import asdict, dataclass
from functools import partial

from .workers import run_batches


@dataclass(frozen=True)
class Playout:
    """How one random game went."""

    index: int
    length: int  # actions played
    turns: int | None  # turns played, for games that count them
    returns: tuple  # one float per player
    unfinished: bool  # stopped by the game's length cap
    error: str | None = None  # the engine broke a rule of the contract (or raised)

    @property
    def finished(self) -> bool:
        return self.error is None and not self.unfinished

    def winners(self) -> list[int]:
        """Players with the best return, when the returns are not all equal (not a draw)."""
        if not self.finished or len(set(self.returns)) <= 1:
            return []
        best = max(self.returns)
        return [p for p, r in enumerate(self.returns) if r == best]


def game_rng(seed: int, index: int) -> random.Random:
    """The random generator of game ``index`` in a run seeded ``seed``."""
    return random.Random(f"printkit-playout:{seed}:{index}")


_RANDOM = random.Random


def draw_chance(state, rng: random.Random) -> int:
    """A chance outcome drawn by its probability: the first whose running
    total of probabilities exceeds one draw of ``rng.random()``."""
    outcomes = state.chance_outcomes()
    pick = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if pick < total:
            return action
    return outcomes[-1][0]  # the total fell short of the draw by rounding


def choose(state, rng: random.Random, legal: list | None = None) -> int:
    """A random action: uniform over legal actions, or a chance outcome drawn by its probability."""
    if legal is None:
        # The list a State keeps once its position's legal actions are worked
        # out (rules.base.State._legal_cache, what legal_actions returns), read
        # without a call: playouts choose once per action.
        try:
            legal = state._legal_cache
        except AttributeError:  # not a rules.base.State
            legal = None
        if legal is None:
            legal = state.legal_actions()
    n = len(legal)
    if n and type(rng) is _RANDOM:  # a subclass may draw otherwise
        # Random.choice(legal), drawn the way it draws (the fewest random bits
        # that cover the length, again while too large), without its two calls:
        # playouts choose once per action. tests/test_playout_choice.py checks
        # that the two agree.
        bits = n.bit_length()
        pick = rng.getrandbits(bits)
        while pick >= n:
            pick = rng.getrandbits(bits)
        return legal[pick]
    # A chance node has no legal actions (the contract), so only an empty
    # list needs the question.
    if not n and state.is_chance_node():
        return draw_chance(state, rng)
    return rng.choice(legal)  # another generator's own; on nothing, Random.choice's IndexError


def random_playout(game, seed: int, index: int) -> Playout:
    """Play game ``index`` of a run seeded ``seed`` from the initial state to its end.

    Each action is drawn as ``choose`` draws it, written out here: a playout
    draws once per action, and the call and choose's questions (is a list
    given, is the generator a plain Random) cost a twentieth of a McKinney
    turn. tests/test_playout_choice.py checks that the two play alike. For
    the same reason the game is asked whether it is over only when a position
    has no legal actions and is no chance node (the contract: a terminal
    position has none), not before every action: a call per action is a
    twenty-fifth of a McKinney turn. The action drawn comes from the
    position's own lists, so it is played with ``apply_listed``, which does
    not look it up in them again (``apply``'s check, a twentieth of a
    McKinney turn, could not fail here)."""
    rng = game_rng(seed, index)  # a plain random.Random
    getrandbits = rng.getrandbits
    limit = game.max_game_length or 10 ** 7
    state = game.initial_state()
    # Decisions are the actions less the chance draws: counted so, the limit
    # is one comparison a decision (``stop`` moves on at each draw).
    length, stop = 0, limit
    try:
        while True:
            # The list a State keeps once its legal actions are worked out
            # (rules.base.State._legal_cache), read without a call.
            legal = state._legal_cache
            if legal is None:
                legal = state.legal_actions()
            n = len(legal)
            if n:
                if length >= stop:
                    return Playout(index, length, state.turns_played(), (), False,
                                   f"no end after {limit} decisions (the game declares at most {limit})")
                bits = n.bit_length()  # as Random.choice: the fewest bits, again while too large
                pick = getrandbits(bits)
                while pick >= n:
                    pick = getrandbits(bits)
                action = legal[pick]
            elif state.is_chance_node():  # a chance node has no legal actions
                action = draw_chance(state, rng)
                stop += 1
            elif state.is_terminal():  # no legal actions either (the contract)
                break
            else:
                return Playout(index, length, state.turns_played(), (), False,
                               f"no legal action in a position that is not terminal after {length} actions")
            state.apply_listed(action)  # drawn from the lists just read: legal
            length += 1
        return Playout(index, length, state.turns_played(), tuple(state.returns()), bool(state.unfinished))
    except Exception as exc:  # an engine fault: report it with what reproduces it
        return Playout(index, length, None, (), False,
                       f"{type(exc).__name__} after {length} actions: {exc}")


# --- Many playouts, spread over processes ----------------------------------------

_GAMES: dict = {}


def _game(name: str, options: tuple):
    key = (name, options)
    if key not in _GAMES:
        from . import rules

        _GAMES[key] = rules.load(name, **dict(options))
    return _GAMES[key]


def _play_chunk(name: str, options: tuple, seed: int, indices: list) -> list:
    game = _game(name, options)
    return [asdict(random_playout(game, seed, i)) for i in indices]


def play_many(name: str, options: dict, seed: int, count: int, jobs: int | None = None,
              progress=None) -> list[Playout]:
    """``count`` random playouts of game ``name`` (bundled id or spec path), sorted by index.

    ``jobs`` worker processes (default: every core; 1 plays in this process);
    ``progress(n)`` is called as each batch of n games finishes."""
    jobs = jobs or os.cpu_count() or 1
    key = tuple(sorted(options.items()))
    indices = list(range(count))
    if jobs == 1 or count < 4:
        jobs, chunk = 1, max(1, min(20, count // 20 or 1))  # small batches: a steady progress bar
    else:
        chunk = max(1, min(50, math.ceil(count / (jobs * 8))))
    batches = [indices[i:i + chunk] for i in range(0, count, chunk)]
    results = run_batches(partial(_play_chunk, name, key, seed), batches, jobs, progress)
    playouts = [Playout(**{**r, "returns": tuple(r["returns"])}) for r in results]
    playouts.sort(key=lambda p: p.index)
    return playouts


# --- Summaries ---------------------------------------------------------------------

def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def describe(values: list) -> dict | None:
    """min, median, mean and max of a list of numbers; None if empty."""
    if not values:
        return None
    return {"min": min(values), "median": statistics.median(values),
            "mean": round(statistics.fmean(values), 2), "max": max(values)}


def histogram(values: list, bins: int = 10) -> list[tuple[int, int, int]]:
    """(low, high, count) of ``bins`` equal-width bins over the values, integer bounds."""
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, (v - lo) // width)] += 1
    return [(lo + i * width, lo + (i + 1) * width - 1, c) for i, c in enumerate(counts) if lo + i * width <= hi]


def summarise(playouts: list[Playout], names: list[str]) -> dict:
    """Counts, win rates by player with Wilson intervals, and length statistics."""
    finished = [p for p in playouts if p.finished]
    wins = [0] * len(names)
    draws = 0
    for p in finished:
        who = p.winners()
        if not who:
            draws += 1
        for w in who:
            wins[w] += 1
    n = len(finished)
    lengths = [p.length for p in playouts if p.error is None]
    turns = [p.turns for p in playouts if p.error is None and p.turns is not None]
    return {
        "games": len(playouts),
        "finished": n,
        "unfinished": sum(1 for p in playouts if p.unfinished),
        "errors": sum(1 for p in playouts if p.error),
        "draws": draws,
        "players": [
            {"player": i, "name": name, "wins": wins[i],
             "rate": round(wins[i] / n, 4) if n else None,
             "low": round(wilson(wins[i], n)[0], 4), "high": round(wilson(wins[i], n)[1], 4)}
            for i, name in enumerate(names)
        ],
        "length_actions": describe(lengths),
        "length_turns": describe(turns),
        "histogram": [list(b) for b in histogram(turns if turns else lengths)],
        "histogram_of": "turns" if turns else "actions",
    }


# --- Perft ---------------------------------------------------------------------------

def perft(state, depth: int) -> int:
    """Number of action sequences (chance outcomes included) of exactly ``depth`` from ``state``.

    A game that ends sooner adds nothing, as in chess perft."""
    if depth == 0:
        return 1
    actions = state.next_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def perft_counts(state, max_depth: int, budget: int) -> list[int]:
    """perft at depths 1, 2, ... up to ``max_depth``, stopping after the first
    depth whose count exceeds ``budget`` (kept, so the list is never empty)
    or that reaches 0."""
    counts = []
    for depth in range(1, max_depth + 1):
        count = perft(state, depth)
        if count > budget and counts:
            break
        counts.append(count)
        if count == 0:
            break
    return counts


def divide(state, depth: int) -> dict:
    """perft split by first move, keyed by the move's notation."""
    out = {}
    for action in state.next_actions():
        child = state.clone()
        child.apply(action)
        out[state.action_to_string(action)] = perft(child, depth - 1)
    return out
