// The Chat session's writer (core/mcp/external-plan-session.ts: the same todo_write as
// the MCP server's), as a lazy module of the process build (dist/chat-plan-session.js,
// LAZY_MODULES in scripts/lazy-bundles.mjs) that chat-plan-tool.ts imports at the
// tool's first call, so activation loads none of it.
export { ExternalPlanSession } from '../../core/mcp/external-plan-session';
