// ESLint (typescript-eslint, type-aware): rules that catch real bugs are errors; style is Prettier's
// (npm run format). Size warnings list long functions and files without failing (issue 36).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test/fixtures/**',
      'test/golden/expected/**',
      '.vscode-test/**',
      '.bench-cache/**',
      'client/webview/out/**',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-unused-expressions': 'error',
      'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-lines': ['warn', { max: 800, skipBlankLines: true, skipComments: true }],
      // We match terminal escapes and control characters on purpose (safe-text, hostile tests).
      'no-control-regex': 'off',
      // Style, not bugs: the formatter's business.
      'no-regex-spaces': 'off',
    },
  },
  {
    // A test file is one long describe by nature; its size says nothing.
    files: ['test/**/*.ts'],
    rules: { 'max-lines-per-function': 'off', 'max-lines': 'off' },
  },
);
