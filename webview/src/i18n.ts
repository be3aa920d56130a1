// The page's strings (host translations over English defaults), through a context so
// every component reads the same table. Tests render with their own table.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { resolveStrings, type WebviewStrings } from '../../extension/src/core/protocol/strings';

export { format } from '../../extension/src/core/protocol/strings';

export const StringsContext = createContext<WebviewStrings>(resolveStrings(undefined));

export function useStrings(): WebviewStrings {
  return useContext(StringsContext);
}
