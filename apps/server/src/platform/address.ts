import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Which addresses the server's outgoing requests may reach (feeds and data sources, webhooks). Link-local
 * and unspecified addresses never: a cloud machine's metadata service (169.254.169.254) answers there.
 * Private ones (loopback, RFC 1918, unique-local, carrier-grade NAT) only when the caller allows them:
 * a data source on the office network is fine, a tenant's webhook reaching the server's own network is not
 * (unless the platform's setting says so).
 */

const forbidden = new BlockList();
forbidden.addSubnet("169.254.0.0", 16, "ipv4");
forbidden.addSubnet("0.0.0.0", 8, "ipv4");
forbidden.addSubnet("fe80::", 10, "ipv6");
forbidden.addAddress("::", "ipv6");

const privateRanges = new BlockList();
privateRanges.addSubnet("127.0.0.0", 8, "ipv4");
privateRanges.addSubnet("10.0.0.0", 8, "ipv4");
privateRanges.addSubnet("172.16.0.0", 12, "ipv4");
privateRanges.addSubnet("192.168.0.0", 16, "ipv4");
privateRanges.addSubnet("100.64.0.0", 10, "ipv4");
privateRanges.addAddress("::1", "ipv6");
privateRanges.addSubnet("fc00::", 7, "ipv6");

/** An address as BlockList checks it: IPv4-mapped IPv6 addresses as IPv4. */
function family(address: string): { at: string; type: "ipv4" | "ipv6" } | null {
  const v4 = address.replace(/^::ffff:/i, "");
  if (isIP(v4) === 4) return { at: v4, type: "ipv4" };
  if (isIP(address) === 6) return { at: address, type: "ipv6" };
  return null;
}

/** Link-local and unspecified addresses: never reached. */
export function isForbiddenAddress(address: string): boolean {
  const a = family(address);
  return a !== null && forbidden.check(a.at, a.type);
}

/** Loopback, private, unique-local and shared (CGNAT) addresses. */
export function isPrivateAddress(address: string): boolean {
  const a = family(address);
  return a !== null && privateRanges.check(a.at, a.type);
}

/** Why an address may not be reached, or null when it may. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  if (isForbiddenAddress(address)) return `the address ${address} is not allowed`;
  if (!allowPrivate && isPrivateAddress(address)) return `the private address ${address} is not allowed`;
  return null;
}

/**
 * Why the host of `url` may not be reached (it is, or resolves to, a refused address), or null. A host
 * that does not resolve answers its resolver's code.
 */
export async function hostRefusal(url: URL, allowPrivate: boolean): Promise<string | null> {
  let addresses: string[];
  try {
    addresses = await hostAddresses(url);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  }
  for (const address of addresses) {
    const why = addressRefusal(address, allowPrivate);
    if (why) return why;
  }
  return null;
}

/** The addresses the host of `url` is (a literal IP) or resolves to; throws the resolver's error. */
export async function hostAddresses(url: URL): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return [host];
  return (await lookup(host, { all: true })).map((a) => a.address);
}

/**
 * A `lookup` for node's http(s).request that refuses the addresses it resolves to, so that the address
 * connected to is the one checked (a name answering a public address at the check and a private one at
 * the connection, DNS rebinding, is refused). Literal IP hosts bypass lookup: check them with hostRefusal.
 */
export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, family: options.family as 0 | 4 | 6 | undefined })
      .then((found) => {
        for (const a of found) {
          const why = addressRefusal(a.address, allowPrivate);
          if (why) {
            callback(Object.assign(new Error(why), { code: "EADDRREFUSED" }), "", 0);
            return;
          }
        }
        if (options.all) callback(null, found as never);
        else {
          const first = found[0];
          if (!first) callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 0);
          else callback(null, first.address, first.family);
        }
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, "", 0));
  };
}
