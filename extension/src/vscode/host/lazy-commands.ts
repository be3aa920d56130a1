// Commands registered at start whose bodies load at their first run: the one way a
// command that only some users need stays out of what activation loads. A feature's
// bodies are one lazy module (such as plan-tree/plan-check-run.ts, an entry of
// LAZY_MODULES in scripts/lazy-bundles.mjs); its registration names each command and
// the body it runs.
import * as vscode from 'vscode';
import { lazyModule } from '../../core/lazy-module';

/** A command's body in the lazy module `M`: `(m, arg) => m.startItem(deps, arg)`. */
export type LazyBody<M> = (module: M, ...args: unknown[]) => unknown;

/**
 * Registers each command of `bodies` (command id -> its body); `load` (`() => import('./plan-x-run')`)
 * runs once, at the first run of any of them. Adding a command to a feature is one line of `bodies`.
 */
export function registerLazyCommands<M>(
  load: () => Promise<M>,
  bodies: Readonly<Record<string, LazyBody<M>>>,
): vscode.Disposable {
  const module = lazyModule(load);
  return vscode.Disposable.from(
    ...Object.entries(bodies).map(([id, body]) =>
      vscode.commands.registerCommand(id, async (...args: unknown[]) => body(await module(), ...args)),
    ),
  );
}
