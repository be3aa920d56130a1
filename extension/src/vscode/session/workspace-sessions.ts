// The session folder of a workspace folder: where `agent-checklist run` and
// `agent-checklist mcp` write by default, and where the editor looks for them.
export const WORKSPACE_SESSIONS_DIR = '.agent-checklist/sessions';
