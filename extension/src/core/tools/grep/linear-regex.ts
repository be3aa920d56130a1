// grep's regular expressions, on a linear-time engine: RE2 (compiled to wasm, so
// it needs no native build and runs offline). A backtracking engine such as V8's
// can take exponential time on a pattern like `^(a+)+$` (27 `a` and a `!` froze the
// agent for 8 s); RE2 matches in time linear in the input for every pattern, so a
// hostile pattern cannot freeze the event loop. The price: no backreferences and no
// lookaround (RE2 refuses them with a syntax error the model reads).
//
// The engine is its own lazy entry, dist/re2.js (re2-engine.ts), which compiles its
// wasm when loaded: at the first pattern compiled (compileLinear), or ahead of it on
// grep's worker thread (preloadLinearEngine), so activation and runs without grep
// never pay for it.
import { brandedError, errorGuard } from '../../error-brand';
import { lazyModule, type LazyRequire } from '../../lazy-module';

type Re2Module = typeof import('./re2-engine');
declare const require: LazyRequire<{ './re2-engine': Re2Module }>;

/** RE2, loaded once per thread. A require: the worker thread's tsx hook loads CommonJS only. */
const linearEngine = lazyModule(() => require('./re2-engine'));

/** Loads RE2 now, so that the first regular expression does not wait for its wasm. */
export function preloadLinearEngine(): void {
  linearEngine();
}

export interface LineMatcher {
  test(line: string): boolean;
}

export class PatternError extends brandedError('PatternError') {
  override name = 'PatternError';
}

/** Whether `value` is a PatternError, whichever bundle's copy of the class made it. */
export const isPatternError = errorGuard<PatternError>('PatternError');

/** Compiles `pattern` (case-sensitive, Unicode) with RE2, loading it first; throws PatternError with RE2's reason. */
export function compileLinear(pattern: string): LineMatcher {
  const { RE2 } = linearEngine();
  try {
    const re = new RE2(pattern, 'u');
    return { test: (line) => re.test(line) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PatternError(message.replace(/^Invalid regular expression: \/.*\/u: /s, ''));
  }
}
