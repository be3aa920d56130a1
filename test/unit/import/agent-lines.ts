// An agent file's lines as its reader takes them (JSON objects), for the tests that
// feed a reader line by line.
import * as fs from 'node:fs';
import * as z from 'zod/mini';
import type { AgentLine } from '../../../extension/src/core/import/agent-plan';

const objectLine = z.record(z.string(), z.unknown());

/** One line's JSON object (throws when it is none: the fixtures are whole). */
export function agentLine(text: string): AgentLine {
  return objectLine.parse(JSON.parse(text));
}

/** Every line of `file`, as objects. */
export function jsonLines(file: string): AgentLine[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map(agentLine);
}
