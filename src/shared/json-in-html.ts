/** A JSON value to put inside a `<script>` element: `<` escaped, so nothing in it can end the element early. */
export const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
