// Types for paths.mjs (the e2e tests are TypeScript).
export const REPO_ROOT: string;
export const CODE_SERVER_VERSION: string;
export const INSTALL_DIR: string;
export const CODE_SERVER_DIR: string;
export const VSCODE_DIR: string;
export const ENTRY: string;
export const READY_MARKER: string;
