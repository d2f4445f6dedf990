// ESLint flat config: the recommended rules over every hand-written file;
// generated code is checked for staleness by the tests, not linted.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['generated/**', '.cache/**', 'results/**', 'node_modules/**'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'prefer-const': 'error',
      'no-var': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // the report page's script runs in the browser, inlined as a plain <script> after Chart.js (lib/report/html.js)
  { files: ['lib/report/page-charts.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
  // functions passed to page.evaluate() run in the browser
  { files: ['test/helpers/browser.js'], languageOptions: { globals: { ...globals.browser } } },
];
