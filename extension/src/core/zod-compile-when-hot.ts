// zod's own schema compiler (z.compile) for a schema on a hot path, such as every
// line of a log replay. The compiled clone runs code generated from the SAME schema
// and, whenever that code says no, the original runtime parser: a rejection's issues
// (and every message made from them) are the runtime's, word for word, and a success
// is the value the runtime would have returned. Nothing is skipped or remembered
// between values; only the generated code is kept.
// Compiling has a cost per schema, and the compiler is a bundle of its own
// (dist/zod-compiler.js, loaded with a synchronous `require` the build rewrites; under
// tsx it loads the TypeScript module): more than activation or a ten-line tail read
// should pay, so a schema is compiled only once it has parsed `hotAfter` values in
// this process.
import type * as z from 'zod/mini';
import { lazyModule, type LazyRequire } from './lazy-module';

/** Values a schema parses on the runtime parser before it is compiled. */
const HOT_AFTER = 256;

export interface HotSchema<T> {
  safeParse(value: unknown): z.core.util.SafeParseResult<T>;
  /** Whether the compiled parser is in use yet (tests and benchmarks). */
  readonly compiled: boolean;
}

type Compiler = Pick<typeof import('./zod-compiler'), 'compile'>;
declare const require: LazyRequire<{ './zod-compiler': Compiler }>;
const compiler = lazyModule(() => require('./zod-compiler'));

export function compileWhenHot<T>(schema: z.ZodMiniType<T>, hotAfter = HOT_AFTER): HotSchema<T> {
  let uses = 0;
  let current = schema;
  return {
    safeParse(value) {
      if (uses < hotAfter && ++uses === hotAfter) {
        current = compiler().compile(schema);
      }
      return current.safeParse(value);
    },
    get compiled() {
      return current !== schema;
    },
  };
}
