// zod's English messages (zod-english.ts says why the host needs them): a lazy module,
// loaded at the first issue turned into text, so a start with valid settings and logs
// does not load them.
import { en } from 'zod/locales';

export const englishLocaleError = en().localeError;
