// zod/mini: pools carry points and Home reads them (the featured match), where the first load
// stays small. Full-zod schemas embed it as they would any schema.
import * as z from 'zod/mini';

/** Points on the wire: whole and exact as a JavaScript number (the database keeps bigints). */
export const pointsSchema = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));
