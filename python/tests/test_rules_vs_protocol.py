"""The module against the engine over the protocol, on every preset and player count
and on rule variants: after each move of random games, the same position text, the
same legal moves and the same result; and the same refusals, word for word, for rule
texts and position texts the engine refuses. The module and the protocol must never
disagree."""

import random
import zlib

import pytest

import ccengine
from protocol_batch import run_session

# Variants that change the moves or the ends, beside each preset's own rules.
VARIANTS = ["movelimit=30", "movelimit=25 limitresult=progress", "hops=long swap=any",
            "bonus=on mustleave=on", "king=on adjacent=on", "repetition=2 stall=8",
            "end=first fairfinish=on movelimit=40", "passround=on unused=filled players=3"]
PLIES = 80


def rule_sets():
    sets = []
    for name, fewest, most in ccengine.Rules.presets():
        for players in range(fewest, most + 1):
            sets.append(f"preset={name} players={players}")
    return sets + VARIANTS


def random_positions(rules_text, seed):
    """(the game so far as `position` words, position text, legal texts, result) after
    each move of two games: the whole game, since repetition counts what came before."""
    rules = ccengine.Rules(rules_text)
    rng = random.Random(seed)
    samples = []
    for _ in range(2):
        position = ccengine.Position(rules)
        for _ in range(PLIES):
            if position.over:
                break
            moves = position.legal()
            # Now and then a resignation, so that results other than `playing` come up.
            move = "resign" if rng.random() < 0.01 else str(rng.choice(moves))
            position.play(move)
            game = f"{position.start} moves {' '.join(position.moves)}"
            samples.append((game, str(position), sorted(map(str, position.legal())),
                            position.result()))
    return samples


def result_line(result):
    places = ",".join(map(str, result.places))
    if not result.over:
        return f"result ongoing places {places}"
    scores = ",".join(map(str, result.scores))
    return f"result over {result.reason} places {places} scores {scores}"


@pytest.mark.parametrize("rules_text", rule_sets())
def test_same_positions_moves_and_results(engine_path, rules_text):
    samples = random_positions(rules_text, seed=zlib.crc32(rules_text.encode()))
    commands = [f"setrules {rules_text}"] if "preset" in rules_text else [
        "setrules preset=standard", f"setrules {rules_text}"]
    for game, _, _, _ in samples:
        commands += [f"position {game}", "getposition", "legal", "result"]
    lines = run_session(engine_path, commands)
    assert not [line for line in lines if line.startswith("error")], lines[:5]
    assert len(lines) == 3 * len(samples)
    for index, (game, text, legal, result) in enumerate(samples):
        position_line, legal_line, engine_result = lines[3 * index:3 * index + 3]
        where = f"{rules_text}: position {game}"
        assert position_line == f"position {text}", where
        assert sorted(legal_line.split()[1:]) == legal, where
        assert engine_result == result_line(result), where


def test_thousands_of_positions_compared():
    # The volume the comparison above covers, so that a shrunk loop fails here.
    assert sum(len(random_positions(r, seed=1)) for r in rule_sets()) >= 2000


BAD_RULES = ["players=9", "preset=nosuch", "hops=medium", "players=2 players=3", "movelimit=-1",
             "preset=diamond players=4", "armies=1,1", "bogus=1", "pieces=12", "=", "players"]


@pytest.mark.parametrize("words", BAD_RULES)
def test_same_rule_errors(engine_path, words):
    with pytest.raises(ccengine.RulesError) as raised:
        ccengine.Rules(words)
    lines = run_session(engine_path, [f"setrules {words}"])
    assert lines == [f"error setrules: {raised.value}"]


def mangled_position_texts(seed, count):
    rng = random.Random(seed)
    position = ccengine.Position(ccengine.Rules("players=3"))
    texts = []
    for _ in range(count):
        if not position.over:
            position.play(rng.choice(position.legal()))
        text = list(str(position))
        for _ in range(rng.randint(1, 3)):
            spot = rng.randrange(len(text))
            text[spot] = rng.choice("./123456 -0xk*9")
        texts.append("".join(text))
    return texts


def test_same_position_errors(engine_path):
    texts = mangled_position_texts(seed=5, count=300)
    commands = ["setrules players=3"]
    for text in texts:
        commands += [f"position {text}", "getposition"]
    lines = run_session(engine_path, commands)
    refused = 0
    for text in texts:
        try:
            accepted = str(ccengine.Position(ccengine.Rules("players=3"), text))
            expected = None
        except ccengine.PositionError as error:
            expected = str(error)
        line = lines.pop(0)
        if expected is None:
            assert line == f"position {accepted}", text
        else:
            refused += 1
            if len(text.split()) == 8:
                assert line == f"error position: {expected}", text
            else:
                assert line.startswith("error"), text
            # The engine keeps the position before, and getposition says it.
            assert lines.pop(0).startswith("position "), text
    assert refused > 100


def test_same_move_errors(engine_path):
    """Wrong moves (random paths, swaps, passes, words) get the engine's own error text,
    and the position stays as it was."""
    rng = random.Random(8)
    rules = "preset=super players=3 swap=any"
    position = ccengine.Position(ccengine.Rules(rules))
    holes = [name for name, _, _ in ccengine.holes()]
    commands, expected = [f"setrules {rules}"], []
    for _ in range(400):
        if rng.random() < 0.3:
            position.play(rng.choice(position.legal()))
        path = "-".join(rng.choice(holes) for _ in range(rng.randint(1, 4)))
        # Every move is one word: the protocol's line cannot carry an empty one.
        move = rng.choice([path, path + "*", "pass", "resign2", "-", str(rng.randrange(200))])
        before = str(position)
        try:
            position.play(move)
        except ccengine.MoveError as error:
            assert str(position) == before
            game = f"{position.start} moves {' '.join(position.moves)}".rstrip()
            commands.append(f"position {game} {move}" if position.moves else
                            f"position {position.start} moves {move}")
            expected.append(f"error position: move {len(position.moves) + 1}: {error}")
            continue
        position.undo()
    lines = run_session(engine_path, commands)
    assert len(expected) > 200 and lines == expected
