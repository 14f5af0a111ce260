import { join } from 'node:path';

/** Where the build writes the gazetteer, under the app's working directory. */
export const GAZETTEER_FILE = (root: string) => join(root, '.data', 'gazetteer', 'towns.json');
