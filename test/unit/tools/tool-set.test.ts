// buildToolRegistry: every built-in tool by name, each refusing to be built without
// what it needs (never a silent default), and the todo_write-only form unchanged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedProvider } from '../../../extension/src/core/agent/providers/scripted';
import { subagentRunner } from '../../../extension/src/core/agent/subagent-runner';
import { buildToolRegistry, isToolSetError } from '../../../extension/src/core/agent/tool-set';
import { BUILT_IN_TOOLS } from '../../../extension/src/core/tools/built-in';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { approveEachFileReason } from '../../../extension/src/core/tools/protected-paths';
import { autoApprovals, ctx, tempWorkspace } from './support';
import { protectedUnattendedMessage } from '../support/tool-texts';

describe('buildToolRegistry', () => {
  it('keeps the todo_write-only form working unchanged', () => {
    const { registry, owned } = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: true });
    assert.deepEqual(registry.names(), ['todo_write']);
    owned.dispose();
    assert.deepEqual(registry.names(), []);
  });

  it('builds every built-in tool when given what they need', () => {
    const ws = tempWorkspace();
    const { registry, owned } = buildToolRegistry({
      tools: [...BUILT_IN_TOOLS],
      allowParallelInProgress: false,
      cwd: ws.root,
      approvals: autoApprovals(),
      trusted: true,
      subagents: subagentRunner({
        provider: new ScriptedProvider({ responses: [] }),
        sessions: new SessionStore(ws.outside),
        maxSteps: 5,
      }),
    });
    assert.deepEqual(registry.names(), [
      'todo_write',
      'bash',
      'read_file',
      'write_file',
      'edit_file',
      'list_files',
      'grep',
      'subagent',
    ]);
    for (const spec of registry.specs()) assert.equal((spec.parameters as { type?: string }).type, 'object', spec.name);
    owned.dispose();
    assert.deepEqual(registry.names(), []);
  });

  it('leaves subagent out from depth 2 on', () => {
    const ws = tempWorkspace();
    const subagents = subagentRunner({
      provider: new ScriptedProvider({ responses: [] }),
      sessions: new SessionStore(ws.outside),
      maxSteps: 5,
    });
    assert.deepEqual(
      buildToolRegistry({ tools: ['subagent', 'grep'], cwd: ws.root, subagents, depth: 1 }).registry.names(),
      ['subagent', 'grep'],
    );
    assert.deepEqual(
      buildToolRegistry({ tools: ['subagent', 'grep'], cwd: ws.root, subagents, depth: 2 }).registry.names(),
      ['grep'],
    );
  });

  it('refuses a tool without what it needs, naming the tool and the missing piece', () => {
    const ws = tempWorkspace();
    const fails = (options: Parameters<typeof buildToolRegistry>[0], message: string) =>
      assert.throws(
        () => buildToolRegistry(options),
        (e: unknown) => isToolSetError(e) && e.message === message,
      );
    fails({ tools: ['read_file'] }, 'read_file needs the workspace folder (cwd)');
    fails({ tools: ['bash'], cwd: ws.root, trusted: true }, 'bash needs approvals (a gate to ask, or auto-approve)');
    fails(
      { tools: ['bash'], cwd: ws.root, approvals: autoApprovals() },
      'bash needs the workspace trust decision (trusted: true or false)',
    );
    fails({ tools: ['write_file'], cwd: ws.root }, 'write_file needs approvals (a gate to ask, or auto-approve)');
    fails({ tools: ['subagent'] }, 'subagent needs the subagent runner (provider, session store, max steps)');
    fails({ tools: ['todo_write'] }, 'todo_write needs the allowParallelInProgress policy (true or false)');
    fails(
      { tools: ['read_file'], cwd: 'relative/dir' },
      'the workspace root must be an absolute path (got "relative/dir")',
    );
    fails(
      { tools: ['write_file'], cwd: ws.root, approvals: autoApprovals(), protectedPaths: ['[oops'] },
      'protected paths: unclosed [ in glob "[oops"',
    );
    fails({ tools: ['shell'] }, `unknown tool "shell"; built-in tools: ${BUILT_IN_TOOLS.join(', ')}`);
  });

  it("hands the user's protected globs to write_file and edit_file", async () => {
    const ws = tempWorkspace();
    const { registry } = buildToolRegistry({
      tools: ['write_file', 'todo_write'],
      allowParallelInProgress: false,
      cwd: ws.root,
      approvals: autoApprovals(),
      protectedPaths: ['deploy/**'],
    });
    const result = await registry.execute('write_file', JSON.stringify({ path: 'deploy/run.sh', content: 'x' }), ctx());
    assert.equal(
      result.content,
      `Error: ${protectedUnattendedMessage('write_file', approveEachFileReason('deploy/run.sh'))}`,
    );
    assert.equal(
      (await registry.execute('write_file', JSON.stringify({ path: 'src/run.sh', content: 'x' }), ctx())).isError,
      false,
    );
    assert.deepEqual(
      buildToolRegistry({
        tools: ['todo_write'],
        allowParallelInProgress: false,
        protectedPaths: ['[oops'],
      }).registry.names(),
      ['todo_write'],
    );
  });

  it("names in bash's description only the file tools its set enables", () => {
    const ws = tempWorkspace();
    const bashOf = (tools: string[]): string => {
      const options = {
        tools,
        cwd: ws.root,
        approvals: autoApprovals(),
        trusted: true,
        allowParallelInProgress: false,
      };
      const { registry, owned } = buildToolRegistry(options);
      const description = registry.specs().find((spec) => spec.name === 'bash')?.description ?? '';
      owned.dispose();
      return description;
    };
    const everyFileTool = ['bash', 'read_file', 'write_file', 'edit_file', 'list_files', 'grep', 'todo_write'];
    assert.match(
      bashOf(everyFileTool),
      /\n\nPrefer read_file, write_file, edit_file, list_files and grep for reading and changing files\.$/,
    );
    const withoutGrep = bashOf(everyFileTool.filter((name) => name !== 'grep'));
    assert.doesNotMatch(withoutGrep, /grep/);
    assert.match(
      withoutGrep,
      /Prefer read_file, write_file, edit_file and list_files for reading and changing files\.$/,
    );
    assert.match(bashOf(['bash', 'grep', 'read_file']), /Prefer grep and read_file for reading files\.$/);
    const alone = bashOf(['bash', 'todo_write']);
    assert.doesNotMatch(alone, /Prefer|read_file|list_files|grep|edit_file|write_file|todo_write/);
    assert.match(alone, /^Run a shell command/);
  });
});
