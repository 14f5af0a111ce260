import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '@/partner-api/context';
import { registerOperation } from '@/partner-api/http/operation-route';
import { notFound } from '@/partner-api/http/problem';
import { imageInfo } from '@/partner-api/images/image-info';
import { parseImagePath, renderImage } from '@/partner-api/images/render-image';

/**
 * `GET /images/<kind>/<id>-<variant>.svg`: the generated pictures every image URL of the catalogue points to.
 * Public (no token), like the images of a real CDN; a malformed path → 400, an unknown record → 404 problem.
 */
export function registerImageRoutes(app: FastifyInstance, ctx: Pick<ServiceContext, 'store'>): void {
  registerOperation(app, 'getImage', async ({ params }, _request, reply) => {
    const ref = parseImagePath(`${params.kind}/${params.file}`);
    const info = ref ? await imageInfo(ctx.store.images, ref) : null;
    if (!ref || !info) throw notFound('Image');
    return (
      reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        // An SVG opened directly must not run anything.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('X-Content-Type-Options', 'nosniff')
        .send(renderImage(ref, info))
    );
  });
}
