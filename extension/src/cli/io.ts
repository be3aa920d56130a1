// Where the CLI writes; tests pass their own to capture output.
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Streamed text without a newline (live model output). */
  write(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  write: (text) => process.stdout.write(text),
  env: process.env,
  cwd: process.cwd(),
};
