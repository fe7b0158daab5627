import type { Kysely, Transaction } from 'kysely';
import type { ConversationReport, ListingReport, UserReport } from '#shared/moderation';
import { REPORTS_PER_DAY } from '#shared/moderation';
import { findConversation, sideOf } from '#server/chat/repository';
import { isForeignKeyViolation } from '#server/db/errors';
import { findReport, insertReport } from '#server/reports/repository';
import type { Database } from '#server/db/schema';
import type { Deps } from '#server/deps';
import { AppError, forbidden, orNotFound } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { countUse, waitFor } from '#server/limits/counters';
import { findProduct } from '#server/products/repository';
import { productOrAccountGone } from '#server/products/service';
import { findUserById } from '#server/users/repository';
import { openCase } from './cases';
import { conversationTitle } from './titles';
import { conversationSnapshot, listingSnapshot, userSnapshot } from './snapshots';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts a report against the reporter's daily allowance, in the report's transaction. */
export async function countReport(trx: Transaction<Database>, reporterId: string) {
  const counted = await countUse(trx, `reports:${reporterId}`, { max: REPORTS_PER_DAY, windowMs: DAY_MS });
  if (counted.allowed) return;
  throw new AppError(
    'RATE_LIMITED',
    serverMessage('server.moderation.error.reportsPerDay', {
      max: REPORTS_PER_DAY,
      ...waitFor(counted.retryAfterMs),
    }),
  );
}

/**
 * A report of a listing: the spec's report row (the Reported Items screen) and the case's report
 * with its snapshot, in one transaction. Never of one's own listing, never twice.
 */
export async function reportListing(
  deps: Pick<Deps, 'db' | 'interleave'>,
  reporterId: string,
  productId: string,
  { reason, note }: Partial<ListingReport>,
): Promise<string> {
  const { db } = deps;
  const product = orNotFound(await findProduct(db, productId), 'Product');
  if (product.seller_id === reporterId) throw forbidden(serverMessage('server.moderation.error.ownListing'));
  if (await findReport(db, productId, reporterId)) throw alreadyReportedListing();
  await deps.interleave?.('report', db);
  try {
    return await db.transaction().execute(async (trx) => {
      await countReport(trx, reporterId);
      const id = await insertReport(trx, productId, reporterId, reason ?? 'not_given', note ?? null);
      if (!id) throw alreadyReportedListing();
      await openCase(trx, {
        subjectType: 'listing',
        subjectId: productId,
        subjectUserId: product.seller_id,
        title: product.product_name,
        reason: reason ?? 'not_given',
        note: note ?? null,
        snapshot: await listingSnapshot(trx, product),
        reporterId,
      });
      return id;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw await productOrAccountGone(db, productId);
    throw error;
  }
}

const alreadyReportedListing = () =>
  new AppError('ALREADY_EXISTS', serverMessage('server.moderation.error.reportedPhoneAlready'));

/** A report of the other side of one of the caller's conversations, with its last messages as evidence. */
export async function reportConversation(
  db: Kysely<Database>,
  reporterId: string,
  { conversationId, reason, note }: ConversationReport,
): Promise<string> {
  const conversation = orNotFound(await findConversation(db, conversationId), 'Conversation');
  const side = sideOf(conversation, reporterId);
  if (!side) throw forbidden(serverMessage('server.moderation.error.conversationNotYours'));
  const other = side === 'buying' ? conversation.seller_id : conversation.buyer_id;
  const otherUser = other ? await findUserById(db, other) : undefined;
  if (!otherUser) throw new AppError('CONFLICT', serverMessage('server.moderation.error.otherSideDeleted'));
  return db.transaction().execute(async (trx) => {
    await countReport(trx, reporterId);
    const evidence = await conversationSnapshot(trx, conversation, otherUser.id, undefined);
    if (!evidence)
      throw new AppError('CONFLICT', serverMessage('server.moderation.error.nothingWritten', { name: otherUser.name }));
    const { caseId } = await openCase(trx, {
      subjectType: 'conversation',
      subjectId: conversation.id,
      subjectUserId: otherUser.id,
      title: conversationTitle(otherUser.name, conversation.product_name),
      reason,
      note: note ?? null,
      snapshot: evidence.snapshot,
      reporterId,
    });
    return caseId;
  });
}

/** A report of a person (any account but one's own). */
export async function reportUser(
  db: Kysely<Database>,
  reporterId: string,
  { userId, reason, note }: UserReport,
): Promise<string> {
  if (userId === reporterId) throw forbidden(serverMessage('server.moderation.error.reportYourself'));
  const user = orNotFound(await findUserById(db, userId), 'User');
  return db.transaction().execute(async (trx) => {
    await countReport(trx, reporterId);
    const { caseId } = await openCase(trx, {
      subjectType: 'user',
      subjectId: user.id,
      subjectUserId: user.id,
      title: user.name,
      reason,
      note: note ?? null,
      snapshot: await userSnapshot(trx, user),
      reporterId,
    });
    return caseId;
  });
}
