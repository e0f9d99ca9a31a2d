"""The module itself: perft and `eval` as the protocol counts them, the in-process
search, the GIL released (threads gain), and bad input from Python: a clear exception,
the object as it was, and no input that crashes the interpreter."""

import random
import string
import threading
import time

import numpy as np
import pytest

import ccengine
from protocol_batch import run_until


@pytest.mark.parametrize("rules, depth", [("players=2", 3), ("preset=super players=3", 2),
                                          ("preset=diamond players=3", 2), ("players=6", 2),
                                          ("preset=sec5 players=1", 3)])
def test_perft_and_eval_as_the_protocol(engine_path, rules, depth):
    position = ccengine.Position(ccengine.Rules(rules))
    rng = random.Random(depth)
    for _ in range(6):
        position.play(rng.choice(position.legal()))
    lines = run_until(engine_path, [f"setrules {rules}",
                                    f"position {position.start} moves {' '.join(position.moves)}",
                                    "eval", f"perft {depth}"], "nodes ")
    assert position.perft(depth) == int(lines[-1].split()[1])
    evaluation = position.evaluate()
    compared = False
    for line in lines:
        words = line.split()
        if line.startswith("eval player"):
            terms = evaluation["players"][int(words[2]) - 1]
            for key, value in zip(words[3::2], words[4::2]):
                if key in terms:
                    assert terms[key] == int(value), (key, line)
        elif line.startswith("eval score"):
            assert evaluation["score"] == int(words[3]) and evaluation["mover"] == int(words[5])
            compared = True
    assert compared


def test_search_reports_a_legal_line():
    position = ccengine.Position(ccengine.Rules("players=2"))
    result = ccengine.Searcher(multipv=2).search(position, depth=4)
    assert result.move in {str(move) for move in position.legal()}
    assert [line.multipv for line in result.lines] == [1, 2]
    best = result.lines[0]
    assert best.depth == 4 and best.cp is not None and sum(best.chances) == 1000
    replay = position.copy()
    for move in result.pv:
        replay.play(move)
    assert ccengine.Searcher(player="greedy").search(position, nodes=100).move is not None
    over = position.copy()
    over.play("resign")
    assert ccengine.Searcher().search(over, depth=2).move is None
    with pytest.raises(ValueError):
        ccengine.Searcher(method="alphazero")
    with pytest.raises(ValueError):
        ccengine.Searcher().search(position, depth=0)


def test_gil_released_threads_gain():
    """While two perft counts run in two threads, this thread runs Python on: with the GIL
    held it would wait for the whole count. (The speed two threads gain is measured by
    python/bench.py, not here: on a shared machine a timing is no verdict.)"""
    position = ccengine.Position(ccengine.Rules("players=6"))
    start = time.perf_counter()
    position.perft(6)
    alone = time.perf_counter() - start
    assert alone > 0.01  # long enough for the ticks below
    seen = []
    threads = [threading.Thread(target=lambda: seen.append(position.perft(6))) for _ in range(2)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    # Meanwhile this thread runs Python: it would wait the whole count with the GIL held.
    ticks = 0
    while any(thread.is_alive() for thread in threads):
        ticks += 1
        time.sleep(0.001)
    assert len(seen) == 2 and seen[0] == seen[1]
    assert ticks > 5


def test_bad_input_leaves_the_position_as_it_was():
    rules = ccengine.Rules("players=3")
    position = ccengine.Position(rules)
    position.play(position.legal()[0])
    before = (str(position), position.moves)
    for move in ["m1-m9", "", "pass", "z99-a1", "m3-m5-m7-m9-m11", "e13*", "resign resign"]:
        with pytest.raises(ccengine.MoveError):
            position.play(move)
        assert (str(position), position.moves) == before
    other = ccengine.Position(ccengine.Rules("players=2"))
    with pytest.raises(ccengine.MoveError):
        position.play(other.legal()[0]) if other.legal()[0] not in position.legal() else None
        raise ccengine.MoveError("the move is legal in both")
    six = str(ccengine.Position(ccengine.Rules("players=6")))
    with pytest.raises(ccengine.PositionError):
        ccengine.Position(rules, six)  # a position of the wrong player count
    with pytest.raises(ccengine.RulesError, match="players"):
        ccengine.Rules("players=0")
    with pytest.raises(ccengine.RulesError):
        ccengine.Rules(preset="nosuch")
    finished = ccengine.Position(rules)
    finished.play("resign")
    finished.play("resign")
    text = str(finished)
    with pytest.raises(ccengine.GameOverError):
        finished.play("m3-m5")
    with pytest.raises(ccengine.GameOverError):
        finished.play_action(0)
    assert str(finished) == text
    with pytest.raises(ccengine.MoveError):
        ccengine.Position(rules).undo()
    with pytest.raises(ValueError):
        position.perft(-1)
    with pytest.raises(IndexError):
        position.pieces(4)


def test_equality_spares_and_render():
    rules = ccengine.Rules("players=2 unused=filled")
    position = ccengine.Position(rules)
    assert position == ccengine.Position(rules, str(position)) and len({position, position.copy()}) == 1
    other = position.copy()
    other.play(other.legal()[0])
    assert other != position
    assert len(position.spares()) == 40  # the four arms no army starts in nor races to
    from ccengine.env import render_board
    picture = render_board(position)
    assert picture.count("x") == 40 and picture.count("2") == 10 and len(picture.splitlines()) == 18


def test_undo_returns_to_each_earlier_position():
    position = ccengine.Position(ccengine.Rules("preset=super players=3"))
    rng = random.Random(9)
    texts = []
    for _ in range(30):
        texts.append(str(position))
        position.play(rng.choice(position.legal()))
    for text in reversed(texts):
        position.undo()
        assert str(position) == text


def random_text(rng):
    alphabet = string.printable + "é\x00"
    pieces = [rng.choice(["m3-m5", "pass", "resign", "players=", "preset=", "*", "-", " ", "/", "1", "999999999999"])
              for _ in range(rng.randint(0, 4))]
    return "".join(pieces) + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 20)))


def test_fuzz_like_random_input_never_crashes():
    rng = random.Random(12)
    rules = ccengine.Rules("players=4")
    position = ccengine.Position(rules)
    values = [None, 3, -1, 2 ** 70, 1.5, b"m3", [], {}, "m3-m5", np.int64(5), position, rules]
    for _ in range(3000):
        text = random_text(rng)
        before = str(position)
        for call in (lambda: ccengine.Rules(text), lambda: ccengine.Position(rules, text),
                     lambda: position.play(text), lambda: position.play_action(rng.randrange(-5, 20000)),
                     lambda: position.move(rng.randrange(-5, 20000)), lambda: position.observation(rng.randrange(-2, 7)),
                     lambda: position.play(rng.choice(values)), lambda: ccengine.Position(rng.choice(values)),
                     lambda: position.perft(rng.choice(values)), lambda: ccengine.ccp_hole(rng.randrange(-3, 130))):
            try:
                call()
            except (ValueError, TypeError, IndexError, OverflowError):
                pass
            if str(position) != before:  # a legal move was played: fine, the game goes on
                before = str(position)
        if position.over:
            position = ccengine.Position(rules)
