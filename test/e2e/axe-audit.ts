// axe-core run inside an Agent page's own frame (the e2e suites' accessibility audit).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';

const AXE_SOURCE = fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

type AxeRun = (
  context: unknown,
  options: object,
) => Promise<{
  violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
  passes: { id: string }[];
  incomplete: { id: string }[];
}>;

/**
 * axe-core's violations in the page, the rules that passed (an audit of an empty page passes few) and those it could
 * not decide. `root` is any element of the page (the Agent pages' `.app`; the Plan Board has none).
 */
export async function axeAudit(
  frame: Frame,
  root = '.app',
): Promise<{
  violations: { id: string; impact: string | null; nodes: string[] }[];
  passed: string[];
  incomplete: string[];
}> {
  if (!(await frame.evaluate(() => 'axe' in globalThis))) await frame.evaluate(AXE_SOURCE);
  return frame
    .locator(root)
    .first()
    .evaluate(async (app) => {
      const axe = (globalThis as unknown as { axe: { run: AxeRun } }).axe;
      const result = await axe.run(app.ownerDocument, { resultTypes: ['violations'] });
      return {
        violations: result.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? null,
          nodes: v.nodes.map((n) => JSON.stringify(n.target)),
        })),
        passed: result.passes.map((p) => p.id),
        incomplete: result.incomplete.map((i) => i.id),
      };
    });
}
