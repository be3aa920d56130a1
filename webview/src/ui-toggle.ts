// A UI toggle the page remembers (vscode-api.ts: per-webview state). `key` names it in
// that state; `fallback` is its value until the user first flips it.
import { useState } from 'preact/hooks';
import { readToggles, writeToggle } from './vscode-api';

export function useToggle(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => readToggles()[key] ?? fallback);
  const set = (next: boolean): void => {
    writeToggle(key, next);
    setValue(next);
  };
  return [value, set];
}
