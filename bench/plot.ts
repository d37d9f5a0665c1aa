// Dependency-free SVG plot of a benchmark result: GB/s against log2 N. One curve per (kind,
// precision) of ours (solid, circles), one per anchor library and anchor kind merged (cuFFT dashed
// with squares, VkFFT dash-dotted with diamonds, in the colour of our matching kind), and the same-run
// copy kernel as a horizontal line (the ceiling; an anchor's own copy dotted). Lines join powers of
// two; other sizes (radix 3/5/7 mixes, primes) are drawn as hollow markers so their dips do not
// zigzag the curves.
import { ANCHOR_INFO, ANCHOR_LIBRARIES, anchorKindOf, copyField, gbsField, type AnchorLibrary } from './anchor-library.js';
import type { BenchReport, BenchRow } from './report.js';

const W = 860;
const H = 500;
const M = { left: 70, right: 220, top: 44, bottom: 56 };
const COLORS: Record<string, string> = { c2c: '#1f77b4', r2c: '#2ca02c', c2r: '#ff7f0e', scale: '#9467bd' };
const FALLBACK_COLORS = ['#d62728', '#8c564b', '#e377c2', '#17becf'];

interface Point {
  readonly n: number;
  readonly gbs: number;
}

interface Series {
  readonly label: string;
  readonly color: string;
  /** The anchor library drawn, or undefined for ours. */
  readonly library?: AnchorLibrary;
  readonly points: readonly Point[];
}

/** How each anchor library's curves are drawn (ours: solid with circles). */
const ANCHOR_STYLE: Record<AnchorLibrary, { readonly dash: string; readonly marker: 'square' | 'diamond' }> = {
  cufft: { dash: '6 3', marker: 'square' },
  vkfft: { dash: '10 3 2 3', marker: 'diamond' },
};

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const isPow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;
const totalText = (t: number) => (isPow2(t) ? `2^${Math.log2(t)}` : String(t));

/** A "nice" tick step (1, 2 or 5 times a power of ten) giving about `count` ticks up to `max`. */
export function niceStep(max: number, count = 6): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/**
 * Our curve per (kind, precision), each followed by one curve per anchor library merged into it.
 * Anchor curves are keyed by the anchor kind (r2c and r2c_folded rows both compare with the
 * anchors' r2c), so one measurement is drawn once, in the colour of the first kind of ours it meets.
 */
export function plotSeries(report: BenchReport): Series[] {
  const groups = new Map<string, BenchRow[]>();
  for (const r of report.rows) {
    if (r.kind === 'copy') continue;
    const key = `${r.kind} ${r.precision}${r.variant ? ` ${r.variant}` : ''}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  const series: Series[] = [];
  const drawn = new Set<string>();
  let fallback = 0;
  for (const [key, rows] of groups) {
    const sorted = [...rows].sort((a, b) => a.n - b.n);
    const { kind, precision } = sorted[0];
    const color = COLORS[kind] ?? FALLBACK_COLORS[fallback++ % FALLBACK_COLORS.length];
    series.push({ label: `webfftdx ${key}`, color, points: sorted.map((r) => ({ n: r.n, gbs: r.gbs })) });
    for (const library of ANCHOR_LIBRARIES) {
      const id = `${library} ${anchorKindOf(sorted[0])}`;
      const points = new Map<number, number>();
      for (const r of sorted) {
        const gbs = r[gbsField(library)];
        if (gbs !== undefined && !points.has(r.n)) points.set(r.n, gbs);
      }
      if (!points.size || drawn.has(id)) continue;
      drawn.add(id);
      series.push({
        label: `${ANCHOR_INFO[library].label} ${kind.replace(/_folded$/, '')} ${precision}`,
        color,
        library,
        points: [...points].map(([n, gbs]) => ({ n, gbs })),
      });
    }
  }
  return series;
}

/** The marker of one point: circle (ours), square (cuFFT) or diamond (VkFFT), with a tooltip. */
function marker(s: Series, x: number, y: number, fill: string, title: string): string {
  const paint = `fill="${fill}" stroke="${s.color}" stroke-width="1.5"`;
  const tip = `<title>${escapeXml(title)}</title>`;
  const shape = s.library ? ANCHOR_STYLE[s.library].marker : 'circle';
  if (shape === 'square') return `<rect x="${(x - 3).toFixed(1)}" y="${(y - 3).toFixed(1)}" width="6" height="6" ${paint}>${tip}</rect>`;
  if (shape === 'diamond') {
    const d = 4;
    const pts = [[x, y - d], [x + d, y], [x, y + d], [x - d, y]].map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
    return `<polygon points="${pts}" ${paint}>${tip}</polygon>`;
  }
  return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="3.2" ${paint}>${tip}</circle>`;
}

/** The SVG document for a report. */
export function renderPlot(report: BenchReport): string {
  const series = plotSeries(report);
  const all = series.flatMap((s) => s.points);
  const ns = all.map((p) => p.n);
  const x0 = Math.floor(Math.log2(Math.min(...ns, 2)));
  const x1 = Math.max(x0 + 1, Math.ceil(Math.log2(Math.max(...ns, 4))));
  const anchorCopies = ANCHOR_LIBRARIES.flatMap((lib) => {
    const gbs = report[copyField(lib)];
    return gbs === undefined ? [] : [{ lib, gbs }];
  });
  const yMaxData = Math.max(report.copyGBs, ...anchorCopies.map((c) => c.gbs), ...all.map((p) => p.gbs), 1e-9);
  const step = niceStep(yMaxData * 1.08);
  const yMax = Math.ceil((yMaxData * 1.08) / step) * step;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const sx = (n: number) => M.left + ((Math.log2(n) - x0) / (x1 - x0)) * pw;
  const sy = (g: number) => M.top + ph - (g / yMax) * ph;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${M.left}" y="22" font-size="15" font-weight="bold">${escapeXml(
      `webfftdx batched FFT throughput on ${report.device}`,
    )}</text>`,
    `<text x="${M.left}" y="38" fill="#555">${escapeXml(
      `${report.date.slice(0, 10)}, ${report.timing} timing, ${totalText(report.total)} elements per case, bytes = input read once + output written once`,
    )}</text>`,
  );
  // Grid and axes.
  for (let g = 0; g <= yMax + 1e-9; g += step) {
    const y = sy(g).toFixed(1);
    out.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${y}" y2="${y}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${M.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${+g.toPrecision(6)}</text>`);
  }
  const tickEvery = x1 - x0 > 12 ? 2 : 1;
  for (let k = x0; k <= x1; k++) {
    const x = sx(2 ** k).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${M.top}" y2="${M.top + ph}" stroke="#f0f0f0"/>`);
    if ((k - x0) % tickEvery === 0) {
      out.push(`<text x="${x}" y="${M.top + ph + 16}" text-anchor="middle">2<tspan dy="-5" font-size="9">${k}</tspan></text>`);
    }
  }
  out.push(
    `<rect x="${M.left}" y="${M.top}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`,
    `<text x="${M.left + pw / 2}" y="${H - 14}" text-anchor="middle">FFT size N (log2 scale)</text>`,
    `<text transform="translate(18 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">GB/s (read + write)</text>`,
  );
  // Ceilings.
  const legend: { label: string; color: string; dash?: string; series?: Series }[] = [];
  const hline = (g: number, color: string, dash: string, label: string) => {
    const y = sy(g).toFixed(1);
    out.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${y}" y2="${y}" stroke="${color}" stroke-width="1.5" stroke-dasharray="${dash}"/>`);
    legend.push({ label, color, dash });
  };
  hline(report.copyGBs, '#000', '8 4', `copy kernel ${report.copyGBs.toFixed(0)} GB/s`);
  for (const c of anchorCopies) hline(c.gbs, '#888', '2 3', `${ANCHOR_INFO[c.lib].copyLabel} ${c.gbs.toFixed(0)} GB/s`);
  // Curves.
  for (const s of series) {
    const dashPattern = s.library ? ANCHOR_STYLE[s.library].dash : undefined;
    const dash = dashPattern ? ` stroke-dasharray="${dashPattern}"` : '';
    const line = s.points.filter((p) => isPow2(p.n));
    if (line.length > 1) {
      const d = line.map((p, i) => `${i ? 'L' : 'M'}${sx(p.n).toFixed(1)} ${sy(p.gbs).toFixed(1)}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${dash}/>`);
    }
    for (const p of s.points) {
      out.push(marker(s, sx(p.n), sy(p.gbs), isPow2(p.n) ? s.color : 'white', `${s.label} N=${p.n}: ${p.gbs.toFixed(1)} GB/s`));
    }
    legend.push({ label: s.label, color: s.color, dash: dashPattern, series: s });
  }
  // Legend.
  const lx = M.left + pw + 16;
  legend.forEach((l, i) => {
    const y = M.top + 18 + i * 20;
    out.push(
      `<line x1="${lx}" x2="${lx + 26}" y1="${y}" y2="${y}" stroke="${l.color}" stroke-width="2"${l.dash ? ` stroke-dasharray="${l.dash}"` : ''}/>`,
      `<text x="${lx + 32}" y="${y}" dominant-baseline="middle">${escapeXml(l.label)}</text>`,
    );
    if (l.series) out.push(marker(l.series, lx + 13, y, l.color, l.label));
  });
  const noteY = M.top + 18 + legend.length * 20 + 8;
  out.push(`<text x="${lx}" y="${noteY}" fill="#555" font-size="11">hollow: N not a power of 2</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
