// The contracts library as both web builds (the back office's and the field app's) see it: one
// source (no build of its own), its plain modules told apart from those that declare schemas.
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
export const contractsDir = realpathSync(
  fileURLToPath(new URL('../libs/contracts/src', import.meta.url)),
);

export const contractsModule = (id: string) =>
  id.startsWith(`${contractsDir}/`) ? id.slice(contractsDir.length + 1) : null;
/**
 * A contracts module that imports zod, or values of a module that does (an RPC map of schemas),
 * declares schemas; the others hold plain constants and rules. Read off the source, so a new
 * schema module can never land among the constants (where it would pull zod into the first paint,
 * or split a cycle across chunks). Type-only imports do not count.
 */
const declaresSchemas = (() => {
  const known = new Map<string, boolean>();
  const check = (id: string): boolean => {
    let found = known.get(id);
    if (found === undefined) {
      known.set(id, false); // an import cycle reads as plain until proven otherwise
      const source = readFileSync(id, 'utf8');
      found =
        /^import\s+\{[^}]*\}\s+from\s+'zod';/m.test(source) ||
        [...source.matchAll(/^import\s+\{[^}]*\}\s+from\s+'(\.[^']+)';/gm)].some(([, relative]) =>
          check(`${path.resolve(path.dirname(id), relative)}.ts`),
        );
      known.set(id, found);
    }
    return found;
  };
  return check;
})();
/** zod, and the contracts modules that declare schemas. */
export const isSchemaModule = (id: string) =>
  /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
  (contractsModule(id) !== null && declaresSchemas(id));
export const isPlainContractsModule = (id: string) =>
  contractsModule(id) !== null && !declaresSchemas(id);
/**
 * Contracts modules only declare constants and schemas: a page that needs BUSINESS must not also
 * download every zod schema through the barrel file.
 */
export const contractsHaveNoSideEffects = (id: string) => !id.startsWith(`${contractsDir}/`);
