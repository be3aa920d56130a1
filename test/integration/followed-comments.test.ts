// Comments on a followed agent's session in the real extension host: Comment on Item… on
// a Claude Code run the window follows goes to the log's comments side log (the log is
// the follower's, the transcript the agent's); when the agent's next write rewords the
// item, the comment shows `addressed`; Resolve works there too. The side log is watched:
// a comment another window or the CLI's `comment` adds to it shows without reopening.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { claudeCode } from '../../extension/src/core/import/agents/claude-code';
import { appendSideComment } from '../../extension/src/core/store/side-comments';
import { EXTENSION_ID, getApi, unescapeMarkdown, waitFor } from './helpers';

const SESSION = '7d1f5a30-2c4b-4e8a-9f61-3b2a1c0d9e84';

const fixture = (name: string): string[] =>
  fs
    .readFileSync(
      path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'test', 'fixtures', 'agent-files', name),
      'utf8',
    )
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replaceAll('5c8801a2-bbe5-4365-a22d-0cf171e209d8', SESSION));
const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');

describe('comments on a followed session', () => {
  it('Comment on Item… goes to the side log; the agent rewording the item makes it addressed', async () => {
    const api = await getApi();
    const shownBefore = api.session()?.id; // an earlier suite's followed session may be shown, with the same items
    const home = process.env.CLAUDE_CONFIG_DIR;
    assert.ok(home && claudeCode.reading.kind === 'jsonl', 'CLAUDE_CONFIG_DIR is set for the window');
    const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const project = claudeCode.reading.load().files.dirOf(home, root)!;
    fs.mkdirSync(project, { recursive: true });
    const transcript = path.join(project, `${SESSION}.jsonl`);
    const claude = fixture('claude-todowrite-resumed.jsonl');
    const resumedAt = claude.findIndex((l, i) => i > 0 && /"content":"finish it"/.test(l));
    const first = text(claude.slice(0, resumedAt));
    fs.writeFileSync(transcript, first);
    const row = (label: string) => api.planTreeRows().find((r) => unescapeMarkdown(r.label) === label);
    await waitFor(
      () => api.session()?.id !== shownBefore && row('Fix the bug') !== undefined && api.session()?.readOnly === true,
      'the followed plan',
    );
    const logPath = api.session()?.logPath ?? '';
    const logBefore = fs.readFileSync(logPath, 'utf8');

    const made = await vscode.commands.executeCommand('agentChecklist.plan.commentItem', 'Fix the bug', 'test first');
    assert.equal((made as { kind: string } | undefined)?.kind, 'applied', JSON.stringify(made));
    await waitFor(
      () => /Comment \(unresolved\): test first/.test(unescapeMarkdown(row('Fix the bug')?.tooltip ?? '')),
      'the comment under its item',
    );
    assert.match(fs.readFileSync(`${logPath}.comments.jsonl`, 'utf8'), /"type":"plan\/comment"/);
    assert.ok(fs.readFileSync(logPath, 'utf8').startsWith(logBefore.split('\n')[0]!), 'the log is the follower\u2019s');
    assert.doesNotMatch(fs.readFileSync(logPath, 'utf8'), /plan\/comment/);
    // Any other edit of a followed session stays refused.
    const edit = await vscode.commands.executeCommand('agentChecklist.plan.markCompleted', 'Fix the bug');
    assert.notEqual((edit as { kind: string } | undefined)?.kind, 'applied');

    // The resumed run rewords the item: the comment is addressed.
    const rest = claude.slice(resumedAt).map((l) => l.replaceAll('Fix the bug', 'Fix the off-by-one bug'));
    fs.appendFileSync(transcript, text(rest));
    await waitFor(
      () => /Comment \(addressed\): test first/.test(unescapeMarkdown(row('Fix the off-by-one bug')?.tooltip ?? '')),
      'the comment addressed after the rewording',
    );
    const resolved = await vscode.commands.executeCommand('agentChecklist.plan.resolveComment', 1);
    assert.equal((resolved as { kind: string } | undefined)?.kind, 'applied', JSON.stringify(resolved));
    await waitFor(
      () => /Comment \(resolved\): test first/.test(unescapeMarkdown(row('Fix the off-by-one bug')?.tooltip ?? '')),
      'the comment resolved',
    );
    assert.equal(fs.readFileSync(transcript, 'utf8'), text([...claude.slice(0, resumedAt), ...rest]));

    // Another window (or `agent-checklist comment`) adds to the side log: it shows here, the session not reopened.
    const opened = api.session()?.id;
    const writes = fs
      .readFileSync(logPath, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"type":"todo/write"'));
    const planSeq = (JSON.parse(writes.at(-1)!) as { seq: number }).seq;
    const [mine] = fs.readFileSync(`${logPath}.comments.jsonl`, 'utf8').split('\n');
    const { itemId } = (JSON.parse(mine!) as { data: { itemId: string } }).data;
    appendSideComment(logPath, 'plan/comment', { itemId, planSeq, text: 'from another window' });
    await waitFor(
      () =>
        /Comment \(unresolved\): from another window/.test(
          unescapeMarkdown(row('Fix the off-by-one bug')?.tooltip ?? ''),
        ),
      "another window's comment under its item",
    );
    assert.equal(api.session()?.id, opened, 'the same session, not reopened');
    assert.match(unescapeMarkdown(row('Fix the off-by-one bug')?.tooltip ?? ''), /Comment \(resolved\): test first/);
  });
});
