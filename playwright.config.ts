import { defineConfig } from '@playwright/test';

// The server is started by e2e/global-setup.ts on a free port with a throwaway DATA_DIR;
// it passes the address on through E2E_BASE_URL, which workers inherit.
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A guard against a hung journey, not a speed check: the longest journeys (two travellers, several
  // pages, uploads) took 37 to 47 s on a slow 2-core CI machine, so 45 s cut one off mid-way.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    // Phone first; the shell is also checked at desktop width.
    { name: 'desktop', testMatch: 'shell.spec.ts', use: { viewport: { width: 1280, height: 800 } } },
  ],
});
