// Turning on Codex's plan tool for its next sessions: `enabled = true` under
// `[tools.update_plan]` in its config.toml (core/codex-config.ts says why). The change is
// computed first, so the user can be shown the exact lines and confirm; the file is
// written only then, whole, through a temporary file renamed over it
// (claude-settings.ts `writeClaudeSettings`: unless it changed meanwhile).
//
// The edit inserts lines and touches no other byte. Where they go depends on how the
// file spells `tools`: under an existing `[tools.update_plan]` header; before a
// top-level dotted `tools.update_plan.… =` key; under `[tools]` when that table has
// dotted `update_plan.… =` keys; else a new `[tools.update_plan]` table at the end. A
// candidate counts only when the new text parses to the old document plus the key
// (an inline `tools = { … }` table cannot take one: refused, the user's to edit).
import { isDeepStrictEqual } from 'node:util';
import { parse, type TomlTable } from 'smol-toml';
import { isCodexConfigError } from '../codex-config';
import { codexPlanToolOf } from '../codex-plan-tool';

/** What turning the plan tool on does to the config's text. */
type CodexPlanToolChange =
  /** `text` is the whole new file; `lines` what is added (shown to the user); `existed`: the file was there. */
  | { kind: 'change'; text: string; lines: string; existed: boolean }
  | { kind: 'already-on' }
  /** The config says `enabled = false`: the user's choice, kept. */
  | { kind: 'off-by-choice' }
  | { kind: 'refused'; reason: string };

/** The table the change adds to a file with none. */
const CODEX_PLAN_TOOL_TABLE = ['[tools.update_plan]', 'enabled = true'];

const UPDATE_PLAN_HEADER = /^[ \t]*\[[ \t]*tools[ \t]*\.[ \t]*update_plan[ \t]*\][ \t]*(#.*)?$/;
const TOOLS_HEADER = /^[ \t]*\[[ \t]*tools[ \t]*\][ \t]*(#.*)?$/;
const ANY_HEADER = /^[ \t]*\[/;
const TOP_DOTTED = /^[ \t]*tools[ \t]*\.[ \t]*update_plan[ \t]*\./;
const TOOLS_DOTTED = /^[ \t]*update_plan[ \t]*\./;

interface Candidate {
  text: string;
  lines: string[];
}

/** The change to `current` (the file's text; undefined when there is no file). */
export function codexPlanToolChange(current: string | undefined): CodexPlanToolChange {
  if (current === undefined)
    return {
      kind: 'change',
      text: joinLines('', CODEX_PLAN_TOOL_TABLE, '\n'),
      lines: CODEX_PLAN_TOOL_TABLE.join('\n'),
      existed: false,
    };
  try {
    const state = codexPlanToolOf(current);
    if (state === 'on') return { kind: 'already-on' };
    if (state === 'off-by-choice') return { kind: 'off-by-choice' };
  } catch (error) {
    if (!isCodexConfigError(error)) throw error;
    return { kind: 'refused', reason: error.message };
  }
  const expected = withPlanToolOn(parse(current));
  const found = candidates(current).find((c) => parsesTo(c.text, expected));
  if (found === undefined)
    return {
      kind: 'refused',
      reason: 'its tools table is written inline (tools = { … }); add update_plan = { enabled = true } to it yourself',
    };
  return { kind: 'change', text: found.text, lines: found.lines.join('\n'), existed: true };
}

/** `config` (a fresh parse, changed in place) with the key set; smol-toml's tables have no prototype, nor do these. */
function withPlanToolOn(config: TomlTable): TomlTable {
  const tools = (config.tools ??= Object.create(null) as TomlTable) as TomlTable;
  const plan = (tools.update_plan ??= Object.create(null) as TomlTable) as TomlTable;
  plan.enabled = true;
  return config;
}

function parsesTo(text: string, expected: TomlTable): boolean {
  try {
    return isDeepStrictEqual(parse(text), expected);
  } catch {
    return false;
  }
}

/** The edits to try, in order; each inserts whole lines (in the file's own line ending) and nothing else. */
function candidates(text: string): Candidate[] {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/(?<=\n)/);
  const firstHeader = lines.findIndex((l) => ANY_HEADER.test(l));
  const rootEnd = firstHeader < 0 ? lines.length : firstHeader;
  const out: Candidate[] = [];
  const insert = (at: number, added: string[]): void => {
    const before = lines.slice(0, at).join('');
    const glue = before === '' || before.endsWith('\n') ? '' : eol;
    out.push({ text: before + glue + added.map((l) => l + eol).join('') + lines.slice(at).join(''), lines: added });
  };
  const header = lines.findIndex((l) => UPDATE_PLAN_HEADER.test(l.trimEnd()));
  if (header >= 0) insert(header + 1, ['enabled = true']);
  const dotted = lines.slice(0, rootEnd).findIndex((l) => TOP_DOTTED.test(l));
  if (dotted >= 0) insert(dotted, ['tools.update_plan.enabled = true']);
  const tools = lines.findIndex((l) => TOOLS_HEADER.test(l.trimEnd()));
  if (tools >= 0 && lines.slice(tools + 1).some((l) => TOOLS_DOTTED.test(l)))
    insert(tools + 1, ['update_plan.enabled = true']);
  out.push({ text: joinLines(text, CODEX_PLAN_TOOL_TABLE, eol), lines: CODEX_PLAN_TOOL_TABLE });
  return out;
}

/** `text` with `added` as a table at its end: a blank line before it unless the file is empty. */
function joinLines(text: string, added: readonly string[], eol: string): string {
  const ended = text === '' || text.endsWith('\n') ? text : text + eol;
  const gap = text.trim() === '' ? '' : eol;
  return ended + gap + added.map((l) => l + eol).join('');
}
