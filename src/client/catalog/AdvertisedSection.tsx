import { useShownProducts } from '#client/chat/api/chat';
import { useAdvertisedProducts } from './api/products';
import { ProductCard } from '#client/components/ProductCard';
import { Section } from '#client/components/Section';
import { useT } from '#client/i18n';

/** Shown only when sellers have advertised something; while it loads, and on failure, nothing shows. */
export function AdvertisedSection() {
  const t = useT();
  const products = useShownProducts(useAdvertisedProducts().data ?? []);
  if (!products.length) return null;
  return (
    <div className="bg-white">
      <Section title={t('catalog.advertised.title')} lead={t('catalog.advertised.lead')}>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4">
          {products.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
