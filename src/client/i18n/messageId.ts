/*
 * Every message id the client may show: the keys of each area's English catalog and the shared one.
 * A new area's catalog is added here once, so that its keys type-check (the Bangla catalogs must
 * have the same keys: tests/i18n-catalogs.test.ts).
 */
import type sharedEn from '#shared/locales/en.json';
import type accountsEn from '#client/accounts/locales/en.json';
import type adminEn from '#client/admin/locales/en.json';
import type alertsEn from '#client/alerts/locales/en.json';
import type apiEn from '#client/api/locales/en.json';
import type appEn from '#client/app/locales/en.json';
import type catalogEn from '#client/catalog/locales/en.json';
import type chatEn from '#client/chat/locales/en.json';
import type componentsEn from '#client/components/locales/en.json';
import type dashboardEn from '#client/dashboard/locales/en.json';
import type dealEn from '#client/deal/locales/en.json';
import type helpEn from '#client/help/locales/en.json';
import type i18nEn from '#client/i18n/locales/en.json';
import type layoutsEn from '#client/layouts/locales/en.json';
import type listingsEn from '#client/listings/locales/en.json';
import type moderationEn from '#client/moderation/locales/en.json';
import type notificationsEn from '#client/notifications/locales/en.json';
import type pricingEn from '#client/pricing/locales/en.json';
import type renderEn from '#client/render/locales/en.json';
import type reviewsEn from '#client/reviews/locales/en.json';
import type searchEn from '#client/search/locales/en.json';
import type trustEn from '#client/trust/locales/en.json';

export type MessageId =
  | keyof typeof sharedEn
  | keyof typeof accountsEn
  | keyof typeof adminEn
  | keyof typeof alertsEn
  | keyof typeof apiEn
  | keyof typeof appEn
  | keyof typeof catalogEn
  | keyof typeof chatEn
  | keyof typeof componentsEn
  | keyof typeof dashboardEn
  | keyof typeof dealEn
  | keyof typeof helpEn
  | keyof typeof i18nEn
  | keyof typeof layoutsEn
  | keyof typeof listingsEn
  | keyof typeof moderationEn
  | keyof typeof notificationsEn
  | keyof typeof pricingEn
  | keyof typeof renderEn
  | keyof typeof reviewsEn
  | keyof typeof searchEn
  | keyof typeof trustEn;

/**
 * A catalog prefix that has a message for each of `Parts` (`admin.buyers` for admin.buyers.title,
 * .description, ...), found by the one part `Anchor` every such prefix has: a screen names its texts
 * in one word, and a missing one fails the type check instead of showing its id.
 */
export type TextsWith<Anchor extends string, Parts extends string> = {
  [Id in MessageId]: Id extends `${infer Prefix}.${Anchor}`
    ? `${Prefix}.${Parts}` extends MessageId
      ? Prefix
      : never
    : never;
}[MessageId];
