import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const NODE_GLOBALS = ['process', 'require', 'Buffer', '__dirname'];
const GAS_SERVICES = [
  'ScriptApp',
  'CacheService',
  'PropertiesService',
  'LockService',
  'UrlFetchApp',
  'MailApp',
  'Session',
  'Utilities',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-addon/',
      'local/.build/',
      'coverage/',
      'test-results/',
    ],
  },
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
      'no-restricted-globals': ['error', ...NODE_GLOBALS],
      'no-console': 'error',
    },
  },
  {
    // One boundary for Apps Script: only src/gas/ calls the services that hold state, quota or
    // identity (stores, locks, fetch, mail, triggers, session). The add-in's edges may still use
    // the document and its UI (SpreadsheetApp, HtmlService): sheets and dialogs are their job.
    files: ['src/**/*.ts'],
    ignores: ['src/gas/**', 'src/sidebar/client/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_GLOBALS,
        ...GAS_SERVICES.map((name) => ({
          name,
          message: `Only src/gas/ calls ${name}: add or use a port there.`,
        })),
      ],
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
