import type { StoreProductRequest } from '#shared/products';
import { CATEGORY_CATALOGUE } from './categories';

/*
 * Data factories shared by the demo seed and the tests, so both build the same kinds of records.
 * They return what a client would send, never database rows.
 */

const FIRST_NAMES = ['Rahim', 'Karim', 'Nusrat', 'Farhana', 'Tanvir', 'Sadia', 'Arif', 'Mitu', 'Jahid', 'Ruma'];
const LAST_NAMES = ['Uddin', 'Ahmed', 'Islam', 'Hossain', 'Akter', 'Rahman', 'Chowdhury', 'Sarker'];

export function demoPerson(n: number, role: 'buyer' | 'seller') {
  const name = `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n * 3) % LAST_NAMES.length]}`;
  return { name, role, photoURL: `https://i.pravatar.cc/150?u=${role}${n}` };
}

const MODELS: Record<string, Array<[model: string, original: number]>> = {
  iPhone: [
    ['iPhone 12', 95000],
    ['iPhone 13 Pro', 145000],
    ['iPhone 11', 72000],
    ['iPhone XR', 55000],
  ],
  Samsung: [
    ['Galaxy S21', 89000],
    ['Galaxy A52', 38000],
    ['Galaxy Note 20', 110000],
    ['Galaxy M32', 24000],
  ],
  Xiaomi: [
    ['Redmi Note 11', 21000],
    ['POCO X3 Pro', 27000],
    ['Mi 11 Lite', 33000],
  ],
  Realme: [
    ['Realme 8', 23000],
    ['narzo 50', 17000],
    ['Realme GT Master', 36000],
  ],
  OnePlus: [
    ['OnePlus 9', 69000],
    ['OnePlus Nord 2', 42000],
  ],
  'Google Pixel': [
    ['Pixel 6', 75000],
    ['Pixel 4a', 39000],
  ],
};
const LOCATIONS = ['Rangpur', 'Dhaka, Mirpur', 'Chattogram', 'Sylhet', 'Rajshahi', 'Khulna', 'Dhaka, Uttara', 'Bogura'];
const CONDITIONS = ['Exellent', 'Good', 'Fair'] as const;

/** The n-th listing in a category, with everything the Add Product form asks for except the photo. */
export function demoListing(
  n: number,
  categoryIndex = n % CATEGORY_CATALOGUE.length,
): Omit<StoreProductRequest, 'productImg'> & { caption: string; hue: number } {
  const category = CATEGORY_CATALOGUE[categoryIndex % CATEGORY_CATALOGUE.length]!;
  const models = MODELS[category.name]!;
  const [model, original] = models[n % models.length]!;
  const year = 2019 + (n % 5);
  const condition = CONDITIONS[n % CONDITIONS.length]!;
  const resale = Math.round((original * (0.45 + (n % 4) * 0.08)) / 500) * 500;
  return {
    productName: model,
    brand: category.name === 'iPhone' ? 'Apple' : category.name.replace('Google Pixel', 'Google'),
    category_id: category.id,
    originalPrice: original,
    resalePrice: resale,
    yearOfPurchase: year,
    productCondition: condition,
    sellerMobile: `+880 17${String(10000000 + n * 7919).slice(-8)}`,
    location: LOCATIONS[n % LOCATIONS.length]!,
    description: `${model} bought in ${year}, ${condition === 'Exellent' ? 'no scratches at all' : condition === 'Good' ? 'light marks on the frame' : 'visible wear but works perfectly'}. Comes with the original box and charger. Battery holds a full day.`,
    caption: model,
    hue: (category.hue + n * 37) % 360,
  };
}
