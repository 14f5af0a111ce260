import { z } from 'zod';
import { ZIdSchema } from './common';

export const ZEventIdParamsSchema = z.object({ eventId: ZIdSchema });
export const ZPerformerIdParamsSchema = z.object({ performerId: ZIdSchema });
export const ZMapPlaceIdParamsSchema = z.object({ mapPlaceId: z.string().min(1).max(256) });
