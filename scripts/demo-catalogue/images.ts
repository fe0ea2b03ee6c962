/**
 * Demo car photos: one small SVG per file name the generator can reference (body × colour × photo
 * number, plus a 150 px thumbnail per body × colour), each a stylised side view of that body type in
 * that colour with a text label. Serve them from the imageBaseUrl given to generateCatalogue; the
 * local stack keeps them in its bucket under DEMO_IMAGE_PREFIX (demoImageBase).
 */
import { VEHICLE_TYPES } from '../../lib/domain/car.js';
import { CAR_COLORS, type Body, type CarColor } from './tables.js';

// Under pictures/, the prefix the outbox consumers may read pictures from in AWS (serverless.yml).
export const DEMO_IMAGE_PREFIX = 'pictures/demo';

/**
 * Where the demo pictures are when kept in a bucket: an s3:// URI, with no host or port, so the
 * catalogue stays right when the local stack restarts on other ports (the API gives each picture
 * its address when it answers: lib/archive/picture-url.ts).
 */
export const demoImageBase = (bucket: string): string => `s3://${bucket}/${DEMO_IMAGE_PREFIX}`;

/** A car has MIN_PHOTOS to MAX_PHOTOS photos; files exist for photo numbers 1..MAX_PHOTOS. */
export const MAX_PHOTOS = 6;
export const MIN_PHOTOS = 3;

const bodySlug = (body: Body): string => body.toLowerCase().replace(/\s+/g, '-');
const colorSlug = (color: CarColor): string => color.toLowerCase();
export const photoFileName = (body: Body, color: CarColor, n: number): string =>
  `${bodySlug(body)}-${colorSlug(color)}-${n}.svg`;
export const thumbFileName = (body: Body, color: CarColor): string => `${bodySlug(body)}-${colorSlug(color)}-thumb.svg`;

interface Silhouette {
  /** Body outline, in a 800 × 500 view box, ground at y = 418 */
  body: string;
  windows: string;
  /** Wheel centres (x) and radius */
  wheels: readonly [number, number];
  r: number;
}

const SILHOUETTES: Record<Body, Silhouette> = {
  Sedan: {
    body: 'M70 372V312Q72 282 120 274L250 256L320 192Q338 176 368 176H520Q548 176 568 194L640 256L706 270Q732 278 732 306V372Z',
    windows: 'M282 256L336 202Q346 194 362 194H432V256ZM448 194H516Q534 194 548 208L594 256H448Z',
    wheels: [190, 610],
    r: 48,
  },
  SUV: {
    body: 'M70 372V262Q72 236 112 230L200 222L258 150Q268 136 292 136H652Q684 136 694 162L718 226Q732 240 732 270V372Z',
    windows: 'M226 222L276 160Q282 154 292 154H410V222ZM426 154H548V222H426ZM564 154H660Q672 154 676 166L692 222H564Z',
    wheels: [195, 605],
    r: 52,
  },
  Hatchback: {
    body: 'M90 372V300Q92 272 138 264L240 248L318 178Q332 166 358 166H598Q628 166 642 196L690 290Q700 304 700 322V372Z',
    windows: 'M268 248L328 190Q336 184 350 184H448V248ZM464 184H592Q612 184 620 202L652 248H464Z',
    wheels: [205, 590],
    r: 46,
  },
  Van: {
    body: 'M60 372V214Q64 140 150 124L220 116H688Q734 116 736 160V372Z',
    windows: 'M100 214Q108 156 170 142H262V214ZM278 142H430V214H278ZM446 142H598V214H446ZM614 142H704V214H614Z',
    wheels: [190, 615],
    r: 48,
  },
  Truck: {
    body: 'M60 372V196Q62 130 130 122H300Q322 122 322 146V372ZM332 282H742V372H332Z',
    windows: 'M86 206Q90 148 138 144H296V206Z',
    wheels: [170, 620],
    r: 46,
  },
  Coupe: {
    body: 'M64 372V318Q66 292 120 284L280 262L372 206Q392 194 424 194H506Q548 196 586 226L640 262L716 280Q740 288 740 316V372Z',
    windows: 'M318 262L378 222Q392 212 412 212H470V262ZM486 212H504Q536 214 566 236L596 262H486Z',
    wheels: [190, 615],
    r: 48,
  },
  Wagon: {
    body: 'M66 372V306Q68 278 118 270L236 254L312 184Q326 172 352 172H690Q716 172 722 200L734 286V372Z',
    windows: 'M270 254L324 200Q332 192 346 192H452V254ZM468 192H580V254H468ZM596 192H690Q702 192 704 206L712 254H596Z',
    wheels: [185, 625],
    r: 48,
  },
  'Light car': {
    body: 'M170 372V276Q172 248 206 240L258 232L300 144Q308 128 332 128H590Q618 128 622 158L636 296V372Z',
    windows: 'M280 232L318 154Q322 146 334 146H452V232ZM468 146H586Q598 146 600 160L608 232H468Z',
    wheels: [255, 560],
    r: 44,
  },
};

/** Paint and outline per colour. */
const PAINT: Record<CarColor, { fill: string; stroke: string }> = {
  White: { fill: '#f6f7f9', stroke: '#8a9099' },
  Black: { fill: '#1d1f22', stroke: '#000000' },
  Silver: { fill: '#c5c9ce', stroke: '#7d838a' },
  Gray: { fill: '#6e737a', stroke: '#42464b' },
  Blue: { fill: '#2f5fa8', stroke: '#1c3a68' },
  Red: { fill: '#b3262e', stroke: '#6e161b' },
  Brown: { fill: '#6b4a33', stroke: '#3f2b1d' },
  Beige: { fill: '#d8c7a3', stroke: '#9a8a68' },
  Green: { fill: '#3f6b47', stroke: '#24402a' },
};

/** Backdrop tint per photo number, so the photos of one car look different. */
const BACKDROPS = ['#eef2f7', '#f3efe8', '#e9f1ec', '#f1eef5', '#eceff3', '#f5f1ea'];

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function drawing(body: Body, color: CarColor, mirrored: boolean): string {
  const s = SILHOUETTES[body];
  const paint = PAINT[color];
  const wheels = s.wheels
    .map(
      (x) =>
        `<circle cx="${x}" cy="370" r="${s.r}" fill="#23262a"/><circle cx="${x}" cy="370" r="${Math.round(s.r * 0.45)}" fill="#b9bec4"/>`,
    )
    .join('');
  const transform = mirrored ? ' transform="matrix(-1 0 0 1 800 0)"' : '';
  return (
    `<g${transform}><path d="${s.body}" fill="${paint.fill}" stroke="${paint.stroke}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="${s.windows}" fill="#a9bccd" stroke="#3b4450" stroke-width="3" stroke-linejoin="round"/>${wheels}</g>`
  );
}

/** An 800 × 500 photo; even-numbered photos show the other side. */
function photoSvg(body: Body, color: CarColor, n: number): string {
  const bg = BACKDROPS[(n - 1) % BACKDROPS.length] ?? '#eef2f7';
  const label = escapeXml(`${body} / ${color} / ${n}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">` +
    `<rect width="800" height="500" fill="${bg}"/><rect y="418" width="800" height="82" fill="#d5d9de"/>` +
    drawing(body, color, n % 2 === 0) +
    `<text x="400" y="470" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#333">${label}</text></svg>`
  );
}

/** A 150 px wide thumbnail (same drawing, larger label). */
function thumbSvg(body: Body, color: CarColor): string {
  const label = escapeXml(`${body} ${color}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="94" viewBox="0 0 800 500">` +
    `<rect width="800" height="500" fill="#eef2f7"/><rect y="418" width="800" height="82" fill="#d5d9de"/>` +
    drawing(body, color, false) +
    `<text x="400" y="482" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#333">${label}</text></svg>`
  );
}

/**
 * Every image file the generator can reference: VEHICLE_TYPES × CAR_COLORS × photos 1..MAX_PHOTOS,
 * plus one thumbnail per body × colour (8 × 9 × 7 = 504 files, each well under 2 KB).
 */
export function demoImageFiles(): Array<{ name: string; svg: string }> {
  const files: Array<{ name: string; svg: string }> = [];
  for (const body of VEHICLE_TYPES) {
    for (const color of CAR_COLORS) {
      for (let n = 1; n <= MAX_PHOTOS; n++)
        files.push({ name: photoFileName(body, color, n), svg: photoSvg(body, color, n) });
      files.push({ name: thumbFileName(body, color), svg: thumbSvg(body, color) });
    }
  }
  return files;
}
