import type { Kysely } from 'kysely';
import {
  PUSHED_NOTIFICATION_KINDS,
  pushedKindLabels,
  type PushSettings,
  type PushSubscriptionRequest,
  type UpdatePushSettingsRequest,
} from '#shared/push';
import { isThisMachine, type Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { optedOutKinds, settingsUpdate } from '#server/notifications/opt-outs';
import { countSubscriptions, hasSubscription, saveSubscription, type SubscriptionOwner } from './repository';

/**
 * Browsers' push services are https addresses with a name. The server posts to whatever address a
 * subscription names, so it takes no other: not plain http (but on a server that runs on this
 * machine only, where the tests' fake push service listens), nor a bare IP address, which would let
 * anyone make the server post into its own network.
 */
export function isAcceptedEndpoint(config: Pick<Config, 'PUBLIC_URL'>, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'http:') return isThisMachine(config.PUBLIC_URL) && isThisMachine(endpoint);
  const host = url.hostname;
  return !(host === 'localhost' || host.startsWith('[') || /^[\d.]+$/.test(host));
}

export async function subscribe(
  deps: { db: Kysely<Database>; config: Pick<Config, 'PUBLIC_URL'> },
  owner: SubscriptionOwner,
  subscription: PushSubscriptionRequest,
): Promise<void> {
  if (!isAcceptedEndpoint(deps.config, subscription.endpoint)) {
    throw new AppError('VALIDATION_FAILED', serverMessage('server.push.error.unreachable'), {
      endpoint: serverMessage('server.push.error.notPushAddress'),
    });
  }
  await saveSubscription(deps.db, owner, subscription);
}

export async function pushSettingsOf(db: Kysely<Database>, userId: string, endpoint?: string): Promise<PushSettings> {
  const [off, devices, thisDevice] = await Promise.all([
    optedOutKinds(db, 'push_opt_outs', userId),
    countSubscriptions(db, userId),
    endpoint ? hasSubscription(db, userId, endpoint) : false,
  ]);
  return {
    kinds: PUSHED_NOTIFICATION_KINDS.map((kind) => ({ kind, label: pushedKindLabels[kind], push: !off.has(kind) })),
    devices,
    thisDevice,
  };
}

export const updatePushSettings = settingsUpdate<UpdatePushSettingsRequest, PushSettings>(
  'push_opt_outs',
  pushSettingsOf,
);
