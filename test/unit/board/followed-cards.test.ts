// The followed agents' own files for a folder as cards (core/board/followed-cards.ts):
// a Codex rollout found by the folder its first line names, a Claude Code transcript
// in the folder's project directory; another folder's rollout and a file too large to
// read whole.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { followedCards, followedFiles } from '../../../extension/src/core/board/followed-cards';
import { agentHomes } from '../../../extension/src/core/import/followed-agents';
import { claudeProjectDir } from './agent-dirs';
import { tempDir } from '../support/sessions';

const FIXTURES = path.resolve(__dirname, '../../fixtures/agent-files');
const clock = { nowMs: Date.parse('2026-12-03T00:00:00Z'), stallMinutes: 10 };

/** The Codex fixture as run in `cwd` (its first line names the folder). */
function codexRollout(home: string, cwd: string, name: string): string {
  const lines = fs.readFileSync(path.join(FIXTURES, 'codex-update-plan-resumed.jsonl'), 'utf8').split('\n');
  const first = JSON.parse(lines[0]!) as { payload: { cwd: string } };
  first.payload.cwd = cwd;
  const dir = path.join(home, 'sessions', '2026', '12', '02');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `rollout-${name}.jsonl`);
  fs.writeFileSync(file, [JSON.stringify(first), ...lines.slice(1)].join('\n'));
  return file;
}

describe('followed agents’ cards', () => {
  it('finds the folder’s Codex rollouts and Claude Code transcripts, not another folder’s', () => {
    const root = tempDir();
    const folder = path.join(root, 'work');
    fs.mkdirSync(folder);
    const homes = agentHomes(
      { CODEX_HOME: path.join(root, 'codex'), CLAUDE_CONFIG_DIR: path.join(root, 'claude') },
      root,
    );
    const ours = codexRollout(homes['codex']!, folder, '2026-12-02T22-57-39-ours');
    codexRollout(homes['codex']!, path.join(root, 'elsewhere'), '2026-12-02T22-57-40-theirs');
    const project = claudeProjectDir(homes['claude-code']!, folder);
    fs.mkdirSync(project, { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, 'claude-todowrite-resumed.jsonl'), path.join(project, 'a.jsonl'));

    const files = followedFiles(homes, folder);
    assert.deepEqual(files.sort(), [path.join(project, 'a.jsonl'), ours].sort());
    const cards = followedCards(files, new Set(), clock);
    assert.deepEqual(cards.map((c) => [c.source, c.agent]).sort(), [
      ['followed', 'Claude Code'],
      ['followed', 'Codex'],
    ]);
    for (const card of cards) {
      assert.ok(card.total > 0, `${card.agent} has its plan`);
      assert.notEqual(card.state, 'unreadable');
    }
    assert.deepEqual(
      followedCards(files, new Set(cards.map((c) => c.id)), clock),
      [],
      'an imported session is its log’s',
    );
  });

  it('a file that is no agent’s session is unreadable, with its reason', () => {
    const file = path.join(tempDir(), 'x.jsonl');
    fs.writeFileSync(file, '{"hello":1}\n');
    const [card] = followedCards([file], new Set(), clock);
    assert.equal(card?.state, 'unreadable');
    assert.match(card?.reason ?? '', /neither/);
  });
});
