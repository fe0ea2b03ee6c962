/**
 * Draws the demo tenants' logos and stamps (scripts/local/demo/*.png), the images the demo seed
 * uploads to their legal profiles (scripts/local/demo-profiles.ts). Plain RGBA PNGs written with
 * node:zlib alone, so no image library joins the dependencies.
 *
 *   npx tsx scripts/local/make-demo-images.ts       after changing a drawing below
 *
 * A unit test (tests/unit/demo-profiles.test.ts) fails when a committed image differs from what
 * this script draws.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { DEMO_IMAGES_DIR } from './demo-profiles.js';

type Colour = readonly [r: number, g: number, b: number, a: number];
type Box = readonly [x0: number, y0: number, x1: number, y1: number];
/** A region to paint: whether a point is inside it, and a box that holds all of it (so only that is sampled). */
interface Shape {
  inside: (x: number, y: number) => boolean;
  box: Box;
}

/** 4x4 samples a pixel: edges come out smooth enough to print. */
const SAMPLES = 4;

class Canvas {
  private readonly pixels: Float64Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float64Array(width * height * 4);
  }

  /** Paints the shape in this colour over what is there, each pixel weighted by how much of it the shape covers. */
  fill(shape: Shape, [r, g, b, a]: Colour): void {
    const [x0, y0, x1, y1] = shape.box;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x++) {
        let hits = 0;
        for (let sy = 0; sy < SAMPLES; sy++) {
          for (let sx = 0; sx < SAMPLES; sx++)
            if (shape.inside(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES)) hits++;
        }
        if (hits === 0) continue;
        const alpha = (a * hits) / (SAMPLES * SAMPLES);
        const at = (y * this.width + x) * 4;
        const below = this.pixels[at + 3]!;
        const out = alpha + below * (1 - alpha);
        for (const [i, value] of [r, g, b].entries())
          this.pixels[at + i] = (value * alpha + this.pixels[at + i]! * below * (1 - alpha)) / out;
        this.pixels[at + 3] = out;
      }
    }
  }

  /** The image as PNG scanlines: each row a filter byte (0, none) and its RGBA bytes. */
  scanlines(): Buffer {
    const rows = Buffer.alloc((this.width * 4 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      const row = y * (this.width * 4 + 1);
      for (let i = 0; i < this.width * 4; i++) {
        const value = this.pixels[y * this.width * 4 + i]!;
        // Colours are kept 0-255, alpha 0-1.
        rows[row + 1 + i] = Math.round(i % 4 === 3 ? value * 255 : value);
      }
    }
    return rows;
  }
}

// ---------------------------------------------------------------------------------------------
// Shapes

const circle = (cx: number, cy: number, r: number): Shape => ({
  inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r,
  box: [cx - r, cy - r, cx + r, cy + r],
});

const ring = (cx: number, cy: number, inner: number, outer: number): Shape => ({
  inside: (x, y) => {
    const d = (x - cx) ** 2 + (y - cy) ** 2;
    return d <= outer * outer && d >= inner * inner;
  },
  box: [cx - outer, cy - outer, cx + outer, cy + outer],
});

const roundRect = (x0: number, y0: number, width: number, height: number, radius: number): Shape => ({
  inside: (x, y) => {
    const dx = Math.max(x0 + radius - x, 0, x - (x0 + width - radius));
    const dy = Math.max(y0 + radius - y, 0, y - (y0 + height - radius));
    return x >= x0 && x <= x0 + width && y >= y0 && y <= y0 + height && dx * dx + dy * dy <= radius * radius;
  },
  box: [x0, y0, x0 + width, y0 + height],
});

const rect = (x0: number, y0: number, width: number, height: number): Shape => roundRect(x0, y0, width, height, 0);

/** Even-odd rule, so a star's points are inside and its centre too (the polygon does not cross itself). */
function polygon(points: ReadonlyArray<readonly [number, number]>): Shape {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return {
    inside: (x, y) => {
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i]!;
        const [xj, yj] = points[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    },
    box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
  };
}

/** A star of `points` points, one pointing up. */
function star(cx: number, cy: number, outer: number, inner: number, points = 5): Shape {
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)] as const;
  });
  return polygon(corners);
}

const union = (...shapes: Shape[]): Shape => ({
  inside: (x, y) => shapes.some((shape) => shape.inside(x, y)),
  box: [
    Math.min(...shapes.map((s) => s.box[0])),
    Math.min(...shapes.map((s) => s.box[1])),
    Math.max(...shapes.map((s) => s.box[2])),
    Math.max(...shapes.map((s) => s.box[3])),
  ],
});

// ---------------------------------------------------------------------------------------------
// Letters: a 5x7 block alphabet, enough for the demo names (images carry no fonts).

const GLYPHS: Record<string, string> = {
  A: '.###.|#...#|#...#|#####|#...#|#...#|#...#',
  B: '####.|#...#|#...#|####.|#...#|#...#|####.',
  C: '.###.|#...#|#....|#....|#....|#...#|.###.',
  D: '####.|#...#|#...#|#...#|#...#|#...#|####.',
  E: '#####|#....|#....|####.|#....|#....|#####',
  F: '#####|#....|#....|####.|#....|#....|#....',
  G: '.###.|#...#|#....|#.###|#...#|#...#|.###.',
  H: '#...#|#...#|#...#|#####|#...#|#...#|#...#',
  I: '.###.|..#..|..#..|..#..|..#..|..#..|.###.',
  L: '#....|#....|#....|#....|#....|#....|#####',
  M: '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#',
  N: '#...#|##..#|#.#.#|#..##|#...#|#...#|#...#',
  O: '.###.|#...#|#...#|#...#|#...#|#...#|.###.',
  P: '####.|#...#|#...#|####.|#....|#....|#....',
  R: '####.|#...#|#...#|####.|#.#..|#..#.|#...#',
  S: '.####|#....|#....|.###.|....#|....#|####.',
  T: '#####|..#..|..#..|..#..|..#..|..#..|..#..',
  U: '#...#|#...#|#...#|#...#|#...#|#...#|.###.',
  X: '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#',
  ' ': '.....|.....|.....|.....|.....|.....|.....',
};
const GLYPH_COLUMNS = 5;
const GLYPH_ROWS = 7;

const lit = (char: string, column: number, row: number): boolean => {
  const glyph = GLYPHS[char];
  if (!glyph) throw new Error(`no glyph for "${char}": add it to GLYPHS`);
  return (
    column >= 0 && column < GLYPH_COLUMNS && row >= 0 && row < GLYPH_ROWS && glyph.split('|')[row]![column] === '#'
  );
};

/** A word set on a straight line from its top-left corner, `scale` pixels a cell, one cell between letters. */
function word(text: string, x0: number, y0: number, scale: number): Shape {
  const advance = (GLYPH_COLUMNS + 1) * scale;
  return {
    inside: (x, y) => {
      const index = Math.floor((x - x0) / advance);
      if (index < 0 || index >= text.length) return false;
      return lit(text[index]!, Math.floor((x - x0 - index * advance) / scale), Math.floor((y - y0) / scale));
    },
    box: [x0, y0, x0 + text.length * advance, y0 + GLYPH_ROWS * scale],
  };
}

const wordWidth = (text: string, scale: number) => (text.length * (GLYPH_COLUMNS + 1) - 1) * scale;

/**
 * A word set around a circle, as on a stamp: along the top reading clockwise with its letters'
 * tops outward, or along the bottom reading counter-clockwise with their tops toward the centre
 * (both read left to right), centred on 12 or 6 o'clock, the letters' middles on `radius`.
 */
function arcWord(text: string, cx: number, cy: number, radius: number, scale: number, side: 'top' | 'bottom'): Shape {
  const advance = (GLYPH_COLUMNS + 1) * scale;
  const step = advance / radius;
  const letters = [...text].map((char, i) => {
    const offset = (i - (text.length - 1) / 2) * step;
    // Angle clockwise from 12 o'clock.
    const angle = side === 'top' ? offset : Math.PI - offset;
    const outward = [Math.sin(angle), -Math.cos(angle)] as const;
    const across =
      side === 'top' ? ([Math.cos(angle), Math.sin(angle)] as const) : ([-Math.cos(angle), -Math.sin(angle)] as const);
    const down = side === 'top' ? ([-outward[0], -outward[1]] as const) : outward;
    const px = cx + radius * outward[0];
    const py = cy + radius * outward[1];
    const reach = Math.hypot(GLYPH_COLUMNS, GLYPH_ROWS) * scale * 0.5;
    return {
      inside: (x: number, y: number) => {
        const dx = x - px;
        const dy = y - py;
        const lx = dx * across[0] + dy * across[1] + (GLYPH_COLUMNS * scale) / 2;
        const ly = dx * down[0] + dy * down[1] + (GLYPH_ROWS * scale) / 2;
        return lit(char, Math.floor(lx / scale), Math.floor(ly / scale));
      },
      box: [px - reach, py - reach, px + reach, py + reach] as const,
    };
  });
  return union(...letters);
}

// ---------------------------------------------------------------------------------------------
// The drawings

const NAVY: Colour = [14, 59, 90, 1];
const GOLD: Colour = [212, 160, 58, 1];
const WHITE: Colour = [255, 255, 255, 1];
// Stamp ink is a little see-through, so what it is pressed over shows, as on paper.
const STAMP_BLUE: Colour = [29, 79, 168, 0.9];
const STAMP_PURPLE: Colour = [107, 47, 163, 0.9];
const SEOUL_RED: Colour = [200, 16, 46, 1];
const SEOUL_BLUE: Colour = [0, 56, 168, 1];
const SEOUL_INK: Colour = [22, 32, 64, 1];

/** Gulf Motors: a navy plate with a striped sun setting over the Gulf, GULF in white and MOTORS in gold. */
function gulfLogo(): Canvas {
  const canvas = new Canvas(400, 200);
  canvas.fill(roundRect(0, 0, 400, 200, 28), NAVY);
  canvas.fill(circle(92, 100, 58), GOLD);
  // The sea: navy bands across the sun's lower half, widening toward the horizon.
  for (const [y, height] of [
    [104, 6],
    [118, 9],
    [134, 13],
  ] as const)
    canvas.fill(rect(30, y, 130, height), NAVY);
  canvas.fill(word('GULF', 176, 44, 9), WHITE);
  canvas.fill(rect(176, 118, wordWidth('MOTORS', 5), 3), GOLD);
  canvas.fill(word('MOTORS', 176, 130, 5), GOLD);
  return canvas;
}

/** Gulf Motors' stamp: a blue double ring, its name above and its city below, a star in the middle. */
function gulfStamp(): Canvas {
  const canvas = new Canvas(300, 300);
  canvas.fill(ring(150, 150, 136, 146), STAMP_BLUE);
  canvas.fill(ring(150, 150, 98, 103), STAMP_BLUE);
  canvas.fill(arcWord('GULF MOTORS', 150, 150, 119, 3, 'top'), STAMP_BLUE);
  canvas.fill(arcWord('DUBAI', 150, 150, 119, 3, 'bottom'), STAMP_BLUE);
  canvas.fill(star(31, 150, 9, 4), STAMP_BLUE);
  canvas.fill(star(269, 150, 9, 4), STAMP_BLUE);
  canvas.fill(star(150, 154, 64, 26), STAMP_BLUE);
  return canvas;
}

/** Seoul Export: a red and blue circle of two halves wound round each other, SEOUL in ink and EXPORT in red. */
function seoulLogo(): Canvas {
  const canvas = new Canvas(400, 200);
  canvas.fill(roundRect(2, 2, 396, 196, 24), [22, 32, 64, 1]);
  canvas.fill(roundRect(8, 8, 384, 184, 19), [247, 248, 251, 1]);
  const [cx, cy, r] = [84, 100, 56];
  const upper = circle(cx - r / 2, cy, r / 2);
  const lower = circle(cx + r / 2, cy, r / 2);
  const disc = circle(cx, cy, r);
  canvas.fill(
    { inside: (x, y) => disc.inside(x, y) && !lower.inside(x, y) && (y < cy || upper.inside(x, y)), box: disc.box },
    SEOUL_RED,
  );
  canvas.fill(
    { inside: (x, y) => disc.inside(x, y) && !upper.inside(x, y) && (y >= cy || lower.inside(x, y)), box: disc.box },
    SEOUL_BLUE,
  );
  canvas.fill(word('SEOUL', 152, 50, 8), SEOUL_INK);
  canvas.fill(word('EXPORT', 152, 124, 5), SEOUL_RED);
  return canvas;
}

/** Seoul Export's stamp: a purple double ring, its name above and its city below, its initials in the middle. */
function seoulStamp(): Canvas {
  const canvas = new Canvas(300, 300);
  canvas.fill(ring(150, 150, 136, 146), STAMP_PURPLE);
  canvas.fill(ring(150, 150, 98, 103), STAMP_PURPLE);
  canvas.fill(arcWord('SEOUL EXPORT', 150, 150, 119, 3, 'top'), STAMP_PURPLE);
  canvas.fill(arcWord('INCHEON', 150, 150, 119, 3, 'bottom'), STAMP_PURPLE);
  canvas.fill(star(31, 150, 9, 4), STAMP_PURPLE);
  canvas.fill(star(269, 150, 9, 4), STAMP_PURPLE);
  canvas.fill(word('SE', 150 - wordWidth('SE', 9) / 2, 150 - (GLYPH_ROWS * 9) / 2, 9), STAMP_PURPLE);
  canvas.fill(rect(96, 92, 108, 5), STAMP_PURPLE);
  canvas.fill(rect(96, 203, 108, 5), STAMP_PURPLE);
  return canvas;
}

// ---------------------------------------------------------------------------------------------
// PNG

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
  return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
}

/** Signature, IHDR (8-bit RGBA), one IDAT, IEND. */
function png(width: number, height: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface DemoImage {
  file: string;
  width: number;
  height: number;
  /** The pixels as PNG scanlines (what the file's IDAT inflates to). */
  scanlines: Buffer;
  png: Buffer;
}

/** Every demo image, drawn. */
export function drawDemoImages(): DemoImage[] {
  const drawings: Array<[string, () => Canvas]> = [
    ['gulf-logo.png', gulfLogo],
    ['gulf-stamp.png', gulfStamp],
    ['seoul-logo.png', seoulLogo],
    ['seoul-stamp.png', seoulStamp],
  ];
  return drawings.map(([file, draw]) => {
    const canvas = draw();
    const scanlines = canvas.scanlines();
    return {
      file,
      width: canvas.width,
      height: canvas.height,
      scanlines,
      png: png(canvas.width, canvas.height, scanlines),
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(DEMO_IMAGES_DIR, { recursive: true });
  for (const image of drawDemoImages()) {
    writeFileSync(join(DEMO_IMAGES_DIR, image.file), image.png);
    console.log(`${image.file}: ${image.width}x${image.height}, ${image.png.length} bytes`);
  }
}
