import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeMatchMedia } from '@test-utils/match-media';
import { readThemeChoice, setThemeChoice, startTheme, stopTheme, THEME_COLORS, THEME_KEY } from '.';

const originalMatchMedia = window.matchMedia;
const root = document.documentElement;
const themeColor = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content;

/** A system that asks for the dark theme (or not). */
const systemPrefers = (dark: boolean) => {
  window.matchMedia = fakeMatchMedia((query) => dark && query === '(prefers-color-scheme: dark)');
};

beforeEach(() => {
  document.head.innerHTML = '<meta name="theme-color" content="#0f766e" />';
  root.removeAttribute('data-theme');
});
afterEach(() => {
  stopTheme();
  window.matchMedia = originalMatchMedia;
});

it('applies the stored choice at start: <html data-theme> and the browser bars\' colour', () => {
  systemPrefers(false);
  localStorage.setItem(THEME_KEY, 'dark');
  startTheme();
  expect(root).toHaveAttribute('data-theme', 'dark');
  expect(themeColor()).toBe(THEME_COLORS.dark);
});

it('with no choice stored (System) sets no attribute, so the CSS follows prefers-color-scheme, and colours the bars for the system\'s theme', () => {
  systemPrefers(true);
  startTheme();
  expect(readThemeChoice()).toBe('system');
  expect(root).not.toHaveAttribute('data-theme');
  expect(themeColor()).toBe(THEME_COLORS.dark);

  stopTheme();
  systemPrefers(false);
  startTheme();
  expect(themeColor()).toBe(THEME_COLORS.light);
});

it('a stored value that is no choice counts as System', () => {
  localStorage.setItem(THEME_KEY, 'purple');
  startTheme();
  expect(readThemeChoice()).toBe('system');
  expect(root).not.toHaveAttribute('data-theme');
});

it('stores Light and Dark, and nothing for System', () => {
  startTheme();
  setThemeChoice('light');
  expect(localStorage.getItem(THEME_KEY)).toBe('light');
  expect(root).toHaveAttribute('data-theme', 'light');
  setThemeChoice('system');
  expect(localStorage.getItem(THEME_KEY)).toBeNull();
  expect(localStorage.length).toBe(0);
  expect(root).not.toHaveAttribute('data-theme');
});

it('follows a choice made in another tab (the storage event)', () => {
  systemPrefers(false);
  startTheme();
  localStorage.setItem(THEME_KEY, 'dark');
  window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' }));
  expect(root).toHaveAttribute('data-theme', 'dark');
  expect(themeColor()).toBe(THEME_COLORS.dark);
});

it('global.css declares the same dark theme for a dark system and for the Dark choice', () => {
  const css = readFileSync(path.join(__dirname, '../../../app/styles/global.css'), 'utf8');
  const blocks = [...css.matchAll(/\/\* dark-theme:start \*\/([\s\S]*?)\/\* dark-theme:end \*\//g)].map(([, body]) =>
    body.split('\n').map((line) => line.trim()).filter(Boolean).join('\n'),
  );
  expect(blocks).toHaveLength(2);
  expect(blocks[0]).toContain('color-scheme: dark;');
  expect(blocks[1]).toBe(blocks[0]);
  // The two blocks' selectors: the system's dark unless Light was chosen, and the Dark choice.
  expect(css).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme='light'\]\) \{\s*\/\* dark-theme:start/);
  expect(css).toMatch(/:root\[data-theme='dark'\] \{\s*\/\* dark-theme:start/);
  // Every token the light theme sets, the dark one sets too.
  const light = css.slice(css.indexOf(':root {'), css.indexOf('@media (prefers-color-scheme: dark)'));
  const colourTokens = (text: string) => [...text.matchAll(/^\s*(--(?:color|tint|map)-[\w-]+):/gm)].map(([, name]) => name).sort();
  expect(colourTokens(blocks[0])).toEqual(colourTokens(light));
});
