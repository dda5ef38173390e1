// The web app's unit tests run in Node: pure functions, the request helper against real Response
// objects, and components rendered to static markup; a file marked `@jest-environment jsdom`
// drives a component in jsdom (test/jsdom-setup.ts). The root preset's swc transform for TSX
// (React's automatic runtime, as Vite compiles it), for .ts files too.
const path = require('node:path');
const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  transform: { '^.+\\.tsx?$': preset.transform['^.+\\.tsx$'] },
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // Vite bundles the stylesheets; a test only needs the import to resolve.
    '\\.css$': path.join(__dirname, 'test/css-stub.cjs'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  // No database here: the preset's node-postgres guard is for the services' tests.
  setupFiles: [],
};
