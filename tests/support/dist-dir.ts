/** Where the tests read the sample build: `npm run build:sample` writes dist/ (DIST_DIR: another build of the sample, e.g. a second checkout's). */
import path from 'node:path';

export const DIST = path.resolve(import.meta.dirname, '../..', process.env.DIST_DIR ?? 'dist');
