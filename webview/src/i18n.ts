// The page's strings, through a context so every component reads the same table. They
// all come from the host (the snapshot's `strings`, every key, localized): the page
// carries no string table of its own. Tests render with their own table.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { WebviewStrings } from '@core/protocol/strings';

export { format } from '@core/text-template';

/** Null outside a provider: the app provides the snapshot's strings, tests their own. */
export const StringsContext = createContext<WebviewStrings | null>(null);

export function useStrings(): WebviewStrings {
  const strings = useContext(StringsContext);
  if (!strings) throw new Error('no strings: render inside a StringsContext provider');
  return strings;
}
