// A locator that finds no ripgrep: grep runs its JavaScript engine (tests run each search with both).
import type { RipgrepLocator } from '../../../extension/src/core/tools/grep/ripgrep';

export const noRipgrep: RipgrepLocator = () => Promise.resolve(null);
