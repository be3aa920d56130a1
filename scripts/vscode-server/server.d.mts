// Types for server.mjs (the e2e tests are TypeScript).
export const QUIET_SETTINGS: Record<string, unknown>;
export function freePort(): Promise<number>;
export function makeTempDir(prefix: string): string;
export function agentHomesOf(userDataDir: string): {
  CLAUDE_CONFIG_DIR: string;
  CODEX_HOME: string;
  GEMINI_CLI_HOME: string;
  XDG_DATA_HOME: string;
};
export function writeUserSettings(
  userDataDir: string,
  settings: Record<string, unknown>,
  options?: { keepExisting?: boolean },
): void;
export function installExtension(vsixPath: string, dirs: { userDataDir: string; extensionsDir: string }): string;
export interface RunningServer {
  url: string;
  port: number;
  pid: number | undefined;
  userDataDir: string;
  extensionsDir: string;
  output: string[];
  stop(): Promise<void>;
  exited: Promise<unknown>;
}
export function startServer(options?: {
  workspace?: string;
  userDataDir?: string;
  extensionsDir?: string;
  settings?: Record<string, unknown>;
  keepSettings?: boolean;
  port?: number;
  echo?: boolean;
}): Promise<RunningServer>;
export function remoteUri(absolutePath: string): string;
export function workbenchUrl(
  serverUrl: string,
  options?: { folder?: string; workspace?: string; extensionDevelopmentPath?: string; extensionTestsPath?: string },
): string;
