"""Every printkit game inside OpenSpiel: the field's own checks on every
configuration (skipped cleanly without the extra: pip install 'printkit-games[openspiel]')."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

import printkit.openspiel as adapter  # noqa: E402
from engine_configs import CONFIGS, ROOT, config_id  # noqa: E402


def openspiel_name(game: str, options: dict) -> str:
    params = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"printkit_{game}({params})" if params else f"printkit_{game}"


def load(game: str, options: dict):
    if game.endswith(".yaml"):
        return adapter.load(str(ROOT / game), **options)
    return pyspiel.load_game(openspiel_name(game, options))


@pytest.mark.parametrize("game, options", CONFIGS, ids=[config_id(g, o) for g, o in CONFIGS])
def test_random_sim_test_with_serialization(game, options):
    pyspiel.random_sim_test(load(game, options), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["printkit_mckinney(players=2)", "printkit_phoenix(players=3)",
                                  "printkit_tiles", "printkit_lam(variant=two-flag)"])
def test_games_and_states_pickle_and_replay(name):
    game = pyspiel.load_game(name)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(12):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert str(replayed) == str(state)


def test_what_each_game_declares_reaches_openspiel():
    phoenix = pyspiel.load_game("printkit_phoenix(players=4,variant=team)")
    assert phoenix.num_players() == 4 and phoenix.max_chance_outcomes() == 56  # first 10-13, dice 20-55
    assert phoenix.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    four = pyspiel.load_game("printkit_mckinney(players=4)")
    assert four.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM  # +1 and three -1
    assert pyspiel.load_game("printkit_mckinney(players=2)").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    tiles = pyspiel.load_game("printkit_tiles")
    assert tiles.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert tiles.max_game_length() == 48
    assert pyspiel.load_game("printkit_lam").get_type().information == \
        pyspiel.GameType.Information.PERFECT_INFORMATION


def test_max_game_length_counts_decisions():
    """OpenSpiel counts decisions, not chance outcomes: McKinney's 400 turns of
    at most 6 Builder decisions (5 steps and the slider) and 9 Unit steps
    (3 Units of 3 steps); Phoenix 2p's 1,000 turns of at most 10 (roll, the
    Bird to move, an interaction choice and a chain step for each of the
    opponent's 3 Birds, one lost interaction, a second Phoenix); Lam's 400
    turns of one."""
    assert pyspiel.load_game("printkit_mckinney(players=2)").max_game_length() == 400 * (6 + 9)
    assert pyspiel.load_game("printkit_phoenix(players=2)").max_game_length() == 1000 * (2 * 3 + 4)
    assert pyspiel.load_game("printkit_lam").max_game_length() == 400


def _play(state, moves: int, seed: int):
    rng = np.random.RandomState(seed)
    while state.move_number() < moves and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_public_and_private_observations_split_as_openspiel_defines_them():
    """Playground after set-up: the table is the same for both players and
    shows no unrevealed type; a player's private part is their own types;
    every player's view is everything; perfect recall shows the other
    player's set-up choices as pieces placed, one's own as types."""
    game = pyspiel.load_game("printkit_playground")
    state = _play(game.new_initial_state(), 22, seed=3)
    kind = pyspiel.IIGObservationType
    table = pyspiel.PrivateInfoType.NONE
    public = adapter.Observer(game, kind(perfect_recall=False, private_info=table))
    assert public.string_from(state, 0) == public.string_from(state, 1)
    private = adapter.Observer(game, kind(public_info=False, perfect_recall=False))
    mine, theirs = private.string_from(state, 0), private.string_from(state, 1)
    assert mine != theirs and '"type"' not in public.string_from(state, 0).replace('"type": null', "")
    import json
    own = json.loads(mine)
    assert own and all(value in ("rock", "paper", "scissors") for value in own.values())
    everything = adapter.Observer(game, kind(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    assert everything.string_from(state, 0) == str(state)
    recall = state.information_state_string(0)
    army = game.engine.army
    setup = recall.split(" | ")[0].removeprefix("history: ").split("; ")[:2 * army]
    assert setup[:army] != ["piece"] * army and set(setup[army:]) == {"piece"}
    assert state.information_state_string(1).split(" | ")[0] != recall.split(" | ")[0]
    table_recall = adapter.Observer(game, kind(perfect_recall=True, private_info=table))
    assert table_recall.string_from(state, 0) == table_recall.string_from(state, 1)


def test_a_face_hidden_tile_is_recalled_by_its_square_only():
    game = pyspiel.load_game("printkit_tiles")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[-1])
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert mine.startswith("history: ") and "?" not in mine.split(" | ")[0]
    assert theirs.split(" | ")[0].endswith(" ?")


def test_a_spec_path_loads_with_its_own_parameters():
    game = adapter.load(str(ROOT / "specs" / "examples" / "mckinney-variant.yaml"), players=3)
    assert game.num_players() == 3
    state = game.new_initial_state()
    for _ in range(40):  # the spec's own game, three seats: a few turns through OpenSpiel
        state.apply_action(state.legal_actions()[-1])
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state)


@pytest.mark.parametrize("name", ["printkit_tiles", "printkit_lam", "printkit_phoenix", "printkit_mckinney(players=2)",
                                  "printkit_playground"])
def test_the_rl_environment_steps_a_random_agent_through_whole_games(name):
    env = rl_environment.Environment(name)
    rng = np.random.RandomState(1)
    for _ in range(2):
        step = env.reset()
        assert len(step.observations["info_state"][0]) == len(env.get_state.observation_tensor(0))
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        assert step.rewards is not None


def test_the_observation_tensor_shows_only_what_the_player_may_see():
    """Tiles: a face-hidden tile is in the hidden plane for the other player, its corner for its owner."""
    game = pyspiel.load_game("printkit_tiles")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # Black's first tile, face-hidden
    mine = np.array(state.observation_tensor(0))
    theirs = np.array(state.observation_tensor(1))
    assert not np.array_equal(mine, theirs)


def test_ismcts_plays_tiles_through_resampling_and_mcts_beats_random():
    game = pyspiel.load_game("printkit_tiles")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 30, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(bot.step(state))
    # Resampled states agree with the player's information.
    truth = game.new_initial_state()
    truth.apply_action(truth.legal_actions()[3])
    sample = truth.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.observation_string(1) == truth.observation_string(1)
    assert sample.information_state_string(1) == truth.information_state_string(1)
    lam = pyspiel.load_game("printkit_lam")
    rng = np.random.RandomState(2)
    mcts_bot = mcts.MCTSBot(lam, 2, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    random_bot = pyspiel.make_uniform_random_bot(1, 3)
    wins = sum(evaluate_bots.evaluate_bots(lam.new_initial_state(), [mcts_bot, random_bot], rng)[0] > 0
               for _ in range(4))
    assert wins >= 3


def test_ismcts_plays_playground_through_resampling_that_agrees_with_the_player():
    game = pyspiel.load_game("printkit_playground")
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while state.move_number() < 25:  # past both set-ups and into play
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    player = 0
    truths = set()
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    for _ in range(8):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.information_state_string(player) == state.information_state_string(player)
        truths.add(str(sample))
    assert len(truths) > 1, "the samples must differ in what player 0 cannot see"
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 20, random_state=rng)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))
    if not state.is_terminal():
        assert bot.step(state) in state.legal_actions()
