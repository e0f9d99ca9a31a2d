// The package's one-thread build (wasm/ccengine-single.js: what its worker runs in a page
// that is not cross-origin isolated), loaded from the installed package as the worker
// loads it, against what protocol-spec/gui.md says of it (The in-page engine, One
// thread). Its session handles each line within the call that sends it, so every reply
// is there when the call returns.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { installPackage } from './installed.mjs';

const wasm = join(installPackage(), 'node_modules', 'ccengine', 'wasm');

async function session() {
  const said = [];
  let closed = false;
  const create = createRequire(import.meta.url)(join(wasm, 'ccengine-single.js'));
  const module = await create({
    wasmBinary: readFileSync(join(wasm, 'ccengine-single.wasm')),
    onLine: (text) => said.push(text),
    onClosed: () => (closed = true),
  });
  const id = module._ccengine_start();
  return {
    // The lines `text` made the engine write.
    send(text) {
      const from = said.length;
      module.sendText(id, `${text}\n`);
      return said.slice(from);
    },
    said,
    closed: () => closed,
  };
}

test('it says so first, sets Threads to 1, and plays', async () => {
  const engine = await session();
  assert.match(engine.said[0], /^info string one thread: no SharedArrayBuffer here .* every search ends within 10000 ms/);
  assert.deepEqual(engine.send('setoption name Threads value 4'),
    ['info string Threads 4 is above this server\'s limit: set to 1']);
  const search = engine.send('go depth 4');
  const bestmove = search.at(-1).split(' ')[1];
  const legal = engine.send('legal')[0].split(' ').slice(1);
  assert.ok(legal.includes(bestmove), `${bestmove} is not among ${legal.join(' ')}`);
  assert.deepEqual(engine.send('quit'), []);
  assert.ok(engine.closed());
});

test('go infinite answers when its 10 s are over, without a stop', async () => {
  const engine = await session();
  const started = Date.now();
  const search = engine.send('go infinite');
  const seconds = (Date.now() - started) / 1000;
  assert.equal(search[0], 'info string this server ends every search after 10000 ms');
  assert.match(search.at(-1), /^bestmove [a-q]\d+-/);
  assert.ok(seconds > 9 && seconds < 60, `${seconds} s`);
  assert.deepEqual(engine.send('stop'), []);
  assert.deepEqual(engine.send('isready'), ['readyok']);
  assert.deepEqual(engine.send('ponderhit'), ['error ponderhit: no ponder search runs']);
});

test('the CCP dialect is not offered', async () => {
  const engine = await session();
  assert.deepEqual(engine.send('ccp'), ["error unknown command 'ccp' (try 'help')"]);
});
