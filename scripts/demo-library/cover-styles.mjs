// Procedural album-art styles, one per genre. Each takes a seeded random and returns shade(u, v).
import { clamp01, createNoise2d, hsl, mixColor, smoothstep } from './raster.mjs';

const EDGE = 0.0025;

function palette(hue, { saturation = 0.65, lightness = 0.55, spread = 0.12 } = {}) {
  return {
    hue,
    deep: hsl(hue + spread * 2, saturation * 0.8, 0.12),
    base: hsl(hue, saturation, lightness),
    accent: hsl(hue + 0.5 - spread, saturation, lightness + 0.1),
    light: hsl(hue - spread, saturation * 0.6, 0.85),
  };
}

/** Pop: a luminous diagonal gradient with soft overlapping orbs. */
function glowingOrbs(random, hue) {
  const colors = palette(hue, { saturation: 0.75, lightness: 0.6, spread: 0.1 });
  const orbs = Array.from({ length: random.int(3, 5) }, (_, index) => ({
    x: random.range(0.15, 0.85),
    y: random.range(0.15, 0.85),
    radius: random.range(0.12, 0.32),
    color: hsl(
      colors.hue + index * 0.07 + random.range(-0.05, 0.05),
      0.85,
      random.range(0.55, 0.75),
    ),
  }));
  return (u, v) => {
    let color = mixColor(colors.deep, colors.base, smoothstep(-0.2, 1.4, u * 0.6 + (1 - v) * 0.8));
    for (const orb of orbs) {
      const distance = Math.hypot(u - orb.x, v - orb.y);
      const body = smoothstep(orb.radius + EDGE, orb.radius - EDGE, distance) * 0.75;
      const glow = Math.exp(-((distance / orb.radius) ** 2) * 1.5) * 0.35;
      color = mixColor(color, orb.color, clamp01(body + glow));
    }
    return color;
  };
}

/** Rock: dark ground split by jagged, high-contrast shards. */
function shards(random, hue) {
  const colors = palette(hue, { saturation: 0.8, lightness: 0.5, spread: 0.05 });
  const { fbm } = createNoise2d(random);
  const angle = random.range(-0.9, 0.9);
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const bands = Array.from({ length: 4 }, () => ({
    offset: random.range(-0.45, 0.45),
    width: random.range(0.01, 0.09),
  }));
  return (u, v) => {
    const across = (u - 0.5) * dy - (v - 0.5) * dx + (fbm(u * 6, v * 6, 4) - 0.5) * 0.12;
    let color = mixColor([0.05, 0.05, 0.06], colors.deep, fbm(u * 3 + 10, v * 3, 5));
    bands.forEach((band, index) => {
      const inside = smoothstep(
        band.width + EDGE * 2,
        band.width - EDGE * 2,
        Math.abs(across - band.offset),
      );
      color = mixColor(color, index % 2 === 0 ? colors.base : colors.light, inside);
    });
    const scratches = smoothstep(0.72, 0.75, fbm(u * 40, v * 3, 3)) * 0.25;
    return color.map((channel) => channel + scratches);
  };
}

/** Hip-hop: duotone halftone dots that swell toward a glowing centre. */
function halftone(random, hue) {
  const colors = palette(hue, { saturation: 0.7, lightness: 0.55, spread: 0.08 });
  const centre = [random.range(0.3, 0.7), random.range(0.3, 0.7)];
  const cells = random.int(28, 40);
  const ink = hsl(colors.hue + 0.5, 0.5, 0.1);
  return (u, v) => {
    const rotatedU = (u + v) * Math.SQRT1_2;
    const rotatedV = (v - u) * Math.SQRT1_2;
    const cellU = (rotatedU * cells) % 1;
    const cellV = (((rotatedV * cells) % 1) + 1) % 1;
    const distance = Math.hypot(u - centre[0], v - centre[1]);
    const radius = 0.5 * clamp01(1.1 - distance * 1.6);
    const inDot = smoothstep(radius + 0.06, radius - 0.06, Math.hypot(cellU - 0.5, cellV - 0.5));
    const background = mixColor(colors.base, colors.light, clamp01(1 - distance * 1.2));
    const ring = smoothstep(0.012, 0.0, Math.abs(distance - 0.34)) * 0.9;
    return mixColor(mixColor(background, ink, inDot * 0.85), colors.accent, ring);
  };
}

/** Jazz: a mid-century composition of flat circles, half discs and bars on warm paper. */
function modernistShapes(random, hue) {
  const colors = palette(hue, { saturation: 0.6, lightness: 0.5, spread: 0.15 });
  const paper = hsl(0.1, 0.3, 0.88);
  const shapes = Array.from({ length: random.int(4, 6) }, (_, index) => ({
    kind: random.pick(['circle', 'half', 'bar']),
    x: random.range(0.2, 0.8),
    y: random.range(0.2, 0.8),
    size: random.range(0.1, 0.28),
    angle: random.pick([0, Math.PI / 2, Math.PI, -Math.PI / 2]),
    color: [colors.base, colors.accent, colors.deep, hsl(colors.hue + 0.08, 0.7, 0.6)][index % 4],
  }));
  return (u, v) => {
    let color = paper;
    for (const shape of shapes) {
      const du = u - shape.x;
      const dv = v - shape.y;
      let coverage;
      if (shape.kind === 'bar') {
        coverage =
          smoothstep(EDGE, -EDGE, Math.abs(du) - shape.size * 0.25) *
          smoothstep(EDGE, -EDGE, Math.abs(dv) - shape.size * 1.4);
      } else {
        coverage = smoothstep(shape.size + EDGE, shape.size - EDGE, Math.hypot(du, dv));
        if (shape.kind === 'half') {
          coverage *= smoothstep(
            -EDGE,
            EDGE,
            du * Math.cos(shape.angle) + dv * Math.sin(shape.angle),
          );
        }
      }
      color = mixColor(color, shape.color, coverage * 0.92);
    }
    return color;
  };
}

/** Classical: marbled paper from domain-warped noise. */
function marble(random, hue) {
  const colors = palette(hue, { saturation: 0.45, lightness: 0.5, spread: 0.08 });
  const { fbm } = createNoise2d(random);
  const scale = random.range(2.2, 3.5);
  return (u, v) => {
    const warpU = fbm(u * scale, v * scale);
    const warpV = fbm(u * scale + 5.2, v * scale + 1.3);
    const value = fbm(u * scale + 3 * warpU, v * scale + 3 * warpV);
    const veins = 0.5 + 0.5 * Math.sin(value * 18);
    let color = mixColor(colors.deep, colors.base, smoothstep(0.25, 0.75, value));
    color = mixColor(color, colors.light, smoothstep(0.8, 1, veins) * 0.7);
    return mixColor(color, hsl(0.12, 0.7, 0.6), smoothstep(0.985, 1, veins) * 0.6);
  };
}

/** Electronic: a striped retro sun over a receding neon grid. */
function neonHorizon(random, hue) {
  // The sky stays in the blue-violet range and the sun warm; `hue` only shifts them a little.
  const shift = (hue - 0.5) * 0.16;
  const sky = [hsl(0.72 + shift, 0.6, 0.07), hsl(0.8 + shift, 0.65, 0.3)];
  const sunTop = hsl(0.13 + shift, 0.95, 0.6);
  const sunBottom = hsl(0.93 + shift, 0.85, 0.55);
  const gridColor = hsl(hue > 0.5 ? 0.5 + shift : 0.85 + shift, 0.9, 0.6);
  const horizon = random.range(0.58, 0.68);
  const sunRadius = random.range(0.17, 0.3);
  const sunX = random.range(0.32, 0.68);
  const { fbm } = createNoise2d(random);
  const ridgeHeight = random.range(0.05, 0.12);
  return (u, v) => {
    if (v < horizon) {
      let color = mixColor(sky[0], sky[1], smoothstep(0, horizon, v));
      const distance = Math.hypot(u - sunX, v - (horizon - 0.02));
      const height = (horizon - v) / sunRadius;
      const stripe = height < 0.55 && Math.sin(height * 60 * (1 - height)) < -0.2;
      const sun = smoothstep(sunRadius + EDGE, sunRadius - EDGE, distance) * (stripe ? 0 : 1);
      color = mixColor(color, mixColor(sunBottom, sunTop, clamp01(height)), sun);
      const ridge = horizon - ridgeHeight * fbm(u * 4, 0.5, 4);
      if (v > ridge) return mixColor(sky[0], sky[1], 0.2);
      return color.map(
        (channel, index) =>
          channel + Math.exp(-((distance / sunRadius) ** 2)) * 0.25 * sunTop[index],
      );
    }
    const depth = (v - horizon) / (1 - horizon);
    const z = 1 / (depth + 0.05);
    const lineU = Math.abs((((u - 0.5) * z * 6 + 100.5) % 1) - 0.5);
    const lineV = Math.abs(((z * 0.8) % 1) - 0.5);
    const width = 0.012 * z;
    const grid = Math.max(
      smoothstep(width + 0.02, width, lineU),
      smoothstep(width + 0.02, width, lineV),
    );
    const ground = mixColor([0.02, 0.0, 0.05], sky[1], 0.25 * (1 - depth));
    return mixColor(ground, gridColor, grid * (0.3 + 0.7 * depth));
  };
}

/** Other: topographic contour lines over soft earthy colour fields. */
function topography(random, hue) {
  const colors = palette(hue, { saturation: 0.4, lightness: 0.5, spread: 0.1 });
  const { fbm } = createNoise2d(random);
  const scale = random.range(1.8, 2.8);
  const steps = random.int(12, 18);
  return (u, v) => {
    const height = fbm(u * scale, v * scale, 5);
    const band = height * steps;
    const line = smoothstep(0.09, 0.0, Math.abs(band - Math.round(band)));
    const field = mixColor(colors.deep, colors.base, smoothstep(0.3, 0.8, height));
    const lit = mixColor(field, colors.light, smoothstep(0.65, 0.95, height) * 0.6);
    return mixColor(lit, colors.light, line * 0.55);
  };
}

export const COVER_STYLES = {
  pop: glowingOrbs,
  rock: shards,
  'hip-hop': halftone,
  jazz: modernistShapes,
  classical: marble,
  electronic: neonHorizon,
  other: topography,
};

/** Darkens the corners a little, which makes flat procedural art feel printed. */
export function withVignette(shade) {
  return (u, v) => {
    const falloff = 1 - 0.35 * smoothstep(0.35, 0.75, Math.hypot(u - 0.5, v - 0.5));
    return shade(u, v).map((channel) => channel * falloff);
  };
}
