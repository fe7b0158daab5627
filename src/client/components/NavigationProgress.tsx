import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '#client/i18n';

/** Loads shorter than this show nothing: a bar that flashes on every click is noise. */
const SHOW_AFTER_MS = 150;

/**
 * A thin bar across the top while the next screen's data loads, so a click on a slow connection
 * visibly did something (the old screen stays until the new one is ready).
 */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  const t = useT();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('components.navigation.loading')}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1.2s_ease-in-out_infinite] rounded-full bg-brand-600 motion-reduce:animate-none" />
    </div>
  );
}
