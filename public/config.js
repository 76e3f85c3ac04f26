// Runtime configuration for `npm run dev:mock` (no server). The server serves its own /config.js.
window.__APP_CONFIG__ = {
  apiUrl: '',
  osrmUrl: 'https://router.project-osrm.org',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  brandName: 'Need Spot',
  supportEmail: 'support@needspot.app',
};
