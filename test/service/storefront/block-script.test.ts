// @vitest-environment happy-dom
// The block script as committed (the cases: block-script-cases.ts).
import { BLOCK_SCRIPT_SOURCE, describeBlockScript } from './block-script-cases.ts';

describeBlockScript('source', BLOCK_SCRIPT_SOURCE);
