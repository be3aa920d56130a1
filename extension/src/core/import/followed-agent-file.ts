// One agent session file followed into one of our logs while the agent writes it. The
// first read that names the session and holds one of its marks (its first prompt's
// turn, at the least: an agent may name the session on its first line, before the
// prompt whose text titles the log) writes the log whole (importOpen: the same log an
// `agent-checklist import` writes) and keeps it open, holding its lock; each later
// read takes only the lines appended since (AgentFileTail) and appends their events,
// so following costs what the agent wrote, whatever the file's size. A file that
// shrank (rewritten) is read again from its start. The agent's file is only read.
import type { Disposable } from '../disposable';
import type { AgentMark } from './agent-plan';
import { AgentFileTail } from './agent-file-tail';
import { isFileShrankError } from '../store/jsonl-tail';
import { importOpen, type OpenImport } from './import-log';
import type { FollowedAgent } from './followed-agent';
import { FOLLOWED_AGENTS } from './followed-agents';

export class FollowedAgentFile implements Disposable {
  private tail: AgentFileTail;
  private pending: AgentMark[] = [];
  private open: OpenImport | null = null;

  constructor(
    readonly file: string,
    private readonly sessionDir: string,
    private readonly agents: readonly FollowedAgent[] = FOLLOWED_AGENTS,
  ) {
    this.tail = new AgentFileTail(file, agents);
  }

  /** Our log's path, once the file named its session. */
  get logPath(): string | null {
    return this.open?.path ?? null;
  }

  /** Reads what the agent appended and writes it to our log; returns the plan versions written. */
  update(): number {
    let marks: AgentMark[];
    try {
      marks = this.tail.readAppended();
    } catch (error) {
      if (!isFileShrankError(error)) throw error;
      this.restart();
      marks = this.tail.readAppended();
    }
    if (this.open !== null) {
      let versions = 0;
      for (const mark of marks) versions += this.open.writer.write(mark);
      return versions;
    }
    this.pending.push(...marks);
    const reader = this.tail.reader;
    if (reader?.info.sessionId === undefined || this.pending.length === 0) return 0;
    // Kept until the log is written: an import refused now (another window holds the log) is tried again whole.
    this.open = importOpen(
      { info: reader.info, marks: [...this.pending], skipped: reader.skipped },
      this.file,
      this.sessionDir,
    );
    this.pending = [];
    return this.open.versions;
  }

  private restart(): void {
    this.open?.dispose();
    this.open = null;
    this.pending = [];
    this.tail = new AgentFileTail(this.file, this.agents);
  }

  dispose(): void {
    this.open?.dispose();
    this.open = null;
  }
}
