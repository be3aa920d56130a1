// bash: one shell command in the workspace folder (bash-tool.ts), asked for approval
// by the tool with the command and where it runs; its row shows how it ended
// (bash-view.ts) from the exit it logs as data. It runs processes (a command: the
// exit is its evidence's outcome).
import { defineTool } from '../descriptor';
import { bashArgsSchema } from './bash-signature';
import { BASH_TOOL_NAME, bashDetailsSchema, bashView } from './bash-view';
import { toolRuns } from '../tool-runs';
import { toolFacts } from '../../session/tool-facts';
import type { FileTool } from './bash-tool';

/** The set's tools that only read or write files (their descriptors' effects), in the set's order. */
function fileToolsOf(names: readonly string[]): FileTool[] {
  return [...new Set(names)].flatMap((name) => {
    const effects = toolFacts(name).effects ?? [];
    const onFiles = effects.length > 0 && effects.every((e) => e === 'reads' || e === 'writes');
    return onFiles ? [{ name, changes: effects.includes('writes') }] : [];
  });
}

export const bashTool = defineTool(
  { name: BASH_TOOL_NAME, args: bashArgsSchema, asksApproval: true },
  {
    details: bashDetailsSchema,
    needs: ['workspace', 'local-process'],
    effects: ['runs'],
    exit: (details) => details.exit,
    present: ({ call, args, details }) => bashView(call, args?.command ?? '', details?.exit ?? null),
    create: (set) =>
      toolRuns().createBashTool({
        workspace: set.workspace(),
        approvals: set.approvals(),
        trusted: set.need(set.options.trusted, 'the workspace trust decision (trusted: true or false)'),
        env: set.env,
        redactor: set.redactor,
        fileTools: fileToolsOf(set.options.tools),
        ...(set.options.sandbox === undefined ? {} : { sandbox: set.options.sandbox }),
        ...(set.options.onSandboxUnavailable === undefined
          ? {}
          : { onSandboxUnavailable: set.options.onSandboxUnavailable }),
      }),
  },
);
