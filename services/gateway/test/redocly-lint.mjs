// Lints an OpenAPI document read from stdin with Redocly's recommended rules and prints the
// problems as JSON. A script of its own: @redocly/openapi-core is ESM only, jest runs CommonJS.
import { createConfig, lintFromString } from '@redocly/openapi-core';

let source = '';
for await (const chunk of process.stdin) source += chunk;
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
process.stdout.write(
  JSON.stringify(
    problems.map((p) => ({
      severity: p.severity,
      rule: p.ruleId,
      message: p.message,
      at: p.location[0]?.pointer,
    })),
  ),
);
