import Swal from 'sweetalert2';
import { appButtons, dialog } from './dialogs';
import { translateNow } from '#client/i18n';

/**
 * The spec's delete confirmation. Answers true when the user confirms; when they cancel it also
 * tells them nothing was deleted, as every delete in the dashboard does.
 */
export async function confirmDelete(): Promise<boolean> {
  const { isConfirmed, dismiss } = await dialog.fire({
    title: translateNow('components.confirmDelete.title'),
    text: translateNow('components.confirmDelete.text'),
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: translateNow('components.confirmDelete.confirm'),
    cancelButtonText: translateNow('components.confirmDelete.cancel'),
    reverseButtons: true,
    focusCancel: true,
    customClass: appButtons('danger'),
  });
  if (isConfirmed) return true;
  if (dismiss === Swal.DismissReason.cancel)
    void dialog.fire(
      translateNow('components.confirmDelete.cancelledTitle'),
      translateNow('components.confirmDelete.cancelledText'),
      'error',
    );
  return false;
}

/** When someone else deleted the row first: the delete found nothing, and the refreshed list shows it gone. */
export const alreadyDeletedText = () => translateNow('components.confirmDelete.alreadyDeleted');

export function showDeleted(): void {
  void dialog.fire(
    translateNow('components.confirmDelete.deletedTitle'),
    translateNow('components.confirmDelete.deletedText'),
    'success',
  );
}
