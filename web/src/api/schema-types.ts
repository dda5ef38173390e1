// The types a contract schema accepts and produces, for the fetchers' bodies and answers. api/
// imports only @cincy/contracts (eslint), so not zod's `z`: these read the same `_zod` types that
// `z.input` and `z.output` read (zod/v4/core), and vanish at build time like any type.

/** `z.input<typeof schema>`: what a request body may be before the server parses it. */
export type SchemaInput<S> = S extends { _zod: { input: infer I } } ? I : never;

/** `z.output<typeof schema>` (`z.infer`): what an answer is once the schema has parsed it. */
export type SchemaOutput<S> = S extends { _zod: { output: infer O } } ? O : never;
