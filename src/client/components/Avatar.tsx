import { useState } from 'react';
import { useT } from '#client/i18n';
import { cx } from './cx';

interface AvatarProps {
  name: string;
  /** A link the person gave; it may be broken or gone, and then the initial shows instead. */
  src: string | null | undefined;
  className?: string;
}

/** A person's photo, or the first letter of their name when there is none or it fails to load. */
export function Avatar({ name, src, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const t = useT();
  const size = cx('size-11 shrink-0 rounded-full', className);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={t('components.avatar.photo', { name })}
        onError={() => setFailedSrc(src)}
        className={cx(size, 'bg-ink-100 object-cover ring-2 ring-white')}
      />
    );
  }
  return (
    // The name is written next to it, so the letter adds nothing for a screen reader.
    <span
      aria-hidden="true"
      data-user-text
      className={cx(size, 'flex items-center justify-center bg-brand-100 text-lg font-semibold text-brand-700')}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
