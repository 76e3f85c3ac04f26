import type { AppConfig } from '@/shared/config';

/** Writes the page's config block as the server does (src/shared/config/app-config.ts reads it). */
export function setAppConfig(config: Partial<AppConfig> | string | undefined): void {
  document.getElementById('app-config')?.remove();
  if (config === undefined) return;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'app-config';
  block.textContent = typeof config === 'string' ? config : JSON.stringify(config);
  document.head.append(block);
}

/** Reads the config block back (to restore it after a test that changes it). */
export const currentAppConfig = (): string | undefined => document.getElementById('app-config')?.textContent ?? undefined;
