import type { SectionResult } from './util.ts';
export async function measureService(): Promise<SectionResult> { return { rows: [], notes: [] }; }
