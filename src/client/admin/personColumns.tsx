import type { ReactNode } from 'react';
import { numberColumn, TableImage, type Column } from '#client/components/DataTable';

interface Person {
  name: string;
  email: string;
  photoURL: string;
}

/** The number, photo, name and email columns of the admin's tables of buyers and sellers. */
export function personColumns<T extends Person>(
  role: 'Buyer' | 'Seller',
  nameCell: (person: T) => ReactNode = (person) => person.name,
): Column<T>[] {
  return [
    numberColumn,
    {
      header: `${role} Image`,
      kind: 'image',
      cell: (person) => <TableImage src={person.photoURL} alt={`Photo of ${person.name}`} />,
    },
    { header: `${role} Name`, kind: 'title', cell: nameCell },
    { header: 'Email', className: 'text-ink-600 @4xl:whitespace-nowrap', cell: (person) => person.email },
  ];
}
