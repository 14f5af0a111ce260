import { z } from 'zod';
import { ZIdSchema } from './common';

export const ZEventIdParamsSchema = z.object({ eventId: ZIdSchema });
/** `GET /e/{serviceId}`: the public service link of an event (its `serviceLink`). */
export const ZServiceIdParamsSchema = z.object({ serviceId: ZIdSchema });
export const ZPerformerIdParamsSchema = z.object({ performerId: ZIdSchema });
export const ZMapPlaceIdParamsSchema = z.object({ mapPlaceId: z.string().min(1).max(256) });
