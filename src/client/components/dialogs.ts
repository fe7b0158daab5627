import Swal from 'sweetalert2';
import { buttonClasses } from './Button';
import { translateNow } from '#client/i18n';

/** The app's own buttons rather than the library's purple ones. */
export const appButtons = (confirm: 'primary' | 'danger') => ({
  actions: 'gap-3',
  confirmButton: buttonClasses(confirm),
  cancelButton: buttonClasses('secondary'),
});

/** Alerts and confirmations, styled as the rest of the app. */
export const dialog = Swal.mixin({ buttonsStyling: false, customClass: appButtons('primary') });

interface Confirmation {
  title: string;
  text: string;
  confirmText: string;
  cancelText?: string;
  /** Whether focus goes back where it was when the dialog closes (off when the caller moves it). */
  returnFocus?: boolean;
}

/** Asks before an action that cannot be taken back; answers true when the user confirms. */
export async function confirmAction({
  title,
  text,
  confirmText,
  cancelText = translateNow('components.dialogs.cancel'),
  returnFocus = true,
}: Confirmation): Promise<boolean> {
  const { isConfirmed } = await dialog.fire({
    title,
    text,
    icon: 'question',
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    reverseButtons: true,
    focusCancel: true,
    returnFocus,
  });
  return isConfirmed;
}
