// One copy of a package version in the bundles: npm may install the same name and
// version twice (nested under two dependents when another version holds the root, as
// ajv 8 under the MCP SDK and under ajv-formats beside eslint's ajv 6). This esbuild
// plugin resolves every import into such a package to one of its copies, the first by
// path, so the build's check (bundle-check.mjs) finds one module where npm left two.
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Package folders under a node_modules folder, nested ones included: [folder, name]. */
function packageFolders(modulesDir) {
  if (!existsSync(modulesDir)) return [];
  const folders = [];
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const scoped = entry.name.startsWith('@');
    const names = scoped ? readdirSync(join(modulesDir, entry.name)).map((n) => `${entry.name}/${n}`) : [entry.name];
    for (const name of names) {
      const folder = join(modulesDir, name);
      folders.push([folder, name], ...packageFolders(join(folder, 'node_modules')));
    }
  }
  return folders;
}

/** `name@version` -> the folders that hold it, sorted (the first is the one used). */
function copiesByVersion(root) {
  const copies = new Map();
  // By real path, as esbuild resolves (the bench builds in a folder whose node_modules is a link).
  const modulesDir = join(root, 'node_modules');
  if (!existsSync(modulesDir)) return new Map();
  for (const [folder, name] of packageFolders(realpathSync(modulesDir))) {
    let version;
    try {
      version = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version;
    } catch {
      continue;
    }
    const key = `${name}@${version}`;
    copies.set(key, [...(copies.get(key) ?? []), folder].sort());
  }
  return new Map([...copies].filter(([, folders]) => folders.length > 1));
}

export function dedupePackages(root = process.cwd()) {
  const duplicated = copiesByVersion(root);
  /** A duplicated copy's folder -> the folder used instead. */
  const canonical = new Map([...duplicated.values()].flatMap(([first, ...rest]) => rest.map((f) => [f, first])));
  return {
    name: 'dedupe-packages',
    setup(build) {
      if (canonical.size === 0) return;
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.deduping || args.kind === 'entry-point') return undefined;
        const result = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { deduping: true },
        });
        if (result.errors.length > 0 || result.external) return undefined;
        for (const [copy, used] of canonical) {
          if (result.path.startsWith(copy + sep))
            return {
              path: join(used, relative(copy, result.path)),
              namespace: result.namespace,
              sideEffects: result.sideEffects,
              suffix: result.suffix,
            };
        }
        return undefined;
      });
    },
  };
}
