import { useId, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { CloseButton, Dialog } from './Dialog';
import { useOptionalT, useT, type MessageId, type TextsWith } from '#client/i18n';

/** A prefix whose messages are a dialog's title (`<prefix>.title`) and, where it has one, its description. */
export type DialogTexts = TextsWith<'title', 'title'>;

/** The dialog's title and description: given, or its own messages by prefix (as InputField's texts). */
type ModalTextProps =
  | { texts: DialogTexts; title?: never; description?: never }
  | { texts?: never; title: string; description?: ReactNode };

type ModalProps = ModalTextProps & {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
};

/**
 * A titled dialog with a close button. showModal() focuses the first focusable element (the close
 * button); content that wants focus elsewhere takes it itself.
 */
export function Modal({ open, onClose, texts, title, description, children, className }: ModalProps) {
  const t = useT();
  const optionalT = useOptionalT();
  // DialogTexts guarantees `${texts}.title` is a message; TypeScript cannot follow that through the template.
  const heading = texts ? t(`${texts}.title` as MessageId) : title;
  const lead = texts ? optionalT(`${texts}.description`) : description;
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      className={cx(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-card bg-white p-0 text-ink-800 shadow-raised backdrop:bg-ink-950/50 backdrop:backdrop-blur-[2px]',
        className,
      )}
    >
      <div className="p-6 sm:p-7">
        <div className="mb-5 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {heading}
            </h2>
            {lead && <div className="mt-1 text-sm text-ink-500">{lead}</div>}
          </div>
          <CloseButton label={t('components.dialog.close')} onClick={onClose} />
        </div>
        {children}
      </div>
    </Dialog>
  );
}

interface DialogActionsProps {
  /** The way out, which leaves everything as it was. */
  cancelText: ReactNode;
  onCancel: () => void;
  /** What the dialog asks about (reject, send, cancel the deal): a danger button. */
  confirmText: ReactNode;
  busy: boolean;
  disabled?: boolean;
  /** Without it the button submits the dialog's form. */
  onConfirm?: () => void;
  className?: string;
}

/** A dialog's last row: the way out and the action it asks about, stacked on phones with the action on top. */
export function DialogActions({
  cancelText,
  onCancel,
  confirmText,
  busy,
  disabled,
  onConfirm,
  className,
}: DialogActionsProps) {
  return (
    <div className={cx('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {cancelText}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="danger"
        disabled={disabled}
        loading={busy}
        onClick={onConfirm}
      >
        {confirmText}
      </Button>
    </div>
  );
}
