module.exports = {
  projects: ['<rootDir>/libs/*', '<rootDir>/services/*', '<rootDir>/web', '<rootDir>/e2e'],
  // A global option: jest ignores it inside a project's config.
  testTimeout: 60_000,
};
