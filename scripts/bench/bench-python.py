"""The Python package's speed on one core (protocol-spec/measurements.md has the figures):

1. random play at six players, one move per loop, against the same loops in pure
   Python over scripts/reference/ccref.py, the project's reference rules: the
   environment's AEC loop (last: the planes and the action mask from the mover's
   seat; a random legal action from the mask; step) against ReferenceEnv below, which
   does that work in pure Python; and the rules alone (legal, a random choice, play)
   through Position, by moves and by action numbers, against ccref;
2. the batched stepper (Batch): sample and step over many games per call, with and
   without each game's planes;
3. perft through Python against `ccengine perft` (its one-shot command) on the same
   positions, the best of several runs each; then two counts in two Python threads
   against one after the other (the GIL is released while the module counts).

    PYTHONPATH=build/python /usr/bin/python3 scripts/bench/bench-python.py [--engine build/ccengine] [--seconds 5]
"""

import argparse
import pathlib
import random
import re
import subprocess
import sys
import threading
import time

import numpy as np

import ccengine
from ccengine.env import env as make_env

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "reference"))
import ccref  # noqa: E402  (the reference, by path)

SIX = "players=6"


def rate(loop, seconds):
    """Moves per CPU second of `loop(deadline)`, which returns how many moves it made:
    the process's own CPU time, so that on a shared machine the time other processes
    hold the core is not counted against either side."""
    start = time.process_time()
    moves = loop(start + seconds)
    return moves / (time.process_time() - start)


def env_loop(deadline):
    game, moves = make_env(SIX), 0
    game.reset(seed=1)
    while time.process_time() < deadline:
        for agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            game.step(game.action_space(agent).sample(observation["action_mask"]))
            moves += 1
            if moves % 64 == 0 and time.process_time() > deadline:
                return moves
        game.reset()
    return moves


def random_play(deadline, legal, play):
    """Random play at six players through Position: `legal(position)` lists the choices,
    `play(position, choice)` makes one."""
    rules, rng, moves = ccengine.Rules(SIX), random.Random(1), 0
    position = ccengine.Position(rules)
    while time.process_time() < deadline:
        for _ in range(64):
            if position.over:
                position = ccengine.Position(rules)
            play(position, rng.choice(legal(position)))
            moves += 1
    return moves


def position_loop(deadline):
    return random_play(deadline, lambda position: position.legal(),
                       lambda position, move: position.play(move))


def action_loop(deadline):
    return random_play(deadline, lambda position: position.legal_actions(),
                       lambda position, action: position.play_action(action))


class ReferenceEnv:
    """The environment's work per move in pure Python, over ccref: the planes and the
    action mask from the mover's seat (the star turned as the module turns it), the
    move an action names, and the move played; a new game when one ends."""

    PLANE = 17 * 17

    def __init__(self, settings):
        self.game = ccref.Game.from_settings(settings)
        index = {ccref.COORDS[hole]: hole for hole in ccref.HOLES}
        self.turned = []
        for turn in range(6):
            table = []
            for hole in ccref.HOLES:
                cube = ccref.COORDS[hole]
                for _ in range(turn):
                    cube = (-cube[1], -cube[2], -cube[0])
                table.append(index[cube])
            self.turned.append(table)
        self.turn_for_seat = {seat: next(t for t in range(6) if self.turned[t][ccref.TIP[seat]] == ccref.TIP[1])
                              for seat in ccref.SEATS}
        self.cell = [(ccref.COORDS[hole][1] + 8) * 17 + ccref.COORDS[hole][0] + 8 for hole in ccref.HOLES]
        self.position = self.game.start()

    def observe(self):
        game, position, plane = self.game, self.position, self.PLANE
        mover = position.mover
        turned = self.turned[self.turn_for_seat[game.seats_of[mover][0]]]
        first = game.order_pos[mover]
        plane_of = {game.order[(first + k) % game.n]: k for k in range(game.n)}
        planes = [0.0] * (9 * plane)
        for hole, piece in enumerate(position.board):
            if piece is None or piece == ccref.SPARE:
                continue
            at = self.cell[turned[hole]]
            planes[plane_of[game.player_of[piece.seat]] * plane + at] = 1.0
            if piece.king:
                planes[6 * plane + at] = 1.0
        for hole in ccref.HOLES:
            planes[7 * plane + self.cell[hole]] = 1.0
        for seat in game.seats_of[mover]:
            for hole in game.goal[seat]:
                planes[8 * plane + self.cell[turned[hole]]] = 1.0
        self.legal = game.legal(position)
        self.actions = [self.action(move, turned) for move in self.legal]
        mask = [0] * ccengine.ACTION_COUNT
        for action in self.actions:
            mask[action] = 1
        return planes, mask

    @staticmethod
    def action(move, turned):
        if move.frm < 0:
            return ccengine.PASS_ACTION
        return turned[move.frm] * 121 + turned[move.to]

    def step(self, action):
        move = self.legal[self.actions.index(action)]
        self.position = self.game.play(self.position, move)
        if self.position.status != "playing":
            self.position = self.game.start()


def reference_env_loop(deadline):
    env, rng, moves = ReferenceEnv(SIX), random.Random(1), 0
    while time.process_time() < deadline:
        _, mask = env.observe()
        env.step(rng.choice([action for action, legal in enumerate(mask) if legal]))
        moves += 1
    return moves


def reference_loop(deadline):
    game, rng, moves = ccref.Game.from_settings(SIX), random.Random(1), 0
    position = game.start()
    while time.process_time() < deadline:
        if position.status != "playing":
            position = game.start()
        position = game.play(position, rng.choice(game.legal(position)))
        moves += 1
    return moves


def batch_loop(games, observe):
    def loop(deadline):
        batch, moves = ccengine.Batch(ccengine.Rules(SIX), games, seed=1), 0
        while time.process_time() < deadline:
            batch.step(batch.sample())
            if observe:
                batch.observe()
            moves += games
        return moves
    return loop


def engine_perft(engine, rules, depth):
    """Seconds of the engine's own count (its `info string perft ... time <ms> ms`), and the count."""
    output = subprocess.run([engine, "--rules", rules, "perft", str(depth)], capture_output=True,
                            text=True, check=True).stdout
    millis = int(re.search(r"time (\d+) ms", output).group(1))
    return millis / 1000.0, int(re.search(r"^nodes (\d+)$", output, re.M).group(1))


def python_perft(rules, depth):
    position = ccengine.Position(ccengine.Rules(rules))
    start = time.perf_counter()
    count = position.perft(depth)
    return time.perf_counter() - start, count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "build" / "ccengine"))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=5, help="perft runs per side (the best is kept)")
    args = parser.parse_args()

    print(f"random play, six players, moves per CPU second ({args.seconds:g} s each):")
    references = {}
    for name, loop, reference_name, reference_loop_ in [
            ("environment (AEC: last, sample, step)", env_loop, "ReferenceEnv", reference_env_loop),
            ("Position (legal, choice, play)", position_loop, "ccref", reference_loop),
            ("Position (legal_actions, play_action)", action_loop, "ccref", reference_loop)]:
        if reference_name not in references:
            references[reference_name] = rate(reference_loop_, args.seconds)
            print(f"  {reference_name + ' (pure Python)':40s} {references[reference_name]:12,.0f}")
        moves = rate(loop, args.seconds)
        print(f"  {name:40s} {moves:12,.0f}   {moves / references[reference_name]:6.1f} x {reference_name}")
    for games in (64, 256, 1024):
        for observe in (False, True):
            moves = rate(batch_loop(games, observe), args.seconds)
            what = f"Batch of {games}" + (", with planes" if observe else "")
            print(f"  {what:40s} {moves:12,.0f}")

    print(f"perft, seconds (best of {args.runs}): Python / ccengine")
    for rules, depth in [("players=2", 6), ("players=6", 7), ("preset=super players=3", 6)]:
        python = min(python_perft(rules, depth) for _ in range(args.runs))
        engine = min(engine_perft(args.engine, rules, depth) for _ in range(args.runs))
        if python[1] != engine[1]:
            sys.exit(f"perft counts differ on {rules} depth {depth}: {python[1]} != {engine[1]}")
        print(f"  {rules:24s} depth {depth}: {python[0]:.3f} / {engine[0]:.3f} = "
              f"{python[0] / engine[0]:.3f}   ({python[1]:,} leaves)")

    position = ccengine.Position(ccengine.Rules("players=6"))
    start = time.perf_counter()
    position.perft(7)
    position.perft(7)
    serial = time.perf_counter() - start
    threads = [threading.Thread(target=position.perft, args=(7,)) for _ in range(2)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    parallel = time.perf_counter() - start
    print(f"two perft 7 at six players: one after the other {serial:.3f} s, in two threads "
          f"{parallel:.3f} s ({serial / parallel:.2f} times the throughput)")


if __name__ == "__main__":
    main()
