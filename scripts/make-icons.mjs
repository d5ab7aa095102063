// The installable app's icons (issue 27), made from client/public/favicon.svg with sharp and committed under
// client/public/icons/. Run again after changing the logo: node scripts/make-icons.mjs
//   icon-192.png, icon-512.png   the logo as it is (rounded square, transparent corners): "any" purpose
//   icon-maskable-512.png        full-bleed square, the mark inside the central 80% safe zone: "maskable"
//   apple-touch-icon.png         180 px, opaque full-bleed (iOS rounds the corners itself)
//   badge-96.png                 the mark alone in white on transparent: Android's status-bar badge
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'client', 'public', 'icons');
const logo = readFileSync(path.join(root, 'client', 'public', 'favicon.svg'), 'utf8');

/** The logo with square corners and its mark scaled around the centre (so it sits inside the safe zone). */
const fullBleed = (scale) =>
  logo.replace(/ rx="\d+"/, '').replace(/(<path[\s\S]*<\/svg>)/, (marks) => {
    const [inner] = marks.split('</svg>');
    return `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${inner}</g></svg>`;
  });

/** The mark alone, every stroke and fill white, no background. */
const badge = logo
  .replace(/<rect[^>]*\/>/, '')
  .replace(/stroke="#[0-9a-fA-F]+"/g, 'stroke="#fff"')
  .replace(/fill="#[0-9a-fA-F]+"/g, 'fill="#fff"');

const render = (svg, size, file, { flatten = false } = {}) => {
  let image = sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) }).resize(size, size);
  if (flatten) image = image.flatten({ background: '#6366f1' });
  return image.png({ compressionLevel: 9, palette: false }).toFile(path.join(out, file));
};

mkdirSync(out, { recursive: true });
await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(fullBleed(0.8), 512, 'icon-maskable-512.png', { flatten: true });
await render(fullBleed(0.8), 180, 'apple-touch-icon.png', { flatten: true });
await render(badge, 96, 'badge-96.png');
console.log(`icons written to ${path.relative(root, out)}`);
