// `node scripts/make-icons.mjs`: the web app manifest's PNG icons (public/icons/), drawn with sharp
// from the logo (public/images/logo.svg). Run by hand when the logo changes; its PNGs are committed,
// so the build never needs it.
//   icon-{192,512}.png           purpose "any": the logo on a transparent square, a little margin
//   maskable-{192,512}.png       purpose "maskable": a white square filled edge to edge, the logo
//                                inside the central 80% circle every launcher's mask keeps
//   apple-touch-icon.png (180)   iOS draws transparency black: white square, the logo with margin
//   shortcut-*.png (96)          the manifest's shortcuts (Messages, Map, Plan Trip): a glyph each
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public/icons');
const logo = await readFile(path.join(root, 'public/images/logo.svg'));
const TEAL = '#0f766e';

/** The logo `logoSize` pixels wide, centred on a `size` square of `background` (null: transparent). */
async function logoIcon(file, size, logoSize, background) {
  const mark = await sharp(logo, { density: 72 * Math.ceil(logoSize / 64) }).resize(logoSize, logoSize).png().toBuffer();
  const offset = Math.round((size - logoSize) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: mark, left: offset, top: offset }])
    // A palette PNG: a third of the bytes, the same look (a browser that does not take the
    // manifest's SVG icon downloads one of these).
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
    .toFile(path.join(out, file));
  console.log(`public/icons/${file}`);
}

/** A shortcut's icon: a white glyph (24-unit SVG path data) on a teal circle. */
async function shortcutIcon(file, glyph) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">`
    + `<circle cx="48" cy="48" r="48" fill="${TEAL}"/>`
    + `<g transform="translate(24 24) scale(2)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>`;
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 }).toFile(path.join(out, file));
  console.log(`public/icons/${file}`);
}

await mkdir(out, { recursive: true });
for (const size of [192, 512]) {
  await logoIcon(`icon-${size}.png`, size, Math.round(size * 0.9), null);
  // The safe zone is a circle of 40% radius: the logo's farthest point (the dot's rim) is 35 of its 64
  // units from its centre, so at 68% of the side it stays inside (0.68 × 35/64 = 0.37).
  await logoIcon(`maskable-${size}.png`, size, Math.round(size * 0.68), '#ffffff');
}
await logoIcon('apple-touch-icon.png', 180, 140, '#ffffff');
// Messages: a speech bubble; Map: a folded map; Plan Trip: a route between two points.
await shortcutIcon('shortcut-messages.png', '<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/>');
await shortcutIcon('shortcut-map.png', '<path d="M1 6v16l7-4 8 4 7-4V2l-7 4-8-4-7 4z"/><path d="M8 2v16M16 6v16"/>');
await shortcutIcon('shortcut-plan-trip.png', '<circle cx="6" cy="19" r="3"/><path d="M9 19h8.5a3.5 3.5 0 0 0 0-7h-11a3.5 3.5 0 0 1 0-7H15"/><circle cx="18" cy="5" r="3"/>');
