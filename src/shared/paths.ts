/**
 * The web client's screens that other places point at: the dashboard menu and router read them,
 * and the server writes them into notifications' links.
 */
export const paths = {
  dashboard: '/dashboard',
  myOrders: '/dashboard/myorders',
  myProducts: '/dashboard/myproducts',
  bookingRequests: '/dashboard/bookingrequests',
  product: (id: string) => `/productId/${id}`,
} as const;
