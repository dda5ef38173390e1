import { isIP } from 'node:net';
import Bowser from 'bowser';

/** "Chrome 131 on Android", from a User-Agent; "Unknown browser" when it says nothing useful. */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ''}`
    : 'Unknown browser';
  const os = parsed.os.name;
  return os ? `${browser} on ${os}` : browser;
}

/**
 * Where a sign-in came from, as near as is known without a location database (none is bundled:
 * docs/adr/0120): this machine, the local network, or the address's network (its last part
 * hidden, so the list names a network, not a household).
 */
export function describePlace(ip: string): string {
  const address = ip.replace(/^::ffff:/, '');
  if (!isIP(address)) return 'Unknown network';
  if (address === '127.0.0.1' || address === '::1') return 'This computer (local)';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|f[cd]|fe80:)/i.test(address))
    return 'Local network';
  if (isIP(address) === 4) return `Network ${address.split('.').slice(0, 3).join('.')}.x`;
  return `Network ${address.split(':').slice(0, 3).join(':')}::`;
}
