import { useSyncExternalStore } from 'react';
import { readString, removeItem, writeString } from '../storage';

/** What the device chose in Settings → Appearance. 'system' follows prefers-color-scheme. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/**
 * The localStorage key of a device's choice, kept only for Light or Dark: with System nothing is
 * stored, and the CSS alone follows the system (global.css's prefers-color-scheme block).
 */
export const THEME_KEY = 'theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The browser's own bars (<meta name="theme-color">) in each theme: the brand teal of index.html in
 * the light theme, the page's background (global.css --color-bg) in the dark one.
 */
export const THEME_COLORS: Readonly<Record<Theme, string>> = { light: '#0f766e', dark: '#0f172a' };

const isChoice = (value: unknown): value is ThemeChoice => THEME_CHOICES.includes(value as ThemeChoice);

/** The stored choice; none (or anything else) is 'system'. */
export function readThemeChoice(): ThemeChoice {
  const stored = readString(THEME_KEY);
  return isChoice(stored) ? stored : 'system';
}

// Read at call time (not once at module load) so a change of the setting, and a test's stub, count.
const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;

/** The theme the system asks for. */
export function systemTheme(): Theme {
  return darkQuery()?.matches ? 'dark' : 'light';
}

export function resolveTheme(choice: ThemeChoice): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

// The choice in effect: what was stored, or what was chosen since (kept here too, so a choice
// shows for the visit when storage refuses it, in a private window for instance).
let current: ThemeChoice | null = null;
const listeners = new Set<() => void>();

/** The choice in effect on this device. */
export function getThemeChoice(): ThemeChoice {
  current ??= readThemeChoice();
  return current;
}

/**
 * Puts a choice on the page: <html data-theme> for Light or Dark (global.css's dark tokens follow
 * it), none for System (the prefers-color-scheme block then decides, without any script), and the
 * browser bars' colour for the theme that results.
 */
export function applyTheme(choice: ThemeChoice = getThemeChoice()): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
  const color = THEME_COLORS[resolveTheme(choice)];
  const metas = document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]');
  if (metas.length === 0) {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = color;
    document.head.append(meta);
  }
  metas.forEach((meta) => {
    meta.content = color;
  });
}

const notify = () => listeners.forEach((listener) => listener());

/** Settings → Appearance: stores the choice on this device (nothing for System) and applies it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  current = choice;
  if (choice === 'system') removeItem(THEME_KEY);
  else writeString(THEME_KEY, choice);
  applyTheme(choice);
  notify();
}

let stopFollowing: (() => void) | null = null;

/**
 * The app's first module calls this, before React and the first render: reads the device's choice,
 * applies it, and from then on follows a change of the system's theme (the browser bars' colour)
 * and a choice made in another tab of the app (the storage event). Calling it again re-reads the
 * stored choice (a test's "reload").
 */
export function startTheme(): void {
  current = readThemeChoice();
  applyTheme(current);
  notify();
  if (stopFollowing || typeof window === 'undefined') return;
  const onSystemChange = () => applyTheme();
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the storage (a logout there keeps the theme: see session-storage).
    if (event.key !== THEME_KEY && event.key !== null) return;
    current = readThemeChoice();
    applyTheme(current);
    notify();
  };
  const query = darkQuery();
  query?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  stopFollowing = () => {
    query?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
    stopFollowing = null;
  };
}

/** Stops what startTheme follows (tests). */
export function stopTheme(): void {
  stopFollowing?.();
  current = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's theme choice for a component, kept current, with the function that changes it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, getThemeChoice, () => 'system' as const);
  return [choice, setThemeChoice];
}
