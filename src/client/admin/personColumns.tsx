import type { ReactNode } from 'react';
import { numberColumn, TableImage, type Column } from '#client/components/DataTable';
import type { Translate } from '#client/i18n';

interface Person {
  name: string;
  email: string;
  photoURL: string;
}

const HEADERS = {
  buyer: { image: 'admin.person.buyerImage', name: 'admin.person.buyerName' },
  seller: { image: 'admin.person.sellerImage', name: 'admin.person.sellerName' },
} as const;

/** The number, photo, name and email columns of the admin's tables of buyers and sellers. */
export function personColumns<T extends Person>(
  t: Translate,
  role: 'buyer' | 'seller',
  nameCell: (person: T) => ReactNode = (person) => <span translate="no">{person.name}</span>,
): Column<T>[] {
  return [
    numberColumn,
    {
      header: t(HEADERS[role].image),
      kind: 'image',
      cell: (person) => <TableImage src={person.photoURL} alt={t('admin.person.photoOf', { name: person.name })} />,
    },
    { header: t(HEADERS[role].name), kind: 'title', cell: nameCell },
    {
      header: t('admin.email'),
      className: 'text-ink-600 @4xl:whitespace-nowrap',
      cell: (person) => <span translate="no">{person.email}</span>,
    },
  ];
}
