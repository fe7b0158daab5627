import type { LightMyRequestResponse } from 'fastify';
import { insertResultSchema } from '#shared/common';
import type { Actor } from './actors';
import { callApi } from './harness';

const bookingCall = (productId: string, meetLocation: string, phoneNumber: string) => ({
  method: 'POST' as const,
  url: '/api/store/booking/product',
  payload: { productId, phoneNumber, meetLocation },
});

/** `buyer` asks to book `productId`, answered as it is (a refusal included). */
export const tryBooking = (
  buyer: Actor,
  productId: string,
  meetLocation = 'Dhaka, Mirpur 10',
  phoneNumber = '01711223344',
): Promise<LightMyRequestResponse> => buyer.request(bookingCall(productId, meetLocation, phoneNumber));

/** `buyer` books `productId`, which must succeed; answers the booking's id. */
export async function bookPhone(
  buyer: Actor,
  productId: string,
  meetLocation = 'Dhaka, Mirpur 10',
  phoneNumber = '01711223344',
): Promise<string> {
  const booked = await callApi(buyer, bookingCall(productId, meetLocation, phoneNumber), insertResultSchema, 201);
  return booked.insertedId;
}
