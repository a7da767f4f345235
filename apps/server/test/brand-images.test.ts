import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script without type declarations
import { brandImages, renderBrandImage } from '../../../scripts/brand-images.mjs';

/*
 * The preview image and icons in apps/web/public are what `node scripts/brand-images.mjs` renders from
 * their SVG sources today: an SVG edited without running the script fails here.
 */

const PUBLIC = resolve(import.meta.dirname, '../../web/public');

describe('brand images', () => {
  it.each(brandImages as { file: string; width: number; height: number }[])(
    '$file is a $width×$height PNG, as the script renders it',
    (image) => {
      const committed = readFileSync(join(PUBLIC, image.file));
      expect(committed.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect([committed.readUInt32BE(16), committed.readUInt32BE(20)]).toEqual([image.width, image.height]);
      expect(Buffer.compare(renderBrandImage(image), committed)).toBe(0);
    },
  );

  it('the web app manifest lists the icons the script makes, at their sizes', () => {
    const manifest = JSON.parse(readFileSync(join(PUBLIC, 'manifest.webmanifest'), 'utf8'));
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const image = brandImages.find((i: { file: string }) => `/${i.file}` === icon.src);
      expect(image, icon.src).toBeDefined();
      expect(icon.sizes).toBe(`${image.width}x${image.height}`);
    }
  });
});
