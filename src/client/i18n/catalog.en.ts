import { mergeCatalogs, type Catalog } from './catalogFiles';

/** Every English message: each client area's catalog and the shared one, in one chunk of its own. */
const catalog: Catalog = mergeCatalogs(
  import.meta.glob<Catalog>(['../*/locales/en.json', '../../shared/locales/en.json'], {
    eager: true,
    import: 'default',
  }),
);
export default catalog;
