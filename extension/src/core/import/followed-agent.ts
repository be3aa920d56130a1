// A followed agent is its descriptor (one file per agent in agents/, listed once in
// followed-agents.ts): its id and name, where its session files live and what moves
// them, how a file of it is told from the others' and read (JSONL it appends to, or a
// database), whether its plan tool can be off and what turns it on, and its help text.
// The follower, the recogniser, the import, the settings' enum, the CLI's usage and the
// editor's plan notice read these fields, never an agent's id.
//
// Descriptors are light (the extension host reads them at start): a reader is loaded
// at its first use with a synchronous `require` of its module, which the build makes a
// lazy module of its own (scripts/lazy-bundles.mjs finds each in agents/*.ts). What only
// the CLI says of an agent (its help, its warning) is its reader's too (ReaderTexts).
import type { Disposable } from '../disposable';
import type { AgentFile, AgentFileReader, AgentLine, AgentSessionInfo, ImportResult } from './agent-plan';
import type { FollowReport } from './follow-messages';

/** Where an agent keeps its session files, each one JSONL it appends to. */
interface SessionFiles {
  /**
   * The folder holding `folder`'s session files under the agent's `home`; undefined
   * until the agent made it known (looked for again every few seconds). Several
   * workspace folders may share one folder: `folderOf` then tells their files apart.
   */
  dirOf(home: string, folder: string): string | undefined;
  /** The folder is watched with its subfolders. */
  recursive: boolean;
  /** Whether a name the folder's watch reports (relative to it) is a session file. */
  isSessionFile(name: string): boolean;
  /** The session files in the folder now, oldest first (none when it does not exist). */
  list(dir: string): string[];
  /** In a shared folder: the workspace folder a file belongs to, undefined while the file does not tell yet. */
  folderOf?(file: string): string | undefined;
}

/** What only the CLI says of an agent: in its reader's module, so that the host's start carries none of it. */
interface ReaderTexts {
  /** The CLI's `import` help for it: a paragraph of lines. */
  importHelp: string;
  /** The CLI's one-line warning (English) when its plan tool was off (PlanToolOff), `home` the agent's home. */
  warning?(info: AgentSessionInfo, home: string): string;
}

/** Where an agent's JSONL files are, how one is told, and its reader: its reader's module (loaded at first use). */
export interface JsonlReader extends ReaderTexts {
  /** What one of its files is, as the CLI names it ("a <agent> transcript"). */
  what: string;
  files: SessionFiles;
  /** Whether `line` tells that its file is this agent's: a file is the one agent's whose recogniser alone says so. */
  recognises(line: AgentLine): boolean;
  /** A reader for one file. */
  reader(): AgentFileReader;
}

/** An agent whose sessions are JSONL files it appends to: followed file by file. */
interface JsonlReading {
  kind: 'jsonl';
  /** Its reader's module (files, recogniser, reader), required at the first read: never the host's start. */
  load(): JsonlReader;
}

/** What follows one database's sessions of the open folders: each `update` reads what the agent wrote since. */
interface DatabaseFollower extends Disposable {
  update(): void;
}

/**
 * A bounded read of an agent's database (the board's): at most `sessions` sessions of
 * the folder (the newest), and of each its last `parts` rows that can make a mark (with
 * its first prompts when there are more), no row over the reader's byte limit.
 */
export interface DatabaseLimits {
  sessions: number;
  parts: number;
}

/** The module that reads an agent's database, loaded at its first use. */
export interface DatabaseReader extends ReaderTexts {
  /** Whether `file` is such a database (told by its content). */
  isDatabase(file: string): boolean;
  follower(
    dbFile: string,
    folders: readonly string[],
    sessionDir: string,
    report: (r: FollowReport) => void,
  ): DatabaseFollower;
  /** Every session of `folder` made into one of our logs each, oldest first. */
  importAll(dbFile: string, folder: string, sessionDir: string): ImportResult[];
  /** Every session of `folder` as read (its info and marks), oldest first; nothing is written (`limits`: bounded). */
  readAll(dbFile: string, folder: string, limits?: DatabaseLimits): AgentFile[];
  /** The message of an error the database's read threw (it cannot be read), else undefined. */
  readError(error: unknown): string | undefined;
}

/** An agent that keeps every folder's sessions in one database file. */
export interface DatabaseReading {
  kind: 'database';
  /** The database file under the agent's home. */
  file(home: string): string;
  load(): DatabaseReader;
}

/**
 * An agent that may not offer its model a plan tool: a session of it without a plan,
 * whose model called none, is explained where the plan would be, with what turns it on.
 */
export interface PlanToolOff {
  /** The notice's id: context key `agentChecklist.planNotice`'s value (the Plan view's empty view, package.json). */
  notice: string;
  /** From the agent's own file, whose model called no plan tool: the tool was not offered. */
  ofFile(info: AgentSessionInfo): boolean;
  /** From one of our logs of its session that holds no plan: the agent's version in the log's header. */
  ofLog(version: string): boolean;
  /** The notice (English, the key of its translation in l10n/bundle.l10n.*.json). */
  text: string;
  /** Its button: the label (English, translated as `text`) and the command it runs, with its arguments. */
  action: { label: string; command: string; args?: readonly string[] };
  /**
   * When the notice also rests on the agent's own configuration as it is now: whether it
   * leaves the tool off (false when it turns the tool on, or keeps it off by the user's
   * choice; undefined when it cannot be read). What it reads loads at its first call.
   */
  leftOff?(home: string): Promise<boolean | undefined>;
}

export interface FollowedAgent {
  /** Its id: `agentChecklist.followAgents`' value, the `name` of an imported log's source, our log ids' prefix. */
  id: string;
  /** How people name it (a product name: not translated). */
  name: string;
  /** Its home, as the agent itself finds it from `env` (`homedir`: the user's). */
  home(env: NodeJS.ProcessEnv, homedir: string): string;
  /** The environment variables that move its home. */
  homeVariables: readonly string[];
  reading: JsonlReading | DatabaseReading;
  planToolOff?: PlanToolOff;
}
