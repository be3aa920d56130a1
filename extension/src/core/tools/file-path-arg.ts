// What every file tool says of its `path`: the argument's schema and the sentence its
// description carries, so the model reads the same rule from each tool.
import * as z from 'zod/mini';

export const filePathArg = z.string().check(z.describe('The file, relative to the workspace folder.'));

export const WORKSPACE_PATHS_RULE = 'Paths are relative to the workspace folder; paths outside it are refused.';
