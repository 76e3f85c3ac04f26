// Runtime settings come from /config.js (served by the server), so one build serves every deployment.
export interface AppConfig {
  /** Backend origin, '' when the SPA and the API share an origin. */
  apiUrl: string;
  osrmUrl: string;
  tileUrl: string;
  brandName: string;
  supportEmail: string;
}

const defaults: AppConfig = {
  apiUrl: '',
  osrmUrl: 'https://router.project-osrm.org',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  brandName: 'Need Spot',
  supportEmail: 'support@needspot.app',
};

export function getAppConfig(): AppConfig {
  const runtime = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  const merged = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof AppConfig)[]) {
    const value = runtime?.[key];
    if (typeof value === 'string' && (value !== '' || key === 'apiUrl')) merged[key] = value;
  }
  return merged;
}

/** Origin the API and uploaded files live on; absolute even when apiUrl is '' (fetch under jest needs it). */
export function getBackendOrigin(): string {
  const { apiUrl } = getAppConfig();
  return (apiUrl || window.location.origin).replace(/\/+$/, '');
}

/** Server-relative paths (profile images, uploads) become absolute backend URLs; absolute ones pass through. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${getBackendOrigin()}/${path.replace(/^\/+/, '')}`;
}
