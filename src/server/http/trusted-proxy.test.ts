import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { trustedProxy } from './trusted-proxy';

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { compile } = fromFastify('@fastify/proxy-addr') as {
  compile: (addresses: string[]) => (address: string, hop: number) => boolean;
};

const ADDRESSES = [
  '127.0.0.1',
  '127.0.0.2',
  '::ffff:127.0.0.1',
  '::1',
  '10.0.0.2',
  '10.9.8.7',
  '11.0.0.1',
  '192.168.1.1',
  'fe80::1',
  '2001:db8::1',
  '::ffff:10.0.0.2',
  'not an address',
  '',
];

describe('trustedProxy', () => {
  it.each(['127.0.0.1', '10.0.0.2, 10.0.0.0/8', '::1,127.0.0.1', 'loopback', '::ffff:127.0.0.1', '2001:db8::/32'])(
    'trusts what Fastify would trust for %j, address by address',
    (setting) => {
      const fastify = compile(setting.split(',').map((address) => address.trim()));
      const ours = trustedProxy(setting);
      if (ours === false) throw new Error('a setting gave no check');
      for (const address of ADDRESSES) expect([address, ours(address, 0)]).toEqual([address, fastify(address, 0)]);
    },
  );

  it('trusts no proxy without a setting', () => {
    expect(trustedProxy(undefined)).toBe(false);
  });
});
