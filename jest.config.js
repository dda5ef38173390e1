module.exports = {
  projects: ['<rootDir>/libs/*', '<rootDir>/services/*', '<rootDir>/e2e'],
};
