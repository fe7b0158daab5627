/**
 * Whether a form on the page holds input not yet sent: typed into since it was shown, and neither
 * submitted nor reset since. A new version of the app never reloads over it (docs/app.md).
 */
const edited = new Set<HTMLFormElement>();

export function watchUnsavedInput(doc: Document = document): void {
  doc.addEventListener('input', (event) => {
    const form = (event.target as HTMLInputElement | null)?.form;
    if (form) edited.add(form);
  });
  for (const type of ['submit', 'reset']) {
    doc.addEventListener(type, (event) => edited.delete(event.target as HTMLFormElement));
  }
}

export function hasUnsavedInput(): boolean {
  for (const form of edited) if (!form.isConnected) edited.delete(form);
  return edited.size > 0;
}
