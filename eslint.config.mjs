// Lint for `npm test` (scripts/lint.ts): the layering and the absence of import cycles (docs/architecture.md),
// TypeScript's and React's recommended rules, and Prettier's formatting.
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'

const DOMAIN = [
  'orders',
  'catalog',
  'checkout',
  'cart',
  'payments',
  'invoices',
  'mail',
  'auth',
  'downloads',
  'gdpr',
  'gifts',
  'revisions',
  'withdrawals',
  'contact',
  'followers',
  'embed',
  'feeds',
  'legal',
  'player',
  'rich-text',
  'storage',
  'audio',
].map((area) => `./src/${area}`)
// src/site/payload.ts belongs to the routes' layer: it is the door to the configured Payload.
const BASE = ['./src/rules', './src/i18n', './src/http', './src/site/!(payload).ts', './src/config']
const SCHEMA = ['./collections', './payload.config.ts']
const UI = ['./src/components']
const APP = ['./src/app', './src/proxy.ts']
/** The only door to the configured Payload: pages and route handlers open it, nothing below them. */
const PAYLOAD_CLIENT = './src/site/payload.ts'

const zone = (target, from, message) => ({ target, from, message })

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'bench/bare-next/.next/**',
      'data/**',
      'media/**',
      'test-results/**',
      'payload-types.ts',
      'src/app/(payload)/**/importMap.js',
      'next-env.d.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      // Packages cannot import our files, so a cycle never runs through them: not parsing them keeps the rule fast.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(BASE, [...DOMAIN, ...SCHEMA, ...UI, ...APP], 'The base layer (src/rules, src/i18n, src/http, src/site) imports nothing above it.'),
            zone(
              DOMAIN,
              [...SCHEMA, ...UI, ...APP, PAYLOAD_CLIENT],
              'Domain code takes `payload` as a parameter and imports no collections, components or routes.',
            ),
            zone(SCHEMA, [...UI, ...APP, PAYLOAD_CLIENT], 'Collections use req.payload; they import no components or routes.'),
            zone(UI, [...APP, PAYLOAD_CLIENT, ...SCHEMA], 'Components get data (or payload) from their page.'),
            zone(
              ['./src/!(site)/**', './src/site/!(payload).ts', './src/*.ts', './collections/**'],
              './payload.config.ts',
              'Only src/site/payload.ts imports the config.',
            ),
          ],
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // `const { dropped: _dropped, ...kept } = data` is how a hook leaves a field out.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  // Payload writes the migrations (migrate:create); their signature names arguments a migration may not use.
  { files: ['migrations/**'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
  // Tests poke at answers of any shape; production code stays typed.
  { files: ['tests/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  prettier,
)
