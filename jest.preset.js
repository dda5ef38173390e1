// Shared jest settings for the Node packages: swc for speed (keeps decorator metadata for Nest),
// workspace libraries resolved from source so tests never run against a stale build.
const path = require('node:path');

/** swc for TypeScript, keeping Nest's decorator metadata; TSX with React's automatic runtime. */
const swc = ({ tsx }) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        ...(tsx ? { react: { runtime: 'automatic' } } : {}),
      },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc({ tsx: false }),
    // notify's email templates are React components (its service tests and the gateway's run them).
    '^.+\\.tsx$': swc({ tsx: true }),
  },
  moduleNameMapper: {
    '^@cincy/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
    '^@cincy/platform$': path.join(__dirname, 'libs/platform/src/index.ts'),
    '^@cincy/platform/testing$': path.join(__dirname, 'libs/platform/src/testing/index.ts'),
    '^@cincy/stack$': path.join(__dirname, 'libs/stack/src/index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
  setupFiles: [path.join(__dirname, 'jest.pg-guard.js')],
};
