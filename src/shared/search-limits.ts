/** The longest search the box and the API take. Its own file, so the search box needs no zod schema. */
export const MAX_QUERY_LENGTH = 100;
