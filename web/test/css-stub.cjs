// Stands in for every `import './x.css'` under jest (see jest.config.cjs).
module.exports = {};
