import { numberColumn, TableImage, type Column } from './DataTable';
import { ProductLink } from './ProductLink';
import { translateNow } from '#client/i18n';

interface Phone {
  /** Null once the listing is gone (an old order's): the name is then plain text. */
  id: string | null;
  name: string;
  image: string;
}

/** The number, photo and name (a link to the phone's page) columns of a dashboard table of phones. */
export function phoneColumns<T>(phoneOf: (row: T) => Phone): Column<T>[] {
  return [
    numberColumn,
    {
      header: translateNow('components.phoneColumns.image'),
      kind: 'image',
      cell: (row) => {
        const { name, image } = phoneOf(row);
        return <TableImage src={image} alt={translateNow('components.phoneColumns.photoOf', { name })} />;
      },
    },
    {
      header: translateNow('components.phoneColumns.name'),
      kind: 'title',
      cell: (row) => {
        const { id, name } = phoneOf(row);
        return <ProductLink id={id} name={name} />;
      },
    },
  ];
}
