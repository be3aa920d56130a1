// The JSON Schema a model is given for a tool's arguments, made from the same zod
// schema that validates a call. Its own bundle (dist/tool-json-schema.js; LAZY_MODULES
// in scripts/lazy-bundles.mjs), required by tool.ts when a turn first builds its tools:
// zod's JSON Schema conversion is a large part of zod that activation does not need.
// Descriptions survive the bundle boundary: zod keeps its registry on globalThis.
// Imported from zod's core index: the process build's zod/mini leaves the generator out
// (scripts/lean-zod.mjs), so that only the lazy entries' chunks carry it.
import { toJSONSchema } from 'zod/v4/core';
import type * as z from 'zod/mini';

export function jsonSchemaOf(schema: z.ZodMiniType): Record<string, unknown> {
  const json = toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
