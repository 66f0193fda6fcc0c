import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE is set: the server's own host and network, and
 * the cloud metadata service (169.254.169.254). Otherwise an admin could make the server call into its own network.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  // Carrier-grade NAT (RFC 6598): cloud providers put their internal services here too.
  ['100.64.0.0', 10],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4, v6, or v4 mapped into v6) is loopback, private or link-local. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family === 6) return PRIVATE.check(bare, 'ipv6');
  return false;
}

const isLocalName = (hostname: string) => {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

export const PRIVATE_TARGET =
  'must not be a loopback or private address (localhost, 127.0.0.1, 10.x, 192.168.x, ...): the server would call into its own network';

/**
 * Why a webhook may not be sent to this URL, or null. A name is resolved and every address it has is checked; a
 * name that does not resolve now is let through (it is checked again at each delivery, see `guardedLookup`).
 */
export async function refusedTarget(url: string): Promise<string | null> {
  const { hostname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isLocalName(host)) return PRIVATE_TARGET;
  if (isIP(host)) return isPrivateAddress(host) ? PRIVATE_TARGET : null;
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  return addresses.some((a) => isPrivateAddress(a.address)) ? PRIVATE_TARGET : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of a delivery's connection: the address actually connected to is the one checked, so a name that
 * resolved to a public address when the webhook was made and to 127.0.0.1 now (DNS rebinding) is refused.
 */
export function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) {
      const failure: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to a private address (${refused.address})`,
      );
      failure.code = 'EPRIVATE';
      return callback(failure, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}
