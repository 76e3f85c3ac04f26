import { useOnline } from '@/shared/lib/online';
import './pwa.css';

/**
 * Says plainly that the app is offline, on every route, while the browser has no connection.
 * `atTop`: on the screens without the header (login, registration).
 */
export function OfflineBanner({ atTop = false }: { atTop?: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={atTop ? 'offline-banner offline-banner--top' : 'offline-banner'} role="status">
      <svg className="offline-banner__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M2 2l20 20M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.3-1.6M1.4 9a15 15 0 0 1 4.2-2.6M22.6 9A15 15 0 0 0 10.7 5.1M12 20h.01" />
      </svg>
      <p className="offline-banner__text">
        You are offline. What you have already seen stays readable, and what you send goes out when you are back online.
      </p>
    </div>
  );
}
