// End-to-end tests: each test file starts a whole stack (five services on a fresh database and
// NATS prefix) and drives Debian's Chromium through playwright-core.
// Run them one file at a time: `npx jest --selectProjects @cincy/e2e --runInBand` (npm test does).
// `maxWorkers` cannot live here: jest ignores it in a project's config and warns.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: '@cincy/e2e',
  testTimeout: 120_000,
};
