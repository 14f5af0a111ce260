import { z } from 'zod';
import { ZIdSchema } from './common';

export const ZEventIdParamsSchema = z.strictObject({ eventId: ZIdSchema });
/** `GET /e/{serviceId}`: the public service link of an event (its `serviceLink`). */
export const ZServiceIdParamsSchema = z.strictObject({ serviceId: ZIdSchema });
export const ZPerformerIdParamsSchema = z.strictObject({ performerId: ZIdSchema });
export const ZMapPlaceIdParamsSchema = z.strictObject({ mapPlaceId: z.string().min(1).max(256) });

/**
 * `GET /r/{token}`: any text reaches the route, which answers 404 to whatever is not a token it signed (an
 * altered token must look exactly like an unknown one).
 */
export const ZLinkTokenParamsSchema = z.strictObject({
  token: z.string().meta({ description: 'The signed link token, as served in `sources[].link`.' }),
});

export const IMAGE_KIND_VALUES = ['event', 'place', 'performer', 'partner'] as const;
export const IMAGE_VARIANT_VALUES = ['main', 'square', 'rectangle', 'web', 'logo'] as const;

/** `GET /images/{kind}/{file}`: `file` is `<id>-<variant>.svg`. */
export const ZImageParamsSchema = z.strictObject({
  kind: z.enum(IMAGE_KIND_VALUES),
  file: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{1,64}-(?:${IMAGE_VARIANT_VALUES.join('|')})\\.svg$`), {
      message: `Expected <id>-<${IMAGE_VARIANT_VALUES.join('|')}>.svg.`,
    })
    .meta({ examples: ['12-square.svg'] }),
});
