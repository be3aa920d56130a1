// grep's search thread starts when a tool set gets grep (before the first search); it
// must never keep a process alive: a CLI whose model never greps still exits.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { tempWorkspace } from './support';

const GREP_TOOL = path.join(__dirname, '../../../extension/src/core/tools/grep/grep-tool.ts');
const WORKSPACE = path.join(__dirname, '../../../extension/src/core/tools/workspace.ts');
const NODE_FS = path.join(__dirname, '../../../extension/src/core/tools/node-workspace-fs.ts');

describe('grep: the search thread started with the tool set', () => {
  it('does not keep the process alive when no search comes', () => {
    const ws = tempWorkspace();
    const script = [
      `const { createGrepTool } = require(${JSON.stringify(GREP_TOOL)});`,
      `const { Workspace } = require(${JSON.stringify(WORKSPACE)});`,
      `const { NodeWorkspaceFs } = require(${JSON.stringify(NODE_FS)});`,
      `createGrepTool(new Workspace(${JSON.stringify(ws.root)}, new NodeWorkspaceFs()));`,
      `console.log('created');`,
    ].join('\n');
    // The timeout only turns a hang into a failure; it measures nothing.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.signal, null, 'the process was still alive: the thread held it');
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'created');
  });
});
