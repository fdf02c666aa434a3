import type { SectionResult } from './util.ts';
export async function measureInteraction(): Promise<SectionResult> { return { rows: [], notes: [] }; }
