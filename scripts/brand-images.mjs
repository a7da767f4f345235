// `node scripts/brand-images.mjs`: renders the site's preview image and icons into apps/web/public
// from the SVG sources (scripts/brand/*.svg and the favicon), with resvg. Text is set in Inter from
// the @expo-google-fonts/inter package and system fonts are never loaded, so every machine renders
// the same pixels. The PNGs are committed; apps/server/test/brand-images.test.ts fails when they
// no longer match what this script renders (edit an SVG, run this, commit both).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'apps/web/public');
const interDir = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/inter/package.json'));
const FONTS = [
  '500Medium/Inter_500Medium.ttf',
  '700Bold/Inter_700Bold.ttf',
  '800ExtraBold/Inter_800ExtraBold.ttf',
];

/** Each image: its file in apps/web/public, its SVG source and its width and height in pixels. */
export const brandImages = [
  // Open Graph / Twitter card preview (the size both recommend for a large card).
  { file: 'og-image.png', source: 'scripts/brand/og-image.svg', width: 1200, height: 630 },
  { file: 'apple-touch-icon.png', source: 'scripts/brand/icon-full.svg', width: 180, height: 180 },
  { file: 'icon-192.png', source: 'apps/web/public/favicon.svg', width: 192, height: 192 },
  { file: 'icon-512.png', source: 'apps/web/public/favicon.svg', width: 512, height: 512 },
  { file: 'icon-maskable-512.png', source: 'scripts/brand/icon-full.svg', width: 512, height: 512 },
];

/** The PNG of one of `brandImages`. */
export function renderBrandImage(image) {
  const svg = readFileSync(join(ROOT, image.source));
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: image.width },
    font: {
      loadSystemFonts: false,
      fontFiles: FONTS.map((f) => join(interDir, f)),
      defaultFontFamily: 'Inter',
      sansSerifFamily: 'Inter',
    },
    logLevel: 'error',
  });
  const rendered = resvg.render();
  if (rendered.width !== image.width || rendered.height !== image.height) {
    throw new Error(
      `${image.source} renders at ${rendered.width}×${rendered.height}, not ${image.width}×${image.height}`,
    );
  }
  return rendered.asPng();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const image of brandImages) {
    writeFileSync(join(PUBLIC, image.file), renderBrandImage(image));
    console.log(`apps/web/public/${image.file} (${image.width}×${image.height})`);
  }
}
