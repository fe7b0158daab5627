import { expect, it } from 'vitest';
import { loginAddressOf } from './address';

it('keeps IPv4 addresses as they are, also when written as IPv6', () => {
  expect(loginAddressOf('203.0.113.7')).toBe('203.0.113.7');
  expect(loginAddressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
});

it('counts IPv6 addresses by their /64, however they are written', () => {
  const network = '2001:db8:1:2::/64';
  for (const ip of [
    '2001:db8:1:2::1',
    '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
    '2001:DB8:1:2:0:0:0:0',
    '2001:db8:1:2::1%eth0',
  ]) {
    expect(loginAddressOf(ip)).toBe(network);
  }
  expect(loginAddressOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  expect(loginAddressOf('::1')).toBe('0:0:0:0::/64');
  expect(loginAddressOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  expect(loginAddressOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
});

it('leaves anything that is not an address alone', () => {
  expect(loginAddressOf('unknown')).toBe('unknown');
});
