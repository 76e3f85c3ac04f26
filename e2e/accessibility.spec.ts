import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { demoPosition } from '../mocks/fixtures/geo';
import { paths } from '../src/shared/config/routes';
import { auditedRoutes, type AuditedRoute } from './audited-routes';
import { expectNoSeriousViolations } from './axe';
import { uniqueUser } from './helpers';
import { registerViaApi, sessionState } from './session';

// axe-core on every route (e2e/audited-routes.ts), signed out and signed in, in the light and the dark
// theme: any serious or critical violation (colour contrast included) fails, listed with its rule,
// impact, help and the selectors of the elements at fault.

type StorageState = Awaited<ReturnType<typeof sessionState>>;

/**
 * Signed-in audits share one account and session per worker, made on first use: the server allows a
 * network only so many registrations an hour, and these pages only read.
 */
const test = base.extend<{ signedIn: boolean }, { workerSession: () => Promise<StorageState> }>({
  workerSession: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext();
      let session: Promise<StorageState> | undefined;
      await use(() => {
        session ??= (async () => {
          const user = uniqueUser();
          await registerViaApi(request, user);
          return sessionState(request, user);
        })();
        return session;
      });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  signedIn: [false, { option: true }],
  storageState: async ({ signedIn, storageState, workerSession }, use) => {
    await use(signedIn ? await workerSession() : storageState);
  },
});

// /location finds the browser where the other journeys put it; motion settled, colours are final.
test.use({
  geolocation: { latitude: demoPosition.latitude, longitude: demoPosition.longitude },
  permissions: ['geolocation'],
  reducedMotion: 'reduce',
});

const describeRoute = (route: AuditedRoute) => `${route.path}${route.state ? ` with ${Object.keys(route.state).join(', ')}` : ''}`;

/** Opens the route; with navigation state, as if the previous step had navigated there with it. */
async function open(page: Page, route: AuditedRoute) {
  if (route.idFrom) {
    const answer = (await (await page.request.get(route.idFrom.list)).json()) as Record<string, Array<Record<string, unknown>>>;
    const record = answer[route.idFrom.key][0];
    const id = ((route.idFrom.field ? record[route.idFrom.field] : record) as { _id: string })._id;
    route = { ...route, path: route.path.replace(':id', encodeURIComponent(id)) };
  }
  await page.goto(route.path);
  if (!route.state) return;
  // Without the state it redirects: let it, then give the address its state and start again.
  await waitUntilRendered(page);
  // The router reads location.state from history.state.usr when it starts.
  await page.evaluate(({ path, state }) => window.history.replaceState({ usr: state, key: 'audit', idx: 0 }, '', path), {
    path: route.path,
    state: route.state,
  });
  await page.reload();
}

/** The page has rendered: its h1 shows, and no spinner, splash or busy region is left. */
async function waitUntilRendered(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.spinner, [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/** The page is drawn in the theme the browser asks for (global.css sets color-scheme with its tokens). */
async function expectTheme(page: Page) {
  const asked = await page.evaluate(() => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  await expect(page.locator('html')).toHaveCSS('color-scheme', asked);
}

async function audit(page: Page, route: AuditedRoute) {
  await open(page, route);
  await waitUntilRendered(page);
  await expectTheme(page);
  // With its state, the screen itself shows (no redirect).
  if (route.state) expect(new URL(page.url()).pathname).toBe(route.path);
  await expectNoSeriousViolations(page, describeRoute(route));
  // Phone first: nothing may push the page wider than the screen (no sideways scrolling).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${describeRoute(route)} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
}

/** The shell's two drawers (dialogs over any page), each audited open. */
async function auditDrawers(page: Page) {
  await page.goto(paths.aboutUs());
  await waitUntilRendered(page);
  await expectTheme(page);
  for (const [opener, title] of [['Open menu', 'Account'], ['Open notifications', 'Notifications']]) {
    await page.getByRole('button', { name: opener }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expect(page.locator('.spinner, [aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousViolations(page, `${paths.aboutUs()} with the ${title} drawer open`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

// Every audit runs in both themes: the system's light and dark preference (the app follows it when the
// device chose nothing in Settings → Appearance); the stored choice itself is tested in theme.spec.ts.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test.describe('signed out', () => {
      for (const route of auditedRoutes.filter((r) => r.access === 'public')) {
        test(`axe: ${describeRoute(route)}`, async ({ page }) => {
          await audit(page, route);
        });
      }

      test('axe: the menu and notifications drawers', async ({ page }) => {
        await auditDrawers(page);
      });
    });

    test.describe('signed in', () => {
      test.use({ signedIn: true });

      for (const route of auditedRoutes) {
        test(`axe: ${describeRoute(route)}`, async ({ page }) => {
          await audit(page, route);
        });
      }

      test('axe: the menu and notifications drawers', async ({ page }) => {
        await auditDrawers(page);
      });
    });
  });
}

test('every route pattern of the route table is audited', () => {
  const table = readFileSync(new URL('../src/app/routes/routes.tsx', import.meta.url), 'utf8');
  const declared = [...table.matchAll(/\bpath:\s*([^,}\n]+?)\s*[,}\n]/g)].map(([, expression]) => expression);
  expect(declared.length, 'route paths read from src/app/routes/routes.tsx').toBeGreaterThan(10);
  const catchAll = declared.includes("'*'");
  const patterns = declared
    .filter((expression) => expression !== "'*'")
    .map((expression) => {
      // Each pattern comes from a builder of shared/config: paths.<name>() or paths.<group>.<name>(':id').
      const call = /^paths\.([\w.]+)\(([^)]*)\)$/.exec(expression);
      if (!call) throw new Error(`Cannot read the route path ${expression} in src/app/routes/routes.tsx`);
      const build = call[1]
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], paths) as (...args: string[]) => string;
      return build(...[...call[2].matchAll(/'([^']*)'/g)].map(([, arg]) => arg));
    });
  const auditedPaths = auditedRoutes.map((route) => route.path.split('?')[0]);
  const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path);
  const missing = patterns.filter((pattern) => !auditedPaths.some((path) => matches(pattern, path)));
  expect(missing, 'route patterns with no entry in e2e/audited-routes.ts').toEqual([]);
  if (catchAll) {
    const unknown = auditedPaths.some((path) => !patterns.some((pattern) => matches(pattern, path)));
    expect(unknown, 'an unknown path in e2e/audited-routes.ts, for the 404 page').toBe(true);
  }
});
