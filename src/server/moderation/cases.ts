import type { Kysely } from 'kysely';
import type { Snapshot, SubjectType } from '#shared/moderation';
import type { Database } from '#server/db/schema';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import { findOpenCase, insertCaseIfNone, insertCaseReport, insertEvidencePhotos } from './repository';

/**
 * What a case keeps of a thing as it was when reported. Photos are upload ids (made into addresses
 * when read, so a change of photo host keeps them); they are kept from housekeeping as evidence.
 */
export type StoredSnapshot =
  | (Exclude<Snapshot, { type: 'listing' }> & { photoIds?: undefined })
  | (Omit<Extract<Snapshot, { type: 'listing' }>, 'photos'> & { photoIds: string[] });

export interface CaseOpening {
  subjectType: SubjectType;
  subjectId: string;
  /** The person the thing belongs to: the listing's seller, the reported sender, the account itself. */
  subjectUserId: string | null;
  /** What the queue calls the thing: a listing's name, a person's name. */
  title: string;
  reason: string;
  note: string | null;
  snapshot: StoredSnapshot;
  /** null for the server's own flag. */
  reporterId: string | null;
}

export const alreadyReported = () =>
  new AppError('ALREADY_EXISTS', serverMessage('server.moderation.error.reportedAlready'));

/**
 * Files one report, or the server's flag, of a thing in `trx`: it joins the thing's open case, or
 * opens one. This is the one entry point of the queue: any kind of subject (a review too) is
 * reported through it. A person reports a thing once (409 after).
 */
export async function openCase(trx: Kysely<Database>, opening: CaseOpening): Promise<{ caseId: string }> {
  const caseId = await openCaseId(trx, opening);
  const reportId = await insertCaseReport(trx, {
    caseId,
    subjectType: opening.subjectType,
    subjectId: opening.subjectId,
    reporterId: opening.reporterId,
    reason: opening.reason,
    note: opening.note || null,
    snapshot: JSON.stringify(opening.snapshot),
  });
  if (!reportId) throw alreadyReported();
  await insertEvidencePhotos(trx, reportId, opening.snapshot.photoIds ?? []);
  return { caseId };
}

async function openCaseId(db: Kysely<Database>, opening: CaseOpening): Promise<string> {
  const open = await findOpenCase(db, opening.subjectType, opening.subjectId);
  if (open) return open.id;
  await insertCaseIfNone(db, opening);
  const made = await findOpenCase(db, opening.subjectType, opening.subjectId);
  if (!made) throw new Error('An open case was neither found nor made');
  return made.id;
}
