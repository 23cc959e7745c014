import { classical } from './classical.mjs';
import { electronic } from './electronic.mjs';
import { hipHop } from './hip-hop.mjs';
import { jazz } from './jazz.mjs';
import { other } from './other.mjs';
import { pop } from './pop.mjs';
import { rock } from './rock.mjs';

export const GENRES = { pop, rock, 'hip-hop': hipHop, jazz, classical, electronic, other };
