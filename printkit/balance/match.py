"""One seeded game between agents, and many of them spread over workers.

Game ``index`` of a run seeded ``seed`` draws from its own generator, made
from the seed, the pairing and the index, never from a worker's state, so
the results are the same on one core, on all of them or on a cluster.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import asdict, dataclass

from ..workers import run_batches
from .agents import Judge, draw_chance, make


@dataclass(frozen=True)
class Task:
    """What to play: game ``index`` of a pairing, each seat's agent named."""

    name: str  # bundled id or spec path
    options: tuple  # sorted (key, value) pairs for rules.load
    seats: tuple  # agent name per seat
    seed: int
    index: int
    iterations: int | None = None  # MCTS iterations per decision, when not the default
    trace: bool = False  # count where pieces stand and fall, for the report's heatmaps


@dataclass(frozen=True)
class Record:
    """How one game went."""

    seats: tuple
    index: int
    actions: int
    decisions: int
    turns: int | None
    returns: tuple
    unfinished: bool  # stopped by the game's cap
    winners: tuple  # seats with the best return; empty for a draw or a capped game
    heat: tuple = ()  # (map, (x, y), count) sorted, when traced: see ``Tracer``
    ending: str = ""  # which way it ended, when the game names its endings (``ending`` hook)

    @property
    def finished(self) -> bool:
        return not self.unfinished

    @property
    def drawn(self) -> bool:
        return self.finished and not self.winners


def task_rng(task: Task) -> random.Random:
    return random.Random(f"printkit-balance:{task.seed}:{','.join(task.seats)}:{task.index}")


_GAMES: dict = {}


def _game(name: str, options: tuple):
    key = (name, options)
    if key not in _GAMES:
        from .. import rules

        _GAMES[key] = rules.load(name, **dict(options))
    return _GAMES[key]


class Tracer:
    """Counts, over the positions a game passes through, which squares hold
    pieces (map "stand", and one map per kind of piece) and where pieces
    fall (map "fall": a square that lost its piece while its owner lost
    one). Reads the game's ``pieces(game, position)`` hook from its
    evaluation module and the whole position, so it is for reports only,
    never for an agent."""

    def __init__(self, game, pieces):
        self.game, self.pieces = game, pieces
        self.counts: dict = {}
        self.before = None

    def see(self, state) -> None:
        now = self.pieces(self.game, state.to_json())
        for square, (_, kind) in now.items():
            for name in ("stand", kind):
                self.counts[name, square] = self.counts.get((name, square), 0) + 1
        if self.before is not None:
            owned = {}
            for seat, _ in self.before.values():
                owned[seat] = owned.get(seat, 0) + 1
            for seat, _ in now.values():
                owned[seat] = owned.get(seat, 0) - 1
            for square, (seat, _) in self.before.items():
                if owned[seat] > 0 and now.get(square, (None,))[0] != seat:
                    self.counts["fall", square] = self.counts.get(("fall", square), 0) + 1
        self.before = now

    def heat(self) -> tuple:
        return tuple(sorted((name, square, count) for (name, square), count in self.counts.items()))


def play(task: Task) -> Record:
    """Play one game to its end (or its cap)."""
    game = _game(task.name, task.options)
    judge = Judge(game)
    agents = [make(name, judge, task.iterations) for name in task.seats]
    rng = task_rng(task)
    state = game.initial_state()
    tracer = None
    if task.trace and judge.module is not None and hasattr(judge.module, "pieces"):
        tracer = Tracer(game, judge.module.pieces)
        tracer.see(state)
    actions = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(draw_chance(state, rng))
        else:
            state.apply(agents[state.current_player].choose(state, rng))
            decisions += 1
        actions += 1
        if tracer:
            tracer.see(state)
    returns = tuple(state.returns())
    winners = ()
    if not state.unfinished and len(set(returns)) > 1:
        best = max(returns)
        winners = tuple(p for p, r in enumerate(returns) if r == best)
    ending = ""
    if judge.module is not None and hasattr(judge.module, "ending"):
        ending = judge.module.ending(game, state.to_json())
    return Record(task.seats, task.index, actions, decisions, state.turns_played(), returns,
                  bool(state.unfinished), winners, tracer.heat() if tracer else (), ending)


def _play_batch(tasks: list) -> list:
    return [asdict(play(task)) for task in tasks]


def _from_dict(row: dict) -> Record:
    return Record(**{**row, "seats": tuple(row["seats"]), "returns": tuple(row["returns"]),
                     "winners": tuple(row["winners"]),
                     "heat": tuple((name, tuple(square), count) for name, square, count in row["heat"])})


def seconds_per_game(name: str, options: tuple, agent_names: tuple, iterations: int | None,
                     budget: float = 0.25) -> dict[str, float]:
    """About how long one seat of a game takes each agent, in seconds: the
    decisions of a random game shared among the seats, times the agent's
    time for a decision measured on positions of that game (about
    ``budget`` seconds of sampling an agent). For the progress bar's weights
    and the forecast of a long run; no result depends on it."""
    game = _game(name, options)
    judge = Judge(game)
    rng = random.Random(f"printkit-balance-estimate:{name}")
    state, positions = game.initial_state(), []
    while not state.is_terminal() and len(positions) < 10_000:
        if state.is_chance_node():
            state.apply(draw_chance(state, rng))
        else:
            positions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    if not positions:
        return {agent: 0.0 for agent in agent_names}
    per_seat = len(positions) / max(1, game.num_players)
    # Early, middle and late positions: a search costs more while much of the game is ahead.
    samples = [positions[int(len(positions) * f)] for f in (0.1, 0.5, 0.3, 0.7, 0.0, 0.9)]
    out = {}
    for agent_name in agent_names:
        agent = make(agent_name, judge, iterations)
        spent, count = 0.0, 0
        for position in samples:
            started = time.perf_counter()
            agent.choose(position.clone(), rng)
            spent += time.perf_counter() - started
            count += 1
            if spent > budget:
                break
        out[agent_name] = per_seat * spent / count
    return out


def task_cost(task: Task, seconds: dict[str, float]) -> float:
    """The estimated seconds of one task, from ``seconds_per_game``."""
    return sum(seconds.get(agent, 0.0) for agent in task.seats)


def play_all(tasks: list, jobs: int | None = None, scheduler: str | None = None, progress=None,
             cost=None) -> list:
    """Play every task; results in the tasks' order, whatever the number of workers.

    ``scheduler``: the address of a Dask scheduler (``tcp://host:8786``) to
    play on a cluster instead of local processes; ``progress(w)`` is called
    as each batch finishes, ``w`` its share of the work: the sum of
    ``cost(task)`` over the batch (its number of games without ``cost``).
    Batches hold at most ten games and at most a sixth of a worker's share
    of the work, and the costliest start first, so no long batch is left
    for the end of a run."""
    cost = cost or (lambda task: 1.0)
    jobs = jobs or os.cpu_count() or 1
    share = sum(cost(task) for task in tasks) / (jobs * 6)
    batches, batch, weight = [], [], 0.0
    for task in tasks:
        if batch and (len(batch) >= 10 or weight + cost(task) > share):
            batches.append(batch)
            batch, weight = [], 0.0
        batch.append(task)
        weight += cost(task)
    if batch:
        batches.append(batch)

    def batch_cost(batch: list) -> float:
        return sum(cost(task) for task in batch)

    batches.sort(key=batch_cost, reverse=True)  # stable: equal batches keep their order
    if scheduler:
        from .cluster import play_on_cluster

        rows = play_on_cluster(scheduler, _play_batch, batches, progress, weight=batch_cost)
    else:
        rows = run_batches(_play_batch, batches, jobs, progress, weight=batch_cost)
    order = {(task.seats, task.index): n for n, task in enumerate(tasks)}
    records = [_from_dict(row) for row in rows]
    records.sort(key=lambda r: order[(r.seats, r.index)])
    return records
