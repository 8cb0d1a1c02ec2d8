import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { MY_TOKEN } from '../../../../shared/registrations/my-registration.ts';
import { type CertificateFormat, MyCertificateSchema } from '../../../../shared/results/certificate.ts';
import type { AppContext } from '../../../context.ts';
import { PUBLIC_CERTIFICATE_LIMIT } from '../../../http/limits.ts';
import { sendAttachment } from '../../../http/replies.ts';
import { linkToken, routeGroup } from '../../../http/route-group.ts';
import { myCertificate, myCertificateAvailable, publicCertificate } from './service.ts';

const BibParams = z.object({
  bib: z.coerce.number().check(z.int('Not a bib number'), z.positive('Not a bib number')),
});

/** Results may be corrected after publishing: a shared copy is kept a few minutes only. */
const PUBLIC_CACHE = 'public, max-age=300';

/** Finisher certificates (issue 41): the entrant's own from /My, and a finisher's from the results page. */
export async function certificateRoutes(app: FastifyInstance, context: AppContext) {
  const mine = routeGroup(app, { access: 'link', tags: ['my registration'] });
  const published = routeGroup(app, { access: 'public', tags: ['results'] });

  mine.get(
    '/my/:token/certificate',
    {
      schema: {
        summary: 'Whether the entry has a certificate: it was checked in or finished',
        response: { 200: MyCertificateSchema },
      },
    },
    async (request) => myCertificateAvailable(context, linkToken(request, MY_TOKEN)),
  );

  for (const format of ['png', 'pdf'] satisfies CertificateFormat[]) {
    mine.get(
      `/my/:token/certificate.${format}`,
      {
        schema: {
          summary: `The entrant's certificate as ${format === 'png' ? 'an image (PNG)' : 'a one-page PDF'}, with the full name; 404 unless checked in or finished`,
        },
      },
      async (request, reply) => {
        const { fileName, contentType, body } = await myCertificate(
          context,
          linkToken(request, MY_TOKEN),
          format,
        );
        return sendAttachment(reply, fileName, contentType, body);
      },
    );

    published.get(
      `/results/bib/:bib/certificate.${format}`,
      {
        config: { rateLimit: PUBLIC_CERTIFICATE_LIMIT },
        schema: {
          summary: `A finisher's certificate (${format.toUpperCase()}) from the published results: only for one shown by name`,
          params: BibParams,
        },
      },
      async (request, reply) => {
        const { fileName, contentType, body } = await publicCertificate(
          context,
          (request.params as z.infer<typeof BibParams>).bib,
          format,
        );
        return sendAttachment(reply.header('cache-control', PUBLIC_CACHE), fileName, contentType, body);
      },
    );
  }
}
