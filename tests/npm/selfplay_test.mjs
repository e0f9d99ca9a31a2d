// The installed package plays a game against itself at 2 and at 6 players: every move it
// chooses is one of its `legal` moves, the game ends, and the native engine, given the
// whole game, accepts every move and sees the same result.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import { ask, importPackage, installPackage, native } from './installed.mjs';

const kMaxPlies = 3000;
let engine;

before(async () => {
  const { createEngine } = await importPackage(installPackage());
  engine = await createEngine();
});
after(() => engine?.quit());

async function selfPlay(players) {
  engine.send(`setrules players=${players}`);
  const moves = [];
  for (let ply = 0; ply < kMaxPlies; ++ply) {
    const position = `position startpos moves ${moves.join(' ')}`;
    engine.send(position);
    const result = await ask(engine, 'result', 'result');
    if (!result.startsWith('result ongoing')) return { moves, result };
    const legal = (await ask(engine, 'legal', 'legal')).split(' ').slice(1);
    const { bestmove } = await engine.go({ nodes: 200 });
    assert.ok(legal.includes(bestmove) || (bestmove === 'pass' && legal.length === 0),
      `ply ${ply + 1}: bestmove ${bestmove} is not among the legal moves ${legal.join(' ')}`);
    moves.push(bestmove);
  }
  assert.fail(`no result after ${kMaxPlies} plies`);
}

function nativeResult(players, moves) {
  const input = `setrules players=${players}\nposition startpos moves ${moves.join(' ')}\nresult\nquit\n`;
  return execFileSync(native, { input }).toString().trim().split('\n');
}

for (const players of [2, 6]) {
  test(`a game against itself at ${players} players`, async () => {
    const { moves, result } = await selfPlay(players);
    assert.match(result, /^result over \S+ places /);
    assert.deepEqual(nativeResult(players, moves), [result], 'the native engine replaying the game');
    console.log(`${players} players: ${moves.length} plies, ${result}`);
  });
}
