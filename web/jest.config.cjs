// The web app's unit tests run in Node (no jsdom): pure functions, the request helper against real
// Response objects, and components rendered to static markup. The root preset's swc transform for
// TSX (React's automatic runtime, as Vite compiles it), for .ts files too.
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
};
