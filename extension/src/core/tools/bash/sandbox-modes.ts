// The bash sandbox's modes (the agentChecklist.tools.bash.sandbox setting's values), apart
// from the sandbox's set-up (sandbox.ts) so that the settings, read at activation, need
// none of it.
export const SANDBOX_MODES = ['auto', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];
