import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'local/.build/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Add-in code runs in Apps Script: no Node globals, and no logging of anything that could hold the key.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'require', 'Buffer', '__dirname'],
      'no-console': 'error',
    },
  },
  {
    // The sidebar runs in the browser: Apps Script services do not exist there, and only
    // google.script.run reaches the server.
    files: ['src/sidebar/client/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'SpreadsheetApp',
          'PropertiesService',
          'CacheService',
          'LockService',
          'UrlFetchApp',
          'DriveApp',
          'ScriptApp',
          'HtmlService',
          'Utilities',
          'Session',
          'Logger',
        ].map((name) => ({
          name,
          message:
            'Browser code cannot use Apps Script services; call the server through google.script.run.',
        })),
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
