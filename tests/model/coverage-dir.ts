import { join } from 'node:path'

/** Where passed model paths write the units they covered (cleared before each run by npm test). */
export const COVERAGE_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'model-coverage')
