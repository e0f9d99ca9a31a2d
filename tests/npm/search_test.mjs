// The installed package's engine while it searches, on bad input, after quit(), and at
// the end of a program: `isready` and `stop` are answered during a search, bad input gets
// the protocol's one `error` line and changes nothing, a call after quit() rejects, and a
// program that quits its engine exits by itself.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ask, importPackage, installPackage } from './installed.mjs';

let folder;
let engine;

before(async () => {
  folder = installPackage();
  const { createEngine } = await importPackage(folder);
  engine = await createEngine();
});
after(() => engine?.quit().catch(() => {}));

// Waits for the search's first `info depth` line: the search is running.
async function searching(lines) {
  for await (const line of lines) if (line.startsWith('info depth')) return;
}

test('isready and stop during go infinite', async () => {
  engine.send('position startpos');
  const lines = engine.lines();
  const search = engine.go({ infinite: true });
  await searching(lines);
  let answered = false;
  search.then(() => (answered = true));
  await engine.isready();
  assert.equal(answered, false, 'bestmove came before stop, during go infinite');
  engine.send('stop');
  const { bestmove, info } = await search;
  const legal = (await ask(engine, 'legal', 'legal')).split(' ').slice(1);
  assert.ok(legal.includes(bestmove), `${bestmove} is not among ${legal.join(' ')}`);
  assert.ok(info.depth >= 1 && info.pv[0] === bestmove, JSON.stringify(info));
});

test('stop ends a search under a long movetime at once', async () => {
  const lines = engine.lines();
  const started = Date.now();
  const search = engine.go({ movetime: 60000 });
  await searching(lines);
  engine.send('stop');
  const { bestmove } = await search;
  assert.match(bestmove, /^[a-q]\d+-/);
  assert.ok(Date.now() - started < 30000, `${Date.now() - started} ms`);
});

test('bad input: one error line, the state unchanged', async () => {
  engine.send('position startpos moves m3-m5');
  const before = await ask(engine, 'getposition', 'position');
  for (const bad of ['bogus', 'setrules players=9', 'setoption name Hash value -1', 'position startpos moves z1-z2']) {
    const lines = engine.lines();
    engine.send(bad);
    await engine.isready();
    const said = [];
    for await (const line of lines) {
      if (line === 'readyok') break;
      said.push(line);
    }
    assert.equal(said.length, 1, `${bad}: ${said.join(' | ')}`);
    assert.match(said[0], /^error /);
    if (!bad.startsWith('position')) assert.equal(await ask(engine, 'getposition', 'position'), before);
  }
  await assert.rejects(engine.go({ depth: 2 }), /^Error: error go: no position to search/);
  engine.send('position startpos moves m3-m5');
  await assert.rejects(engine.go({ movetime: 'soon' }), /^Error: error go: bad value 'soon' for movetime/);
  assert.equal(await ask(engine, 'getposition', 'position'), before);
  assert.match((await engine.go({ depth: 2 })).bestmove, /-/);
});

test('every call after quit() rejects, and says why', async () => {
  const { createEngine } = await importPackage(folder);
  const quitting = await createEngine();
  await quitting.quit();
  assert.equal(await quitting.ended, 'the engine ended its session');
  for (const call of [() => quitting.go({ depth: 1 }), () => quitting.isready(), () => quitting.quit()]) {
    await assert.rejects(call(), /after quit\(\): the engine has quit/);
  }
  assert.throws(() => quitting.send('isready'), /send\(\) after quit\(\)/);
});

test('a program that quits its engine exits by itself', () => {
  const program = join(folder, 'exits.mjs');
  writeFileSync(program, `import { createEngine } from 'ccengine';
const engine = await createEngine();
engine.send('setoption name Threads value 2');
const { bestmove } = await engine.go({ movetime: 300 });
await engine.quit();
console.log(bestmove);
`);
  const run = spawnSync(process.execPath, [program], { cwd: folder, timeout: 20000 });
  assert.equal(run.signal, null, 'killed after 20 s: the program did not exit');
  assert.equal(run.status, 0, run.stderr.toString());
  assert.match(run.stdout.toString(), /^[a-q]\d+-\S+\n$/);
});
