import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'dist/**',
    'node_modules/**',
    '.data/**',
    'coverage/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'public/**',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from lib/env.ts or partner-api/env.ts.' },
      ],
    },
  },
  {
    // The env modules and build/dev scripts are the only readers of process.env.
    files: ['lib/env.ts', 'partner-api/env.ts', 'scripts/**', 'bench/**', '*.config.*', 'e2e/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
]);
