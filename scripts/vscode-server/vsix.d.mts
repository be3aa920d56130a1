// Types for vsix.mjs (the e2e tests are TypeScript).
export const VSIX_PATH: string;
export const EXTENSION_ID: string;
export function packagedVsix(options?: { log?: (line: string) => void }): string;
export function installVsix(vsix: string, userDataDir: string): { extensionsDir: string; extensionPath: string };
