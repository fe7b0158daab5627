import { mergeCatalogs, type Catalog } from './catalogFiles';
// The Bengali font comes with the Bangla messages: the server links its stylesheet on Bangla pages.
import './bengaliFont.css';

/** Every Bangla message: each client area's catalog and the shared one, in one chunk of its own. */
const catalog: Catalog = mergeCatalogs(
  import.meta.glob<Catalog>(['../*/locales/bn.json', '../../shared/locales/bn.json'], {
    eager: true,
    import: 'default',
  }),
);
export default catalog;
