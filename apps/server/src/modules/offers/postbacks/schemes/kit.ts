// What a scheme is written with, in one import: zod, the parameter readers, the signing helpers
// and the scheme's type.
export { z } from 'zod';
export * as fields from './fields.ts';
export * as signing from './signing.ts';
export type { PostbackScheme } from './types.ts';
