/** Whether two addresses name the same account; the server keeps emails trimmed and lowercased. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
