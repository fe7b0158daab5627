import Swal from 'sweetalert2';

/**
 * The spec's delete confirmation. Answers true when the user confirms; when they cancel it also
 * tells them nothing was deleted, as every delete in the dashboard does.
 */
export async function confirmDelete(): Promise<boolean> {
  const { isConfirmed, dismiss } = await Swal.fire({
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: 'Yes, delete it!',
    cancelButtonText: 'No, cancel!',
    reverseButtons: true,
    focusCancel: true,
    confirmButtonColor: '#dc2626',
    cancelButtonColor: '#475569',
  });
  if (isConfirmed) return true;
  if (dismiss === Swal.DismissReason.cancel) void Swal.fire('Cancelled', 'Your imaginary file is safe :)', 'error');
  return false;
}

export function showDeleted(): void {
  void Swal.fire('Deleted!', 'Your file has been deleted.', 'success');
}
