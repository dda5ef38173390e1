// Shared jest settings for the Node packages: swc for speed (keeps decorator metadata for Nest),
// workspace libraries resolved from source so tests never run against a stale build.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@cincy/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
    '^@cincy/platform$': path.join(__dirname, 'libs/platform/src/index.ts'),
    '^@cincy/platform/testing$': path.join(__dirname, 'libs/platform/src/testing/index.ts'),
    '^@cincy/stack$': path.join(__dirname, 'libs/stack/src/index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
};
