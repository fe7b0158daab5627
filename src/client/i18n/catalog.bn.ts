import { mergeCatalogs, type Catalog } from './catalogFiles';

/** Every Bangla message: each client area's catalog and the shared one, in one chunk of its own. */
const catalog: Catalog = mergeCatalogs(
  import.meta.glob<Catalog>(['../*/locales/bn.json', '../../shared/locales/bn.json'], {
    eager: true,
    import: 'default',
  }),
);
export default catalog;
