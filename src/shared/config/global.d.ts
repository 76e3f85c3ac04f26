// Globals provided outside the bundle: webpack's DefinePlugin (__MOCK__) and /config.js (__APP_CONFIG__).
import type { AppConfig } from './app-config';

declare global {
  const __MOCK__: boolean;
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export {};
