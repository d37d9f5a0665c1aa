// Types of derive-backports.mjs (plain Node ESM so it runs before npm install), for the tests.
export function backportsFromDeb822(text: string, codename: string): string | undefined;
export function backportsFromList(text: string, codename: string): string | undefined;
export function deriveBackportsEntry(codename: string, aptDir?: string): { format: 'sources' | 'list'; entry: string } | undefined;
export function hasBackportsSuite(codename: string, aptDir?: string): boolean;
