// spec-kit's and Kiro's tasks.md through the CLI: `import` makes one a session whose
// `plan --format json` items carry what the file said; `edit --from-file` of the file
// ticked by hand is ONE user edit; and `mcp --plan-file`'s writer puts the log's plan
// back into the file changing only the ticked box, byte for byte.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { planFileWriter } from '../../../extension/src/cli/mcp-plan-file';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import { crlf, KIRO, SPEC_KIT } from '../plan/task-file-fixtures';

async function cli(dir: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env: {}, cwd: dir };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function imported(dir: string, text: string): Promise<string> {
  fs.writeFileSync(path.join(dir, 'tasks.md'), text);
  const r = await cli(dir, ['import', 'tasks.md', '--session-dir', 's']);
  assert.equal(r.code, 0, r.err);
  return r.out.split('\n').at(-1)!;
}

const standing = (logPath: string) =>
  SessionFolds.over(loadLogFile(logPath).events, { transcript: null }).standingPlan ?? [];

describe('task files through import, edit --from-file and the plan file', () => {
  for (const [name, text] of [
    ['spec-kit', SPEC_KIT],
    ['spec-kit CRLF', crlf(SPEC_KIT)],
    ['Kiro', KIRO],
  ] as const) {
    it(`${name}: import, a hand tick as one edit, the file written back byte for byte`, async () => {
      const dir = tempDir('task-files-');
      const logPath = await imported(dir, text);
      const file = path.join(dir, 'tasks.md');
      const plan = standing(logPath);
      assert.equal(plan.length, name === 'Kiro' ? 7 : 8);
      // the log's plan written into the file is the file itself
      planFileWriter(file, assert.fail)(plan);
      assert.equal(fs.readFileSync(file, 'utf8'), text);
      // a tick by hand: one user edit from the plan file
      const box = name === 'Kiro' ? '- [ ] 2.1 ' : '- [ ] T003 [P] ';
      const ticked = text.replace(box, box.replace('[ ]', '[x]'));
      fs.writeFileSync(file, ticked);
      const r = await cli(dir, ['edit', logPath, '--from-file', 'tasks.md']);
      assert.equal(r.code, 0, r.err);
      const edits = loadLogFile(logPath).events.filter((e) => e.type === 'todo/user-edit');
      assert.equal(edits.length, 2);
      // the model's tick of another item reaches the file as that box only
      const next = standing(logPath).map((t, i) => (i === 1 ? { ...t, status: 'completed' as const } : t));
      planFileWriter(file, assert.fail)(next);
      const second = name === 'Kiro' ? ['- [-] 2. ', '- [x] 2. '] : ['- [ ] T002 ', '- [X] T002 '];
      assert.equal(fs.readFileSync(file, 'utf8'), ticked.replace(second[0]!, second[1]!));
    });
  }

  it('plan --format json: each item carries taskId, parallel, story, phase, optional, dependsOn', async () => {
    const dir = tempDir('task-files-');
    const specKit = JSON.parse((await cli(dir, ['plan', await imported(dir, SPEC_KIT), '--format', 'json'])).out);
    assert.deepEqual(
      [specKit[6].taskId, specKit[6].parallel, specKit[6].story, specKit[6].phase, specKit[7].dependsOn],
      [
        'T012',
        true,
        'US1',
        'Phase 3: User Story 1 - Organize photos into albums (Priority: P1) 🎯 MVP',
        ['T012', 'T013'],
      ],
    );
    assert.equal(specKit[6].content, 'Create Album model in src/models/album.ts');
    const kiro = JSON.parse((await cli(dir, ['plan', await imported(dir, KIRO), '--format', 'json'])).out);
    assert.deepEqual([kiro[3].taskId, kiro[3].optional, kiro[3].dependsOn], ['2.2', true, ['2.1']]);
    assert.equal(kiro[0].optional, undefined);
  });
});
