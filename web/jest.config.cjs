// The web app's unit tests run in Node (no jsdom): pure functions, the request helper against real
// Response objects, and components rendered to static markup. The root preset's swc transform,
// with TSX and React's automatic runtime as Vite compiles them.
const path = require('node:path');
const preset = require('../jest.preset.js');

const TS = '^.+\\.tsx?$';
const [swcJest, swc] = preset.transform[TS];

module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  transform: {
    [TS]: [
      swcJest,
      {
        ...swc,
        jsc: {
          ...swc.jsc,
          parser: { ...swc.jsc.parser, tsx: true },
          transform: { ...swc.jsc.transform, react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // Vite bundles the stylesheets; a test only needs the import to resolve.
    '\\.css$': path.join(__dirname, 'test/css-stub.cjs'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
