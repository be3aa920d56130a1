// Where a followed agent keeps a folder's session files, as its descriptor says (tests
// place fixture files there).
import assert from 'node:assert/strict';
import { claudeCode } from '../../../extension/src/core/import/agents/claude-code';

/** Claude Code's project folder for `folder` under its config folder `configDir`. */
export function claudeProjectDir(configDir: string, folder: string): string {
  const reading = claudeCode.reading;
  assert.ok(reading.kind === 'jsonl');
  const dir = reading.load().files.dirOf(configDir, folder);
  assert.ok(dir !== undefined);
  return dir;
}
