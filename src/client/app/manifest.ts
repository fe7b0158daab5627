import type { ManifestOptions } from 'vite-plugin-pwa';
// A relative import: vite.config.ts loads this file before its aliases exist.
// eslint-disable-next-line house/alias-across-areas
import { paths } from '../../shared/paths';

/** The installed app's icons, drawn by scripts/app-icons.ts. */
const icon = (name: string, size: number, purpose?: 'maskable') => ({
  src: `/icons/${name}`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  ...(purpose ? { purpose } : {}),
});

/** The web app manifest (docs/app.md): what a phone shows for PhoneHaat once it is installed. */
export const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'PhoneHaat: used phones you can trust',
  short_name: 'ফোনহাট',
  description: 'Buy and sell used mobile phones in Bangladesh from verified sellers, with prices in Tk.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#f7f8fa',
  theme_color: '#0d7f76',
  categories: ['shopping'],
  icons: [icon('icon-192.png', 192), icon('icon-512.png', 512), icon('maskable-512.png', 512, 'maskable')],
  shortcuts: [
    { name: 'Sell your phone', short_name: 'Sell', url: paths.addProduct, icons: [icon('shortcut-sell.png', 96)] },
    { name: 'Inbox', url: paths.inbox, icons: [icon('shortcut-inbox.png', 96)] },
    // "My alerts" (saved searches) lives at this path (docs/alerts.md).
    { name: 'My alerts', short_name: 'Alerts', url: '/dashboard/alerts', icons: [icon('shortcut-alerts.png', 96)] },
  ],
};
