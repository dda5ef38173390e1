import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVICES = ['identity', 'booking', 'dispatch', 'inventory', 'notify', 'billing', 'gateway'];
const DOMAIN_SERVICES = ['identity', 'booking', 'dispatch', 'inventory', 'notify', 'billing'];

/** A service never imports another service: it talks to it over NATS (its tests may start one). */
const otherServices = (service) =>
  SERVICES.filter((other) => other !== service).map((other) => ({
    group: [`**/${other}/src/**`, `@cincy/${other}`, `@cincy/${other}/**`],
    message: `services/${service} must not import services/${other}: use its RPC subjects or events.`,
  }));

/**
 * Inside a domain service, a module (a folder of src/) is used through its index.ts: another
 * module imports `../board`, never `../board/board.repository`, so a module's internals (its
 * repository, mappers, entities) can change without reaching into its neighbours. `common/` is
 * shared plumbing; the service's root files (app.module.ts) import modules the same way, and
 * their migrations by file.
 */
const MODULE_INTERNALS = {
  inModule: {
    regex: '^\\.\\./(?!common(/|$))[^/]+/',
    message: 'Import another module through its index (`../board`), not a file inside it.',
  },
  atRoot: {
    regex: '^\\./(?!common/|migrations/)[^/]+/',
    message: 'Import a module through its index (`./board`), not a file inside it.',
  },
};

const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// One entry per file set: ESLint keeps only the last options of a rule, so each set's patterns
// are listed together.
const serviceBoundaries = SERVICES.flatMap((service) =>
  DOMAIN_SERVICES.includes(service)
    ? [
        restrict(
          [`services/${service}/src/*/**/*.ts`],
          [...otherServices(service), MODULE_INTERNALS.inModule],
          [`services/${service}/src/migrations/**`],
        ),
        restrict(
          [`services/${service}/src/*.ts`],
          [...otherServices(service), MODULE_INTERNALS.atRoot],
        ),
        restrict([`services/${service}/src/migrations/**/*.ts`], otherServices(service)),
      ]
    : [restrict([`services/${service}/src/**/*.ts`], otherServices(service))],
);

// The web app's layers, top to bottom (docs/conventions.md): a module may import only from its own
// layer or below. Imports are relative, so "above" means a path that climbs into a higher layer.
const WEB_LAYERS = ['app', 'pages', 'features', 'components', 'hooks', 'lib', 'api'];

const layerRule = (layer, patterns, paths = []) => ({
  files: [`web/src/${layer}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': ['error', { patterns, paths }] },
});

const webLayerRules = WEB_LAYERS.slice(1, -1).map((layer, i) => {
  const above = WEB_LAYERS.slice(0, i + 1);
  const below = WEB_LAYERS.slice(i + 2);
  return layerRule(
    layer,
    [
      {
        regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
        message: `${layer}/ may import only from ${layer}/ or the layers below (${below.join(', ')}). Move the shared piece down instead.`,
      },
    ],
    // lib/ holds state outside React; hooks/ reads it into components.
    layer === 'lib'
      ? [{ name: 'react', message: 'lib/ holds non-React state: put the hook in hooks/.' }]
      : [],
  );
});

const webApiRule = layerRule('api', [
  {
    regex: '^(?!@cincy/contracts$|\\./)',
    message: 'api/ holds the fetchers: it imports only @cincy/contracts and its own files.',
  },
]);

// Only the entries may import app/ (the routes, shell and providers sit at the top): main.tsx in
// the browser, prerender.tsx at build time.
const webRootRule = {
  files: ['web/src/*.{ts,tsx}'],
  ignores: ['web/src/main.tsx', 'web/src/prerender.tsx'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '^\\./app(/|$)', message: 'Only main.tsx and prerender.tsx import app/.' },
        ],
      },
    ],
  },
};

// A job's status rules live in contracts (isClosed, isAssignable, isBeforeDeparture, isCalledOff,
// OPEN_STATUSES...): a service or the web app naming a set of statuses (an array, or one status
// `||` another) is restating one. Asking which one step a job is at ('en_route') stays allowed.
const STATUS = '/^(pending|assigned|accepted|en_route|on_location|completed|declined|cancelled)$/';
const STATUS_SELECTORS = [
  {
    selector: `ArrayExpression:has(> Literal[value=${STATUS}] ~ Literal[value=${STATUS}])`,
    message: 'A set of statuses is a rule: use (or add) the one in @cincy/contracts.',
  },
  {
    selector: `LogicalExpression[left.right.value=${STATUS}][right.right.value=${STATUS}]`,
    message: 'Statuses tested together are a rule: use (or add) the one in @cincy/contracts.',
  },
];

// One way to the database (ADR 0107): repositories speak parameterised SQL through the manager
// (`manager.query`, or `TableColumns` for a wide row). TypeORM's entity API (find, save,
// QueryBuilder...) on a manager, a data source or a repository is refused.
const ENTITY_API =
  '/^(find\\w*|save|insert|update|delete|count\\w*|upsert|exists\\w*|increment|decrement|create|merge|preload|remove|softDelete|createQueryBuilder|getRepository)$/';
const DATA_ACCESS_SELECTORS = [
  {
    selector: `CallExpression[callee.property.name=${ENTITY_API}]:matches([callee.object.name=/^(manager|dataSource|em|repository)$/], [callee.object.property.name=/^(manager|dataSource|repository)$/])`,
    message: 'Speak SQL to the database (manager.query, TableColumns): see docs/adr/0107.',
  },
  {
    selector:
      'ImportDeclaration[source.value=/^(typeorm|@nestjs\\/typeorm)$/] > ImportSpecifier[imported.name=/^(Repository|InjectRepository|SelectQueryBuilder|FindOptionsWhere|In|IsNull|Not|LessThan|LessThanOrEqual|MoreThan|MoreThanOrEqual|Between|Like|ILike|Any)$/]',
    message: "TypeORM's repositories and find operators are the entity API: see docs/adr/0107.",
  },
];

const ruleFiles = { ignores: ['**/*.spec.ts', '**/*.spec.tsx', '**/migrations/**'] };
const statusRulesFromContracts = [
  {
    ...ruleFiles,
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...STATUS_SELECTORS] },
  },
  {
    ...ruleFiles,
    files: ['services/*/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...STATUS_SELECTORS, ...DATA_ACCESS_SELECTORS] },
  },
  {
    ...ruleFiles,
    files: ['libs/platform/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DATA_ACCESS_SELECTORS] },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'coverage/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // CommonJS configs (jest) load their presets with require().
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...serviceBoundaries,

  ...webLayerRules,
  webApiRule,
  webRootRule,
  ...statusRulesFromContracts,
);
