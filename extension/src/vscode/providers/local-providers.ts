// The models a ProviderSource (provider-source.ts) makes in this process: the demo
// model, a scripted model's file, and VS Code's language models. A lazy module
// (dist/local-providers.js, LAZY_MODULES in scripts/lazy-bundles.mjs), imported at the
// first turn that uses one, so activation does not load the model players.
import * as path from 'node:path';
import { loadModelScript, ScriptedProvider } from '../../core/agent/providers/scripted';
import { DemoProvider } from './demo-provider';

export { selectVscodeLmProvider } from './vscode-lm-provider';

export function demoProvider(scriptPath: string): DemoProvider {
  return new DemoProvider(loadModelScript(scriptPath));
}

export function scriptedProvider(file: string): ScriptedProvider {
  return new ScriptedProvider(loadModelScript(file), path.basename(file));
}
