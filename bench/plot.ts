// Dependency-free SVG plot of a benchmark result: GB/s against log2 N. One curve per (kind,
// precision) of ours (solid), the matching cuFFT curve when merged (dashed), and the same-run copy
// kernel as a horizontal line (the ceiling). Lines join powers of two; other sizes (radix 3/5/7
// mixes, primes) are drawn as hollow markers so their dips do not zigzag the curves.
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
  readonly dashed: boolean;
  readonly points: readonly Point[];
}

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

export function plotSeries(report: BenchReport): Series[] {
  const groups = new Map<string, BenchRow[]>();
  for (const r of report.rows) {
    if (r.kind === 'copy') continue;
    const key = `${r.kind} ${r.precision}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  const series: Series[] = [];
  let fallback = 0;
  for (const [key, rows] of groups) {
    const sorted = [...rows].sort((a, b) => a.n - b.n);
    const color = COLORS[sorted[0].kind] ?? FALLBACK_COLORS[fallback++ % FALLBACK_COLORS.length];
    series.push({ label: `webfftdx ${key}`, color, dashed: false, points: sorted.map((r) => ({ n: r.n, gbs: r.gbs })) });
    const cufft = sorted.filter((r) => r.cufftGBs !== undefined);
    if (cufft.length) {
      series.push({
        label: `cuFFT ${sorted[0].kind} f32`,
        color,
        dashed: true,
        points: cufft.map((r) => ({ n: r.n, gbs: r.cufftGBs! })),
      });
    }
  }
  return series;
}

/** The SVG document for a report. */
export function renderPlot(report: BenchReport): string {
  const series = plotSeries(report);
  const all = series.flatMap((s) => s.points);
  const ns = all.map((p) => p.n);
  const x0 = Math.floor(Math.log2(Math.min(...ns, 2)));
  const x1 = Math.max(x0 + 1, Math.ceil(Math.log2(Math.max(...ns, 4))));
  const yMaxData = Math.max(report.copyGBs, report.cufftCopyGBs ?? 0, ...all.map((p) => p.gbs), 1e-9);
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
  const legend: { label: string; color: string; dash?: string; marker: boolean }[] = [];
  const hline = (g: number, color: string, dash: string, label: string) => {
    const y = sy(g).toFixed(1);
    out.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${y}" y2="${y}" stroke="${color}" stroke-width="1.5" stroke-dasharray="${dash}"/>`);
    legend.push({ label, color, dash, marker: false });
  };
  hline(report.copyGBs, '#000', '8 4', `copy kernel ${report.copyGBs.toFixed(0)} GB/s`);
  if (report.cufftCopyGBs !== undefined) hline(report.cufftCopyGBs, '#888', '2 3', `PyTorch copy ${report.cufftCopyGBs.toFixed(0)} GB/s`);
  // Curves.
  for (const s of series) {
    const dash = s.dashed ? ' stroke-dasharray="6 3"' : '';
    const line = s.points.filter((p) => isPow2(p.n));
    if (line.length > 1) {
      const d = line.map((p, i) => `${i ? 'L' : 'M'}${sx(p.n).toFixed(1)} ${sy(p.gbs).toFixed(1)}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${dash}/>`);
    }
    for (const p of s.points) {
      const fill = isPow2(p.n) ? s.color : 'white';
      const shape = s.dashed
        ? `<rect x="${(sx(p.n) - 3).toFixed(1)}" y="${(sy(p.gbs) - 3).toFixed(1)}" width="6" height="6"`
        : `<circle cx="${sx(p.n).toFixed(1)}" cy="${sy(p.gbs).toFixed(1)}" r="3.2"`;
      out.push(`${shape} fill="${fill}" stroke="${s.color}" stroke-width="1.5"><title>${escapeXml(`${s.label} N=${p.n}: ${p.gbs.toFixed(1)} GB/s`)}</title>${s.dashed ? '</rect>' : '</circle>'}`);
    }
    legend.push({ label: s.label, color: s.color, dash: s.dashed ? '6 3' : undefined, marker: true });
  }
  // Legend.
  const lx = M.left + pw + 16;
  legend.forEach((l, i) => {
    const y = M.top + 18 + i * 20;
    out.push(
      `<line x1="${lx}" x2="${lx + 26}" y1="${y}" y2="${y}" stroke="${l.color}" stroke-width="2"${l.dash ? ` stroke-dasharray="${l.dash}"` : ''}/>`,
      `<text x="${lx + 32}" y="${y}" dominant-baseline="middle">${escapeXml(l.label)}</text>`,
    );
  });
  const noteY = M.top + 18 + legend.length * 20 + 8;
  out.push(`<text x="${lx}" y="${noteY}" fill="#555" font-size="11">hollow: N not a power of 2</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
