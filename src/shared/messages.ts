/** The product spec's own texts, spelled exactly as the spec spells them (odd spellings included). */
export const messages = {
  loginEmailRequired: 'Email is required !',
  loginPasswordRequired: 'Password is required !',
  registerNameRequired: ' Name is required !',
  registerEmailRequired: ' Email url is required !',
  registerPasswordRequired: ' Password  is required !',
  registerRoleRequired: 'User role is required !',
  productNameRequired: 'Provide your proudct name',
  brandRequired: 'Please provide Brand Name',
  originalPriceRequired: 'Please enter originalPrice',
  resalePriceRequired: 'Please enter Resale Price',
  yearRequired: 'Please enter purches year',
  conditionRequired: 'select your product Condition',
  sellerMobileRequired: 'Please provide seller mobile number',
  locationRequired: 'Please provide location info',
  productImgRequired: 'Please Choose product image',
  descriptionRequired: 'Please add product description',

  verificationApplied: 'verification apply succes, wait untill it done',
  productBooked: 'Product Booked Success !',
  buyerDeleted: 'Buyer deleted successfully',
  sellerDeleted: 'Seller deleted successfully',
  sellerVerified: 'Seller virified succeess !',
  sellerVerificationSuccess: 'Seller verification success',
  productAdvertised: 'Product Advertise Success',
  productAdded: 'Product Added Successfully',
  loginSuccess: 'User login success',
  registerSuccess: 'User register success',
  logoutSuccess: 'User logout success ',
  reportedProductDeleted: 'Reported product deleted successfully',
} as const;

/**
 * The same messages as catalog ids (`src/shared/locales`), for the schemas: a schema's message is
 * an id the client and the API show in the reader's language; the catalog's English is the text above.
 */
export const messageIds = Object.fromEntries(Object.keys(messages).map((key) => [key, `shared.messages.${key}`])) as {
  readonly [K in keyof typeof messages]: `shared.messages.${K}`;
};

export const PRODUCT_NAME = 'PhoneHaat';
export const CURRENCY = 'Tk';
