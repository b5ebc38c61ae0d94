/**
 * Loads the project's `.env` into process.env (variables already set win), as a module of its own:
 * imported first by a script, it runs before any module that reads its configuration while it loads
 * (src/lib/format.ts's TIME_ZONE from CITY_TIME_ZONE), which an ES module's imports would otherwise
 * evaluate before the script's first line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', '.env');
if (existsSync(file)) process.loadEnvFile(file);
