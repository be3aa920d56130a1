// Unit tier: node's test runner over test/unit/**/*.test.ts(x), TypeScript via tsx.
// No VS Code host, no browser. Node 20's --test takes files, not globs, so we list them.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...collect(full));
    else if (/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const filter = process.argv.slice(2);
const files = collect('test/unit').filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('run-unit: no test files matched');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
