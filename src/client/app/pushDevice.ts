import type { PushSubscriptionRequest } from '#shared/push';
import { dropSubscription, fetchPushKey, sendSubscription } from './api/push';

/**
 * This browser's side of Web Push (docs/app.md). The browser's permission question comes only from
 * `turnOnPush`, which runs when the person said yes in the app ("Turn on"), never as a page loads.
 */
export const canPush = (): boolean =>
  import.meta.env.PROD &&
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!canPush()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export type TurnOnResult = 'on' | 'blocked';

export async function turnOnPush(): Promise<TurnOnResult> {
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await fetchPushKey();
  const key = base64UrlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // One made with another key (the server's keys were made anew) cannot be pushed to.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await sendSubscription(subscription.toJSON() as PushSubscriptionRequest);
  return 'on';
}

/** Stops the pushes to this browser, on the server and in the browser. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await dropSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer) return false;
  const other = new Uint8Array(buffer);
  return other.length === bytes.length && other.every((byte, i) => byte === bytes[i]);
}
