// ESLint (flat config). Besides the usual TypeScript, React hooks and accessibility rules it
// encodes the architecture, so that a layering mistake or an import cycle fails `npm test`:
//
//   routes -> components -> machines -> lib -> api      (an arrow means "may import")
//
// - no layer imports one to its left (api never imports lib, lib never imports machines, ...);
// - browser code (components, machines, lib, api, features, browser) never imports src/server/**;
//   of the routes, only the server-only ones (API and health end points) may; src/functions
//   (TanStack Start server functions and isomorphic glue) is the one bridge;
// - lib and api stay pure: no src/functions, src/browser or src/features;
// - the domain (src/server/domain/**) never imports src/server/http/** or src/server/api/**;
// - no import cycles anywhere: import-x/no-cycle for value imports, and local/no-type-cycle
//   (tools/eslint/) for cycles that pass through an `import type`, which import-x skips.
//
// The rules resolve imports through TypeScript's resolver, so `~/…`, relative paths and
// `import type` are all checked. tests/lint-fixtures/ holds files that must break these rules
// (tests/lint/architecture.test.ts proves it); the normal run ignores them.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'
import noTypeCycle from './tools/eslint/no-type-cycle.js'

/** Browser-side layers, innermost last. A layer may import itself and those after it. */
const layers = ['src/routes', 'src/components', 'src/machines', 'src/lib', 'src/api']

/** Routes that run on the server only (file routes with `server.handlers` and nothing to render). */
const serverRoutes = ['src/routes/api/**', 'src/routes/sanctum/**']

const layerZones = layers.flatMap((target, index) =>
  layers.slice(0, index).map((from) => ({
    target: `./${target}/**`,
    from: `./${from}/**`,
    message: `Layers run routes → components → machines → lib → api: ${target.slice(4)} must not import ${from.slice(4)}.`,
  })),
)

const browserCode = ['src/components', 'src/machines', 'src/lib', 'src/api', 'src/features', 'src/browser']

/**
 * lib and api stay pure and isomorphic: no TanStack Start glue (src/functions, the one place where
 * browser-side code may reach src/server through server functions), no browser-only code
 * (src/browser), no feature code (src/features).
 */
const pureZones = ['src/lib', 'src/api'].map((target) => ({
  target: `./${target}/**`,
  from: ['./src/functions/**', './src/browser/**', './src/features/**'],
  message: `${target.slice(4)} stays pure: it must not import src/functions (server glue), src/browser or src/features.`,
}))

const serverZones = [
  ...pureZones,
  ...browserCode.map((target) => ({
    target: `./${target}/**`,
    from: './src/server/**',
    message: 'Browser code must not import server code (src/server/**).',
  })),
  {
    target: './src/routes/**',
    from: './src/server/**',
    message:
      'Routes are bundled for the browser: only the server-only routes (src/routes/api, src/routes/sanctum) may import src/server/**.',
  },
  {
    target: './src/server/domain/**',
    from: ['./src/server/http/**', './src/server/api/**'],
    message: 'The domain knows nothing of HTTP: src/server/domain must not import src/server/http or src/server/api.',
  },
  {
    target: './src/server/**',
    from: ['./src/routes/**', './src/components/**', './src/machines/**'],
    message: 'Server code must not import routes, components or machines.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tanstack/**',
      'bench-results/**',
      'bench/floor/dist/**',
      'bench/floor/src/routeTree.gen.ts',
      'src/routeTree.gen.ts',
      'src/api/schema.gen.ts',
      'src/locales/**',
      'src/server/db/migrations/**',
      'tests/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, local: { rules: { 'no-type-cycle': noTypeCycle } } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones] }],
      'import-x/no-self-import': 'error',
      // Cycles through generated files (TanStack's route tree: router → tree → __root → type of the
      // router's context) are the generator's pattern, not ours.
      'local/no-type-cycle': ['error', { ignore: ['\\.gen\\.ts$'] }],
    },
  },
  {
    // The server-only routes may import the server.
    files: serverRoutes,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      // The classic hooks rules; the React Compiler rules of the plugin's preset are left out
      // (the app does not use the compiler).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Labels read `<label><span><Trans>…</Trans></span><input/></label>`: the text is 3 deep.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3 }],
      // A scrollable <pre> must be reachable by keyboard (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel'], allowExpressionValues: true }],
    },
  },
)
