// grep's engines on the caller's own thread, for a workspace whose files only its file
// system can read (VS Code's workspace.fs: a virtual folder), so no worker thread can.
// Its own bundle, dist/grep-search.js, loaded at such a workspace's first search: the
// host's bundle does not carry the engines every `file:` workspace runs on the worker.
export { runSearch } from './run-search';
