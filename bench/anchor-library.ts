// The libraries webfftdx is measured against on the GPU machine (anchors), and the names of the
// fields their figures take in a benchmark result. One table, so that the merge, the console table
// and the plot treat every anchor alike and a new anchor is one entry here.
//   cufft: cuFFT through PyTorch, `cufft_anchor.py` (anchor.json; has a PyTorch `copy` row)
//   vkfft: VkFFT with its CUDA backend, `vkfft_anchor.cu` (vkfft.json; no copy row)

export const ANCHOR_LIBRARIES = ['cufft', 'vkfft'] as const;
export type AnchorLibrary = (typeof ANCHOR_LIBRARIES)[number];

export interface AnchorLibraryInfo {
  /** How tables, plots and logs name it. */
  readonly label: string;
  /** What its `copy` row (if the anchor has one) measured. */
  readonly copyLabel: string;
}

export const ANCHOR_INFO: Record<AnchorLibrary, AnchorLibraryInfo> = {
  cufft: { label: 'cuFFT', copyLabel: 'PyTorch copy' },
  vkfft: { label: 'VkFFT', copyLabel: 'VkFFT copy' },
};

/** Per row: `<lib>GBs` (the anchor's GB/s for the same case) and `ratioTo<Lib>` (ours / theirs). */
export type AnchorRowFields = { readonly [L in AnchorLibrary as `${L}GBs`]?: number } & {
  readonly [L in AnchorLibrary as `ratioTo${Capitalize<L>}`]?: number;
};

/** Per report: `<lib>Device` (the device the anchor ran on) and `<lib>CopyGBs` (its copy row, if any). */
export type AnchorReportFields = { readonly [L in AnchorLibrary as `${L}Device`]?: string } & {
  readonly [L in AnchorLibrary as `${L}CopyGBs`]?: number;
};

export function gbsField<L extends AnchorLibrary>(lib: L): `${L}GBs` {
  return `${lib}GBs`;
}

export function ratioField<L extends AnchorLibrary>(lib: L): `ratioTo${Capitalize<L>}` {
  return `ratioTo${lib[0].toUpperCase()}${lib.slice(1)}` as `ratioTo${Capitalize<L>}`;
}

export function deviceField<L extends AnchorLibrary>(lib: L): `${L}Device` {
  return `${lib}Device`;
}

export function copyField<L extends AnchorLibrary>(lib: L): `${L}CopyGBs` {
  return `${lib}CopyGBs`;
}

/**
 * The anchor kind that measures the same transform as a row of ours. Kind names are shared with the
 * anchor scripts (c2c, r2c, c2r, fft2, conv, c2c_conv, ...), so new kinds merge as soon as both
 * sides produce them. Folded rows compute the same transform as r2c / c2r (only our kernel's
 * inside differs); precisions other than f32 take the anchors' suffix (c2c_f16, c2c_f64).
 */
export function anchorKindOf(row: { readonly kind: string; readonly precision: string }): string {
  const base = row.kind.replace(/_folded$/, '');
  return row.precision === 'f32' ? base : `${base}_${row.precision}`;
}
