// The session examples of protocol-spec/*.md (```session blocks: `> ` lines are sent,
// as tests/spec_examples_test.cpp sends them) played against the native engine and the
// in-page engine (the wasm build under node.js, through its npm package): their replies
// must be the same. Timing words (time, nps) are left out; in a session whose search is
// bounded by the clock rather than depth or nodes, so are how far the search got and the
// move it chose.
//
// node spec_sessions.cjs <native ccengine> <the package's folder> <protocol-spec folder>
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

const kTimeoutMs = 60000;

// Every ```session (or ~~~session) block's input lines, with where it is.
function sessionBlocks(specDir) {
  const blocks = [];
  for (const file of fs.readdirSync(specDir).filter((name) => name.endsWith('.md')).sort()) {
    const lines = fs.readFileSync(path.join(specDir, file), 'utf8').split(/\r?\n/);
    for (let i = 0; i < lines.length; ++i) {
      const fence = lines[i].slice(0, 3);
      if (fence !== '```' && fence !== '~~~') continue;
      const info = lines[i].slice(3).trim();
      const inputs = [];
      let j = i + 1;
      for (; j < lines.length && lines[j].trimEnd() !== fence; ++j) {
        if (lines[j].startsWith('>')) inputs.push(lines[j].slice(lines[j].startsWith('> ') ? 2 : 1));
      }
      if (info === 'session') blocks.push({ where: `protocol-spec/${file}:${i + 1}`, inputs });
      i = j;
    }
  }
  return blocks;
}

function startsWithWord(input, word) {
  const words = input.trim().split(/[ \t]+/);
  return words[0] === word;
}

// After these the next line waits for the command's final answer (spec_examples_test.cpp).
function waitsForAnswer(input) {
  if (startsWithWord(input, 'go')) return !input.includes('infinite') && !input.includes('ponder');
  return ['ponderhit', 'perft', 'bench', 'analyze'].some((word) => startsWithWord(input, word));
}

function isFinalAnswer(line) {
  return ['bestmove ', 'nodes ', 'bench nodes ', 'analysis ', 'error ',
    'info string perft stopped', 'info string bench stopped'].some((start) => line.startsWith(start));
}

// Resolves after `ms` or when `wake` is called, whichever comes first.
function lineWaiter() {
  let waiting = null;
  return {
    wake() {
      if (waiting) waiting();
      waiting = null;
    },
    sleep(ms) {
      return new Promise((resolve) => {
        waiting = resolve;
        setTimeout(resolve, ms);
      });
    },
  };
}

// An engine process: lines in, lines out.
function startEngine(command) {
  const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let partial = '';
  let closed = false;
  const waiter = lineWaiter();
  child.stdout.on('data', (chunk) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop();
    lines.push(...parts);
    waiter.wake();
  });
  child.on('close', () => {
    closed = true;
    waiter.wake();
  });
  return {
    send: (text) => child.stdin.write(text + '\n'),
    close: () => child.stdin.end(),
    async readLine(ms) {
      const deadline = Date.now() + ms;
      while (lines.length === 0 && !closed && Date.now() < deadline)
        await waiter.sleep(deadline - Date.now());
      return lines.length > 0 ? lines.shift() : null;
    },
  };
}

// Plays one session as spec_examples_test.cpp does; the replies in order.
async function play(engine, inputs) {
  const replies = [];
  for (const input of inputs) {
    engine.send(input);
    while (waitsForAnswer(input)) {
      const line = await engine.readLine(kTimeoutMs);
      if (line === null) return [...replies, '(no answer in time)'];
      replies.push(line);
      if (isFinalAnswer(line)) break;
    }
  }
  engine.close();
  for (let line; (line = await engine.readLine(kTimeoutMs)) !== null;) replies.push(line);
  return replies;
}

function clockBound(inputs) {
  return inputs.some((input) => startsWithWord(input, 'go') && !/\b(depth|nodes)\b/.test(input));
}

function normalized(replies, timed) {
  const kept = [];
  for (const line of replies) {
    if (timed && /^info (depth|currmove)/.test(line)) continue;
    let text = line.replace(/\b(time|nps) \d+/g, '$1 *');
    if (timed) text = text.replace(/^bestmove .*/, 'bestmove *');
    kept.push(text);
  }
  return kept;
}

async function main() {
  const [binary, engineDir, specDir] = process.argv.slice(2);
  if (!fs.existsSync(path.join(engineDir, 'wasm', 'ccengine.wasm'))) {
    console.log(`no in-page engine package in ${engineDir}: build it with scripts/web/build-wasm.sh`);
    process.exit(1);
  }
  const blocks = sessionBlocks(specDir);
  const wasmCommand = [process.execPath, path.join(__dirname, 'ccengine-wasm.cjs'), engineDir];
  let failures = 0;
  for (const block of blocks) {
    const timed = clockBound(block.inputs);
    const native = normalized(await play(startEngine([binary]), block.inputs), timed);
    const wasm = normalized(await play(startEngine(wasmCommand), block.inputs), timed);
    if (JSON.stringify(native) === JSON.stringify(wasm)) continue;
    ++failures;
    console.log(`${block.where}: the in-page engine's replies differ from the native engine's`);
    console.log(`  native:\n    ${native.join('\n    ')}\n  wasm:\n    ${wasm.join('\n    ')}`);
  }
  console.log(`${blocks.length - failures} of ${blocks.length} spec sessions replied the same`);
  if (blocks.length === 0) console.log('no session blocks found');
  process.exit(failures === 0 && blocks.length > 0 ? 0 : 1);
}

main();
