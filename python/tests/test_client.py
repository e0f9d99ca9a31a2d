"""The engine client against ccengine (both dialects) and against the broken fake engine:
each fault raises its own clear exception in time, and the process is always ended."""

import threading
import time

import pytest

import ccengine
from ccengine.engine import (Engine, EngineError, EngineProtocolError,
                             EngineTerminatedError, EngineTimeoutError, Limit)
from ccengine.info import Score, parse_info


def test_plays_and_analyses_with_ccengine(engine_path):
    position = ccengine.Position(ccengine.Rules("preset=super players=3"))
    with Engine.popen([engine_path]) as engine:
        assert engine.id["name"].startswith("ccengine")
        assert engine.options["Skill Level"].max == 20
        assert "var" not in engine.options["Method"].var and "mcts" in engine.options["Method"].var
        assert "preset" in engine.rule_keys
        engine.configure({"Hash": 8, "ShowWDL": True, "Clear Hash": None})
        for _ in range(4):
            played = engine.play(position, Limit(depth=2))
            assert played.move in {str(move) for move in position.legal()}
            assert isinstance(played.info["score"], Score)
            assert len(played.info["first"]) == 3 and sum(played.info["first"]) == 1000
            position.play(played.move)
        lines = engine.analyse(position, Limit(nodes=3000), multipv=3)
        assert [line["multipv"] for line in lines] == [1, 2, 3]
        assert len({line["pv"][0] for line in lines}) == 3
        with pytest.raises(EngineError, match="Hash"):
            engine.configure({"Hash": "many"})
        with pytest.raises(EngineError, match="offers"):
            engine.configure({"NoSuchOption": 1})
        # After refusals the engine still plays, one line again.
        assert engine.play(position, Limit(time=0.05)).move is not None
    assert engine.process.poll() is not None


def test_time_limit_and_finished_game(engine_path):
    with Engine.popen([engine_path]) as engine:
        start = time.monotonic()
        engine.play(ccengine.Position(ccengine.Rules("players=6")), Limit(time=0.2))
        assert time.monotonic() - start < 2.0
        over = ccengine.Position(ccengine.Rules())
        over.play("resign")
        assert engine.play(over, Limit(depth=3)).move is None
        # No deadline at all for a search that may take long.
        assert engine.play(over, Limit(depth=3), timeout=float("inf")).move is None


def test_ccp_dialect(engine_path):
    position = ccengine.Position(ccengine.Rules("preset=ccerl"))
    with Engine.popen([engine_path, "--ccp"], protocol="ccp") as engine:
        for _ in range(3):
            played = engine.play(position, Limit(depth=2))
            position.play(played.move)
        lines = engine.analyse(position, Limit(depth=2), multipv=2)
        assert len(lines) == 2 and abs(sum(line["policy"] for line in lines) - 1) < 1e-3
        for line in lines:
            position.copy().play(line["pv"][0])


@pytest.mark.parametrize("fault, error", [
    ("die", EngineTerminatedError), ("stall", EngineTimeoutError),
    ("garbage", EngineProtocolError), ("badinfo", EngineProtocolError),
    ("illegal", EngineProtocolError), ("badbest", EngineProtocolError)])
def test_faulty_engine_in_a_search(fake_engine, fault, error):
    engine = Engine.popen(fake_engine + [fault], timeout=1.0)
    start = time.monotonic()
    with pytest.raises(error):
        engine.play(ccengine.Position(ccengine.Rules()), Limit(depth=1), timeout=1.0)
    assert time.monotonic() - start < 3.0
    # An engine in an unknown state is ended; a later call says it has ended.
    assert engine.process.wait(2) is not None
    with pytest.raises(EngineTerminatedError):
        engine.ping()
    engine.close()


def test_well_behaved_fake_engine(fake_engine):
    with Engine.popen(fake_engine + ["ok"]) as engine:
        played = engine.play(ccengine.Position(ccengine.Rules()), Limit(nodes=10))
        assert played.move == "m3-m5" and played.info["score"] == Score(cp=12)


def test_handshake_faults(fake_engine):
    start = time.monotonic()
    with pytest.raises(EngineTimeoutError):
        Engine.popen(fake_engine + ["mute"], timeout=0.5)
    assert time.monotonic() - start < 3.0
    with pytest.raises(EngineTerminatedError):
        Engine.popen(["/bin/false"], timeout=2.0)
    with pytest.raises(EngineTerminatedError):
        Engine.popen(["/nonexistent/engine"])
    with pytest.raises(ValueError):
        Engine.popen(fake_engine, protocol="uci")


def test_refused_option_and_killed_when_quit_is_ignored(fake_engine):
    with Engine.popen(fake_engine + ["refuse"]) as engine:
        with pytest.raises(EngineError, match="refused by the fake engine"):
            engine.configure({"Hash": 32})
    assert engine.process.poll() is not None
    engine = Engine.popen(fake_engine + ["quitless"])
    start = time.monotonic()
    engine.close()
    assert engine.process.poll() is not None and time.monotonic() - start < 5.0


def test_context_manager_ends_the_process_on_an_exception(engine_path):
    with pytest.raises(KeyError):
        with Engine.popen([engine_path]) as engine:
            raise KeyError("user code failed")
    assert engine.process.poll() is not None


def test_info_lines():
    info = parse_info("info depth 4 seldepth 6 multipv 2 score mate -3 upperbound first 100 200 700 "
                      "nodes 99 nps 1000 time 99 hashfull 3 pv a1-b2 c3-d4")
    assert info["score"] == Score(mate=-3) and info["upperbound"] and info["first"] == [100, 200, 700]
    assert info["time"] == 0.099 and info["pv"] == ["a1-b2", "c3-d4"]
    assert parse_info("info string hello world")["string"] == "hello world"
    assert parse_info("info depth 1 score cp 5 wdl 600 0 400")["wdl"] == (600, 0, 400)
    for bad in ["info depth", "info depth x", "info score", "info score elo 5", "info frobnicate 3",
                "info wdl 1 2", "inf depth 1"]:
        with pytest.raises(ValueError):
            parse_info(bad)


def test_stop_from_another_thread_in_process():
    searcher = ccengine.Searcher()
    position = ccengine.Position(ccengine.Rules("players=3"))
    timer = threading.Timer(0.3, searcher.stop)
    timer.start()
    start = time.monotonic()
    result = searcher.search(position)  # no limit: until stop
    assert 0.25 < time.monotonic() - start < 3.0
    assert result.move in {str(move) for move in position.legal()}
