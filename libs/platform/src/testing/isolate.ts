import { useIsolatedStack } from './index';

/**
 * Import this first in an integration test file: it gives the file its own database and NATS
 * prefix before any module reads the environment (RPC subjects are fixed when classes load).
 */
export const testStack = useIsolatedStack();
