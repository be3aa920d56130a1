// Issue 6 in the real VS Code (code-server) and a real browser: with
// agentChecklist.tools.autoApprove off, a scripted `bash` call waits for the user;
// Approve in the webview runs it (a file it writes proves it ran only then) and its
// row shows the output and exit code 0. A scripted `subagent` whose child writes its
// own todo_write plan shows that plan nested in the Plan tree, deeper than the
// parent's rows, and in the child's transcript panel. The scripted model serves the
// parent and the child from one queue in request order.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  agentFrame,
  answerInputBox,
  expandStrip,
  openContainer,
  openScriptedWorkbench,
  readStrip,
  readTree,
  runCommand,
  screenshot,
  until,
  type ScriptedWorkbench,
  type Workbench,
} from './workbench';

const PARENT = ['Run the greeting command', 'Delegate the file survey'] as const;
const CHILD = ['List the files', 'Summarize what they do'] as const;
const parentPlan = (statuses: readonly string[]) => ({
  todos: PARENT.map((content, i) => ({ content, status: statuses[i] })),
});
const MARKER = 'bash-ran.txt';
const COMMAND = `echo hello-from-bash | tee ${MARKER}`;
const SUBAGENT = 'Survey the files';
const CHILD_ANSWER = 'Two files, both small.';
const PARENT_ANSWER = 'The greeting ran and the survey is done.';
const SCRIPT = {
  responses: [
    // parent, step 1-3
    { text: 'Planning first.', toolCalls: [{ name: 'todo_write', arguments: parentPlan(['in_progress', 'pending']) }] },
    { toolCalls: [{ name: 'bash', arguments: { command: COMMAND } }] },
    { toolCalls: [{ name: 'todo_write', arguments: parentPlan(['completed', 'in_progress']) }] },
    // parent, step 4: the subagent call; the child's requests come next in the queue
    {
      toolCalls: [
        {
          name: 'subagent',
          arguments: { description: SUBAGENT, prompt: 'List the files of the workspace and summarize them.' },
        },
      ],
    },
    {
      text: 'My own plan.',
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: [
              { content: CHILD[0], status: 'completed' },
              { content: CHILD[1], status: 'in_progress' },
            ],
          },
        },
      ],
    },
    { text: CHILD_ANSWER },
    // parent, step 5: the final answer
    { text: PARENT_ANSWER },
  ],
};

describe('workspace tools and subagents in the real workbench (issue 6)', () => {
  let scripted: ScriptedWorkbench | undefined;
  let workbench: Workbench;

  before(async () => {
    scripted = await openScriptedWorkbench(SCRIPT, {
      'agentChecklist.tools.autoApprove': false,
      'agentChecklist.tools.enabled': ['todo_write', 'bash', 'subagent'],
    });
    workbench = scripted.workbench;
  });

  after(async () => {
    await scripted?.close();
  });

  it('runs a bash command only once it is approved in the webview, and shows its output and exit code', async () => {
    const { page, workspace } = workbench;
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'Greet, then have a helper survey the files');

    const row = frame.locator('.item-tool[data-tool="bash"]');
    const approval = row.getByRole('group', { name: 'Allow bash?', exact: true });
    await approval.waitFor({ timeout: 60_000 });
    assert.match(await approval.innerText(), /echo hello-from-bash/, 'the approval names the command');
    assert.equal(fs.existsSync(path.join(workspace, MARKER)), false, 'nothing ran before the answer');
    assert.equal(await row.getByText(/^exit code /).count(), 0, 'no result yet');
    await screenshot(page, 'tools-approval.png');

    await approval.getByRole('button', { name: 'Approve', exact: true }).click();
    await frame.locator('.item-tool.tool-ok[data-tool="bash"]').waitFor({ timeout: 30_000 });
    assert.equal(await row.locator('.disclosure-body').count(), 0, 'a closed row holds none of what the call did');
    await row.locator('.disclosure-toggle').click(); // expand the row as a user would
    await row.getByText('exit code 0', { exact: true }).waitFor();
    assert.equal((await row.locator('.bash-output').innerText()).trim(), 'hello-from-bash');
    assert.match(await row.locator('.bash-command').innerText(), /echo hello-from-bash/);
    assert.equal(await approval.count(), 0, 'the approval is gone once answered');
    assert.equal(
      fs.readFileSync(path.join(workspace, MARKER), 'utf8').trim(),
      'hello-from-bash',
      'it ran in the workspace folder',
    );
  });

  it("shows the subagent's own plan nested under the parent's item in the Plan tree", async () => {
    const { page } = workbench;
    const frame = agentFrame(page);
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: PARENT_ANSWER })
      .waitFor({ timeout: 60_000 });
    await frame.getByRole('button', { name: 'Send', exact: true }).waitFor();

    const rows = await until(
      () => readTree(page),
      (r) => r.length === 5 && r.some((x) => x.label === CHILD[1]),
      'the nested child plan in the tree',
    );
    const level = (label: string): number => Number(rows.find((r) => r.label === label)?.level ?? NaN);
    assert.deepEqual(
      rows.map((r) => r.label),
      [PARENT[0], PARENT[1], `Subagent: ${SUBAGENT}`, CHILD[0], CHILD[1]],
      'the subagent hangs under the item that was in progress when it started, its plan under it',
    );
    assert.equal(level(PARENT[0]), 1);
    assert.equal(level(PARENT[1]), 1);
    assert.equal(level(`Subagent: ${SUBAGENT}`), 2);
    assert.equal(level(CHILD[0]), 3, "the child's items are deeper than the parent's");
    assert.equal(level(CHILD[1]), 3);
    assert.equal(rows.find((r) => r.label === `Subagent: ${SUBAGENT}`)?.description, '1/2 · done');

    // Single owner: the parent's strip is the parent's plan only (collapsed by default since a15d969).
    await expandStrip(frame);
    const strip = await readStrip(frame);
    assert.deepEqual(
      strip.items.map((i) => i.content),
      [...PARENT],
    );
    await screenshot(page, 'tools-subagent-tree.png');
  });

  it("opens the child's transcript with its own plan from the subagent row", async () => {
    const frame = agentFrame(workbench.page);
    await frame
      .getByRole('group', { name: `Subagent: ${SUBAGENT}`, exact: true })
      .getByRole('button', { name: 'Open transcript', exact: true })
      .click();
    const panel = frame.getByRole('region', { name: /^Subagent: / });
    await panel.waitFor();
    await panel.locator('.item-assistant .assistant-text', { hasText: CHILD_ANSWER }).waitFor();
    const childPlan = panel.getByRole('region', { name: 'Plan', exact: true }).getByRole('button', { name: /^Plan / });
    assert.equal((await childPlan.innerText()).replace(/\s+/g, ' ').trim(), 'Plan 1 completed · 1 in progress');
    await screenshot(workbench.page, 'tools-child-panel.png');
    await panel.getByRole('button', { name: 'Back', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
  });
});
