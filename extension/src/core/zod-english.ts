// zod/mini registers no locale, so every issue would read "Invalid input". The host's
// messages are contracts (tool errors the model reads, e.g. `todos[0].status must be
// one of …` relies on "received undefined"; log-load errors users see), so every
// module that turns zod issues into text imports this once for its side effect. The
// messages themselves (zod-english-locale.ts) load at the first issue.
import * as z from 'zod/mini';
import { lazyModule, type LazyRequire } from './lazy-module';
import type * as EnglishModule from './zod-english-locale';

declare const require: LazyRequire<{ './zod-english-locale': typeof EnglishModule }>;
const english = lazyModule(() => require('./zod-english-locale'));

if (!z.config().localeError) z.config({ localeError: (issue) => english().englishLocaleError(issue) });
