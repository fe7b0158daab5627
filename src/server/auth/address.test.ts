import { expect, it } from 'vitest';
import { loginAddressOf, networkOf, placeOf } from './address';

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

it('keeps only the network of a session: an IPv4 /24, an IPv6 /48', () => {
  expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
  expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
  expect(networkOf('2001:db8:1:2::99')).toBe('2001:db8:1::/48');
  expect(networkOf('unknown')).toBe('');
  expect(networkOf(undefined)).toBe('');
});

it('names the place of a network as far as its range tells', () => {
  expect(placeOf(networkOf('127.0.0.1'))).toBe('This computer');
  expect(placeOf(networkOf('::1'))).toBe('This computer');
  expect(placeOf(networkOf('192.168.1.20'))).toBe('Local network (192.168.1.0/24)');
  expect(placeOf(networkOf('172.20.3.4'))).toBe('Local network (172.20.3.0/24)');
  expect(placeOf(networkOf('103.4.145.9'))).toBe('Network 103.4.145.0/24');
  expect(placeOf('')).toBe('Unknown network');
});
