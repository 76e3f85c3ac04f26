import { expect, test, type Page } from '@playwright/test';

// The map against the real server, with Playwright's geolocation emulation and the OSRM and tile
// stub of e2e/global-setup.ts (mocks/osrm-stub.ts), which also tells what it was asked.

interface OsrmRequest {
  profile: string;
  waypoints: Array<[number, number]>;
  at: number;
}

const calangute: [number, number] = [73.7553, 15.5439];
const mapusa: [number, number] = [73.8142, 15.5937];

/**
 * What the OSRM stub was asked since `since`, towards `to` ([lon, lat]), and from `from` when given:
 * the tests run side by side, each on a journey of its own.
 */
async function routesAsked(since: number, to: [number, number], from?: [number, number]): Promise<OsrmRequest[]> {
  const all = (await (await fetch(`${process.env.E2E_OSRM_URL}/requests`)).json()) as OsrmRequest[];
  return all.filter((request) => request.at >= since && request.waypoints.at(-1)?.join() === to.join()
    && (!from || request.waypoints[0].join() === from.join()));
}

async function pick(page: Page, label: string, text: string) {
  await page.getByRole('combobox', { name: label }).fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

test.use({ geolocation: { latitude: 15.4989946, longitude: 73.8282141 }, permissions: ['geolocation'] });

test('directions between two places show distance and duration; the map is looked at', async ({ page }, testInfo) => {
  const since = Date.now();
  await page.goto('/map');
  await expect(page.getByRole('heading', { name: 'Map', level: 1 })).toBeVisible();
  // Tiles come from the configured TILE_URL (the stub draws them), with their credits.
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(page.getByText('OpenStreetMap')).toBeVisible();

  await page.getByRole('button', { name: 'Get Directions' }).click();
  await expect(page.getByRole('alert')).toContainText('Please enter both start and destination locations.');

  await pick(page, 'Start point', 'Panaji');
  await pick(page, 'Destination', 'Mapusa');
  await page.getByRole('button', { name: 'Get Directions' }).click();
  const card = page.getByRole('region', { name: 'Route' });
  await expect(card).toContainText('Distance');
  await expect(card).toContainText(/\d+(\.\d)? km/);
  await expect(card).toContainText(/\d+ min/);
  await expect(page.locator('path.map-route')).toHaveCount(1);
  const asked = await routesAsked(since, mapusa, [73.8282141, 15.4989946]);
  expect(asked).toHaveLength(1);
  expect(asked[0].profile).toBe('driving');
  await page.screenshot({ path: testInfo.outputPath('map-route.png'), fullPage: true });

  await page.getByRole('button', { name: 'Satellite View' }).click();
  await expect(page.getByText('Esri', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Map View' })).toBeVisible();
});

test('TRANSIT says transit directions are not available here and offers walking', async ({ page }) => {
  const since = Date.now();
  await page.goto('/map');
  await pick(page, 'Start point', 'Calangute');
  await pick(page, 'Destination', 'Mapusa');
  await page.getByRole('button', { name: 'TRANSIT' }).click();
  await page.getByRole('button', { name: 'Get Directions' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Public transport directions are not available here.');
  await alert.getByRole('button', { name: 'Get walking directions' }).click();
  await expect(page.getByRole('region', { name: 'Route' })).toContainText('Duration');
  const asked = await routesAsked(since, mapusa, calangute);
  expect(asked.map((request) => request.profile)).toEqual(['foot']);
});

test('live navigation: the trail grows along the route, and leaving it re-routes at most once per 5 s', async ({ page, context }) => {
  const since = Date.now();
  await page.goto('/map');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('combobox', { name: 'Start point' })).toHaveValue(/Panaji/);
  await pick(page, 'Destination', 'Calangute');
  await page.getByRole('button', { name: 'Get Directions' }).click();
  await expect(page.getByRole('region', { name: 'Route' })).toContainText('Distance');
  await page.getByRole('button', { name: 'Start Navigation' }).click();
  const status = page.getByRole('region', { name: 'Route' }).getByRole('status');
  // The watch's first fix (where the traveller stands) before moving: a position set while the watch
  // is still starting would be its first fix instead, and the trail would be a point short.
  await expect(status).toContainText(/\b1 point on your trail/);

  // Along the route (a straight road from Panaji to Calangute): the trail grows, no re-route.
  const along = (share: number): [number, number] => [15.4989946 + (15.5439 - 15.4989946) * share, 73.8282141 + (73.7553 - 73.8282141) * share];
  for (const [i, share] of [0.1, 0.2, 0.3].entries()) {
    const [latitude, longitude] = along(share);
    await context.setGeolocation({ latitude, longitude });
    await expect(status).toContainText(new RegExp(`${i + 2} points on your trail`));
  }
  await expect(page.locator('path.map-trail')).toHaveCount(1);
  expect(await routesAsked(since, calangute)).toHaveLength(1);

  // Off the route: several positions within a few seconds make one re-route, from where the traveller is.
  const offRoute: Array<[number, number]> = [[15.53, 73.83], [15.531, 73.831], [15.532, 73.832]];
  for (const [latitude, longitude] of offRoute) {
    await context.setGeolocation({ latitude, longitude });
    await page.waitForTimeout(400);
  }
  await expect.poll(async () => (await routesAsked(since, calangute)).length).toBe(2);
  // Still off the route after 5 s: one more re-route.
  await page.waitForTimeout(5_200);
  await context.setGeolocation({ latitude: 15.533, longitude: 73.833 });
  await expect.poll(async () => (await routesAsked(since, calangute)).length).toBe(3);
  const asked = await routesAsked(since, calangute);
  expect(asked[1].waypoints[0]).toEqual([73.83, 15.53]);
  const reroutes = asked.slice(1).map((request) => request.at);
  for (let i = 1; i < reroutes.length; i++) expect(reroutes[i] - reroutes[i - 1]).toBeGreaterThanOrEqual(5_000);

  await page.getByRole('button', { name: 'Stop Navigation' }).click();
  await expect(page.getByRole('button', { name: 'Start Navigation' })).toBeVisible();
});

test('the layer of needs, events and skills opens their pages', async ({ page }) => {
  await page.goto('/map');
  await page.getByRole('checkbox', { name: 'Show needs, events and skills' }).check();
  // The demo content: the map opens on Panaji (MAP_CENTER), among Goa's needs, events and skills.
  const markers = page.locator('.leaflet-marker-icon.map-pin');
  await expect(markers.first()).toBeVisible();
  const first = markers.first();
  const name = await first.getAttribute('alt');
  expect(name).toMatch(/^(Need|Event|Skill): /);
  await first.click();
  await expect(page).toHaveURL(/\/(needs|events|skills)\/[0-9a-f-]{36}$/);
});
