import { insertResultSchema } from '#shared/common';
import type { Actor } from './actors';
import { callApi } from './harness';

/** `buyer` books `productId`, which must succeed; answers the booking's id. */
export async function bookPhone(
  buyer: Actor,
  productId: string,
  meetLocation = 'Dhaka, Mirpur 10',
  phoneNumber = '01711223344',
): Promise<string> {
  const payload = { productId, phoneNumber, meetLocation };
  const booked = await callApi(
    buyer,
    { method: 'POST', url: '/api/store/booking/product', payload },
    insertResultSchema,
    201,
  );
  return booked.insertedId;
}
