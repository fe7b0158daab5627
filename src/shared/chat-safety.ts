import { toLatinDigits } from './i18n/digits';

/*
 * What a message may carry before the seller accepts a booking. Scams start when a deal leaves the
 * site: an address or a link (a fake payment page) is refused, and a mobile number is sent only
 * when its sender confirms. Shared, so the composer can warn before sending and the server decides.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/iu;
/** A link with a scheme or www., or a bare domain name (name.tld, with an optional path). */
const LINK = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.)([^\s/?#]+)\S*|\b((?:[a-z0-9-]+\.)+(?:[a-z]{2,24}))(?:\/\S*)?/giu;
const SEP = '[\\s.\\-]*';
const DIGITS_AFTER_OPERATOR = `1${SEP}[3-9](?:${SEP}\\d){8}`;
/** 01XXXXXXXXX, or +880 1XXXXXXXXX, with spaces, dots or dashes anywhere between the digits. */
const BD_MOBILE = new RegExp(`(?<!\\d)(?:\\+?${SEP}8${SEP}8${SEP}0${SEP}0?|0${SEP})${DIGITS_AFTER_OPERATOR}(?!\\d)`);

/** Top-level names that words joined by a dot ("ok.thanks") would otherwise look like. */
const TLDS = new Set(
  'com net org info biz io me co bd xyz top site online shop store link app dev ly gl to cc tk ml ga cf gq ru cn in us uk page click live club'.split(
    ' ',
  ),
);

function linkHosts(text: string): string[] {
  const hosts: string[] = [];
  for (const match of text.matchAll(LINK)) {
    const host = (match[1] ?? match[2] ?? '').toLowerCase();
    const tld = host.split('.').at(-1) ?? '';
    // A scheme or www. makes it a link whatever its ending; a bare name needs a known ending.
    if (match[1] !== undefined || TLDS.has(tld)) hosts.push(host.replace(/:\d+$/, ''));
  }
  return hosts;
}

const isOwnHost = (host: string, ownHosts: readonly string[]) =>
  ownHosts.some((own) => host === own || host.endsWith(`.${own}`));

export interface ContactCheck {
  /** An email address or a link off the site: not sent. */
  refused: boolean;
  /** A Bangladeshi mobile number: sent once its sender confirms. */
  hasNumber: boolean;
}

/** What `text` shares; `ownHosts` are PhoneHaat's own (links to them are fine). */
export function checkContacts(text: string, ownHosts: readonly string[]): ContactCheck {
  const hosts = linkHosts(text);
  return {
    refused: EMAIL.test(text) || hosts.some((host) => !isOwnHost(host, ownHosts)),
    hasNumber: BD_MOBILE.test(toLatinDigits(text)),
  };
}

/** PhoneHaat's own names, always allowed in links, with the host the site is served from. */
export const ownHostsOf = (publicHost: string | undefined) => ['phonehaat.com', ...(publicHost ? [publicHost] : [])];
