// How each seat's army looks: a colour from the Okabe-Ito palette (distinct for the
// common kinds of colour blindness) and, as the second cue, a glyph drawn on every
// piece and in the legend, so seats differ also without colour.

export const SEAT_STYLES = {
  1: { colour: '#0072B2', tint: '#cfe3f2', glyph: 'circle', label: 'blue, circle' },
  2: { colour: '#E69F00', tint: '#fbe9c4', glyph: 'square', label: 'orange, square' },
  3: { colour: '#009E73', tint: '#c6eadf', glyph: 'triangle', label: 'green, triangle' },
  4: { colour: '#D55E00', tint: '#f6d6c0', glyph: 'diamond', label: 'vermillion, diamond' },
  5: { colour: '#CC79A7', tint: '#f3dcea', glyph: 'plus', label: 'purple, plus' },
  6: { colour: '#56B4E9', tint: '#d8eefa', glyph: 'star', label: 'sky blue, star' },
};

export const SPARE_STYLE = { colour: '#8c8c8c', glyph: 'cross', label: 'spare piece' };

const SVG_NS = 'http://www.w3.org/2000/svg';

// An SVG element for a glyph of about `size` radius centred on (0, 0).
export function glyphElement(glyph, size) {
  const s = size;
  let element;
  if (glyph === 'circle') {
    element = document.createElementNS(SVG_NS, 'circle');
    element.setAttribute('r', String(s * 0.75));
  } else {
    const points = {
      square: [[-s * 0.7, -s * 0.7], [s * 0.7, -s * 0.7], [s * 0.7, s * 0.7], [-s * 0.7, s * 0.7]],
      triangle: [[0, -s], [s * 0.95, s * 0.7], [-s * 0.95, s * 0.7]],
      diamond: [[0, -s], [s, 0], [0, s], [-s, 0]],
      plus: plusPoints(s),
      star: starPoints(s),
      cross: crossPoints(s),
    }[glyph];
    element = document.createElementNS(SVG_NS, 'polygon');
    element.setAttribute('points', points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' '));
  }
  element.setAttribute('class', 'glyph');
  return element;
}

function plusPoints(s) {
  const w = s * 0.35;
  return [[-w, -s], [w, -s], [w, -w], [s, -w], [s, w], [w, w], [w, s], [-w, s], [-w, w],
    [-s, w], [-s, -w], [-w, -w]];
}

function starPoints(s) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? s * 1.05 : s * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
  }
  return points;
}

function crossPoints(s) {
  return plusPoints(s).map(([x, y]) => [(x - y) * Math.SQRT1_2, (x + y) * Math.SQRT1_2]);
}
