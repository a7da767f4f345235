import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webBoundaries(),
);

/**
 * One-way imports in the web app: components, lib and config (shared) → features → app. A feature
 * never imports another feature: what two features share moves down to components or lib. Imports
 * across folders use the `@/` alias, which these rules read.
 */
function webBoundaries() {
  const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const noAppOrFeatures = {
    patterns: [
      {
        group: ['@/features/*', '**/features/*'],
        message: 'Shared code (components, lib, config) must not import a feature.',
      },
      { group: ['@/app/*', '**/app/*'], message: 'Only the app layer imports the app layer.' },
    ],
  };
  return [
    {
      files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': ['error', noAppOrFeatures] },
    },
    ...features.map((feature) => ({
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
                message:
                  'A feature must not import another feature: move what they share to components or lib.',
              },
              { group: ['@/app/*', '**/app/*'], message: 'Features must not import the app layer.' },
            ],
          },
        ],
      },
    })),
  ];
}
