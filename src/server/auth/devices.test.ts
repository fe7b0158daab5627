import { expect, it } from 'vitest';
import { browserOf } from './devices';

it('names the browser and system of common User-Agents', () => {
  expect(
    browserOf(
      'Mozilla/5.0 (Linux; Android 13; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ),
  ).toBe('Chrome on Android');
  expect(
    browserOf(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('Safari on iOS');
  expect(
    browserOf(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
    ),
  ).toBe('Edge on Windows');
  expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox on Linux');
  expect(
    browserOf(
      'Mozilla/5.0 (Linux; Android 12; SAMSUNG SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    ),
  ).toBe('Samsung Internet on Android');
  expect(browserOf('curl/8.5.0')).toBe('Unknown browser');
  expect(browserOf('')).toBe('Unknown browser');
});
