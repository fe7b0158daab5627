import { Msg, type MessageId } from '#client/i18n';

/**
 * What a phone graded For parts is, in red: among its page's checks, and above the tick in the
 * booking and offer dialogs.
 */
export function PartsNotice({ message }: { message: MessageId }) {
  return (
    <p className="rounded-control bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
      <Msg id={message} />
    </p>
  );
}
