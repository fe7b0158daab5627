import { shownReason, type GivenReason as Given } from '#shared/moderation';
import { UserText } from '#client/components/UserText';
import { Msg } from '#client/i18n';
import { useModerationLabels } from './labels';

/**
 * Why a moderator hid a review or a listing: the reason in the reader's language, and the note they
 * wrote as they wrote it (never translated).
 */
export function GivenReason({ given }: { given: Given }) {
  const labels = useModerationLabels();
  const { code, note } = shownReason(given);
  const label = code === null ? null : labels.actionReason(code, code);
  const written = note && <UserText>{note}</UserText>;
  if (label && written) return <Msg id="moderation.givenReason" values={{ reason: label, note: written }} />;
  return <>{label ?? written}</>;
}
