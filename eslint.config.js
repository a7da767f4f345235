import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'apps/web/src/paraglide/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Engine differences live in db/ (db/engine-sql.ts): a module never asks which engine runs.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/database.ts'],
              importNames: ['isPostgres'],
              message: 'Say the engine difference once in db/engine-sql.ts and call that.',
            },
          ],
        },
      ],
    },
  },
  {
    // A promise nobody awaits or catches loses its error (an unhandled rejection stops the process)
    // and its order: in code that moves money, each one is awaited, returned, or marked `void`.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/paraglide/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...importBoundaries({
    files: 'apps/web/src/**/*.{ts,tsx}',
    tsconfig: 'apps/web/tsconfig.json',
    root: 'apps/web/src',
    // Shared code (components, lib, config) → features → the app layer. A feature never imports
    // another feature: what two features share moves down to components or lib.
    layers: [
      // `paraglide` is the message functions compiled from apps/web/messages (generated, not in git).
      [
        {
          name: 'shared code (components, lib, config)',
          paths: ['components', 'lib', 'config', 'paraglide'],
        },
      ],
      foldersOf('apps/web/src/features').map((f) => ({ name: `feature ${f}`, paths: [`features/${f}`] })),
      [{ name: 'the app layer', paths: ['app', 'main.tsx'] }],
    ],
  }),
  ...importBoundaries({
    files: 'apps/server/src/**/*.ts',
    tsconfig: 'apps/server/tsconfig.json',
    root: 'apps/server/src',
    // env and shared helpers → db and roblox → Deps → modules and plugins (side by side: a plugin
    // knows no module; app.ts hands it what it needs) → the wiring that builds and starts the app.
    layers: [
      [{ name: 'env and shared', paths: ['env.ts', 'shared'] }],
      [
        { name: 'db', paths: ['db'] },
        { name: 'roblox', paths: ['roblox'] },
      ],
      [{ name: 'deps', paths: ['deps.ts'] }],
      [
        ...foldersOf('apps/server/src/modules').map((m) => ({
          name: `module ${m}`,
          paths: [`modules/${m}`],
          // Modules talk to each other through what each one's index.ts exports, never its files.
          publicEntry: './index.ts',
        })),
        { name: 'plugins', paths: ['plugins'] },
      ],
      [{ name: 'the wiring', paths: ['app.ts', 'jobs.ts', 'server.ts', 'cluster.ts', 'seed.ts'] }],
    ],
  }),
);

function foldersOf(dir) {
  return readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/**
 * One-way imports, checked on resolved file paths (so relative paths and aliases are caught alike).
 * `layers` runs from the bottom up: a group imports from the layers below it and never from a layer
 * above; groups side by side in one layer do not import each other, except through a group's
 * `publicEntry` when both have one.
 */
function importBoundaries({ files, tsconfig, root, layers }) {
  const zones = [];
  layers.forEach((layer, i) => {
    const above = layers.slice(i + 1).flat();
    for (const group of layer) {
      for (const other of above) {
        zones.push({
          target: group.paths.map((p) => `${root}/${p}`),
          from: other.paths.map((p) => `${root}/${p}`),
          message: `${group.name} must not import ${other.name} (a layer above it).`,
        });
      }
      for (const sibling of layer) {
        if (sibling === group) continue;
        // Only modules (groups with a public entry) reach each other through it; a plugin reaches none.
        const through = group.publicEntry && sibling.publicEntry;
        for (const p of sibling.paths) {
          zones.push({
            target: group.paths.map((t) => `${root}/${t}`),
            from: `${root}/${p}`,
            except: through ? [sibling.publicEntry] : [],
            message: through
              ? `${group.name} may import ${sibling.name} only through its ${sibling.publicEntry.slice(2)}.`
              : `${group.name} must not import ${sibling.name}.`,
          });
        }
      }
    }
  });
  return [
    {
      files: [files],
      plugins: { 'import-x': importX },
      settings: {
        // no-cycle parses the files an import leads to, so it needs the TypeScript parser named.
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsconfig })],
      },
      rules: { 'import-x/no-restricted-paths': ['error', { zones }], 'import-x/no-cycle': 'error' },
    },
  ];
}
