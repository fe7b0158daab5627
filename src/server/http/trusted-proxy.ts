import { createRequire } from 'node:module';

/** Whether the address at a hop of a request's forwarded chain is a proxy whose X-Forwarded-For is believed. */
type Trust = (address: string, hop: number) => boolean;

// The very module Fastify compiles its `trustProxy` string with, resolved from Fastify's own place.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { compile } = fromFastify('@fastify/proxy-addr') as { compile: (addresses: string[]) => Trust };

/**
 * Fastify's `trustProxy` for TRUST_PROXY (comma-separated addresses or ranges), as Fastify makes it
 * from the string, less a parse: the check it compiles reads every address it is asked about with
 * ipaddr.js, and request.ip asks it about the connection's peer on every request (the rate limit
 * reads it each time: about a twenty-fifth of a chat message's CPU). Behind a proxy the peer is
 * nearly always an address written as such in TRUST_PROXY, which is answered by its text; any other
 * goes through the compiled check, so what is trusted does not change.
 */
export function trustedProxy(setting: string | undefined): Trust | false {
  if (!setting) return false;
  const addresses = setting.split(',').map((address) => address.trim());
  const trusts = compile(addresses);
  const written = new Set(addresses.filter((address) => trusts(address, 0)));
  return (address, hop) => written.has(address) || trusts(address, hop);
}
