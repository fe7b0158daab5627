import type { ReactNode } from 'react';

/**
 * Text a person wrote (a name, a message, a place): never translated, so it is marked for the
 * browser's translator and for the tests that look for text missing from the catalogs.
 */
export function UserText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span translate="no" data-user-text className={className}>
      {children}
    </span>
  );
}
