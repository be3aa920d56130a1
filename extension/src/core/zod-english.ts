// zod/mini registers no locale, so every issue would read "Invalid input". The host's
// messages are contracts (tool errors the model reads, e.g. `todos[0].status must be
// one of …` relies on "received undefined"; log-load errors users see), so every
// module that turns zod issues into text imports this once for its side effect.
import * as z from 'zod/mini';
import { en } from 'zod/locales';

if (!z.config().localeError) z.config(en());
