import Swal from 'sweetalert2';
import { appButtons, dialog } from './dialogs';

/**
 * The spec's delete confirmation. Answers true when the user confirms; when they cancel it also
 * tells them nothing was deleted, as every delete in the dashboard does.
 */
export async function confirmDelete(): Promise<boolean> {
  const { isConfirmed, dismiss } = await dialog.fire({
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: 'Yes, delete it!',
    cancelButtonText: 'No, cancel!',
    reverseButtons: true,
    focusCancel: true,
    customClass: appButtons('danger'),
  });
  if (isConfirmed) return true;
  if (dismiss === Swal.DismissReason.cancel) void dialog.fire('Cancelled', 'Your imaginary file is safe :)', 'error');
  return false;
}

/** When someone else deleted the row first: the delete found nothing, and the refreshed list shows it gone. */
export const ALREADY_DELETED = 'It was already deleted.';

export function showDeleted(): void {
  void dialog.fire('Deleted!', 'Your file has been deleted.', 'success');
}
