// The package README's ten-line bot, as written there (its first ```js block, read from
// the installed package), run as a program in the folder the package was installed
// into: it exits by itself, and the native engine, given the moves it printed, accepts
// every one of them and finds the game over.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { installPackage, native } from './installed.mjs';

test("the README's bot plays a legal game against itself", () => {
  const folder = installPackage();
  const readme = readFileSync(join(folder, 'node_modules', 'ccengine', 'README.md'), 'utf8');
  const example = readme.match(/```js\n([^]*?)```/)[1];
  assert.ok(example.split('\n').filter((line) => line.trim() !== '').length <= 10, example);
  writeFileSync(join(folder, 'bot.mjs'), example);
  const run = spawnSync(process.execPath, ['bot.mjs'], { cwd: folder, timeout: 120000 });
  assert.equal(run.signal, null, 'killed after 120 s: the bot did not exit');
  assert.equal(run.status, 0, run.stderr.toString());
  const moves = run.stdout.toString().trim();
  const players = example.match(/players=(\d)/)[1];
  const replies = execFileSync(native, {
    input: `setrules players=${players}\nposition startpos moves ${moves}\nresult\nquit\n`,
  }).toString().trim().split('\n');
  assert.equal(replies.length, 1, replies.join('\n'));
  assert.match(replies[0], /^result over /);
  console.log(`${moves.split(' ').length} moves, ${replies[0]}`);
});
