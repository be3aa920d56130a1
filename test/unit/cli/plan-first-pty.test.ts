// `run --plan-first` on a real terminal: the real CLI under a pseudo-terminal
// (support/pty.ts, as the approval prompt's test), a scripted model, and the
// user's keys: `e` edits the plan in $EDITOR (a script standing in for the user's
// editor), `r` rejects with feedback, `a` approves.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { onPty } from '../support/pty';
import { tempDir } from '../support/sessions';

const FEEDBACK_QUESTION = 'Feedback for the model: ';
const PLAN_QUESTION = '[a]pprove / [e]dit / [r]eject with feedback: ';

const root = path.resolve(__dirname, '../../..');

const PLAN = [
  { content: 'read code.ts', status: 'pending' },
  { content: 'write notes.txt', status: 'pending' },
];

function runOnPty(steps: [string, string][], responses: unknown[]) {
  const dir = tempDir('agent-checklist-pty-');
  fs.writeFileSync(path.join(dir, 'code.ts'), 'export const x = 1;\n');
  fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses }));
  const editor = path.join(dir, 'editor.sh');
  fs.writeFileSync(
    editor,
    `#!/bin/sh\nprintf -- '- [ ] read code.ts\\n- [~] write notes.txt\\n- [ ] run the tests\\n' > "$1"\n`,
    { mode: 0o755 },
  );
  const cli = [path.join(root, 'node_modules/.bin/tsx'), path.join(root, 'extension/src/cli/main.ts')];
  const args = [
    'run',
    '--plan-first',
    '--script',
    's.json',
    '--tools',
    'read_file,todo_write,write_file',
    '--yes',
    '--session-dir',
    'logs',
    '--allow-parallel-in-progress',
    'false',
    'add notes',
  ];
  const run = onPty(steps, [...cli, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH, TERM: 'xterm', EDITOR: editor },
  });
  const logs = path.join(dir, 'logs');
  const log = fs.readdirSync(logs).find((f) => f.endsWith('.jsonl'));
  return { dir, ...run, logPath: path.join(logs, log ?? 'none') };
}

const PLANNING = [{ toolCalls: [{ name: 'todo_write', arguments: { todos: PLAN } }] }, { text: 'My plan.' }];
const WORK = [
  { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'x\n' } }] },
  { text: 'Done.' },
];

describe('plan first on a pseudo-terminal', () => {
  it('e edits the plan in $EDITOR (one user edit), then a approves it and the same turn works', () => {
    const { dir, code, screen, err, logPath } = runOnPty(
      [
        [PLAN_QUESTION, 'e'],
        [PLAN_QUESTION, 'a'],
      ],
      [...PLANNING, ...WORK],
    );
    assert.equal(code, 0, err + screen);
    assert.ok(screen.includes('Plan proposed · 2 items'), screen);
    assert.ok(screen.includes('Plan proposed · 3 items'), 'asked again with the edited list');
    assert.equal(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'x\n');
    const events = loadLogFile(logPath).events;
    const edited = [
      { content: 'read code.ts', status: 'pending' },
      { content: 'write notes.txt', status: 'in_progress' },
      { content: 'run the tests', status: 'pending' },
    ];
    assert.deepEqual(
      events.filter((e) => e.type === 'todo/user-edit').map((e) => e.data),
      [{ todos: edited }],
    );
    const edit = events.find((e) => e.type === 'todo/user-edit')!;
    assert.deepEqual(events.find((e) => e.type === 'plan/approved')?.data, { planSeq: edit.seq, todos: edited });
    assert.equal(events.filter((e) => e.type === 'turn/start').length, 1);
  });

  it('r asks for feedback and rejects with it; the model replans in the same turn; a approves', () => {
    const replan = [
      {
        toolCalls: [
          { name: 'todo_write', arguments: { todos: [...PLAN, { content: 'update the README', status: 'pending' }] } },
        ],
      },
      { text: 'Revised.' },
    ];
    const { dir, code, screen, err, logPath } = runOnPty(
      [
        [PLAN_QUESTION, 'r'],
        [FEEDBACK_QUESTION, 'Also update the README.'],
        [PLAN_QUESTION, 'a'],
      ],
      [...PLANNING, ...replan, ...WORK],
    );
    assert.equal(code, 0, err + screen);
    const events = loadLogFile(logPath).events;
    assert.deepEqual(
      events.filter((e) => e.type.startsWith('plan/')).map((e) => e.type),
      ['plan/proposed', 'plan/rejected', 'plan/proposed', 'plan/approved'],
    );
    assert.deepEqual(
      events.flatMap((e) => (e.type === 'plan/rejected' ? [e.data.feedback] : [])),
      ['Also update the README.'],
    );
    assert.equal(fs.existsSync(path.join(dir, 'notes.txt')), true);
  });
});
