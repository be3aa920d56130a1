// agentChecklist.followAgents in the editor: other agents' own session files for the
// window's open folders, followed into our logs in the window's followed-sessions
// folder (core/import/agent-followers.ts, on its worker thread). The session watcher
// (external-sessions.ts) then lists and follows those logs as it does an MCP server's.
import * as vscode from 'vscode';
import { AgentFollowThread } from '../../core/import/agent-follow-thread';
import { agentHomes } from '../../core/import/followed-agents';

export function followAgents(opts: {
  sessionDir: string;
  agents: () => readonly string[];
  folders: () => readonly string[];
  log: vscode.LogOutputChannel;
}): vscode.Disposable {
  const problems = new Set<string>();
  const thread = new AgentFollowThread((report) => {
    if (report.kind === 'wrote') {
      opts.log.debug(`followed ${report.file} into ${report.logPath} (${report.versions} plan versions)`);
      return;
    }
    // Once per file and reason: a locked or unreadable file is tried at each write.
    const key = `${report.file}\n${report.message}`;
    if (problems.has(key)) return;
    problems.add(key);
    opts.log.warn(`cannot follow ${report.file || 'agent sessions'}: ${report.message}`);
  });
  const configure = (): void =>
    thread.configure({
      folders: opts.folders(),
      agents: opts.agents(),
      homes: agentHomes(process.env),
      sessionDir: opts.sessionDir,
    });
  // Started after activate() returns: nothing on screen waits for the follower, and a
  // worker thread's start is the costliest part of activation.
  const first = setImmediate(configure);
  const subscriptions = [
    vscode.workspace.onDidChangeWorkspaceFolders(configure),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('agentChecklist.followAgents')) configure();
    }),
  ];
  return {
    dispose: () => {
      clearImmediate(first);
      for (const s of subscriptions) s.dispose();
      thread.dispose();
    },
  };
}
