"""The environment's contract, rule by rule as PettingZoo's api_test checks it (those
that need no PettingZoo or Gymnasium installed), at every player count; then the
observations' frame, rewards by places, truncation by the move limit, and the batch."""

import random

import numpy as np
import pytest

import ccengine
from ccengine.env import env as make_env
from ccengine.env import ChineseCheckersEnv

RULE_SETS = ["players=1", "players=2", "preset=super players=3", "players=4 movelimit=20",
             "preset=diamond players=3", "players=6", "players=6 movelimit=12"]


def masked_sample(env, agent, observation):
    return env.action_space(agent).sample(observation["action_mask"])


def check_spaces(env):
    first = env.agent_selection
    for agent in env.agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.observation_space(agent) == env.observation_space(first)
        assert isinstance(agent, str) and agent.startswith("player_") and agent[7:].isdigit()
        box = env.observation_space(agent)["observation"]
        assert box.low.shape == box.shape == box.high.shape and np.all(box.low <= box.high)


def check_observation(env, agent, observation):
    assert env.observation_space(agent).contains(observation)
    for key in ("observation", "action_mask"):
        assert observation[key].dtype == env.observation_space(agent)[key].dtype
    planes = observation["observation"]
    assert planes.ndim <= 3 and not np.isnan(planes).any() and planes.any()
    mask = observation["action_mask"]
    assert mask.ndim == 1 and np.array_equal(mask, mask.astype(bool))


@pytest.mark.parametrize("rules", RULE_SETS)
def test_api_contract(rules):
    env = make_env(rules)
    env.reset(seed=0, options={"options": 1})
    assert isinstance(env.num_agents, int) and env.num_agents > 0
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    assert env.last(observe=False)[0] is None
    check_spaces(env)
    env.reset()
    live, finished, accumulated = set(env.agents), set(), {a: 0.0 for a in env.agents}
    steps = 0
    for agent in env.agent_iter(env.num_agents * 400):
        assert agent not in finished and isinstance(env.infos[agent], dict)
        observation, reward, terminated, truncated, info = env.last()
        assert isinstance(terminated, bool) and isinstance(truncated, bool)
        assert info == env.infos[agent] and reward == accumulated[agent]
        check_observation(env, agent, observation)
        if terminated or truncated:
            action = None
            live.discard(agent)
            finished.add(agent)
        else:
            assert observation["action_mask"].sum() >= 1
            action = masked_sample(env, agent, observation)
        accumulated[agent] = 0.0
        assert env.step(action) is None
        steps += 1
        for name, value in env.rewards.items():
            float(value)
            accumulated[name] += value
        assert env.num_agents == len(env.agents) and live.issubset(env.agents)
        for table in (env.rewards, env.terminations, env.truncations, env.infos):
            assert set(table) == set(env.agents)
        assert set(env.agents).issubset(env.possible_agents)
    if not env.agents:
        assert finished == set(env.possible_agents)
    assert steps > 0
    # Actions as numpy integers, after a seeded reset, give the same game.
    env.reset(seed=0)
    observation, *_ = env.last()
    action = masked_sample(env, env.agent_selection, observation)
    env.step(action)
    after = str(env.position)
    env.reset(seed=0)
    env.step(np.int32(action))
    assert str(env.position) == after
    assert type(env).render is not object.__dict__.get("render") and env.render() is not None
    env.close()


def play_to_end(env, rng):
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else
                 int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_truncation_by_move_limit_and_rewards_by_places():
    env = ChineseCheckersEnv("players=4 movelimit=5 limitresult=progress")
    env.reset()
    rng = random.Random(1)
    total, ends = {}, {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            total[agent], ends[agent] = reward, (terminated, truncated)
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert set(ends.values()) == {(False, True)}
    assert abs(sum(total.values())) < 1e-6 and max(total.values()) > 0
    with pytest.raises(ccengine.GameOverError):
        env.step(0)


def test_resignation_terminates_with_places():
    env = ChineseCheckersEnv("players=2")
    env.reset(options={"position": None})
    env.position.play("resign")  # the start of a finished game, as a user may hand it
    env.reset(options={"position": str(env.position)})
    assert all(env.terminations.values())
    _, reward, *_ = env.last()
    assert reward in (1.0, -1.0)


def test_every_agent_sees_its_goal_north():
    """The frame turns with the agent: at the start every agent's pieces lie on the same
    holes of its own planes, and its goal on the same holes too."""
    env = make_env("players=6")
    env.reset()
    views = [env.observe(agent)["observation"] for agent in env.agents]
    for view in views[1:]:
        assert np.array_equal(view[0], views[0][0])  # own pieces
        assert np.array_equal(view[8], views[0][8])  # own goal
    own = np.argwhere(views[0][0])
    goal = np.argwhere(views[0][8])
    assert own[:, 0].mean() < goal[:, 0].mean()  # from low rows (south) to high (north)


def test_wrong_actions_leave_the_environment_as_it_was():
    env = make_env("players=3")
    env.reset(seed=3)
    before = (str(env.position), env.agent_selection)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for action in [illegal, -1, ccengine.ACTION_COUNT, 10 ** 30]:
        with pytest.raises((ccengine.MoveError, TypeError, OverflowError)):
            env.step(action)
        assert (str(env.position), env.agent_selection) == before
    for action in [None, True, "m3-m5", 1.5]:
        with pytest.raises((TypeError, ValueError)):
            env.step(action)
        assert (str(env.position), env.agent_selection) == before
    with pytest.raises(ccengine.RulesError):
        make_env("players=7")
    with pytest.raises(ValueError):
        make_env("players=2", render_mode="rgb_array")


def test_batch_matches_single_games():
    rules = ccengine.Rules("players=6 movelimit=10")
    batch = ccengine.Batch(rules, 8, seed=4)
    singles = [ccengine.Position(rules) for _ in range(8)]
    for _ in range(200):
        actions = batch.sample()
        assert all(s.action_mask()[a] for s, a in zip(singles, actions))
        rewards, terminated, truncated = batch.step(actions)
        for index, single in enumerate(singles):
            single.play_action(int(actions[index]))
            if single.over:
                assert np.allclose(rewards[index], single.rewards())
                assert truncated[index] == (single.result().reason == "movelimit")
                assert terminated[index] != truncated[index]
                singles[index] = ccengine.Position(rules)
            else:
                assert not terminated[index] and not truncated[index] and not rewards[index].any()
            assert str(batch.position(index)) == str(singles[index])
    assert batch.finished > 0
    assert np.array_equal(batch.observe()[3], singles[3].observation())
    assert np.array_equal(batch.action_masks()[5], singles[5].action_mask())
    assert batch.movers == [s.mover for s in singles]
    wrong = batch.sample()
    wrong[2] = ccengine.PASS_ACTION if not singles[2].action_mask()[ccengine.PASS_ACTION] else 0
    before = [str(batch.position(i)) for i in range(8)]
    with pytest.raises(ccengine.MoveError, match="game 2"):
        batch.step(wrong)
    assert before == [str(batch.position(i)) for i in range(8)]
    with pytest.raises(ValueError):
        batch.step(np.zeros(3, dtype=np.int64))


def test_random_games_reach_their_ends():
    rng = random.Random(2)
    for rules in ["players=2 movelimit=30", "preset=super players=3 movelimit=20"]:
        env = make_env(rules)
        env.reset(seed=1)
        play_to_end(env, rng)
        assert not env.agents


def test_batch_shared_by_threads():
    """Two threads stepping one batch take turns (the batch's lock): every move counted."""
    import threading
    batch = ccengine.Batch(ccengine.Rules("players=3"), 16, seed=2)
    errors = []

    def play():
        try:
            for _ in range(200):
                batch.step(batch.sample())
        except ccengine.MoveError as error:  # the other thread moved between sample and step
            errors.append(error)

    threads = [threading.Thread(target=play) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index in range(16):
        assert ccengine.Position(ccengine.Rules("players=3"), str(batch.position(index)))
